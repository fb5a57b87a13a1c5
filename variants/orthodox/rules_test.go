package orthodox

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/enginetest"
	"github.com/plyground/plyground/variants/turn"
)

func game(t *testing.T, fen, movetext string) *turn.Game {
	t.Helper()
	g, err := turn.NewGame(New(), fen)
	if err != nil {
		t.Fatalf("start %q: %v", fen, err)
	}
	if err := g.PlayMovetext(movetext); err != nil {
		t.Fatalf("play %q: %v", movetext, err)
	}
	return g
}

func wantOutcome(t *testing.T, g *turn.Game, r turn.Result, reason turn.Reason, rule string) {
	t.Helper()
	if o := g.Outcome(); o.Result != r || o.Reason != reason || o.Rule != rule {
		t.Fatalf("outcome %v, want %v: %v (%s)", o, r, reason, rule)
	}
}

func TestO1_TurnPerftMatchesPublishedCounts(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		fen := strings.TrimSpace(parts[0])
		if fen == "startpos" {
			fen = ""
		}
		depth, _ := strconv.Atoi(strings.TrimSpace(parts[1]))
		want, _ := strconv.ParseUint(strings.TrimSpace(parts[2]), 10, 64)
		v := New()
		s, err := v.Start(fen)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if got, err := turn.Perft(v, s, depth); got != want || err != nil {
			t.Errorf("line %d: depth %d = %d (%v), want %d", n, depth, got, err, want)
		}
	}
}

