package bot

import (
	"math/rand/v2"
	"slices"
	"sort"

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
}

// Level returns the options of a playing level from 1 (quick) to 3 (the most thorough);
// levels out of range are clamped.
func Level(n int) Options {
	switch {
	case n <= 1:
		return Options{Width: 4, Replies: 4, Reach: 5}
	case n == 2:
		return Options{Width: 8, Replies: 8, Reach: 7}
	}
	return Options{Width: 12, Replies: 12, Reach: 8}
}

// Planner is the bot that looks one update ahead (see the package comment).
type Planner struct {
	o   Options
	rng *rand.Rand
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
	return &Planner{o: o, rng: rand.New(rand.NewPCG(o.Seed, 0x506c616e))}
}

// candidate is one first move with its score against passing opponents.
type candidate struct {
	m     nec.Move
	mover nec.PieceID
	score float64
}

// Order returns the planner's order for player on s; it passes only when no piece can move.
func (pl *Planner) Order(s nec.State, player int) (nec.Order, bool) {
	if s.End().Over || !s.Alive(player) {
		return nec.Order{}, false
	}
	// Phase 1: every single move, with the other players passing.
	var cands []candidate
	for _, pc := range s.Pieces() {
		if pc.Owner != player {
			continue
		}
		for _, m := range Moves(s, pc.ID, pl.o.Reach) {
			o := single(player, m)
			cands = append(cands, candidate{m: m, mover: pc.ID, score: pl.value(s, player, []nec.Order{o})})
		}
	}
	if len(cands) == 0 {
		return nec.Order{}, false
	}
	for i := range cands {
		cands[i].score += pl.rng.Float64() * 1e-6
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })

	// Phase 2: the best ones as full orders, against each other player's replies.
	replies := make([][]nec.Order, s.NumPlayers())
	for q := range replies {
		if q != player && s.Alive(q) {
			replies[q] = pl.replies(s, q, player)
		}
	}
	best, bestVal, first := nec.Order{}, 0.0, true
	for i := 0; i < len(cands) && i < pl.o.Width; i++ {
		for _, o := range variants(s, player, cands, i) {
			total := pl.against(s, player, o, replies)
			if first || total > bestVal {
				best, bestVal, first = o, total, false
			}
		}
	}
	return best, true
}

// against values order o of player against the replies of the other players: for each other
// player, the mean of the worst and the average outcome over its replies (passing included),
// the others passing; the differences to passing add up over the other players.
func (pl *Planner) against(s nec.State, player int, o nec.Order, replies [][]nec.Order) float64 {
	base := pl.value(s, player, []nec.Order{o})
	total := base
	for q, rs := range replies {
		if q == player || len(rs) == 0 {
			continue
		}
		worst, sum := base, base // the first reply is passing
		for _, r := range rs {
			v := pl.value(s, player, []nec.Order{o, r})
			worst = min(worst, v)
			sum += v
		}
		mean := sum / float64(len(rs)+1)
		total += (worst+mean)/2 - base
	}
	return total
}

// value resolves the orders on s and evaluates the result for player.
func (pl *Planner) value(s nec.State, player int, orders []nec.Order) float64 {
	t, _, err := s.Resolve(orders)
	if err != nil {
		return -wWin
	}
	return evaluate(t, player)
}

// replies lists the orders player q is likely to submit, as seen by me: its captures (of my
// pieces first, the most valuable first), and for each of its pieces that I attack, one move
// away. Passing is always considered besides these.
func (pl *Planner) replies(s nec.State, q, me int) []nec.Order {
	b := newBoard(s)
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
