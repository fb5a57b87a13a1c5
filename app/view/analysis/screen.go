package analysis

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	core "github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/view/solver"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Screen is the analysis board. It opens, from its address, a saved game (?id=), a shared
// game (#g=...), a position (?variant=&options=&fen=, a rules diagram's), or the start of
// orthodox chess.
type Screen struct {
	app.Compo
	shell.PageState

	settings shell.Settings
	loadErr  string
	savedID  string // the saved game analysed ("" when none): its review is kept with it
	// savedRecord is the saved game's record as stored, which its review must match.
	savedRecord string

	game     *session.Session // the game as opened
	line     *session.Session // the side line the player is trying (nil: none)
	lineFrom int              // the actions of the game where the side line leaves it

	orientation engine.Color
	anim        board.Ply
	// viewKey names the earlier position whose legal targets viewDests holds (dests).
	viewKey   string
	viewDests board.Dests

	engine  *browser.Engine
	seq     int              // the id of the last request
	askID   int              // the analysis under way (0: none)
	key     string           // the record of the position analysed
	rep     *worker.Analysis // the latest report of the analysis of key
	err     string           // why the engine cannot analyse the position
	stopped bool             // the player turned the analysis off

	review      *core.Review
	reviewID    int   // the review under way (0: none)
	done, total int64 // the review's positions evaluated, of all
	reviewErr   string

	solver solver.Solver // the series-mate solver (progressive chess)

	stopKeys func() // stops listening to the stepping keys (shell.StepKeys)
	ui       *app.Context
}

// OnMount reads the settings and listens to the keyboard.
func (p *Screen) OnMount(ctx app.Context) {
	p.settings = p.Mount()
	p.ui = &ctx
	p.stopKeys = shell.StepKeys(ctx, p.onKey)
}

// OnDismount stops the engine and the keyboard: the analysis ends when the player leaves.
func (p *Screen) OnDismount() {
	if p.stopKeys != nil {
		p.stopKeys()
		p.stopKeys = nil
	}
	if p.engine != nil {
		p.engine.Close()
		p.engine = nil
	}
}

// OnNav opens what the address names and starts the analysis.
func (p *Screen) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	// A page reached by a link inside the app is drawn again after OnNav, not after
	// OnMount: it says here that the running program draws it.
	p.SetLive()
	p.open(shell.PageURL(ctx))
	if p.game != nil {
		ctx.Page().SetTitle("Analysis · %s · %s", p.game.Info().Name, shell.AppName)
	}
	p.sync(ctx)
}

// open reads the game of address u.
func (p *Screen) open(u *url.URL) {
	p.loadErr, p.savedID, p.game, p.line, p.review, p.rep, p.key, p.viewKey = "", "", nil, nil, nil, nil, "", ""
	rec, entry, err := p.find(u)
	if err == nil {
		env := session.Env{Dice: p.App.Dice()}
		p.game, err = session.Load(rec, [2]session.Seat{}, session.TimeControl{}, env)
	}
	if err != nil {
		p.loadErr = "This game cannot be analysed: " + err.Error() + "."
		if errors.Is(err, engine.ErrFEN) {
			p.loadErr = session.StartProblem(err)
		}
		return
	}
	p.savedID, p.savedRecord = entry.ID, entry.Record
	if entry.Review != "" {
		if r, err := core.DecodeReview(entry.Review); err == nil && r.Record == p.game.Game().Encode() {
			p.review = &r
		}
	}
}

// find returns the record the address names, and the saved game it is (zero when none).
func (p *Screen) find(u *url.URL) (turn.Record, store.Entry, error) {
	if frag := store.RawFragment(u); frag != "" {
		sh, err := store.ParseFragment(frag)
		if err == nil && sh.Kind != store.Kind8x8 {
			err = fmt.Errorf("%w: the analysis board takes games on the 8x8 board", store.ErrLink)
		}
		if err != nil {
			return turn.Record{}, store.Entry{}, errors.New(strings.TrimPrefix(err.Error(), store.ErrLink.Error()+": "))
		}
		return sh.Game.Record(), store.Entry{}, nil
	}
	vals, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return turn.Record{}, store.Entry{}, fmt.Errorf("the address is damaged (%v)", err)
	}
	if id := vals.Get("id"); id != "" {
		st, err := p.App.Store()
		if err != nil {
			return turn.Record{}, store.Entry{}, err
		}
		e, err := st.Load(store.Kind8x8, id)
		if errors.Is(err, store.ErrNotFound) {
			return turn.Record{}, store.Entry{}, fmt.Errorf("there is no saved game %q here", id)
		}
		if err != nil {
			return turn.Record{}, store.Entry{}, err
		}
		g, err := store.Open(e.Record)
		if err != nil {
			return turn.Record{}, store.Entry{}, fmt.Errorf("saved game %s does not replay: %w", id, err)
		}
		return g.Record(), e, nil
	}
	q, err := session.ParseGameQuery(vals)
	if err != nil {
		return turn.Record{}, store.Entry{}, err
	}
	c := q.Config()
	return turn.Record{Variant: c.Variant, Options: c.Options, Start: c.Start}, store.Entry{}, nil
}

