package necplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/view/necboard"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/share"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/variants/nec"
)

// Render draws the screen. Behind the cover it draws the cover alone: no board, no order, no
// history, so that nothing of the game is in the page while the device changes hands.
func (p *Screen) Render() app.UI {
	if p.g == nil {
		msg := p.loadErr
		if msg == "" {
			msg = "Loading…"
		}
		return p.Frame("new", app.Main().Class("page nec-empty").Body(
			necboard.Stylesheet(),
			app.Div().Class("card error-card").Body(
				app.H2().Text("Never-Ending Chess"),
				app.P().DataSet("nec-error", true).Text(msg),
				app.A().Class("btn primary").Href(route.NECNew()).Text("New game"),
			),
		))
	}
	if p.g.Phase() == necgame.Cover {
		return p.Frame("", app.Main().Class("nec-play covered").Body(
			necboard.Stylesheet(),
			p.cover(),
		))
	}
	return p.Frame("", app.Main().Class("nec-play").DataSet("phase", p.g.Phase().String()).Body(
		necboard.Stylesheet(),
		app.Raw(necboard.Defs()),
		app.Div().Class("nec-board-col").Body(p.viewport()),
		app.Aside().Class("nec-side").Body(
			p.titleBar(),
			p.seatsPanel(),
			p.phasePanel(),
			p.historyPanel(),
			p.sharePanel(),
		),
	))
}

// cover draws the full-screen "Pass to Blue" cover.
func (p *Screen) cover() app.UI {
	seat := p.g.Seat()
	colour := necgame.Colour(p.g.Start(), seat)
	name := colour
	if n := p.g.Seats()[seat].Name; n != "" {
		name = n + " (" + colour + ")"
	}
	return app.Div().Class("nec-cover").Role("dialog").Aria("modal", true).Aria("labelledby", "nec-cover-title").
		DataSet("seat", seat).Body(
		app.Raw(necboard.Defs()),
		necSwatch(seat),
		app.H2().ID("nec-cover-title").Text("Pass to "+colour),
		app.P().Text(fmt.Sprintf("%s, it is your turn to give an order for update %d. Everyone else, please look away.", name, p.g.Updates()+1)),
		app.Button().Class("btn primary big").DataSet("action", "reveal").OnClick(p.onReveal).
			Text("I am "+colour+": show my board"),
	)
}

// viewport draws the board with its overlays: the toolbar, the coordinates, the arrows. It
// says its camera (data-cam) and the size the camera was last fitted to (data-size, width and
// height in CSS pixels), which equals the element's client size once a new size is measured,
// refitted and drawn.
func (p *Screen) viewport() app.UI {
	_, k := p.shown()
	kids := []app.UI{&necBoardView{Play: p, Key: p.boardKey()}, p.toolbar()}
	if p.view >= 0 {
		kids = append(kids, app.Div().Class("nec-overlay nec-looking").Body(
			app.Span().Text(fmt.Sprintf("Looking back: the board after update %d of %d", k, p.g.Updates())),
			app.Button().Class("btn small").DataSet("action", "now").OnClick(shell.On(p.onShowUpdate(p.g.Updates()), "show-update", p.g.Updates())).Text("Back to now"),
		))
	}
	return app.Div().ID(necViewportID).Class("nec-viewport").
		DataSet("cam", fmt.Sprintf("%d %d %g %g %g", p.cam.IX, p.cam.IY, p.cam.FX, p.cam.FY, p.cam.S)).
		DataSet("measured", p.measured).
		DataSet("size", fmt.Sprintf("%g %g", p.cam.W, p.cam.H)).
		DataSet("view", p.camView()).
		TabIndex(0).Aria("label", "Board; drag or arrow keys to move it, wheel, pinch or + and - to zoom").
		On("keydown", p.onKey).
		On("pointerdown", p.onPointerDown).
		On("pointermove", p.onPointerMove).
		On("pointerup", p.onPointerUp).
		On("pointercancel", p.onPointerCancel).
		On("pointerleave", p.onPointerLeave).
		On("contextmenu", func(ctx app.Context, e app.Event) { e.PreventDefault(); ctx.PreventUpdate() }).
		Body(kids...)
}

