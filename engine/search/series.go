package search

import (
	"errors"
	"math/rand/v2"
	"sort"
	"time"
)

// Long turns (progressive chess): a turn of n plies cannot be searched as n plies of
// alpha-beta, so it is planned as a whole. SolveSeries looks for a series that mates;
// PlanSeries otherwise builds a strong one by a beam search over the mover's plies, judging
// each finished series by the opponent's best simulated reply (and its mating chances).

// Judge is a Game that can value a state for the side that has just finished its turn,
// counting what the side to move can take in its coming turn. The series planner uses it to
// rank finished series before simulating replies (without it: minus Evaluate).
type Judge[S any] interface {
	AfterTurn(s S) int
}

// Series is a planned turn.
type Series[A comparable] struct {
	Actions []A   // the actions of the turn, in order
	Mate    bool  // the series checkmates the opponent
	Proved  bool  // no mating series exists (SolveSeries searched every one)
	Score   int   // the plan's value for the mover (±(Mate-n) for a mate)
	Nodes   int64 // nodes visited
	Depth   int   // plies of the series
}

// SolveSeries looks for actions of the side to move in s that end its turn with the opponent
// checkmated: in check (or otherwise lost at once) with no legal action. It uses the game's own
// rules (so checks allowed only on the last ply, or ending the series, are respected), tries
// only checks on the last ply, never searches a position twice (move orders transpose), and
// orders plies towards the opponent's king when the game is an Aimer. Within the budget, it
// finds a mate whenever one exists; Proved reports that none does.
func SolveSeries[S any, A comparable](g Game[S, A], s S, b Budget) Series[A] {
	sv := newSolver(g, b)
	return sv.run(s)
}

type solver[S any, A comparable] struct {
	g     Game[S, A]
	chk   Checker[S, A]
	mater Mater[S]
	aim   Aimer[S, A]
	lists CheckLister[S, A]
	acts  [][]A
	lim   limiter
	side  int
	fail  []uint64 // keys of states known to have no mating continuation (lossy)
	bufs  [][]Branch[A]
	keys  [][]int32
	line  []A
}

func newSolver[S any, A comparable](g Game[S, A], b Budget) *solver[S, A] {
	sv := &solver[S, A]{g: g, fail: make([]uint64, 1<<10)}
	sv.chk, _ = g.(Checker[S, A])
	sv.mater, _ = g.(Mater[S])
	sv.aim, _ = g.(Aimer[S, A])
	sv.lists, _ = g.(CheckLister[S, A])
	sv.lim.init(b)
	return sv
}

func (sv *solver[S, A]) run(s S) Series[A] {
	sv.side = sv.g.Side(s)
	sv.line = sv.line[:0]
	found := sv.solve(s, 0)
	out := Series[A]{Nodes: sv.lim.nodes}
	if found {
		out.Actions = append([]A(nil), sv.line...)
		out.Mate, out.Depth = true, len(sv.line)
		out.Score = Mate - len(sv.line)
		// The line was collected from the end backwards.
		for i, j := 0, len(out.Actions)-1; i < j; i, j = i+1, j-1 {
			out.Actions[i], out.Actions[j] = out.Actions[j], out.Actions[i]
		}
	} else {
		out.Proved = !sv.lim.stopped
	}
	return out
}

func (sv *solver[S, A]) known(key uint64) bool {
	if len(sv.fail) == 0 {
		return false
	}
	return sv.fail[key&uint64(len(sv.fail)-1)] == key|1
}

func (sv *solver[S, A]) remember(key uint64) {
	if sv.lim.stopped {
		return
	}
	if sv.lim.nodes > int64(len(sv.fail))*2 && len(sv.fail) < 1<<22 {
		// Grow the table as the search grows (the old entries are dropped: it is a cache).
		sv.fail = make([]uint64, 4*len(sv.fail))
	}
	sv.fail[key&uint64(len(sv.fail)-1)] = key | 1
}

// mated reports whether the side to move in t (the opponent, at the start of its turn) has
// lost at once.
func (sv *solver[S, A]) mated(t S) bool {
	if sv.mater != nil {
		return sv.mater.Mated(t)
	}
	node, _ := sv.g.Expand(t, nil)
	return node.Kind == Terminal && node.Outcome == Loss
}

