package search

import (
	"fmt"
	"testing"

	"github.com/plyground/plyground/engine"
)

// TestD4_KingExposure checks the count behind the dice-chess king-exposure term (D3, D4): the
// piece types of the opponent that can give check with their next ply, and the piece types
// that could answer such a check (a king with a safe flight square, a piece attacking the
// square the checker lands on). Counted by hand for each position.
func TestD4_KingExposure(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		white Exposure // the white king's exposure to Black's checks
		black Exposure
	}{
		{"bare kings", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Exposure{}, Exposure{}},
		// The queen checks on d1; the king has f1 and h1; nothing else covers d1.
		{"queen on the open file", "3q2k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", Exposure{1, 1}, Exposure{}},
		// The rook on a1 covers d1: a second answering type.
		{"rook covers the check square", "3q2k1/8/8/8/8/8/5PPP/R5K1 w - - 0 1", Exposure{1, 2}, Exposure{}},
		// The knight checks on e2 or f3; the king has flights, the g2 pawn covers f3.
		{"knight check", "6k1/8/8/8/3n4/8/5PPP/6K1 w - - 0 1", Exposure{1, 2}, Exposure{}},
		// The f3 pawn checks by advancing to f2.
		{"pawn check by a push", "6k1/8/8/8/8/5p2/6PP/6K1 w - - 0 1", Exposure{1, 1}, Exposure{}},
		// Knight (g3) and queen (b1 or g2) check; the knight covers the only flight g1; the
		// h2 pawn covers g3.
		{"two checking types, no flight", "6k1/8/8/8/8/8/q3n1PP/7K w - - 0 1", Exposure{2, 1}, Exposure{}},
		// A king in check is not exposed to a check: the check is there (diceOdds prices it).
		{"already in check", "6k1/8/8/8/8/8/5PPP/3q2K1 w - - 0 1", Exposure{}, Exposure{}},
		// Both ways: the rook checks on d8 (the e7 pawn shields the file), the black king
		// keeps f7 and f8; the bishop checks on c3, the white king keeps e2, f1 and f2.
		{"both kings", "4k3/4p3/8/8/8/8/1b6/3RK3 w - - 0 1", Exposure{1, 1}, Exposure{1, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := engine.ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := KingExposure(p)
			if got[engine.White] != tc.white || got[engine.Black] != tc.black {
				t.Errorf("%s: white %+v, black %+v; want white %+v, black %+v", tc.fen,
					got[engine.White], got[engine.Black], tc.white, tc.black)
			}
			if v, x := EvaluateTurnExposure(p, 1, 1); v != EvaluateTurn(p, 1, 1) || x != got {
				t.Errorf("EvaluateTurnExposure = %d, %v; want %d, %v", v, x, EvaluateTurn(p, 1, 1), got)
			}
		})
	}
}

// gamble is a tiny game for the chance bound: at the root, side 0 either takes a sure
// position worth sure, or rolls a die that wins at once one time in four and otherwise leaves
// a position worth -100.
type gamble struct{ sure int }

// States: 0 root, 1 the sure position, 2 the roll, 3 the win, 4 the other outcome.
func (gamble) Side(s int) int      { return 0 }
func (gamble) Key(s int) uint64    { return uint64(s + 1) }
func (gamble) Do(s int, a int) int { return a }
func (g gamble) Evaluate(s int) int {
	if s == 1 {
		return g.sure
	}
	return -100
}
func (gamble) Expand(s int, buf []Branch[int]) (Node, []Branch[int]) {
	switch s {
	case 0:
		return Node{Kind: Decision}, append(buf, Branch[int]{Action: 1}, Branch[int]{Action: 2})
	case 2:
		return Node{Kind: Chance}, append(buf, Branch[int]{Action: 3, Weight: 1}, Branch[int]{Action: 4, Weight: 3})
	case 3:
		return Node{Kind: Terminal, Outcome: Win}, buf
	}
	return Node{Kind: Decision}, buf // a leaf: searched at depth 0, the evaluation stands
}

// TestD4_ChanceWinWeighsWins checks Options.ChanceWin: the value a win counts for at a
// chance node sets the rate at which a chance of winning at once (a king capture in dice
// chess, D4) is traded against a sure evaluation.
func TestD4_ChanceWinWeighsWins(t *testing.T) {
	for _, tc := range []struct {
		chanceWin, want int
	}{
		{0, 2},    // a win is 4000: 1000 - 75 beats the sure 300
		{1000, 1}, // a win is 1000: 250 - 75 does not
		{4000, 2},
	} {
		x := New[int, int](gamble{sure: 300}, 10)
		r, err := x.Search(0, Options{Budget: Budget{Depth: 1}, ChanceWin: tc.chanceWin})
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != tc.want {
			t.Errorf("ChanceWin %d: chose %d (score %d), want %d", tc.chanceWin, r.Action, r.Score, tc.want)
		}
	}
}

