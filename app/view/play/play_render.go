package play

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Render draws the game screen.
func (p *Screen) Render() app.UI {
	if p.loadErr != "" {
		return p.Frame("", app.Main().Class("page").Body(
			app.Section().Class("card error-card").Role("alert").Body(
				app.H2().Text("No game here"),
				app.P().Text(p.loadErr),
				app.A().Class("btn primary").Href(route.NewGame()).Text("Start a new game"),
			),
		))
	}
	if p.s == nil {
		// Before the program has read the address (and in the server's prerendered page):
		// an empty board in the same layout.
		return p.Frame("", app.Main().Class("play loading").Body(
			app.Section().Class("board-col").Body(
				app.Div().Class("board-wrap").Body(
					board.Draw(board.Opts{Pos: engine.StartPosition(), Coords: true}),
				),
			),
		))
	}
	pan := p.s.Panel()
	top, bottom := p.orientation.Other(), p.orientation
	return p.Frame("", app.Main().
		Class("play").
		DataSet("variant", p.s.Info().ID).
		DataSet("over", pan.Over).
		Body(
			app.Section().Class("board-col").Aria("label", "Board").Body(
				p.playerBar(top, pan),
				p.board(),
				p.playerBar(bottom, pan),
				p.endDialog(),
			),
			app.Aside().Class("side").Body(
				app.Div().Class("game-title").Body(
					app.H2().Text(p.s.Info().Name),
					app.A().Class("rules-link").Href(route.Rules(p.s.Info().ID)).Text("Rules"),
				),
				p.turnPanel(pan),
				p.storageBar(),
				p.controls(pan),
				p.moveList(),
				p.moveBox(),
				p.announcer(),
				p.gameActions(pan),
			),
			p.share(),
		))
}

// board draws the interactive board (board.Interactive) with the position shown, who may move
// where (or premove, against the computer), the marks of the last ply and of check, and the
// promotion picker.
func (p *Screen) board() app.UI {
	cfg := p.boardConfig()
	p.anim = board.Ply{} // taken by the board at this drawing
	s := p.s
	wrap := app.Div().Class("board-wrap")
	if s.HumanToMove() && !p.awaitingConfirmation() {
		wrap = wrap.Class("can-move")
	}
	if s.Viewing() {
		wrap = wrap.Class("viewing")
	}
	return wrap.On("wheel", p.onWheel).Body(&board.Interactive{Config: cfg, OnAsk: p.onBoardAsk}, p.promotionPicker())
}

// person returns the side a person plays against the computer, if one does.
func (p *Screen) person() (engine.Color, bool) {
	seats := p.s.Seats()
	switch {
	case seats[0].Computer == seats[1].Computer:
		return engine.White, false
	case seats[0].Computer:
		return engine.Black, true
	}
	return engine.White, true
}

// boardConfig is what the board is given: the position shown, who may move where (or
// premove), the marks and the ply to slide.
func (p *Screen) boardConfig() board.Config {
	s := p.s
	st := s.ShownState()
	marks := board.Marks{}
	for _, ply := range s.LastPlies() {
		marks[ply[0]] |= board.MarkLastMove
		marks[ply[1]] |= board.MarkLastMove
	}
	for b := s.Checked(); b != 0; b &= b - 1 {
		marks[b.First()] |= board.MarkCheck
	}
	_, _, promoting := s.Promoting()
	cfg := board.Config{
		Position:    st.Position(),
		Orientation: p.orientation,
		Key:         fmt.Sprintf("%d:%x", s.Shown(), st.Position().Hash()),
		Turn:        st.Mover(),
		Viewing:     s.Viewing(),
		Marks:       marks,
		Coords:      p.settings.Coords,
		Dots:        p.settings.Dots,
		Animate:     true,
		Last:        p.anim,
		Shapes:      p.hintShapes(),
	}
	switch {
	case p.reply != nil:
		// The computer's turn is still being shown ply by ply: the person may premove.
		if c, ok := p.person(); ok && p.settings.Premoves() && !s.Over() {
			cfg.Turn = c.Other()
			cfg.Premoves = s.PremoveDestsFor(c)
		}
	case !p.awaitingConfirmation() && !promoting:
		cfg.Dests = s.Dests()
		if cfg.Dests == nil && p.settings.Premoves() {
			cfg.Premoves = s.PremoveDests()
		}
	}
	if from, to, ok := s.KingTaken(); ok {
		cfg.Moved = &[2]engine.Square{from, to}
	}
	return cfg
}

// promotionPicker draws the choice of piece over the promotion square's file.
func (p *Screen) promotionPicker() app.UI {
	_, to, ok := p.s.Promoting()
	if !ok {
		return nil
	}
	return board.Promotion{Orientation: p.orientation, Mover: p.s.Mover(), To: to, Types: p.s.Promotions(),
		Pick: p.onPromote, Cancel: p.onCancelPromotion}.Draw()
}

