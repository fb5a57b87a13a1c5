package bot

import (
	"math/rand/v2"
	"slices"
	"sort"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/variants/nec"
)

// Options tune a Planner. The zero value of a field takes its default.
type Options struct {
	// Width is how many of its best single moves the planner turns into full orders (with
	// fallbacks) and tries against the other players' replies (default 10).
	Width int
	// Replies bounds the replies tried for each other player (default 10).
	Replies int
	// Reach bounds how far along a ray moves are considered (default DefaultReach).
	Reach int64
	// Seed breaks ties between orders of equal value.
	Seed uint64
	// Nodes bounds the positions the planner resolves and scores for one order (0: no bound).
	// It makes an order reproducible: the same position and seed give the same order.
	Nodes int64
	// Time bounds the thinking of one order, by the clock Now (0: no bound). It binds only
	// where the node budget takes longer (a slow device, a huge board); an order cut by time
	// depends on the machine.
	Time time.Duration
	// Now is the clock of the time budget (nil: time.Now). The engine worker's clock also
	// yields to its event loop now and then.
	Now func() time.Time
	// Stop, when set, ends the thinking at once: the best order found so far is played.
	Stop *atomic.Bool
}

// MaxLevel is the strongest playing level (Level).
const MaxLevel = 3

// Level returns the options of a playing level from 1 (quick) to 3 (the most thorough);
// levels out of range are clamped. Like the 8x8 levels (engine/search), each level has a node
// budget, which makes its orders reproducible, and a time cap, which binds only where the
// nodes take longer (a slow device, a board far beyond what a game reaches).
func Level(n int) Options {
	switch {
	case n <= 1:
		return Options{Width: 4, Replies: 4, Reach: 5, Nodes: 300, Time: 150 * time.Millisecond}
	case n == 2:
		return Options{Width: 8, Replies: 8, Reach: 7, Nodes: 1000, Time: 400 * time.Millisecond}
	}
	return Options{Width: 12, Replies: 12, Reach: 8, Nodes: 3000, Time: time.Second}
}

// Planner is the bot that looks one update ahead (see the package comment).
type Planner struct {
	o   Options
	rng *rand.Rand
	// Budget of the order being chosen.
	nodes    int64
	deadline time.Time
	out      bool
}

// New returns a planner with options o.
func New(o Options) *Planner {
	if o.Width <= 0 {
		o.Width = 10
	}
	if o.Replies <= 0 {
		o.Replies = 10
	}
	if o.Reach <= 0 {
		o.Reach = DefaultReach
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Planner{o: o, rng: rand.New(rand.NewPCG(o.Seed, 0x506c616e))}
}

// Thought is a planner's order with what it cost.
type Thought struct {
	// Order is the order; OK is false when the player passes (no piece can move).
	Order nec.Order
	OK    bool
	// Nodes counts the positions resolved and scored.
	Nodes int64
	// Cut is set when the budget (nodes, time or Stop) ended the thinking before the planner
	// had tried everything its options allow.
	Cut bool
}

// candidate is one first move with its score against passing opponents.
type candidate struct {
	m     nec.Move
	mover nec.PieceID
	score float64
	// rank orders the candidates before any is scored (higher first): see prescore.
	rank float64
}

// Order returns the planner's order for player on s; it passes only when no piece can move.
func (pl *Planner) Order(s nec.State, player int) (nec.Order, bool) {
	t := pl.Think(s, player)
	return t.Order, t.OK
}

// Think chooses the planner's order for player on s within its budget. The moves are first
// ranked without resolving anything (captures, pieces in danger, then the approach to the
// enemy), so that when the budget cannot score them all, the likeliest are scored first.
func (pl *Planner) Think(s nec.State, player int) Thought {
	if s.End().Over || !s.Alive(player) {
		return Thought{}
	}
	pl.nodes, pl.out = 0, false
	if pl.o.Time > 0 {
		pl.deadline = pl.o.Now().Add(pl.o.Time)
	} else {
		pl.deadline = time.Time{}
	}
	b := newBoard(s)
	// Phase 1: every single move, with the other players passing, the best ranked first.
	var cands []candidate
	for _, pc := range b.pieces {
		if pc.Owner != player {
			continue
		}
		for _, m := range Moves(s, pc.ID, pl.o.Reach) {
			cands = append(cands, candidate{m: m, mover: pc.ID})
		}
	}
	if len(cands) == 0 {
		return Thought{}
	}
	prescore(b, player, cands)
	noise := make([]float64, len(cands))
	for i := range noise {
		noise[i] = pl.rng.Float64() * 1e-6
	}
	for i := range cands {
		cands[i].rank += noise[i]
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].rank > cands[j].rank })
	// Phase 1 may spend up to half the node budget; phase 2 has the rest.
	scored := len(cands)
	if pl.o.Nodes > 0 {
		scored = min(scored, int(max(pl.o.Nodes/2, int64(pl.o.Width))))
	}
	for i := 0; i < scored; i++ {
		if !pl.spend() {
			scored = i
			break
		}
		cands[i].score = pl.value(s, player, []nec.Order{single(player, cands[i].m)}) + noise[i]
	}
	if scored == 0 {
		// Out of budget before the first position: the best ranked move, as it is.
		return Thought{Order: single(player, cands[0].m), OK: true, Nodes: pl.nodes, Cut: true}
	}
	cut := scored < len(cands)
	cands = cands[:scored]
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })

	// Phase 2: the best ones as full orders, against each other player's replies.
	replies := make([][]nec.Order, s.NumPlayers())
	for q := range replies {
		if q != player && s.Alive(q) {
			replies[q] = pl.replies(s, b, q, player)
		}
	}
	best, bestVal, first := nec.Order{}, 0.0, true
	for i := 0; i < len(cands) && i < pl.o.Width && !pl.out; i++ {
		for _, o := range variants(s, player, cands, i) {
			total, ok := pl.against(s, player, o, replies)
			if !ok {
				break
			}
			if first || total > bestVal {
				best, bestVal, first = o, total, false
			}
		}
	}
	if first {
		// No full order was weighed: the best single move with its fallbacks.
		best = withFallbacks(s, player, cands, 0, -1)
	}
	return Thought{Order: best, OK: true, Nodes: pl.nodes, Cut: cut || pl.out}
}