// dicey is a synthetic game of decisions and chance for the chance-node pruning: turns
// alternate between the sides, each a chance node (three outcomes of weights 1, 2 and 3)
// followed by a decision among four actions; the evaluation of a state is a hash of its path,
// within ±20 (so that the plain reverse futility, which no Technique switches off, never
// cuts and the search is exact).
// A state is its path hash and its level (even levels are decisions).
type dicey struct{}

type diceyState struct {
	h     uint64
	level int
}

func (dicey) Side(s diceyState) int   { return (s.level + 1) / 2 % 2 }
func (dicey) Key(s diceyState) uint64 { return s.h ^ uint64(s.level)<<56 }
func (dicey) Do(s diceyState, a int) diceyState {
	h := (s.h ^ uint64(a+1)) * 0x9e3779b97f4a7c15
	return diceyState{h: h ^ h>>29, level: s.level + 1}
}
func (dicey) Evaluate(s diceyState) int { return int(s.h>>40%41) - 20 }
func (d dicey) Expand(s diceyState, buf []Branch[int]) (Node, []Branch[int]) {
	if s.level%2 == 1 {
		for a := 0; a < 3; a++ {
			buf = append(buf, Branch[int]{Action: a, Weight: int32(a + 1)})
		}
		return Node{Kind: Chance, Side: d.Side(s), TurnStart: true}, buf
	}
	for a := 0; a < 4; a++ {
		buf = append(buf, Branch[int]{Action: a, Key: uint16(a)})
	}
	return Node{Kind: Decision, Side: d.Side(s), PliesLeft: 1}, buf
}

// TestChanceProbeExact checks the Star2 probes at chance nodes (ChanceProbe): with every
// other technique off, the root scores of an expectimax search to depth 3 (the plain late
// move reductions, which no Technique switches off, begin at depth 3 below the root) are the
// same with and without them, and the probes cut. TestD1_ChanceProbeSavesNodes (package
// turn) shows what they save in dice chess.
func TestChanceProbeExact(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		root := diceyState{h: seed * 0x2545f4914f6cdd1d}
		if n := checkTechniqueExact(t, dicey{}, root, ChanceProbe, 0, "probe cuts", func(x *Searcher[diceyState, int]) int64 { return x.stats.probeCuts }); n == 0 {
			t.Errorf("root %v: no probe cuts", root)
		}
	}
}

// checkTechniqueExact searches root to depth 3 with every technique but tech and also off,
// then with every technique but also off, and fails t when the root scores differ, or when
// acted (a count of what tech did, named what) is not 0 with tech off. It returns acted with
// tech on.
func checkTechniqueExact[S any](t *testing.T, g Game[S, int], root S, tech, also Technique, what string, acted func(*Searcher[S, int]) int64) int64 {
	t.Helper()
	var scores [2][]int
	var on int64
	for i, off := range []Technique{^Technique(0) &^ (tech | also), ^Technique(0) &^ also} {
		x := New[S, int](g, 16)
		r, err := x.Search(root, Options{Budget: Budget{Depth: 3}, Noise: 1, Disable: off})
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range r.Root {
			scores[i] = append(scores[i], sc.Score)
		}
		if i == 0 {
			on = acted(x)
		} else if n := acted(x); n != 0 {
			t.Errorf("root %v: %d %s with %v off", root, n, what, off)
		}
	}
	if fmt.Sprint(scores[0]) != fmt.Sprint(scores[1]) {
		t.Errorf("root %v: root scores %v with %v, %v without", root, scores[0], tech, scores[1])
	}
	return on
}