// playerBar draws one side's name, turn marker, tokens and clock.
func (p *Screen) playerBar(c engine.Color, pan session.Panel) app.UI {
	seat := p.s.Seat(c)
	name := seat.Name
	if name == "" {
		name = sideWord(c)
	}
	if seat.Computer {
		name += " · computer"
	}
	bar := app.Div().Class("player").DataSet("side", c.String())
	toMove := !pan.Over && p.s.Mover() == c
	if toMove {
		bar = bar.Class("to-move")
	}
	body := []app.UI{
		app.Span().Class("side-dot").Aria("hidden", true),
		app.Span().Class("player-name").Text(name),
		p.material(c),
	}
	if pan.HasTokens {
		n := pan.Tokens[c]
		tokens := make([]app.UI, 0, n)
		for i := 0; i < n; i++ {
			tokens = append(tokens, app.Span().Class("token").Aria("hidden", true))
		}
		word := "tokens"
		if n == 1 {
			word = "token"
		}
		body = append(body, app.Span().Class("tokens").
			DataSet("tokens", n).
			Title(fmt.Sprintf("%d Sacrifice %s", n, word)).
			Body(append(tokens, app.Span().Class("sr-only").Text(fmt.Sprintf("%d Sacrifice %s", n, word)))...))
	}
	if p.s.TimeControl().On() {
		clock := app.Span().Class("clock").Role("timer").Text(session.FormatClock(p.s.ClockLeft(c)))
		if r, ok := p.s.ClockRunning(); ok && r == c {
			clock = clock.Class("running")
		}
		body = append(body, clock)
	}
	return bar.Body(body...)
}

func sideWord(c engine.Color) string {
	if c == engine.Black {
		return "Black"
	}
	return "White"
}

// turnPanel draws who moves, the ply counter, the variant's own controls (tokens, dice) and
// the notices.
func (p *Screen) turnPanel(pan session.Panel) app.UI {
	var body []app.UI
	if pan.Over {
		banner := []app.UI{app.Strong().Class("banner-text").Text(pan.Banner), ruleLink(pan)}
		body = append(body, app.Div().Class("banner").Role("status").Body(banner...))
	} else {
		status := []app.UI{
			app.Span().Class("side-dot").Aria("hidden", true),
			app.Span().Class("status").Text(pan.Status),
		}
		if pan.Progress != "" {
			status = append(status, app.Span().Class("progress").Text(pan.Progress))
		}
		body = append(body, app.Div().Class("status-line").DataSet("side", pan.Mover.String()).Body(status...))
		if pan.Check {
			body = append(body, app.P().Class("check-note").Text(sideWord(pan.Mover)+" is in check."))
		}
	}
	if pan.Viewing {
		body = append(body, app.Div().Class("viewing-note").Body(
			app.Span().Text("You are looking at an earlier position."),
			app.Button().Class("btn small").Type("button").Text("Back to the game").OnClick(shell.On(p.onStep(p.s.Last), "back-to-game")),
		))
	}
	if pan.HasTokens && !pan.Over {
		body = append(body, p.tokenBlock(pan))
	}
	if pan.Dice {
		body = append(body, p.diceBlock(pan))
	}
	body = append(body, p.hintBlock())
	if p.s.Thinking() && p.reply == nil { // not while its turn is shown ply by ply
		body = append(body, app.P().Class("thinking").Role("status").Text("The computer is thinking…"))
	}
	if p.aiErr != "" {
		body = append(body, app.Div().Class("notice ai-error").Role("alert").Body(
			app.Span().Text(p.aiErr+" "),
			app.Button().Class("btn small").Type("button").DataSet("action", "retry").Text("Try again").OnClick(p.onRetry),
		))
	}
	body = append(body, p.endNotes(pan)...)
	if n := pan.Notice; n.Text != "" {
		body = append(body, app.P().Class("notice").Role("alert").DataSet("rule", n.Rule).Text(n.Text))
	}
	return app.Section().Class("turn-panel").Aria("label", "Turn").Aria("live", "polite").Body(body...)
}

