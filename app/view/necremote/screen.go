package necremote

import (
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/necgame/remote"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/necboard"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/share"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/variants/nec"
)

// Screen is the screen of Never-Ending Chess across devices: the form of a new remote game
// (whoever creates it is its referee), the referee's panel (invitations, who has sent an
// order, the referee's own orders, resolving, the public update link) and the player's panel
// (the board of the last public update, the order with its fallbacks, the sealed order link).
// It opens the links of the game (#ri=, #ro=, #ru=) through OpenLink.
type Screen struct {
	app.Compo

	shell.PageState

	st      *store.Store
	entry   store.Entry
	ref     *remote.Referee
	player  *remote.Player
	loadErr string
	notice  string
	err     string

	// The new-game form.
	seats   []remote.Seat
	missing remote.Missing

	// orderLink is the player's sealed order link, once made.
	orderLink string
	// pasted is the text of the "open a link" field.
	pasted string
	// shown is the link whose QR code is drawn ("" for none).
	shown string

	// compose holds the order of each seat entered on this device's board (the player's
	// seat, the referee's own seats), for the update it was begun in.
	compose map[int]*composing
	// anim is the update the board shows as just played (0: none), after an update link
	// was opened or the referee resolved; animSecond alternates its animation's name.
	anim       int
	animSecond bool

	// engine is the engine worker's bridge, where the bots choose their orders (botAsk
	// numbers the requests); thinking is how many bots are still to choose while resolving.
	engine   *browser.Engine
	botAsk   int
	thinking int
	// ui is the screen's own context (OnMount), through which the worker's answers come.
	ui *app.Context
}

// composing is one seat's order being entered on the board: its draft and the two texts of
// its panel.
type composing struct {
	update     int
	draft      *necgame.Draft
	typed, err string
}

// OnMount marks the screen live.
func (s *Screen) OnMount(ctx app.Context) {
	s.Mount()
	s.ui = &ctx
}

// OnDismount stops the engine worker, if the bots used it.
func (s *Screen) OnDismount() {
	if s.engine != nil {
		s.engine.Close()
		s.engine = nil
	}
}

// OnNav opens what the address names: a remote-game link in its fragment, a saved remote game
// (?id=), or else the form of a new remote game.
func (s *Screen) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	*s = Screen{Compo: s.Compo, PageState: s.PageState, engine: s.engine, ui: s.ui, botAsk: s.botAsk}
	s.compose = map[int]*composing{}
	st, err := s.App.Store()
	if err != nil {
		s.loadErr = "Games are not kept on this device: " + err.Error()
		return
	}
	s.st = st
	u := shell.PageURL(ctx)
	ctx.Page().SetTitle("Never-Ending Chess across devices · %s", shell.AppName)
	if frag := store.RawFragment(u); frag != "" {
		s.openLink(ctx, frag)
		return
	}
	if id := u.Query().Get("id"); id != "" {
		s.load(id)
		return
	}
	s.seats = []remote.Seat{{Kind: remote.Local}, {Kind: remote.Remote}, {Kind: remote.Remote}}
}

// openLink files a remote link on this device and shows its game.
func (s *Screen) openLink(ctx app.Context, link string) {
	o, err := OpenLink(s.st, link)
	if err != nil {
		s.err = refusal(o.Kind, err)
	}
	s.notice = o.Notice
	if o.ID == "" {
		if err == nil {
			s.loadErr = "This link holds no game."
		}
		return
	}
	s.load(o.ID)
	if o.Kind == remote.UpdateLink && err == nil && s.player != nil {
		if g, err := s.player.Game(); err == nil {
			s.animate(g.Updates())
		}
	}
	if to, err := url.Parse(route.NECRemoteGame(o.ID)); err == nil {
		ctx.Page().ReplaceURL(to)
	}
}