// spend accounts for one more position; it reports false, and stops the thinking, when the
// budget is used up.
func (pl *Planner) spend() bool {
	switch {
	case pl.out:
	case pl.o.Nodes > 0 && pl.nodes >= pl.o.Nodes:
		pl.out = true
	case pl.o.Stop != nil && pl.o.Stop.Load():
		pl.out = true
	case !pl.deadline.IsZero() && !pl.o.Now().Before(pl.deadline):
		pl.out = true
	default:
		pl.nodes++
	}
	return !pl.out
}

// against values order o of player against the replies of the other players: for each other
// player, the mean of the worst and the average outcome over its replies (passing included),
// the others passing; the differences to passing add up over the other players. ok is false
// when the budget ran out before every reply was weighed.
func (pl *Planner) against(s nec.State, player int, o nec.Order, replies [][]nec.Order) (total float64, ok bool) {
	if !pl.spend() {
		return 0, false
	}
	base := pl.value(s, player, []nec.Order{o})
	total = base
	for q, rs := range replies {
		if q == player || len(rs) == 0 {
			continue
		}
		worst, sum := base, base // the first reply is passing
		for _, r := range rs {
			if !pl.spend() {
				return 0, false
			}
			v := pl.value(s, player, []nec.Order{o, r})
			worst = min(worst, v)
			sum += v
		}
		mean := sum / float64(len(rs)+1)
		total += (worst+mean)/2 - base
	}
	return total, true
}

// value resolves the orders on s and evaluates the result for player.
func (pl *Planner) value(s nec.State, player int, orders []nec.Order) float64 {
	t, _, err := s.Resolve(orders)
	if err != nil {
		return -wWin
	}
	return evaluate(t, player)
}

// prescore ranks the candidate moves of player without resolving anything: captures first
// (the most valuable target first, a capturable one before one that may dodge), then the
// moves of pieces in danger (capturable, crowded or attacked by an enemy, the most valuable
// first), then the moves that bring a piece closer to the enemy piece nearest to it.
func prescore(b *board, player int, cands []candidate) {
	index := make(map[nec.PieceID]int, len(b.pieces))
	for i, pc := range b.pieces {
		index[pc.ID] = i
	}
	// For each of the player's pieces, the nearest enemy piece (the approach term below).
	type near struct {
		sq   nec.Square
		dist int64
		ok   bool
	}
	nearest := make(map[nec.PieceID]near)
	danger := make(map[nec.PieceID]bool)
	for i, pc := range b.pieces {
		if pc.Owner != player {
			continue
		}
		n := near{}
		for _, e := range b.pieces {
			if e.Owner == player {
				continue
			}
			d := chebyshev(pc.Sq, e.Sq)
			if !n.ok || d < n.dist {
				n = near{sq: e.Sq, dist: d, ok: true}
			}
		}
		nearest[pc.ID] = n
		attacked := false
		for _, a := range b.attackers[i] {
			attacked = attacked || b.pieces[a].Owner != player
		}
		danger[pc.ID] = pc.Capturable() || b.crowded[i] || attacked
	}
	for i := range cands {
		c := &cands[i]
		mover := b.pieces[index[c.mover]]
		switch {
		case c.m.Capture:
			gain := 0.0
			for _, t := range b.at[c.m.To] {
				tp := b.pieces[t]
				if tp.Owner == player {
					continue
				}
				g := value(tp.Kind)
				if tp.Capturable() {
					g += 0.5
				}
				gain = max(gain, g)
			}
			c.rank = 2000 + 10*gain
		case danger[c.mover]:
			c.rank = 1000 + 10*value(mover.Kind)
		default:
			if n := nearest[c.mover]; n.ok && mover.Kind != nec.Pawn {
				c.rank = float64(n.dist - chebyshev(c.m.To, n.sq))
			}
		}
	}
}

