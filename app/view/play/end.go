package play

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/variants/turn"
)

// The end of a game on the game screen: the dialog over the board with the result, the
// reason in words and the rule as a link (session.End), rematch, new game, share and PGN;
// the draw offer to the computer (session.OfferDraw) and the repetition note.

// endState is what the screen keeps of the end dialog and the draw offer.
type endState struct {
	closed   bool   // the dialog was closed; the next change of the game opens it again
	drawNote string // the computer's answer to the last draw offer
	pgnNote  string // why the PGN could not be downloaded
}

// endDialog draws the end-of-game dialog over the board, unless it was closed since the last
// change of the game, an earlier position is shown or the computer's turn is still being shown.
func (p *Screen) endDialog() app.UI {
	s := p.s
	if s == nil || s.Viewing() || p.reply != nil || p.sharing {
		return nil
	}
	r, over := s.End()
	if !over || p.end.closed {
		return nil
	}
	reason := []app.UI{app.Span().Class("end-reason-text").Text(r.Reason)}
	if r.Rule != "" {
		reason = append(reason, app.Text(" "), app.A().Class("end-rule").Href(route.Rule(r.RulesOf, r.Rule)).
			Title("Read rule "+r.Rule+" on the rules page").Text("rule "+r.Rule))
	}
	var note app.UI
	if p.end.pgnNote != "" {
		note = app.P().Class("end-note").Role("alert").Text(p.end.pgnNote)
	}
	result := map[turn.Result]string{turn.WhiteWins: "white", turn.BlackWins: "black", turn.Draw: "draw"}[r.Result]
	return app.Div().Class("end-dialog").DataSet("result", result).Role("dialog").
		Aria("labelledby", "end-title").Aria("describedby", "end-reason").Body(
		app.Button().Class("end-close").Type("button").DataSet("action", "end-close").
			Aria("label", "Close").Title("Close: see the board").Text("×").OnClick(p.onEndClose),
		app.H2().ID("end-title").Class("end-title").Text(r.Title),
		app.P().ID("end-reason").Class("end-reason").Body(reason...),
		app.Div().Class("end-actions").Body(
			app.Button().Class("btn primary").Type("button").DataSet("action", "rematch").
				Title("The same game again, colours swapped").Text("Rematch").OnClick(p.onRematch),
			app.Button().Class("btn").Type("button").DataSet("action", "end-new").Text("New game").OnClick(p.onNewGame),
			app.Button().Class("btn").Type("button").DataSet("action", "end-share").Text("Share").OnClick(p.onShare),
			app.Button().Class("btn").Type("button").DataSet("action", "end-pgn").Text("PGN").OnClick(p.onEndPGN),
			app.A().Class("btn").DataSet("action", "end-review").Href(p.analyseURL()).Text("Review"),
		),
		note,
	)
}

// onEndClose closes the end dialog until the game ends again (after a take back).
func (p *Screen) onEndClose(ctx app.Context, e app.Event) { p.end.closed = true }

// onRematch starts the same game with the colours swapped (session.Rematch).
func (p *Screen) onRematch(ctx app.Context, e app.Event) {
	ctx.Navigate(route.Play(session.Rematch(p.s, p.orientation)))
}

// onEndPGN downloads the game as PGN, with the players' names.
func (p *Screen) onEndPGN(ctx app.Context, e app.Event) {
	p.end.pgnNote = ""
	entry := store.Entry{Players: session.Players(p.s.Seats()), Created: time.Now()}
	if kept := &p.App.Kept; kept.Sess == p.s {
		entry.ID, entry.Title = kept.Entry.ID, kept.Entry.Title
		if !kept.Entry.Created.IsZero() {
			entry.Created = kept.Entry.Created
		}
	}
	text := store.PGN(store.WithGame(entry, p.s.Game()), p.s.Game())
	name := fmt.Sprintf("%s-%s.pgn", p.s.Info().ID, entry.Created.Format("2006-01-02"))
	if err := browser.Download(name, "application/x-chess-pgn", []byte(text)); err != nil {
		p.end.pgnNote = "The PGN could not be downloaded: " + err.Error() + "."
	}
}

// onOfferDraw offers the computer a draw; it answers from its evaluation.
func (p *Screen) onOfferDraw(ctx app.Context, e app.Event) {
	accepted, err := p.s.OfferDraw()
	switch {
	case err != nil:
		p.end.drawNote = "No draw: " + err.Error() + "."
	case accepted:
		p.end.drawNote = ""
		p.stopThinking()
		p.changed(ctx)
	default:
		p.end.drawNote = "The computer declines the draw: it wants to play on."
	}
}

// drawOffer returns the button that offers the computer a draw, for a game against it that
// a person may move in; nil otherwise.
func (p *Screen) drawOffer(pan session.Panel) app.UI {
	if pan.Over || p.twoPeople() || p.s.Len() == 0 || !p.s.HumanToMove() {
		return nil
	}
	return app.Button().Class("btn").Type("button").DataSet("action", "offer-draw").
		Title("The computer answers from its evaluation").Text("Offer a draw").OnClick(p.onOfferDraw)
}

// endNotes returns the notes of the turn panel about draws: the computer's answer to a draw
// offer, and a position that has come up before (O2).
func (p *Screen) endNotes(pan session.Panel) []app.UI {
	var out []app.UI
	if p.end.drawNote != "" && !pan.Over {
		out = append(out, app.P().Class("notice draw-note").Role("status").Text(p.end.drawNote))
	}
	if n := p.s.Repetitions(); n >= 2 && !pan.Viewing {
		out = append(out, app.P().Class("repetition-note").Role("status").DataSet("count", n).Body(
			app.Text("This position has come up twice: a third time is a draw ("),
			app.A().Href(route.Rule("orthodox", "O2")).Text("rule O2"),
			app.Text(")."),
		))
	}
	return out
}

// ruleLink draws the rule of the panel's outcome as a link to its rules page, or nothing
// when no rule is worth reading (session.RuleLink).
func ruleLink(pan session.Panel) app.UI {
	if pan.RuleLink == "" {
		return nil
	}
	return app.A().Class("banner-rule").Href(route.Rule(pan.RulesOf, pan.RuleLink)).Text("rule " + pan.RuleLink)
}
