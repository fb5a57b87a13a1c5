package necplay

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/gesture"
	"github.com/plyground/plyground/app/view/necboard"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/variants/nec"
)

// Screen is the Never-Ending Chess game screen: the unbounded board (drag to pan, wheel and
// pinch to zoom, jump to a square, back to the action, arrows towards pieces off screen), the
// seats, the entry of an order with its fallbacks, the cover between people, the result of each
// update and the list of every update with all orders revealed.
type Screen struct {
	app.Compo

	shell.PageState

	g       *necgame.Game
	id      string
	entry   store.Entry // the saved game: its title and creation time
	loadErr string
	saveErr string
	notice  string

	cam   necboard.Camera
	sized bool
	// view is the number of updates of the board shown when looking back (-1: the current one).
	view int
	// animFor is the update animated on the board (0: none); animSecond alternates the
	// animation's name so that each new one plays.
	animFor    int
	animSecond bool
	// animLive is set while the animation of animFor plays (necAnimTime): after it the board
	// draws the update's trails but no longer its animation, so that drawing the pieces anew
	// does not play it again.
	animLive bool
	animGen  int

	hover  *nec.Square
	tapped *nec.Square
	ptrs   map[int][2]float64
	drag   gesture.Press
	pinch  necPinch

	jump, jumpErr       string
	orderText, orderErr string
	busy                bool
	thinking            int    // bots still choosing their orders
	botErr              string // why the bots could not choose their orders
	auto                bool
	autoGen             int
	share               bool // the share dialog is open

	// engine is the engine worker's bridge, where the bots think; botAsk numbers its requests.
	engine *browser.Engine
	botAsk int
	// histPage is the page of the list of updates shown (0: the newest).
	histPage int
	// gameGen counts the games the screen has shown (the board's key).
	gameGen int
	// ui is the screen's own context (OnMount): the bots' answers are dispatched through it,
	// since go-app drops what is dispatched through the context of an element that has gone.
	ui *app.Context

	// touched is set once the player moves the board; until then a new size refits it.
	touched bool
	// toAction is set when the player asked for the action ("Back to the action"): a new size
	// then refits the action, not the phone's view of the player's own army.
	toAction bool
	// army is set when the camera shows the entering seat's own army (necView chose it on a
	// phone) rather than the action.
	army bool
	// measured is set once the viewport element now drawn has been measured: the cover takes
	// its place, and the one drawn after it may have another size.
	measured bool

	onResize, onWheel  app.Func
	observer, observed app.Value
}

// necDragThreshold is how far (in CSS pixels) a pointer pressed on the board moves before it
// pans the board: less is a tap.
const necDragThreshold = 6

type necPinch struct {
	active bool
	d0     float64
	mx, my float64
	cam    necboard.Camera
}

// necViewportID names the board's viewport element.
const necViewportID = "nec-viewport"

// OnMount listens to the window's size and to the wheel over the board.
func (p *Screen) OnMount(ctx app.Context) {
	p.Mount()
	p.ui = &ctx
	p.onResize = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { p.measure(ctx) })
		return nil
	})
	app.Window().Call("addEventListener", "resize", p.onResize)
	// The viewport's size also changes without the window's (the stylesheet arriving, the
	// side panel growing): a ResizeObserver watches the element itself.
	if ro := app.Window().Get("ResizeObserver"); ro.Truthy() {
		p.observer = ro.New(p.onResize)
	}
	// The wheel zooms the board. The listener is not passive, so that it can keep the page
	// from scrolling; it is on the window because the board element comes and goes.
	p.onWheel = app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		vp := e.Get("target").Call("closest", "#"+necViewportID)
		if !vp.Truthy() {
			return nil
		}
		e.Call("preventDefault")
		r := vp.Call("getBoundingClientRect")
		x := e.Get("clientX").Float() - r.Get("left").Float()
		y := e.Get("clientY").Float() - r.Get("top").Float()
		dy := e.Get("deltaY").Float()
		if e.Get("deltaMode").Int() == 1 {
			dy *= 16
		}
		f := math.Exp(-dy * 0.0018)
		ctx.Dispatch(func(ctx app.Context) {
			p.cam = p.cam.Zoom(x, y, f)
			p.touched = true
		})
		return nil
	})
	app.Window().Call("addEventListener", "wheel", p.onWheel, map[string]any{"passive": false})
}

