package search

import (
	"fmt"
	"math"
	"strings"
)

// Technique is a set of the search's optional techniques. Options.Disable switches some off,
// so that a match or a node count can measure what each one is worth; a search plays
// correctly (if weaker or slower) with any of them off.
type Technique uint32

// The techniques.
const (
	// NullMove: let the opponent move twice (Passer games only); a side still above beta
	// after that cuts the node.
	NullMove Technique = 1 << iota
	// Reductions: late moves, quiet or losing, are searched less deep (by a logarithmic
	// table, less for moves with a good history, at PV nodes, for killers and counter
	// moves), and searched again at full depth when they beat alpha.
	Reductions
	// LateMovePruning: near the horizon, after enough quiet moves have been tried, the
	// remaining quiet moves (not checks) are skipped.
	LateMovePruning
	// Futility: a node whose evaluation is far above beta near the horizon returns it
	// (reverse futility), and a quiet move that cannot bring the evaluation up to alpha is
	// skipped.
	Futility
	// Razoring: a node whose evaluation is far below alpha near the horizon is decided by the
	// quiescence search.
	Razoring
	// Aspiration: iterations search the root with a narrow window around the last score,
	// widened when the score falls outside.
	Aspiration
	// CounterMoves: the quiet move that refuted the opponent's last move elsewhere is tried
	// right after the killers.
	CounterMoves
	// HistoryMalus: the quiet moves tried before a cutoff lose history score (without it
	// only the cutting move gains).
	HistoryMalus
	// InternalReduction: a node without a table action is searched one ply less deep.
	InternalReduction
	// QuiescenceTable: the quiescence search reads and writes the transposition table.
	QuiescenceTable
	// CheckExtension: a side in check is searched one ply deeper.
	CheckExtension
	// EvalCache: the static evaluation is kept in the transposition table.
	EvalCache
	// ChanceProbe: a chance node first probes each outcome (each unit, in the search by
	// class) with its first action only (Star2): the probes bound the outcomes from below,
	// which may already decide the average (a cut), and tighten the windows of the full
	// searches that follow.
	ChanceProbe
	// ChanceKillers: the best quiet action of an outcome of a chance node, when exact,
	// becomes a killer for the other outcomes (without it only cutoffs make killers).
	ChanceKillers
	// LazyQuiescence: in a Quiescer game, the quiescence search stands pat before listing
	// any action, and lists the noisy ones alone (Quiescer.Noisy).
	LazyQuiescence
	// LateIteration: a new iteration may begin until 70% of a timed search's time is spent
	// instead of half, or until the deadline when the time is the turn's alone
	// (Budget.Fixed); the one cut short at the deadline still counts for the root actions it
	// finished, the best one first.
	LateIteration
	// ProbCut: in a Quiescer game, a node not in check on the last ply of a turn, at
	// depth 5 or more, is cut when one of its noisy actions, searched 4 plies less deep,
	// beats beta by a margin.
	ProbCut
	// ExchangePruning: near the horizon, on the last ply of a turn, a late quiet move or
	// losing capture that loses material by the exchange evaluation (Exchanger) is skipped.
	ExchangePruning
	// QuiescenceRolls: the quiescence search averages the outcomes of one chance node (a
	// roll), each searched for its captures; without it a chance node at the horizon is
	// evaluated statically.
	QuiescenceRolls
	// TableBuckets: the transposition table keeps each key in a bucket of two slots, and a
	// new entry replaces the one of the two least worth keeping (from an earlier search, or
	// the shallower), instead of each key having one slot.
	TableBuckets
	// ChanceClasses: in a Classed game, a chance node searches each class of actions once
	// (the moves of one piece type, in dice chess) and values each outcome as the best of
	// the classes it allows, instead of searching each outcome's actions (classChance).
	ChanceClasses
	// ContinuationHistory: quiet actions are also ordered (and reduced) by how they fared
	// after the same action one and two plies before (its destination and theirs), not only
	// by their history alone.
	ContinuationHistory
	// SingularExtension: at depth 8 or more, the table's action is searched one ply deeper
	// when a search half as deep of the other actions stays below the table's score by a
	// margin; when they beat beta even so, the node cuts.
	SingularExtension
	// DoubleExtension: off the principal variation, a singular action whose alternatives all
	// stay below the singular search's bound by doubleMargin more is searched two plies
	// deeper instead of one, at most maxDoubleExts times on a path (with SingularExtension on).
	DoubleExtension
)

var techniqueNames = []struct {
	name string
	t    Technique
}{
	{"null", NullMove},
	{"lmr", Reductions},
	{"lmp", LateMovePruning},
	{"futility", Futility},
	{"razor", Razoring},
	{"aspiration", Aspiration},
	{"counter", CounterMoves},
	{"malus", HistoryMalus},
	{"iir", InternalReduction},
	{"qtt", QuiescenceTable},
	{"check", CheckExtension},
	{"evalcache", EvalCache},
	{"probe", ChanceProbe},
	{"chancekillers", ChanceKillers},
	{"lazyq", LazyQuiescence},
	{"lateiter", LateIteration},
	{"probcut", ProbCut},
	{"seeprune", ExchangePruning},
	{"qroll", QuiescenceRolls},
	{"buckets", TableBuckets},
	{"classes", ChanceClasses},
	{"cont", ContinuationHistory},
	{"singular", SingularExtension},
	{"double", DoubleExtension},
}

// String returns the short names of the techniques in t, joined by commas.
func (t Technique) String() string {
	var names []string
	for _, n := range techniqueNames {
		if t&n.t != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// ParseTechniques reads a comma-separated list of technique names (null, lmr, lmp, futility,
// razor, aspiration, counter, malus, iir, qtt, check, evalcache, probe,
// chancekillers, lazyq, lateiter, probcut, seeprune, qroll, buckets, classes, cont, singular,
// double, or all).
func ParseTechniques(s string) (Technique, error) {
	var t Technique
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if f == "all" {
			t |= ^Technique(0)
			continue
		}
		found := false
		for _, n := range techniqueNames {
			if n.name == f {
				t |= n.t
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown search technique %q", f)
		}
	}
	return t, nil
}

// lmrTable[d][n] is the reduction of the n-th move searched at remaining depth d.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int8(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
}
