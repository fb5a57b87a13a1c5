package search

import (
	"errors"
	"math/rand/v2"
	"sort"
)

// Scores.
const (
	// Inf bounds every score.
	Inf = 32000
	// Mate is the score of a win at the root; a win n plies away scores Mate-n.
	Mate = 30000
	// MateBound: scores at or beyond ±MateBound are wins or losses, not evaluations.
	MateBound = Mate - 1000
	// MaxDepth is the deepest iteration.
	MaxDepth = 64
	// chanceBound bounds the values a chance node averages (a win counts as this much), so
	// that the expectimax can prune (Star1), unless Options.ChanceWin says otherwise.
	chanceBound = 4000
)

const maxPly = 128

// rareDepth is the least remaining depth at which rare branches are searched below the root.
const rareDepth = 4

// ErrNoAction is returned by Search for a state without a choice to make: the game is over or
// the state is a chance node.
var ErrNoAction = errors.New("search: no action to choose")

// Options tune one search.
type Options struct {
	Budget Budget
	// Noise is the largest random error, in centipawns, added to the score of each root
	// action before choosing (0: play the best action). Every root action is then searched
	// with a full window, so each has an exact score.
	Noise int
	// Seed seeds the noise (the same seed, position and node budget give the same choice).
	Seed uint64
	// History holds the Keys of the turn starts played before the root, oldest first:
	// reaching one of them again in the search counts as a draw by repetition.
	History []uint64
	// Contempt is what a draw costs the side to move at the root, in centipawns (and what it
	// gains its opponent), so that the search does not settle for a draw, such as a
	// repetition, in an even position. Negative values like draws.
	Contempt int
	// ChanceWin bounds the values a chance node averages (0: 4000): a win below a chance
	// node counts as this much, a loss as minus this much. A game whose evaluation is
	// scaled to odds of winning (dice chess) sets it to the value of a sure win, so that
	// the expectimax weighs a chance of winning at once against material at the right rate.
	ChanceWin int
	// Disable switches techniques off (for measuring them; 0: all on).
	Disable Technique
}

// Scored is a root action with the score of its last search.
type Scored[A comparable] struct {
	Action A
	Score  int
	Depth  int  // depth of the iteration that scored it
	Exact  bool // Score is exact; otherwise it is an upper bound (the action is not the best)
}

// Result is what a search found.
type Result[A comparable] struct {
	Action A           // the action chosen
	Score  int         // its score for the side to move, centipawns or ±(Mate-n)
	Depth  int         // the deepest iteration that scored it
	Nodes  int64       // nodes visited
	PV     []A         // the expected line from the root, Action first
	Root   []Scored[A] // every root action with its last score, best first
}

// Progress is what a search knows after an iteration (Searcher.OnProgress).
type Progress[A comparable] struct {
	Depth int   // the iteration
	Score int   // the best root action's score for the side to move
	Nodes int64 // nodes visited so far
	PV    []A   // the expected line; valid only during the call
}

// Searcher runs iterative-deepening alpha-beta over a Game: principal variation search with
// aspiration windows at the root and a transposition table of two-slot buckets (which also
// keeps static evaluations), quiescence search (with the table), check extensions, move
// ordering by the table's action, the game's hints (captures by the exchange evaluation),
// killers, counter moves, history (with a malus for the quiet moves that failed) and
// continuation history, singular extensions, logarithmic late move reductions, late move
// pruning, futility pruning, razoring and the pruning of moves that lose material by the
// exchange evaluation near the horizon, ProbCut, internal iterative reductions and, when the
// game allows passing, null-move pruning; at chance nodes, expectimax with Star1 and Star2
// pruning. A state whose child has the same side to move is searched without negation: a
// multi-ply turn is searched ply by ply for the side that plays it, and the pruning of quiet
// moves, which assumes the opponent answers, applies only to the last ply of a turn. A Searcher keeps its table between searches; it is
// not safe for concurrent use.
type Searcher[S any, A comparable] struct {
	g        Game[S, A]
	passer   Passer[S]
	checker  Checker[S, A]
	quiet    Quiescer[S, A]
	exch     Exchanger[S, A]
	horizon  Horizon[S]
	classed  Classed[S, A]
	tt       table[A]
	lim      limiter
	off      Technique
	progress func(Progress[A])
	history  [2][4096]int32
	killers  [maxPly][2]A
	hasKill  [maxPly][2]bool
	counters [2][4096]A
	hasCount [2][4096]bool
	bufs     [maxPly][]Branch[A]
	sbufs    [maxPly][]int32
	quiets   [maxPly][]uint16
	moveKey  [maxPly]int32 // key of the quiet action that led to the node at a ply (-1: none)
	// lastKey is the key of any action, noisy or quiet, that led to the node at a ply (-1:
	// none, after a null move; an outcome of a roll keeps the action before the roll).
	lastKey [maxPly]int32
	// cont is the continuation history: [plies back - 1][side][the square the action that
	// many plies back went to<<12 | the quiet action's key].
	cont     [2][2][64 << 12]int16
	evals    [maxPly]int // static evaluation at a ply (noEval: in check or unknown)
	sides    [maxPly]int8
	starts   [maxPly]bool
	nulled   [maxPly]bool // the node at a ply follows a null move
	excluded [maxPly]A    // the action a singular search leaves out at a ply (when hasExcl)
	hasExcl  [maxPly]bool
	dexts    int // the double extensions on the path to the node searched
	iter     int // the iteration under way
	stats    searchStats
	reps     []uint64
	repCount [1 << 12]uint16 // how many keys of reps fall in each bucket (a quick filter)
	qchance  bool            // the quiescence search is below a chance node
	side     int             // the side to move at the root
	draw     int             // the value of a draw for the root side (minus the contempt)
	bound    int             // chance nodes average values in -bound..bound (Options.ChanceWin)
	pv       [maxPly][maxPly]A
	pvLen    [maxPly]int
}

// searchStats counts what the techniques did in a search, for the tests that show each one
// at work.
type searchStats struct {
	nullCuts, rfpCuts, razorCuts, futile, lmpSkips, reduced int64
	aspirationFails, counterCuts, internalReductions        int64
	qttCuts, probeCuts, lazyStands, probCuts, seePruned     int64
	classSplits, singular, multiCuts, doubles               int64
}

