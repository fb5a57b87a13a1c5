package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// legalUCI returns the legal moves of p as sorted UCI strings.
func legalUCI(p Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.UCI())
	}
	sort.Strings(out)
	return out
}

func hasMove(p Position, uci string) bool { return slices.Contains(legalUCI(p), uci) }

// playUCI plays a sequence of UCI moves, failing the test on an illegal one.
func playUCI(t *testing.T, p Position, moves ...string) Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", s, p.FEN(), err)
		}
		p = p.Play(m)
	}
	return p
}

func TestO1_Castling(t *testing.T) {
	tests := []struct {
		name        string
		fen         string
		short, long bool // whether White may castle short / long
	}{
		{"both free", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, true},
		{"out of check", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},
		{"in check", "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", false, false},
		{"through check f1", "4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1", false, true},
		{"into check g1", "4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", false, true},
		{"through check d1", "4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1", true, false},
		{"into check c1", "4k3/8/8/8/2r5/8/8/R3K2R w KQ - 0 1", true, false},
		{"b1 attacked is allowed", "4k3/8/8/8/1r6/8/8/R3K2R w KQ - 0 1", true, true},
		{"rook attacked is allowed", "4k3/8/8/8/7r/8/8/R3K2R w KQ - 0 1", true, true},
		{"blocked by own piece", "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", false, false},
		{"blocked on b1", "4k3/8/8/8/8/8/8/Rn2K2R w KQ - 0 1", true, false},
		{"no rights", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", false, false},
		{"pawn attacks d1 and f1", "4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1", false, false},
		{"knight attacks g1", "4k3/8/8/8/8/7n/8/R3K2R w KQ - 0 1", false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			if got := hasMove(p, "e1g1"); got != tc.short {
				t.Errorf("O-O legal = %v, want %v (moves %v)", got, tc.short, legalUCI(p))
			}
			if got := hasMove(p, "e1c1"); got != tc.long {
				t.Errorf("O-O-O legal = %v, want %v", got, tc.long)
			}
		})
	}
}

func TestO1_CastlingThroughCheck(t *testing.T) {
	// A bishop on a6 attacks f1: White may not castle short through it.
	p := mustFEN(t, "4k3/8/b7/8/8/8/8/4K2R w K - 0 1")
	if hasMove(p, "e1g1") {
		t.Error("castled through an attacked square")
	}
	if _, err := p.ParseSAN("O-O"); err == nil {
		t.Error("ParseSAN accepted O-O through check")
	}
	// Black, long side: a white rook on d1 controls d8.
	p = mustFEN(t, "r3k3/8/8/8/8/8/8/3RK3 b q - 0 1")
	if hasMove(p, "e8c8") {
		t.Error("Black castled long through d8")
	}
}

func TestO1_CastlingRightsLost(t *testing.T) {
	start := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	tests := []struct {
		moves []string
		want  CastlingRights
	}{
		{[]string{"e1e2"}, BlackShort | BlackLong},
		{[]string{"h1h2"}, WhiteLong | BlackShort | BlackLong},
		{[]string{"a1a2"}, WhiteShort | BlackShort | BlackLong},
		{[]string{"a1a8"}, WhiteShort | BlackShort},            // rook takes rook: both lose a right
		{[]string{"e1g1"}, BlackShort | BlackLong},             // castling spends both rights
		{[]string{"e1f1", "e8d8", "f1e1", "d8e8"}, NoCastling}, // going back does not restore them
	}
	for _, tc := range tests {
		p := playUCI(t, start, tc.moves...)
		if p.Castling() != tc.want {
			t.Errorf("%v: rights %v, want %v", tc.moves, p.Castling(), tc.want)
		}
	}
	// The castling move itself places the rook.
	p := playUCI(t, start, "e1c1")
	if p.PieceAt(D1) != WhiteRook || p.PieceAt(C1) != WhiteKing || p.PieceAt(A1) != NoPiece {
		t.Errorf("after O-O-O: %s", p.FEN())
	}
	p = playUCI(t, start, "e1c1", "e8g8")
	if p.PieceAt(F8) != BlackRook || p.PieceAt(G8) != BlackKing || p.PieceAt(H8) != NoPiece {
		t.Errorf("after O-O: %s", p.FEN())
	}
}