// OnDismount stops listening.
func (p *Screen) OnDismount() {
	if p.observer != nil && p.observer.Truthy() {
		p.observer.Call("disconnect")
		p.observer, p.observed = nil, nil
	}
	if p.onResize != nil {
		app.Window().Call("removeEventListener", "resize", p.onResize)
		p.onResize.Release()
		p.onResize = nil
	}
	if p.onWheel != nil {
		app.Window().Call("removeEventListener", "wheel", p.onWheel, map[string]any{"passive": false})
		p.onWheel.Release()
		p.onWheel = nil
	}
	p.autoGen++
	if p.engine != nil {
		p.engine.Close()
		p.engine = nil
	}
}

// OnNav opens the game the address names: a shared game in the fragment (#n=...), or a saved
// game (?id=...).
func (p *Screen) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	p.reset()
	u := shell.PageURL(ctx)
	st, stErr := p.App.Store()
	if stErr != nil {
		p.saveErr = "Games are not kept on this device: " + stErr.Error()
	}
	switch {
	case store.RawFragment(u) != "":
		r, id, err := necParseFragment(store.RawFragment(u))
		if err != nil {
			p.loadErr = necLinkError(err)
			return
		}
		// Where the link's game is kept: never over a different saved game (FileShared).
		// A new id is drawn only when the game needs one; when none can be drawn, FileShared
		// keeps the game unsaved and its notice says so and why.
		newID := func() (string, error) { return st.NewID(store.KindNEC) }
		sv, loadErr := st.Load(store.KindNEC, id)
		f := necgame.FileShared(r, id, sv, loadErr, newID)
		g, err := necgame.Open(f.Record)
		if err != nil {
			p.loadErr = "This game cannot be opened: " + err.Error()
			return
		}
		p.g, p.id, p.notice = g, f.ID, f.Notice
		if f.ID == id && loadErr == nil {
			p.entry = sv // the same game: its title and creation date stay
		}
		if f.Save {
			p.save(ctx)
		}
		if f.ID == "" {
			// Not kept: the notice, which says so and why, is shown as an alert (unless the
			// store's own failure is already), and the address keeps the link, so that a
			// reload opens the game again.
			if p.saveErr == "" {
				p.saveErr, p.notice = f.Notice, ""
			}
		} else if to, err := url.Parse(route.SavedGame(store.KindNEC, f.ID)); err == nil {
			ctx.Page().ReplaceURL(to)
		}
	case u.Query().Get("id") != "":
		id := u.Query().Get("id")
		e, g, err := necgame.Load(st, id)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				p.loadErr = "There is no saved game " + id + " on this device."
			} else {
				p.loadErr = "This game cannot be opened: " + err.Error()
			}
			return
		}
		p.g, p.id, p.entry = g, id, e
	default:
		p.loadErr = "No game here."
		return
	}
	if n := p.g.Updates(); n > 0 {
		p.animate(n)
	}
	p.App.ShowGame(ctx, p)
	ctx.Page().SetTitle("Never-Ending Chess · %s", shell.AppName)
	p.sized, p.measured = false, false
	p.measureSoon(ctx)
}

// measureSoon measures the viewport once it is drawn. It goes through the screen's own
// context: ctx may be that of an element about to go (the cover's button).
func (p *Screen) measureSoon(ctx app.Context) {
	if p.ui != nil {
		ctx = *p.ui
	}
	ctx.Async(func() {
		for i := 0; i < 100; i++ {
			time.Sleep(20 * time.Millisecond)
			done := make(chan bool, 1)
			ctx.Dispatch(func(ctx app.Context) {
				done <- p.measure(ctx) || p.g == nil
			})
			if <-done {
				return
			}
		}
	})
}

