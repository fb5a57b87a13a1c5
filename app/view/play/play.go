package play

import (
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Play is the game screen: the board, the player bars with clocks and tokens, the turn
// panel, the controls and the move list. It is built from a game record (a link's
// fragment) or a new game described by the query (session.GameQuery).
type Screen struct {
	app.Compo

	shell.PageState

	settings     shell.Settings
	settingsRead bool // settings holds the stored settings (OnInit read them)
	query        session.GameQuery
	s            *session.Session
	loadErr      string

	orientation engine.Color
	// anim is the ply the board slides at its next position (board.Config.Last): the ply
	// just made or shown, reversed for a step back; zero for none.
	anim    board.Ply
	confirm string    // "resign" or "draw" while asking for confirmation
	wheelAt time.Time // the last step by the mouse wheel

	stopKeys func() // stops listening to the stepping keys (shell.StepKeys)
	unwatch  func() // stops listening to other tabs' saves
	ticking  bool
	stop     chan struct{}

	opened     string // the address OnInit opened, for OnNav to finish; empty otherwise
	openedSave bool   // OnInit's game came by link and waits to be saved

	engine  *browser.Engine // the computer opponent (the engine's Web Worker)
	hint    hintState       // the hint asked for or shown (hint.go)
	aiErr   string          // why the computer could not move
	reply   *session.Reply  // the computer's turn being shown ply by ply; nil when none
	sharing bool            // the share dialog is open
	box     moveBox         // the move box (movebox.go)
	end     endState        // the end dialog and the draw offer (end.go)

	// ui is the screen's own context (OnMount). The computer's answer and the showing of its
	// turn are dispatched through it: go-app drops what is dispatched through the context of
	// an element that has gone since (the roll, promotion or retry button that asked).
	ui *app.Context
}

// OnMount starts listening to the keyboard.
func (p *Screen) OnMount(ctx app.Context) {
	p.SetLive()
	p.ui = &ctx
	p.App.ReadTestHooks()
	if !p.settingsRead { // not read yet by OnInit
		p.settings, p.settingsRead = p.App.LoadSettings(), true
	}
	shell.ApplySettings(p.settings)
	p.stop = make(chan struct{})
	p.stopKeys = shell.StepKeys(ctx, p.onKey)
	p.unwatch, _ = browser.OnStorageChange(func(key string) {
		ctx.Dispatch(func(ctx app.Context) { p.otherTabSaved(ctx, key) })
	})
}

// OnDismount stops listening and stops the clock timer.
func (p *Screen) OnDismount() {
	if p.unwatch != nil {
		p.unwatch()
		p.unwatch = nil
	}
	if p.stopKeys != nil {
		p.stopKeys()
		p.stopKeys = nil
	}
	if p.stop != nil {
		close(p.stop)
		p.stop = nil
	}
	if p.s != nil {
		p.s.Cancel()
	}
	if p.engine != nil {
		p.engine.Close()
		p.engine = nil
	}
}

// OnInit opens the game of the address the program started on before the screen is first
// drawn. go-app draws a page once before OnNav and again after it: opening the game in OnNav
// alone drew the whole board twice on every start, about a sixth of the time to an
// interactive board. OnNav then finishes what needs a context (saving, clocks, the computer).
func (p *Screen) OnInit() {
	if !app.IsClient || p.App.Start.Booted {
		return
	}
	p.App.Start.Booted = true
	u := shell.WindowURL()
	if p.App.Start.Href == "" || u.String() != p.App.Start.Href || !strings.HasSuffix(u.Path, route.PlayPath) {
		return
	}
	p.SetLive()
	p.settings, p.settingsRead = p.App.LoadSettings(), true
	p.opened, p.openedSave = u.String(), p.open(u)
}

// OnNav loads the game the address describes, unless OnInit has opened it.
func (p *Screen) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	u := shell.PageURL(ctx)
	save := p.openedSave
	if p.opened == "" || p.opened != u.String() {
		save = p.open(u) // the settings were read by OnMount, which comes first
	}
	p.opened, p.openedSave = "", false
	if p.s == nil {
		return
	}
	if save {
		p.save(ctx, p.s)
	}
	p.scrollMoves(ctx)
	ctx.Page().SetTitle("%s · %s", p.s.Info().Name, shell.AppName)
	p.startClock(ctx)
	p.think(ctx)
}