func (sv *solver[S, A]) solve(s S, depth int) bool {
	if sv.lim.tick() {
		return false
	}
	key := sv.g.Key(s)
	if sv.known(key) {
		return false
	}
	for len(sv.bufs) <= depth {
		sv.bufs = append(sv.bufs, make([]Branch[A], 0, 64))
		sv.keys = append(sv.keys, make([]int32, 0, 64))
		sv.acts = append(sv.acts, make([]A, 0, 16))
	}
	if sv.lists != nil {
		// The last ply: its checks only, without ordering them (all are tried).
		if checks, ok := sv.lists.LastChecks(s, sv.acts[depth][:0]); ok {
			sv.acts[depth] = checks[:0]
			for _, a := range checks {
				t := sv.g.Do(s, a)
				if sv.g.Side(t) != sv.side {
					if sv.mated(t) {
						sv.line = append(sv.line, a)
						return true
					}
				} else if sv.solve(t, depth+1) {
					sv.line = append(sv.line, a)
					return true
				}
			}
			sv.remember(key)
			return false
		}
	}
	node, branches := sv.g.Expand(s, sv.bufs[depth][:0])
	sv.bufs[depth] = branches[:0]
	if node.Kind != Decision || node.Side != sv.side {
		return false
	}
	last := node.PliesLeft == 1
	// Order: the plies that aim at the king first; on the last ply, checks only.
	ord := sv.keys[depth][:0]
	n := 0
	for _, b := range branches {
		if last && sv.chk != nil && !sv.chk.GivesCheck(s, b.Action) {
			continue
		}
		sc := int32(0)
		if sv.aim != nil {
			sc = int32(sv.aim.Aim(s, b.Action))
		}
		if b.Order > 0 {
			sc += 4
		}
		branches[n] = b
		ord = append(ord, sc)
		n++
	}
	branches = branches[:n]
	sv.keys[depth] = ord[:0]
	for i := 1; i < n; i++ {
		for j := i; j > 0 && ord[j] > ord[j-1]; j-- {
			ord[j], ord[j-1] = ord[j-1], ord[j]
			branches[j], branches[j-1] = branches[j-1], branches[j]
		}
	}
	for _, b := range branches {
		t := sv.g.Do(s, b.Action)
		if sv.g.Side(t) != sv.side {
			if sv.mated(t) {
				sv.line = append(sv.line, b.Action)
				return true
			}
			continue
		}
		if last {
			// The turn goes on after its nominal last ply only in games the solver does not
			// model; search it all the same.
			if sv.solve(t, depth+1) {
				sv.line = append(sv.line, b.Action)
				return true
			}
			continue
		}
		if sv.solve(t, depth+1) {
			sv.line = append(sv.line, b.Action)
			return true
		}
		if sv.lim.stopped {
			return false
		}
	}
	sv.remember(key)
	return false
}

// PlanOptions tune PlanSeries.
type PlanOptions struct {
	Budget     Budget
	MateNodes  int64  // nodes for the mover's own mate search (0: skip it)
	Width      int    // beam width over the mover's plies (default 8)
	ReplyWidth int    // beam width of the simulated reply (default 2)
	Noise      int    // largest random error added to each candidate's value
	Seed       uint64 // seeds the noise
	Contempt   int    // what a draw costs the mover (see Options.Contempt)
}

type beamItem[S any, A comparable] struct {
	s       S
	actions []A
	score   int
	key     uint64
}

// ErrNoSeries is returned by PlanSeries when the side to move has no action.
var ErrNoSeries = errors.New("search: no series to plan")

