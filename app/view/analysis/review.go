package analysis

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	core "github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine"
)

// The game review: every turn of the game evaluated in the worker, with its progress, then
// the graph and the marked turns; kept with the saved game.

// onReview starts the review of the game (the continuous analysis pauses meanwhile).
func (p *Screen) onReview(ctx app.Context, e app.Event) {
	if p.game == nil || p.game.Len() == 0 || p.reviewID != 0 {
		return
	}
	p.stopAnalysis()
	p.cancelSolve()
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	p.seq++
	id := p.seq
	p.reviewID, p.done, p.total, p.reviewErr = id, 0, 0, ""
	p.engine.AskStream(*p.ui, worker.Request{Type: worker.TypeReview, ID: id, Record: p.game.Game().Encode()},
		func(r worker.Response) {
			if id == p.reviewID && r.Type == worker.TypeProgress {
				p.done, p.total = r.Done, r.Total
			}
		},
		func(r worker.Response) {
			if id != p.reviewID {
				return
			}
			p.reviewID = 0
			rev, err := core.DecodeReview(r.Review)
			switch {
			case r.Err != "":
				p.reviewErr = "The review stopped: " + r.Err
			case err != nil:
				p.reviewErr = "The review cannot be read: " + err.Error()
			default:
				p.review = &rev
				p.keepReview(rev)
			}
			p.key = ""
			p.sync(*p.ui)
		})
}

// onStopReview stops the review under way.
func (p *Screen) onStopReview(ctx app.Context, e app.Event) {
	if p.reviewID == 0 {
		return
	}
	p.engine.Cancel()
	p.reviewID = 0
	p.key = ""
	p.sync(ctx)
}

// keepReview stores the review with the saved game, when the game is one.
func (p *Screen) keepReview(rev core.Review) {
	if p.savedID == "" {
		return
	}
	st, err := p.App.Store()
	if err != nil {
		p.reviewErr = "The review is not kept: " + err.Error()
		return
	}
	if err := st.KeepReview(p.savedID, p.savedRecord, rev.Encode()); err != nil {
		p.reviewErr = "The review is not kept with the saved game: " + err.Error()
	}
}

// classWord names a review class as the page shows it.
func classWord(c core.Class) string {
	switch c {
	case core.Inaccuracy:
		return "Inaccuracy"
	case core.Mistake:
		return "Mistake"
	case core.Blunder:
		return "Blunder"
	}
	return ""
}

// classMark is the mark of a class in the move list and on the graph.
func classMark(c core.Class) string {
	switch c {
	case core.Inaccuracy:
		return "?!"
	case core.Mistake:
		return "?"
	case core.Blunder:
		return "??"
	}
	return ""
}

// reviewed returns the review's turn that starts at action first, if any.
func (p *Screen) reviewed(first int) (core.TurnReview, bool) {
	if p.review == nil {
		return core.TurnReview{}, false
	}
	for _, t := range p.review.Turns {
		if t.First == first {
			return t, true
		}
	}
	return core.TurnReview{}, false
}

// reviewPanel draws the review: the button, the progress bar, or the graph, the thresholds,
// each side's count of marked turns and the marked turns.
func (p *Screen) reviewPanel() app.UI {
	sec := app.Section().Class("review card-lite").Aria("label", "Game review")
	if p.game == nil || p.game.Len() == 0 {
		return nil
	}
	if p.reviewID != 0 {
		pct := 0.0
		if p.total > 0 {
			pct = 100 * float64(p.done) / float64(p.total)
		}
		return sec.DataSet("state", "running").Body(
			app.H3().Text("Game review"),
			app.Div().Class("review-progress").Role("progressbar").
				Aria("valuemin", 0).Aria("valuemax", p.total).Aria("valuenow", p.done).
				Aria("label", "Review progress").
				Body(app.Div().Class("review-progress-fill").Style("width", fmt.Sprintf("%.1f%%", pct))),
			app.P().Class("review-count").Text(fmt.Sprintf("%d of %d positions evaluated", p.done, p.total)),
			app.Button().Class("btn small").Type("button").DataSet("action", "stop-review").Text("Stop").OnClick(p.onStopReview),
		)
	}
	if p.review == nil {
		body := []app.UI{
			app.H3().Text("Game review"),
			app.P().Class("review-about").Text("The engine evaluates every turn of the game and marks the turns that lost the most."),
			app.Button().Class("btn primary").Type("button").DataSet("action", "review").Text("Review the game").OnClick(p.onReview),
		}
		if p.reviewErr != "" {
			body = append(body, app.P().Class("notice").Role("alert").Text(p.reviewErr))
		}
		return sec.Body(body...)
	}
	rev := *p.review
	var marked []app.UI
	for _, t := range rev.Turns {
		if t.Class == core.Good {
			continue
		}
		text := p.turnText(t)
		kids := []app.UI{
			app.Button().Class("link-btn").Type("button").
				DataSet("first", t.First).
				OnClick(shell.On(p.onView(false, t.First), "view", false, t.First)).
				Text(fmt.Sprintf("%d%s %s%s", t.Number, dots(t.Side), text, classMark(t.Class))),
			app.Span().Class("mark-class").Text(fmt.Sprintf(" %s: lost %.0f%% of the winning chances.", classWord(t.Class), t.Loss)),
		}
		if t.BestText != "" {
			kids = append(kids, app.Span().Class("better").Text(" Better: "+t.BestText+" ("+t.Best.String()+")."))
		}
		item := app.Li().Class("marked").DataSet("class", classWord(t.Class)).Body(kids...)
		marked = append(marked, item)
	}
	counts := make([]app.UI, 0, 2)
	for _, c := range []engine.Color{engine.White, engine.Black} {
		counts = append(counts, app.P().Class("review-counts").DataSet("side", c.String()).Text(fmt.Sprintf("%s: %s, %s, %s", sideWord(c),
			count(rev.Count(c, core.Inaccuracy), "inaccuracy", "inaccuracies"),
			count(rev.Count(c, core.Mistake), "mistake", "mistakes"),
			count(rev.Count(c, core.Blunder), "blunder", "blunders"))))
	}
	body := []app.UI{
		app.H3().Text("Game review"),
		p.graph(rev),
		app.Div().Body(counts...),
	}
	if len(marked) > 0 {
		body = append(body, app.Ol().Class("marked-turns").Body(marked...))
	} else {
		body = append(body, app.P().Text("No turn lost more than an inaccuracy."))
	}
	body = append(body, app.P().Class("thresholds").Text(fmt.Sprintf(
		"A turn is marked by the winning chances it lost against the engine's best turn: an inaccuracy %.0f points or more, a mistake %.0f, a blunder %.0f (searched to depth %d).",
		core.InaccuracyLoss, core.MistakeLoss, core.BlunderLoss, rev.Depth)))
	if p.reviewErr != "" {
		body = append(body, app.P().Class("notice").Role("alert").Text(p.reviewErr))
	}
	return sec.DataSet("state", "done").Body(body...)
}