// cur is the session shown: the side line, or the game.
func (p *Screen) cur() *session.Session {
	if p.line != nil {
		return p.line
	}
	return p.game
}

// recordAt returns the record of s's game up to its first n actions.
func recordAt(s *session.Session, n int) turn.Record {
	r := s.Record()
	if n >= len(r.Actions) {
		return r
	}
	r.Actions = r.Actions[:n:n]
	r.End = turn.NoEnd
	hints := make([]int, 0, len(r.Hints))
	for _, h := range r.Hints {
		if h < n {
			hints = append(hints, h)
		}
	}
	r.Hints = hints
	return r
}

// shownText returns the encoded record of the position shown (the analysis's request).
func (p *Screen) shownText() (string, turn.State, error) {
	s := p.cur()
	g, err := turn.Replay(s.Variant(), recordAt(s, s.Shown()))
	if err != nil {
		return "", turn.State{}, err
	}
	return g.Encode(), g.State(), nil
}

// sync starts the analysis of the position shown if it is not the one analysed: the
// analysis of the position left stops.
func (p *Screen) sync(ctx app.Context) {
	if p.game == nil {
		return
	}
	text, st, err := p.shownText()
	if err != nil {
		p.err = err.Error()
		return
	}
	if text == p.key && (p.askID != 0 || p.rep != nil || p.err != "") {
		return
	}
	p.key, p.rep, p.err = text, nil, ""
	p.stopAnalysis()
	if p.stopped || p.reviewID != 0 || p.solver.Busy() {
		return
	}
	if p.cur().Variant().Outcome(st).Over() {
		p.err = "The game is over in this position."
		return
	}
	p.startAnalysis(ctx, text)
}

// startAnalysis asks the worker for the continuous analysis of the record text.
func (p *Screen) startAnalysis(ctx app.Context, text string) {
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	p.seq++
	id := p.seq
	p.askID = id
	uiCtx := ctx
	if p.ui != nil {
		uiCtx = *p.ui
	}
	p.engine.AskStream(uiCtx, worker.Request{Type: worker.TypeAnalyse, ID: id, Record: text},
		func(r worker.Response) {
			if id == p.askID && r.Analysis != nil {
				p.rep = r.Analysis
			}
		},
		func(r worker.Response) {
			if id != p.askID {
				return
			}
			p.askID = 0
			switch {
			case r.Err != "":
				p.err = r.Err
			case r.Analysis != nil:
				p.rep = r.Analysis
			}
		})
}

// stopAnalysis stops the analysis under way.
func (p *Screen) stopAnalysis() {
	if p.askID != 0 && p.engine != nil {
		p.engine.Cancel()
	}
	p.askID = 0
}

// onToggle turns the analysis off and on.
func (p *Screen) onToggle(ctx app.Context, e app.Event) {
	p.stopped = !p.stopped
	p.key = ""
	if p.stopped {
		p.stopAnalysis()
		p.rep = nil
	}
	p.sync(ctx)
}

// --- Moving through the game ------------------------------------------------------------------

// onKey steps through the game: ← → Home End, and f flips.
func (p *Screen) onKey(ctx app.Context, key string) {
	if p.game == nil {
		return
	}
	s := p.cur()
	switch key {
	case "ArrowLeft", "ArrowUp":
		p.step(s.Back)
	case "ArrowRight", "ArrowDown":
		p.step(s.Forward)
	case "Home":
		p.step(s.First)
	case "End":
		p.step(s.Last)
	case "f":
		p.orientation = p.orientation.Other()
		p.anim = board.Ply{}
	}
	p.sync(ctx)
}

// lastPly is the ply that led to the position shown, for the board to slide.
func (p *Screen) lastPly() board.Ply {
	a, ok := p.cur().LastAction()
	if !ok {
		return board.Ply{}
	}
	return board.PlyOf(a)
}

