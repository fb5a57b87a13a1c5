package search

import (
	"testing"

	"github.com/plyground/plyground/engine"
)

// techniqueSuite is a fixed set of positions (openings, middlegames with tactics, endgames)
// for measuring the search by nodes, which depend on nothing but the code.
var techniqueSuite = []string{
	engine.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1QBPPP/R3KB1R w KQ - 0 9",
	"2r3k1/pp3ppp/4p3/3n4/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
	// Sixteen positions of level 5's games against itself, the tuning data of 2026-11-29
	// (every 7,100th line of its labelled file from the 3,500th), mostly endgames. With the
	// eight above alone, one position's share of the nodes a technique saves swings by 40
	// points from one depth or evaluation to the next, and the sum with it.
	"r2qkbnr/ppp2p2/2n5/3pp2p/1PP2pbP/B2P1N2/P3P1P1/RN1QKB1R b KQkq - 0 8",
	"8/8/pp6/4k3/2K1n3/8/1P6/8 w - - 3 66",
	"8/p1k2p2/p1P4p/7P/8/4r3/P1R1N2r/3K4 b - - 2 45",
	"r3k1r1/pp1nb2p/8/2p2p2/2Ppp3/PP3P2/1BQPP1qN/2KR1R2 b q - 0 20",
	"8/R6p/6p1/4p1P1/5k2/3p4/4r1P1/5K2 b - - 7 50",
	"8/7k/5P2/4K1PP/1p1n4/8/P1p5/2N5 b - - 4 59",
	"8/8/p2pk3/1p3p2/2P2Kp1/PP1P4/8/8 b - - 0 57",
	"5k2/4p1p1/2bp1p2/5r2/6R1/3PB3/1r4PP/2R3K1 b - - 1 30",
	"8/1k3p1r/1Pp1p3/2p5/2P2K2/8/p1N5/8 b - - 1 43",
	"2k5/6p1/pp3p1p/2b1nP2/1Pr3PB/P1P3NP/3p3r/RK1R4 b - - 0 41",
	"rn1qkb1r/1p3ppp/p3p3/2Pp1n2/5P2/PP5N/2P1PKPP/RNBQ1B1R w kq - 0 8",
	"6k1/4pp2/5p1P/8/8/rp3N2/4K3/8 w - - 0 37",
	"3k4/2R3p1/1P4Pp/8/5K2/1r6/8/8 b - - 26 66",
	"8/8/8/6R1/8/5K2/7k/5n2 w - - 81 132",
	"8/5pk1/6pp/8/4rP2/6K1/2R5/8 w - - 4 54",
	"r1k2b1r/1b4pp/1pq1p1n1/1Npp4/P2P4/1P2N1Q1/1B3PPP/R1R3K1 w - - 3 22",
}

// suiteNodes returns the nodes of searching every suite position to depth with a fresh
// searcher, with the techniques off switched off.
func suiteNodes(t *testing.T, g Game[engine.Position, engine.Move], depth int, off Technique) int64 {
	t.Helper()
	var total int64
	for _, fen := range techniqueSuite {
		x := New(g, 18)
		r, err := x.Search(mustFEN(t, fen), Options{Budget: Budget{Depth: depth}, Disable: off})
		if err != nil {
			t.Fatal(err)
		}
		total += r.Nodes
	}
	return total
}

// TestTechniquesSaveNodes shows that the techniques together save most of the nodes to reach
// a depth on the suite, and the reductions and late move pruning each a large share. (The
// share of one technique alone varies by more than ten percent from one depth to the next,
// so TestTechniquesAreOn shows each at work instead.) The shares are measured over the
// searches to depths 10, 11 and 12 together, near the 12 or 13 plies level 5 reaches in its
// second: the reductions' share grows with the depth, since the pruning near the horizon
// leaves them less to do in a shallow search, and it swings from one depth to the next (with
// the evaluation orthodox chess plays, since 7a10ead: 21.2%, 13.1% and 18.1%
// at depths 10, 11 and 12, 17.1% over the three; late move pruning 29.8%, 16.7% and 22.9%,
// 22.4% over the three).
func TestTechniquesSaveNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the suite five times")
	}
	const depth = 8
	shareDepths := []int{10, 11, 12}
	all := suiteNodes(t, NewOrthodox(), depth, 0)
	none := suiteNodes(t, NewOrthodox(), depth, ^Technique(0))
	t.Logf("depth %d: %d nodes with every technique, %d with none", depth, all, none)
	if all*4 > none {
		t.Errorf("every technique together saves too little: %d nodes, %d without", all, none)
	}
	// nodes returns the nodes of the suite's searches to every depth of shareDepths.
	nodes := func(off Technique) int64 {
		var n int64
		for _, d := range shareDepths {
			n += suiteNodes(t, NewOrthodox(), d, off)
		}
		return n
	}
	with := nodes(0)
	for _, tc := range []Technique{Reductions, LateMovePruning} {
		without := nodes(tc)
		t.Logf("depths %v without %v: %d nodes, %d with", shareDepths, tc, without, with)
		if without*10 < with*12 {
			t.Errorf("%v saves less than a sixth of the nodes: %d with it, %d without", tc, with, without)
		}
	}
}

