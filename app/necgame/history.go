package necgame

import (
	"fmt"

	"github.com/plyground/plyground/variants/nec"
)

// checkpointEvery is how many updates apart the boards a history keeps are: any other board is
// replayed from the one kept before it, at most checkpointEvery-1 updates (a few milliseconds).
const checkpointEvery = 32

// cacheSize is how many replayed boards a history keeps for the screen (the boards of a page of
// the list of updates, the board looked back at).
const cacheSize = 48

// history is the updates of a game: every update's orders, their text and report, the start,
// the last board, and the board after every checkpointEvery-th update. It does not keep every
// board (a long game would fill the memory): Board replays the others on demand and keeps the
// latest few.
//
// Histories only grow: a copy (snapshot) shares the slices, capped, so that neither side sees
// the other's later updates.
type history struct {
	start, last nec.State
	orders      [][]nec.Order // orders[k] are the orders of update k+1
	texts       [][]string    // texts[k][p] is player p's order of update k+1 as written on its board ("" none)
	reports     []nec.Report  // reports[k] resolved update k+1
	marks       []nec.State   // marks[i] is the board after i*checkpointEvery updates

	cache [cacheSize]cached
	used  uint64
}

// cached is one replayed board of the cache.
type cached struct {
	k    int // the board after k updates (0: an empty slot)
	s    nec.State
	used uint64
}

func newHistory(start nec.State) *history {
	return &history{start: start, last: start, marks: []nec.State{start}}
}

// len returns the number of updates.
func (h *history) len() int { return len(h.reports) }

// play resolves orders on the last board and adds the update.
func (h *history) play(orders []nec.Order) error {
	next, rep, err := h.last.Resolve(orders)
	if err != nil {
		return err
	}
	h.add(orders, next, rep)
	return nil
}

// add adds an update resolved on the last board: its orders, the board that followed and the
// report.
func (h *history) add(orders []nec.Order, next nec.State, rep nec.Report) {
	texts := make([]string, h.last.NumPlayers())
	for _, o := range orders {
		if o.Player >= 0 && o.Player < len(texts) {
			texts[o.Player] = h.last.FormatOrder(o)
		}
	}
	h.orders = append(h.orders, append([]nec.Order(nil), orders...))
	h.texts = append(h.texts, texts)
	h.reports = append(h.reports, rep)
	h.last = next
	if h.len()%checkpointEvery == 0 {
		h.marks = append(h.marks, next)
	}
}

// snapshot returns a copy of the history that the original's later updates do not change.
func (h *history) snapshot() *history {
	return &history{
		start: h.start, last: h.last,
		orders:  h.orders[:len(h.orders):len(h.orders)],
		texts:   h.texts[:len(h.texts):len(h.texts)],
		reports: h.reports[:len(h.reports):len(h.reports)],
		marks:   h.marks[:len(h.marks):len(h.marks)],
	}
}

// board returns the board after k updates (0 to len()).
func (h *history) board(k int) (nec.State, error) {
	n := h.len()
	switch {
	case k < 0 || k > n:
		return nec.State{}, fmt.Errorf("no board after %d updates (the game has %d)", k, n)
	case k == n:
		return h.last, nil
	case k%checkpointEvery == 0:
		return h.marks[k/checkpointEvery], nil
	}
	h.used++
	from, s := k/checkpointEvery*checkpointEvery, h.marks[k/checkpointEvery]
	for i := range h.cache {
		c := &h.cache[i]
		if c.k == k {
			c.used = h.used
			return c.s, nil
		}
		if c.k > from && c.k < k {
			from, s = c.k, c.s
		}
	}
	for j := from; j < k; j++ {
		next, _, err := s.Resolve(h.orders[j])
		if err != nil { // cannot happen: the update resolved once
			return nec.State{}, fmt.Errorf("replaying update %d: %w", j+1, err)
		}
		s = next
		h.keep(j+1, s)
	}
	return s, nil
}

// keep puts the board after k updates in the cache, in place of the least recently used.
func (h *history) keep(k int, s nec.State) {
	old := 0
	for i := range h.cache {
		if h.cache[i].k == 0 {
			old = i
			break
		}
		if h.cache[i].used < h.cache[old].used {
			old = i
		}
	}
	h.cache[old] = cached{k: k, s: s, used: h.used}
}