func TestO1_CheckmateStalemateCastlingEnPassantPromotion(t *testing.T) {
	wantOutcome(t, game(t, "", "1.f3 e5 2.g4 Qh4#"), turn.BlackWins, turn.Checkmate, "O1")
	wantOutcome(t, game(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""), turn.Draw, turn.Stalemate, "O2")
	g := game(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O O-O-O")
	if p := g.State().Position(); p.PieceAt(engine.G1) != engine.WhiteKing || p.PieceAt(engine.C8) != engine.BlackKing {
		t.Error("castling did not move the kings")
	}
	g = game(t, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d5 exd6")
	if g.State().Position().PieceAt(engine.D5) != engine.NoPiece {
		t.Error("e.p. did not take the pawn")
	}
	g = game(t, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d5 Kd2 Ke7")
	_, err := turn.Find(g.Variant(), g.State(), engine.E5, engine.D6, engine.NoPieceType, false)
	var re *turn.RuleError
	if !errors.As(err, &re) || re.Rule != "O1" {
		t.Errorf("late e.p.: %v, want rule O1", err)
	}
	g = game(t, "4k3/P6p/8/8/8/8/8/4K3 w - - 0 1", "a8=N")
	if g.State().Position().PieceAt(engine.A8) != engine.WhiteKnight {
		t.Error("promotion to a knight failed")
	}
	_, err = turn.Find(g.Variant(), g.State(), engine.E8, engine.E1, engine.NoPieceType, false)
	if !errors.Is(err, turn.ErrIllegal) {
		t.Errorf("a king cannot go e8-e1: %v", err)
	}
}

func TestO2_ThreefoldRepetition(t *testing.T) {
	g := game(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	if g.Outcome().Over() {
		t.Fatalf("twice is not enough: %v", g.Outcome())
	}
	if err := g.PlayMovetext("Ng8"); err != nil {
		t.Fatal(err)
	}
	wantOutcome(t, g, turn.Draw, turn.Repetition, "O2")
	g.Undo()
	if g.Outcome().Over() {
		t.Errorf("after undo: %v", g.Outcome())
	}
}

func TestO2_FiftyMoveRule(t *testing.T) {
	g := game(t, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "")
	if g.Outcome().Over() {
		t.Fatal("99 plies: not yet")
	}
	if err := g.PlayMovetext("Ra2"); err != nil {
		t.Fatal(err)
	}
	wantOutcome(t, g, turn.Draw, turn.FiftyMoves, "O2")
	// A mate on the hundredth ply stands.
	g = game(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "Ra8#")
	wantOutcome(t, g, turn.WhiteWins, turn.Checkmate, "O1")
}

func TestO2_InsufficientMaterial(t *testing.T) {
	wantOutcome(t, game(t, "4k3/8/8/8/8/8/8/3NK3 w - - 0 1", ""), turn.Draw, turn.Insufficient, "O2")
	wantOutcome(t, game(t, "4k3/8/8/3r4/8/8/8/3NK3 w - - 0 1", "Nc3 Kd7 Nxd5"), turn.Draw, turn.Insufficient, "O2")
	if game(t, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "").Outcome().Over() == false {
		t.Error("bishops on the same colour: a draw")
	}
	if game(t, "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", "").Outcome().Over() {
		t.Error("bishops on different colours: play on")
	}
}

// The tests below hold the assertions engine's own game (engine.Game, now gone) was tested
// with: the outcomes of RULES.md O1 and O2 as turn.Game judges them for orthodox chess.

// ply applies the actions written as UCI plies, failing the test on an illegal one.
func ply(t *testing.T, g *turn.Game, uci ...string) {
	t.Helper()
	for _, text := range uci {
		a, err := turn.ParseAction(g.Variant(), g.State(), text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}

func TestO1_OutcomesOfPositions(t *testing.T) {
	tests := []struct {
		fen    string
		result turn.Result
		reason turn.Reason
	}{
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", turn.BlackWins, turn.Checkmate},
		{"6k1/5ppp/8/8/8/8/8/K2R4 b - - 0 1", turn.Ongoing, turn.NoReason},
		{"3R2k1/5ppp/8/8/8/8/8/K7 b - - 0 1", turn.WhiteWins, turn.Checkmate},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", turn.Draw, turn.Stalemate},
		{"k7/P7/K7/8/8/8/8/8 b - - 0 1", turn.Draw, turn.Stalemate},
		{"8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", turn.Draw, turn.Stalemate},
		// Double check: only the king may move, and here it cannot.
		{"6k1/8/8/8/8/8/5nPP/R4r1K w - - 0 1", turn.BlackWins, turn.Checkmate},
	}
	for _, tc := range tests {
		if o := game(t, tc.fen, "").Outcome(); o.Result != tc.result || o.Reason != tc.reason {
			t.Errorf("%s: outcome %v, want %v: %v", tc.fen, o, tc.result, tc.reason)
		}
	}
	// Fool's mate, ply by ply; nothing is played after the mate.
	g := game(t, "", "")
	ply(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	wantOutcome(t, g, turn.BlackWins, turn.Checkmate, "O1")
	if err := g.Apply(turn.PlyAction(engine.NullMove)); !errors.Is(err, turn.ErrGameOver) {
		t.Errorf("a ply after mate: %v, want turn.ErrGameOver", err)
	}
}

func TestO2_ThreefoldRepetitionOfTheStart(t *testing.T) {
	g := game(t, "", "")
	for i := 0; i < 2; i++ {
		for j, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			if g.Outcome().Over() {
				t.Fatalf("game over too early at round %d ply %d: %v", i, j, g.Outcome())
			}
			ply(t, g, s)
		}
	}
	// The start position has now occurred three times.
	wantOutcome(t, g, turn.Draw, turn.Repetition, "O2")
	if g.Len() != 8 {
		t.Errorf("%d actions recorded, want 8", g.Len())
	}
}

func TestO2_ThreefoldNeedsSameRights(t *testing.T) {
	// The first occurrence has castling rights; after the king steps out and back they are
	// gone, so that position is a different one.
	g := game(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "")
	ply(t, g, "e1f1", "e8d8", "f1e1", "d8e8", "e1f1", "e8d8", "f1e1", "d8e8")
	// Had the rights not counted, the start position would now stand for the third time.
	if g.Outcome().Over() {
		t.Fatalf("outcome %v: the start position had castling rights and occurred once", g.Outcome())
	}
	// The position after Kf1 (no rights left) now occurs for the third time.
	ply(t, g, "e1f1")
	wantOutcome(t, g, turn.Draw, turn.Repetition, "O2")
}

func TestO2_FiftyMoveRuleCountsPlies(t *testing.T) {
	g := game(t, "4k3/8/8/8/8/8/r7/4K2R w - - 99 80", "")
	ply(t, g, "h1h2")
	wantOutcome(t, g, turn.Draw, turn.FiftyMoves, "O2")
	if err := g.Apply(turn.PlyAction(engine.NullMove)); !errors.Is(err, turn.ErrGameOver) {
		t.Errorf("a ply after the draw: %v, want turn.ErrGameOver", err)
	}
	// A capture resets the clock.
	g = game(t, "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80", "")
	ply(t, g, "a1a2")
	if g.Outcome().Over() || g.State().Position().HalfmoveClock() != 0 {
		t.Errorf("after a capture: %v, clock %d", g.Outcome(), g.State().Position().HalfmoveClock())
	}
	// Checkmate on the hundredth ply stands.
	g = game(t, "6k1/5ppp/8/8/8/8/8/K2R4 w - - 99 80", "")
	ply(t, g, "d1d8")
	wantOutcome(t, g, turn.WhiteWins, turn.Checkmate, "O1")
	// 99 plies is not yet a draw.
	g = game(t, "4k3/8/8/8/8/8/r7/4K2R w - - 98 80", "")
	ply(t, g, "h1h2")
	if g.Outcome().Over() {
		t.Errorf("after 99 plies: %v", g.Outcome())
	}
}

func TestO2_InsufficientMaterialOutcomes(t *testing.T) {
	for _, tc := range enginetest.InsufficientMaterial(t, "../../engine/testdata/insufficient-material.txt") {
		want := turn.Outcome{}
		if tc.Draw {
			want = turn.Outcome{Result: turn.Draw, Reason: turn.Insufficient, Rule: "O2"}
		}
		if got := game(t, tc.FEN, "").Outcome(); got != want {
			t.Errorf("%s: outcome %v, want %v", tc.FEN, got, want)
		}
	}
	// Automatic after the capture that leaves the bare kings.
	g := game(t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "")
	ply(t, g, "e1e2")
	wantOutcome(t, g, turn.Draw, turn.Insufficient, "O2")
}

func TestGameRefusesIllegalPlies(t *testing.T) {
	g := game(t, "", "")
	start := g.State()
	// Moves of another position: a rook's e2e5, and its e2e4, which has the squares of the
	// pawn's double push but not its kind.
	rook, err := engine.ParseFEN("3k4/8/8/8/8/8/4R3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, uci := range []string{"0000", "e2e5", "e2e4"} {
		m := engine.NullMove
		if uci != "0000" {
			if m, err = rook.ParseUCI(uci); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Apply(turn.PlyAction(m)); !errors.Is(err, turn.ErrIllegal) {
			t.Errorf("Apply(%v, kind %v): %v, want turn.ErrIllegal", m, m.Kind(), err)
		}
	}
	if g.Len() != 0 || g.State() != start {
		t.Error("an illegal ply changed the game")
	}
	actions := g.Actions()
	ply(t, g, "e2e4")
	if len(actions) != 0 || g.Len() != 1 || g.Actions()[0].Move.Kind() != engine.DoublePush || g.Start() != "" {
		t.Error("Actions/Start do not reflect the game")
	}
}
