package problems

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/turn"
)

// Answer is what the series-mate solver found.
type Answer struct {
	Mate   bool          // a mating series was found
	Proved bool          // no mating series exists (every series was searched)
	Series []turn.Action // the mating series
	Text   string        // the series in notation, with its number ("3.Bc4 Qh5 Qxf7#")
	Nodes  int64         // nodes searched in all
}

// DefaultBudget is the node budget of "solve this position": a few seconds in the worker.
const DefaultBudget = 5_000_000

// SolveOptions bound "solve this position".
type SolveOptions struct {
	Nodes int64        // node budget (0: DefaultBudget)
	Stop  *atomic.Bool // set to stop at once
	// Now is the clock the solver reads now and then (nil: none): the worker's clock yields
	// to its event loop there, so that a stop arrives.
	Now func() time.Time
	// Progress, if set, is called after each round with the nodes spent and the budget.
	Progress func(nodes, budget int64)
}

// Solve looks for a series of the side to move in s that mates (search.SolveSeries), in
// rounds of growing node budgets up to o.Nodes, reporting each round to o.Progress. It ends
// at a mate, at a proof that none exists, when the budget is spent, or at o.Stop.
func Solve(v turn.Variant, s turn.State, o SolveOptions) (Answer, error) {
	budget, stop, progress := o.Nodes, o.Stop, o.Progress
	if v.Style() != turn.Series {
		return Answer{}, fmt.Errorf("problems: %s has no series to solve", v.ID())
	}
	if o := v.Outcome(s); o.Over() {
		return Answer{}, fmt.Errorf("problems: the game is over (%v)", o)
	}
	if budget <= 0 {
		budget = DefaultBudget
	}
	if progress == nil {
		progress = func(int64, int64) {}
	}
	g := turn.NewSearchGame(v)
	var out Answer
	for round := min(int64(20_000), budget); ; round = min(4*round, budget) {
		b := search.Budget{Nodes: round, Stop: stop, Now: o.Now}
		if o.Now != nil {
			b.Deadline = o.Now().Add(1000 * time.Hour) // so that the clock is read
		}
		r := search.SolveSeries[turn.State, turn.Action](g, s, b)
		out.Nodes += r.Nodes
		progress(min(out.Nodes, budget), budget)
		if r.Mate {
			out.Mate, out.Series = true, r.Actions
			out.Text = fmt.Sprintf("%d.%s", s.Number(), seriesText(v, s, r.Actions))
			if s.Ply() > 0 {
				out.Text = fmt.Sprintf("%d.… %s", s.Number(), seriesText(v, s, r.Actions))
			}
			return out, nil
		}
		if r.Proved {
			out.Proved = true
			return out, nil
		}
		if round >= budget || (stop != nil && stop.Load()) {
			return out, nil
		}
	}
}

// Summary says what the answer means, as the page shows it.
func (a Answer) Summary(s turn.State) string {
	switch {
	case a.Mate:
		return fmt.Sprintf("%v mates: %s", s.Mover(), a.Text)
	case a.Proved:
		return fmt.Sprintf("%v has no mating series of %d", s.Mover(), s.Plies()-s.Ply())
	}
	return strings.TrimSpace(fmt.Sprintf("no mate found in %d nodes: a longer search may find one", a.Nodes))
}
