package worker

import (
	"fmt"
	"time"

	"github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/app/problems"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Analysis is one iteration of an analysis, as it travels:
//
//	{"depth":9,"nodes":81234,"cp":35,"line":["e2e4","e7e5"],"text":"2.e4 e5","best":["e2e4"]}
type Analysis struct {
	Depth int   `json:"depth"`
	Nodes int64 `json:"nodes"`
	// CP and Mate are the evaluation from White's side (app/analysis.Eval): centipawns, or
	// mate in Mate turns (negative: Black mates).
	CP   int `json:"cp,omitempty"`
	Mate int `json:"mate,omitempty"`
	// Line is the expected line (turn.Action.String texts), Text the same in notation.
	Line []string `json:"line,omitempty"`
	Text string   `json:"text,omitempty"`
	// Best is the part of Line that finishes the turn under way: the hint, the arrows.
	Best []string `json:"best,omitempty"`
	// Rolls are the 21 rolls before a dice roll, with their values.
	Rolls []Roll `json:"rolls,omitempty"`
	Final bool   `json:"final,omitempty"`
}

// Roll is one roll of a dice-chess table: the roll ("3-5"), its chance in 36ths, its value
// from White's side and the best ply for it.
type Roll struct {
	Roll   string   `json:"roll"`
	Weight int      `json:"weight"`
	CP     int      `json:"cp,omitempty"`
	Mate   int      `json:"mate,omitempty"`
	Line   []string `json:"line,omitempty"`
	Text   string   `json:"text,omitempty"`
}

// Eval returns the evaluation the analysis carries.
func (a Analysis) Eval() analysis.Eval { return analysis.Eval{CP: a.CP, Mate: a.Mate} }

func texts(acts []turn.Action) []string {
	out := make([]string, 0, len(acts))
	for _, a := range acts {
		out = append(out, a.String())
	}
	return out
}

func analysisOf(v turn.Variant, s turn.State, r analysis.Report) *Analysis {
	out := &Analysis{Depth: r.Depth, Nodes: r.Nodes, CP: r.Eval.CP, Mate: r.Eval.Mate, Line: texts(r.Line), Text: r.Text,
		Best: texts(r.Best(v, s)), Final: r.Final}
	for _, rv := range r.Rolls {
		out.Rolls = append(out.Rolls, Roll{Roll: rv.Roll.String(), Weight: rv.Weight, CP: rv.Eval.CP, Mate: rv.Eval.Mate,
			Line: texts(rv.Line), Text: rv.Text})
	}
	return out
}

// OnStream sets the function that sends the replies streamed while a request is served
// (report, progress); without one they are dropped.
func (e *Engine) OnStream(send func(Response)) { e.send = send }

func (e *Engine) stream(r Response) {
	if e.send != nil {
		r.V = Version
		e.send(r)
	}
}

// analyser returns the analyser of the game's variant and options, made once.
func (e *Engine) analyser(v turn.Variant) *analysis.Analyser {
	key := v.ID() + "\x00" + v.Options()
	a := e.analysers[key]
	if a == nil {
		a = analysis.New(v, e.bits)
		a.UseNetwork(e.net)
		e.analysers[key] = a
	}
	return a
}

func (e *Engine) options(r Request) analysis.Options {
	return analysis.Options{Depth: r.Depth, Nodes: r.Nodes, Time: time.Duration(r.Millis) * time.Millisecond, Now: e.now, Stop: &e.stop}
}

// analyse serves an analyse request: a report per depth, the last one as the result.
func (e *Engine) analyse(r Request, out *Response) error {
	g, err := variants.Decode(r.Record)
	if err != nil {
		return err
	}
	v, s := g.Variant(), g.State()
	rep, err := e.analyser(v).AnalyseGame(g, e.options(r), func(rep analysis.Report) {
		if !rep.Final {
			e.stream(Response{Type: TypeReport, ID: r.ID, Analysis: analysisOf(v, s, rep)})
		}
	})
	if err != nil {
		return err
	}
	out.Analysis = analysisOf(v, s, rep)
	return nil
}

// review serves a review request: progress after each position, the review as the result.
func (e *Engine) review(r Request, out *Response) error {
	g, err := variants.Decode(r.Record)
	if err != nil {
		return err
	}
	o := analysis.ReviewOptions{Depth: r.Depth, Nodes: r.Nodes, Time: time.Duration(r.Millis) * time.Millisecond, Now: e.now, Stop: &e.stop}
	rev, err := e.analyser(g.Variant()).ReviewGame(g, o, func(done, total int) {
		e.stream(Response{Type: TypeProgress, ID: r.ID, Done: int64(done), Total: int64(total)})
	})
	if err != nil {
		return err
	}
	out.Review = rev.Encode()
	return nil
}

// solve serves a solve request: the series-mate solver on the record's current position.
func (e *Engine) solve(r Request, out *Response) error {
	g, err := variants.Decode(r.Record)
	if err != nil {
		return err
	}
	v, s := g.Variant(), g.State()
	if v.Style() != turn.Series {
		return fmt.Errorf("%s has no series to solve", v.ID())
	}
	if oc := g.Outcome(); oc.Over() {
		return fmt.Errorf("the game is over (%v)", oc)
	}
	a, err := problems.Solve(v, s, problems.SolveOptions{Nodes: r.Nodes, Stop: &e.stop, Now: e.now,
		Progress: func(done, total int64) {
			e.stream(Response{Type: TypeProgress, ID: r.ID, Done: done, Total: total})
		}})
	if err != nil {
		return err
	}
	out.Mate, out.Proved, out.Nodes, out.Series, out.Text = a.Mate, a.Proved, a.Nodes, texts(a.Series), a.Text
	return nil
}