// New returns a Searcher for g with a transposition table of 2^tableBits entries (clamped
// to 10..26).
func New[S any, A comparable](g Game[S, A], tableBits int) *Searcher[S, A] {
	x := &Searcher[S, A]{g: g, tt: newTable[A](tableBits)}
	if p, ok := g.(Passer[S]); ok {
		x.passer = p
	}
	if c, ok := g.(Checker[S, A]); ok {
		x.checker = c
	}
	if q, ok := g.(Quiescer[S, A]); ok {
		x.quiet = q
	}
	if e, ok := g.(Exchanger[S, A]); ok {
		x.exch = e
	}
	if h, ok := g.(Horizon[S]); ok {
		x.horizon = h
	}
	if c, ok := g.(Classed[S, A]); ok {
		x.classed = c
	}
	return x
}

// Nodes returns the nodes visited by the last search so far.
func (x *Searcher[S, A]) Nodes() int64 { return x.lim.nodes }

// OnProgress sets a function the searches call after each iteration (nil: none).
func (x *Searcher[S, A]) OnProgress(f func(Progress[A])) { x.progress = f }

// Clear forgets the transposition table and the ordering statistics.
func (x *Searcher[S, A]) Clear() {
	clear(x.tt.slots)
	x.history = [2][4096]int32{}
	x.hasKill = [maxPly][2]bool{}
	x.hasCount = [2][4096]bool{}
	x.cont = [2][2][64 << 12]int16{}
}

func (x *Searcher[S, A]) buf(ply int) []Branch[A] {
	if x.bufs[ply] == nil {
		x.bufs[ply] = make([]Branch[A], 0, 64)
	}
	return x.bufs[ply][:0]
}

func (x *Searcher[S, A]) on(t Technique) bool { return x.off&t == 0 }

func (x *Searcher[S, A]) pushRep(key uint64) {
	x.reps = append(x.reps, key)
	x.repCount[key&4095]++
}

func (x *Searcher[S, A]) popRep() {
	key := x.reps[len(x.reps)-1]
	x.reps = x.reps[:len(x.reps)-1]
	x.repCount[key&4095]--
}

// Search chooses an action for the side to move in s within the budget. It returns
// ErrNoAction when s has no choice to make (the game is over, or s is a chance node).
func (x *Searcher[S, A]) Search(s S, o Options) (Result[A], error) {
	x.off = o.Disable
	share := 0.5
	if x.on(LateIteration) {
		share = lateIterationShare
		if o.Budget.Fixed {
			share = 1
		}
	}
	x.lim.initShare(o.Budget, share)
	x.stats = searchStats{}
	x.tt.gen++
	ways := 1
	if x.on(TableBuckets) {
		ways = 2
	}
	x.tt.setWays(ways)
	for i := range x.history {
		for j := range x.history[i] {
			x.history[i][j] /= 8
		}
	}
	x.hasKill = [maxPly][2]bool{}
	x.qchance = false
	hist := o.History
	if len(hist) > 200 {
		hist = hist[len(hist)-200:]
	}
	x.reps = x.reps[:0]
	x.repCount = [1 << 12]uint16{}
	for _, k := range hist {
		x.pushRep(k)
	}
	node, branches := x.g.Expand(s, nil)
	if node.Kind != Decision || len(branches) == 0 {
		return Result[A]{}, ErrNoAction
	}
	x.side, x.draw = node.Side, -o.Contempt
	x.bound = chanceBound
	if o.ChanceWin > 0 {
		x.bound = min(o.ChanceWin, MateBound)
	}
	if node.TurnStart {
		x.pushRep(x.g.Key(s))
	}
	x.moveKey[0], x.nulled[0], x.lastKey[0] = -1, false, -1
	x.sides[0], x.starts[0], x.evals[0] = int8(node.Side), node.TurnStart, noEval
	if !node.InCheck {
		x.evals[0] = x.g.Evaluate(s)
	}
	maxDepth := o.Budget.Depth
	if maxDepth <= 0 || maxDepth > MaxDepth {
		maxDepth = MaxDepth
	}
	root := make([]Scored[A], len(branches))
	order := make([]int32, len(branches))
	for i, b := range branches {
		root[i] = Scored[A]{Action: b.Action, Score: -Inf}
		order[i] = b.Order
	}
	// Initial order: by the game's hints.
	idx := make([]int, len(root))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return order[idx[a]] > order[idx[b]] })
	res := Result[A]{Action: branches[idx[0]].Action, Score: -Inf}
	if len(branches) == 1 && o.Noise == 0 {
		res.Score = x.g.Evaluate(s)
		res.PV = []A{res.Action}
		res.Root = []Scored[A]{{Action: res.Action, Score: res.Score}}
		return res, nil
	}
	key := x.g.Key(s)
	rs := rootSearch[S, A]{x: x, s: s, side: node.Side, root: root, idx: idx, branches: branches, exact: o.Noise > 0}
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && !x.lim.another() {
			break
		}
		x.iter = depth
		lo, hi := -Inf, Inf
		window := 25
		if x.on(Aspiration) && depth >= 5 && o.Noise == 0 && res.Score > -MateBound && res.Score < MateBound {
			lo, hi = res.Score-window, res.Score+window
		}
		bestScore, best := -Inf, -1
		for {
			bestScore, best = rs.pass(depth, lo, hi)
			if x.lim.stopped {
				break
			}
			if (bestScore <= lo && lo > -Inf) || (bestScore >= hi && hi < Inf) {
				x.stats.aspirationFails++
			}
			switch {
			case bestScore <= lo && lo > -Inf:
				// Fail low: the best action is worse than expected; widen below.
				window *= 3
				lo = max(bestScore-window, -Inf)
				continue
			case bestScore >= hi && hi < Inf:
				// Fail high: the action that beat the window is the best so far.
				res.Action = root[best].Action
				window *= 3
				hi = min(bestScore+window, Inf)
				rs.first(best)
				continue
			}
			break
		}
		// An iteration cut short still counts for the root actions it finished: their scores
		// are of this depth.
		if best >= 0 && (bestScore > lo || lo == -Inf) && (bestScore < hi || hi == Inf) {
			res.Action, res.Score, res.Depth = root[best].Action, bestScore, depth
			res.PV = append(res.PV[:0], x.pv[0][:x.pvLen[0]]...)
			x.tt.store(key, res.Action, true, toTable(bestScore, 0), depth, boundExact, noEval)
			if x.progress != nil {
				x.progress(Progress[A]{Depth: depth, Score: bestScore, Nodes: x.lim.nodes, PV: res.PV})
			}
		}
		if x.lim.stopped {
			break
		}
		rs.sort(best)
		if o.Noise == 0 && res.Score >= MateBound && Mate-res.Score < depth {
			break // a shortest mate is found
		}
	}
	res.Nodes = x.lim.nodes
	sorted := append([]Scored[A](nil), root...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Score > sorted[b].Score })
	res.Root = sorted
	if o.Noise > 0 {
		rng := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
		bestNoisy := -1 << 30
		for _, r := range sorted {
			if r.Score == -Inf {
				continue
			}
			v := r.Score + rng.IntN(2*o.Noise+1) - o.Noise
			if r.Score >= MateBound { // a found mate is never thrown away
				v += 2 * o.Noise
			}
			if v > bestNoisy {
				bestNoisy = v
				res.Action, res.Score = r.Action, r.Score
				res.PV = []A{r.Action}
			}
		}
	}
	return res, nil
}

