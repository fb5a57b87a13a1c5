package search

import (
	"math/bits"
	"testing"
)

// classy is a synthetic dice game for the search by class (ChanceClasses): turns alternate
// between the sides, each a roll (a chance node) followed by one move. The six moves fall
// in three classes of two (class a/2 for move a), and each roll allows the moves of some
// classes: rolls 0 to 3 (weights 1, 2, 3 and 2) allow classes {0}, {1}, {0, 2} and every
// class, and roll 4 (weight 1) allows none, so its side passes (move 6). As in dice chess,
// the state after a move does not depend on the roll. The evaluation is a hash of the
// state within ±20, as in dicey, so that the search is exact with the techniques off, plus 3
// for each class the roll allows (so that, as in dice chess, a roll stands pat at least as
// high as each of its classes alone). The even moves are noisy.
type classy struct{}

// classyState is a state of classy: its hash, its level (odd levels are rolls) and, after
// a roll, the classes it allows (bit c for class c; bit 7 set for the one-class units).
type classyState struct {
	h     uint64
	level int
	roll  uint8
}

// classyRolls are the classes each roll allows, by roll.
var classyRolls = [5]uint8{1, 2, 5, 7, 0}

func (classy) Side(s classyState) int { return (s.level + 1) / 2 % 2 }
func (classy) Key(s classyState) uint64 {
	return s.h ^ uint64(s.level)<<56 ^ uint64(s.roll)*0x51afd7ed558ccd
}
func (classy) Do(s classyState, a int) classyState {
	switch {
	case s.level%2 == 1 && a >= 10: // a unit: one class alone
		return classyState{h: s.h, level: s.level + 1, roll: 1<<(a-10) | 1<<7}
	case s.level%2 == 1:
		return classyState{h: s.h, level: s.level + 1, roll: classyRolls[a]}
	}
	h := (s.h ^ uint64(a+1)) * 0x9e3779b97f4a7c15
	return classyState{h: h ^ h>>29, level: s.level + 1}
}
func (classy) Evaluate(s classyState) int {
	return int(s.h>>40%41) - 20 + 3*bits.OnesCount8(s.roll&7)
}
func (c classy) Expand(s classyState, buf []Branch[int]) (Node, []Branch[int]) {
	if s.level%2 == 1 {
		for r, w := range []int32{1, 2, 3, 2, 1} {
			buf = append(buf, Branch[int]{Action: r, Weight: w})
		}
		return Node{Kind: Chance, Side: c.Side(s), TurnStart: true}, buf
	}
	n := len(buf)
	for a := 0; a < 6; a++ {
		if s.roll&(1<<(a/2)) != 0 {
			buf = append(buf, Branch[int]{Action: a, Key: uint16(a), Noisy: a%2 == 0})
		}
	}
	if len(buf) == n {
		buf = append(buf, Branch[int]{Action: 6, Key: 6})
	}
	return Node{Kind: Decision, Side: c.Side(s), PliesLeft: 1}, buf
}

// Classes gives a unit for each class (action 10+c) and the pass roll as a unit of its own,
// and the evaluation after each roll as its floor.
func (c classy) Classes(s classyState, outcomes []Branch[int], masks []uint8, units []int, floors []int) (int, bool) {
	for c := range 3 {
		units[c] = 10 + c
	}
	units[3] = 4
	for i, b := range outcomes {
		masks[i] = classyRolls[b.Action]
		if masks[i] == 0 {
			masks[i] = 1 << 3
		}
		if floors != nil {
			floors[i] = c.Evaluate(c.Do(s, b.Action))
		}
	}
	return 4, true
}

// TestChanceClassesExact checks the search by class at chance nodes (ChanceClasses): with
// every other technique off, the root scores of an expectimax search to depth 3 are the same
// as when each roll is searched alone, and the class units were searched.
func TestChanceClassesExact(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		root := classyState{h: seed * 0x2545f4914f6cdd1d}
		if n := checkTechniqueExact(t, classy{}, root, ChanceClasses, 0, "chance nodes split by class", func(x *Searcher[classyState, int]) int64 { return x.stats.classSplits }); n == 0 {
			t.Errorf("root %v: no chance node split by class", root)
		}
	}
}