func TestO1_EnPassant(t *testing.T) {
	t.Run("capture right after the double push", func(t *testing.T) {
		p := playUCI(t, StartPosition(), "e2e4", "a7a6", "e4e5", "d7d5")
		if p.EnPassant() != D6 {
			t.Fatalf("EnPassant = %v, want d6", p.EnPassant())
		}
		m, err := p.ParseSAN("exd6")
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind() != EnPassant || !m.IsCapture() {
			t.Errorf("exd6 kind %v capture %v", m.Kind(), m.IsCapture())
		}
		q := p.Play(m)
		if q.PieceAt(D5) != NoPiece || q.PieceAt(D6) != WhitePawn || q.PieceAt(E5) != NoPiece {
			t.Errorf("after exd6: %s", q.FEN())
		}
		if q.HalfmoveClock() != 0 {
			t.Errorf("halfmove clock %d after e.p.", q.HalfmoveClock())
		}
	})
	t.Run("only on the next ply", func(t *testing.T) {
		p := playUCI(t, StartPosition(), "e2e4", "a7a6", "e4e5", "d7d5", "g1f3", "a6a5")
		if hasMove(p, "e5d6") {
			t.Error("e.p. still allowed a ply later")
		}
	})
	t.Run("horizontal pin on the rank", func(t *testing.T) {
		// Both pawns leave the fifth rank: the rook on h5 would attack the king on a5.
		p := mustFEN(t, "8/2p5/8/KP5r/8/8/8/7k b - - 0 1")
		p = playUCI(t, p, "c7c5")
		if hasMove(p, "b5c6") {
			t.Error("e.p. exposing the king along the rank was generated")
		}
		if p.EnPassant() != NoSquare {
			t.Errorf("EnPassant = %v for an illegal capture, want -", p.EnPassant())
		}
	})
	t.Run("diagonal pin", func(t *testing.T) {
		// The e5 pawn is pinned on the b8-h2 diagonal; f6 is off it.
		p := playUCI(t, mustFEN(t, "1b2k3/5p2/8/4P3/8/8/7K/8 b - - 0 1"), "f7f5")
		if hasMove(p, "e5f6") {
			t.Error("pinned pawn captured e.p. off its pin line")
		}
		if p.EnPassant() != NoSquare {
			t.Errorf("EnPassant = %v for an illegal capture", p.EnPassant())
		}
	})
	t.Run("capture along the pin line", func(t *testing.T) {
		// The same pin, but d6 lies on the diagonal: the capture is legal.
		p := playUCI(t, mustFEN(t, "1b2k3/3p4/8/4P3/8/8/7K/8 b - - 0 1"), "d7d5")
		if !hasMove(p, "e5d6") || p.EnPassant() != D6 {
			t.Errorf("e.p. along the pin line missing: %v", legalUCI(p))
		}
	})
	t.Run("resolves a check by the pushed pawn", func(t *testing.T) {
		p := mustFEN(t, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1")
		if !p.InCheck() || !hasMove(p, "e4d3") {
			t.Errorf("in check %v, moves %v: want exd3 e.p. to escape", p.InCheck(), legalUCI(p))
		}
	})
	t.Run("file pin", func(t *testing.T) {
		// The d5 pawn stands between the rook on d8 and the king on d1: dxe6 would expose it.
		p := mustFEN(t, "3r3k/4p3/8/3P4/8/8/8/3K4 b - - 0 1")
		p = playUCI(t, p, "e7e5")
		if hasMove(p, "d5e6") {
			t.Error("e.p. capture exposing the king on the file was generated")
		}
	})
	t.Run("gives discovered check", func(t *testing.T) {
		// Capturing e.p. removes the e5 pawn that blocked the rook on e1 from the king on e8.
		p := mustFEN(t, "4k3/8/8/3pP3/8/8/8/K3R3 w - d6 0 1")
		m, err := p.ParseUCI("e5d6")
		if err != nil {
			t.Fatal(err)
		}
		if !p.GivesCheck(m) || p.SAN(m) != "exd6+" {
			t.Errorf("GivesCheck %v SAN %q, want true and exd6+", p.GivesCheck(m), p.SAN(m))
		}
	})
	t.Run("hash ignores an impossible e.p.", func(t *testing.T) {
		a := mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
		b := mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
		if a != b || a.Hash() != b.Hash() || a.FEN() != b.FEN() {
			t.Errorf("e.p. target without a capturing pawn changed the position: %s vs %s", a.FEN(), b.FEN())
		}
		c := mustFEN(t, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
		d := mustFEN(t, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
		if c.Hash() == d.Hash() || c.EnPassant() != E3 {
			t.Error("a possible e.p. capture did not change the hash")
		}
	})
}

func TestO1_Promotion(t *testing.T) {
	p := mustFEN(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	want := []string{"a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"}
	var got []string
	for _, s := range legalUCI(p) {
		if s[:2] == "a7" {
			got = append(got, s)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("pawn moves %v, want %v", got, want)
	}
	for _, tc := range []struct {
		uci, san string
		piece    Piece
	}{
		{"a7a8q", "a8=Q", WhiteQueen}, // the knight on b8 blocks the rank
		{"a7a8r", "a8=R", WhiteRook},
		{"a7a8b", "a8=B", WhiteBishop},
		{"a7a8n", "a8=N", WhiteKnight},
		{"a7b8n", "axb8=N", WhiteKnight},
		{"a7b8q", "axb8=Q+", WhiteQueen},
	} {
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Fatal(err)
		}
		if m.Promotion() != tc.piece.Type() || m.Kind() != Promotion {
			t.Errorf("%s: promotion %v kind %v", tc.uci, m.Promotion(), m.Kind())
		}
		if s := p.SAN(m); s != tc.san {
			t.Errorf("SAN(%s) = %q, want %q", tc.uci, s, tc.san)
		}
		if q := p.Play(m); q.PieceAt(m.To()) != tc.piece || q.PieceAt(A7) != NoPiece {
			t.Errorf("%s: %s", tc.uci, q.FEN())
		}
	}
	// A promotion without its piece is rejected, in both notations.
	if _, err := p.ParseUCI("a7a8"); err == nil {
		t.Error("ParseUCI accepted a7a8 without a piece")
	}
	if _, err := p.ParseSAN("a8"); err == nil {
		t.Error("ParseSAN accepted a8 without a piece")
	}
	if _, err := p.ParseSAN("a8=K"); err == nil {
		t.Error("ParseSAN accepted a promotion to a king")
	}
}

// TestO1_CheckmateAndStalemate checks what the variants judge mate and stalemate from (the
// outcomes themselves are tested in variants/orthodox): a side in check without a legal
// move is mated, one without a legal move and not in check is stalemated.
func TestO1_CheckmateAndStalemate(t *testing.T) {
	tests := []struct {
		fen     string
		inCheck bool
		canMove bool
	}{
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, false}, // mated
		{"6k1/5ppp/8/8/8/8/8/K2R4 b - - 0 1", false, true},
		{"3R2k1/5ppp/8/8/8/8/8/K7 b - - 0 1", true, false},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false}, // stalemated
		{"k7/P7/K7/8/8/8/8/8 b - - 0 1", false, false},
		{"8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", false, false},
		// Double check: only the king may move, and here it cannot.
		{"6k1/8/8/8/8/8/5nPP/R4r1K w - - 0 1", true, false},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		if p.InCheck() != tc.inCheck || p.HasLegalMove() != tc.canMove || len(p.LegalMoves(nil)) > 0 != tc.canMove {
			t.Errorf("%s: in check %v, has a legal move %v; want %v, %v", tc.fen, p.InCheck(), p.HasLegalMove(), tc.inCheck, tc.canMove)
		}
	}
	// Fool's mate.
	p := StartPosition()
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(m)
	}
	if !p.InCheck() || p.HasLegalMove() || p.Turn() != White {
		t.Fatalf("fool's mate: %s is not White mated", p.FEN())
	}
}

func TestO1_Check(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")
	if !p.InCheck() || p.Checkers() != SquareBB(E2) {
		t.Fatalf("InCheck %v Checkers %v", p.InCheck(), p.Checkers().Squares())
	}
	// The only legal moves capture the checker.
	if got := legalUCI(p); !slices.Equal(got, []string{"e1e2"}) {
		t.Errorf("moves %v, want [e1e2]", got)
	}
	// Single check by a slider: block, capture or move away, but pinned pieces may not help.
	p = mustFEN(t, "4k3/8/8/b7/8/8/3N4/r3K3 w - - 0 1")
	for _, s := range legalUCI(p) {
		if s[:2] == "d2" {
			t.Errorf("pinned knight moved: %s", s)
		}
	}
}

// TestO2_ThreefoldRepetition checks what repetition is judged by (the draw itself is tested
// in variants/orthodox): a position that comes back has the same hash.
func TestO2_ThreefoldRepetition(t *testing.T) {
	start := StartPosition()
	p := start
	seen := map[uint64]int{p.Hash(): 1}
	for i := 0; i < 2; i++ {
		for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			p = playUCI(t, p, s)
			seen[p.Hash()]++
		}
	}
	// The start position has now occurred three times, and every other position twice.
	if p.Hash() != start.Hash() || seen[start.Hash()] != 3 || len(seen) != 4 {
		t.Fatalf("after the shuffles: %s, counts %v", p.FEN(), seen)
	}
}

