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

// Searcher runs iterative-deepening alpha-beta (principal variation search with a
// transposition table, quiescence search, killer and history move ordering, late move
// reductions and, when the game allows passing, null-move pruning) over a Game, and
// expectimax with Star1 pruning at chance nodes. A state whose child has the same side to
// move is searched without negation: a multi-ply turn is searched ply by ply for the side
// that plays it. A Searcher keeps its table between searches; it is not safe for concurrent
// use.
type Searcher[S any, A comparable] struct {
	g       Game[S, A]
	passer  Passer[S]
	tt      table[A]
	lim     limiter
	history [2][4096]int32
	killers [maxPly][2]A
	hasKill [maxPly][2]bool
	bufs    [maxPly][]Branch[A]
	sbufs   [maxPly][]int32
	reps    []uint64
	qchance bool // the quiescence search is below a chance node
	side    int  // the side to move at the root
	draw    int  // the value of a draw for the root side (minus the contempt)
	bound   int  // chance nodes average values in -bound..bound (Options.ChanceWin)
	pv      [maxPly][maxPly]A
	pvLen   [maxPly]int
}

// New returns a Searcher for g with a transposition table of 2^tableBits entries (clamped
// to 10..26).
func New[S any, A comparable](g Game[S, A], tableBits int) *Searcher[S, A] {
	x := &Searcher[S, A]{g: g, tt: newTable[A](tableBits)}
	if p, ok := g.(Passer[S]); ok {
		x.passer = p
	}
	return x
}

// Nodes returns the nodes visited by the last search so far.
func (x *Searcher[S, A]) Nodes() int64 { return x.lim.nodes }

// Clear forgets the transposition table and the ordering statistics.
func (x *Searcher[S, A]) Clear() {
	clear(x.tt.slots)
	x.history = [2][4096]int32{}
	x.hasKill = [maxPly][2]bool{}
}

func (x *Searcher[S, A]) buf(ply int) []Branch[A] {
	if x.bufs[ply] == nil {
		x.bufs[ply] = make([]Branch[A], 0, 64)
	}
	return x.bufs[ply][:0]
}