// tokenBlock draws the SDM tokens, the spend toggle and the schedule (S2, S3).
func (p *Screen) tokenBlock(pan session.Panel) app.UI {
	note := pan.SpendNote
	if note != "" {
		note = "Then: " + note + "."
	} else if pan.NoSpend != "" {
		note = pan.NoSpend
	} else if !pan.Viewing && pan.Tokens[pan.Mover] == 0 {
		note = sideWord(pan.Mover) + " has no token left."
	}
	toggle := app.Label().Class("toggle spend-toggle").Body(
		app.Input().Type("checkbox").ID("spend").Name("spend").
			Checked(pan.Spend).Disabled(!pan.CanSpend).
			OnChange(p.onSpend),
		app.Span().Class("toggle-text").Body(
			app.Span().Text("Spend a token with this move"),
			app.Small().Class("spend-note").Text(note),
		),
	)
	if pan.Spend {
		toggle = toggle.Class("on")
	}
	items := []app.UI{
		app.P().Class("tokens-line").Text(fmt.Sprintf("Sacrifice Tokens: White %d, Black %d", pan.Tokens[0], pan.Tokens[1])),
		toggle,
	}
	if pan.Schedule != "" {
		items = append(items, app.P().Class("schedule").Text(pan.Schedule+"."))
	}
	return app.Div().Class("sdm").Body(items...)
}

// diceBlock draws the roll button, the two dice, the piece types they allow and the pass
// notice (D1, D3).
func (p *Screen) diceBlock(pan session.Panel) app.UI {
	var items []app.UI
	if pan.RollDue {
		items = append(items, app.Button().Class("btn primary roll").Type("button").
			Text("Roll the dice").OnClick(p.onRoll))
	}
	if pan.Roll != (turn.Dice{}) {
		allowed := map[engine.PieceType]bool{}
		for _, t := range pan.Allowed {
			allowed[t] = true
		}
		types := make([]app.UI, 0, 6)
		for t := engine.Pawn; t <= engine.King; t++ {
			pc := engine.NewPiece(pan.Mover, t)
			el := app.Span().Class("allowed-type").DataSet("type", t.String())
			label := t.String() + ": not allowed"
			if allowed[t] {
				el = el.Class("lit")
				label = t.String() + ": allowed"
			}
			types = append(types, el.Title(label).Aria("label", label).Role("img").Body(
				app.Span().Class("piece").DataSet("piece", pc.String()),
				app.Span().Class("type-num").Aria("hidden", true).Text(strconv.Itoa(int(t))),
			))
		}
		items = append(items,
			app.Div().Class("dice").Role("img").
				Aria("label", fmt.Sprintf("Dice: %d and %d", pan.Roll.A, pan.Roll.B)).
				DataSet("roll", pan.Roll.String()).
				Body(die(int(pan.Roll.A)), die(int(pan.Roll.B))),
			app.Div().Class("allowed").Body(types...),
		)
	} else if !pan.RollDue && !pan.Over && !pan.Viewing {
		items = append(items, app.P().Class("dice-wait").Text("Waiting for the roll."))
	}
	if pan.PassNote != "" {
		items = append(items, app.P().Class("pass-note").Role("status").Text(pan.PassNote))
	}
	return app.Div().Class("dice-block").Body(items...)
}

// pips lists, for each die value, the cells of a 3 x 3 grid that hold a pip.
var pips = [7][]int{
	1: {4},
	2: {0, 8},
	3: {0, 4, 8},
	4: {0, 2, 6, 8},
	5: {0, 2, 4, 6, 8},
	6: {0, 2, 3, 5, 6, 8},
}

// die draws one die face.
func die(v int) app.UI {
	on := map[int]bool{}
	if v >= 1 && v <= 6 {
		for _, i := range pips[v] {
			on[i] = true
		}
	}
	cells := make([]app.UI, 9)
	for i := range cells {
		c := app.Span().Class("pip")
		if on[i] {
			c = c.Class("on")
		}
		cells[i] = c
	}
	return app.Span().Class("die").DataSet("value", v).Body(cells...)
}

// controls draws the history and take-back buttons.
func (p *Screen) controls(pan session.Panel) app.UI {
	s := p.s
	shown := s.Shown()
	btn := func(name, label, icon string, enabled bool, h app.EventHandler) app.UI {
		return app.Button().Class("btn icon-btn").Type("button").
			DataSet("action", name).
			Title(label).Aria("label", label).
			Disabled(!enabled).
			OnClick(shell.On(h, "step", name)).
			Body(shell.Icon(icon), app.Span().Class("btn-label").Text(label))
	}
	return app.Div().Class("controls").Role("toolbar").Aria("label", "Game controls").Body(
		btn("first", "First position", "first", shown > 0, p.onStep(s.First)),
		btn("back", "Previous", "back", shown > 0, p.onStep(s.Back)),
		btn("forward", "Next", "forward", s.Viewing(), p.onStep(s.Forward)),
		btn("last", "Current position", "last", s.Viewing(), p.onStep(s.Last)),
		btn("undo", "Take back", "undo", s.CanUndo(), p.onUndo),
		btn("redo", "Redo", "redo", s.CanRedo(), p.onRedo),
		btn("flip", "Flip the board", "flip", true, p.onFlip),
	)
}

