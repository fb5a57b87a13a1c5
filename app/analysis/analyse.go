package analysis

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/turn"
)

// Options bound one analysis. The zero value analyses until Stop is set (the analysis
// board's continuous analysis).
type Options struct {
	Depth int           // deepest iteration (0: search.MaxDepth); in dice chess, per roll
	Nodes int64         // node budget (0: none)
	Time  time.Duration // time budget (0: none)
	// Now is the clock of the time budget (nil: time.Now); the worker's clock also yields
	// to its event loop, so that a stop arrives.
	Now  func() time.Time
	Stop *atomic.Bool // set to stop at once; the best found so far is reported
}

// forever is the deadline of an analysis without a time budget whose clock is given: the
// search reads a clock only when it has a deadline, and the worker's clock is where it
// yields to its event loop (and hears a stop).
const forever = 1000 * time.Hour

func (o Options) budget() search.Budget {
	b := search.Budget{Nodes: o.Nodes, Depth: o.Depth, Now: o.Now, Stop: o.Stop}
	switch {
	case o.Time > 0:
		if b.Now == nil {
			b.Now = time.Now
		}
		b.Deadline = b.Now().Add(o.Time)
	case o.Now != nil:
		b.Deadline = b.Now().Add(forever)
	}
	return b
}

// Report is what the analysis knows after an iteration.
type Report struct {
	Depth int   // the iteration (plies); in progressive chess, the series planned so far
	Nodes int64 // nodes searched so far
	Eval  Eval  // from White's side; in dice chess before the roll, the expectation
	// Line is the expected line from the position, its first action the best one (empty
	// before a dice roll: see Rolls).
	Line []turn.Action
	// Text is Line in the variant's notation (see the function Line).
	Text string
	// Rolls holds, before a dice roll, the 21 distinct rolls with their values (D1).
	Rolls []RollValue
	// Final is set on the last report of an analysis.
	Final bool
}

// Best returns the actions of the best line that finish the turn under way (the hint).
func (r Report) Best(v turn.Variant, s turn.State) []turn.Action { return TurnOf(v, s, r.Line) }

// RollValue is one roll of the dice before a dice-chess turn: its chance (in 36ths: 1 for a
// double, 2 otherwise), the value of the position after it for best play from White's side,
// and the best ply for it.
type RollValue struct {
	Roll   turn.Dice
	Weight int
	Eval   Eval
	Line   []turn.Action // from the position after the roll
	Text   string
}

// ErrOver is returned for a position whose game is over: there is nothing to analyse.
var ErrOver = errors.New("analysis: the game is over")

// Analyser analyses positions of one variant; it keeps its transposition table from one
// analysis to the next (the positions of one game share much). It is not safe for concurrent
// use.
type Analyser struct {
	v turn.Variant
	g *turn.SearchGame
	x *search.Searcher[turn.State, turn.Action]
	// nested is set while a table of rolls is searched inside a roll's forced actions.
	nested bool
}

// New returns an analyser of v with a transposition table of 2^tableBits entries (18 is
// about 8 MB).
func New(v turn.Variant, tableBits int) *Analyser {
	g := turn.NewSearchGame(v)
	return &Analyser{v: v, g: g, x: search.New[turn.State, turn.Action](g, tableBits)}
}

// UseNetwork makes the analyser's evaluation of orthodox chess the hand-written one corrected
// by the network n, as the computer player's (turn.Player.UseNetwork; nil: the hand-written
// one alone). Call it before the first analysis: the transposition table keeps scores of the
// evaluation it had.
func (a *Analyser) UseNetwork(n *search.Network) { a.g.UseNetwork(n) }

// Variant returns the analyser's variant.
func (a *Analyser) Variant() turn.Variant { return a.v }

// AnalyseGame analyses the current position of game, with its history (a repeated position
// is a draw). See Analyse.
func (a *Analyser) AnalyseGame(game *turn.Game, o Options, report func(Report)) (Report, error) {
	if game.Variant().ID() != a.v.ID() || game.Variant().Options() != a.v.Options() {
		return Report{}, fmt.Errorf("analysis: analyser of %s %q asked about %s %q", a.v.ID(), a.v.Options(),
			game.Variant().ID(), game.Variant().Options())
	}
	if oc := game.Outcome(); oc.Over() {
		return Report{}, fmt.Errorf("%w (%v)", ErrOver, oc)
	}
	return a.analyse(game.State(), a.g.History(game), o, report)
}

