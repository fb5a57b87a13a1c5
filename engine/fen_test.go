package engine

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readLines returns the non-empty, non-comment lines of a testdata file.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestFENRoundTripGolden(t *testing.T) {
	lines := readLines(t, "fen_roundtrip.txt")
	if len(lines) < 10 {
		t.Fatalf("only %d golden FENs", len(lines))
	}
	for _, fen := range lines {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip:\n got %s\nwant %s", got, fen)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("%s: hash not computed", fen)
		}
	}
}

func TestFENNormalizedGolden(t *testing.T) {
	for _, line := range readLines(t, "fen_normalized.txt") {
		in, want, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("bad golden line %q", line)
		}
		want = strings.TrimSpace(want)
		p, err := ParseFEN(in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", in, err)
			continue
		}
		if got := p.FEN(); got != want {
			t.Errorf("ParseFEN(%q).FEN():\n got %s\nwant %s", in, got, want)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen   string
		field int // 0: the error concerns the whole string
	}{
		{"", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", 0},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", 0},
		{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1", 1},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1},
		{"8/8/8/8/8/8/8/8 w - - 0 1", 1},                      // no kings
		{"4k3/8/8/8/8/8/8/8 w - - 0 1", 1},                    // no white king
		{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 1},                 // two white kings
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1},                 // pawn on rank 8
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 1},                 // pawn on rank 1
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", 1},          // nine pawns
		{"4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/NNNNK3 w - - 0 1", 1}, // twenty pieces
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", 2},
		{"4k3/8/8/8/8/8/8/4K3 W - - 0 1", 2},
		{"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", 2}, // Black not to move, in check
		{"4k3/8/8/8/8/8/8/3Kk3 b - - 0 1", 1},  // two black kings
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", 3},
		{"4k3/8/8/8/8/8/8/4K2R w Q - 0 1", 3},
		{"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", 3},
		{"4k3/8/8/8/8/8/8/4K2R w Kx - 0 1", 3},
		{"4k3/8/8/8/8/8/8/4K2R w -K - 0 1", 3},
		{"4k2r/8/8/8/8/8/8/4K2R w Kq - 0 1", 3},
		{"r3k3/8/8/8/8/8/8/4K3 w Kq - 0 1", 3},
		{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", 4},
		{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", 4},      // wrong rank for White to move
		{"4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1", 4},   // ditto
		{"4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1", 4},   // no black pawn on e5
		{"4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", 4}, // d6 occupied
		{"4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", 4}, // d7 occupied
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", 5},
		{"4k3/8/8/8/8/8/8/4K3 w - - x 1", 5},
		{"4k3/8/8/8/8/8/8/4K3 w - - 65535 1", 5},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 x", 6},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 -3", 6},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 99999", 6},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		if err == nil {
			t.Errorf("ParseFEN(%q) accepted an invalid FEN", tc.fen)
			continue
		}
		var fe *FENError
		if !errors.Is(err, ErrFEN) || !errors.As(err, &fe) || fe.Field != tc.field || fe.Text == "" {
			t.Errorf("ParseFEN(%q): %v, want a *FENError of field %d wrapping ErrFEN", tc.fen, err, tc.field)
		}
		msg := err.Error()
		if tc.field == 0 {
			if !strings.HasPrefix(msg, "fen: ") {
				t.Errorf("ParseFEN(%q): %q, want a \"fen: \" error", tc.fen, msg)
			}
			continue
		}
		prefix := "fen field " + string(rune('0'+tc.field)) + " (" + fenFieldNames[tc.field] + "): "
		if !strings.HasPrefix(msg, prefix) {
			t.Errorf("ParseFEN(%q): %q, want prefix %q", tc.fen, msg, prefix)
		}
	}
}

func TestParseFENExceptEnPassant(t *testing.T) {
	for _, tc := range []struct{ fen, ep, want string }{
		{"4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6 0 5", "c6,e6", "4k3/8/8/2pPpP2/8/8/8/4K3 w - - 0 5"},
		{"4k3/8/8/2pPpP2/8/8/8/4K3 w - anything", "anything", "4k3/8/8/2pPpP2/8/8/8/4K3 w - - 0 1"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d6", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"},
		{StartFEN, "-", StartFEN},
	} {
		p, ep, err := ParseFENExceptEnPassant(tc.fen)
		if err != nil || ep != tc.ep || p.FEN() != tc.want || p.EnPassant() != NoSquare || p.Hash() != p.computeHash() {
			t.Errorf("ParseFENExceptEnPassant(%q) = %s, %q, %v; want %s, %q", tc.fen, p.FEN(), ep, err, tc.want, tc.ep)
		}
	}
	// Every other field is read as ParseFEN reads it.
	for _, fen := range []string{"4k3/8/8/8/8/8/8/4K3 x c6,e6 0 1", "4k3/8/8/2pPpP2/8/8/8/4K3 w - c6 0", "4k3/4Q3/8/8/8/8/8/4K3 w - e3 0 1"} {
		if _, _, err := ParseFENExceptEnPassant(fen); !errors.Is(err, ErrFEN) {
			t.Errorf("ParseFENExceptEnPassant(%q): %v, want ErrFEN", fen, err)
		}
	}
}

func TestFENAccessors(t *testing.T) {
	p := mustFEN(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 4 3")
	if p.Turn() != White || p.Castling() != WhiteShort|BlackLong || p.EnPassant() != F6 ||
		p.HalfmoveClock() != 4 || p.FullmoveNumber() != 3 {
		t.Errorf("accessors: turn %v castling %v ep %v clocks %d %d", p.Turn(), p.Castling(), p.EnPassant(), p.HalfmoveClock(), p.FullmoveNumber())
	}
	if p.PieceAt(E5) != WhitePawn || p.PieceAt(D8) != BlackQueen || p.PieceAt(E4) != NoPiece || p.PieceAt(NoSquare) != NoPiece {
		t.Error("PieceAt")
	}
	q := p.Play(p.LegalMoves(nil)[0])
	if q.Turn() != Black || q.FullmoveNumber() != 3 {
		t.Errorf("after a white move: turn %v, move %d", q.Turn(), q.FullmoveNumber())
	}
	r := q.Play(q.LegalMoves(nil)[0])
	if r.FullmoveNumber() != 4 {
		t.Errorf("after a black move: move %d, want 4", r.FullmoveNumber())
	}
	if StartPosition().FEN() != StartFEN {
		t.Error("StartPosition().FEN()")
	}
}

// FuzzParseFEN checks that ParseFEN never panics, that it refuses with a *FENError wrapping
// ErrFEN, and that whatever it accepts writes a FEN that parses back to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range readLines(f, "fen_roundtrip.txt") {
		f.Add(fen)
	}
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	f.Add("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0 0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.Is(err, ErrFEN) || !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q): %v is not a *FENError wrapping ErrFEN", s, err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) ok, but its FEN %q fails: %v", s, fen, err)
		}
		if q != p {
			t.Fatalf("round trip of %q changed the position: %q", s, q.FEN())
		}
		if q.FEN() != fen {
			t.Fatalf("FEN not stable: %q then %q", fen, q.FEN())
		}
		var buf [maxMoves]Move
		for _, m := range p.LegalMoves(buf[:0]) {
			_ = p.Play(m)
		}
	})
}
