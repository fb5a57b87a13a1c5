package search

import "math"

// Transposition table: a key has a bucket of one slot, or two with TableBuckets; a new
// result replaces the bucket's entry least worth keeping unless that one is much deeper and
// of this search.

const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

type entry[A comparable] struct {
	key     uint64
	action  A
	score   int32
	eval    int16 // the static evaluation (hasEval)
	depth   int8  // -1: a quiescence search result
	bound   uint8
	gen     uint8
	filled  bool
	hasMove bool
	hasEval bool
}

// noEval marks an unknown static evaluation (a side in check has none).
const noEval = -Inf - 1

type table[A comparable] struct {
	slots []entry[A]
	mask  uint64
	gen   uint8
	ways  int // the slots of a bucket (setWays)
}

func newTable[A comparable](bits int) table[A] {
	if bits < 10 {
		bits = 10
	}
	if bits > 26 {
		bits = 26
	}
	n := 1 << bits
	return table[A]{slots: make([]entry[A], n), mask: uint64(n - 1), ways: 1}
}

func (t *table[A]) probe(key uint64) (entry[A], bool) {
	i := t.base(key)
	for w := range t.ways {
		if e := t.slots[i+w]; e.filled && e.key == key {
			return e, true
		}
	}
	return entry[A]{}, false
}

// base returns the index of the first slot of key's bucket.
func (t *table[A]) base(key uint64) int { return int(key & t.mask &^ uint64(t.ways-1)) }

// setWays sets the slots a key may take: 1 (its own slot) or 2 (a bucket of two, for
// TableBuckets). A change clears the table: an entry stored under one layout may sit where
// the other does not look.
func (t *table[A]) setWays(n int) {
	if n != t.ways {
		clear(t.slots)
	}
	t.ways = n
}

// store records a search result; eval is the node's static evaluation (noEval: unknown).
// A key already in its bucket is updated in place; otherwise the new entry replaces the
// bucket's least worth keeping (an empty slot, then one from an earlier search, then the
// shallowest), unless even that one is from this search and more than two plies deeper.
func (t *table[A]) store(key uint64, a A, hasMove bool, score, depth int, bound uint8, eval int) {
	i := t.base(key)
	var e *entry[A]
	for w := range t.ways {
		if s := &t.slots[i+w]; s.filled && s.key == key {
			e = s
			break
		}
	}
	if e != nil {
		if eval == noEval && e.hasEval {
			eval = int(e.eval)
		}
		if depth < int(e.depth) && (bound != boundExact || depth < 0) && e.gen == t.gen {
			if eval != noEval && !e.hasEval {
				e.eval, e.hasEval = int16(eval), true
			}
			return
		}
		if !hasMove && e.hasMove {
			a, hasMove = e.action, true // keep the best action of an earlier search
		}
	} else {
		e = &t.slots[i]
		for w := 1; w < t.ways; w++ {
			if s := &t.slots[i+w]; t.worth(s) < t.worth(e) {
				e = s
			}
		}
		if e.filled && e.gen == t.gen && int(e.depth) > depth+2 {
			return
		}
	}
	hasEval := eval != noEval && eval >= math.MinInt16 && eval <= math.MaxInt16
	if !hasEval {
		eval = 0
	}
	*e = entry[A]{key: key, action: a, score: int32(score), eval: int16(eval), depth: int8(depth),
		bound: bound, gen: t.gen, filled: true, hasMove: hasMove, hasEval: hasEval}
}

// worth ranks the entries of a bucket for keeping: an empty slot is worth least, an entry of
// an earlier search less than any of this one, then the deeper the better.
func (t *table[A]) worth(e *entry[A]) int {
	switch {
	case !e.filled:
		return -1 << 10
	case e.gen != t.gen:
		return int(e.depth) - 256
	}
	return int(e.depth)
}

// toTable converts a score at distance ply from the root to the form the table keeps (mate
// scores counted from the node), and fromTable back.
func toTable(score, ply int) int {
	switch {
	case score >= MateBound:
		return score + ply
	case score <= -MateBound:
		return score - ply
	}
	return score
}

func fromTable(score, ply int) int {
	switch {
	case score >= MateBound:
		return score - ply
	case score <= -MateBound:
		return score + ply
	}
	return score
}