// Analyse analyses s by iterative deepening and calls report (if not nil) after each
// iteration, then returns the final report (Final set; it is also reported). The analysis
// ends at the budget of o, at its Stop, or at a proven result.
func (a *Analyser) Analyse(s turn.State, o Options, report func(Report)) (Report, error) {
	if oc := a.v.Outcome(s); oc.Over() {
		return Report{}, fmt.Errorf("%w (%v)", ErrOver, oc)
	}
	return a.analyse(s, nil, o, report)
}

func (a *Analyser) analyse(s turn.State, hist []uint64, o Options, report func(Report)) (Report, error) {
	var acts []turn.Action
	acts = a.v.Actions(s, acts)
	if len(acts) == 0 {
		return Report{}, fmt.Errorf("%w (%v)", ErrOver, a.v.Outcome(s))
	}
	if report == nil {
		report = func(Report) {}
	}
	var r Report
	var err error
	switch {
	case acts[0].Kind == turn.Roll:
		r, err = a.rolls(s, hist, o.budget(), report)
	case a.g.Series():
		r, err = a.series(s, o, report)
	default:
		r, err = a.search(s, hist, o.budget(), report)
	}
	if err != nil {
		return r, err
	}
	r.Final = true
	report(r)
	return r, nil
}

// forced bounds the forced actions (a single legal action: a pass, a king capture) the
// analysis plays through before searching.
const forced = 8

// search runs the alpha-beta search of s (a decision) and reports each iteration. A state
// with a single legal action (which the searcher values statically) is played through.
func (a *Analyser) search(s turn.State, hist []uint64, b search.Budget, report func(Report)) (Report, error) {
	var only []turn.Action
	t := s
	for len(only) < forced {
		acts := a.v.Actions(t, nil)
		if len(acts) != 1 || acts[0].Kind == turn.Roll {
			break
		}
		only = append(only, acts[0])
		t = a.v.Do(t, acts[0])
		if oc := a.v.Outcome(t); oc.Over() || len(a.v.Actions(t, nil)) == 0 {
			e := a.staticEval(t)
			if e.Mate > 0 {
				e.Mate = mateTurns(a.v, s, only, len(only), engine.White)
			} else if e.Mate < 0 {
				e.Mate = -mateTurns(a.v, s, only, len(only), engine.Black)
			}
			return Report{Depth: 1, Eval: e, Line: only, Text: Line(a.v, s, only)}, nil
		}
	}
	if len(only) > 0 {
		inner := func(r Report) Report {
			r.Line = append(append([]turn.Action(nil), only...), r.Line...)
			r.Text = Line(a.v, s, r.Line)
			return r
		}
		var r Report
		var err error
		if acts := a.v.Actions(t, nil); acts[0].Kind == turn.Roll {
			if a.nested || b.Depth == 1 {
				// Inside the table of rolls (or at its last depth): the next roll is valued
				// as it stands.
				return inner(Report{Depth: 1, Eval: evalOf(a.g, t, a.g.Evaluate(t), nil)}), nil
			}
			a.nested = true
			rb := b
			rb.Depth = max(b.Depth-1, 0)
			r, err = a.rolls(t, hist, rb, func(r Report) { report(inner(r)) })
			a.nested = false
		} else {
			r, err = a.alphaBeta(t, hist, b, func(r Report) { report(inner(r)) })
		}
		return inner(r), err
	}
	return a.alphaBeta(s, hist, b, report)
}

// alphaBeta runs the searcher on s and reports each iteration.
func (a *Analyser) alphaBeta(s turn.State, hist []uint64, b search.Budget, report func(Report)) (Report, error) {
	var last Report
	a.x.OnProgress(func(p search.Progress[turn.Action]) {
		line := append([]turn.Action(nil), p.PV...)
		last = Report{Depth: p.Depth, Nodes: p.Nodes, Eval: evalOf(a.g, s, p.Score, line), Line: line,
			Text: Line(a.v, s, line)}
		report(last)
	})
	defer a.x.OnProgress(nil)
	res, err := a.x.Search(s, search.Options{Budget: b, History: hist, ChanceWin: a.g.ChanceWin()})
	if err != nil {
		return Report{}, fmt.Errorf("analysis: %w", err)
	}
	line := append([]turn.Action(nil), res.PV...)
	if len(line) == 0 {
		line = []turn.Action{res.Action}
	}
	return Report{Depth: max(res.Depth, last.Depth), Nodes: res.Nodes, Eval: evalOf(a.g, s, res.Score, line),
		Line: line, Text: Line(a.v, s, line)}, nil
}

