package search

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
)

// tree is a synthetic game for checking the search against a plain expectimax: every state
// is a node of a fixed random tree. The sides follow a pattern in which turns have one or
// two plies, some decision nodes are preceded by chance, and the leaves (at the horizon) are
// scored from a hash. Every branch is noisy, so no reduction changes the values, and interior
// evaluations are very low, so no futility cut applies: the search must return exactly the
// expectimax value.
type tree struct {
	horizon int
	chanceP uint64 // a decision node follows chance when its hash %chanceP == 0
}

type tnode struct {
	id     uint64
	depth  int  // decisions made so far
	chance bool // this node is a chance node before the decision at depth
}

func hash64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}

// sides: the side that makes decision number d (0-based): a turn pattern 0, 1 1, 0 0, 1, 0 ...
var treeSides = []int{0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1}

func (tr tree) Side(s tnode) int { return treeSides[s.depth%len(treeSides)] }

func (tr tree) Key(s tnode) uint64 {
	if s.chance {
		return hash64(s.id ^ 0xabcdef)
	}
	return hash64(s.id)
}

func (tr tree) width(s tnode) int { return 2 + int(hash64(s.id^7)%3) }

func (tr tree) Expand(s tnode, buf []Branch[uint64]) (Node, []Branch[uint64]) {
	n := Node{Kind: Decision, Side: tr.Side(s)}
	if s.depth >= tr.horizon {
		return n, buf // a leaf: the quiescence search stands pat
	}
	if s.chance {
		n.Kind = Chance
		for i := 0; i < 3; i++ {
			buf = append(buf, Branch[uint64]{Action: uint64(i), Weight: int32(1 + i), Noisy: true})
		}
		return n, buf
	}
	for i := 0; i < tr.width(s); i++ {
		buf = append(buf, Branch[uint64]{Action: uint64(i), Noisy: true, Order: int32(hash64(s.id+uint64(i)) % 100)})
	}
	return n, buf
}

func (tr tree) Do(s tnode, a uint64) tnode {
	if s.chance {
		return tnode{id: hash64(s.id*31 + a + 1), depth: s.depth}
	}
	id := hash64(s.id*17 + a + 5)
	t := tnode{id: id, depth: s.depth + 1}
	t.chance = t.depth < tr.horizon && id%tr.chanceP == 0
	return t
}

func (tr tree) Evaluate(s tnode) int {
	if s.depth < tr.horizon {
		return -20000
	}
	v := int(hash64(s.id^0x55)%2001) - 1000
	if tr.Side(s) == 1 {
		v = -v // the leaf value is for side 0; Evaluate is for the side to move
	}
	return v
}

// expectimax returns the value of s for side 0 by full enumeration.
func (tr tree) expectimax(s tnode) int {
	if s.depth >= tr.horizon {
		v := tr.Evaluate(s)
		if tr.Side(s) == 1 {
			v = -v
		}
		return v
	}
	_, bs := tr.Expand(s, nil)
	if s.chance {
		sum, total := 0, 0
		for _, b := range bs {
			sum += int(b.Weight) * tr.expectimax(tr.Do(s, b.Action))
			total += int(b.Weight)
		}
		return sum / total
	}
	best := 0
	for i, b := range bs {
		v := tr.expectimax(tr.Do(s, b.Action))
		if tr.Side(s) == 1 {
			v = -v
		}
		if i == 0 || v > best {
			best = v
		}
	}
	if tr.Side(s) == 1 {
		return -best
	}
	return best
}