// refusal says in words why a link was refused.
func refusal(k remote.LinkKind, err error) string {
	what := "This link"
	if k != remote.NotRemote {
		what = "This " + k.String() + " link"
	}
	switch {
	case errors.Is(err, remote.ErrForged):
		return what + " is refused: it was not sealed with the seat's invitation (forged or changed). " + err.Error()
	case errors.Is(err, remote.ErrReplayed):
		return what + " is refused: a later order of the seat replaced it (an old order sent again). " + err.Error()
	case errors.Is(err, remote.ErrUnsigned):
		return what + " is refused: it does not come from the referee (forged or changed). " + err.Error()
	case errors.Is(err, remote.ErrStale):
		return what + " is refused: it is out of date. " + err.Error()
	case errors.Is(err, remote.ErrLink):
		return what + " is damaged or incomplete: " + err.Error()
	}
	return what + " is refused: " + err.Error()
}

// load opens the saved remote game id.
func (s *Screen) load(id string) {
	e, r, p, err := remote.Load(s.st, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.loadErr = "There is no remote game " + id + " on this device."
	case err != nil:
		s.loadErr = "This remote game cannot be opened: " + err.Error()
	default:
		s.entry, s.ref, s.player, s.loadErr = e, r, p, ""
		if p != nil && p.Sent() {
			s.orderLink = p.SentLink()
		}
	}
}

// saveRef keeps the referee's game after every change.
func (s *Screen) saveRef() bool {
	e, err := remote.SaveReferee(s.st, s.entry, s.ref)
	if err != nil {
		s.err = "The game is not saved: " + err.Error()
		return false
	}
	s.entry = e
	return true
}

// link returns the whole address of a remote link's fragment on this site.
func link(frag string) string { return share.SiteBase() + route.NECRemoteLink(frag) }

func (s *Screen) onCreate(ctx app.Context, e app.Event) {
	id, err := s.st.NewID(store.KindNEC)
	if err != nil {
		s.err = "No new game: " + err.Error()
		return
	}
	level := 0
	if s.missing == remote.MissingBot {
		level = 1
	}
	r, err := remote.New(id, remote.Config{Seats: s.seats, Missing: s.missing, MissingLevel: level}, nil)
	if err != nil {
		s.err = "No new game: " + err.Error()
		return
	}
	s.ref, s.err = r, ""
	if !s.saveRef() {
		return
	}
	if to, err := url.Parse(route.NECRemoteGame(id)); err == nil {
		ctx.Page().ReplaceURL(to)
	}
}

func (s *Screen) onOpenPasted(ctx app.Context, e app.Event) {
	t := strings.TrimSpace(s.pasted)
	if t == "" {
		return
	}
	s.pasted, s.err, s.notice = "", "", ""
	if i := strings.IndexByte(t, '#'); i >= 0 {
		t = t[i+1:]
	}
	s.openLink(ctx, t)
}

// onLock locks the order of a seat played on the referee's device.
// lock locks the order of the referee's own seat (before any other order is read).
func (s *Screen) lock(seat int, o nec.Order) {
	if err := s.ref.Lock(seat, o); err != nil {
		s.err = err.Error()
		return
	}
	s.err, s.notice = "", s.ref.Game().SeatName(seat)+"'s order is locked."
	delete(s.compose, seat)
	s.saveRef()
}

func (s *Screen) onResolve(ctx app.Context, e app.Event) {
	if s.thinking > 0 || s.ref == nil {
		return
	}
	if s.ui != nil {
		ctx = *s.ui
	}
	s.err = ""
	s.askBots(ctx, s.ref, s.resolve)
}

// askBots has the bots of the referee's game (and those standing in for missing orders)
// choose their orders in the engine worker, one after the other (not on the page's thread),
// then calls then. When the worker cannot
// answer, the screen says why and nothing resolves: the same button tries again.
func (s *Screen) askBots(ctx app.Context, r *remote.Referee, then func()) {
	if s.ref != r {
		return // another game meanwhile
	}
	g := r.Game()
	// The bots' seats, then the remote seats whose order has not come when a bot stands in
	// for them (the game's policy).
	t, ok := g.NextBot()
	decide := func(text string) error { return g.Decide(t.Seat, text) }
	if !ok {
		t, ok = r.MissingBotTurn()
		decide = func(text string) error { return r.StandIn(t.Seat, text) }
	}
	if !ok {
		s.thinking = 0
		then()
		return
	}
	s.thinking = max(g.BotsLeft(), 1)
	if s.engine == nil {
		s.engine = s.App.NewEngine()
	}
	s.botAsk++
	update := g.Updates()
	req := worker.Request{Type: worker.TypeNEC, ID: s.botAsk, State: t.Board.Encode(), Player: t.Seat, Level: t.Level, Seed: t.Seed}
	s.engine.Ask(ctx, req, func(resp worker.Response) {
		if s.ref != r || g.Updates() != update {
			return
		}
		var err error
		if resp.Err != "" {
			err = errors.New(resp.Err)
		} else {
			err = decide(resp.Order)
		}
		if err != nil {
			s.thinking = 0
			s.err = fmt.Sprintf("%s could not choose its order: %v. Try again.", g.SeatName(t.Seat), err)
			return
		}
		s.askBots(ctx, r, then)
	})
}

