package search

import (
	"cmp"
	"math/bits"
	"slices"
)

// Classed is a Game whose chance nodes may be searched class by class (dice chess): each
// outcome of such a node allows the actions of one or more classes (the piece types its
// dice show), so the outcome is worth the best of those classes, and a search of each class
// alone stands for every outcome that allows it (ChanceClasses). A chance node of n outcomes
// whose classes partition the actions then searches each action under one class, instead of
// once for each outcome that allows it.
type Classed[S any, A comparable] interface {
	// Classes fills units with the actions that lead from the chance node s to a decision
	// among one class's actions (or to an outcome that is a unit of its own, such as a
	// roll that allows no action but the pass), at most len(units), and masks[i] with the
	// units whose best value outcome i of outcomes is worth (bit u for units[u]). In the
	// quiescence search floors is not nil, and Classes sets floors[i] to the static value
	// that outcome i's decision stands pat on (-Inf when it does not, in check), for the
	// side to move there: the outcome is worth the best of its floor and its units, so the
	// floor must be at least each unit's own stand pat. It returns the number of units, and
	// false when s cannot be searched so; then its outcomes are searched one by one.
	Classes(s S, outcomes []Branch[A], masks []uint8, units []A, floors []int) (int, bool)
}

// maxUnits is the most units Classed.Classes may give (the width of its masks), and
// maxOutcomes the most outcomes of a chance node searched by class.
const (
	maxUnits    = 8
	maxOutcomes = 24
)

// classChance is chance for a Classed game: it searches the units of s (Classed.Classes)
// with Star1 windows on the weighted sum of the outcomes' values, each outcome worth the
// best of its units, after Star2 probes of the units (ChanceProbe) when not quiet. a and bt
// are the node's window, already within the chance bound. It reports false when the game
// cannot split s.
func (x *Searcher[S, A]) classChance(s S, node Node, outcomes []Branch[A], total, depth, a, bt, ply int, quiet bool) (int, bool) {
	var masks [maxOutcomes]uint8
	var units [maxUnits]A
	if len(outcomes) > len(masks) {
		return 0, false
	}
	var floors [maxOutcomes]int
	var fl []int
	if quiet {
		fl = floors[:len(outcomes)]
	}
	n, ok := x.classed.Classes(s, outcomes, masks[:len(outcomes)], units[:], fl)
	if !ok || n <= 0 || n > maxUnits {
		return 0, false
	}
	for _, m := range masks[:len(outcomes)] {
		if m == 0 || m>>n != 0 {
			return 0, false
		}
	}
	x.stats.classSplits++
	lo, hi := -x.bound, x.bound
	// In the quiescence search an outcome is worth at least what its decision stands pat on.
	for i := range outcomes {
		if quiet {
			floors[i] = max(lo, min(hi, floors[i]))
		} else {
			floors[i] = lo // no floor: every unit's value is at least lo
		}
	}
	var vlo, vhi [maxUnits]int // bounds of each unit's value
	for u := range n {
		vlo[u], vhi[u] = lo, hi
	}
	masks2 := masks[:len(outcomes)]
	// Star2 (ChanceProbe): each unit's first action bounds the unit from below. The bounds
	// may decide a fail high at once, and otherwise stand for the units not searched yet.
	// The first unit's fail-high test below reads the sum at every lower bound.
	probed := !quiet && depth >= 1 && x.on(ChanceProbe)
	if probed {
		for u := range n {
			vlo[u] = max(lo, min(hi, x.probe(s, node, units[u], depth, ply)))
			if x.lim.stopped {
				return 0, true
			}
		}
	}
	for u := range n {
		// The unit's value v decides a fail low when the outcomes' sum at the units' upper
		// bounds, with v for this unit, is at most a*total; a fail high when the sum at the
		// lower bounds is at least bt*total. Both sums grow with v. The unit's own lower
		// bound (its probe, or lo) may already decide the fail high.
		up := newUnitSum(outcomes, masks2, &floors, &vhi, u)
		down := newUnitSum(outcomes, masks2, &floors, &vlo, u)
		if up.at(hi) <= a*total {
			return a, true
		}
		if down.at(vlo[u]) >= bt*total {
			if probed {
				x.stats.probeCuts++ // the probes' bounds are in the sum
			}
			return bt, true
		}
		// ca: the largest v that fails low (lo when none does); cb: the smallest v that
		// fails high (hi when none does).
		ca := max(lo, up.first(a*total, lo, hi)-1)
		cb := min(hi, down.first(bt*total-1, lo, hi))
		v := x.outcome(s, node, units[u], depth, ca, cb, ply, quiet)
		if x.lim.stopped {
			return 0, true
		}
		v = max(lo, min(hi, v))
		if v <= ca && ca > lo {
			return a, true
		}
		if v >= cb && cb < hi {
			return bt, true
		}
		vlo[u], vhi[u] = v, v
	}
	exact := newUnitSum(outcomes, masks2, &floors, &vlo, -1)
	return exact.fixed / total, true
}

