package nec

import "fmt"

// Kind is the kind of a piece (RULES.md N2, section 2).
type Kind uint8

// The piece kinds. The zero Kind is not a piece.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	Guard
	Chancellor
	Unicorn
	TimeThief
	numKinds
)

var kindLetters = [numKinds]string{"", "P", "N", "B", "R", "Q", "G", "C", "U", "TT"}

var kindNames = [numKinds]string{"", "pawn", "knight", "bishop", "rook", "queen", "guard", "chancellor", "unicorn", "time thief"}

var kindValues = [numKinds]int64{0, 1, 3, 3, 5, 9, 3, 8, 5, 6}

// Valid reports whether k is a piece kind.
func (k Kind) Valid() bool { return k > NoKind && k < numKinds }

// Letter returns the notation letter(s): P, N, B, R, Q, G, C, U or TT.
func (k Kind) Letter() string {
	if !k.Valid() {
		return "?"
	}
	return kindLetters[k]
}

// String returns the English name of the kind.
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("Kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// Value is the number of points a player scores for capturing a piece of this kind (NEC-D4).
func (k Kind) Value() int64 {
	if !k.Valid() {
		return 0
	}
	return kindValues[k]
}

// geometry describes how a kind moves and attacks.
type geometry struct {
	orth, diag     bool // rays
	knight, camel  bool // leaps
	step           bool // one step any way (guard)
	pawn           bool
	noCapture      bool // moves only to empty squares (time thief)
	attacksNothing bool
}

var geometries = [numKinds]geometry{
	Pawn:       {pawn: true},
	Knight:     {knight: true},
	Bishop:     {diag: true},
	Rook:       {orth: true},
	Queen:      {orth: true, diag: true},
	Guard:      {step: true},
	Chancellor: {orth: true, knight: true},
	Unicorn:    {knight: true, camel: true},
	TimeThief:  {orth: true, diag: true, noCapture: true, attacksNothing: true},
}

func (k Kind) geo() geometry { return geometries[k] }

// slides reports whether the kind has rays in direction d.
func (g geometry) slides(d Dir) bool {
	if d.Diagonal() {
		return g.diag
	}
	return g.orth
}

var knightLeaps = [8][2]int64{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
var camelLeaps = [8][2]int64{{1, 3}, {3, 1}, {3, -1}, {1, -3}, {-1, -3}, {-3, -1}, {-3, 1}, {-1, 3}}

// leaps appends the leap and step offsets of the geometry (not the pawn's) to buf.
func (g geometry) leaps(buf [][2]int64) [][2]int64 {
	if g.knight {
		buf = append(buf, knightLeaps[:]...)
	}
	if g.camel {
		buf = append(buf, camelLeaps[:]...)
	}
	if g.step {
		buf = append(buf, dirVecs[:]...)
	}
	return buf
}

// leapsTo reports whether offset (dx, dy) is one of the geometry's leaps or steps.
func (g geometry) leapsTo(dx, dy int64) bool {
	ax, ay := abs(dx), abs(dy)
	if g.knight && (ax == 1 && ay == 2 || ax == 2 && ay == 1) {
		return true
	}
	if g.camel && (ax == 1 && ay == 3 || ax == 3 && ay == 1) {
		return true
	}
	if g.step && ax <= 1 && ay <= 1 && ax+ay > 0 {
		return true
	}
	return false
}