// open reads the game address u describes into the screen: the session, or why there is
// none (loadErr, and a nil session). save reports that the game came by link and is to be
// saved at once. It needs no app.Context (OnInit calls it).
func (p *Screen) open(u *url.URL) (save bool) {
	p.App.ReadTestHooks()
	p.loadErr = ""
	// u.Query() drops a pair it cannot read (a cut-off escape) without a word, which would
	// open another game than the address asks for.
	vals, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		p.loadErr = "This address is damaged (" + err.Error() + "): it may have been cut off when it was copied."
		p.s = nil
		return false
	}
	q, err := session.ParseGameQuery(vals)
	if err != nil {
		p.loadErr = "This address does not describe a game: " + err.Error() + "."
		p.s = nil
		return false
	}
	p.query = q
	env := session.Env{Dice: p.App.Dice()}
	s, save, err := p.loadGame(u, q.Seats(), q.Clock, env)
	if err == nil && s == nil {
		s, err = session.New(q.Config(), env)
	}
	if err != nil {
		p.loadErr = "This game cannot be opened: " + err.Error() + "."
		if errors.Is(err, engine.ErrFEN) {
			p.loadErr = session.StartProblem(err)
		}
		p.s = nil
		return false
	}
	if p.s != nil {
		p.s.Cancel()
	}
	p.stopThinking()
	p.s = s
	p.anim = board.Ply{}
	p.sharing = false
	p.confirm = ""
	p.end = endState{}
	p.orientation = q.Color
	p.autoFlip()
	return save
}

// twoPeople reports whether people play both sides.
func (p *Screen) twoPeople() bool {
	seats := p.s.Seats()
	return !seats[0].Computer && !seats[1].Computer
}

// autoFlip turns the board to the side to move, when the setting asks for it.
func (p *Screen) autoFlip() {
	if p.s != nil && p.settings.AutoFlip && p.twoPeople() && !p.s.Over() {
		p.orientation = p.s.Mover()
	}
}

// startClock runs a timer while the game has clocks.
func (p *Screen) startClock(ctx app.Context) {
	if p.ticking || p.s == nil || !p.s.TimeControl().On() || p.stop == nil {
		return
	}
	p.ticking = true
	stop := p.stop
	ctx.Async(func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				ctx.Dispatch(func(ctx app.Context) {
					if p.s == nil || !p.s.TimeControl().On() {
						ctx.PreventUpdate()
						return
					}
					if p.s.Tick() {
						p.changed(ctx)
						return
					}
					if _, running := p.s.ClockRunning(); !running {
						ctx.PreventUpdate()
					}
				})
			}
		}
	})
}

// changed does what follows every change of the game: store it, sound, turn the board,
// let the computer think, scroll the move list.
func (p *Screen) changed(ctx app.Context) {
	p.confirm = ""
	p.end.drawNote, p.end.closed = "", false
	p.persistGame(ctx)
	p.sound()
	p.autoFlip()
	p.scrollMoves(ctx)
	p.think(ctx)
}

// sound plays the sound of the last action.
func (p *Screen) sound() {
	a, ok := p.s.LastAction()
	if !ok {
		return
	}
	if !p.settings.Sound {
		return
	}
	cue := browser.CueMove
	switch {
	case p.s.Over():
		cue = browser.CueEnd
	case a.Kind == turn.Roll:
		cue = browser.CueRoll
	case p.s.State().InCheck():
		cue = browser.CueCheck
	case a.Kind == turn.Ply && a.Move.IsCapture():
		cue = browser.CueCapture
	case a.Kind != turn.Ply:
		return
	}
	_ = p.App.Sound().Play(cue) // a sound that fails is not worth a message
}