// TestD1_CaptureGains checks the capture gains of the dice-chess evaluation (D1): a victim
// counts at its value when undefended, less the capturer's value times the chance that the
// opponent's roll allows a recapture (16/36 for one defending type, 24/36 for two) when
// defended; a capture that loses on average counts nothing; spared types and kings are no
// victims. Counted by hand. Its score is EvaluateTurn's without the terms of one ply against
// one (evaluate's single), which dice chess leaves out.
func TestD1_CaptureGains(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		spare [2]uint8
		white [7]int // White's gains by capturing type
	}{
		// The knight takes the undefended rook on e5.
		{"undefended rook", "4k3/8/8/4r3/8/3N4/8/4K3 w - - 0 1", [2]uint8{}, [7]int{engine.Knight: 500}},
		// The rook takes the knight on d5, defended by the e6 pawn: 320 - 500*16/36.
		{"rook takes a defended knight", "4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", [2]uint8{}, [7]int{engine.Rook: 320 - 500*16/36}},
		// Defended by a pawn and the bishop: 320 - 500*24/36 = -13, no gain.
		{"two defending types", "4k3/1b6/4p3/3n4/8/8/8/3RK3 w - - 0 1", [2]uint8{}, [7]int{}},
		// The queen takes a pawn defended by a pawn: a loss.
		{"queen takes a defended pawn", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", [2]uint8{}, [7]int{}},
		// Black's knights may move away (the roll shows a 2): spared.
		{"spared knight", "4k3/8/8/4n3/8/3N4/8/4K3 w - - 0 1", [2]uint8{engine.Black: 1 << engine.Knight}, [7]int{}},
		// The king attacked by the rook is no victim; the king takes the undefended pawn.
		{"kings", "4k3/8/8/8/8/8/3p4/4K2R w - - 0 1", [2]uint8{}, [7]int{engine.King: 100}},
	}
	for _, tc := range tests {
		p, err := engine.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		d := EvaluateDice(p, 1, 1, tc.spare)
		if d.Gains[engine.White] != tc.white {
			t.Errorf("%s: gains %v, want %v", tc.name, d.Gains[engine.White], tc.white)
		}
		var bd board
		var ei evalInfo
		bd.read(&p)
		if want := turnValue(&bd, &ei, 1, 1, false); d.Score != want || d.Exposure != KingExposure(p) {
			t.Errorf("%s: score %d, exposure %v; want %d, %v", tc.name, d.Score, d.Exposure, want, KingExposure(p))
		}
	}
}

// TestD1_ExpectedGain checks the average over the 36 rolls of the best capture each allows
// (D1): a gain only a knight can make comes 16 times in 36; with a second type the rolls
// showing either count, each for the better gain it allows.
func TestD1_ExpectedGain(t *testing.T) {
	for _, tc := range []struct {
		g    [7]int
		want int
	}{
		{[7]int{}, 0},
		{[7]int{engine.Knight: 360}, 360 * 16 / 36},
		// Knight 360 on 16 rolls; pawn 90 on the 10 rolls showing a 1 and no 2 or double.
		{[7]int{engine.Pawn: 90, engine.Knight: 360}, (360*16 + 90*8) / 36},
		{[7]int{engine.Pawn: 36, engine.Knight: 36, engine.Bishop: 36, engine.Rook: 36, engine.Queen: 36, engine.King: 36}, 36},
	} {
		if got := ExpectedGain(tc.g); got != tc.want {
			t.Errorf("ExpectedGain(%v) = %d, want %d", tc.g, got, tc.want)
		}
	}
}

// TestD1_OrderDiceMove checks the capture ordering of dice chess (D1): a capture the exchange
// evaluation calls losing is noisy when the recapture's odds make it win on average (a rook
// takes a knight defended by one pawn: 320 - 500*16/36 > 0), not when they do not (the queen
// takes a pawn defended by a pawn); the others are as OrderMove says.
func TestD1_OrderDiceMove(t *testing.T) {
	for _, tc := range []struct {
		fen, move string
		noisy     bool
	}{
		{"4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", true},
		{"4k3/1b6/4p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", false},
		{"4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", false},
		{"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", true},
		{"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d4", false},
	} {
		p, err := engine.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCI(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		order, noisy := OrderDiceMove(&p, m)
		if noisy != tc.noisy {
			t.Errorf("%s %s: noisy %v, want %v", tc.fen, tc.move, noisy, tc.noisy)
		}
		if o, n := OrderMove(&p, m, false, 0); n && (o != order || !noisy) {
			t.Errorf("%s %s: %d, %v; OrderMove says %d, %v", tc.fen, tc.move, order, noisy, o, n)
		}
	}
}

// TestD1_RollChance checks the odds of a roll allowing a piece of one of k types against a
// count of the 36 rolls of two dice: a roll allows the types its dice show, and a double
// allows every type (D1). The k types are numbers 1..k of the dice; which numbers they are
// does not matter.
func TestD1_RollChance(t *testing.T) {
	for k := 0; k <= 7; k++ {
		want := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if a == b || a <= k || b <= k {
					want++
				}
			}
		}
		if got := RollChance(k); got != want {
			t.Errorf("RollChance(%d) = %d/36, want %d/36", k, got, want)
		}
	}
}