// Search chooses an action for the side to move in s within the budget. It returns
// ErrNoAction when s has no choice to make (the game is over, or s is a chance node).
func (x *Searcher[S, A]) Search(s S, o Options) (Result[A], error) {
	x.lim.init(o.Budget)
	x.tt.gen++
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
	x.reps = append(x.reps[:0], hist...)
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
		x.reps = append(x.reps, x.g.Key(s))
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
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && !x.lim.another() {
			break
		}
		alpha := -Inf
		bestScore, best := -Inf, -1
		for n, i := range idx {
			t := x.g.Do(s, root[i].Action)
			same := x.g.Side(t) == node.Side
			var v int
			if o.Noise > 0 || n == 0 {
				v = x.child(t, depth-1, -Inf, Inf, 1, true, same)
			} else {
				v = x.child(t, depth-1, alpha, alpha+1, 1, false, same)
				if v > alpha && !x.lim.stopped {
					v = x.child(t, depth-1, alpha, Inf, 1, true, same)
				}
			}
			if x.lim.stopped {
				break
			}
			root[i].Score, root[i].Depth = v, depth
			root[i].Exact = o.Noise > 0 || n == 0 || v > alpha
			if v > bestScore {
				bestScore, best = v, i
				if v > alpha {
					alpha = v
				}
				x.pv[0][0] = root[i].Action
				copy(x.pv[0][1:], x.pv[1][:x.pvLen[1]])
				x.pvLen[0] = 1 + x.pvLen[1]
			}
		}
		// An iteration cut short still counts for the root actions it finished: their scores
		// are of this depth.
		if best >= 0 {
			res.Action, res.Score, res.Depth = root[best].Action, bestScore, depth
			res.PV = append(res.PV[:0], x.pv[0][:x.pvLen[0]]...)
			x.tt.store(key, res.Action, true, toTable(bestScore, 0), depth, boundExact)
		}
		if x.lim.stopped {
			break
		}
		// Next iteration: the best action first, then by score.
		sort.SliceStable(idx, func(a, b int) bool {
			if idx[a] == best || idx[b] == best {
				return idx[a] == best
			}
			return root[idx[a]].Score > root[idx[b]].Score
		})
		if o.Noise == 0 && bestScore >= MateBound && Mate-bestScore < depth {
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

func (x *Searcher[S, A]) search(s S, depth, alpha, beta, ply int, pvNode bool) int {
	// A node searched with a wide window needs exact values from its children (the Star1
	// windows of a chance node's outcomes are wide even off the principal variation).
	pvNode = pvNode || beta-alpha > 1
	x.pvLen[ply] = 0
	if x.lim.tick() {
		return 0
	}
	key := x.g.Key(s)
	if x.repeated(key) {
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
	var ttAction A
	hasTT := false
	if e, ok := x.tt.probe(key); ok {
		ttAction, hasTT = e.action, e.hasMove
		if !pvNode && int(e.depth) >= depth && depth > 0 {
			v := fromTable(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	node, branches := x.g.Expand(s, x.buf(ply))
	x.bufs[ply] = branches[:0]
	if node.Kind == Terminal {
		return x.terminal(node, ply)
	}
	if node.Kind == Decision && node.InCheck && ply < 2*MaxDepth/3 {
		depth++
	}
	if depth <= 0 {
		return x.quiesce(s, node, branches, alpha, beta, ply)
	}
	if node.TurnStart {
		x.reps = append(x.reps, key)
		defer func() { x.reps = x.reps[:len(x.reps)-1] }()
	}
	if node.Kind == Chance {
		v := x.chance(s, node, branches, depth, alpha, beta, ply, false)
		if !x.lim.stopped {
			bound := boundExact
			if v <= alpha {
				bound = boundUpper
			} else if v >= beta {
				bound = boundLower
			}
			var zero A
			x.tt.store(key, zero, false, toTable(v, ply), depth, bound)
		}
		return v
	}
	if !pvNode && !node.InCheck && beta < MateBound && beta > -MateBound {
		eval := x.g.Evaluate(s)
		// Reverse futility: far above beta near the horizon.
		if depth <= 3 && eval-110*depth >= beta {
			return eval
		}
		// Null move: let the opponent move twice; if we still stay above beta, cut.
		if x.passer != nil && depth >= 3 && eval >= beta {
			if t, ok := x.passer.Pass(s); ok {
				r := 2 + depth/4
				v := x.child(t, depth-1-r, beta-1, beta, ply+1, false, x.g.Side(t) == node.Side)
				if x.lim.stopped {
					return 0
				}
				if v >= beta {
					if v >= MateBound {
						v = beta
					}
					return v
				}
			}
		}
	}
	// Order: the table's action, then the hints plus killers and history.
	scores := x.sbufs[ply][:0]
	for range branches {
		scores = append(scores, 0)
	}
	x.sbufs[ply] = scores
	for i := range branches {
		b := &branches[i]
		sc := b.Order
		switch {
		case hasTT && b.Action == ttAction:
			sc = 1 << 30
		case !b.Noisy && x.hasKill[ply][0] && b.Action == x.killers[ply][0]:
			sc += 1 << 18
		case !b.Noisy && x.hasKill[ply][1] && b.Action == x.killers[ply][1]:
			sc += 1<<18 - 1
		case !b.Noisy:
			sc += x.history[node.Side&1][b.Key&4095]
		}
		scores[i] = sc
	}
	bestScore := -Inf
	var bestAction A
	hasBest := false
	origAlpha := alpha
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
		if b.Rare && ply > 0 && depth < rareDepth && n > 0 {
			break // the rest are rare too: they sort last
		}
		t := x.g.Do(s, b.Action)
		same := x.g.Side(t) == node.Side
		var v int
		if n == 0 {
			v = x.child(t, depth-1, alpha, beta, ply+1, pvNode, same)
		} else {
			reduce := 0
			if depth >= 3 && n >= 3 && !node.InCheck && !b.Noisy && scores[n] < 1<<18-1 {
				reduce = 1
				if n >= 8 && depth >= 5 {
					reduce = 2
				}
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
		if v > bestScore {
			bestScore, bestAction, hasBest = v, b.Action, true
			if v > alpha {
				alpha = v
				x.pv[ply][0] = b.Action
				copy(x.pv[ply][1:], x.pv[ply+1][:x.pvLen[ply+1]])
				x.pvLen[ply] = 1 + x.pvLen[ply+1]
				if v >= beta {
					if !b.Noisy {
						if !x.hasKill[ply][0] || x.killers[ply][0] != b.Action {
							x.killers[ply][1], x.hasKill[ply][1] = x.killers[ply][0], x.hasKill[ply][0]
							x.killers[ply][0], x.hasKill[ply][0] = b.Action, true
						}
						h := &x.history[node.Side&1][b.Key&4095]
						*h += int32(depth * depth)
						if *h > 1<<16 {
							for i := range x.history {
								for j := range x.history[i] {
									x.history[i][j] /= 2
								}
							}
						}
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case bestScore >= beta:
		bound = boundLower
	case bestScore <= origAlpha:
		bound = boundUpper
	}
	x.tt.store(key, bestAction, hasBest && bound != boundUpper, toTable(bestScore, ply), depth, bound)
	return bestScore
}

// chance averages the outcomes of a chance node, pruning with Star1: each outcome is searched
// with the window that would already decide the average, assuming the outcomes not yet
// searched are as good or as bad as the bound (Options.ChanceWin).
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
	sum := 0 // weighted sum of the searched outcomes
	rest := total
	for _, b := range outcomes {
		w := int(b.Weight)
		rest -= w
		// The outcome's value v decides a fail low when (sum + w*v + rest*hi) <= a*total.
		ca := floorDiv(a*total-sum-rest*hi, w)
		cb := ceilDiv(bt*total-sum-rest*lo, w)
		ca, cb = max(ca, lo), min(cb, hi)
		t := x.g.Do(s, b.Action)
		same := x.g.Side(t) == node.Side
		var v int
		if quiet {
			v = x.qchild(t, ca, cb, ply+1, same)
		} else {
			v = x.child(t, depth, ca, cb, ply+1, false, same)
		}
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

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// quiesce searches the noisy branches only (every branch in check) until the position is
// quiet, standing pat on the static evaluation.
func (x *Searcher[S, A]) quiesce(s S, node Node, branches []Branch[A], alpha, beta, ply int) int {
	if ply >= maxPly-2 {
		return x.g.Evaluate(s)
	}
	if node.Kind == Chance {
		// One chance node deep: the roll's outcomes, each with its captures; below that,
		// the evaluation.
		if x.qchance {
			return x.g.Evaluate(s)
		}
		x.qchance = true
		v := x.chance(s, node, branches, 0, alpha, beta, ply, true)
		x.qchance = false
		return v
	}
	best := -Inf
	if !node.InCheck {
		best = x.g.Evaluate(s)
		if best >= beta {
			return best
		}
		if best > alpha {
			alpha = best
		}
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
	for i := 1; i < len(branches); i++ { // insertion sort, best hint first
		for j := i; j > 0 && branches[j].Order > branches[j-1].Order; j-- {
			branches[j], branches[j-1] = branches[j-1], branches[j]
		}
	}
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
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

func (x *Searcher[S, A]) qchild(t S, alpha, beta, ply int, same bool) int {
	if same {
		return x.qsearch(t, alpha, beta, ply)
	}
	return -x.qsearch(t, -beta, -alpha, ply)
}

func (x *Searcher[S, A]) qsearch(s S, alpha, beta, ply int) int {
	x.pvLen[ply] = 0
	if x.lim.tick() {
		return 0
	}
	node, branches := x.g.Expand(s, x.buf(ply))
	x.bufs[ply] = branches[:0]
	if node.Kind == Terminal {
		return x.terminal(node, ply)
	}
	return x.quiesce(s, node, branches, alpha, beta, ply)
}
