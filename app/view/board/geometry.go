package board

import "github.com/plyground/plyground/engine"

// Rect is the board element's box on the screen, in CSS pixels (getBoundingClientRect).
type Rect struct{ Left, Top, Width, Height float64 }

// SquareAtPoint returns the square under the point (x, y) of a board drawn in r from the
// side orientation, or engine.NoSquare outside the board.
func SquareAtPoint(orientation engine.Color, r Rect, x, y float64) engine.Square {
	if r.Width <= 0 || r.Height <= 0 || x < r.Left || y < r.Top || x >= r.Left+r.Width || y >= r.Top+r.Height {
		return engine.NoSquare
	}
	col := min(max(int((x-r.Left)/r.Width*8), 0), 7)
	row := min(max(int((y-r.Top)/r.Height*8), 0), 7)
	return SquareAt(orientation, row, col)
}

// SlideOf returns the animation of a piece that has just moved from one square to another on
// a board drawn from the side orientation, after the animation prev: it alternates its name
// so that the same square animates twice in a row.
func SlideOf(orientation engine.Color, from, to engine.Square, prev Slide) Slide {
	r0, c0 := ScreenPos(orientation, from)
	r1, c1 := ScreenPos(orientation, to)
	return Slide{To: to, DX: c0 - c1, DY: r0 - r1, Second: !prev.Second, On: true}
}
