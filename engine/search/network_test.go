package search

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/plyground/plyground/engine"
)

// fittedFile returns the file of the network the engine plays orthodox chess with
// (engine/orthonet, which imports this package, so its file is read here directly).
func fittedFile(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile("../orthonet/network.bin")
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// fittedNetwork reads fittedFile.
func fittedNetwork(t *testing.T) *Network {
	t.Helper()
	n, err := ReadNetwork(fittedFile(t))
	if err != nil {
		t.Fatalf("engine/orthonet/network.bin: %v", err)
	}
	return n
}

// randomGame calls f on the positions of a seeded random game of up to plies plies.
func randomGame(seed uint64, plies int, f func(p engine.Position)) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []engine.Move
	p := engine.StartPosition()
	for range plies {
		f(p)
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			return
		}
		p = p.Play(moves[rng.IntN(len(moves))])
	}
}

// TestNetEvalIncremental checks that the network's score of a position does not depend on
// the positions evaluated before it: along seeded random games, a NetEval that updates its
// sums by the changed pieces (and afresh when many changed, on jumps between games) answers
// what a new NetEval answers.
func TestNetEvalIncremental(t *testing.T) {
	n := fittedNetwork(t)
	long := NewNetEval(n)
	for g := range 20 {
		randomGame(uint64(g), 160, func(p engine.Position) {
			got, want := long.EvaluateTurn(p, 1, 1), NewNetEval(n).EvaluateTurn(p, 1, 1)
			if got != want {
				t.Fatalf("game %d, %s: %d after the updates, %d afresh", g, p.FEN(), got, want)
			}
		})
	}
}

// TestNetEvalCorrects checks that NetEval.EvaluateTurn is the hand-written evaluation plus
// the network's correction, and that the fitted network corrects something: its correction
// is not zero in most positions of random games.
func TestNetEvalCorrects(t *testing.T) {
	e := NewNetEval(fittedNetwork(t))
	positions, corrected := 0, 0
	for g := range 5 {
		randomGame(uint64(100+g), 80, func(p engine.Position) {
			got, hand := e.EvaluateTurn(p, 1, 1), EvaluateTurn(p, 1, 1)
			var b board
			b.read(&p)
			if c := NewNetEval(e.net).correction(&b); got != hand+c {
				t.Fatalf("%s: %d, want the hand-written %d plus the correction %d", p.FEN(), got, hand, c)
			}
			positions++
			if got != hand {
				corrected++
			}
		})
	}
	if corrected*2 < positions {
		t.Errorf("the network corrected %d of %d positions", corrected, positions)
	}
}

// TestNetEvalSymmetric checks the inputs' views: a position and its mirror image (colours
// swapped, board flipped, the other side to move) read the same inputs, so they score the
// same.
func TestNetEvalSymmetric(t *testing.T) {
	n := fittedNetwork(t)
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"6k1/5ppp/8/8/8/8/1Q3PPP/6K1 b - - 0 1",
	}
	for _, fen := range fens {
		x := NewNetEval(n).EvaluateTurn(mustFEN(t, fen), 1, 1)
		y := NewNetEval(n).EvaluateTurn(mustFEN(t, mirror(t, fen)), 1, 1)
		if x != y {
			t.Errorf("%s: %d, its mirror image %d", fen, x, y)
		}
	}
}

// TestNetworkFileMatchesFloat checks the file format against the trainer's network: a
// seeded random network in floating point, its shared weights merged into the first layer and
// written by encodeNetwork (as make tune-network writes network.bin) and read by ReadNetwork,
// gives along random games the correction the floating-point network computes, to within
// the rounding of its weights to 16 bits and of the score to whole centipawns.
func TestNetworkFileMatchesFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	normal := func(sd float64) float32 { return float32(rng.NormFloat64() * sd) }
	raw := &netFloat{}
	for i := range raw.w1 {
		for j := range raw.w1[i] {
			raw.w1[i][j] = normal(0.05)
		}
	}
	for k := range raw.m {
		for j := range raw.m[k] {
			raw.m[k][j] = normal(0.05)
			for x := range 8 {
				raw.r[k][x][j], raw.f[k][x][j] = normal(0.03), normal(0.03)
			}
		}
	}
	for j := range raw.b1 {
		raw.b1[j] = normal(0.1)
		raw.w2[0][j] = normal(0.3)
		raw.w2[1][j] = normal(0.3)
	}
	raw.b2 = 0.05
	f := raw.merged()
	const scale = 380
	n, err := ReadNetwork(encodeNetwork(f, scale))
	if err != nil {
		t.Fatal(err)
	}
	e := NewNetEval(n)
	worst := 0.0
	for g := range 10 {
		randomGame(uint64(200+g), 120, func(p engine.Position) {
			var b board
			b.read(&p)
			var s netSample
			netInputsOf(&s, &b)
			var acc [2][netHidden]float32
			want := float64(f.forward(&s, &acc)) * scale
			got := e.correction(&b)
			d := math.Abs(float64(got) - want)
			worst = max(worst, d)
			if d > 1.5 {
				t.Fatalf("%s: the file's network says %d, the floating-point one %.2f", p.FEN(), got, want)
			}
		})
	}
	t.Logf("largest difference %.3f centipawns", worst)
}

// TestReadNetworkRefuses checks that a damaged network file is refused with an error.
func TestReadNetworkRefuses(t *testing.T) {
	good := fittedFile(t)
	if _, err := ReadNetwork(good); err != nil {
		t.Fatalf("the fitted network: %v", err)
	}
	width := append([]byte(nil), good...)
	width[4]++
	// scaled returns the file with the first layer's scale (the float32 after the width) set.
	scaled := func(s float32) []byte {
		data := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(data[6:], math.Float32bits(s))
		return data
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"the magic alone", good[:4]},
		{"another magic", append([]byte("PGN2"), good[4:]...)},
		{"another width", width},
		{"cut short", good[:len(good)-1]},
		{"a byte more", append(append([]byte(nil), good...), 0)},
		{"a zero scale", scaled(0)},
		{"a negative scale", scaled(-1e-4)},
		{"a scale not a number", scaled(float32(math.NaN()))},
		{"a scale of one", scaled(1)},
	}
	for _, tc := range tests {
		if _, err := ReadNetwork(tc.data); err == nil {
			t.Errorf("%s: read without an error", tc.name)
		}
	}
}

// FuzzReadNetwork checks that no file makes ReadNetwork panic, and that a network it reads
// evaluates a position.
func FuzzReadNetwork(f *testing.F) {
	f.Add(fittedFile(f))
	f.Add([]byte("PGN1\x40\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNetwork(data)
		if err != nil {
			return
		}
		NewNetEval(n).EvaluateTurn(engine.StartPosition(), 1, 1)
	})
}