// think asks the computer for its turn when it is to move: a request to the engine's Web
// Worker, answered on the UI goroutine. A take back, a new game or a resignation cancels it
// (the session then refuses the stale answer). The answer is checked whole, then shown one
// ply at a time (reveal).
func (p *Screen) think(ctx app.Context) {
	if p.s == nil {
		return
	}
	before := p.s.Len()
	req, ok := p.s.Request()
	if !ok {
		if p.s.Len() != before { // the computer's roll, with its forced pass
			p.changed(ctx)
		}
		return
	}
	p.aiErr = ""
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	if p.ui != nil {
		ctx = *p.ui
	}
	s := p.s
	p.engine.Ask(ctx, worker.Request{Type: worker.TypeThink, ID: req.ID, Record: req.Record, Level: req.Level}, func(r worker.Response) {
		if p.s != s {
			return
		}
		if r.Err != "" {
			s.Cancel()
			p.aiErr = "The computer could not move: " + r.Err + "."
			return
		}
		reply, err := s.AnswerStepwise(r.ID, r.Actions)
		if err != nil {
			if !errors.Is(err, session.ErrStale) {
				p.aiErr = "The computer's move was refused: " + err.Error() + "."
			}
			return
		}
		s.NoteEval(r.Score, r.Mate) // for the side that moved: the computer (a draw offer)
		p.reply = reply
		p.reveal(ctx, s, reply)
	})
}

// revealPause is the time between two plies of the computer's turn shown one by one: the
// slide of a piece (170 ms, .piece.slide-a in web/app.css) and a short rest.
const revealPause = 170*time.Millisecond + 150*time.Millisecond

// reveal shows the next ply of the computer's reply, and the one after it revealPause
// later, until the whole turn is shown; with reduced motion the rest of the turn comes at
// once. Only then is the game saved and handed to the person (changed): a reload never
// finds half a computer turn. It stops, playing nothing more, when the reply is no longer
// the one being shown or the session finds it stale (a take back, a new game, a
// resignation, a flag fall, leaving the page).
func (p *Screen) reveal(ctx app.Context, s *session.Session, reply *session.Reply) {
	if p.s != s || p.reply != reply {
		return
	}
	instant := reducedMotion()
	for {
		more, err := reply.Step()
		switch {
		case err != nil:
			p.reply = nil
			if !errors.Is(err, session.ErrStale) {
				p.aiErr = "The computer's move was refused: " + err.Error() + "."
			}
			return
		case !more:
			p.reply = nil
			p.setSlide()
			p.changed(ctx)
			return
		case instant:
			continue
		}
		p.setSlide()
		p.sound()
		p.scrollMoves(ctx)
		ctx.After(revealPause, func(ctx app.Context) { p.reveal(ctx, s, reply) })
		return
	}
}

// reducedMotion reports whether the system asks for reduced motion (prefers-reduced-motion),
// as web/app.css does for the slides.
func reducedMotion() bool {
	if !app.IsClient {
		return true
	}
	mq := app.Window().Call("matchMedia", "(prefers-reduced-motion: reduce)")
	return mq.Truthy() && mq.Get("matches").Bool()
}

// stopThinking cancels the computer's request under way, if any, and the showing of its
// turn.
func (p *Screen) stopThinking() {
	if p.engine != nil {
		p.engine.Cancel()
	}
	if p.s != nil {
		p.s.Cancel()
	}
	p.reply = nil
	p.aiErr = ""
}

// onRetry asks the computer again after a failure.
func (p *Screen) onRetry(ctx app.Context, e app.Event) {
	p.aiErr = ""
	p.think(ctx)
}

