package analysis

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	core "github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/view/solver"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Render draws the analysis board.
func (p *Screen) Render() app.UI {
	if p.loadErr != "" {
		return p.Frame("analysis", app.Main().Class("page").Body(
			app.Section().Class("card error-card").Role("alert").Body(
				app.H2().Text("Nothing to analyse here"),
				app.P().Text(p.loadErr),
				app.A().Class("btn primary").Href(route.Analysis()).Text("Open an empty analysis board"),
			),
		))
	}
	if p.game == nil {
		return p.Frame("analysis", app.Main().Class("play analysis loading").Body(
			app.Section().Class("board-col").Body(
				app.Div().Class("board-wrap").Body(board.Draw(board.Opts{Pos: engine.StartPosition(), Coords: true})),
			),
		))
	}
	s := p.cur()
	pan := s.Panel()
	return p.Frame("analysis", app.Main().Class("play analysis").
		DataSet("variant", s.Info().ID).
		DataSet("side-line", p.line != nil).
		Body(
			app.Section().Class("board-col").Aria("label", "Board").Body(
				p.evalStrip(),
				p.board(),
				p.statusBar(pan),
			),
			app.Aside().Class("side").Body(
				app.Div().Class("game-title").Body(
					app.H2().Text("Analysis · "+s.Info().Name),
					app.A().Class("rules-link").Href(route.Rules(s.Info().ID)).Text("Rules"),
				),
				p.enginePanel(),
				p.turnTools(pan),
				p.controls(),
				p.sideLine(),
				p.moveList(p.game, false),
				p.solvePanel(),
				p.reviewPanel(),
			),
		))
}

// eval returns the evaluation shown, if the engine has one.
func (p *Screen) eval() (core.Eval, bool) {
	if p.rep == nil || (p.rep.Depth == 0 && len(p.rep.Rolls) == 0 && p.rep.CP == 0 && p.rep.Mate == 0) {
		return core.Eval{}, false
	}
	return p.rep.Eval(), true
}

// evalStrip draws the evaluation bar above the board: White's share from the left.
func (p *Screen) evalStrip() app.UI {
	e, ok := p.eval()
	frac := 0.5
	text := "…"
	if ok {
		frac, text = BarFraction(e), e.String()
	}
	side := "white"
	if frac < 0.5 {
		side = "black"
	}
	return app.Div().Class("eval-strip").Role("meter").DataSet("ahead", side).
		Aria("label", "Evaluation from White's side").
		Aria("valuetext", text).
		DataSet("eval", text).
		Body(
			app.Div().Class("eval-white").Style("width", fmt.Sprintf("%.1f%%", 100*frac)),
			app.Span().Class("eval-number").Text(text),
		)
}

// shapes are the arrows of the best turn from the position shown.
func (p *Screen) shapes() []board.Shape {
	if p.rep == nil || len(p.rep.Best) == 0 {
		return nil
	}
	s := p.cur()
	acts, _ := core.ParseLine(s.Variant(), s.ShownState(), p.rep.Best)
	return board.EngineArrows(acts)
}

// board draws the interactive board: every piece of the side to move may move (a side line).
func (p *Screen) board() app.UI {
	s := p.cur()
	st := s.ShownState()
	marks := board.Marks{}
	for _, ply := range s.LastPlies() {
		marks[ply[0]] |= board.MarkLastMove
		marks[ply[1]] |= board.MarkLastMove
	}
	for b := s.Checked(); b != 0; b &= b - 1 {
		marks[b.First()] |= board.MarkCheck
	}
	line := "game"
	if p.line != nil {
		line = "line"
	}
	cfg := board.Config{
		Position:    st.Position(),
		Orientation: p.orientation,
		Key:         fmt.Sprintf("%s:%d:%x", line, s.Shown(), st.Position().Hash()),
		Turn:        st.Mover(),
		Marks:       marks,
		Coords:      p.settings.Coords,
		Dots:        p.settings.Dots,
		Animate:     true,
		Last:        p.anim,
		Shapes:      p.shapes(),
	}
	if _, _, promoting := s.Promoting(); !promoting {
		cfg.Dests = p.dests()
	}
	if from, to, ok := s.KingTaken(); ok {
		cfg.Moved = &[2]engine.Square{from, to}
	}
	p.anim = board.Ply{}
	return app.Div().Class("board-wrap can-move").Body(&board.Interactive{Config: cfg, OnAsk: p.onBoardAsk}, p.promotionPicker())
}