// TestSearchMatchesExpectimax checks the principal variation search with Star1 chance
// pruning and same-side plies against a full expectimax on random trees: the root value must
// be exact.
func TestSearchMatchesExpectimax(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		tr := tree{horizon: 4 + int(seed%3), chanceP: 2 + seed%3}
		root := tnode{id: hash64(seed)}
		want := tr.expectimax(root) // for side 0, who moves at the root
		x := New[tnode, uint64](tr, 12)
		r, err := x.Search(root, Options{Budget: Budget{Depth: tr.horizon}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Score != want {
			t.Errorf("seed %d (horizon %d): search %d, expectimax %d", seed, tr.horizon, r.Score, want)
		}
	}
}

func mustFEN(t testing.TB, fen string) engine.Position {
	t.Helper()
	p, err := engine.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestO1_SearchFindsMates checks that the orthodox search finds forced mates (O1) and scores
// them as mates at the right distance.
func TestO1_SearchFindsMates(t *testing.T) {
	tests := []struct {
		name, fen, first string
		plies            int
	}{
		{"back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},
		{"scholar", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
		{"queen sacrifice", "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1", "d2h6", 3},
		{"bare king", "4k3/8/8/8/8/8/8/4K2R b K - 0 1", "", 0},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		x := New[engine.Position, engine.Move](NewOrthodox(), 16)
		r, err := x.Search(p, Options{Budget: Budget{Depth: 6}})
		if err != nil {
			t.Fatal(err)
		}
		if tc.first == "" {
			if r.Score >= MateBound {
				t.Errorf("%s: mate score %d for a side that cannot mate", tc.name, r.Score)
			}
			continue
		}
		if r.Action.UCI() != tc.first || r.Score != Mate-tc.plies {
			t.Errorf("%s: %s score %d, want %s score %d", tc.name, r.Action.UCI(), r.Score, tc.first, Mate-tc.plies)
		}
	}
}

// TestO2_SearchRepetitionIsDraw checks that reaching a position already seen (Options.History)
// counts as a draw (O2), even for a side far ahead.
func TestO2_SearchRepetitionIsDraw(t *testing.T) {
	p := mustFEN(t, "7k/8/8/8/8/8/7q/K7 b - - 0 1")
	x := New[engine.Position, engine.Move](NewOrthodox(), 14)
	// Every position the queen can reach is "already seen": the search must score it 0.
	var hist []uint64
	var buf []engine.Move
	for _, m := range p.LegalMoves(buf) {
		hist = append(hist, p.Play(m).Hash())
	}
	r, err := x.Search(p, Options{Budget: Budget{Depth: 3}, History: hist})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != 0 {
		t.Errorf("every move repeats a position: score %d, want 0", r.Score)
	}
	// With contempt, the draw costs the side that could avoid it.
	r, err = x.Search(p, Options{Budget: Budget{Depth: 3}, History: hist, Contempt: 40})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != -40 {
		t.Errorf("with contempt 40: score %d, want -40", r.Score)
	}
}

func TestSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},
		{"4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500},
		{"4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1", "d1d5", 500},
		{"4k3/8/2n5/3p4/4P3/8/8/3RK3 w - - 0 1", "e4d5", 100},                       // PxP, NxP, RxN, and black stops
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500 + 500},            // the x-ray rook wins the exchange back
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2", 0},                                // a quiet move
		{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 100},                            // the king takes an undefended pawn
		{"4k3/8/8/8/8/8/3p4/2b1K3 w - - 0 1", "e1f1", 0},                            // quiet
		{"1k6/8/8/8/8/8/1p6/1R2K3 w - - 0 1", "b1b2", 100},                          // rook takes a pawn guarded by none
		{"1k6/8/8/8/8/b7/1p6/1R2K3 w - - 0 1", "b1b2", 100 - 500},                   // ...guarded by a bishop
		{"1k6/8/8/8/8/8/1p6/1R2K3 w - - 0 1", "b1a1", -500},                         // quiet, onto a square the pawn guards
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", 0}, // the queen takes back: even
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCI(tc.move)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.move, err)
		}
		if got := SEE(p, m); got != tc.want {
			t.Errorf("SEE(%s, %s) = %d, want %d", tc.fen, tc.move, got, tc.want)
		}
	}
}