// TestTechniquesAreOn shows each technique at work in searches of the suite: what it counts
// (cutoffs, moves pruned or reduced, windows failed) is above zero with it and zero without.
func TestTechniquesAreOn(t *testing.T) {
	count := map[Technique]func(s searchStats) int64{
		NullMove:          func(s searchStats) int64 { return s.nullCuts },
		Futility:          func(s searchStats) int64 { return s.futile + s.rfpCuts },
		Razoring:          func(s searchStats) int64 { return s.razorCuts },
		LateMovePruning:   func(s searchStats) int64 { return s.lmpSkips },
		Reductions:        func(s searchStats) int64 { return s.reduced },
		Aspiration:        func(s searchStats) int64 { return s.aspirationFails },
		CounterMoves:      func(s searchStats) int64 { return s.counterCuts },
		InternalReduction: func(s searchStats) int64 { return s.internalReductions },
		QuiescenceTable:   func(s searchStats) int64 { return s.qttCuts },
		LazyQuiescence:    func(s searchStats) int64 { return s.lazyStands },
		ProbCut:           func(s searchStats) int64 { return s.probCuts },
		ExchangePruning:   func(s searchStats) int64 { return s.seePruned },
	}
	for tc, f := range count {
		var with, without int64
		for _, fen := range techniqueSuite {
			for _, off := range []Technique{0, tc} {
				x := New[engine.Position, engine.Move](NewOrthodox(), 16)
				if _, err := x.Search(mustFEN(t, fen), Options{Budget: Budget{Depth: 7}, Disable: off}); err != nil {
					t.Fatal(err)
				}
				if off == 0 {
					with += f(x.stats)
				} else {
					without += f(x.stats)
				}
			}
		}
		if with == 0 || without != 0 {
			t.Errorf("%v: counted %d times with it, %d without", tc, with, without)
		}
	}
}

// counting is orthodox chess that counts the evaluations.
type counting struct {
	*Orthodox
	evals int
}

func (c *counting) Evaluate(p engine.Position) int {
	c.evals++
	return c.Orthodox.Evaluate(p)
}

// TestEvalCacheSavesEvaluations shows that the table keeps static evaluations: fewer are
// computed for the same search (the nodes are the same).
func TestEvalCacheSavesEvaluations(t *testing.T) {
	with, without := &counting{Orthodox: NewOrthodox()}, &counting{Orthodox: NewOrthodox()}
	a := suiteNodes(t, with, 7, 0)
	b := suiteNodes(t, without, 7, EvalCache)
	if a != b {
		t.Errorf("the cache changed the search: %d nodes, %d without", a, b)
	}
	t.Logf("%d evaluations with the cache, %d without", with.evals, without.evals)
	if with.evals*10 > without.evals*9 {
		t.Errorf("the cache saves less than 10%% of the evaluations: %d, %d without", with.evals, without.evals)
	}
}