// gameActions draws new game, resign and draw, with a confirmation step.
func (p *Screen) gameActions(pan session.Panel) app.UI {
	if p.confirm != "" {
		q := "Resign this game?"
		if p.confirm == "draw" {
			q = "Agree to a draw?"
		}
		return app.Div().Class("game-actions confirm").Body(
			app.Span().Text(q),
			app.Button().Class("btn primary").Type("button").DataSet("action", "confirm").Text("Yes").OnClick(p.onConfirm),
			app.Button().Class("btn").Type("button").DataSet("action", "cancel").Text("No").OnClick(shell.On(p.onAsk(""), "ask", "cancel")),
		)
	}
	items := []app.UI{
		app.Button().Class("btn primary").Type("button").DataSet("action", "new").Text("New game").OnClick(p.onNewGame),
		app.Button().Class("btn").Type("button").DataSet("action", "share").Text("Share").OnClick(p.onShare),
		app.A().Class("btn").DataSet("action", "analyse").Href(p.analyseURL()).Text("Analyse"),
	}
	if !pan.Over && p.s.Len() > 0 {
		items = append(items,
			app.Button().Class("btn").Type("button").DataSet("action", "resign").Text("Resign").OnClick(shell.On(p.onAsk("resign"), "ask", "resign")))
		if p.twoPeople() {
			// A draw by agreement needs two people to agree.
			items = append(items,
				app.Button().Class("btn").Type("button").DataSet("action", "draw").Text("Draw").OnClick(shell.On(p.onAsk("draw"), "ask", "draw")))
		} else {
			items = append(items, p.drawOffer(pan))
		}
	}
	return app.Div().Class("game-actions").Body(items...)
}

// share draws the share dialog (package share) while it is open.
func (p *Screen) share() app.UI {
	if !p.sharing {
		return nil
	}
	return p.shareDialog(p.onShareClose)
}

// moveList draws the turns in the variant's notation; a click on a ply shows its position.
func (p *Screen) moveList() app.UI {
	s := p.s
	style := s.Variant().Style()
	shown := s.Shown()
	rows := s.Rows()
	list := app.Div().Class("moves").Role("list").Aria("label", "Moves").
		DataSet("movetext", s.Movetext()).
		DataSet("style", map[turn.Style]string{turn.Paired: "paired", turn.Series: "series"}[style])
	if len(rows) == 0 {
		return list.Body(app.P().Class("moves-empty").Text("No moves yet."))
	}
	out := make([]app.UI, 0, len(rows)+1)
	for _, r := range rows {
		cells := []app.UI{app.Span().Class("num").Text(strconv.Itoa(r.Number) + ".")}
		for _, c := range r.Cells {
			cells = append(cells, p.moveCell(c, style, shown))
		}
		out = append(out, app.Div().Class("move-row").Role("listitem").Body(cells...))
	}
	if o := s.Outcome(); o.Over() {
		out = append(out, app.Div().Class("move-result").Text(o.Result.PGN()+" · "+pBanner(s)))
	}
	return list.Body(out...)
}

func pBanner(s *session.Session) string {
	pan := s.Panel()
	if pan.Viewing {
		return s.Outcome().String()
	}
	return pan.Banner
}

// moveCell draws one turn.
func (p *Screen) moveCell(c session.Cell, style turn.Style, shown int) app.UI {
	cell := app.Div().Class("cell").DataSet("side", c.Side.String())
	if c.Current {
		cell = cell.Class("current-turn")
	}
	switch {
	case c.Empty:
		return cell.Class("empty").Text("…")
	case c.Skipped:
		return cell.Class("skipped").Title("Turn skipped (S3)").Text("--")
	}
	sep := ","
	if style == turn.Series {
		sep = " "
	}
	var body []app.UI
	if c.Hint {
		body = append(body, app.Span().Class("hint-badge").Title("Played with a hint").Text("hint "))
	}
	plies := 0
	for _, it := range c.Items {
		if it.Roll {
			rb := app.Button().Class("roll-badge").Type("button").
				Title("Roll "+it.Text).
				DataSet("index", it.Index).
				OnClick(shell.On(p.onView(it.Index), "view", it.Index))
			if it.Index == shown {
				rb = rb.Class("current").Aria("current", "step")
			}
			body = append(body, rb.Text(it.Text))
			continue
		}
		if plies > 0 {
			body = append(body, app.Text(sep))
		}
		plies++
		b := app.Button().Class("ply").Type("button").DataSet("index", it.Index).OnClick(shell.On(p.onView(it.Index), "view", it.Index))
		if it.Index == shown {
			b = b.Class("current").Aria("current", "step")
		}
		if it.Spend {
			b = b.Class("spent").Title("Sacrifice Token spent with this ply")
			b = b.Body(app.Span().Class("spend-badge").Aria("label", "token spent").Text("★"), app.Text(it.Text))
		} else {
			b = b.Text(it.Text)
		}
		body = append(body, b)
	}
	return cell.Body(body...)
}