// rootSearch is one search's root: its actions, their order and scores.
type rootSearch[S any, A comparable] struct {
	x        *Searcher[S, A]
	s        S
	side     int
	root     []Scored[A]
	idx      []int       // the order in which the root actions are searched
	branches []Branch[A] // the root's branches, in the order of root
	exact    bool        // every action needs an exact score (noise)
}

// pass searches every root action at depth with the window lo..hi and returns the best
// score and the index of its action (-1 when the budget stopped the pass before any).
func (rs *rootSearch[S, A]) pass(depth, lo, hi int) (int, int) {
	x := rs.x
	alpha := lo
	bestScore, best := -Inf, -1
	for n, i := range rs.idx {
		t := x.g.Do(rs.s, rs.root[i].Action)
		same := x.g.Side(t) == rs.side
		x.reach(1, rs.branches[i])
		var v int
		if rs.exact {
			v = x.child(t, depth-1, -Inf, Inf, 1, true, same)
		} else if n == 0 {
			v = x.child(t, depth-1, alpha, hi, 1, true, same)
		} else {
			v = x.child(t, depth-1, alpha, alpha+1, 1, false, same)
			if v > alpha && !x.lim.stopped {
				v = x.child(t, depth-1, alpha, hi, 1, true, same)
			}
		}
		if x.lim.stopped {
			break
		}
		rs.root[i].Score, rs.root[i].Depth = v, depth
		rs.root[i].Exact = rs.exact || (v > alpha && v < hi)
		if v > bestScore {
			bestScore, best = v, i
			if v > alpha {
				alpha = v
				x.pv[0][0] = rs.root[i].Action
				copy(x.pv[0][1:], x.pv[1][:x.pvLen[1]])
				x.pvLen[0] = 1 + x.pvLen[1]
			}
			if v >= hi {
				break
			}
		}
	}
	return bestScore, best
}

// first moves root action i to the front of the order.
func (rs *rootSearch[S, A]) first(i int) {
	for n, j := range rs.idx {
		if j == i {
			copy(rs.idx[1:n+1], rs.idx[:n])
			rs.idx[0] = i
			return
		}
	}
}

// sort orders the root actions for the next iteration: the best first, then by score.
func (rs *rootSearch[S, A]) sort(best int) {
	root := rs.root
	sort.SliceStable(rs.idx, func(a, b int) bool {
		ia, ib := rs.idx[a], rs.idx[b]
		if ia == best || ib == best {
			return ia == best
		}
		return root[ia].Score > root[ib].Score
	})
}

// child searches t, a child of a node at ply-1, and returns its score from the parent's
// point of view: negated when the side to move changes, as is when it stays (a further ply
// of the same turn, or a chance outcome).
func (x *Searcher[S, A]) child(t S, depth, alpha, beta, ply int, pvNode, same bool) int {
	if same {
		return x.search(t, depth, alpha, beta, ply, pvNode)
	}
	return -x.search(t, depth, -beta, -alpha, ply, pvNode)
}

func (x *Searcher[S, A]) repeated(key uint64) bool {
	if x.repCount[key&4095] == 0 {
		return false
	}
	for _, k := range x.reps {
		if k == key {
			return true
		}
	}
	return false
}

func terminalScore(r Outcome, ply int) int {
	switch r {
	case Win:
		return Mate - ply
	case Loss:
		return -(Mate - ply)
	}
	return 0
}

// drawScore is the value of a draw for side.
func (x *Searcher[S, A]) drawScore(side int) int {
	if side == x.side {
		return x.draw
	}
	return -x.draw
}

func (x *Searcher[S, A]) terminal(node Node, ply int) int {
	if node.Outcome == Draw {
		return x.drawScore(node.Side)
	}
	return terminalScore(node.Outcome, ply)
}

// improving reports whether the evaluation at ply is better than at the last node of the
// same side at the same point of its turn, two or four plies up.
func (x *Searcher[S, A]) improving(ply int) bool {
	e := x.evals[ply]
	if e == noEval {
		return false
	}
	for _, d := range [2]int{2, 4} {
		j := ply - d
		if j < 0 {
			break
		}
		if x.sides[j] == x.sides[ply] && x.starts[j] == x.starts[ply] {
			return x.evals[j] == noEval || e > x.evals[j]
		}
	}
	return false
}

// givesCheck reports whether a may check (true when the game cannot tell).
func (x *Searcher[S, A]) givesCheck(s S, a A) bool {
	if x.checker == nil {
		return true
	}
	return x.checker.GivesCheck(s, a)
}

func (x *Searcher[S, A]) addHistory(side int, key uint16, bonus int) {
	h := &x.history[side&1][key&4095]
	v := int(*h)
	v += bonus - v*abs(bonus)/historyMax
	*h = int32(v)
}

// historyMax bounds the history scores (they stay below the killers' 1<<18).
const historyMax = 16384

