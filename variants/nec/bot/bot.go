package bot

import (
	"fmt"
	"math/rand/v2"

	"github.com/plyground/plyground/variants/nec"
)

// Strategy chooses a player's order for the next update.
type Strategy interface {
	// Order returns the order of player for the next update of s, or ok false to pass. The
	// order is valid on s (nec.State.Validate accepts it).
	Order(s nec.State, player int) (o nec.Order, ok bool)
}

// Random is the random-order bot: it moves a random piece (among those that can move) to a
// random one of its targets (Moves within Reach), without fallbacks.
type Random struct {
	rng *rand.Rand
	// Reach bounds how far along a ray it moves (DefaultReach when 0).
	Reach int64
}

// NewRandom returns a random-order bot whose choices follow from seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x52616e646f6d))}
}

// Order picks a random legal move of player; it passes only when no piece can move.
func (r *Random) Order(s nec.State, player int) (nec.Order, bool) {
	var all []nec.Move
	var from []int // all[from[i]:from[i+1]] are the moves of one piece
	for _, pc := range s.Pieces() {
		if pc.Owner != player {
			continue
		}
		ms := Moves(s, pc.ID, r.Reach)
		if len(ms) > 0 {
			from = append(from, len(all))
			all = append(all, ms...)
		}
	}
	if len(from) == 0 {
		return nec.Order{}, false
	}
	from = append(from, len(all))
	i := r.rng.IntN(len(from) - 1)
	ms := all[from[i]:from[i+1]]
	return single(player, ms[r.rng.IntN(len(ms))]), true
}

// Pass is a strategy that never submits an order.
type Pass struct{}

// Order passes.
func (Pass) Order(nec.State, int) (nec.Order, bool) { return nec.Order{}, false }

// Game is the end of a game played by Match.
type Game struct {
	// Final is the state after the last update.
	Final nec.State
	// Orders holds, for each update, the orders submitted (one per player that did not pass).
	Orders [][]nec.Order
	// Rejected counts the orders the engine rejected (a bug in a strategy: it should be 0).
	Rejected int
}

// Match plays a game from start, one strategy per player, until the game ends (nec.State.End)
// or maxUpdates updates have been resolved (0: no bound besides the game's own limits). A
// strategy's invalid order is rejected by the engine and counted in Game.Rejected.
func Match(start nec.State, seats []Strategy, maxUpdates int) (Game, error) {
	if len(seats) != start.NumPlayers() {
		return Game{}, fmt.Errorf("match: %d strategies for %d players", len(seats), start.NumPlayers())
	}
	g := Game{Final: start}
	for u := 0; !g.Final.End().Over && (maxUpdates <= 0 || u < maxUpdates); u++ {
		var orders []nec.Order
		for p, st := range seats {
			if !g.Final.Alive(p) {
				continue
			}
			if o, ok := st.Order(g.Final, p); ok {
				orders = append(orders, o)
			}
		}
		next, rep, err := g.Final.Resolve(orders)
		if err != nil {
			return g, fmt.Errorf("match: update %d: %w", u+1, err)
		}
		g.Rejected += len(rep.Rejected)
		g.Orders = append(g.Orders, orders)
		g.Final = next
	}
	return g, nil
}