// necBoardKey is everything the board of the game screen draws from: when it is the same, the
// board is not drawn again.
type necBoardKey struct {
	Cam    necboard.Camera
	Sized  bool
	Game   int // Screen.gameGen: another game
	Shown  int // the board after this many updates
	Update int // the game's updates: the current board changed
	Anim   int
	Second bool
	Live   bool
	// Hover is the square under the pointer (HoverOn false: none).
	Hover   nec.Square
	HoverOn bool
	// The order being entered: the seat (-1: none), the piece picked up, the condition of the
	// step being added and the steps so far.
	Player int
	Sel    nec.PieceID
	Cond   necgame.Cond
	Steps  string
}

// boardKey returns what the board draws from now.
func (p *Screen) boardKey() necBoardKey {
	_, k := p.shown()
	key := necBoardKey{Cam: p.cam, Sized: p.sized, Game: p.gameGen, Shown: k, Update: p.g.Updates(),
		Anim: p.animFor, Second: p.animSecond, Live: p.animLive, Player: -1}
	if p.hover != nil {
		key.Hover, key.HoverOn = *p.hover, true
	}
	if d := p.entering(); d != nil {
		key.Player, key.Cond, key.Steps = d.Player(), d.Cond(), d.Text()
		if sel, ok := d.Selected(); ok {
			key.Sel = sel.ID
		}
	}
	return key
}

// necBoardView is the board of the game screen (the SVG and the arrows towards the pieces off
// screen): a component of its own, drawn again only when what it draws changes (Key), not at
// every change of the rest of the screen (a bot's answer, the text of a typed order).
type necBoardView struct {
	app.Compo

	// Play is the screen, whose game and camera the board shows.
	Play *Screen
	// Key is what the board draws from (Screen.boardKey).
	Key necBoardKey
}

// Render draws the board and the arrows, in a box of their own that takes no room.
func (v *necBoardView) Render() app.UI {
	p := v.Play
	layer := app.Div().Class("nec-layer").Style("display", "contents")
	if p == nil || p.g == nil || !p.sized {
		return layer
	}
	s, k := p.shown()
	b := necboard.Board{Cam: p.cam, State: s, Marks: necgame.Marks(s), Player: -1, Hover: p.hover}
	if d := p.entering(); d != nil {
		b.Player = d.Player()
		if sel, ok := d.Selected(); ok {
			b.Sel = sel.ID
			if t, ok := d.Targets(); ok {
				b.Targets = &t
			}
		}
		b.Steps = d.Steps()
	}
	if p.animFor > 0 && p.animFor == k {
		before, _, _, rep, err := p.g.Update(k)
		if err == nil {
			b.Anim = &necboard.Anim{Before: before, Rep: rep, Second: p.animSecond, Live: p.animLive}
		}
	}
	kids := []app.UI{b.Render()}
	for _, a := range necboard.PlaceArrows(p.cam, necboard.Arrows(p.cam, s.Pieces(), s.NumPlayers()), s.Pieces()) {
		kids = append(kids, p.arrow(s, a))
	}
	return layer.Body(kids...)
}

