package nec

import (
	"fmt"
	"strconv"
)

// MaxCoord bounds every coordinate: -MaxCoord <= x, y <= MaxCoord (RULES.md NEC-D1). Sums and
// differences of two coordinates never overflow an int64.
const MaxCoord int64 = 1 << 60

// Square is one square of the unbounded board.
type Square struct{ X, Y int64 }

// Sq returns the square (x, y).
func Sq(x, y int64) Square { return Square{x, y} }

// String writes the square as the seed does: "(x,y)".
func (s Square) String() string {
	b := make([]byte, 0, 24)
	b = append(b, '(')
	b = strconv.AppendInt(b, s.X, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, s.Y, 10)
	b = append(b, ')')
	return string(b)
}

// Valid reports whether the square lies inside the coordinate bounds.
func (s Square) Valid() bool {
	return s.X >= -MaxCoord && s.X <= MaxCoord && s.Y >= -MaxCoord && s.Y <= MaxCoord
}

func (s Square) add(dx, dy int64) Square { return Square{s.X + dx, s.Y + dy} }

// Dir is one of the eight compass directions, counter-clockwise from east.
type Dir uint8

// The eight directions.
const (
	East Dir = iota
	NorthEast
	North
	NorthWest
	West
	SouthWest
	South
	SouthEast
)

var dirVecs = [8][2]int64{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

var dirNames = [8]string{"E", "NE", "N", "NW", "W", "SW", "S", "SE"}

// Vec returns the unit step of the direction.
func (d Dir) Vec() (dx, dy int64) { v := dirVecs[d&7]; return v[0], v[1] }

// String returns the compass name.
func (d Dir) String() string {
	if d > 7 {
		return fmt.Sprintf("Dir(%d)", uint8(d))
	}
	return dirNames[d]
}

// Valid reports whether d is one of the eight directions.
func (d Dir) Valid() bool { return d < 8 }

// Left turns the direction 45 degrees counter-clockwise (one of a pawn's capture directions).
func (d Dir) Left() Dir { return (d + 1) & 7 }

// Right turns the direction 45 degrees clockwise (the other capture direction of a pawn).
func (d Dir) Right() Dir { return (d + 7) & 7 }

// Diagonal reports whether the direction is diagonal.
func (d Dir) Diagonal() bool { return d&1 == 1 }

// Orient is the orientation of a line of squares: none (a leap), horizontal, vertical,
// diagonal (y-x constant) or anti-diagonal (x+y constant).
type Orient uint8

// Line orientations.
const (
	NoLine Orient = iota
	Horizontal
	Vertical
	Diagonal
	AntiDiagonal
)

// Line is a full geometric line of the board (RULES.md 3.4). The zero Line is "no line".
type Line struct {
	Orient Orient
	C      int64 // y for Horizontal, x for Vertical, y-x for Diagonal, x+y for AntiDiagonal
}

// String describes the line, e.g. "x=3" or "y-x=-2"; the zero line is "leap".
func (l Line) String() string {
	switch l.Orient {
	case Horizontal:
		return "y=" + strconv.FormatInt(l.C, 10)
	case Vertical:
		return "x=" + strconv.FormatInt(l.C, 10)
	case Diagonal:
		return "y-x=" + strconv.FormatInt(l.C, 10)
	case AntiDiagonal:
		return "x+y=" + strconv.FormatInt(l.C, 10)
	}
	return "leap"
}

// lineThrough returns the line of direction d through s.
func lineThrough(s Square, d Dir) Line {
	o := orientOf(d)
	c, _ := coords(o, s)
	return Line{Orient: Orient(o + 1), C: c}
}

// orientOf maps a direction to one of the four line orientations 0..3 used by the board index.
func orientOf(d Dir) int {
	switch d & 7 {
	case East, West:
		return 0
	case North, South:
		return 1
	case NorthEast, SouthWest:
		return 2
	default:
		return 3
	}
}

// positive reports whether moving along d increases the position coordinate of orientOf(d).
func positive(d Dir) bool {
	switch d & 7 {
	case East, North, NorthEast, SouthEast:
		return true
	}
	return false
}

// coords returns (line constant, position along the line) of s for orientation o (0..3).
func coords(o int, s Square) (c, p int64) {
	switch o {
	case 0:
		return s.Y, s.X
	case 1:
		return s.X, s.Y
	case 2:
		return s.Y - s.X, s.X
	default:
		return s.X + s.Y, s.X
	}
}

// rayTo returns the direction and distance from a to b when b lies on one of the eight rays
// from a.
func rayTo(a, b Square) (Dir, int64, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx == 0 && dy == 0 {
		return 0, 0, false
	}
	ax, ay := abs(dx), abs(dy)
	if dx != 0 && dy != 0 && ax != ay {
		return 0, 0, false
	}
	sx, sy := sign(dx), sign(dy)
	for d := Dir(0); d < 8; d++ {
		v := dirVecs[d]
		if v[0] == sx && v[1] == sy {
			return d, max(ax, ay), true
		}
	}
	return 0, 0, false
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int64) int64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