// TestChanceClassesProbeExact checks the Star2 probes of the search by class (ChanceProbe
// with ChanceClasses): the root scores to depth 3 are the same with and without them, and
// the probes cut (at some roots: they also tighten the windows, which no count shows).
func TestChanceClassesProbeExact(t *testing.T) {
	var cuts int64
	for seed := uint64(1); seed <= 20; seed++ {
		root := classyState{h: seed * 0x2545f4914f6cdd1d}
		cuts += checkTechniqueExact(t, classy{}, root, ChanceProbe, ChanceClasses, "probe cuts", func(x *Searcher[classyState, int]) int64 { return x.stats.probeCuts })
	}
	if cuts == 0 {
		t.Error("no probe cuts at any root")
	}
}

// TestChanceClassesWindow checks the windows of the search by class (ChanceClasses) at a
// chance node of classy, searched to depth 2 and by the quiescence search (depth 0, where
// the outcomes stand pat) with every other technique off, in windows
// near its value: a value at or below the window's floor gives at most the floor, at or
// above its ceiling at least the ceiling, and inside it the value itself (from a search by
// roll with a full window). The same holds by roll, as a check of the check.
func TestChanceClassesWindow(t *testing.T) {
	for _, c := range []struct {
		classes, probe bool
		depth          int
	}{{true, false, 2}, {true, true, 2}, {true, false, 0}, {false, false, 2}, {false, true, 2}, {false, false, 0}} {
		classes, depth := c.classes, c.depth
		off := ^Technique(0)
		if classes {
			off &^= ChanceClasses
		}
		if c.probe {
			off &^= ChanceProbe
		}
		if depth == 0 {
			off &^= QuiescenceRolls
		}
		for seed := uint64(1); seed <= 40; seed++ {
			root := classyState{h: seed * 0x2545f4914f6cdd1d}
			chance := classy{}.Do(root, 0)
			exact := searchAt(t, chance, depth, off|ChanceClasses, -Inf, Inf)
			for i := range 30 {
				h := seed*31 + uint64(i)
				a := exact - 12 + int(h*0x9e3779b97f4a7c15>>59) // exact-12 .. exact+19
				b := a + 1 + int(h*0xbf58476d1ce4e5b9>>60)      // 1 to 16 wider
				v := searchAt(t, chance, depth, off, a, b)
				if (exact <= a && v > a) || (exact >= b && v < b) || (exact > a && exact < b && v != exact) {
					t.Errorf("classes %v, probes %v, depth %d, seed %d: value %d in window (%d, %d), %d in a full window",
						classes, c.probe, depth, seed, v, a, b, exact)
				}
			}
		}
	}
}

// searchAt returns the value of the classy chance node s searched to the depth in the
// window (a, b) with the techniques off off, by a new Searcher.
func searchAt(t *testing.T, s classyState, depth int, off Technique, a, b int) int {
	t.Helper()
	x := New[classyState, int](classy{}, 10)
	if _, err := x.Search(classyState{h: s.h, level: s.level - 1}, Options{Budget: Budget{Depth: 1}, Disable: off}); err != nil {
		t.Fatal(err)
	}
	return x.search(s, depth, a, b, 1, false)
}

// TestUnitSumFirst checks unitSum.first, which solves the Star1 windows of the search by
// class, against a scan of every value: over random sums (weights 1 or 2, other values and
// thresholds around the range), the first value above the threshold is the same.
func TestUnitSumFirst(t *testing.T) {
	r := uint64(0x9e3779b97f4a7c15)
	next := func(n int) int {
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(n))
	}
	for trial := range 3000 {
		lo := -40 + next(30)
		hi := lo + next(60)
		var f unitSum
		f.n = next(maxOutcomes + 1)
		for i := range f.n {
			f.w[i] = 1 + next(2)
			f.other[i] = lo - 5 + next(hi-lo+11)
		}
		f.fixed = next(200) - 100
		for range 10 {
			th := f.at(lo) - 50 + next(f.at(hi)-f.at(lo)+100)
			want := hi + 1
			for v := lo; v <= hi; v++ {
				if f.at(v) > th {
					want = v
					break
				}
			}
			if got := f.first(th, lo, hi); got != want {
				t.Fatalf("trial %d: sum %+v on %d..%d above %d: first %d, want %d", trial, f, lo, hi, th, got, want)
			}
		}
	}
}
