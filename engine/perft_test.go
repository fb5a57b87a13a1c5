package engine

import (
	"fmt"
	"testing"
)

// Published perft counts: the chessprogramming.org "Perft Results" page (start position,
// Kiwipete and positions 3 to 6) and the tricky positions collected by Martin Sedlak and
// Peter Ellis Jones (en passant pins, castling through and giving check, promotions).
// counts[i] is the count at depth i+1.
type perftCase struct {
	name   string
	fen    string
	counts []uint64
	depth  int // deepest depth run by go test (without the deep tag)
}

var (
	kiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	position5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
	position6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

var perftCases = []perftCase{
	{"StartPosition", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324, 3195901860}, 5},
	{"Kiwipete", kiwipete, []uint64{48, 2039, 97862, 4085603, 193690690, 8031647685}, 4},
	{"Position3", position3, []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661, 3009794393}, 6},
	{"Position4", position4, []uint64{6, 264, 9467, 422333, 15833292, 706045033}, 4},
	{"Position4Mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292, 706045033}, 4},
	{"Position5", position5, []uint64{44, 1486, 62379, 2103487, 89941194}, 4},
	{"Position6", position6, []uint64{46, 2079, 89890, 3894594, 164075551}, 4},
	{"IllegalEnPassant1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", []uint64{18, 92, 1670, 10138, 185429, 1134888}, 6},
	{"IllegalEnPassant2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", []uint64{13, 102, 1266, 10276, 135655, 1015133}, 6},
	{"EnPassantCaptureChecksOpponent", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", []uint64{15, 126, 1928, 13931, 206379, 1440467}, 6},
	{"EnPassantOutOfCheck", "8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1", []uint64{9, 140, 1021, 17523, 121692, 2123164}, 6},
	{"ShortCastlingGivesCheck", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", []uint64{15, 66, 1198, 6399, 120330, 661072}, 6},
	{"LongCastlingGivesCheck", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", []uint64{16, 71, 1286, 7418, 141077, 803711}, 6},
	{"CastlingRights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", []uint64{26, 1141, 27826, 1274206}, 4},
	{"CastlingPrevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", []uint64{44, 1494, 50509, 1720476}, 4},
	{"PromoteOutOfCheck", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", []uint64{11, 133, 1442, 19174, 266199, 3821001}, 6},
	{"DiscoveredCheck", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", []uint64{29, 165, 5160, 31961, 1004658}, 5},
	{"PromoteToGiveCheck", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", []uint64{9, 40, 472, 2661, 38983, 217342}, 6},
	{"UnderpromoteToCheck", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", []uint64{6, 27, 273, 1329, 18135, 92683}, 6},
	{"SelfStalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", []uint64{2, 6, 13, 63, 382, 2217}, 6},
	{"StalemateAndCheckmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", []uint64{10, 25, 268, 926, 10857, 43261, 567584}, 7},
	{"StalemateAndCheckmate2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", []uint64{37, 183, 6559, 23527}, 4},
}

func runPerftCase(t *testing.T, c perftCase, maxDepth int) {
	t.Helper()
	p, err := ParseFEN(c.fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", c.fen, err)
	}
	for d := 1; d <= maxDepth && d <= len(c.counts); d++ {
		if got := Perft(p, d); got != c.counts[d-1] {
			t.Errorf("Perft(%s, %d) = %d, want %d", c.name, d, got, c.counts[d-1])
		}
	}
}

func TestPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) { runPerftCase(t, c, c.depth) })
	}
}

// TestPerftStartPosition and TestPerftKiwipete name the two reference counts the project
// relies on most: the start position to depth 5 and Kiwipete to depth 4.
func TestPerftStartPosition(t *testing.T) {
	if got := Perft(StartPosition(), 5); got != 4865609 {
		t.Fatalf("Perft(start, 5) = %d, want 4865609", got)
	}
}

func TestPerftKiwipete(t *testing.T) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		t.Fatal(err)
	}
	if got := Perft(p, 4); got != 4085603 {
		t.Fatalf("Perft(kiwipete, 4) = %d, want 4085603", got)
	}
}

func TestPerftDepthZero(t *testing.T) {
	if got := Perft(StartPosition(), 0); got != 1 {
		t.Fatalf("Perft(start, 0) = %d, want 1", got)
	}
}

// Published divide of Kiwipete at depth 3 (root moves of position 2, e.g. from Stockfish's
// "go perft 3"), as a check on Divide and on each subtree.
func TestDivideKiwipete(t *testing.T) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		t.Fatal(err)
	}
	entries := Divide(p, 3)
	if len(entries) != 48 {
		t.Fatalf("Divide: %d entries, want 48", len(entries))
	}
	var sum uint64
	for i, e := range entries {
		if i > 0 && entries[i-1].UCI >= e.UCI {
			t.Errorf("Divide not sorted: %s before %s", entries[i-1].UCI, e.UCI)
		}
		if e.UCI != e.Move.UCI() {
			t.Errorf("entry UCI %q != move %q", e.UCI, e.Move.UCI())
		}
		if want := Perft(p.Play(e.Move), 2); e.Nodes != want {
			t.Errorf("%s: %d nodes, want %d", e.UCI, e.Nodes, want)
		}
		sum += e.Nodes
	}
	if sum != 97862 {
		t.Errorf("Divide sum = %d, want 97862", sum)
	}
	want := map[string]uint64{"e1g1": 2059, "e1c1": 1887, "e5f7": 2080, "d5e6": 2241, "a2a4": 2149, "g2h3": 1970, "f3f6": 2111}
	for _, e := range entries {
		if n, ok := want[e.UCI]; ok && n != e.Nodes {
			t.Errorf("divide %s = %d, want %d", e.UCI, e.Nodes, n)
		}
		delete(want, e.UCI)
	}
	if len(want) != 0 {
		t.Errorf("moves missing from Divide: %v", want)
	}
}

func TestDivideStartPosition(t *testing.T) {
	entries := Divide(StartPosition(), 2)
	if len(entries) != 20 {
		t.Fatalf("%d entries, want 20", len(entries))
	}
	for _, e := range entries {
		if e.Nodes != 20 {
			t.Errorf("%s: %d, want 20", e.UCI, e.Nodes)
		}
	}
	if entries[0].UCI != "a2a3" || entries[0].SAN != "a3" {
		t.Errorf("first entry %+v, want a2a3 / a3", entries[0])
	}
	if Divide(StartPosition(), 0) != nil {
		t.Error("Divide at depth 0 should be nil")
	}
}

func ExamplePerft() {
	fmt.Println(Perft(StartPosition(), 3))
	// Output: 8902
}