// arrow draws the pointer towards the pieces off screen in one direction, with their counts.
func (p *Screen) arrow(s nec.State, a necboard.Arrow) app.UI {
	total := 0
	var parts []string
	var chips []app.UI
	for i, n := range a.Counts {
		if n == 0 {
			continue
		}
		total += n
		parts = append(parts, fmt.Sprintf("%s %d", necgame.Colour(s, i), n))
		chips = append(chips, app.Span().Class("nec-chip").DataSet("player", i).Body(necSwatch(i), app.Span().Text(strconv.Itoa(n))))
	}
	title := fmt.Sprintf("%d pieces to the %s (%s): show the nearest", total, necboard.DirNames[a.Dir], strings.Join(parts, ", "))
	return app.Button().Class("nec-overlay nec-arrow").Type("button").
		DataSet("dir", necboard.DirNames[a.Dir]).
		Style("left", necboard.Fmt(a.X)+"px").Style("top", necboard.Fmt(a.Y)+"px").
		Title(title).Aria("label", title).
		OnClick(shell.On(p.onArrow(a.Nearest), "arrow", a.Nearest.X, a.Nearest.Y)).
		Body(
			app.Span().Class("nec-arrow-head").Style("transform", fmt.Sprintf("rotate(%ddeg)", -45*a.Dir)).Text("➜"),
			app.Span().Class("nec-chips").Body(chips...),
		)
}

// toolbar draws the zoom buttons, "back to the action" and the jump box.
func (p *Screen) toolbar() app.UI {
	kids := []app.UI{
		app.Button().Class("btn small").Type("button").DataSet("action", "zoom-out").Title("Zoom out").Aria("label", "Zoom out").OnClick(shell.On(p.onZoom(1/1.4), "zoom-out")).Text("−"),
		app.Button().Class("btn small").Type("button").DataSet("action", "zoom-in").Title("Zoom in").Aria("label", "Zoom in").OnClick(shell.On(p.onZoom(1.4), "zoom-in")).Text("+"),
		app.Button().Class("btn small").Type("button").DataSet("action", "action").Title("Back to the action").Aria("label", "Back to the action").OnClick(p.onBack).Body(
			app.Span().Aria("hidden", true).Text("◎"), app.Span().Class("nec-wide").Text(" Action")),
		app.Form().Class("nec-jump").OnSubmit(p.onJump).Body(
			app.Input().Type("text").Class("nec-jump-input").Placeholder("x,y").Aria("label", "Jump to a square (x,y)").
				Attr("inputmode", "text").Value(p.jump).
				OnInput(func(ctx app.Context, e app.Event) {
					p.jump = e.Get("target").Get("value").String()
					ctx.PreventUpdate()
				}),
			app.Button().Class("btn small").Type("submit").DataSet("action", "jump").Text("Go"),
		),
	}
	if p.jumpErr != "" {
		kids = append(kids, app.Span().Class("nec-jump-err").Role("alert").Text(p.jumpErr))
	}
	if r := p.readout(); r != nil {
		kids = append(kids, r)
	}
	return app.Div().Class("nec-overlay nec-toolbar").Body(kids...)
}

// readout shows the coordinates of the square under the pointer, or of the last one tapped
// (nil when there is none).
func (p *Screen) readout() app.UI {
	var sq *nec.Square
	switch {
	case p.hover != nil:
		sq = p.hover
	case p.tapped != nil:
		sq = p.tapped
	}
	if sq == nil {
		return nil
	}
	coords, what := sq.String(), ""
	s, _ := p.shown()
	for _, pc := range s.At(*sq) {
		what += " · " + necboard.PieceName(s, pc)
	}
	return app.Div().Class("nec-readout").Aria("live", "polite").DataSet("coords", coords).Body(
		app.Span().Text(coords), app.Span().Class("nec-wide").Text(what))
}

// titleBar names the game and its end condition.
func (p *Screen) titleBar() app.UI {
	s := p.g.State()
	lim := s.Limits()
	var end []string
	if lim.MaxUpdates > 0 {
		end = append(end, fmt.Sprintf("ends after update %d", lim.MaxUpdates))
	}
	if lim.ScoreLimit > 0 {
		end = append(end, fmt.Sprintf("ends at %d points", lim.ScoreLimit))
	}
	if len(end) == 0 {
		end = append(end, "last player standing")
	}
	return app.Div().Class("nec-title").Body(
		app.H2().Text("Never-Ending Chess"),
		app.Span().Class("muted").DataSet("updates", p.g.Updates()).
			Text(fmt.Sprintf("Update %d · %s", p.g.Updates(), strings.Join(end, ", "))),
		app.A().Class("rules-link").Href(route.Rules("nec")).Text("Rules"),
	)
}