// chebyshev is the distance between two squares in king steps.
func chebyshev(a, b nec.Square) int64 {
	return max(absInt(a.X-b.X), absInt(a.Y-b.Y))
}

// replies lists the orders player q is likely to submit, as seen by me: its captures (of my
// pieces first, the most valuable first), and for each of its pieces that I attack, one move
// away. Passing is always considered besides these.
func (pl *Planner) replies(s nec.State, b *board, q, me int) []nec.Order {
	type scored struct {
		o nec.Order
		v float64
	}
	var rs []scored
	for i, pc := range b.pieces {
		if pc.Owner != q {
			continue
		}
		ms := Moves(s, pc.ID, 3)
		for _, m := range ms {
			if !m.Capture {
				continue
			}
			v := 0.0
			for _, t := range b.at[m.To] {
				tp := b.pieces[t]
				w := value(tp.Kind)
				if tp.Owner == me {
					w += 100 // my pieces first
				}
				v = max(v, w)
			}
			rs = append(rs, scored{single(q, m), v})
		}
		attacked := false
		for _, a := range b.attackers[i] {
			attacked = attacked || b.pieces[a].Owner == me
		}
		if attacked {
			for _, m := range ms {
				if !m.Capture {
					rs = append(rs, scored{single(q, m), 50 + value(pc.Kind)})
					break
				}
			}
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].v > rs[j].v })
	out := make([]nec.Order, 0, min(len(rs), pl.o.Replies))
	for i := 0; i < len(rs) && i < pl.o.Replies; i++ {
		out = append(out, rs[i].o)
	}
	return out
}

// fallbackChoices is how many different first fallbacks the planner tries after a capture.
const fallbackChoices = 3

// variants returns the full orders the planner tries for candidate i: one, or for an ordinary
// capture one for each of the best fallbackChoices fallbacks.
func variants(s nec.State, player int, cands []candidate, i int) []nec.Order {
	c := cands[i]
	if !c.m.Capture || len(s.At(c.m.To)) == 0 {
		return []nec.Order{withFallbacks(s, player, cands, i, -1)}
	}
	var out []nec.Order
	for j := range cands {
		if len(out) == fallbackChoices {
			break
		}
		if j != i && cands[j].m.To != c.m.To {
			out = append(out, withFallbacks(s, player, cands, i, j))
		}
	}
	if len(out) == 0 {
		out = append(out, single(player, c.m))
	}
	return out
}

// maxChain bounds the if-fails fallbacks the planner chains after a capture.
const maxChain = 3

// withFallbacks turns candidate i into a full order: after an ordinary capture, "if it fails"
// candidate fb (or, when fb is negative, the best other candidate), followed while the fallback
// is a capture too by the best other candidates; and when one of the order's
// pieces may be captured while moving, "if captured" the best move of another piece
// (RULES.md N4, N8). cands are sorted best first.
func withFallbacks(s nec.State, player int, cands []candidate, i, fb int) nec.Order {
	first := cands[i]
	o := single(player, first.m)
	used := []nec.Square{first.m.To}
	movers := []nec.PieceID{first.mover}
	cur := first
	for len(o.Steps) <= maxChain && cur.m.Capture && len(s.At(cur.m.To)) > 0 {
		next := -1
		if fb >= 0 && len(o.Steps) == 1 {
			next = fb
		} else {
			for j, c := range cands {
				if j != i && !slices.Contains(used, c.m.To) {
					next = j
					break
				}
			}
		}
		if next < 0 {
			break
		}
		cur = cands[next]
		o.Steps = append(o.Steps, nec.Step{Move: cur.m})
		used = append(used, cur.m.To)
		movers = append(movers, cur.mover)
	}
	exposed := false
	for _, id := range movers {
		if pc, ok := s.Piece(id); ok && mayBeCaptured(s, pc) {
			exposed = true
		}
	}
	if exposed {
		for _, c := range cands {
			if !slices.Contains(movers, c.mover) {
				o.Steps = append(o.Steps, nec.Step{Move: c.m, IfCaptured: true})
				break
			}
		}
	}
	if s.Validate(o) != nil {
		return single(player, first.m) // cannot happen with legal candidates; stay safe
	}
	return o
}

// mayBeCaptured reports whether pc could be captured while it moves in the next update
// (RULES.md 5.6): it is capturable, or it moved in the last update while another player has a
// time thief.
func mayBeCaptured(s nec.State, pc nec.Piece) bool {
	if pc.Capturable() {
		return true
	}
	if !pc.Moved {
		return false
	}
	for _, q := range s.Pieces() {
		if q.Kind == nec.TimeThief && q.Owner != pc.Owner {
			return true
		}
	}
	return false
}