// dests are the legal targets of the position shown: those of the session when it is at its
// end, else those of a copy at the position shown (a ply there starts a side line).
func (p *Screen) dests() board.Dests {
	s := p.cur()
	if !s.Viewing() {
		return s.Dests()
	}
	// The copy replays the game: it is made once for each position shown, not at each
	// drawing (every report of the analysis draws the screen again).
	key := fmt.Sprintf("%p:%d", s, s.Shown())
	if key == p.viewKey {
		return p.viewDests
	}
	r := recordAt(s, s.Shown())
	copy, err := session.Load(r, [2]session.Seat{}, session.TimeControl{}, session.Env{Dice: p.App.Dice()})
	if err != nil {
		return nil
	}
	p.viewKey, p.viewDests = key, copy.Dests()
	return p.viewDests
}

// promotionPicker draws the choice of piece over the promotion square's file.
func (p *Screen) promotionPicker() app.UI {
	s := p.cur()
	_, to, ok := s.Promoting()
	if !ok {
		return nil
	}
	return board.Promotion{Orientation: p.orientation, Mover: s.Mover(), To: to, Types: s.Promotions(),
		Pick: p.onPromote, Cancel: p.onCancelPromotion}.Draw()
}

// statusBar draws who moves in the position shown and the turn's progress.
func (p *Screen) statusBar(pan session.Panel) app.UI {
	text := pan.Status
	if pan.Over {
		text = pan.Banner
	} else if pan.Progress != "" {
		text += " · " + pan.Progress
	}
	return app.Div().Class("player analysis-status").DataSet("side", pan.Mover.String()).Body(
		app.Span().Class("side-dot").Aria("hidden", true),
		app.Span().Class("status").Text(text),
	)
}

// enginePanel draws the engine's figures: the evaluation, depth and nodes, the best line,
// the roll table before a dice roll, and the switch.
func (p *Screen) enginePanel() app.UI {
	state := "idle"
	switch {
	case p.stopped:
		state = "off"
	case p.askID != 0:
		state = "running"
	case p.rep != nil:
		state = "done"
	}
	head := []app.UI{
		app.Strong().Class("engine-eval").Text(p.evalText()),
		app.Span().Class("engine-figures").Text(p.figures()),
		app.Label().Class("toggle engine-toggle").Body(
			app.Input().Type("checkbox").ID("engine-on").Checked(!p.stopped).OnChange(p.onToggle),
			app.Span().Text("Engine"),
		),
	}
	body := []app.UI{app.Div().Class("engine-head").Body(head...)}
	switch {
	case p.err != "":
		body = append(body, app.P().Class("engine-note").Role("status").Text(p.err))
	case p.reviewID != 0:
		body = append(body, app.P().Class("engine-note").Text("The analysis waits for the review."))
	case p.solver.Busy():
		body = append(body, app.P().Class("engine-note").Text("The analysis waits for the solver."))
	case p.rep != nil && len(p.rep.Rolls) > 0:
		body = append(body, p.rollTable(p.rep.Rolls))
	case p.rep != nil && p.rep.Text != "":
		body = append(body,
			app.P().Class("best-line").Body(
				app.Span().Class("best-label").Text("Best line: "),
				app.Span().Class("best-text").Text(p.rep.Text),
			),
			app.Button().Class("btn small").Type("button").DataSet("action", "play-best").Text("Play the best turn").OnClick(p.onPlayBest),
		)
	case !p.stopped:
		body = append(body, app.P().Class("engine-note").Text("Thinking…"))
	}
	return app.Section().Class("engine-panel").DataSet("state", state).Aria("label", "Engine").Aria("live", "off").Body(body...)
}