// unitSum is the weighted sum over the outcomes of a chance node of the best value of their
// units, as a function of the value of one unit (the others fixed).
type unitSum struct {
	fixed int              // the sum over the outcomes without the unit
	n     int              // the outcomes with the unit
	w     [maxOutcomes]int // their weights
	other [maxOutcomes]int // the best of their floor and their other units
}

// newUnitSum returns the sum with unit u free and the others valued as in vals (u = -1: none
// free), each outcome worth at least its floor.
func newUnitSum[A comparable](outcomes []Branch[A], masks []uint8, floors *[maxOutcomes]int, vals *[maxUnits]int, u int) unitSum {
	var f unitSum
	var free uint8
	if u >= 0 {
		free = 1 << u
	}
	for i, b := range outcomes {
		best := floors[i]
		for m := masks[i] &^ free; m != 0; m &= m - 1 {
			best = max(best, vals[bits.TrailingZeros8(m)])
		}
		if masks[i]&free != 0 {
			f.w[f.n], f.other[f.n] = int(b.Weight), best
			f.n++
		} else {
			f.fixed += int(b.Weight) * best
		}
	}
	return f
}

// first returns the smallest v in lo..hi at which the sum exceeds t (hi+1 when none does).
// The sum is piecewise linear in v, with a bend at each outcome's other value, so it is
// solved segment by segment, one pass over the outcomes sorted, instead of bisected: a
// chance node solves two thresholds for each of its units, and a bisection of the score
// range (up to 8,001 values) evaluated the whole sum about 13 times for each.
func (f *unitSum) first(t, lo, hi int) int {
	// The outcomes by their other value, ascending.
	type outcome struct{ o, w int }
	var byValue [maxOutcomes]outcome
	n := f.n
	for i := range n {
		byValue[i] = outcome{f.other[i], f.w[i]}
	}
	sorted := byValue[:n]
	slices.SortFunc(sorted, func(a, b outcome) int { return cmp.Compare(a.o, b.o) })
	// At v the sum is c + slope*v: slope holds the weights of the outcomes whose other
	// value is at most v (they are worth v), c the rest at their other value.
	c, slope := f.fixed, 0
	for _, x := range sorted {
		c += x.w * x.o
	}
	k := 0
	for s := lo; s <= hi; {
		for ; k < n && sorted[k].o <= s; k++ {
			slope += sorted[k].w
			c -= sorted[k].w * sorted[k].o
		}
		end := hi + 1 // the segment is s..end-1
		if k < n {
			end = min(end, sorted[k].o)
		}
		if slope == 0 {
			if c > t {
				return s
			}
		} else if v := max(s, floorDiv(t-c, slope)+1); v < end {
			return v
		}
		s = end
	}
	return hi + 1
}

// at returns the sum with the free unit valued v.
func (f *unitSum) at(v int) int {
	sum := f.fixed
	for i := range f.n {
		sum += f.w[i] * max(v, f.other[i])
	}
	return sum
}