// step shows another position, sliding the ply between the two when they are one apart.
func (p *Screen) step(move func()) {
	s := p.cur()
	before, undone := s.Shown(), p.lastPly()
	move()
	switch s.Shown() {
	case before + 1:
		p.anim = p.lastPly()
	case before - 1:
		p.anim = board.Ply{From: undone.To, To: undone.From}
	default:
		p.anim = board.Ply{}
	}
}

func (p *Screen) onStep(name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		s := p.cur()
		switch name {
		case "first":
			p.step(s.First)
		case "back":
			p.step(s.Back)
		case "forward":
			p.step(s.Forward)
		case "last":
			p.step(s.Last)
		}
		p.sync(ctx)
	}
}

// onView shows the position after n actions of the game (leaving a side line) or of the side
// line.
func (p *Screen) onView(inLine bool, n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if !inLine {
			p.line = nil
		}
		p.cur().ViewAt(n)
		p.anim = board.Ply{}
		p.sync(ctx)
	}
}

// onBackToGame leaves the side line for the game, at the position where it left it.
func (p *Screen) onBackToGame(ctx app.Context, e app.Event) {
	p.line = nil
	p.game.ViewAt(p.lineFrom)
	p.anim = board.Ply{}
	p.sync(ctx)
}

// branch starts a side line at the position shown of the game (or of the side line), with
// the actions extra played; it returns the new line.
func (p *Screen) branch(extra ...turn.Action) (*session.Session, error) {
	s := p.cur()
	n := s.Shown()
	r := recordAt(s, n)
	r.Actions = append(r.Actions, extra...)
	line, err := session.Load(r, [2]session.Seat{}, session.TimeControl{}, session.Env{Dice: p.App.Dice()})
	if err != nil {
		return nil, err
	}
	if p.line == nil || n < p.lineFrom {
		p.lineFrom = n
	}
	p.line, p.viewKey = line, ""
	return line, nil
}

// playable returns the session a ply may be played on at the position shown: the side line
// (at its end), or a new side line from the position shown.
func (p *Screen) playable() (*session.Session, error) {
	if p.line != nil && !p.line.Viewing() {
		return p.line, nil
	}
	return p.branch()
}

// onBoardAsk plays the ply the board asks for, in a side line.
func (p *Screen) onBoardAsk(ctx app.Context, a board.Ask) {
	if p.game == nil || a.Want != board.WantMove {
		return
	}
	s, err := p.playable()
	if err != nil {
		p.err = err.Error()
		return
	}
	eff := s.Drop(a.Ply.From, a.Ply.To)
	if eff == session.Promoting && a.Premove {
		eff = s.Promote(engine.Queen)
	}
	p.played(ctx, eff)
}

// played follows up a ply tried on the side line.
func (p *Screen) played(ctx app.Context, eff session.Effect) {
	if eff == session.Played {
		p.anim = p.lastPly()
	} else {
		p.anim = board.Ply{}
	}
	p.sync(ctx)
}

func (p *Screen) onPromote(t engine.PieceType) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.Call("stopPropagation")
		p.played(ctx, p.cur().Promote(t))
	}
}

func (p *Screen) onCancelPromotion(ctx app.Context, e app.Event) { p.cur().CancelPromotion() }

func (p *Screen) onSpend(ctx app.Context, e app.Event) {
	if s, err := p.playable(); err == nil {
		s.SetSpend(e.Get("target").Get("checked").Bool())
	}
}

// onRoll tries the roll d (a row of the roll table) in a side line: the analysis then shows
// the best ply for it.
func (p *Screen) onRoll(d turn.Dice) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if _, err := p.branch(turn.RollAction(d)); err != nil {
			p.err = err.Error()
			return
		}
		p.anim = board.Ply{}
		p.sync(ctx)
	}
}

// onPlayBest plays the engine's best turn in a side line.
func (p *Screen) onPlayBest(ctx app.Context, e app.Event) {
	if p.rep == nil || len(p.rep.Best) == 0 {
		return
	}
	s := p.cur()
	acts, _ := core.ParseLine(s.Variant(), s.ShownState(), p.rep.Best)
	if len(acts) == 0 {
		return
	}
	if _, err := p.branch(acts...); err != nil {
		p.err = err.Error()
		return
	}
	p.anim = p.lastPly()
	p.sync(ctx)
}

func (p *Screen) onFlip(ctx app.Context, e app.Event) {
	p.orientation = p.orientation.Other()
	p.anim = board.Ply{}
}
