package search

import "math"

// Transposition table: one entry per slot, replaced when the new result is deeper or the old
// one is from an earlier search.

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
}

func newTable[A comparable](bits int) table[A] {
	if bits < 10 {
		bits = 10
	}
	if bits > 26 {
		bits = 26
	}
	n := 1 << bits
	return table[A]{slots: make([]entry[A], n), mask: uint64(n - 1)}
}

func (t *table[A]) probe(key uint64) (entry[A], bool) {
	e := t.slots[key&t.mask]
	if e.filled && e.key == key {
		return e, true
	}
	return entry[A]{}, false
}

// store records a search result; eval is the node's static evaluation (noEval: unknown).
func (t *table[A]) store(key uint64, a A, hasMove bool, score, depth int, bound uint8, eval int) {
	e := &t.slots[key&t.mask]
	if e.filled && e.key == key {
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
	} else if e.filled && e.gen == t.gen && int(e.depth) > depth+2 {
		return
	}
	hasEval := eval != noEval && eval >= math.MinInt16 && eval <= math.MaxInt16
	if !hasEval {
		eval = 0
	}
	*e = entry[A]{key: key, action: a, score: int32(score), eval: int16(eval), depth: int8(depth),
		bound: bound, gen: t.gen, filled: true, hasMove: hasMove, hasEval: hasEval}
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