// PlanSeries plans the turn of the side to move in s. It first looks for a mating series
// (MateNodes); failing that, it builds series ply by ply, keeping the Width best states by
// the evaluation, and judges every finished series by the opponent's reply: a mating series
// of the opponent found within the budget loses, otherwise the opponent's best reply by a
// beam of ReplyWidth over its own plies (its captures, with its longer turn) decides.
func PlanSeries[S any, A comparable](g Game[S, A], s S, o PlanOptions) (Series[A], error) {
	if o.Width <= 0 {
		o.Width = 8
	}
	if o.ReplyWidth <= 0 {
		o.ReplyWidth = 2
	}
	node, branches := g.Expand(s, nil)
	if node.Kind != Decision || len(branches) == 0 {
		return Series[A]{}, ErrNoSeries
	}
	var total int64
	side := node.Side
	var lim limiter
	lim.init(o.Budget)
	if o.MateNodes > 0 {
		b := part(o.Budget, lim.start, 0.4)
		b.Nodes = o.MateNodes
		if o.Budget.Nodes > 0 {
			b.Nodes = min(b.Nodes, o.Budget.Nodes*2/5)
		}
		m := SolveSeries(g, s, b)
		total += m.Nodes
		if m.Mate {
			m.Nodes = total
			return m, nil
		}
	}
	lim.nodes = total
	judge, _ := g.(Judge[S])
	// Beam over the mover's plies.
	beam := []beamItem[S, A]{{s: s}}
	var finals []beamItem[S, A]
	seen := map[uint64]bool{}
	var buf []Branch[A]
	for step := 0; len(beam) > 0 && step < 64; step++ {
		var next []beamItem[S, A]
		for _, it := range beam {
			var nd Node
			nd, buf = g.Expand(it.s, buf[:0])
			lim.tick()
			if nd.Kind != Decision {
				if nd.Kind == Terminal {
					it.score = terminalScore(nd.Outcome, 0)
					if nd.Side != side {
						it.score = -it.score
					}
					if nd.Outcome == Draw {
						it.score = -o.Contempt
					}
					finals = append(finals, it)
				}
				continue
			}
			for _, b := range buf {
				t := g.Do(it.s, b.Action)
				key := g.Key(t)
				if seen[key] {
					continue
				}
				seen[key] = true
				acts := append(append(make([]A, 0, len(it.actions)+1), it.actions...), b.Action)
				item := beamItem[S, A]{s: t, actions: acts, key: key}
				lim.tick()
				if g.Side(t) != side {
					if judge != nil {
						item.score = judge.AfterTurn(t)
					} else {
						item.score = -g.Evaluate(t)
					}
					finals = append(finals, item)
					continue
				}
				item.score = g.Evaluate(t)
				next = append(next, item)
			}
		}
		sort.SliceStable(next, func(i, j int) bool { return next[i].score > next[j].score })
		if len(next) > o.Width {
			next = next[:o.Width]
		}
		beam = next
	}
	if len(finals) == 0 {
		return Series[A]{}, ErrNoSeries
	}
	sort.SliceStable(finals, func(i, j int) bool { return finals[i].score > finals[j].score })
	if len(finals) > o.Width {
		finals = finals[:o.Width]
	}
	return judgeFinals(g, side, finals, o, &lim), nil
}