// necLinkError says why a link holds no game that can be opened.
func necLinkError(err error) string {
	detail := err.Error()
	for _, sentinel := range []error{store.ErrLink, necgame.ErrRecord} {
		detail = strings.TrimPrefix(detail, sentinel.Error()+": ")
	}
	if errors.Is(err, necgame.ErrTooLarge) {
		detail = strings.TrimPrefix(detail, necgame.ErrTooLarge.Error()+": ")
		return fmt.Sprintf("This link asks for more than any game of Never-Ending Chess holds (%s): "+
			"a game has %d to %d players, at most %d pieces each at the start and at most %d updates. "+
			"It was not opened, and your saved games are untouched.",
			detail, nec.MinPlayers, nec.MaxPlayers, necgame.MaxArmy, necgame.MaxUpdates)
	}
	return "This link does not hold a game that can be opened (" + detail + "). Your saved games are untouched."
}

// reset forgets the previous game of the screen.
func (p *Screen) reset() {
	p.g, p.id, p.entry, p.loadErr, p.saveErr, p.notice = nil, "", store.Entry{}, "", "", ""
	p.view, p.animFor = -1, 0
	p.hover, p.tapped = nil, nil
	p.ptrs = map[int][2]float64{}
	p.drag, p.pinch = gesture.Press{}, necPinch{}
	p.jump, p.jumpErr, p.orderText, p.orderErr = "", "", "", ""
	p.busy, p.auto, p.share, p.touched, p.toAction, p.army = false, false, false, false, false, false
	p.thinking, p.botErr, p.histPage = 0, "", 0
	p.autoGen++
	p.gameGen++
	if p.engine != nil {
		p.engine.Cancel()
	}
}

// measure reads the viewport's size and refits the camera to a new one; it reports whether
// the viewport is in the page with a size.
func (p *Screen) measure(ctx app.Context) bool {
	vp := app.Window().GetElementByID(necViewportID)
	if !vp.Truthy() {
		return false
	}
	if p.observer != nil && p.observer.Truthy() && (p.observed == nil || !p.observed.Equal(vp)) {
		if p.observed != nil {
			p.observer.Call("unobserve", p.observed)
		}
		p.observer.Call("observe", vp)
		p.observed = vp
	}
	// Until web/nec.css applies, the element does not have its size yet.
	if !app.Window().Call("getComputedStyle", vp).Call("getPropertyValue", "--nec-styled").Truthy() {
		return false
	}
	w, h := vp.Get("clientWidth").Float(), vp.Get("clientHeight").Float()
	if w <= 0 || h <= 0 {
		return false
	}
	if p.sized && w == p.cam.W && h == p.cam.H {
		if p.measured {
			ctx.PreventUpdate()
		}
		p.measured = true
		return true
	}
	p.measured = true
	p.cam = p.cam.Resize(w, h)
	p.sized = true
	switch {
	case p.touched:
	case p.toAction:
		p.backToAction()
	default:
		p.firstView()
	}
	return true
}

// shown returns the board shown and, when it is the board after an update, that update's
// number.
func (p *Screen) shown() (nec.State, int) {
	k := p.g.Updates()
	if p.view >= 0 && p.view <= k {
		k = p.view
	}
	s, _ := p.g.Board(k)
	return s, k
}

// firstView is the camera of a game just opened (or a screen resized before the player moved
// the board): the action, or on a small screen the army of the seat entering an order
// (necView).
func (p *Screen) firstView() {
	if s, rep, ok := p.shownUpdate(); ok {
		p.cam = p.cam.View(s, rep, p.g.Seat())
		p.army = p.cam != p.cam.Fit(necboard.Action(s, rep))
	}
}