func (x *Searcher[S, A]) search(s S, depth, alpha, beta, ply int, pvNode bool) int {
	// A node searched with a wide window needs exact values from its children (the Star1
	// windows of a chance node's outcomes are wide even off the principal variation).
	pvNode = pvNode || beta-alpha > 1
	x.pvLen[ply] = 0
	if x.lim.tick() {
		return 0
	}
	key := x.g.Key(s)
	// A singular search (excl) searches again a node already entered, without one action.
	excl := x.hasExcl[ply]
	if !excl && x.repeated(key) {
		return x.drawScore(x.g.Side(s))
	}
	if ply >= maxPly-2 {
		return x.g.Evaluate(s)
	}
	// Mate distance pruning.
	if a := -(Mate - ply); alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	if b := Mate - ply - 1; beta > b {
		beta = b
		if alpha >= beta {
			return beta
		}
	}
	if depth <= 0 {
		if v, ok := x.staticChance(s, ply); ok {
			return v
		}
	}
	var ttAction A
	hasTT, hasTTEntry, ttCut := false, false, false
	ttEval, ttScore, ttBound, ttDepth := noEval, 0, uint8(0), 0
	if e, ok := x.tt.probe(key); ok {
		hasTTEntry = true
		ttAction, hasTT = e.action, e.hasMove
		ttScore, ttBound, ttDepth = fromTable(int(e.score), ply), e.bound, int(e.depth)
		if e.hasEval && x.on(EvalCache) {
			ttEval = int(e.eval)
		}
		if int(e.depth) >= depth && depth > 0 {
			v := ttScore
			switch {
			case excl:
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				if !pvNode {
					return v
				}
				ttCut = true
			}
		}
	}
	// A calm node is expanded only when its actions are needed (not after a cut by the
	// table, reverse futility, razoring or the null move).
	node, lazy := x.calm(s)
	var branches []Branch[A]
	if !lazy {
		node, branches = x.g.Expand(s, x.buf(ply))
		x.bufs[ply] = branches[:0]
		if node.Kind == Terminal {
			return x.terminal(node, ply)
		}
	}
	if ttCut && node.Kind == Chance && x.on(ChanceProbe) {
		// A chance node has no line to keep: its table bound decides it in any window.
		return ttScore
	}
	if x.on(CheckExtension) && node.Kind == Decision && node.InCheck && ply < 2*MaxDepth/3 {
		depth++
	}
	if depth <= 0 {
		return x.quiesce(s, key, node, branches, alpha, beta, ply, ttEval, lazy)
	}
	if node.TurnStart && !excl {
		x.pushRep(key)
		defer x.popRep()
	}
	if node.Kind == Chance {
		x.evals[ply], x.sides[ply] = noEval, -1
		v := x.chance(s, node, branches, depth, alpha, beta, ply, false)
		if !x.lim.stopped {
			bound := boundExact
			if v <= alpha {
				bound = boundUpper
			} else if v >= beta {
				bound = boundLower
			}
			var zero A
			x.tt.store(key, zero, false, toTable(v, ply), depth, bound, noEval)
		}
		return v
	}
	// The static evaluation, and a better estimate from the table's bound when it has one.
	eval, est := noEval, noEval
	if !node.InCheck {
		eval = ttEval
		if eval == noEval {
			eval = x.g.Evaluate(s)
		}
		est = eval
		if hasTTEntry && ttScore > -MateBound && ttScore < MateBound {
			if ttBound == boundExact || (ttBound == boundLower && ttScore > est) || (ttBound == boundUpper && ttScore < est) {
				est = ttScore
			}
		}
	}
	x.evals[ply], x.sides[ply], x.starts[ply] = eval, int8(node.Side), node.TurnStart
	improving := x.improving(ply)
	// lastPly: the node's actions end the turn, so the opponent answers each of them.
	lastPly := node.PliesLeft == 1
	if !pvNode && !node.InCheck && !excl && beta < MateBound && beta > -MateBound {
		// Reverse futility: far above beta near the horizon.
		if x.on(Futility) {
			if depth <= 6 && eval-rfpMargin(depth, improving) >= beta {
				x.stats.rfpCuts++
				return eval
			}
		} else if depth <= 3 && eval-110*depth >= beta {
			return eval // the plain reverse futility of earlier versions
		}
		// Razoring: far below alpha near the horizon, the quiescence search decides.
		if x.on(Razoring) && lastPly && depth <= 3 && eval+razorMargin(depth) <= alpha {
			v := x.quiesce(s, key, node, branches, alpha, alpha+1, ply, eval, lazy)
			if x.lim.stopped {
				return 0
			}
			if v <= alpha {
				x.stats.razorCuts++
				return v
			}
			if !lazy { // the quiescence search reordered the branches
				node, branches = x.g.Expand(s, x.buf(ply))
				x.bufs[ply] = branches[:0]
			}
		}
		// Null move: let the opponent move twice; if we still stay above beta, cut.
		nullDepth := 3
		if x.on(NullMove) {
			nullDepth = 2
		}
		if x.passer != nil && depth >= nullDepth && est >= beta && !x.nulled[ply] {
			if t, ok := x.passer.Pass(s); ok {
				r := 2 + depth/4
				if x.on(NullMove) {
					r = 3 + depth/4 + min((est-beta)/200, 3)
				}
				x.moveKey[ply+1], x.nulled[ply+1], x.lastKey[ply+1] = -1, true, -1
				v := x.child(t, depth-1-r, beta-1, beta, ply+1, false, x.g.Side(t) == node.Side)
				x.nulled[ply+1] = false
				if x.lim.stopped {
					return 0
				}
				if v >= beta {
					if v >= MateBound {
						v = beta
					}
					if x.on(NullMove) {
						x.stats.nullCuts++ // not the plain null move of earlier versions
					}
					return v
				}
			}
		}
		// ProbCut: a noisy action that beats beta by a margin in a shallower search cuts,
		// unless the table already says a search that deep does not. It needs the noisy
		// actions alone (a Quiescer game); in dice chess it measured no gain.
		if x.quiet != nil && x.on(ProbCut) && lastPly && depth >= probCutDepth && beta < MateBound-probCutMargin &&
			!(hasTTEntry && ttDepth >= depth-3 && ttScore < beta+probCutMargin) {
			v, cut := x.probCut(s, key, node, branches, lazy, depth, beta, ply, eval)
			if cut {
				return v
			}
		}
	}
	if lazy {
		node, branches = x.g.Expand(s, x.buf(ply))
		x.bufs[ply] = branches[:0]
		if node.Kind == Terminal {
			return x.terminal(node, ply) // a stalemate
		}
	}
	// Internal iterative reduction: without an action from the table, the ordering is poor
	// and the node is likely not worth a full search.
	if x.on(InternalReduction) && !hasTT && depth >= 4 && !excl {
		depth--
		x.stats.internalReductions++
	}
	// Singular extension: when every action but the table's fails low against a bound a
	// little below the table's score, in a search half as deep, the table's action is
	// singular and searched one ply deeper (two off the principal variation when they all
	// fail low by a margin more, DoubleExtension); when they beat beta even so, the node cuts
	// (several actions do).
	ttExt := 0
	if x.on(SingularExtension) && !excl && ply > 0 && depth >= singularDepth && hasTT &&
		ttDepth >= depth-3 && ttBound != boundUpper && ttScore > -MateBound && ttScore < MateBound {
		sbeta := ttScore - 2*depth
		x.excluded[ply], x.hasExcl[ply] = ttAction, true
		v := x.search(s, (depth-1)/2, sbeta-1, sbeta, ply, false)
		x.hasExcl[ply], x.pvLen[ply] = false, 0
		if x.lim.stopped {
			return 0
		}
		switch {
		case v < sbeta:
			ttExt = 1
			if x.on(DoubleExtension) && !pvNode && v < sbeta-doubleMargin && x.dexts < maxDoubleExts {
				ttExt = 2
			}
			x.stats.singular++
		case sbeta >= beta:
			x.stats.multiCuts++
			return sbeta
		}
		// The search without the action reordered (and listed again) the branches.
		node, branches = x.g.Expand(s, x.buf(ply))
		x.bufs[ply] = branches[:0]
		x.evals[ply], x.sides[ply], x.starts[ply] = eval, int8(node.Side), node.TurnStart
	}
	// Order: the table's action, then the hints plus killers, counter move and history.
	scores := x.sbufs[ply][:0]
	for range branches {
		scores = append(scores, 0)
	}
	x.sbufs[ply] = scores
	var counter A
	hasCounter := false
	if pk := x.moveKey[ply]; pk >= 0 && x.on(CounterMoves) {
		counter, hasCounter = x.counters[node.Side&1][pk], x.hasCount[node.Side&1][pk]
	}
	const killerScore = 1 << 18
	for i := range branches {
		b := &branches[i]
		sc := b.Order
		switch {
		case hasTT && b.Action == ttAction:
			sc = 1 << 30
		case b.Noisy:
		case x.hasKill[ply][0] && b.Action == x.killers[ply][0]:
			sc += killerScore
		case x.hasKill[ply][1] && b.Action == x.killers[ply][1]:
			sc += killerScore - 1
		case hasCounter && b.Action == counter:
			sc += killerScore - 2
		default:
			sc += x.quietScore(node.Side, ply, b.Key)
		}
		scores[i] = sc
	}
	quiets := x.quiets[ply][:0]
	bestScore := -Inf
	var bestAction A
	hasBest, bestQuiet := false, false
	origAlpha := alpha
	searched := 0
	skipQuiets := false
	for n := range branches {
		// Selection sort: the best remaining branch first.
		bi := n
		for j := n + 1; j < len(branches); j++ {
			if scores[j] > scores[bi] {
				bi = j
			}
		}
		branches[n], branches[bi] = branches[bi], branches[n]
		scores[n], scores[bi] = scores[bi], scores[n]
		b := branches[n]
		sc := scores[n]
		if b.Rare && ply > 0 && depth < rareDepth && n > 0 {
			break // the rest are rare too: they sort last
		}
		if excl && b.Action == x.excluded[ply] {
			continue
		}
		quiet := !b.Noisy && sc < killerScore-2 && sc != 1<<30
		// Pruning of late quiet moves on the last ply of a turn, once a move that does not
		// lose at once is found.
		if quiet && lastPly && !node.InCheck && searched > 0 && bestScore > -MateBound {
			if skipQuiets {
				continue
			}
			// Counting moves needs the history the first iterations gather to order them.
			lmp := x.on(LateMovePruning) && x.iter >= 4 && depth <= 6 && searched >= lmpLimit(depth, improving)
			fut := x.on(Futility) && depth <= 5 && eval != noEval && eval+futilityMargin(depth) <= alpha
			if (lmp || fut) && !x.givesCheck(s, b.Action) {
				if lmp {
					skipQuiets = true
					x.stats.lmpSkips++
					if !loudAfter(branches[n+1:], scores[n+1:], killerScore-2) {
						break // the rest are quiet: skipped without sorting them
					}
				} else {
					x.stats.futile++
				}
				continue
			}
			if x.exch != nil && x.on(ExchangePruning) && depth <= exchangeDepth &&
				x.exch.Exchange(s, b.Action) < -exchangeMargin(depth, b.Order) && !x.givesCheck(s, b.Action) {
				x.stats.seePruned++
				continue
			}
		}
		t := x.g.Do(s, b.Action)
		same := x.g.Side(t) == node.Side
		x.reach(ply+1, b)
		var v int
		if searched == 0 {
			ext := 0
			if hasTT && b.Action == ttAction {
				ext = ttExt
			}
			if ext == 2 {
				x.dexts++
				x.stats.doubles++
			}
			v = x.child(t, depth-1+ext, alpha, beta, ply+1, pvNode, same)
			if ext == 2 {
				x.dexts--
			}
		} else {
			reduce := 0
			if depth >= 3 && !node.InCheck && !b.Noisy && sc != 1<<30 {
				if x.on(Reductions) {
					if searched >= 2 {
						reduce = int(lmrTable[min(depth, 63)][min(searched, 63)])
						if pvNode {
							reduce--
						}
						if !quiet { // killers and the counter move
							reduce--
						}
						if !improving {
							reduce++
						}
						if quiet && b.Order == 0 {
							reduce -= int(sc) / x.statDiv() // the history score
						}
						if reduce > 0 && x.givesCheck(s, b.Action) {
							reduce--
						}
						reduce = max(0, min(reduce, depth-2))
					}
				} else if n >= 3 && sc < killerScore-1 {
					reduce = 1
					if n >= 8 && depth >= 5 {
						reduce = 2
					}
				}
			}
			if reduce > 0 && x.on(Reductions) {
				x.stats.reduced++
			}
			v = x.child(t, depth-1-reduce, alpha, alpha+1, ply+1, false, same)
			if v > alpha && reduce > 0 && !x.lim.stopped {
				v = x.child(t, depth-1, alpha, alpha+1, ply+1, false, same)
			}
			if v > alpha && v < beta && pvNode && !x.lim.stopped {
				v = x.child(t, depth-1, alpha, beta, ply+1, true, same)
			}
		}
		if x.lim.stopped {
			return 0
		}
		searched++
		if v > bestScore {
			bestScore, bestAction, hasBest, bestQuiet = v, b.Action, true, !b.Noisy
			if v > alpha {
				alpha = v
				x.pv[ply][0] = b.Action
				copy(x.pv[ply][1:], x.pv[ply+1][:x.pvLen[ply+1]])
				x.pvLen[ply] = 1 + x.pvLen[ply+1]
				if v >= beta {
					if !b.Noisy {
						if hasCounter && b.Action == counter {
							x.stats.counterCuts++
						}
						x.cutoff(node.Side, ply, depth, b, quiets)
					}
					break
				}
			}
		}
		if !b.Noisy && len(quiets) < 64 {
			quiets = append(quiets, b.Key)
		}
	}
	x.quiets[ply] = quiets[:0]
	if searched == 0 {
		// Every action was skipped: the first is never pruned, so only a singular search
		// whose node has no other action.
		return alpha
	}
	bound := boundExact
	switch {
	case bestScore >= beta:
		bound = boundLower
	case bestScore <= origAlpha:
		bound = boundUpper
	}
	if bound == boundExact && bestQuiet && ply > 0 && x.sides[ply-1] == -1 && x.on(ChanceKillers) &&
		(!x.hasKill[ply][0] || x.killers[ply][0] != bestAction) {
		// An outcome of a chance node: its best quiet action is likely good after the other
		// rolls too (a cutoff would have made it a killer already).
		x.killers[ply][1], x.hasKill[ply][1] = x.killers[ply][0], x.hasKill[ply][0]
		x.killers[ply][0], x.hasKill[ply][0] = bestAction, true
	}
	if !excl {
		x.tt.store(key, bestAction, hasBest && bound != boundUpper, toTable(bestScore, ply), depth, bound, eval)
	}
	return bestScore
}