// rolls analyses a dice-chess position before its roll: each of the 21 distinct rolls is
// searched to depth 1, 2, ... in turn, and after each depth the table and the expectation
// over the rolls are reported.
func (a *Analyser) rolls(s turn.State, hist []uint64, b search.Budget, report func(Report)) (Report, error) {
	maxDepth := b.Depth
	if maxDepth <= 0 || maxDepth > search.MaxDepth {
		maxDepth = search.MaxDepth
	}
	var out Report
	var nodes int64
	stopped := func() bool {
		if b.Stop != nil && b.Stop.Load() {
			return true
		}
		if b.Nodes > 0 && nodes >= b.Nodes {
			return true
		}
		if !b.Deadline.IsZero() && !b.Now().Before(b.Deadline) {
			return true
		}
		return false
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && stopped() {
			break
		}
		table := make([]RollValue, 0, 21)
		complete := true
		for d1 := uint8(1); d1 <= 6; d1++ {
			for d2 := d1; d2 <= 6; d2++ {
				d := turn.Dice{A: d1, B: d2}
				w := 2
				if d1 == d2 {
					w = 1
				}
				t := a.v.Do(s, turn.RollAction(d))
				rb := b
				rb.Depth = depth
				if b.Nodes > 0 {
					rb.Nodes = max(b.Nodes-nodes, 1)
				}
				res, err := a.search(t, hist, rb, func(Report) {})
				if err != nil {
					return Report{}, fmt.Errorf("analysis: roll %v: %w", d, err)
				}
				nodes += res.Nodes
				rv := RollValue{Roll: d, Weight: w, Eval: res.Eval, Line: res.Line, Text: res.Text}
				if stopped() {
					complete = false // this roll's search may be cut short
				}
				table = append(table, rv)
			}
		}
		if !complete && depth > 1 {
			break // an iteration cut short: keep the last complete table
		}
		out = Report{Depth: depth, Nodes: nodes, Eval: expectation(table), Rolls: table}
		report(out)
		if !complete {
			break
		}
	}
	return out, nil
}

// expectation returns the value of a position before the roll: the average of the rolls'
// values weighted by their chances, in centipawns (a mate counts as the graph's limit, so
// that a roll that mates weighs as a big advantage; a mate for every roll stays a mate).
func expectation(table []RollValue) Eval {
	allMate := len(table) > 0
	sum, w := 0, 0
	for _, r := range table {
		if r.Eval.Mate <= 0 || r.Eval.Mate != table[0].Eval.Mate {
			allMate = false
		}
		sum += r.Weight * r.Eval.Graph()
		w += r.Weight
	}
	if allMate {
		return table[0].Eval
	}
	if w == 0 {
		return Eval{}
	}
	return Eval{CP: sum / w}
}

// staticEval values a state that has nothing to choose: its outcome, or its evaluation.
func (a *Analyser) staticEval(t turn.State) Eval {
	if oc := a.v.Outcome(t); oc.Over() {
		switch oc.Result {
		case turn.WhiteWins:
			return Eval{Mate: 1}
		case turn.BlackWins:
			return Eval{Mate: -1}
		}
		return Eval{}
	}
	return evalOf(a.g, t, a.g.Evaluate(t), nil)
}

// series analyses a progressive series: the series-mate solver first, then the series
// planner with budgets that double, each reported.
func (a *Analyser) series(s turn.State, o Options, report func(Report)) (Report, error) {
	b := o.budget()
	var out Report
	var nodes int64
	width := 4
	step := int64(20_000)
	for iter := 1; ; iter++ {
		pb := b
		pb.Nodes = step
		if b.Nodes > 0 {
			pb.Nodes = min(step, max(b.Nodes-nodes, 1))
		}
		plan, err := search.PlanSeries[turn.State, turn.Action](a.g, s, search.PlanOptions{
			Budget: pb, MateNodes: pb.Nodes / 2, Width: width, ReplyWidth: 2 + width/16,
		})
		if err != nil {
			if iter > 1 {
				break
			}
			return Report{}, fmt.Errorf("analysis: %w", err)
		}
		nodes += plan.Nodes
		line := plan.Actions
		out = Report{Depth: iter, Nodes: nodes, Eval: evalOf(a.g, s, plan.Score, line), Line: line,
			Text: Line(a.v, s, line)}
		report(out)
		if plan.Mate || (o.Depth > 0 && iter >= o.Depth) || (b.Stop != nil && b.Stop.Load()) ||
			(b.Nodes > 0 && nodes >= b.Nodes) || (!b.Deadline.IsZero() && !b.Now().Before(b.Deadline)) {
			break
		}
		step *= 2
		width = min(2*width, 64)
	}
	return out, nil
}
