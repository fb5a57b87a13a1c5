package play

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/share"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/variants/turn"
)

// This file is the one meeting point between the game screen and storage (see the UI
// contract): loadGame finds the game to show, persistGame is called after every change of
// the game, and the game screen draws storageBar (move confirmation, storage problems) and
// shareDialog.
//
// Every game is saved in local storage after every ply, and the address bar always holds
// the game (#g=<record>&id=<id>&w=..&b=..): a reload resumes it, and the address is the
// share link. A link that comes back from the opponent (correspondence) carries the same ID
// and updates the same saved game.

// Messages about the same game open in two tabs.
const (
	otherTabMoved = "This game moved on in another tab: it is shown here as saved there."
	otherTabFork  = "This game was changed in another tab while you played here: both are kept. " +
		"Your moves here are saved as a new game; the other tab's game keeps its place in Saved games."
)

// loadGame returns the game the page should show, in this order: the URL fragment
// "#g=<record>" (a share link, or the game in progress on a reload), then "?id=<saved
// game>", else nil for "start a new game from the query". save asks the caller to save a
// link's game at once (under the link's ID when it is the same game as a saved one or new
// here), so that a game received by link is never lost; a damaged link gives an error and
// touches nothing. It needs no app.Context, so that the page can open its game before it is
// first drawn (Screen.OnInit).
func (p *Screen) loadGame(u *url.URL, seats [2]session.Seat, tc session.TimeControl, env session.Env) (s *session.Session, save bool, err error) {
	st, stErr := p.App.Store()
	p.App.Kept.Sess, p.App.Kept.Entry, p.App.Kept.Problem, p.App.Kept.Confirmed = nil, store.Entry{}, "", 0
	p.App.Showing(p)
	if stErr != nil {
		p.App.Kept.Problem = shell.StorageMissing
	}
	if frag := store.RawFragment(u); frag != "" {
		// Whatever follows the # on the game screen is a game link: one that cannot be read
		// says why, instead of opening a new game without a word.
		sh, err := store.ParseFragment(frag)
		if err == nil && sh.Kind != store.Kind8x8 {
			err = fmt.Errorf("%w: this is a link to a game of %s, which this screen does not play", store.ErrLink, share.KindName(sh.Kind))
		}
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), store.ErrLink.Error()+": ")
			return nil, false, fmt.Errorf("%s; your saved games are untouched", msg)
		}
		e, save := st.Place(sh)
		if !session.ExplicitSeats(u.Query()) && e.ID != "" && e.ID == sh.ID {
			seats = session.SeatsOf(e.Players)
		}
		for i := range seats {
			if seats[i].Name == "" {
				seats[i].Name = sh.Players[i].Name
			}
		}
		s, err := p.openEntry(u, sh.Game.Record(), e, seats, tc, env)
		return s, save && err == nil, err
	}
	if id := u.Query().Get("id"); id != "" {
		saved, err := st.Load(store.Kind8x8, id)
		var g *turn.Game
		if err == nil {
			if g, err = store.Open(saved.Record); err != nil {
				err = fmt.Errorf("saved game %s: %w: the game record does not replay: %v", id, store.ErrDamaged, err)
			}
		}
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return nil, false, fmt.Errorf("there is no saved game %q here (it may have been deleted, or saved in another browser)", id)
			}
			return nil, false, err
		}
		if !session.ExplicitSeats(u.Query()) {
			seats = session.SeatsOf(saved.Players)
		}
		s, err := p.openEntry(u, g.Record(), saved, seats, tc, env)
		return s, false, err
	}
	return nil, false, nil
}

// openEntry loads record as the game shown, kept under the saved game e: with e's time
// control unless the address names one, and with the times left saved in e when e's record
// is the game shown.
func (p *Screen) openEntry(u *url.URL, record turn.Record, e store.Entry, seats [2]session.Seat, tc session.TimeControl, env session.Env) (*session.Session, error) {
	s, err := session.Load(record, seats, session.SavedTimeControl(u.Query().Has("clock"), tc, e), env)
	if err != nil {
		return nil, err
	}
	s.ResumeSaved(e)
	p.App.Kept.Sess, p.App.Kept.Entry, p.App.Kept.Confirmed, p.App.Kept.Base, p.App.Kept.Tabs = s, e, s.Len(), e.Record, ""
	return s, nil
}