// camView names what the camera shows, for the page (data-view): "free" once the player
// moved the board, "army" for the entering seat's own army, "action" for the action.
func (p *Screen) camView() string {
	switch {
	case p.touched:
		return "free"
	case p.army:
		return "army"
	}
	return "action"
}

// backToAction fits the middle of the game and the last update's moves.
func (p *Screen) backToAction() {
	p.army = false
	if s, rep, ok := p.shownUpdate(); ok {
		p.cam = p.cam.Fit(necboard.Action(s, rep))
	}
}

// shownUpdate returns the board shown and the report of the update that made it (nil at the
// start); false without a game.
func (p *Screen) shownUpdate() (nec.State, *nec.Report, bool) {
	if p.g == nil {
		return nec.State{}, nil, false
	}
	s, k := p.shown()
	if k > 0 {
		if _, _, _, r, err := p.g.Update(k); err == nil {
			return s, &r, true
		}
	}
	return s, nil, true
}

// necAnimTime is how long the animation of an update lasts (web/nec.css: the slides take
// 0.6 s, the ghosts fade in 1.4 s, the fresh marks pulse until 1.6 s).
const necAnimTime = 1700 * time.Millisecond

// animate shows update k as just played.
func (p *Screen) animate(k int) {
	p.animFor = k
	p.animSecond = !p.animSecond
	p.animLive = true
	p.animGen++
	if p.ui == nil {
		return
	}
	gen := p.animGen
	p.ui.After(necAnimTime, func(ctx app.Context) {
		if gen != p.animGen {
			ctx.PreventUpdate()
			return
		}
		p.animLive = false
	})
}

// save stores the game and reports a problem on the screen.
func (p *Screen) save(ctx app.Context) {
	if p.g == nil || p.id == "" {
		return
	}
	st, _ := p.App.Store()
	e, err := st.Save(p.necEntry())
	if err != nil {
		p.saveErr = "The game could not be saved: " + err.Error()
		return
	}
	p.entry = e
}

// entering returns the draft when the current board is shown and a person enters an order.
func (p *Screen) entering() *necgame.Draft {
	if p.g == nil || p.view >= 0 {
		return nil
	}
	return p.g.Draft()
}

// --- Pointer: pan, pinch, tap ----------------------------------------------------------------

// local returns the event's position in the viewport.
func local(e app.Event) (x, y float64) {
	r := e.Get("currentTarget").Call("getBoundingClientRect")
	return e.Get("clientX").Float() - r.Get("left").Float(), e.Get("clientY").Float() - r.Get("top").Float()
}

func (p *Screen) onPointerDown(ctx app.Context, e app.Event) {
	if b := e.Get("button"); b.Truthy() && b.Int() != 0 {
		ctx.PreventUpdate()
		return
	}
	if e.Get("target").Call("closest", ".nec-overlay").Truthy() {
		ctx.PreventUpdate()
		return // a button over the board
	}
	x, y := local(e)
	id := e.Get("pointerId").Int()
	p.ptrs[id] = [2]float64{x, y}
	gesture.Capture(e.Get("currentTarget"), id)
	switch len(p.ptrs) {
	case 1:
		p.drag = gesture.Start(id, x, y)
	case 2:
		p.drag.Active = false
		p.startPinch()
	}
	ctx.PreventUpdate()
}

func (p *Screen) startPinch() {
	var pts [][2]float64
	for _, v := range p.ptrs {
		pts = append(pts, v)
	}
	if len(pts) < 2 {
		return
	}
	d := math.Hypot(pts[0][0]-pts[1][0], pts[0][1]-pts[1][1])
	p.pinch = necPinch{active: d > 0, d0: d, mx: (pts[0][0] + pts[1][0]) / 2, my: (pts[0][1] + pts[1][1]) / 2, cam: p.cam}
}

