// Package gesture is the pointer layer the boards share (the 8x8 board and the Never-Ending
// Chess board, each with its own geometry): one pointer pressed on a board, told apart as a
// click or a drag by how far it moves, and the pointer capture that keeps its events on the
// board while it is down. It works in the pixels of any frame (the viewport, the board's).
package gesture

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
)

// Press follows one pointer pressed on a board, from pointerdown to pointerup.
type Press struct {
	// Active says that a pointer is down (the zero Press: none).
	Active bool
	// Moved says that the pointer went farther than the threshold: the press is a drag.
	Moved bool
	// ID is the pointer's pointerId.
	ID int
	// X0, Y0 is where the pointer went down; X, Y where it is now.
	X0, Y0, X, Y float64
}

// Start returns the press of pointer id going down at (x, y).
func Start(id int, x, y float64) Press {
	return Press{Active: true, ID: id, X0: x, Y0: y, X: x, Y: y}
}

// Move follows pointer id to (x, y): a press becomes a drag once the pointer is threshold
// pixels or more from where it went down. It returns how far the pointer moved since the
// last move of the drag (dx, dy) and whether the press is a drag; another pointer, or one
// still within the threshold, moves nothing.
func (p *Press) Move(id int, x, y, threshold float64) (dx, dy float64, dragging bool) {
	if !p.Active || id != p.ID {
		return 0, 0, false
	}
	if !p.Moved && math.Hypot(x-p.X0, y-p.Y0) < threshold {
		return 0, 0, false
	}
	p.Moved = true
	dx, dy = x-p.X, y-p.Y
	p.X, p.Y = x, y
	return dx, dy, true
}

// End ends the press of pointer id: it reports whether this pointer's press ended, and
// whether it was a click (it never became a drag). The press is then over.
func (p *Press) End(id int) (ended, click bool) {
	if !p.Active || id != p.ID {
		return false, false
	}
	click = !p.Moved
	*p = Press{}
	return true, click
}

// Capture keeps the events of pointer id on the element el while it is down; a pointer the
// browser does not know (a synthetic event) is simply not captured.
func Capture(el app.Value, id int) {
	_ = browser.CapturePointer(el, id) // the error of a synthetic event's pointer is expected
}