// lastPly is the ply that led to the position shown, for the board to slide; zero for a
// roll, a pass or the start.
func (p *Screen) lastPly() board.Ply {
	a, ok := p.s.LastAction()
	if !ok {
		return board.Ply{}
	}
	return board.PlyOf(a)
}

// setSlide has the board slide the last ply made.
func (p *Screen) setSlide() { p.anim = p.lastPly() }

// handle follows up an effect of a click, a drop or a promotion choice.
func (p *Screen) handle(ctx app.Context, e session.Effect, animate bool) {
	switch e {
	case session.Played:
		if animate {
			p.setSlide()
		} else {
			p.anim = board.Ply{}
		}
		p.changed(ctx)
	case session.WentLive:
		p.anim = board.Ply{}
		p.scrollMoves(ctx)
	}
}

// onKey steps through the game: ← → Home End.
func (p *Screen) onKey(ctx app.Context, key string) {
	if p.s == nil {
		return
	}
	switch key {
	case "ArrowLeft", "ArrowUp":
		p.step(p.s.Back)
	case "ArrowRight", "ArrowDown":
		p.step(p.s.Forward)
	case "Home":
		p.step(p.s.First)
	case "End":
		p.step(p.s.Last)
	case "f":
		p.flip()
	}
	p.scrollMoves(ctx)
}

// step shows another position of the game (move), with the slide of the ply between the
// two when they are one ply apart: forward the ply, back the ply undone.
func (p *Screen) step(move func()) {
	before, undone := p.s.Shown(), p.lastPly()
	move()
	switch p.s.Shown() {
	case before + 1:
		p.anim = p.lastPly()
	case before - 1:
		p.anim = board.Ply{From: undone.To, To: undone.From}
	default:
		p.anim = board.Ply{}
	}
}

// wheelPause is the least time between two steps by the mouse wheel (a touchpad sends
// dozens of wheel events for one gesture).
const wheelPause = 90 * time.Millisecond

// onWheel steps through the game with the mouse wheel over the board: down forward, up back.
func (p *Screen) onWheel(ctx app.Context, e app.Event) {
	dy := e.Get("deltaY").Float()
	if p.s == nil || dy == 0 || p.s.Len() == 0 {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	if now := time.Now(); now.Sub(p.wheelAt) >= wheelPause {
		p.wheelAt = now
		if dy > 0 {
			p.step(p.s.Forward)
		} else {
			p.step(p.s.Back)
		}
		p.scrollMoves(ctx)
		return
	}
	ctx.PreventUpdate()
}

// flip turns the board.
func (p *Screen) flip() {
	p.orientation = p.orientation.Other()
	p.anim = board.Ply{}
}

// onBoardAsk does what the board asks: play a ply (a click, a drop, the keyboard, or a
// premove whose turn has come, which promotes to a queen), or go back to the game from an
// earlier position.
func (p *Screen) onBoardAsk(ctx app.Context, a board.Ask) {
	if p.s == nil {
		return
	}
	switch a.Want {
	case board.WantLive:
		if p.s.Viewing() {
			p.s.ViewAt(-1)
			p.anim = board.Ply{}
			p.scrollMoves(ctx)
		}
	case board.WantMove:
		if p.awaitingConfirmation() {
			return
		}
		p.confirm = ""
		eff := p.s.Drop(a.Ply.From, a.Ply.To)
		if eff == session.Promoting && a.Premove {
			eff = p.s.Promote(engine.Queen)
		}
		p.handle(ctx, eff, true)
	}
}

// --- Buttons ----------------------------------------------------------------------------------

func (p *Screen) onPromote(t engine.PieceType) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.Call("stopPropagation")
		p.handle(ctx, p.s.Promote(t), true)
	}
}

func (p *Screen) onCancelPromotion(ctx app.Context, e app.Event) {
	p.s.CancelPromotion()
}