// count writes n things: "1 mistake", "2 mistakes".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// turnText writes a reviewed turn's plies as the move list does.
func (p *Screen) turnText(t core.TurnReview) string {
	for _, r := range p.game.Rows() {
		for _, c := range r.Cells {
			if c.Start == t.First {
				return c.Text(p.game.Variant().Style())
			}
		}
	}
	return ""
}

// dots is the punctuation after a turn's number: "." for White, "..." for Black.
func dots(c engine.Color) string {
	if c == engine.Black {
		return "..."
	}
	return "."
}

func sideWord(c engine.Color) string {
	if c == engine.Black {
		return "Black"
	}
	return "White"
}

// graph draws the evaluation graph: White's advantage up, a dot for each marked turn, the
// position shown as a line; a click on the graph shows the turn under it.
func (p *Screen) graph(rev core.Review) app.UI {
	points := rev.Graph()
	line, area := GraphPath(points)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	svg := `<svg class="eval-graph" viewBox="0 0 ` + f(GraphWidth) + ` ` + f(GraphHeight) + `" preserveAspectRatio="none" role="img" aria-label="Evaluation graph">` +
		`<rect class="graph-black" x="0" y="0" width="100" height="40"></rect>` +
		`<path class="graph-area" d="` + area + `"></path>` +
		`<line class="graph-even" x1="0" y1="20" x2="100" y2="20"></line>` +
		`<path class="graph-line" d="` + line + `" vector-effect="non-scaling-stroke"></path>`
	for i, t := range rev.Turns {
		if t.Class == core.Good {
			continue
		}
		x, y := GraphPoint(i+1, len(points), points[i+1])
		svg += `<circle class="graph-mark" data-class="` + classWord(t.Class) + `" cx="` + f(x) + `" cy="` + f(y) + `" r="1.2"></circle>`
	}
	if s := p.game; p.line == nil {
		// The turn of the position shown.
		for i, t := range rev.Turns {
			if s.Shown() >= t.First+t.Count && (i+1 == len(rev.Turns) || s.Shown() < rev.Turns[i+1].First+rev.Turns[i+1].Count) {
				x, _ := GraphPoint(i+1, len(points), 0)
				svg += `<line class="graph-now" x1="` + f(x) + `" y1="0" x2="` + f(x) + `" y2="40" vector-effect="non-scaling-stroke"></line>`
			}
		}
	}
	svg += `</svg>`
	return app.Div().Class("graph-wrap").DataSet("points", len(points)).OnClick(shell.On(p.onGraph(len(points)), "graph", len(points))).Body(app.Raw(svg))
}

// onGraph shows the position after the turn under a click on the graph.
func (p *Screen) onGraph(n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if p.review == nil || n < 2 {
			return
		}
		r := e.Get("currentTarget").Call("getBoundingClientRect")
		w := r.Get("width").Float()
		if w <= 0 {
			return
		}
		i := int((e.Get("clientX").Float()-r.Get("left").Float())/w*float64(n-1) + 0.5)
		if i < 0 {
			i = 0
		}
		if i > len(p.review.Turns) {
			i = len(p.review.Turns)
		}
		at := 0
		if i > 0 {
			t := p.review.Turns[i-1]
			at = t.First + t.Count
		}
		p.line = nil
		p.game.ViewAt(at)
		p.sync(ctx)
	}
}

// --- The series-mate solver (progressive chess) -----------------------------------------------

// onSolve asks the series-mate solver for the position shown.
func (p *Screen) onSolve(ctx app.Context, e app.Event) {
	if p.solver.Busy() {
		return
	}
	text, at, err := p.shownText()
	if err != nil {
		p.solver.Fail(err)
		return
	}
	p.stopAnalysis()
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	p.seq++
	p.solver.Ask(*p.ui, p.engine, p.seq, text, at, 0, func() {
		p.key = ""
		p.sync(*p.ui)
	})
}

// cancelSolve stops the solver.
func (p *Screen) cancelSolve() { p.solver.Stop(p.engine) }

func (p *Screen) onStopSolve(ctx app.Context, e app.Event) {
	p.cancelSolve()
	p.key = ""
	p.sync(ctx)
}
