package problems

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	core "github.com/plyground/plyground/app/problems"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/variants"
)

// Render draws the collection, or the problem shown.
func (p *Screen) Render() app.UI {
	switch {
	case p.loadErr != "":
		return p.Frame("problems", app.Main().Class("page").Body(
			app.Section().Class("card error-card").Role("alert").Body(
				app.H2().Text("No problem here"),
				app.P().Text(p.loadErr),
				app.A().Class("btn primary").Href(route.Problems()).Text("See the problems"),
			),
		))
	case p.prob == nil:
		return p.Frame("problems", p.collection())
	}
	return p.Frame("problems", p.problem())
}

// collection lists the problems by rules, then length.
func (p *Screen) collection() app.UI {
	groups := map[string][]app.UI{}
	var order []string
	for _, pr := range core.Collection() {
		if _, ok := groups[pr.Rules]; !ok {
			order = append(order, pr.Rules)
		}
		n := strings.Fields(pr.FEN)
		length := n[len(n)-1]
		groups[pr.Rules] = append(groups[pr.Rules], app.Li().Body(
			app.A().Class("problem-link").Href(route.Problem(pr.ID)).DataSet("id", pr.ID).
				Text(fmt.Sprintf("%s · mate in a series of %s", pr.ID, length)),
		))
	}
	body := []app.UI{
		app.H2().Text("Series-mate problems"),
		app.P().Text("Progressive chess (P1): the side to move makes a whole series of plies and mates with the last one. Italian rules (P4) allow a check only on the last ply of the series; Scottish rules (P3) end the series at a check. Every problem here was composed for Plyground and checked by the engine's solver: find the series, play it on the board."),
	}
	for _, rules := range order {
		info, _ := variants.Find(rules)
		body = append(body, app.Section().Class("problem-group").DataSet("rules", rules).Body(
			app.H3().Text(info.Name),
			app.Ol().Class("problem-list").Body(groups[rules]...),
		))
	}
	return app.Main().Class("page problems").Body(app.Section().Class("card").Body(body...))
}

// problem draws one problem: the board, the checker's words, the solution, the solver and
// the link.
func (p *Screen) problem() app.UI {
	s := p.s
	st := s.ShownState()
	cfg := board.Config{
		Position:    st.Position(),
		Orientation: p.mover(),
		Key:         fmt.Sprintf("%d:%x", s.Len(), st.Position().Hash()),
		Turn:        st.Mover(),
		Coords:      p.settings.Coords,
		Dots:        p.settings.Dots,
		Animate:     true,
		Last:        p.anim,
		Marks:       board.Marks{},
	}
	for _, ply := range s.LastPlies() {
		cfg.Marks[ply[0]] |= board.MarkLastMove
		cfg.Marks[ply[1]] |= board.MarkLastMove
	}
	for b := s.Checked(); b != 0; b &= b - 1 {
		cfg.Marks[b.First()] |= board.MarkCheck
	}
	if _, _, promoting := s.Promoting(); !promoting && !p.finished() {
		cfg.Dests = s.Dests()
	}
	p.anim = board.Ply{}
	state := "open"
	switch {
	case p.checked && p.verdict.Solved:
		state = "solved"
	case p.finished():
		state = "failed"
	}
	return app.Main().Class("play problem").DataSet("problem", p.prob.ID).DataSet("state", state).Body(
		app.Section().Class("board-col").Aria("label", "Board").Body(
			app.Div().Class("player").Body(app.Span().Class("status").Text(p.title())),
			app.Div().Class("board-wrap can-move").Body(&board.Interactive{Config: cfg, OnAsk: p.onBoardAsk}, p.promotionPicker()),
			app.Div().Class("player").Body(app.Span().Class("status").Text(s.Panel().Progress)),
		),
		app.Aside().Class("side").Body(
			app.Div().Class("game-title").Body(
				app.H2().Text(p.title()),
				app.A().Class("rules-link").Href(route.Rules(p.prob.Rules)).Text("Rules"),
			),
			p.seriesPlayed(s),
			p.verdictPanel(),
			p.actions(),
			p.solutionPanel(),
			p.solverPanel(),
			p.around(),
		),
	)
}