func (p *Screen) onPointerMove(ctx app.Context, e app.Event) {
	x, y := local(e)
	id := e.Get("pointerId").Int()
	if _, ok := p.ptrs[id]; ok {
		p.ptrs[id] = [2]float64{x, y}
	}
	switch {
	case p.pinch.active && len(p.ptrs) >= 2:
		var pts [][2]float64
		for _, v := range p.ptrs {
			pts = append(pts, v)
		}
		d := math.Hypot(pts[0][0]-pts[1][0], pts[0][1]-pts[1][1])
		mx, my := (pts[0][0]+pts[1][0])/2, (pts[0][1]+pts[1][1])/2
		c := p.pinch.cam.Pan(mx-p.pinch.mx, my-p.pinch.my)
		p.cam = c.Zoom(mx, my, d/p.pinch.d0)
		p.touched = true
		return
	case p.drag.Active && id == p.drag.ID:
		dx, dy, dragging := p.drag.Move(id, x, y, necDragThreshold)
		if !dragging {
			ctx.PreventUpdate()
			return
		}
		p.touched = true
		p.cam = p.cam.Pan(dx, dy)
		p.hover = nil
		return
	}
	if e.Get("pointerType").String() == "mouse" && p.sized {
		sq := p.cam.Square(x, y)
		if p.hover != nil && *p.hover == sq {
			ctx.PreventUpdate()
			return
		}
		p.hover = &sq
		return
	}
	ctx.PreventUpdate()
}

func (p *Screen) onPointerUp(ctx app.Context, e app.Event) {
	id := e.Get("pointerId").Int()
	delete(p.ptrs, id)
	if p.pinch.active {
		if len(p.ptrs) < 2 {
			p.pinch.active = false
			p.drag = gesture.Press{} // the finger left on the board does not pan by a jump
		}
		return
	}
	ended, click := p.drag.End(id)
	p.drag = gesture.Press{}
	if !ended || !click {
		return
	}
	x, y := local(e)
	p.tap(p.cam.Square(x, y))
}

func (p *Screen) onPointerCancel(ctx app.Context, e app.Event) {
	delete(p.ptrs, e.Get("pointerId").Int())
	p.drag = gesture.Press{}
	if len(p.ptrs) < 2 {
		p.pinch.active = false
	}
}

func (p *Screen) onPointerLeave(ctx app.Context, e app.Event) {
	if p.hover == nil {
		ctx.PreventUpdate()
		return
	}
	p.hover = nil
}

// tap handles a tap or click on square sq: it shows its coordinates and, while a person
// enters an order, picks up a piece or moves the piece picked up there.
func (p *Screen) tap(sq nec.Square) {
	p.tapped = &sq
	if e, ok := p.orderEntry(); ok {
		e.Tap(p.g.State(), sq)
	}
}

// orderEntry is the order panel of the seat entering its order, if one is.
func (p *Screen) orderEntry() (necboard.Entry, bool) {
	d := p.entering()
	if d == nil {
		return necboard.Entry{}, false
	}
	return necboard.Entry{Draft: d, Typed: &p.orderText, Err: &p.orderErr, Busy: p.busy}, true
}

// onKey moves the focused board with the keyboard: the arrows pan, + and - zoom, 0 goes back
// to the action.
func (p *Screen) onKey(ctx app.Context, e app.Event) {
	if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
		ctx.PreventUpdate()
		return
	}
	step := 2 * p.cam.S
	switch e.Get("key").String() {
	case "ArrowLeft":
		p.cam = p.cam.Pan(step, 0)
	case "ArrowRight":
		p.cam = p.cam.Pan(-step, 0)
	case "ArrowUp":
		p.cam = p.cam.Pan(0, step)
	case "ArrowDown":
		p.cam = p.cam.Pan(0, -step)
	case "+", "=":
		p.cam = p.cam.Zoom(p.cam.W/2, p.cam.H/2, 1.4)
	case "-", "_":
		p.cam = p.cam.Zoom(p.cam.W/2, p.cam.H/2, 1/1.4)
	case "0", "Home":
		p.backToAction()
		p.touched, p.toAction = false, true
		e.PreventDefault()
		return
	default:
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	p.touched, p.hover = true, nil
}