// loudAfter reports whether any of the branches left is noisy or scores at least quiet (a
// killer, the counter move or the table's action), so not skipped with the quiet ones.
func loudAfter[A comparable](branches []Branch[A], scores []int32, quiet int32) bool {
	for i := range branches {
		if branches[i].Noisy || scores[i] >= quiet {
			return true
		}
	}
	return false
}

// cutoff updates the ordering statistics after the quiet action b refuted a node at ply: it
// becomes a killer and the counter move to the previous action, its history grows and the
// quiet actions tried before it (quiets) lose history.
func (x *Searcher[S, A]) cutoff(side, ply, depth int, b Branch[A], quiets []uint16) {
	if !x.hasKill[ply][0] || x.killers[ply][0] != b.Action {
		x.killers[ply][1], x.hasKill[ply][1] = x.killers[ply][0], x.hasKill[ply][0]
		x.killers[ply][0], x.hasKill[ply][0] = b.Action, true
	}
	if pk := x.moveKey[ply]; pk >= 0 {
		x.counters[side&1][pk], x.hasCount[side&1][pk] = b.Action, true
	}
	bonus := min(32*depth*depth, 2000)
	if !x.on(HistoryMalus) {
		h := &x.history[side&1][b.Key&4095]
		*h = min(*h+int32(depth*depth), historyMax)
		return
	}
	x.addHistory(side, b.Key, bonus)
	x.addCont(side, ply, b.Key, bonus)
	for _, k := range quiets {
		if k != b.Key {
			x.addHistory(side, k, -bonus)
			x.addCont(side, ply, k, -bonus)
		}
	}
}

