package orthodox

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
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