// TestO2_ThreefoldNeedsSameRights: the same placement with other castling rights is another
// position, with another hash.
func TestO2_ThreefoldNeedsSameRights(t *testing.T) {
	start := mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	p := playUCI(t, start, "e1f1", "e8d8", "f1e1", "d8e8")
	if p.Hash() == start.Hash() || p == start || p.Castling() != NoCastling {
		t.Fatal("the start position had castling rights: coming back without them is another position")
	}
	if q := playUCI(t, p, "e1f1", "e8d8", "f1e1", "d8e8"); q.Hash() != p.Hash() {
		t.Error("without rights, the position after Kf1 Kd8 Ke1 Ke8 comes back the same")
	}
	if playUCI(t, start, "e1f1").Hash() != playUCI(t, p, "e1f1").Hash() {
		t.Error("the positions after Kf1 have the same rights (none) and should be the same")
	}
}

// TestO2_FiftyMoveRule checks the halfmove clock the fifty-move rule counts with (the draw
// itself is tested in variants/orthodox).
func TestO2_FiftyMoveRule(t *testing.T) {
	// The 100th quiet ply.
	if got := playUCI(t, mustFEN(t, "4k3/8/8/8/8/8/r7/4K2R w - - 99 80"), "h1h2").HalfmoveClock(); got != 100 {
		t.Errorf("clock %d after the 100th quiet ply", got)
	}
	// A capture resets the clock.
	if got := playUCI(t, mustFEN(t, "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"), "a1a2").HalfmoveClock(); got != 0 {
		t.Errorf("clock %d after a capture", got)
	}
	// A pawn move resets it too.
	q := mustFEN(t, "4k3/8/8/8/8/8/P7/4K3 w - - 99 80")
	if got := playUCI(t, q, "a2a3").HalfmoveClock(); got != 0 {
		t.Errorf("clock %d after a pawn move", got)
	}
	// Checkmate on the hundredth ply: the position is mate, with the clock at 100.
	p := mustFEN(t, "6k1/5ppp/8/8/8/8/8/K2R4 w - - 99 80")
	m, err := p.ParseSAN("Rd8#")
	if err != nil {
		t.Fatal(err)
	}
	if p = p.Play(m); !p.InCheck() || p.HasLegalMove() || p.HalfmoveClock() != 100 {
		t.Errorf("mate on the 100th ply: %s", p.FEN())
	}
	// 99 plies is not yet the hundredth.
	if got := playUCI(t, mustFEN(t, "4k3/8/8/8/8/8/r7/4K2R w - - 98 80"), "h1h2").HalfmoveClock(); got != 99 {
		t.Errorf("clock %d after 99 plies", got)
	}
}