// resolve resolves the update once the bots have chosen.
func (s *Screen) resolve() {
	res, err := s.ref.Resolve()
	if err != nil {
		s.err = "The update cannot be resolved: " + err.Error()
		return
	}
	s.err = ""
	s.animate(res.Update)
	s.notice = fmt.Sprintf("Update %d is resolved: share the new update link with every player.", res.Update)
	for _, i := range res.Missing {
		s.notice += " " + s.ref.Game().SeatName(i) + " sent no order."
	}
	for i, why := range res.Refused {
		s.notice += fmt.Sprintf(" %s's order could not be played (%v).", s.ref.Game().SeatName(i), why)
	}
	s.saveRef()
}

// seal seals the player's order o and shows its link.
func (s *Screen) seal(o nec.Order) {
	sealed, err := s.player.Seal(o, nil)
	if err != nil {
		s.err = "The order is not sealed: " + err.Error()
		return
	}
	if e, err := remote.SavePlayer(s.st, s.entry, s.player); err != nil {
		s.err = "The order is not kept on this device: " + err.Error()
	} else {
		s.entry = e
	}
	s.err = ""
	delete(s.compose, s.player.Seat()) // a new order starts afresh; this one is in its link
	s.orderLink = sealed.Fragment()
	s.shown = s.orderLink
	s.notice = "Your order is sealed: send this order link to the referee. Only the referee can read it."
}

// Render draws the screen.
func (s *Screen) Render() app.UI {
	var main app.UI
	switch {
	case s.loadErr != "":
		main = app.Div().Body(app.P().Class("error").Role("alert").Text(s.loadErr), s.pasteBox())
	case s.ref != nil:
		main = s.renderReferee()
	case s.player != nil:
		main = s.renderPlayer()
	case s.st != nil:
		main = s.renderNew()
	default:
		main = app.P().Text("Loading…")
	}
	return s.Frame(route.NECPath, app.Div().Class("page nec-remote").Body(
		necboard.Stylesheet(),
		app.H1().Text("Never-Ending Chess across devices"),
		app.P().Body(app.A().ID("remote-help").Href(route.Rules("nec")+"#remote").Text("How a game across devices works")),
		app.If(s.notice != "", func() app.UI {
			return app.P().Class("remote-notice").ID("remote-notice").Role("status").Text(s.notice)
		}),
		app.If(s.err != "", func() app.UI {
			return app.P().Class("error").ID("remote-error").Role("alert").Text(s.err)
		}),
		main,
	))
}

var kindNames = []string{remote.Local: "On this device", remote.Remote: "Another device (invitation)", remote.Bot: "Bot"}

