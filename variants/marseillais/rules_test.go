package marseillais

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// game starts a game of Marseillais chess from fen and plays movetext.
func game(t *testing.T, o Options, fen, movetext string) *turn.Game {
	t.Helper()
	g, err := turn.NewGame(New(o), fen)
	if err != nil {
		t.Fatalf("start %q: %v", fen, err)
	}
	if err := g.PlayMovetext(movetext); err != nil {
		t.Fatalf("play %q: %v", movetext, err)
	}
	return g
}

func ply(t *testing.T, s turn.State, uci string) turn.Action {
	t.Helper()
	for _, m := range s.LegalPlies(nil) {
		if m.UCI() == uci {
			return turn.PlyAction(m)
		}
	}
	t.Fatalf("%s is not an orthodox ply in %s", uci, s.Position().FEN())
	return turn.Action{}
}

func wantRule(t *testing.T, err error, rule string) {
	t.Helper()
	var re *turn.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("error %v: want a rule error %s", err, rule)
	}
	if re.Rule != rule {
		t.Fatalf("error %q: rule %s, want %s", err, re.Rule, rule)
	}
	if !errors.Is(err, turn.ErrIllegal) {
		t.Fatalf("error %v does not wrap ErrIllegal", err)
	}
}

func TestM1_FirstTurnIsOnePly(t *testing.T) {
	g := game(t, Options{}, "", "e4")
	s := g.State()
	if s.Mover() != engine.Black || s.Plies() != 2 || s.Ply() != 0 {
		t.Fatalf("after 1.e4: mover %v, plies %d, ply %d; want Black's two-ply turn", s.Mover(), s.Plies(), s.Ply())
	}
	g = game(t, Options{}, "", "e4 e5,Nc6")
	if s := g.State(); s.Mover() != engine.White || s.Plies() != 2 {
		t.Fatalf("White's second turn: mover %v, plies %d; want White, 2", s.Mover(), s.Plies())
	}
}

func TestM1_UnbalancedFirstTurnIsTwoPlies(t *testing.T) {
	g := game(t, Options{Unbalanced: true}, "", "e4")
	if s := g.State(); s.Mover() != engine.White || s.Ply() != 1 || s.Plies() != 2 {
		t.Fatalf("unbalanced after e4: mover %v ply %d of %d; want White's second ply", s.Mover(), s.Ply(), s.Plies())
	}
	v, err := Open("unbalanced")
	if err != nil || v.Options() != "unbalanced=true" {
		t.Fatalf("Open(unbalanced) = %v, %v", v, err)
	}
	if _, err := Open("unbalanced=maybe"); err == nil {
		t.Error("a bad option value should be refused")
	}
}