// mateSuite are positions with a forced mate, and its length in plies.
var mateSuite = []struct {
	fen   string
	plies int
}{
	{"r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1", 3},
	{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 3},
	{"1k5r/pP3ppp/3p2b1/1BN1n3/1Q2P3/P1B5/KP3P1P/7q w - - 1 1", 5},
	{"3r1r1k/1p3p1p/p2p4/4n1NN/6bQ/1BPq4/P3p1PP/1R5K w - - 0 1", 5},
	{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 5},
	{"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 3},
	{"r3k2r/ppp2Npp/1b5n/4p2b/2B1P2q/BQP2P2/P5PP/RN5K w kq - 1 1", 5},
}

// TestO1_PruningKeepsMates checks that the pruning does not hide forced mates (O1): the search
// with every technique finds each mate of the suite at its exact length (a quiet sacrifice,
// as in the sixth position, may need a few plies more than its length: the reductions and
// the pruning apply to the defence too).
func TestO1_PruningKeepsMates(t *testing.T) {
	for _, tc := range mateSuite {
		x := New[engine.Position, engine.Move](NewOrthodox(), 18)
		r, err := x.Search(mustFEN(t, tc.fen), Options{Budget: Budget{Depth: 12}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != Mate-tc.plies {
			t.Errorf("%s: score %d (%v), want mate in %d plies", tc.fen, r.Score, r.Action, tc.plies)
		}
	}
}

// TestCheckExtensionFindsMatesSooner shows the check extension: mates by a series of checks
// are found at a lower depth than without it.
func TestCheckExtensionFindsMatesSooner(t *testing.T) {
	found := func(p engine.Position, off Technique) int {
		for d := 1; d <= 12; d++ {
			x := New[engine.Position, engine.Move](NewOrthodox(), 16)
			r, err := x.Search(p, Options{Budget: Budget{Depth: d}, Disable: off})
			if err != nil {
				t.Fatal(err)
			}
			if r.Score >= MateBound {
				return d
			}
		}
		return 99
	}
	for _, fen := range []string{mateSuite[2].fen, mateSuite[3].fen} {
		p := mustFEN(t, fen)
		with, without := found(p, 0), found(p, CheckExtension)
		t.Logf("%s: mate found at depth %d, %d without the extension", fen, with, without)
		if with >= without {
			t.Errorf("%s: mate found at depth %d with the extension, %d without", fen, with, without)
		}
	}
}

// TestHistoryMalus checks the ordering statistics after a cutoff: the cutting quiet move
// gains history and becomes the killer and the counter move; the quiet moves tried before it
// lose history, unless the malus is off.
func TestHistoryMalus(t *testing.T) {
	for _, off := range []Technique{0, HistoryMalus} {
		x := New[engine.Position, engine.Move](NewOrthodox(), 10)
		x.off = off
		x.moveKey[3] = 77
		cut := Branch[engine.Move]{Action: engine.Move(5), Key: 100}
		x.cutoff(1, 3, 6, cut, []uint16{200, 300})
		if x.history[1][100] <= 0 || !x.hasKill[3][0] || x.killers[3][0] != cut.Action ||
			!x.hasCount[1][77] || x.counters[1][77] != cut.Action {
			t.Errorf("off %v: the cutting move is not rewarded", off)
		}
		failed := x.history[1][200] < 0 && x.history[1][300] < 0
		if failed != (off == 0) {
			t.Errorf("off %v: history of the failed moves %d %d", off, x.history[1][200], x.history[1][300])
		}
		if x.history[0][100] != 0 {
			t.Errorf("the other side's history changed")
		}
	}
}

// TestContinuationHistory checks the continuation history after a cutoff: the cutting quiet
// move gains score after the two actions before it (by their destination squares) and the
// quiet moves tried before it lose some, so that they order after it there; the ordering score
// adds the two entries to the history. Off, the tables stay empty and the score is the
// history alone.
func TestContinuationHistory(t *testing.T) {
	for _, off := range []Technique{0, ContinuationHistory} {
		x := New[engine.Position, engine.Move](NewOrthodox(), 10)
		x.off = off
		const ply = 3
		x.lastKey[ply-1], x.lastKey[ply], x.moveKey[ply] = 12<<6|28, 52<<6|36, 52<<6|36 // e2e4, then e7e5
		cut := Branch[engine.Move]{Action: engine.Move(5), Key: 6<<6 | 21}              // g1f3
		x.cutoff(0, ply, 6, cut, []uint16{1<<6 | 18, 11<<6 | 19})
		after1 := x.cont[0][0][36<<12|int(cut.Key)]
		after2 := x.cont[1][0][28<<12|int(cut.Key)]
		failed := x.cont[0][0][36<<12|(1<<6|18)]
		on := off == 0
		if (after1 > 0) != on || (after2 > 0) != on || (failed < 0) != on {
			t.Errorf("off %v: continuation entries %d %d, failed move %d", off, after1, after2, failed)
		}
		want := x.history[0][cut.Key] + int32(after1) + int32(after2)
		if got := x.quietScore(0, ply, cut.Key); got != want {
			t.Errorf("off %v: ordering score %d, want %d", off, got, want)
		}
		// Another destination before the node: the entries do not apply.
		x.lastKey[ply] = 52<<6 | 44
		if got := x.quietScore(0, ply, cut.Key); got != x.history[0][cut.Key]+int32(after2) {
			t.Errorf("off %v: after another move the score is %d", off, got)
		}
		if x.cont[0][1][36<<12|int(cut.Key)] != 0 {
			t.Errorf("off %v: the other side's continuation history changed", off)
		}
	}
}

// TestSingularExtension shows the singular extension at work on the suite searched to
// depth 10: table actions found singular (extended), some of them by two plies
// (DoubleExtension), or nodes cut because several actions beat beta; none without the
// technique, and no double extension without DoubleExtension. The suite's mates are found as
// fast (TestO1_PruningKeepsMates searches with both).
func TestSingularExtension(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the suite three times to depth 10")
	}
	for _, off := range []Technique{0, DoubleExtension, SingularExtension} {
		var singular, cuts, doubles int64
		for _, fen := range techniqueSuite[:8] {
			x := New[engine.Position, engine.Move](NewOrthodox(), 16)
			if _, err := x.Search(mustFEN(t, fen), Options{Budget: Budget{Depth: 10}, Disable: off}); err != nil {
				t.Fatal(err)
			}
			singular += x.stats.singular
			cuts += x.stats.multiCuts
			doubles += x.stats.doubles
		}
		t.Logf("off %v: %d singular actions, %d cuts, %d double extensions", off, singular, cuts, doubles)
		if (singular > 0 && cuts > 0) != (off != SingularExtension) || (doubles > 0) != (off == 0) {
			t.Errorf("off %v: %d singular actions, %d cuts, %d double extensions", off, singular, cuts, doubles)
		}
		if doubles > singular {
			t.Errorf("off %v: %d double extensions of %d singular actions", off, doubles, singular)
		}
	}
}

func TestParseTechniques(t *testing.T) {
	got, err := ParseTechniques("null, lmr,,qtt")
	if err != nil || got != NullMove|Reductions|QuiescenceTable {
		t.Errorf("ParseTechniques: %v, %v", got, err)
	}
	if got.String() != "null,lmr,qtt" {
		t.Errorf("String: %q", got.String())
	}
	if all, err := ParseTechniques("all"); err != nil || all&EvalCache == 0 {
		t.Errorf("all: %v %v", all, err)
	}
	if _, err := ParseTechniques("nul"); err == nil {
		t.Error("an unknown name is accepted")
	}
}

// TestTableBuckets checks the table's buckets (TableBuckets): two keys of one bucket are both
// kept, where a table of one slot per key keeps the last; a new key replaces the entry of an
// earlier search before a deeper one of this search, and the shallower of two of this search.
func TestTableBuckets(t *testing.T) {
	const k1, k2, k3 = 0x100, 0x101, 0x200100 // one bucket of two; k1 and k3 share a slot too
	for _, ways := range []int{1, 2} {
		tt := newTable[engine.Move](10)
		tt.setWays(ways)
		tt.store(k1, engine.Move(1), true, 10, 5, boundExact, noEval)
		tt.store(k3, engine.Move(2), true, 20, 5, boundExact, noEval)
		_, ok1 := tt.probe(k1)
		_, ok2 := tt.probe(k3)
		if ok1 != (ways == 2) || !ok2 {
			t.Errorf("%d ways: the first key kept %v, the second %v", ways, ok1, ok2)
		}
	}
	tt := newTable[engine.Move](10)
	tt.setWays(2)
	tt.store(k1, engine.Move(1), true, 10, 9, boundExact, noEval) // an earlier search, deep
	tt.gen++
	tt.store(k2, engine.Move(2), true, 20, 3, boundExact, noEval)
	tt.store(k3, engine.Move(3), true, 30, 1, boundExact, noEval)
	if _, ok := tt.probe(k1); ok {
		t.Error("the entry of an earlier search is kept before one of this search")
	}
	if _, ok := tt.probe(k2); !ok {
		t.Error("the deeper entry of this search is lost")
	}
	tt.store(k1, engine.Move(1), true, 10, 2, boundExact, noEval)
	if _, ok := tt.probe(k3); ok {
		t.Error("the shallower entry of this search is kept")
	}
	if e, ok := tt.probe(k1); !ok || e.action != engine.Move(1) {
		t.Error("the new entry is not stored")
	}
}