// evalText is the evaluation as the panel writes it.
func (p *Screen) evalText() string {
	if e, ok := p.eval(); ok {
		return e.String()
	}
	return "…"
}

// figures writes the depth and the nodes of the analysis shown.
func (p *Screen) figures() string {
	if p.rep == nil {
		return ""
	}
	word := "depth"
	if p.cur().Variant().Style() == turn.Series {
		word = "series depth"
	}
	return fmt.Sprintf("%s %d · %s nodes", word, p.rep.Depth, solver.Thousands(p.rep.Nodes))
}

// rollTable draws the 21 rolls before a dice roll with their chance, value and best ply; a
// click tries the roll in a side line (D1).
func (p *Screen) rollTable(rolls []worker.Roll) app.UI {
	rows := make([]app.UI, 0, len(rolls))
	for _, r := range rolls {
		d, err := turn.ParseDice(r.Roll)
		if err != nil {
			continue
		}
		e := core.Eval{CP: r.CP, Mate: r.Mate}
		rows = append(rows, app.Tr().Class("roll-row").DataSet("roll", r.Roll).Body(
			app.Td().Body(app.Button().Class("link-btn").Type("button").Text(r.Roll).OnClick(shell.On(p.onRoll(d), "roll", r.Roll))),
			app.Td().Text(fmt.Sprintf("%d/36", r.Weight)),
			app.Td().Class("roll-eval").Text(e.String()),
			app.Td().Class("roll-best").Text(r.Text),
		))
	}
	return app.Div().Class("roll-table-wrap").Body(
		app.P().Class("engine-note").Text("Before the roll: the value is the expectation over the 21 rolls (D1). Each roll, its chance, the value after it and its best ply:"),
		app.Table().Class("roll-table").DataSet("rolls", len(rows)).Body(
			app.THead().Body(app.Tr().Body(app.Th().Text("Roll"), app.Th().Text("Chance"), app.Th().Text("Value"), app.Th().Text("Best"))),
			app.TBody().Body(rows...),
		),
	)
}

// turnTools draws what the position shown allows beyond a ply on the board: the SDM token
// toggle (S2) and the roll of the dice in a side line.
func (p *Screen) turnTools(pan session.Panel) app.UI {
	var items []app.UI
	if pan.HasTokens && !pan.Over {
		items = append(items, app.Label().Class("toggle spend-toggle").Body(
			app.Input().Type("checkbox").ID("spend").Checked(pan.Spend).Disabled(!pan.CanSpend).OnChange(p.onSpend),
			app.Span().Class("toggle-text").Text(fmt.Sprintf("Spend a token with this move (White %d, Black %d)", pan.Tokens[0], pan.Tokens[1])),
		))
	}
	if pan.Dice && pan.Roll != (turn.Dice{}) {
		items = append(items, app.P().Class("dice-line").DataSet("roll", pan.Roll.String()).Text("Roll: "+pan.Roll.String()))
	}
	if n := pan.Notice; n.Text != "" {
		items = append(items, app.P().Class("notice").Role("alert").DataSet("rule", n.Rule).Text(n.Text))
	}
	if len(items) == 0 {
		return nil
	}
	return app.Div().Class("turn-tools").Body(items...)
}