// --- Toolbar ----------------------------------------------------------------------------------

func (p *Screen) onZoom(f float64) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.cam = p.cam.Zoom(p.cam.W/2, p.cam.H/2, f)
		p.touched, p.hover = true, nil
	}
}

func (p *Screen) onBack(ctx app.Context, e app.Event) {
	p.backToAction()
	p.touched, p.toAction, p.hover = false, true, nil
}

func (p *Screen) onJump(ctx app.Context, e app.Event) {
	e.PreventDefault()
	sq, err := necboard.ParseJump(p.jump)
	if err != nil {
		p.jumpErr = err.Error()
		return
	}
	p.jumpErr = ""
	p.cam = p.cam.Centre(sq)
	p.touched, p.hover = true, nil
	p.tapped = &sq
}

func (p *Screen) onArrow(sq nec.Square) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.cam = p.cam.Centre(sq)
		p.touched, p.hover = true, nil
	}
}

// --- The order --------------------------------------------------------------------------------

// onSubmit submits the draft (empty: the seat passes). When it was the last person's, the
// bots decide and the update resolves, after the screen has said so.
func (p *Screen) onSubmit(pass bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		d := p.entering()
		if d == nil || p.busy {
			return
		}
		if pass {
			d.Clear()
		} else if len(d.Steps()) == 0 {
			p.orderErr = "Pick a piece and a target first, or pass."
			return
		}
		last := true
		for i := range p.g.Seats() {
			if i != d.Player() && !p.g.Ready(i) && p.g.State().Alive(i) {
				last = false
			}
		}
		if !last {
			p.submit(ctx)
			return
		}
		p.thinkThen(ctx, p.submit)
	}
}

// thinkThen lets the bots choose their orders in the engine worker, one after the other, so
// that the screen stays alive and says so, then calls then. When the worker cannot answer,
// the screen says why and nothing resolves: the same button tries again.
func (p *Screen) thinkThen(ctx app.Context, then func(ctx app.Context)) {
	if p.ui != nil {
		ctx = *p.ui
	}
	p.busy, p.botErr = true, ""
	p.askBot(ctx, p.g, then)
}

// askBot asks the engine worker for the order of the next bot of g that has not chosen, or,
// when none is left, calls then.
func (p *Screen) askBot(ctx app.Context, g *necgame.Game, then func(ctx app.Context)) {
	if p.g != g {
		return // another game meanwhile
	}
	t, ok := g.NextBot()
	if !ok {
		p.busy, p.thinking = false, 0
		then(ctx)
		return
	}
	p.thinking = g.BotsLeft()
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	p.botAsk++
	req := worker.Request{Type: worker.TypeNEC, ID: p.botAsk, State: t.Board.Encode(), Player: t.Seat, Level: t.Level, Seed: t.Seed}
	update := g.Updates()
	p.engine.Ask(ctx, req, func(r worker.Response) {
		if p.g != g || g.Updates() != update {
			return // another game or update meanwhile
		}
		var err error
		if r.Err != "" {
			err = errors.New(r.Err)
		} else {
			err = g.Decide(t.Seat, r.Order)
		}
		if err != nil {
			p.busy, p.thinking = false, 0
			p.botErr = fmt.Sprintf("%s could not choose its order: %s. Try again.", g.SeatName(t.Seat), err)
			return
		}
		if g.BotsLeft() > 0 {
			// Nothing to draw until the last bot has chosen: the screen says the bots think.
			ctx.PreventUpdate()
		}
		p.askBot(ctx, g, then)
	})
}

// submit hands the draft to the game.
func (p *Screen) submit(ctx app.Context) {
	resolved, err := p.g.Submit()
	if err != nil {
		p.orderErr = necboard.ErrText(err)
		return
	}
	p.orderErr, p.orderText = "", ""
	p.tapped, p.hover = nil, nil
	if resolved {
		p.afterUpdate(ctx)
	}
}