// seatsPanel lists the seats: colour and pattern, name, score, pieces, and whether each has
// given its order (never what the order is).
func (p *Screen) seatsPanel() app.UI {
	s := p.g.State()
	pieces := make([]int, s.NumPlayers())
	for _, pc := range s.Pieces() {
		pieces[pc.Owner]++
	}
	end := s.End()
	var rows []app.UI
	for i := range p.g.Seats() {
		status := ""
		switch {
		case end.Over:
			for _, w := range end.Winners {
				if w == i {
					status = "winner"
				}
			}
		case !s.Alive(i):
			status = "out"
		case p.g.Full():
			status = "stopped"
		case p.g.Phase() == necgame.Entering && p.g.Seat() == i:
			status = "entering"
		case p.g.Seats()[i].Bot:
			status = "bot"
		case p.g.Ready(i):
			status = "ready"
		default:
			status = "waiting"
		}
		rows = append(rows, app.Li().Class("nec-seat "+status).DataSet("seat", i).DataSet("status", status).Body(
			necSwatch(i),
			app.Span().Class("nec-seat-name").Text(p.g.SeatName(i)),
			app.Span().Class("nec-seat-score").Title("Score").DataSet("score", s.Player(i).Score).Text(strconv.FormatInt(s.Player(i).Score, 10)+" pts"),
			app.Span().Class("nec-seat-pieces").Text(strconv.Itoa(pieces[i])+" pcs"),
			app.Span().Class("nec-seat-status").Text(status),
		))
	}
	return app.Ul().Class("nec-seats").Aria("label", "Players").Body(rows...)
}

// phasePanel draws what the phase asks for: the order entry, the result of the update, or the
// end of the game.
func (p *Screen) phasePanel() app.UI {
	var body []app.UI
	switch p.g.Phase() {
	case necgame.Entering:
		body = append(body, p.orderPanel()...)
	case necgame.Result:
		body = append(body, p.resultPanel()...)
	case necgame.Over:
		end := p.g.State().End()
		if !end.Over { // the game is full
			body = append(body,
				app.H3().DataSet("over", "full").Text(fmt.Sprintf("The game stops at update %d", p.g.Updates())),
				app.P().Text(fmt.Sprintf("A game keeps at most %d updates, so that it can always be saved and shared: this one takes no more. Start a new game to play on.", necgame.MaxUpdates)),
				app.A().Class("btn primary").Href(route.NECNew()).Text("New game"),
			)
			break
		}
		var who []string
		for _, w := range end.Winners {
			who = append(who, p.g.SeatName(w))
		}
		body = append(body,
			app.H3().DataSet("over", true).Text("Game over: "+strings.Join(who, " and ")+" won"),
			app.P().Class("muted").Text("("+end.Reason+")"),
			app.A().Class("btn primary").Href(route.NECNew()).Text("New game"),
		)
	}
	if p.botErr != "" {
		body = append(body, app.P().Class("notice").Role("alert").DataSet("bot-error", true).Text(p.botErr))
	}
	if p.saveErr != "" {
		body = append(body, app.P().Class("notice").Role("alert").Text(p.saveErr))
	}
	if p.notice != "" {
		body = append(body, app.P().Class("notice nec-notice").Role("status").DataSet("notice", true).Text(p.notice))
	}
	return app.Section().Class("card nec-phase").Body(body...)
}