// around links the next problem of the collection and the whole collection.
func (p *Screen) around() app.UI {
	links := []app.UI{app.A().Href(route.Problems()).Text("All the problems")}
	all := core.Collection()
	for i, pr := range all {
		if pr.ID == p.prob.ID && i+1 < len(all) {
			links = append(links, app.Text(" · "), app.A().DataSet("action", "next-problem").Href(route.Problem(all[i+1].ID)).Text("Next problem"))
		}
	}
	return app.P().Body(links...)
}

// seriesPlayed draws the plies played so far.
func (p *Screen) seriesPlayed(s *session.Session) app.UI {
	text := s.Movetext()
	if text == "" {
		text = "Play the series on the board."
	}
	return app.P().Class("moves series-played").DataSet("movetext", s.Movetext()).Text(text)
}

// verdictPanel says what the checker found.
func (p *Screen) verdictPanel() app.UI {
	var body []app.UI
	if n := p.s.Notice(); n.Text != "" {
		body = append(body, app.P().Class("notice").Role("alert").DataSet("rule", n.Rule).Text(n.Text))
	}
	switch {
	case !p.checked:
	case p.verdict.Solved:
		text := "Solved: the series mates."
		if p.verdict.Solution >= 0 && !p.verdict.Exact {
			text += " (The same mate as the solution " + p.prob.Solutions[p.verdict.Solution] + ", in another order.)"
		}
		body = append(body, app.P().Class("verdict solved").Role("status").Text(text))
	case p.verdict.Ply > 0:
		body = append(body, app.P().Class("verdict failed").Role("status").Text(fmt.Sprintf("Not this way: ply %d, %s.", p.verdict.Ply, p.verdict.Reason)))
	default:
		body = append(body, app.P().Class("verdict open").Role("status").Text(p.verdict.Reason+"."))
	}
	return app.Div().Class("verdict-panel").Aria("live", "polite").Body(body...)
}

// actions draws take back, try again, show solution, analyse and share.
func (p *Screen) actions() app.UI {
	n := p.s.Len()
	sol := "Show the solution"
	if p.showSol {
		sol = "Hide the solution"
	}
	items := []app.UI{
		app.Button().Class("btn").Type("button").DataSet("action", "take-back").Disabled(n == 0).Text("Take back").OnClick(p.onTakeBack),
		app.Button().Class("btn").Type("button").DataSet("action", "retry").Disabled(n == 0).Text("Start again").OnClick(p.onRetry),
	}
	if len(p.prob.Solutions) > 0 {
		items = append(items, app.Button().Class("btn").Type("button").DataSet("action", "show-solution").Text(sol).OnClick(p.onShowSolution))
	}
	items = append(items,
		app.A().Class("btn").DataSet("action", "analyse").Href(route.AnalysisOf(session.GameQuery{Variant: p.prob.Rules, FEN: p.prob.FEN})).Text("Analyse"),
		app.Button().Class("btn").Type("button").DataSet("action", "share").Text("Copy link").OnClick(p.onCopy),
	)
	out := []app.UI{app.Div().Class("game-actions").Body(items...)}
	if p.copied != "" {
		out = append(out, app.P().Class("copied").Role("status").Text(p.copied))
	}
	return app.Div().Body(out...)
}

// solutionPanel lists the solutions.
func (p *Screen) solutionPanel() app.UI {
	if !p.showSol || len(p.prob.Solutions) == 0 {
		return nil
	}
	items := make([]app.UI, len(p.prob.Solutions))
	for i, sol := range p.prob.Solutions {
		items[i] = app.Li().Class("solution").Text(sol)
	}
	return app.Section().Class("solutions").Body(app.H3().Text("Solution"), app.Ul().Body(items...))
}

// solverPanel draws the series-mate solver.
func (p *Screen) solverPanel() app.UI {
	return p.solver.Panel("Ask the solver", "", p.onSolve, p.onStopSolve)
}

// promotionPicker draws the choice of piece over the promotion square's file.
func (p *Screen) promotionPicker() app.UI {
	_, to, ok := p.s.Promoting()
	if !ok {
		return nil
	}
	return board.Promotion{Orientation: p.mover(), Mover: p.s.Mover(), To: to, Types: p.s.Promotions(),
		Pick: p.onPromote, Cancel: p.onCancelPromotion}.Draw()
}