func (p *Screen) onRoll(ctx app.Context, e app.Event) {
	if p.s.Roll() == nil {
		p.anim = board.Ply{}
		p.changed(ctx)
	}
}

func (p *Screen) onSpend(ctx app.Context, e app.Event) {
	p.s.SetSpend(e.Get("target").Get("checked").Bool())
}

func (p *Screen) onUndo(ctx app.Context, e app.Event) {
	p.stopThinking()
	if p.s.Undo() {
		p.anim = board.Ply{}
		p.changed(ctx)
	}
}

func (p *Screen) onRedo(ctx app.Context, e app.Event) {
	p.stopThinking()
	if p.s.Redo() {
		p.anim = board.Ply{}
		p.changed(ctx)
	}
}

func (p *Screen) onFlip(ctx app.Context, e app.Event) { p.flip() }

func (p *Screen) onView(n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.s.ViewAt(n)
		p.anim = board.Ply{}
	}
}

func (p *Screen) onStep(step func()) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.step(step)
		p.scrollMoves(ctx)
	}
}

func (p *Screen) onAsk(what string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { p.confirm = what }
}

func (p *Screen) onConfirm(ctx app.Context, e app.Event) {
	p.stopThinking()
	var err error
	switch p.confirm {
	case "resign":
		c := p.s.Mover()
		if !p.twoPeople() {
			for _, side := range []engine.Color{engine.White, engine.Black} {
				if !p.s.Seat(side).Computer {
					c = side
				}
			}
		}
		err = p.s.Resign(c)
	case "draw":
		err = p.s.AgreeDraw()
	}
	p.confirm = ""
	if err == nil {
		p.changed(ctx)
	}
}

func (p *Screen) onShare(ctx app.Context, e app.Event) { p.sharing = true }

// analyseURL is the address of the analysis board for this game: the saved game (whose
// review is kept with it), or the game itself when it is not saved.
func (p *Screen) analyseURL() string {
	if id := p.App.Kept.Entry.ID; id != "" && p.App.Kept.Sess == p.s && p.App.Kept.Confirmed == p.s.Len() {
		return route.AnalysisSaved(id)
	}
	return route.AnalysisShared(store.Fragment(store.Entry{Kind: store.Kind8x8, Record: p.s.Encode()}))
}

func (p *Screen) onShareClose(ctx app.Context) { p.sharing = false }

func (p *Screen) onNewGame(ctx app.Context, e app.Event) {
	ctx.Navigate(route.NewGameWith(p.query))
}

// scrollMoves keeps the move list's current ply in view after the next render: its end
// for the live position.
func (p *Screen) scrollMoves(ctx app.Context) {
	if !app.IsClient {
		return
	}
	ctx.Defer(func(ctx app.Context) {
		doc := app.Window().Get("document")
		list := doc.Call("querySelector", ".moves")
		if !list.Truthy() {
			return
		}
		cur := list.Call("querySelector", ".current")
		if cur.Truthy() && p.s != nil && p.s.Viewing() {
			// Scroll the list only (never the page): the list is the current ply's offset
			// parent (position: relative in web/app.css).
			top, h := cur.Get("offsetTop").Float(), cur.Get("offsetHeight").Float()
			st, ch := list.Get("scrollTop").Float(), list.Get("clientHeight").Float()
			if top < st {
				list.Set("scrollTop", top)
			} else if top+h > st+ch {
				list.Set("scrollTop", top+h-ch)
			}
			left, w := cur.Get("offsetLeft").Float(), cur.Get("offsetWidth").Float()
			sl, cw := list.Get("scrollLeft").Float(), list.Get("clientWidth").Float()
			if left < sl {
				list.Set("scrollLeft", left)
			} else if left+w > sl+cw {
				list.Set("scrollLeft", left+w-cw)
			}
			return
		}
		list.Set("scrollTop", list.Get("scrollHeight"))
		list.Set("scrollLeft", list.Get("scrollWidth"))
	})
}