// orderPanel is the entry of the entering seat's order: its steps in the notation, the
// fallbacks that can be added, typing, submitting and passing.
func (p *Screen) orderPanel() []app.UI {
	d := p.entering()
	if d == nil {
		return []app.UI{app.P().Text("Go back to the current board to give your order."),
			app.Button().Class("btn").OnClick(shell.On(p.onShowUpdate(p.g.Updates()), "show-update", p.g.Updates())).Text("Back to now")}
	}
	e, _ := p.orderEntry()
	title := fmt.Sprintf("%s's order for update %d", necgame.Colour(p.g.Start(), d.Player()), p.g.Updates()+1)
	submit := "Submit this order"
	if p.busy {
		submit = p.busyText()
	}
	return e.Panel(title, submit, p.onSubmit)
}

// busyText says what the screen waits for while the update resolves.
func (p *Screen) busyText() string {
	if p.thinking > 0 {
		return "Bots are thinking…"
	}
	return "Resolving the update…"
}

// resultPanel shows the update just resolved and the way on.
func (p *Screen) resultPanel() []app.UI {
	n := p.g.Updates()
	var out []app.UI
	if n > 0 {
		out = append(out, app.H3().Text(fmt.Sprintf("Update %d resolved", n)))
		before, after, _, rep, _ := p.g.Update(n)
		out = append(out, describeList(before, after, rep))
	} else {
		out = append(out, app.H3().Text("Ready to start"))
	}
	label := "Next update"
	if next := firstPerson(p.g); next >= 0 {
		label = "Continue: pass to " + necgame.Colour(p.g.Start(), next)
	}
	if p.busy {
		label = p.busyText()
	}
	out = append(out, app.Div().Class("nec-submit").Body(
		app.Button().Class("btn primary").Type("button").DataSet("action", "continue").Disabled(p.busy).OnClick(p.onContinue).Text(label),
	))
	if firstPerson(p.g) < 0 {
		out = append(out, app.Label().Class("toggle").Body(
			app.Input().Type("checkbox").DataSet("action", "auto").Checked(p.auto).OnChange(p.onAuto),
			app.Span().Text("Let the bots play by themselves"),
		))
	}
	return out
}

// firstPerson returns the first seat played by a person who still has pieces (-1: none).
func firstPerson(g *necgame.Game) int {
	s := g.State()
	for i, st := range g.Seats() {
		if !st.Bot && s.Alive(i) {
			return i
		}
	}
	return -1
}

// describeList lists what an update did.
func describeList(before, after nec.State, rep nec.Report) app.UI {
	var items []app.UI
	for _, l := range necgame.Describe(before, after, rep) {
		li := app.Li().Text(l.Text)
		if l.Player >= 0 {
			li = app.Li().DataSet("player", l.Player).Body(necSwatch(l.Player), app.Span().Text(l.Text))
		}
		items = append(items, li)
	}
	return app.Ul().Class("nec-describe").Body(items...)
}

// historyPanel lists the updates with all orders revealed; choosing one shows its board. It
// is a component of its own, drawn again only when the game, the update shown or the page of
// the list changes, not at every move of the board.
func (p *Screen) historyPanel() app.UI {
	_, shown := p.shown()
	return &necHistory{Play: p, Updates: p.g.Updates(), Shown: shown, Page: p.histPage}
}

// necHistoryPage is how many updates a page of the list holds: a game keeps few boards, and
// the list replays only those of the updates it shows.
const necHistoryPage = 20

// necHistoryWindow returns the first and the last update of page (1 for updates 1 to
// necHistoryPage; 0 for the newest page) of a game of n updates. The pages are fixed, oldest
// first, so that a new update adds one item to the list instead of shifting every item.
func necHistoryWindow(n, page int) (first, last int) {
	newest := max(1, (n+necHistoryPage-1)/necHistoryPage)
	if page <= 0 || page > newest {
		page = newest
	}
	return (page-1)*necHistoryPage + 1, min(n, page*necHistoryPage)
}

// necHistoryPageOf returns the page of the list that holds update k.
func necHistoryPageOf(k int) int { return max(1, (k+necHistoryPage-1)/necHistoryPage) }