// inGame reports whether a game is in progress on the screen (until it is over: the orders
// people enter are in this page alone until their update resolves).
func (p *Screen) InGame() bool { return p.g != nil && p.g.Phase() != necgame.Over }

// afterUpdate shows and saves a resolved update.
func (p *Screen) afterUpdate(ctx app.Context) {
	p.view = -1
	p.animate(p.g.Updates())
	p.save(ctx)
	p.App.ShowGame(ctx, p)
	p.scheduleAuto(ctx)
}

func (p *Screen) onReveal(ctx app.Context, e app.Event) {
	if err := p.g.Reveal(); err != nil {
		p.orderErr = necboard.ErrText(err)
	}
	p.view = -1
	p.tapped, p.hover = nil, nil
	p.orderText, p.orderErr = "", ""
	if p.sized && p.cam.W < necboard.PhoneWidth {
		p.firstView() // a phone passed to the next person: its own army, at a touchable size
	}
	// The cover took the board's place: the board drawn now is a new element, of a size
	// the screen has not measured (never, if the game opened behind the cover).
	p.measured = false
	p.measureSoon(ctx)
	p.toAction = false
}

func (p *Screen) onContinue(ctx app.Context, e app.Event) {
	p.cont(ctx)
}

func (p *Screen) cont(ctx app.Context) {
	if p.g == nil || p.g.Phase() != necgame.Result || p.busy {
		return
	}
	if firstPerson(p.g) >= 0 {
		// On to the cover of the first person.
		if _, err := p.g.Continue(); err != nil {
			p.orderErr = necboard.ErrText(err)
		}
		p.view = -1
		return
	}
	// Bots only (or no person left with pieces): the bots think, then the update resolves.
	p.thinkThen(ctx, func(ctx app.Context) {
		resolved, err := p.g.Continue()
		if err != nil {
			p.orderErr = necboard.ErrText(err)
			return
		}
		if resolved {
			p.afterUpdate(ctx)
		}
	})
}

// necAutoDelay is the pause between two updates of bots playing by themselves.
const necAutoDelay = 900 * time.Millisecond

func (p *Screen) onAuto(ctx app.Context, e app.Event) {
	p.auto = e.Get("target").Get("checked").Bool()
	p.autoGen++
	if p.auto {
		p.cont(ctx)
	}
}

// scheduleAuto plays the next update of a game of bots after a pause, while "play by
// themselves" is on.
func (p *Screen) scheduleAuto(ctx app.Context) {
	if !p.auto || p.g == nil || firstPerson(p.g) >= 0 || p.g.Phase() != necgame.Result {
		return
	}
	gen := p.autoGen
	ctx.Async(func() {
		time.Sleep(necAutoDelay)
		ctx.Dispatch(func(ctx app.Context) {
			if gen == p.autoGen && p.auto {
				p.cont(ctx)
			}
		})
	})
}

// --- History ----------------------------------------------------------------------------------

// onShowUpdate shows the board after update k (k == Updates(): the current board).
func (p *Screen) onShowUpdate(k int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.showUpdate(k)
	}
}

func (p *Screen) showUpdate(k int) {
	n := p.g.Updates()
	k = min(max(k, 0), n)
	if k == n {
		p.view = -1
	} else {
		p.view = k
	}
	// The list of updates follows the update shown.
	if k == n {
		p.histPage = 0
	} else if k > 0 {
		p.histPage = necHistoryPageOf(k)
	}
	if k > 0 {
		p.animate(k)
	} else {
		p.animFor = 0
	}
	if d := p.g.Draft(); d != nil {
		d.Select(0)
	}
}

// onHistoryPage shows page of the list of updates (1: the oldest).
func (p *Screen) onHistoryPage(page int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if p.g == nil {
			return
		}
		if page >= necHistoryPageOf(p.g.Updates()) {
			page = 0
		}
		p.histPage = max(page, 0)
	}
}

// --- Share ------------------------------------------------------------------------------------

func (p *Screen) onShare(ctx app.Context, e app.Event) {
	p.share = true
}