// reach records that the node at ply follows b: its key for the counter move (a quiet
// action's alone) and the continuation history, and no null move.
func (x *Searcher[S, A]) reach(ply int, b Branch[A]) {
	key := int32(b.Key & 4095)
	x.lastKey[ply], x.nulled[ply], x.moveKey[ply] = key, false, -1
	if !b.Noisy {
		x.moveKey[ply] = key
	}
}

// reachRoll records that the node at ply is an outcome of the roll at ply-1: no counter-move
// key, no null move, and the continuation context of the action before the roll.
func (x *Searcher[S, A]) reachRoll(ply int) {
	x.moveKey[ply], x.nulled[ply], x.lastKey[ply] = -1, false, x.lastKey[ply-1]
}

// contSlot returns the continuation history's entry of the quiet action key for side at
// ply, following the action back plies before it (1: the action that led to the node, 2:
// the one before), or nil when there is none or the technique is off.
func (x *Searcher[S, A]) contSlot(side, ply, back int, key uint16) *int16 {
	at := ply + 1 - back
	if at < 1 || !x.on(ContinuationHistory) {
		return nil
	}
	prev := x.lastKey[at]
	if prev < 0 {
		return nil
	}
	return &x.cont[back-1][side&1][int(prev&63)<<12|int(key&4095)]
}

// quietScore is the ordering score of the quiet action key for side at ply: its history plus,
// with ContinuationHistory, its continuation history after the last two actions.
func (x *Searcher[S, A]) quietScore(side, ply int, key uint16) int32 {
	sc := x.history[side&1][key&4095]
	for back := 1; back <= 2; back++ {
		if h := x.contSlot(side, ply, back, key); h != nil {
			sc += int32(*h)
		}
	}
	return sc
}

// addCont adds bonus to the continuation history of key for side at ply, with the same
// gravity as addHistory.
func (x *Searcher[S, A]) addCont(side, ply int, key uint16, bonus int) {
	for back := 1; back <= 2; back++ {
		if h := x.contSlot(side, ply, back, key); h != nil {
			v := int(*h)
			v += bonus - v*abs(bonus)/historyMax
			*h = int16(v)
		}
	}
}

// probCut searches the noisy branches of s (a node at depth, not in check, on the last ply
// of its turn, whose static evaluation is eval) to depth-4 against beta plus a margin: one
// that stays above it cuts the node (cut set, with its value). The branches of a node that
// is not lazy are reordered, never dropped; a lazy node's noisy branches are listed here.
func (x *Searcher[S, A]) probCut(s S, key uint64, node Node, branches []Branch[A], lazy bool, depth, beta, ply, eval int) (int, bool) {
	rbeta := beta + probCutMargin
	if lazy {
		branches = x.quiet.Noisy(s, x.buf(ply))
		x.bufs[ply] = branches[:0]
	}
	n := 0
	for i := range branches {
		if branches[i].Noisy && !branches[i].Rare {
			branches[n], branches[i] = branches[i], branches[n]
			n++
		}
	}
	noisy := branches[:n]
	sortByOrder(noisy)
	for _, b := range noisy {
		t := x.g.Do(s, b.Action)
		same := x.g.Side(t) == node.Side
		x.reach(ply+1, b)
		v := x.qchild(t, rbeta-1, rbeta, ply+1, same)
		if v >= rbeta && !x.lim.stopped {
			v = x.child(t, depth-4, rbeta-1, rbeta, ply+1, false, same)
		}
		if x.lim.stopped {
			return 0, true
		}
		if v >= rbeta {
			x.stats.probCuts++
			x.tt.store(key, b.Action, true, toTable(v, ply), depth-3, boundLower, eval)
			return v, true
		}
	}
	return 0, false
}