// necHistory is the list of updates of the game screen.
type necHistory struct {
	app.Compo

	// Play is the screen, whose game the list shows.
	Play *Screen
	// Updates and Shown are the number of updates and the update shown (0: the start), and Page
	// the page of the list shown (0: the newest): the list is drawn again when they change.
	Updates, Shown, Page int
}

// Render draws a page of the list, oldest first.
func (h *necHistory) Render() app.UI {
	p := h.Play
	if p == nil || p.g == nil {
		return app.Section()
	}
	n, shown := h.Updates, h.Shown
	first, last := necHistoryWindow(n, h.Page)
	// The boards are replayed oldest first, each from the one before.
	items := make([]app.UI, 0, last-first+1)
	for k := first; k <= last; k++ {
		before, after, _, rep, err := p.g.Update(k)
		if err != nil {
			continue
		}
		cls := "nec-update"
		if k == shown {
			cls += " shown"
		}
		items = append(items, app.Li().Class(cls).DataSet("update", k).Body(
			app.Button().Class("nec-update-btn").Type("button").OnClick(shell.On(p.onShowUpdate(k), "show-update", k)).
				Aria("current", k == shown).Text(fmt.Sprintf("Update %d", k)),
			describeList(before, after, rep),
		))
	}
	nav := app.Div().Class("nec-history-nav").Body(
		app.Button().Class("btn small").Type("button").DataSet("action", "prev").Disabled(shown <= 0).
			OnClick(shell.On(p.onShowUpdate(shown-1), "show-update", shown-1)).Text("◀ Back"),
		app.Button().Class("btn small").Type("button").DataSet("action", "next").Disabled(shown >= n).
			OnClick(shell.On(p.onShowUpdate(shown+1), "show-update", shown+1)).Text("Forward ▶"),
		app.Button().Class("btn small").Type("button").DataSet("action", "latest").Disabled(shown >= n).
			OnClick(shell.On(p.onShowUpdate(n), "show-update", n)).Text("Now"),
	)
	body := []app.UI{app.H3().Text("Updates"), nav}
	if n == 0 {
		body = append(body, app.P().Class("muted").Text("No update yet."))
		return app.Section().Class("card nec-history-card").Body(body...)
	}
	if n > necHistoryPage {
		page := necHistoryPageOf(first)
		body = append(body, app.Div().Class("nec-history-pages").Body(
			app.Button().Class("btn small").Type("button").DataSet("action", "history-older").Disabled(first <= 1).
				OnClick(shell.On(p.onHistoryPage(page-1), "history-page", page-1)).Text("Older"),
			app.Span().Class("muted small").DataSet("history-window", fmt.Sprintf("%d-%d", first, last)).
				Text(fmt.Sprintf("Updates %d to %d of %d", first, last, n)),
			app.Button().Class("btn small").Type("button").DataSet("action", "history-newer").Disabled(last >= n).
				OnClick(shell.On(p.onHistoryPage(page+1), "history-page", page+1)).Text("Newer"),
		))
	}
	body = append(body, app.Ol().Class("nec-history").Attr("start", first).Body(items...))
	return app.Section().Class("card nec-history-card").Body(body...)
}

// sharePanel offers the link to the game in the share dialog of every game (with every
// resolved update; orders being entered are not in it).
func (p *Screen) sharePanel() app.UI {
	var dialog app.UI
	if p.share {
		dialog = &share.Dialog{App: p.App, Entry: p.necEntry(), OnClose: func(ctx app.Context) { p.share = false }}
	}
	return app.Section().Class("nec-share").Body(
		app.Div().Class("nec-share-bar").Body(
			app.Button().Class("btn").Type("button").DataSet("action", "share").Aria("haspopup", "dialog").OnClick(p.onShare).Text("Share"),
			app.A().Class("btn").Href(route.NECNew()).Text("New game"),
		),
		dialog,
	)
}