func (s *Screen) renderNew() app.UI {
	rows := make([]app.UI, len(s.seats))
	for i, seat := range s.seats {
		opts := make([]app.UI, len(kindNames))
		for k, n := range kindNames {
			opts[k] = app.Option().Value(strconv.Itoa(k)).Selected(int(seat.Kind) == k).Text(n)
		}
		rows[i] = app.Li().Body(
			app.Label().Body(
				app.Text(fmt.Sprintf("Seat %d ", i+1)),
				app.Select().ID(fmt.Sprintf("remote-seat-%d", i)).OnChange(shell.On(s.onKind(i), "kind", i)).Body(opts...),
			),
		)
	}
	more := func(d int) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			n := len(s.seats) + d
			if n < 2 || n > 8 {
				return
			}
			if d > 0 {
				s.seats = append(s.seats, remote.Seat{Kind: remote.Remote})
			} else {
				s.seats = s.seats[:n]
			}
		}
	}
	return app.Div().Class("remote-new").Body(
		app.P().Text("You are the referee: your device keeps the game and collects the players' sealed orders. "+
			"Each player on another device gets a private invitation link; after each update you share a public link. No server is involved."),
		app.Ol().Class("remote-seats").Body(rows...),
		app.Div().Class("buttons").Body(
			app.Button().Class("btn").Type("button").ID("remote-add-seat").Text("Add a seat").OnClick(shell.On(more(1), "more")),
			app.Button().Class("btn").Type("button").ID("remote-remove-seat").Text("Remove a seat").OnClick(shell.On(more(-1), "less")),
		),
		app.Label().Body(
			app.Text("When an order is missing: "),
			app.Select().ID("remote-missing").OnChange(func(ctx app.Context, e app.Event) {
				m, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
				s.missing = remote.Missing(m)
			}).Body(
				app.Option().Value("0").Selected(s.missing == remote.MissingPass).Text("the seat makes no order"),
				app.Option().Value("1").Selected(s.missing == remote.MissingBot).Text("a bot plays it"),
			),
		),
		app.P().Body(app.Button().Class("btn primary").Type("button").ID("remote-create").Text("Create the game").OnClick(s.onCreate)),
	)
}

// linkBox shows a link with its copy button and, on demand, its QR code.
func (s *Screen) linkBox(id, label, frag string) app.UI {
	l := link(frag)
	copyLink := func(ctx app.Context, e app.Event) {
		browser.CopyText(l, func(err error) {
			ctx.Dispatch(func(ctx app.Context) {
				if err != nil {
					s.notice = "The browser did not let the page copy: select the link and copy it by hand."
				} else {
					s.notice = label + ": copied."
				}
			})
		})
	}
	toggle := func(ctx app.Context, e app.Event) {
		if s.shown == frag {
			s.shown = ""
		} else {
			s.shown = frag
		}
	}
	var qr app.UI
	if s.shown == frag {
		if svg := share.QRSVG(l, "QR code of the "+label); svg != "" {
			qr = app.Figure().Class("share-qr").Body(app.Raw(svg))
		} else {
			qr = app.P().Class("muted").Text("This link is too long for a QR code: copy it instead.")
		}
	}
	return app.Div().Class("remote-link").ID(id).Body(
		app.Label().Body(app.Text(label+" "),
			app.Input().Type("text").Class("remote-link-text").ReadOnly(true).Value(l).Aria("label", label)),
		app.Button().Class("btn").Type("button").Text("Copy").OnClick(shell.On(copyLink, "copy", id)),
		app.Button().Class("btn").Type("button").Text("QR code").OnClick(shell.On(toggle, "qr", id)),
		qr,
	)
}

// pasteBox opens a link pasted by hand (an order on the referee's device, an update on a
// player's).
func (s *Screen) pasteBox() app.UI {
	return app.Div().Class("remote-paste").Body(
		app.Label().Body(app.Text("Open a link received: "),
			app.Input().Type("text").ID("remote-paste").Value(s.pasted).
				OnInput(func(ctx app.Context, e app.Event) { s.pasted = ctx.JSSrc().Get("value").String() })),
		app.Button().Class("btn").Type("button").ID("remote-paste-open").Text("Open").OnClick(s.onOpenPasted),
	)
}

// board draws the board with the players' scores and who is out.
// animate has the board show update k as just played.
func (s *Screen) animate(k int) {
	if k > 0 {
		s.anim, s.animSecond = k, !s.animSecond
	}
}

// composer returns the order of seat being entered on the board, begun anew at each update.
func (s *Screen) composer(g *necgame.Game, seat int) *composing {
	c := s.compose[seat]
	if c == nil || c.update != g.Updates() {
		c = &composing{update: g.Updates(), draft: necgame.NewDraft(g.State(), seat)}
		s.compose[seat] = c
	}
	return c
}

// orderEntry is the order panel of seat, over its composer.
func (s *Screen) orderEntry(g *necgame.Game, seat int) necboard.Entry {
	c := s.composer(g, seat)
	return necboard.Entry{Draft: c.draft, Typed: &c.typed, Err: &c.err}
}