// Messages about storage.
const (
	storageFull = "Storage is full: this move is not saved on this device (the last save is kept). " +
		"Delete or export old games on the Saved games page. The address bar still holds the whole game."
)

// persistGame is called after every change of the game (ply, take back, redo, new game,
// end): it saves the game and puts it in the address bar. With move confirmation on (two
// people, for games by link), a finished turn waits for the player's confirmation first.
func (p *Screen) persistGame(ctx app.Context) {
	if p.s == nil || !app.IsClient {
		return
	}
	if p.App.Kept.Sess != p.s {
		// A new game on the same screen: a new saved game.
		p.App.Kept.Sess, p.App.Kept.Entry, p.App.Kept.Confirmed = p.s, store.Entry{}, 0
	}
	p.App.Kept.Confirm = p.App.ConfirmMoves()
	if p.confirmation().Pending(p.s) {
		return // storageBar asks; confirmMove saves
	}
	p.save(ctx, p.s)
}

// save stores the session's game and writes it into the address bar.
func (p *Screen) save(ctx app.Context, s *session.Session) {
	g := s.Game()
	u := *shell.PageURL(ctx)
	if g.Len() == 0 && g.End() == turn.NoEnd && p.App.Kept.Entry.ID == "" {
		// Nothing played yet: nothing to keep.
		u = store.WithFragment(u, "")
		ctx.Page().ReplaceURL(&u)
		p.App.Kept.Confirmed = 0
		return
	}
	st, stErr := p.App.Store()
	e := p.App.Kept.Entry
	e.Players = session.Players(s.Seats())
	e.Clock = s.SavedClock()
	saved, forked, err := st.SaveOver(p.App.Kept.Base, e, g)
	p.App.Kept.Entry.ID, p.App.Kept.Entry.Created, p.App.Kept.Entry.Players = saved.ID, saved.Created, saved.Players
	p.App.Kept.Confirmed = g.Len()
	if err == nil {
		p.App.Kept.Base = saved.Record
	}
	p.App.Kept.Tabs = "" // old news once the player moves on
	if forked {
		p.App.Kept.Tabs = otherTabFork
	}
	switch {
	case stErr != nil:
		p.App.Kept.Problem = shell.StorageMissing
	case errors.Is(err, store.ErrQuota):
		p.App.Kept.Problem = storageFull
	case err != nil:
		p.App.Kept.Problem = "This move is not saved: " + err.Error() + ". The address bar still holds the whole game."
	default:
		p.App.Kept.Problem = ""
	}
	u = store.WithFragment(u, store.Fragment(saved))
	ctx.Page().ReplaceURL(&u)
	p.App.ShowGame(ctx, p)
}

// inGame reports whether a game is in progress on the screen: begun, not over, and the one
// kept in storage.
func (p *Screen) InGame() bool {
	return p.s != nil && p.App.Kept.Sess == p.s && !p.s.Over() && p.s.Len() > 0
}

// otherTabSaved shows the game as another tab saved it, when the storage event says that tab
// changed this screen's saved game and everything played here is saved: the other tab's
// newer game is shown, never overwritten. With moves here not saved yet, the next save keeps
// both (store.SaveOver).
func (p *Screen) otherTabSaved(ctx app.Context, key string) {
	if p.s == nil || p.App.Kept.Sess != p.s || p.App.Kept.Entry.ID == "" {
		return
	}
	if key != "" && key != store.GamePrefix+p.App.Kept.Entry.ID {
		return
	}
	if p.reply != nil || p.s.Game().Encode() != p.App.Kept.Base {
		return
	}
	st, _ := p.App.Store()
	saved, err := st.Load(store.Kind8x8, p.App.Kept.Entry.ID)
	if err != nil || saved.Record == p.App.Kept.Base {
		return
	}
	u := store.WithFragment(*shell.PageURL(ctx), store.Fragment(saved))
	p.open(&u)
	if p.s == nil {
		return
	}
	p.App.Kept.Tabs = otherTabMoved
	ctx.Page().ReplaceURL(&u)
	p.App.ShowGame(ctx, p)
	p.scrollMoves(ctx)
	p.startClock(ctx)
	p.think(ctx)
}

