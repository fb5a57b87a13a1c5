package board

import (
	"testing"

	"github.com/plyground/plyground/engine"
)

// TestSquareAtPoint: a point of the board's box is the square drawn there, from either side;
// a point outside the box, or an empty box, is none.
func TestSquareAtPoint(t *testing.T) {
	r := Rect{Left: 100, Top: 50, Width: 400, Height: 400} // squares of 50 px
	tests := []struct {
		name string
		o    engine.Color
		x, y float64
		want engine.Square
	}{
		{"top left, white", engine.White, 101, 51, engine.A8},
		{"bottom right, white", engine.White, 499, 449, engine.H1},
		{"top left, black", engine.Black, 101, 51, engine.H1},
		{"e2 from white", engine.White, 100 + 4*50 + 25, 50 + 6*50 + 25, engine.E2},
		{"e2 from black", engine.Black, 100 + 3*50 + 25, 50 + 1*50 + 25, engine.E2},
		{"left of the board", engine.White, 99, 200, engine.NoSquare},
		{"below the board", engine.White, 200, 450, engine.NoSquare},
	}
	for _, tt := range tests {
		if got := SquareAtPoint(tt.o, r, tt.x, tt.y); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := SquareAtPoint(engine.White, Rect{}, 0, 0); got != engine.NoSquare {
		t.Errorf("empty box: %v", got)
	}
}

// TestSlideOf: the slide starts where the piece was drawn, in columns and rows from its
// square, from either side, and alternates its name.
func TestSlideOf(t *testing.T) {
	s := SlideOf(engine.White, engine.E2, engine.E4, Slide{})
	if s != (Slide{To: engine.E4, DX: 0, DY: 2, Second: true, On: true}) {
		t.Errorf("e2-e4 from white: %+v", s)
	}
	s = SlideOf(engine.Black, engine.G1, engine.F3, s)
	if s != (Slide{To: engine.F3, DX: -1, DY: -2, Second: false, On: true}) {
		t.Errorf("g1-f3 from black: %+v", s)
	}
}