func TestO2_InsufficientMaterial(t *testing.T) {
	// The positions of testdata/insufficient-material.txt: TestO2_InsufficientMaterialTable.
	// The capture that leaves the bare kings.
	if p := playUCI(t, mustFEN(t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), "e1e2"); !p.InsufficientMaterial() {
		t.Errorf("after Kxe2: %s is not insufficient material", p.FEN())
	}
}

// TestIllegalMove: IsLegal refuses the null move, a move no piece can make and a move with
// the right squares but the wrong kind (e2e4 is a double push); the games refusing them are
// tested in variants/orthodox.
func TestIllegalMove(t *testing.T) {
	p := StartPosition()
	for _, m := range []Move{NullMove, newMove(E2, E5, Normal, NoPieceType, false), newMove(E2, E4, Normal, NoPieceType, false)} {
		if p.IsLegal(m) {
			t.Errorf("IsLegal(%v) in the start position", m)
		}
	}
	if m, _ := p.ParseUCI("e2e4"); !p.IsLegal(m) || m.Kind() != DoublePush {
		t.Errorf("e2e4: legal %v, kind %v", p.IsLegal(m), m.Kind())
	}
}

func TestWithTurn(t *testing.T) {
	// White gives check with the first ply of a double move, then moves again: the black king
	// is in check, and White's moves must never capture it.
	p := playUCI(t, mustFEN(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "a1a8")
	if !p.InCheck() {
		t.Fatal("a1a8 should give check")
	}
	q := p.WithTurn(White)
	if q.Turn() != White || q.InCheck() || q.Hash() != q.computeHash() {
		t.Fatalf("WithTurn: turn %v in check %v", q.Turn(), q.InCheck())
	}
	for _, m := range q.LegalMoves(nil) {
		if m.To() == E8 {
			t.Errorf("generated a capture of the king: %v", m)
		}
		if r := q.Play(m); r.Hash() != r.computeHash() {
			t.Errorf("hash after %v", m)
		}
	}
	if _, err := ParseFEN(q.FEN()); err == nil {
		t.Error("ParseFEN accepted a position whose side not to move is in check")
	}
	if q.WithTurn(Black) != p {
		t.Error("WithTurn back does not give the same position")
	}
	// WithTurn clears the e.p. target.
	e := playUCI(t, StartPosition(), "e2e4", "a7a6", "e4e5", "d7d5")
	if e.EnPassant() != D6 || e.WithTurn(White).EnPassant() != NoSquare {
		t.Error("WithTurn kept the e.p. target")
	}
}

func TestWithEnPassant(t *testing.T) {
	// Black has just double-pushed d7d5 as the first ply of its turn... here simply set up.
	p := mustFEN(t, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1")
	q, err := p.WithEnPassant(D6)
	if err != nil || q.EnPassant() != D6 || !hasMove(q, "e5d6") {
		t.Fatalf("WithEnPassant(d6): %v, ep %v, moves %v", err, q.EnPassant(), legalUCI(q))
	}
	if q.Hash() != q.computeHash() || q.Hash() == p.Hash() {
		t.Error("WithEnPassant hash not updated")
	}
	if r, err := q.WithEnPassant(NoSquare); err != nil || r != p {
		t.Error("WithEnPassant(NoSquare) does not clear the target")
	}
	for _, sq := range []Square{E6, D3, C6, D5} {
		if _, err := p.WithEnPassant(sq); !errors.Is(err, ErrEnPassant) {
			t.Errorf("WithEnPassant(%v): %v, want ErrEnPassant", sq, err)
		}
	}
	// Start square occupied.
	if _, err := mustFEN(t, "4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 1").WithEnPassant(D6); err == nil {
		t.Error("accepted a target whose start square is occupied")
	}
	// Structurally fine but no capture possible: no error, no target.
	r, err := mustFEN(t, "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").WithEnPassant(D6)
	if err != nil || r.EnPassant() != NoSquare {
		t.Errorf("no capturing pawn: %v, ep %v", err, r.EnPassant())
	}
}

// TestEnPassantMove checks the e.p. moves EnPassantMove makes: 7 captures to each side of
// each of the 8 files, for both colours (2 * 14), each the move the generator makes when it is
// legal, and played the same without the engine's e.p. target.
func TestEnPassantMove(t *testing.T) {
	n := 0
	for from := A1; from < NoSquare; from++ {
		for to := A1; to <= NoSquare; to++ {
			m := EnPassantMove(from, to)
			if m == NullMove {
				continue
			}
			n++
			if m.Kind() != EnPassant || m.From() != from || m.To() != to || !m.IsCapture() || m.Promotion() != NoPieceType {
				t.Errorf("EnPassantMove(%v, %v) = %v, kind %v", from, to, m, m.Kind())
			}
			us, kings := White, "K7/8/8/8/8/8/8/7k w - - 0 1"
			if to.Rank() == 2 {
				us, kings = Black, "k7/8/8/8/8/8/8/7K b - - 0 1"
			}
			p := mustFEN(t, kings)
			p.put(NewPiece(us, Pawn), from)
			p.put(NewPiece(us.Other(), Pawn), to^8)
			q, err := p.WithEnPassant(to)
			if err != nil || !q.IsLegal(m) {
				t.Errorf("%v: not generated in %s (%v)", m, q.FEN(), err)
				continue
			}
			if got, want := p.Play(m), q.Play(m); got != want {
				t.Errorf("%v played without the target: %s, want %s", m, got.FEN(), want.FEN())
			}
		}
	}
	if n != 28 {
		t.Errorf("%d e.p. moves, want 28", n)
	}
	for _, sq := range [][2]Square{{E5, E6}, {E5, C6}, {E4, D5}, {E6, D7}, {A5, H6}, {H4, A3}, {E5, NoSquare}, {NoSquare, D6}} {
		if m := EnPassantMove(sq[0], sq[1]); m != NullMove {
			t.Errorf("EnPassantMove(%v, %v) = %v, want NullMove", sq[0], sq[1], m)
		}
	}
}

func TestAttacks(t *testing.T) {
	p := StartPosition()
	if !p.Attacked(F3, White) || p.Attacked(E4, White) || !p.Attacked(F6, Black) {
		t.Error("Attacked in the start position")
	}
	if got := p.AttackersTo(F3, White); got != SquareBB(E2)|SquareBB(G2)|SquareBB(G1) {
		t.Errorf("AttackersTo(f3) = %v", got.Squares())
	}
	if p.KingSquare(White) != E1 || p.KingSquare(Black) != E8 {
		t.Error("KingSquare")
	}
	if p.Pieces(White, Pawn) != rank2 || p.Occupied() != rank1|rank2|rank7|rank8 {
		t.Error("Pieces/Occupied")
	}
}

// TestNoPanicOnMisuse: the zero Position and moves that are not legal (say, a corrupted stored
// game) give meaningless results but never a panic.
func TestNoPanicOnMisuse(t *testing.T) {
	var zero Position
	_ = zero.LegalMoves(nil)
	_ = zero.InCheck()
	_ = zero.HasLegalMove()
	_ = zero.FEN()
	_, _ = zero.ParseSAN("e4")
	_ = zero.InsufficientMaterial()
	_ = zero.Play(NullMove).SAN(NullMove)
	rng := rand.New(rand.NewPCG(9, 10))
	for _, fen := range playoutStarts {
		p := mustFEN(t, fen)
		for i := 0; i < 2000; i++ {
			m := Move(rng.Uint32() & (1<<19 - 1))
			q := p.Play(m)
			_ = q.LegalMoves(nil)
			_ = q.SAN(m)
			_ = q.FEN()
			_ = q.GivesCheck(m)
			_ = q.Play(m).InCheck()
		}
	}
}

// TestGivesCheckAgreesWithPlay checks that GivesCheck, which reads the attacks without playing
// the move, and the CheckFinder say what playing the move says (O1: direct checks, discovered checks, checks by a
// promoted piece, by castling and by e.p.), in every legal move of positions reached by random
// play, and with the side to move flipped (multi-ply variants: the opponent may already be in
// check when the mover plays again).
func TestGivesCheckAgreesWithPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	var buf [maxMoves]Move
	checks := 0
	for _, fen := range []string{StartFEN, kiwipete, position3, position4,
		"r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1"} {
		for game := 0; game < 20; game++ {
			p := mustFEN(t, fen)
			for ply := 0; ply < 80; ply++ {
				for _, q := range []Position{p, p.WithTurn(p.Turn() ^ 1)} {
					f := q.CheckFinder()
					for _, m := range q.LegalMoves(buf[:0]) {
						want := q.Play(m).InCheck()
						if want {
							checks++
						}
						if got := q.GivesCheck(m); got != want {
							t.Fatalf("%s: GivesCheck(%v) = %v, playing it gives check %v", q.FEN(), m, got, want)
						}
						if got := f.GivesCheck(m); got != want {
							t.Fatalf("%s: CheckFinder's GivesCheck(%v) = %v, playing it gives check %v", q.FEN(), m, got, want)
						}
					}
				}
				moves := p.LegalMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				p = p.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if checks < 1000 {
		t.Errorf("only %d checks seen: the positions test too little", checks)
	}
}
