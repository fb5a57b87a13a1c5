package search

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/engine"
)

// TestNetEvalIncremental checks that the network's score of a position does not depend on
// the positions evaluated before it: along seeded random games, a NetEval that updates its
// sums by the changed pieces (and afresh when many changed, on jumps between games) answers
// what a new NetEval answers.
func TestNetEvalIncremental(t *testing.T) {
	var long NetEval
	var buf []engine.Move
	for g := range 20 {
		rng := rand.New(rand.NewPCG(uint64(g), 1))
		p := engine.StartPosition()
		for ply := 0; ply < 160; ply++ {
			got, err := long.Evaluate(p)
			if err != nil {
				t.Fatal(err)
			}
			var fresh NetEval
			want, err := fresh.Evaluate(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("game %d ply %d, %s: %d after the updates, %d afresh", g, ply, p.FEN(), got, want)
			}
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// TestNetEvalSymmetric checks the inputs' views: a position and its mirror image (colours
// swapped, board flipped, the other side to move) read the same inputs, so they score the
// same.
func TestNetEvalSymmetric(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"6k1/5ppp/8/8/8/8/1Q3PPP/6K1 b - - 0 1",
	}
	for _, fen := range fens {
		var a, b NetEval
		x, err := a.Evaluate(mustFEN(t, fen))
		if err != nil {
			t.Fatal(err)
		}
		y, err := b.Evaluate(mustFEN(t, mirror(t, fen)))
		if err != nil {
			t.Fatal(err)
		}
		if x != y {
			t.Errorf("%s: %d, its mirror image %d", fen, x, y)
		}
	}
}

// TestReadNetworkRefuses checks that a damaged network file is refused with an error.
func TestReadNetworkRefuses(t *testing.T) {
	good := networkFile
	if _, err := readNetwork(good); err != nil {
		t.Fatalf("the embedded network: %v", err)
	}
	width := append([]byte(nil), good...)
	width[4]++
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"another magic", append([]byte("PGN2"), good[4:]...)},
		{"another width", width},
		{"cut short", good[:len(good)-1]},
		{"a byte more", append(append([]byte(nil), good...), 0)},
	}
	for _, tc := range tests {
		if _, err := readNetwork(tc.data); err == nil {
			t.Errorf("%s: read without an error", tc.name)
		}
	}
}