// confirmation returns the move confirmation of the game kept (session.Confirmation).
func (p *Screen) confirmation() session.Confirmation {
	seats := [2]session.Seat{}
	if p.App.Kept.Sess != nil {
		seats = p.App.Kept.Sess.Seats()
	}
	return session.NewConfirmation(p.App.Kept.Confirm, seats, p.App.Kept.Confirmed)
}

// movePending reports whether a move waits for the player's confirmation.
func (p *Screen) movePending() bool {
	return p.s != nil && p.App.Kept.Sess == p.s && p.confirmation().Pending(p.s)
}

// turnDone reports whether the moves waiting for confirmation finish a turn (or the game).
func (p *Screen) turnDone() bool { return p.confirmation().TurnDone(p.s) }

// awaitingConfirmation reports whether a finished turn waits for its confirmation.
func (p *Screen) awaitingConfirmation() bool {
	return p.s != nil && p.App.Kept.Sess == p.s && p.confirmation().Awaiting(p.s)
}

// confirmMove makes the waiting moves final: saved, and in the address (the link to send).
func (p *Screen) confirmMove(ctx app.Context, e app.Event) {
	if p.movePending() {
		p.save(ctx, p.s)
	}
}

// takeBackMove takes the waiting moves back.
func (p *Screen) takeBackMove(ctx app.Context, e app.Event) {
	for p.movePending() && p.s.Undo() {
	}
	p.s.ClearNotice()
}

// storageBar draws what storage has to say on the game screen: the confirmation of a
// finished move (when the setting asks for it), and storage problems. It is nil when there
// is nothing to say.
func (p *Screen) storageBar() app.UI {
	var parts []app.UI
	if p.movePending() {
		if p.turnDone() {
			parts = append(parts, app.Div().Class("confirm-move").Role("group").Aria("label", "Confirm your move").Body(
				app.Span().Text("Is this your move?"),
				app.Button().Class("btn primary").Type("button").DataSet("action", "confirm-move").Text("Confirm move").OnClick(p.confirmMove),
				app.Button().Class("btn").Type("button").DataSet("action", "take-back-move").Text("Take back").OnClick(p.takeBackMove),
			))
		} else {
			parts = append(parts, app.P().Class("confirm-move muted").Text("Finish your turn, then confirm it."))
		}
	}
	if p.App.Kept.Problem != "" && p.App.Kept.Sess == p.s {
		parts = append(parts, app.P().Class("storage-problem notice").Role("alert").Text(p.App.Kept.Problem))
	}
	if p.App.Kept.Tabs != "" && p.App.Kept.Sess == p.s {
		parts = append(parts, app.P().Class("other-tab muted").Role("status").Text(p.App.Kept.Tabs))
	}
	if len(parts) == 0 {
		return nil
	}
	return app.Div().Class("storage-bar").Body(parts...)
}

// shareDialog returns the share dialog of the game on the screen, with its saved-game ID
// and the players' names, or nil when there is no game.
func (p *Screen) shareDialog(onClose func(ctx app.Context)) app.UI {
	if p.s == nil {
		return nil
	}
	seats := p.s.Seats()
	id := ""
	if p.App.Kept.Sess == p.s {
		id = p.App.Kept.Entry.ID
	}
	e := store.WithGame(store.Entry{ID: id, Players: session.Players(seats)}, p.s.Game())
	return &share.Dialog{App: p.App, Entry: e, OnClose: onClose}
}