// boardSize is the size of the board's picture, in its own pixels (it is drawn to the width
// of its column).
const boardSize = 720.0

// board draws the game's board (the whole action in view), the last update animated when it
// was just opened or resolved, the order of seat (-1: none) being entered on it, the update
// being collected and the scores.
func (s *Screen) board(g *necgame.Game, seat int) app.UI {
	st := g.State()
	rows := []app.UI{}
	for i, p := range st.Players() {
		out := ""
		if !st.Alive(i) {
			out = " (out)"
		}
		rows = append(rows, app.Li().Text(fmt.Sprintf("%s: %d%s", g.SeatName(i), p.Score, out)))
	}
	var report app.UI
	var last *nec.Report
	if n := g.Updates(); n > 0 {
		if _, _, _, rep, err := g.Update(n); err == nil {
			last = &rep
			report = app.Details().Class("remote-report").Body(app.Summary().Text(fmt.Sprintf("Report of update %d", n)),
				app.Pre().Text(rep.String()))
		}
	}
	cam := necboard.Camera{}.Resize(boardSize, boardSize).Fit(necboard.Action(st, last))
	b := necboard.Board{Cam: cam, State: st, Marks: necgame.Marks(st), Player: -1}
	if seat >= 0 {
		c := s.composer(g, seat)
		b.Player = seat
		if sel, ok := c.draft.Selected(); ok {
			b.Sel = sel.ID
			if t, ok := c.draft.Targets(); ok {
				b.Targets = &t
			}
		}
		b.Steps = c.draft.Steps()
	}
	animating := 0
	if s.anim > 0 && s.anim == g.Updates() {
		if before, _, _, rep, err := g.Update(s.anim); err == nil {
			b.Anim = &necboard.Anim{Before: before, Rep: rep, Second: s.animSecond, Live: true}
			animating = s.anim
		}
	}
	h := fnv.New64a()
	h.Write([]byte(st.Encode()))
	return app.Div().Class("remote-board").DataSet("updates", g.Updates()).DataSet("board", fmt.Sprintf("%016x", h.Sum64())).
		DataSet("anim", animating).Body(
		app.Raw(necboard.Defs()),
		app.Div().Class("remote-svg").DataSet("entering", seat).
			OnClick(shell.On(s.onBoardClick(g, seat, cam), "board", seat, g.Updates())).Body(b.Render()),
		app.P().ID("remote-update").Text(fmt.Sprintf("Update %d is being collected.", g.Updates()+1)),
		app.Ul().Class("remote-scores").Body(rows...),
		report,
	)
}

// onBoardClick is a click on the board: the square under it, for the order being entered.
func (s *Screen) onBoardClick(g *necgame.Game, seat int, cam necboard.Camera) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if seat < 0 {
			ctx.PreventUpdate()
			return
		}
		r := ctx.JSSrc().Call("getBoundingClientRect")
		w, h := r.Get("width").Float(), r.Get("height").Float()
		if w <= 0 || h <= 0 {
			return
		}
		x := (e.Get("clientX").Float() - r.Get("left").Float()) * cam.W / w
		y := (e.Get("clientY").Float() - r.Get("top").Float()) * cam.H / h
		s.orderEntry(g, seat).Tap(g.State(), cam.Square(x, y))
	}
}

// onEntrySubmit seals (the player) or locks (the referee's own seat) the order entered on the
// board; pass: an empty order.
func (s *Screen) onEntrySubmit(g *necgame.Game, seat int, then func(o nec.Order)) func(pass bool) app.EventHandler {
	return func(pass bool) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			c := s.composer(g, seat)
			if pass {
				c.draft.Clear()
			} else if len(c.draft.Steps()) == 0 {
				c.err = "Pick a piece and a target first, or pass."
				return
			}
			then(c.draft.Order())
		}
	}
}

func (s *Screen) onKind(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
		s.seats[i].Kind = remote.SeatKind(k)
		s.seats[i].Level = 0
		if s.seats[i].Kind == remote.Bot {
			s.seats[i].Level = 1
		}
	}
}