// sortByOrder sorts a few branches best hint (Order) first, by insertion.
func sortByOrder[A comparable](b []Branch[A]) {
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j].Order > b[j-1].Order; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// ProbCut's least depth and margin.
const (
	probCutDepth  = 5
	probCutMargin = 200
)

// exchangeDepth is the deepest remaining depth at which ExchangePruning skips moves.
const exchangeDepth = 7

// exchangeMargin is how much material a late move may lose by the exchange evaluation
// before ExchangePruning skips it at depth: less for a quiet move (order 0) than for a
// losing capture.
func exchangeMargin(depth int, order int32) int {
	if order == 0 {
		return 50 * depth
	}
	return 100 * depth
}

// lateIterationShare is the share of the time until which a new iteration may begin
// (LateIteration), unless the time is the turn's alone (Budget.Fixed).
const lateIterationShare = 0.7

func rfpMargin(depth int, improving bool) int {
	m := 85 * depth
	if improving {
		m -= 40
	}
	return m
}

func razorMargin(depth int) int { return 150 + 200*depth }

func futilityMargin(depth int) int { return 80 + 100*depth }

func lmpLimit(depth int, improving bool) int {
	if improving {
		return 4 + 2*depth*depth
	}
	return 3 + depth*depth
}

// chance averages the outcomes of a chance node, pruning with Star1: each outcome is searched
// with the window that would already decide the average, assuming the outcomes not yet
// searched are as good or as bad as the bound (Options.ChanceWin). With Star2 (ChanceProbe,
// below the horizon) each outcome is first probed with its first action alone: the probes
// are lower bounds that may decide a fail high at once, and stand for the outcomes not yet
// searched instead of the lower bound.
//
// In the quiescence search (quiet set) the outcomes are searched by the quiescence search
// too: a piece left where the opponent may take it is worth what the roll's odds say, not
// what standing pat says.
func (x *Searcher[S, A]) chance(s S, node Node, branches []Branch[A], depth, alpha, beta, ply int, quiet bool) int {
	outcomes := branches // bufs[ply]: the children use deeper buffers
	total := 0
	for _, b := range outcomes {
		total += int(b.Weight)
	}
	if total <= 0 {
		return x.g.Evaluate(s)
	}
	lo, hi := -x.bound, x.bound
	a := max(alpha, lo)
	bt := min(beta, hi)
	if a >= bt {
		return a
	}
	if x.classed != nil && x.on(ChanceClasses) {
		if v, ok := x.classChance(s, node, outcomes, total, depth, a, bt, ply, quiet); ok {
			return v
		}
	}
	// Star2: each outcome's first action bounds it from below; the bounds may decide a fail
	// high at once, and otherwise stand for the outcomes not searched yet.
	var floors [64]int
	probed := !quiet && depth >= 1 && x.on(ChanceProbe) && len(outcomes) <= len(floors)
	restLo := total * lo // weighted sum of the lower bounds of the outcomes not searched
	if probed {
		restLo = 0
		for i, b := range outcomes {
			v := max(lo, min(hi, x.probe(s, node, b.Action, depth, ply)))
			if x.lim.stopped {
				return 0
			}
			floors[i] = v
			restLo += int(b.Weight) * v
		}
		if restLo >= bt*total {
			x.stats.probeCuts++
			return bt
		}
	}
	sum := 0 // weighted sum of the searched outcomes
	rest := total
	for i, b := range outcomes {
		w := int(b.Weight)
		rest -= w
		floor := lo
		if probed {
			floor = floors[i]
		}
		restLo -= w * floor
		// The outcome's value v decides a fail low when (sum + w*v + rest*hi) <= a*total,
		// a fail high when (sum + w*v + restLo) >= bt*total.
		ca := floorDiv(a*total-sum-rest*hi, w)
		cb := ceilDiv(bt*total-sum-restLo, w)
		if cb <= floor && probed {
			x.stats.probeCuts++
			return bt // the outcome's bound already decides
		}
		ca, cb = max(ca, lo), min(cb, hi)
		v := x.outcome(s, node, b.Action, depth, ca, cb, ply, quiet)
		if x.lim.stopped {
			return 0
		}
		v = max(lo, min(hi, v))
		if v <= ca && ca > lo {
			return a
		}
		if v >= cb && cb < hi {
			return bt
		}
		sum += w * v
	}
	return sum / total
}

// outcome returns the value of the outcome a of the chance node s (node) for the side to
// move in s, searched in the window (ca, cb): by the quiescence search when quiet, else to
// depth.
func (x *Searcher[S, A]) outcome(s S, node Node, a A, depth, ca, cb, ply int, quiet bool) int {
	t := x.g.Do(s, a)
	same := x.g.Side(t) == node.Side
	x.reachRoll(ply + 1)
	if quiet {
		return x.qchild(t, ca, cb, ply+1, same)
	}
	return x.child(t, depth, ca, cb, ply+1, false, same)
}

