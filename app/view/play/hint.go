package play

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	core "github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/variants/turn"
)

// hintTime is the engine's time for a hint, in milliseconds (app/analysis.HintTime).
const hintTime = 1000

// hintState is a hint: asked for (id), then shown for the position it was asked in (at: the
// number of actions then) as the engine's arrows and words.
type hintState struct {
	id   int
	at   int
	text string
	best []string
	err  string
}

// hintable reports whether the hint button is offered now: the setting is on, a person is
// to move in a game against the computer or between two people, and no hint is shown or
// asked for this position.
func (p *Screen) hintable() bool {
	s := p.s
	return p.settings.Hints && s != nil && !s.Over() && !s.Viewing() && s.HumanToMove() &&
		!s.Thinking() && p.reply == nil && !s.RollDue()
}

// onHint asks the engine for the best turn now. The turn is noted as played with a hint
// (turn.Game.UseHint) when the hint arrives.
func (p *Screen) onHint(ctx app.Context, e app.Event) {
	if !p.hintable() || p.hint.id != 0 {
		return
	}
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	if p.ui != nil {
		ctx = *p.ui
	}
	s := p.s
	g, err := turn.Replay(s.Variant(), s.Record())
	if err != nil {
		p.hint.err = err.Error()
		return
	}
	// The ids of hints are negative: the computer's requests count up from 1.
	id := -(s.Len() + 1)
	p.hint = hintState{id: id, at: s.Len()}
	p.engine.Ask(ctx, worker.Request{Type: worker.TypeAnalyse, ID: id, Record: g.Encode(), Millis: hintTime}, func(r worker.Response) {
		if p.s != s || p.hint.id != id {
			return
		}
		p.hint.id = 0
		if r.Err != "" || r.Analysis == nil || len(r.Analysis.Best) == 0 {
			p.hint.err = "No hint: " + r.Err
			return
		}
		p.hint.best = r.Analysis.Best
		p.hint.text = p.hintText(r.Analysis.Best)
		s.UseHint()
		p.changed(ctx)
	})
}

// hintText writes the hint's turn in the variant's notation, with its number (app/analysis.Line).
func (p *Screen) hintText(best []string) string {
	v, st := p.s.Variant(), p.s.State()
	acts, _ := core.ParseLine(v, st, best)
	return core.Line(v, st, acts)
}

// hintShapes are the arrows of the hint for the position shown: the plies of the hinted turn
// not yet made.
func (p *Screen) hintShapes() []board.Shape {
	s := p.s
	done := s.Len() - p.hint.at
	if len(p.hint.best) == 0 || s.Viewing() || done < 0 || done >= len(p.hint.best) {
		return nil
	}
	acts, _ := core.ParseLine(s.Variant(), s.State(), p.hint.best[done:])
	return board.EngineArrows(acts)
}

// hintBlock draws the hint button, or the hint.
func (p *Screen) hintBlock() app.UI {
	if !p.settings.Hints || p.s == nil {
		return nil
	}
	if p.hint.text != "" && p.s.Len() >= p.hint.at && len(p.hintShapes()) > 0 {
		return app.P().Class("hint-line").Role("status").Text(fmt.Sprintf("Hint: %s", p.hint.text))
	}
	if p.hint.id != 0 {
		return app.P().Class("hint-line").Role("status").Text("Looking for a hint…")
	}
	if !p.hintable() {
		return nil
	}
	body := []app.UI{app.Button().Class("btn small").Type("button").DataSet("action", "hint").Text("Hint").OnClick(p.onHint)}
	if p.hint.err != "" {
		body = append(body, app.Span().Class("notice").Text(" "+p.hint.err))
	}
	return app.Div().Class("hint-line").Body(body...)
}