// mirror returns p with colours swapped and the board flipped vertically.
func mirror(t testing.TB, fen string) string {
	t.Helper()
	var out []byte
	fields := splitFields(fen)
	ranks := splitOn(fields[0], '/')
	for i := len(ranks) - 1; i >= 0; i-- {
		for _, c := range []byte(ranks[i]) {
			switch {
			case c >= 'a' && c <= 'z':
				c -= 'a' - 'A'
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			out = append(out, c)
		}
		if i > 0 {
			out = append(out, '/')
		}
	}
	side := "w"
	if fields[1] == "w" {
		side = "b"
	}
	castle := []byte(fields[2])
	for i, c := range castle {
		switch {
		case c >= 'a' && c <= 'z':
			castle[i] = c - ('a' - 'A')
		case c >= 'A' && c <= 'Z':
			castle[i] = c + ('a' - 'A')
		}
	}
	return string(out) + " " + side + " " + string(castle) + " - 0 1"
}

func splitFields(s string) []string { return splitOn(s, ' ') }

func splitOn(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == sep {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// TestEvaluateSymmetric checks that the evaluation does not depend on which colour plays:
// a position and its colour-mirrored twin are worth the same to the side to move.
func TestEvaluateSymmetric(t *testing.T) {
	fens := []string{
		engine.StartFEN,
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1",
		"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1",
		// Outposts and connected pawns.
		"r1bq1rk1/pp3ppp/2p5/3pN3/3Pn3/2PB4/P4PPP/R2QR1K1 b - - 0 14",
		"4k3/p6p/8/4N3/3P1p2/8/8/4K3 w - - 0 1",
	}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		q := mustFEN(t, mirror(t, fen))
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored %d", fen, a, b)
		}
		for left := 1; left <= 3; left++ {
			for next := 1; next <= 2; next++ {
				if a, b := EvaluateTurn(p, left, next), EvaluateTurn(q, left, next); a != b {
					t.Errorf("%s: EvaluateTurn(%d, %d) %d, mirrored %d", fen, left, next, a, b)
				}
			}
		}
	}
}

// TestEvaluateTurnDoubleMove checks the variant-aware hanging term: a defended piece attacked
// by a cheaper one is at risk in orthodox chess, and any attacked piece is at risk when the
// opponent moves twice (it can take and step back).
func TestEvaluateTurnDoubleMove(t *testing.T) {
	// Black to move after White's turn: the white knight on d4 is defended by the queen and
	// attacked by the black queen only.
	p := mustFEN(t, "3qk3/8/8/8/3N4/8/8/3QK3 w - - 0 1")
	var buf [8]int
	if h := Hanging(p, engine.White, false, buf[:0]); len(h) != 0 {
		t.Errorf("single move: the defended knight hangs: %v", h)
	}
	if h := Hanging(p, engine.White, true, buf[:0]); len(h) != 1 || h[0] != Value(engine.Knight) {
		t.Errorf("double move: hanging %v, want the knight", h)
	}
	// One ply left saves the undefended knight on a5; a double move next then takes the
	// defended one on d4.
	q := mustFEN(t, "3qk3/8/8/N7/3N4/8/8/3QK3 w - - 0 1")
	if a, b := EvaluateTurn(q, 1, 1), EvaluateTurn(q, 1, 2); b >= a {
		t.Errorf("a double move next must cost the second knight: %d (single) vs %d (double)", a, b)
	}
}

// TestBudgetNodes checks the node limit and determinism: the same node budget gives the same
// choice and count.
func TestBudgetNodes(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var first Result[engine.Move]
	for i := 0; i < 2; i++ {
		x := New[engine.Position, engine.Move](NewOrthodox(), 14)
		r, err := x.Search(p, Options{Budget: Budget{Nodes: 20000}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes > 20000+checkEvery {
			t.Errorf("nodes %d over the budget", r.Nodes)
		}
		if i == 0 {
			first = r
		} else if r.Action != first.Action || r.Nodes != first.Nodes || r.Score != first.Score {
			t.Errorf("not deterministic: %v %d %d, then %v %d %d", first.Action, first.Nodes, first.Score, r.Action, r.Nodes, r.Score)
		}
	}
	if !p.IsLegal(first.Action) {
		t.Errorf("illegal choice %v", first.Action)
	}
}

// TestBudgetStopAndClock checks cancellation by the flag and the injected clock.
func TestBudgetStopAndClock(t *testing.T) {
	p := mustFEN(t, engine.StartFEN)
	var stop atomic.Bool
	stop.Store(true)
	x := New[engine.Position, engine.Move](NewOrthodox(), 14)
	r, err := x.Search(p, Options{Budget: Budget{Stop: &stop}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes > 2*checkEvery || !p.IsLegal(r.Action) {
		t.Errorf("stopped search: %d nodes, action %v", r.Nodes, r.Action)
	}
	// A clock that advances one millisecond per reading, with a 50 ms deadline.
	now := time.Unix(0, 0)
	clock := func() time.Time { now = now.Add(time.Millisecond); return now }
	r, err = x.Search(p, Options{Budget: Budget{Deadline: time.Unix(0, 0).Add(50 * time.Millisecond), Now: clock}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes > 60*checkEvery || !p.IsLegal(r.Action) {
		t.Errorf("deadline search: %d nodes, action %v", r.Nodes, r.Action)
	}
}

// TestLateIterationFixedTime checks when the last iteration may begin (LateIteration,
// Budget.Fixed): with a clock that reads 80% of the time spent once the first iteration ends, a
// search whose time is the turn's alone goes on to its depth bound, one that keeps its time
// for later turns (a clock's share) stops after the first iteration, as does one without
// LateIteration.
func TestLateIterationFixedTime(t *testing.T) {
	p := mustFEN(t, engine.StartFEN)
	start := time.Unix(0, 0)
	for _, tc := range []struct {
		name  string
		fixed bool
		off   Technique
		want  int
	}{
		{"fixed time", true, 0, 4},
		{"share of a clock", false, 0, 1},
		{"fixed time without LateIteration", true, LateIteration, 1},
	} {
		late := false
		clock := func() time.Time {
			if late {
				return start.Add(80 * time.Millisecond)
			}
			return start
		}
		x := New[engine.Position, engine.Move](NewOrthodox(), 14)
		x.OnProgress(func(Progress[engine.Move]) { late = true })
		r, err := x.Search(p, Options{Disable: tc.off,
			Budget: Budget{Deadline: start.Add(100 * time.Millisecond), Now: clock, Depth: 4, Fixed: tc.fixed}})
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth != tc.want {
			t.Errorf("%s: depth %d, want %d", tc.name, r.Depth, tc.want)
		}
	}
}

// TestNoiseLevels checks that the level imprecision is seeded (same seed, same choice), and
// that level 1 does not always play the best move while level 5 does.
func TestNoiseLevels(t *testing.T) {
	p := mustFEN(t, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	choose := func(noise int, seed uint64) engine.Move {
		x := New[engine.Position, engine.Move](NewOrthodox(), 14)
		r, err := x.Search(p, Options{Budget: Budget{Depth: 2}, Noise: noise, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return r.Action
	}
	if a, b := choose(200, 7), choose(200, 7); a != b {
		t.Error("the same seed chose differently")
	}
	distinct := map[engine.Move]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		distinct[choose(200, seed)] = true
	}
	if len(distinct) < 3 {
		t.Errorf("noise 200 over 20 seeds chose only %d distinct moves", len(distinct))
	}
	if LevelOf(0).Number != 1 || LevelOf(9).Number != 5 || LevelOf(5).Time != time.Second {
		t.Error("LevelOf does not clamp, or level 5 is not one second per turn")
	}
}

// TestSearchNoAction checks the error for a state without a choice.
func TestSearchNoAction(t *testing.T) {
	p := mustFEN(t, "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1") // checkmated
	x := New[engine.Position, engine.Move](NewOrthodox(), 12)
	if _, err := x.Search(p, Options{}); err != ErrNoAction {
		t.Errorf("mated side: error %v, want ErrNoAction", err)
	}
}
