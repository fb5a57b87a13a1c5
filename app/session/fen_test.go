package session

import (
	"errors"
	"testing"
)

// TestStartProblemInWords: a start position that does not read is refused in words that
// name the part of the FEN at fault, never "fen field 1 (placement)".
func TestStartProblemInWords(t *testing.T) {
	tests := []struct {
		fen, want string
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
			"The start position cannot be read: the position needs 6 fields separated by spaces (placement, side to move, castling, en passant, halfmove clock, fullmove number; the last two may be left out), got 1."},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
			"The start position cannot be read: in the piece placement (field 1), rank 1 has 7 squares, want 8."},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
			"The start position cannot be read: in the side to move (field 2), the side to move is \"w\" or \"b\", not \"x\"."},
	}
	for _, variant := range []string{"orthodox", "marseillais", "progressive-italian"} {
		for _, tt := range tests {
			_, err := New(Config{Variant: variant, Start: tt.fen}, Env{})
			if err == nil {
				t.Fatalf("%s %q: no error", variant, tt.fen)
			}
			if got := StartProblem(err); got != tt.want {
				t.Errorf("%s %q:\n got %q\nwant %q", variant, tt.fen, got, tt.want)
			}
		}
	}
	if got := StartProblem(errors.New("something else")); got != "something else" {
		t.Errorf("another error: %q", got)
	}
}