func (s *Screen) renderReferee() app.UI {
	r := s.ref
	g := r.Game()
	rows := []app.UI{}
	entering := -1 // the first of the referee's own seats whose order is still to lock
	for i, st := range r.Status() {
		state := "waiting for an order"
		switch {
		case st.Out:
			state = "out"
		case st.In && st.Kind == remote.Bot:
			state = "a bot plays it"
		case st.In:
			state = "order in"
		}
		var act app.UI
		if st.Kind == remote.Remote {
			if inv, err := r.Invitation(i); err == nil {
				act = s.linkBox(fmt.Sprintf("remote-invitation-%d", i), "Invitation for "+g.SeatName(i), remote.InvitationFragment(inv))
			}
		}
		if st.Kind == remote.Local && !st.Out && !st.In && g.Phase() != necgame.Over {
			if entering < 0 {
				entering = i
			}
			if entering != i {
				act = app.Span().Class("muted").Text(" (its order is entered on the board once the seat above is locked)")
			}
		}
		rows = append(rows, app.Li().Class("remote-seat").DataSet("in", st.In).Body(
			app.Strong().Text(fmt.Sprintf("%s (%s): ", g.SeatName(i), kindNames[st.Kind])),
			app.Span().Class("remote-seat-state").Text(state),
			act,
		))
	}
	resolve := "Resolve the update"
	if !r.AllIn() {
		resolve = "Resolve now (orders missing)"
	}
	var update app.UI
	if g.Updates() > 0 {
		update = s.linkBox("remote-update-link", fmt.Sprintf("Public link of update %d", g.Updates()), remote.UpdateFragment(r.PublicUpdate()))
	}
	var panel app.UI
	if entering >= 0 {
		e := s.orderEntry(g, entering)
		panel = app.Section().Class("card remote-entry").Body(e.Panel(
			fmt.Sprintf("%s's order for update %d (your seat)", g.SeatName(entering), g.Updates()+1), "Lock this order",
			s.onEntrySubmit(g, entering, func(o nec.Order) { s.lock(entering, o) }))...)
	}
	return app.Div().Class("remote-referee").ID("remote-referee").Body(
		app.P().Text("You are the referee of this game. Send each invitation privately; open the order links you receive here."),
		s.board(g, entering),
		panel,
		app.Ul().Class("remote-status").Body(rows...),
		app.If(g.Phase() != necgame.Over, func() app.UI {
			if s.thinking > 0 {
				resolve = fmt.Sprintf("Bots are thinking… (%d left)", s.thinking)
			}
			return app.Button().Class("btn primary").Type("button").ID("remote-resolve").DataSet("thinking", s.thinking).
				Disabled(s.thinking > 0).Text(resolve).OnClick(s.onResolve)
		}),
		update,
		s.pasteBox(),
	)
}

func (s *Screen) renderPlayer() app.UI {
	p := s.player
	g, err := p.Game()
	if err != nil {
		return app.P().Class("error").Text(err.Error())
	}
	seat := p.Seat()
	sent := "Your order for this update is not sent yet."
	if p.Sent() {
		sent = "Your order for this update is sent (you may send a new one: it replaces the earlier)."
	}
	var panel app.UI
	entering := -1
	if g.Phase() != necgame.Over && g.State().Alive(seat) {
		entering = seat
		e := s.orderEntry(g, seat)
		panel = app.Section().Class("card remote-entry").Body(e.Panel(
			fmt.Sprintf("Your order (%s) for update %d", g.SeatName(seat), p.Update()), "Seal my order",
			s.onEntrySubmit(g, seat, func(o nec.Order) { s.seal(o) }))...)
	}
	var ol app.UI
	if s.orderLink != "" {
		ol = s.linkBox("remote-order-link", fmt.Sprintf("Order link of %s for update %d", g.SeatName(seat), p.Update()), s.orderLink)
	}
	return app.Div().Class("remote-player").ID("remote-player").Body(
		app.P().Text(fmt.Sprintf("You play %s. Enter your order, seal it and send the order link to the referee. "+
			"Open each new public update link the referee shares.", g.SeatName(seat))),
		app.P().ID("remote-sent").DataSet("sent", p.Sent()).Text(sent),
		s.board(g, entering),
		panel,
		ol,
		s.pasteBox(),
	)
}