// controls draws the steps through the game (or the side line) and the flip.
func (p *Screen) controls() app.UI {
	s := p.cur()
	shown := s.Shown()
	btn := func(name, label, icon string, enabled bool, h app.EventHandler) app.UI {
		return app.Button().Class("btn icon-btn").Type("button").
			DataSet("action", name).Title(label).Aria("label", label).Disabled(!enabled).
			OnClick(shell.On(h, "step", name)).Body(shell.Icon(icon), app.Span().Class("btn-label").Text(label))
	}
	return app.Div().Class("controls").Role("toolbar").Aria("label", "Analysis controls").Body(
		btn("first", "First position", "first", shown > 0, p.onStep("first")),
		btn("back", "Previous", "back", shown > 0, p.onStep("back")),
		btn("forward", "Next", "forward", s.Viewing(), p.onStep("forward")),
		btn("last", "Last position", "last", s.Viewing(), p.onStep("last")),
		btn("flip", "Flip the board", "flip", true, p.onFlip),
	)
}

// sideLine draws the side line under way, with the way back to the game.
func (p *Screen) sideLine() app.UI {
	if p.line == nil {
		return nil
	}
	return app.Section().Class("side-line").Aria("label", "Side line").Body(
		app.Div().Class("side-line-head").Body(
			app.Strong().Text("Side line"),
			app.Button().Class("btn small").Type("button").DataSet("action", "back-to-game").Text("Back to the game").OnClick(p.onBackToGame),
		),
		p.moveList(p.line, true),
	)
}

// moveList draws the turns of s (the game, or the side line from where it leaves the game);
// a click on a ply shows its position. The game's turns carry the review's marks.
func (p *Screen) moveList(s *session.Session, inLine bool) app.UI {
	style := s.Variant().Style()
	shown := -1
	if inLine == (p.line != nil) {
		shown = s.Shown()
	}
	list := app.Div().Class("moves").Role("list").Aria("label", map[bool]string{false: "Moves", true: "Side line moves"}[inLine]).
		DataSet("movetext", s.Movetext())
	rows := s.Rows()
	if len(rows) == 0 {
		return list.Body(app.P().Class("moves-empty").Text("No moves yet: play one on the board."))
	}
	sep := ","
	if style == turn.Series {
		sep = " "
	}
	out := make([]app.UI, 0, len(rows))
	for _, r := range rows {
		cells := []app.UI{app.Span().Class("num").Text(strconv.Itoa(r.Number) + ".")}
		for _, c := range r.Cells {
			if inLine && c.End <= p.lineFrom {
				cells = append(cells, app.Div().Class("cell empty").Text("…"))
				continue
			}
			cell := app.Div().Class("cell").DataSet("side", c.Side.String())
			if c.Empty || c.Skipped {
				cells = append(cells, cell.Class("empty").Text(map[bool]string{true: "--", false: "…"}[c.Skipped]))
				continue
			}
			var body []app.UI
			if c.Hint {
				body = append(body, app.Span().Class("hint-badge").Title("Played with a hint").Text("hint "))
			}
			plies := 0
			for _, it := range c.Items {
				if it.Roll {
					body = append(body, app.Span().Class("roll-badge").Text(it.Text))
					continue
				}
				if plies > 0 {
					body = append(body, app.Text(sep))
				}
				plies++
				b := app.Button().Class("ply").Type("button").DataSet("index", it.Index).OnClick(shell.On(p.onView(inLine, it.Index), "view", inLine, it.Index)).Text(it.Text)
				if it.Index == shown {
					b = b.Class("current").Aria("current", "step")
				}
				body = append(body, b)
			}
			if !inLine {
				if t, ok := p.reviewed(c.Start); ok && t.Class != core.Good {
					cell = cell.DataSet("class", classWord(t.Class))
					body = append(body, app.Span().Class("review-mark").Title(classWord(t.Class)).Text(classMark(t.Class)))
				}
			}
			cells = append(cells, cell.Body(body...))
		}
		out = append(out, app.Div().Class("move-row").Role("listitem").Body(cells...))
	}
	return list.Body(out...)
}

// solvePanel draws the series-mate solver of progressive chess.
func (p *Screen) solvePanel() app.UI {
	if p.cur().Variant().Style() != turn.Series {
		return nil
	}
	return p.solver.Panel("Solve this position", "Looks for a series of the side to move that mates, within a node budget.", p.onSolve, p.onStopSolve)
}