// judgeFinals chooses among the finished series (best static value first) by the opponent's
// reply. Two steps share what is left of the budget: first each series is valued by the
// opponent's best reply found by a narrow beam (replyBeam), best static value first, within
// about a third of the budget left (the series not reached keep their static value minus a
// margin); then the series are checked for a mating reply of the opponent (SolveSeries), best
// value first, in rounds whose node budget grows fourfold: the first round checks the three
// best series, each later one the best series not yet refuted (and the next when it is), and the checks end when the best series left is proved
// safe (no mate exists) or the budget is spent. Most mating replies are quick to find with
// the solver's ordering towards the king, so a series that survives a round is likely safe;
// the budget goes to the series that may be played, not evenly to all of them.
func judgeFinals[S any, A comparable](g Game[S, A], side int, finals []beamItem[S, A], o PlanOptions, lim *limiter) Series[A] {
	var rng *rand.Rand
	if o.Noise > 0 {
		rng = rand.New(rand.NewPCG(o.Seed, 0x51ed2701a8b3c6f5))
	}
	type cand struct {
		i      int
		v      int
		proved bool // no mating reply exists
	}
	cands := make([]cand, len(finals))
	replyStop := lim.share(0.3)
	for i := range finals {
		f := &finals[i]
		v := f.score
		switch {
		case f.score <= -MateBound || f.score >= MateBound:
		case i > 0 && (lim.stopped || lim.past(replyStop)):
			v -= 200
		default:
			v = replyBeam(g, f.s, side, o, lim)
		}
		if rng != nil && v > -MateBound && v < MateBound {
			v += rng.IntN(2*o.Noise+1) - o.Noise
		}
		cands[i] = cand{i: i, v: v}
	}
	byValue := func() {
		sort.SliceStable(cands, func(a, b int) bool { return cands[a].v > cands[b].v })
	}
	byValue()
	// Rounds of mate checks with a growing node budget: the first checks the three best
	// series, the later ones the best series not refuted (and the next when it is).
	perRound := 3
	for nodes := int64(1000); o.MateNodes > 0 && !lim.stopped; nodes, perRound = nodes*4, 1 {
		checked, open := 0, false
		for k := range cands {
			c := &cands[k]
			if c.proved || c.v <= -MateBound || c.v >= MateBound {
				continue
			}
			b := Budget{Nodes: nodes, Deadline: lim.b.Deadline, Now: lim.b.Now, Stop: o.Budget.Stop}
			if o.Budget.Nodes > 0 {
				b.Nodes = min(nodes, o.Budget.Nodes-lim.nodes)
				if b.Nodes <= 0 {
					lim.stopped = true
					break
				}
			}
			m := SolveSeries(g, finals[c.i].s, b)
			lim.nodes += m.Nodes
			lim.expired()
			switch {
			case m.Mate:
				c.v = -(Mate - 2)
				continue // the next series moves up
			case m.Proved:
				c.proved = true
			default:
				open = true
			}
			checked++
			if checked >= perRound || lim.stopped {
				break
			}
		}
		byValue()
		// Done when the best series not refuted is proved safe, or none is left, or no check
		// ran out of budget, or the round's budget reached the solver's bound.
		if cands[0].v <= -MateBound || cands[0].v >= MateBound || cands[0].proved || !open || nodes >= o.MateNodes {
			break
		}
	}
	best := cands[0]
	out := Series[A]{Actions: finals[best.i].actions, Score: best.v, Nodes: lim.nodes,
		Depth: len(finals[best.i].actions)}
	out.Mate = best.v >= MateBound
	return out
}

// part returns a budget for a share of the time left in b (its node limit unchanged).
func part(b Budget, start time.Time, share float64) Budget {
	if b.Deadline.IsZero() {
		return b
	}
	b.Deadline = start.Add(time.Duration(float64(b.Deadline.Sub(start)) * share))
	return b
}

// replyBeam returns the value, for side, of the state t where the opponent starts its turn:
// the side's evaluation after the opponent's best reply found by a beam of ReplyWidth over
// the opponent's plies, ranked by its evaluation (its mating replies are SolveSeries's).
func replyBeam[S any, A comparable](g Game[S, A], t S, side int, o PlanOptions, lim *limiter) int {
	// The opponent's reply: a beam of ReplyWidth over its plies, ranked by its evaluation;
	// it keeps the reply worst for side.
	beam := []S{t}
	worst := Inf
	var buf []Branch[A]
	type scored struct {
		s S
		v int
	}
	for step := 0; len(beam) > 0 && step < 64; step++ {
		var next []scored
		for _, s := range beam {
			var nd Node
			nd, buf = g.Expand(s, buf[:0])
			lim.tick()
			if nd.Kind == Terminal {
				v := terminalScore(nd.Outcome, 2)
				if nd.Side != side {
					v = -v
				}
				if nd.Outcome == Draw {
					v = -o.Contempt
				}
				worst = min(worst, v)
				continue
			}
			if nd.Kind != Decision {
				worst = min(worst, g.Evaluate(s))
				continue
			}
			for _, b := range buf {
				u := g.Do(s, b.Action)
				lim.tick()
				if g.Side(u) == side {
					worst = min(worst, g.Evaluate(u))
					continue
				}
				next = append(next, scored{u, g.Evaluate(u)})
			}
		}
		sort.SliceStable(next, func(i, j int) bool { return next[i].v > next[j].v })
		if len(next) > o.ReplyWidth {
			next = next[:o.ReplyWidth]
		}
		beam = beam[:0]
		for _, x := range next {
			beam = append(beam, x.s)
		}
		if lim.stopped && worst < Inf {
			break
		}
	}
	if worst == Inf {
		return -g.Evaluate(t)
	}
	return worst
}
