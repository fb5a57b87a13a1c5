// Package solver is the series-mate solver of progressive chess (P1) as the screens show it:
// a request to the engine's Web Worker, its progress against the node budget with a Stop
// button, and the answer in the words of problems.Answer.Summary. The analysis board ("solve
// this position") and the problems screen ("ask the solver") each hold one Solver.
package solver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/problems"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/variants/turn"
)

// Solver is one screen's series-mate solver: the solve under way, if any, and the last
// answer or error. The zero Solver is idle.
type Solver struct {
	id          int   // the request under way (0: none)
	done, total int64 // nodes searched, of the budget
	answer      string
	err         string
}

// Busy reports whether a solve is under way.
func (s *Solver) Busy() bool { return s.id != 0 }

// Answer returns the words of the last answer ("" when none).
func (s *Solver) Answer() string { return s.answer }

// Fail shows err instead of an answer.
func (s *Solver) Fail(err error) { s.answer, s.err = "", err.Error() }

// Ask asks engine, through ctx (the screen's own context), to solve the last position of
// record (a game record, as turn.Game.Encode writes it), whose state is at, within nodes
// (0: the worker's default). id names the request among the screen's others; answered, if
// set, runs when the answer has been taken in. A solve already under way is left to finish.
func (s *Solver) Ask(ctx app.Context, engine *browser.Engine, id int, record string, at turn.State, nodes int64, answered func()) {
	if s.id != 0 {
		return
	}
	s.id, s.done, s.total, s.answer, s.err = id, 0, nodes, "", ""
	engine.AskStream(ctx, worker.Request{Type: worker.TypeSolve, ID: id, Record: record, Nodes: nodes},
		func(r worker.Response) {
			if id == s.id && r.Type == worker.TypeProgress {
				s.done, s.total = r.Done, r.Total
			}
		},
		func(r worker.Response) {
			if id != s.id {
				return
			}
			s.id = 0
			if r.Err != "" {
				s.err = r.Err
			} else {
				s.answer = Words(r, at)
			}
			if answered != nil {
				answered()
			}
		})
}

// Words says what the solver's answer r for the position at means (problems.Answer.Summary).
func Words(r worker.Response, at turn.State) string {
	a := problems.Answer{Mate: len(r.Series) > 0, Proved: r.Proved, Text: r.Text, Nodes: r.Nodes}
	words := a.Summary(at)
	return strings.ToUpper(words[:1]) + words[1:] + "."
}

// Stop stops the solve under way, if any (engine may be nil when none was asked).
func (s *Solver) Stop(engine *browser.Engine) {
	if s.id != 0 && engine != nil {
		engine.Cancel()
	}
	s.id = 0
}

// Panel draws the solver: its progress and Stop button while it searches (onStop), else
// about (a line saying what it does, "" for none) and the button asking it (ask, onAsk);
// then the last answer or error.
func (s *Solver) Panel(ask, about string, onAsk, onStop app.EventHandler) app.UI {
	body := []app.UI{app.H3().Text("Series-mate solver")}
	if s.id != 0 {
		pct := 0.0
		if s.total > 0 {
			pct = 100 * float64(s.done) / float64(s.total)
		}
		body = append(body,
			app.Div().Class("review-progress").Role("progressbar").Aria("label", "Solver progress").
				Aria("valuemin", 0).Aria("valuemax", s.total).Aria("valuenow", s.done).
				Body(app.Div().Class("review-progress-fill").Style("width", fmt.Sprintf("%.1f%%", pct))),
			app.P().Class("review-count").Text(fmt.Sprintf("%s of %s nodes (the solver's budget)", Thousands(s.done), Thousands(s.total))),
			app.Button().Class("btn small").Type("button").DataSet("action", "stop-solve").Text("Stop").OnClick(shell.On(onStop, "stop-solve")),
		)
	} else {
		if about != "" {
			body = append(body, app.P().Class("review-about").Text(about))
		}
		body = append(body, app.Button().Class("btn").Type("button").DataSet("action", "solve").Text(ask).OnClick(shell.On(onAsk, "solve")))
	}
	if s.answer != "" {
		body = append(body, app.P().Class("solve-result").Role("status").Text(s.answer))
	}
	if s.err != "" {
		body = append(body, app.P().Class("notice").Role("alert").Text(s.err))
	}
	return app.Section().Class("solver").Aria("label", "Series-mate solver").Body(body...)
}

// Thousands writes n with a space between groups of three digits: 1 234 567.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}