func TestM2_CheckEndsTurn(t *testing.T) {
	// White's first ply Bb5+ gives check: the turn ends at once.
	g := game(t, Options{}, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Bb5+")
	s := g.State()
	if s.Mover() != engine.Black || s.Ply() != 0 || !s.InCheck() {
		t.Fatalf("after Bb5+: mover %v ply %d in check %v; want Black to answer the check", s.Mover(), s.Ply(), s.InCheck())
	}
	if got := g.Movetext(); got != "2.Bb5+" {
		t.Errorf("movetext %q, want %q", got, "2.Bb5+")
	}
}

func TestM3_EscapeCheckWithFirstPly(t *testing.T) {
	// Black is in check from Bb5: a first ply that does not parry it is refused with M3.
	g := game(t, Options{}, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Bb5+")
	s := g.State()
	_, err := turn.Find(g.Variant(), s, engine.A7, engine.A6, engine.NoPieceType, false)
	wantRule(t, err, "M3")
	if err := g.Apply(ply(t, s, "c7c6")); err != nil {
		t.Fatalf("c6 parries the check: %v", err)
	}
}

func TestM3_CheckmateWhenNoFirstPlyEscapes(t *testing.T) {
	// Fool's mate: after 2.g4 (White: f3 then g4 is one turn), ...Qh4# with the first ply.
	g := game(t, Options{}, "", "f3 e5,a6 g4")
	// g4 was White's first ply; White still has a second ply.
	if err := g.PlayMovetext("h3"); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext("Qh4#"); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome()
	if o.Result != turn.BlackWins || o.Reason != turn.Checkmate || o.Rule != "M3" {
		t.Fatalf("outcome %v, want Black wins by checkmate (M3)", o)
	}
	if !strings.HasSuffix(g.Movetext(), "Qh4#") {
		t.Errorf("movetext %q should end with the mate sign", g.Movetext())
	}
}

func TestM4_StalemateOnSecondPly(t *testing.T) {
	// White's only first ply is a5; after it White has no second ply and is not in check.
	const fen = "8/8/p7/8/P7/5n2/5k2/7K w - - 0 2"
	v := New(Options{})
	s, err := v.Start(fen)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := turn.Perft(v, s, 1); n != 0 {
		t.Errorf("turn-perft depth 1 = %d, want 0: a turn cut short by stalemate is not a turn", n)
	}
	g := game(t, Options{}, fen, "a5")
	o := g.Outcome()
	if o.Result != turn.Draw || o.Reason != turn.Stalemate || o.Rule != "M4" {
		t.Fatalf("outcome %v, want a draw by stalemate (M4)", o)
	}
	if !errors.Is(g.Apply(turn.PassAction()), turn.ErrGameOver) {
		t.Error("an action after the end should fail with ErrGameOver")
	}
}

func TestM5_SecondPlyEnPassant(t *testing.T) {
	// Black double-stepped d7-d5 and f7-f5 in its last turn; White's pawns e5 and g5.
	const fen = "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 5"
	g := game(t, Options{}, fen, "exd6")
	s := g.State()
	if s.Ply() != 1 {
		t.Fatalf("after exd6: ply %d, want the second ply", s.Ply())
	}
	if err := g.Apply(ply(t, s, "g5f6")); err != nil {
		t.Fatalf("second e.p. capture gxf6 should be legal (M5): %v", err)
	}
	if got := g.State().Position().PieceAt(engine.F5); got != engine.NoPiece {
		t.Errorf("f5 holds %v after gxf6 e.p.", got)
	}
	if got := g.Movetext(); got != "5.exd6,gxf6" {
		t.Errorf("movetext %q", got)
	}
}

func TestM5_EnPassantOnlyFromFirstPly(t *testing.T) {
	const fen = "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 5"
	g := game(t, Options{}, fen, "Kd2")
	s := g.State()
	// The capture is not even an orthodox ply any more; Find explains it with M5.
	_, err := turn.Find(g.Variant(), s, engine.E5, engine.D6, engine.NoPieceType, false)
	wantRule(t, err, "M5")
}

func TestM5_PieceOnPassedSquareIsCapturedAlone(t *testing.T) {
	// Black plays d7-d5 and then Qd8-d6, onto the passed square: exd6 takes the queen only.
	g := game(t, Options{}, "3qk3/3p4/8/4P3/8/8/8/4K3 b - - 0 5", "d5,Qd6")
	s := g.State()
	if s.CaptureTargets() != 0 {
		t.Fatalf("e.p. targets %v, want none (a queen stands on d6)", s.CaptureTargets().Squares())
	}
	if err := g.PlayMovetext("exd6"); err != nil {
		t.Fatal(err)
	}
	if p := g.State().Position().PieceAt(engine.D5); p != engine.NewPiece(engine.Black, engine.Pawn) {
		t.Errorf("d5 holds %v, want the black pawn still there", p)
	}
}

func TestM5_PawnThatMovedAgainCannotBeTaken(t *testing.T) {
	// Black double-steps c7-c5 and c5-c4 in one turn: no e.p. target.
	g := game(t, Options{}, "4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 5", "c5,c4")
	if got := g.State().EnPassant(); got != 0 {
		t.Errorf("e.p. targets %v, want none", got.Squares())
	}
	// Double-step then another piece: the target stays.
	g = game(t, Options{}, "4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 5", "c5,Kd7")
	if got := g.State().CaptureTargets(); got != engine.SquareBB(engine.C6) {
		t.Errorf("e.p. targets %v, want c6", got.Squares())
	}
}

func TestM6_Notation(t *testing.T) {
	const text = "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5"
	g := game(t, Options{}, "", text)
	if got := g.Movetext(); got != text {
		t.Errorf("movetext %q, want %q", got, text)
	}
	// The seed's diagram after these moves.
	const want = "r1bqkbnr/pppp1p1p/2n5/4p2p/4P3/5N2/PPPP1PPP/RNB1KB1R"
	if got := strings.Fields(g.State().Position().FEN())[0]; got != want {
		t.Errorf("placement %s, want %s", got, want)
	}
	back, _, err := turn.ParsePGN(g.PGN(nil), func(id, opts string) (turn.Variant, error) { return Open(opts) })
	if err != nil {
		t.Fatal(err)
	}
	if back.Movetext() != text {
		t.Errorf("PGN round trip gives %q", back.Movetext())
	}
}

func TestM7_FiftyMoveRuleAtTurnBoundaries(t *testing.T) {
	// 98 plies without capture or pawn move: the next turn's two plies reach 100.
	g := game(t, Options{}, "4k3/8/8/8/8/8/8/R3K3 w - - 98 60", "Ra2")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("after the first ply (99 plies): %v; the rule is judged between turns", o)
	}
	if err := g.PlayMovetext("Ra3"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Reason != turn.FiftyMoves || o.Rule != "M7" {
		t.Fatalf("after the turn (100 plies): %v, want a draw by the fifty-move rule (M7)", o)
	}
}

func TestM7_RepetitionAtTurnBoundaries(t *testing.T) {
	g := game(t, Options{}, "", "Nf3 Nf6,Ng8 Ng1,Nf3 Nf6,Ng8 Ng1,Nf3")
	// Turn starts with Black to move after Nf3: after 1.Nf3, after 2.Ng1,Nf3, after 3.Ng1,Nf3.
	if o := g.Outcome(); o.Reason != turn.Repetition || o.Rule != "M7" {
		t.Fatalf("outcome %v, want threefold repetition (M7)", o)
	}
	// The position after White's ply Ng1 inside a turn is not a turn boundary: no earlier draw.
	g = game(t, Options{}, "", "Nf3 Nf6,Ng8 Ng1,Nf3 Nf6,Ng8 Ng1")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("mid-turn outcome %v, want none", o)
	}
}

func TestM5_PieceOnStartSquareDoesNotPreventEnPassant(t *testing.T) {
	// Black plays d7-d5, then Qd8-d7 onto the pawn's start square: the pawn has not moved
	// again and d6 is empty, so exd6 e.p. stands (M5).
	g := game(t, Options{}, "3qk3/3p4/8/4P3/8/8/8/4K3 b - - 0 5", "d5,Qd7")
	if err := g.PlayMovetext("exd6"); err != nil {
		t.Fatalf("exd6 e.p.: %v", err)
	}
	if p := g.State().Position().PieceAt(engine.D5); p != engine.NoPiece {
		t.Errorf("d5 holds %v after the e.p. capture", p)
	}
	// With the capture exposing White's king on the fifth rank, it is not legal.
	g = game(t, Options{}, "2b1k3/3p4/8/K3P2r/8/8/8/8 b - - 0 5", "d5,Bd7")
	s := g.State()
	for _, m := range s.LegalPlies(nil) {
		if m.Kind() == engine.EnPassant {
			t.Errorf("e.p. %v would leave the king attacked", m)
		}
	}
}