// probe returns a lower bound of the value of the outcome o of the chance node s (for the
// side to move there, ChanceProbe): the table's bound when it is deep enough, else the value
// of the outcome's first action alone (the table's action, or the best by the ordering),
// searched with a full window and kept in the table as a lower bound. It returns -bound when
// the outcome is not a decision of the same side.
func (x *Searcher[S, A]) probe(s S, node Node, o A, depth, ply int) int {
	lo, hi := -x.bound, x.bound
	t := x.g.Do(s, o)
	if x.g.Side(t) != node.Side {
		return lo
	}
	n1 := ply + 1
	x.reachRoll(n1) // the outcome's context, which its ordering reads
	key := x.g.Key(t)
	var ttAction A
	hasTT := false
	if e, ok := x.tt.probe(key); ok {
		ttAction, hasTT = e.action, e.hasMove
		if int(e.depth) >= depth && (e.bound == boundExact || e.bound == boundLower) {
			return fromTable(int(e.score), n1)
		}
	}
	child, branches := x.g.Expand(t, x.buf(n1))
	x.bufs[n1] = branches[:0]
	if child.Kind == Terminal {
		return x.terminal(child, n1)
	}
	if child.Kind != Decision || len(branches) == 0 {
		return lo
	}
	bi, bsc := 0, int32(-1<<31)
	for i := range branches {
		br := &branches[i]
		sc := br.Order
		switch {
		case hasTT && br.Action == ttAction:
			sc = 1 << 30
		case br.Noisy:
		case x.hasKill[n1][0] && br.Action == x.killers[n1][0]:
			sc += 1 << 18
		default:
			sc += x.quietScore(child.Side, n1, br.Key)
		}
		if sc > bsc {
			bi, bsc = i, sc
		}
	}
	a := branches[bi]
	d := depth
	if x.on(CheckExtension) && child.InCheck && n1 < 2*MaxDepth/3 {
		d++
	}
	x.evals[n1], x.sides[n1], x.starts[n1] = noEval, int8(child.Side), child.TurnStart
	u := x.g.Do(t, a.Action)
	x.reach(n1+1, a)
	v := x.child(u, d-1, lo, hi, n1+1, false, x.g.Side(u) == child.Side)
	if x.lim.stopped {
		return lo
	}
	x.tt.store(key, a.Action, true, toTable(v, n1), d, boundLower, noEval)
	return v
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// calm returns the Node of s when the search may prune or stand pat in s before listing its
// branches (Quiescer, LazyQuiescence).
func (x *Searcher[S, A]) calm(s S) (Node, bool) {
	if x.quiet == nil || !x.on(LazyQuiescence) {
		return Node{}, false
	}
	return x.quiet.Calm(s)
}

// quiesce searches the noisy branches only (every branch in check) until the position is
// quiet, standing pat on the static evaluation (eval when known, else noEval). The result of
// a decision node is kept in the table (key) as a result of depth -1. With calm set, node is
// a decision without check whose branches are not listed yet: Quiescer.Noisy lists them
// after the stand pat.
func (x *Searcher[S, A]) quiesce(s S, key uint64, node Node, branches []Branch[A], alpha, beta, ply, eval int, calm bool) int {
	if ply >= maxPly-2 {
		return x.g.Evaluate(s)
	}
	if node.Kind == Chance {
		// One chance node deep: the roll's outcomes, each with its captures; below that,
		// or at every chance node without QuiescenceRolls, the evaluation.
		if x.staticRolls() {
			return x.g.Evaluate(s)
		}
		x.qchance = true
		v := x.chance(s, node, branches, 0, alpha, beta, ply, true)
		x.qchance = false
		return v
	}
	origAlpha := alpha
	best := -Inf
	if !node.InCheck {
		if eval == noEval {
			eval = x.g.Evaluate(s)
		}
		best = eval
		if best >= beta {
			if calm {
				x.stats.lazyStands++ // no action was listed
			}
			if x.on(QuiescenceTable) {
				var zero A
				x.tt.store(key, zero, false, toTable(best, ply), -1, boundLower, eval)
			}
			return best
		}
		if best > alpha {
			alpha = best
		}
	} else {
		eval = noEval
	}
	if calm {
		branches = x.quiet.Noisy(s, x.buf(ply))
		x.bufs[ply] = branches[:0]
	}
	// Order the branches to play, best hint first.
	n := 0
	for i := range branches {
		if node.InCheck || branches[i].Noisy {
			branches[n] = branches[i]
			n++
		}
	}
	branches = branches[:n]
	sortByOrder(branches)
	var bestAction A
	hasBest := false
	for _, b := range branches {
		t := x.g.Do(s, b.Action)
		v := x.qchild(t, alpha, beta, ply+1, x.g.Side(t) == node.Side)
		if x.lim.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				bestAction, hasBest = b.Action, true
				if v >= beta {
					break
				}
			}
		}
	}
	if x.on(QuiescenceTable) {
		bound := boundExact
		switch {
		case best >= beta:
			bound = boundLower
		case best <= origAlpha:
			bound = boundUpper
		}
		x.tt.store(key, bestAction, hasBest, toTable(best, ply), -1, bound, eval)
	}
	return best
}

func (x *Searcher[S, A]) qchild(t S, alpha, beta, ply int, same bool) int {
	if same {
		return x.qsearch(t, alpha, beta, ply)
	}
	return -x.qsearch(t, -beta, -alpha, ply)
}

// staticRolls reports whether the quiescence search evaluates a chance node as it stands:
// below the chance node it averages, or at any without QuiescenceRolls.
func (x *Searcher[S, A]) staticRolls() bool { return x.qchance || !x.on(QuiescenceRolls) }

// staticChance returns the value of s and true when s is the end of the game or a chance
// node that the quiescence search evaluates as it stands (staticRolls), in a Horizon game:
// the outcomes are not listed.
func (x *Searcher[S, A]) staticChance(s S, ply int) (int, bool) {
	if x.horizon == nil || !x.staticRolls() {
		return 0, false
	}
	node, ok := x.horizon.Horizon(s)
	if !ok {
		return 0, false
	}
	if node.Kind == Terminal {
		return x.terminal(node, ply), true
	}
	return x.g.Evaluate(s), true
}

func (x *Searcher[S, A]) qsearch(s S, alpha, beta, ply int) int {
	x.pvLen[ply] = 0
	if x.lim.tick() {
		return 0
	}
	eval := noEval
	var key uint64
	if x.on(QuiescenceTable) || x.on(EvalCache) {
		key = x.g.Key(s)
		if e, ok := x.tt.probe(key); ok {
			if x.on(QuiescenceTable) {
				v := fromTable(int(e.score), ply)
				switch {
				case e.bound == boundExact,
					e.bound == boundLower && v >= beta,
					e.bound == boundUpper && v <= alpha:
					x.stats.qttCuts++
					return v
				}
			}
			if e.hasEval && x.on(EvalCache) {
				eval = int(e.eval)
			}
		}
	}
	if v, ok := x.staticChance(s, ply); ok {
		return v
	}
	if node, ok := x.calm(s); ok {
		return x.quiesce(s, key, node, nil, alpha, beta, ply, eval, true)
	}
	node, branches := x.g.Expand(s, x.buf(ply))
	x.bufs[ply] = branches[:0]
	if node.Kind == Terminal {
		return x.terminal(node, ply)
	}
	return x.quiesce(s, key, node, branches, alpha, beta, ply, eval, false)
}

// statDiv is the history score worth one ply less reduction: the score sums three tables
// with ContinuationHistory, one without.
func (x *Searcher[S, A]) statDiv() int {
	if x.on(ContinuationHistory) {
		return contStatDiv
	}
	return 6000
}

// contStatDiv is statDiv with ContinuationHistory.
const contStatDiv = 12000

// singularDepth is the least depth of a singular search (SingularExtension).
const singularDepth = 8

// A singular action whose alternatives all fail low by doubleMargin is searched two plies
// deeper, off the principal variation, at most maxDoubleExts times on a path.
const (
	doubleMargin  = 20
	maxDoubleExts = 6
)
