package nec

import (
	"errors"
	"fmt"
)

// Move is one move of an order: a piece goes from From to To. Capture records whether the move
// is written as a capture ("x"); it must match the visible board (RULES.md 5.4, NEC-D10),
// except in an order of one step, where "x" on an empty square is read as the plain move (N4).
type Move struct {
	From, To Square
	Capture  bool
}

// Errors of move validation; the errors returned wrap one of these with the details.
var (
	ErrNoPiece          = errors.New("no piece of the player on the from-square")
	ErrOutOfBounds      = errors.New("square outside the board")
	ErrUnreachable      = errors.New("the piece cannot reach the square on the visible board")
	ErrOwnPiece         = errors.New("the square holds a piece of the player")
	ErrNothingToCapture = errors.New("nothing to capture on the square")
	ErrUnmarkedCapture  = errors.New("the move captures and must be written with x")
	ErrTimeThiefCapture = errors.New("a time thief captures only pieces that left a square in the last update")
)

// Unbounded is the Steps of a ray that meets no piece: it runs to the edge of the coordinate
// range (RULES.md 1.1).
const Unbounded int64 = -1

// Ray is one ray of a slider's legal targets on the visible board: the piece may move to the
// first Steps squares in direction Dir (all of them when Steps is Unbounded), and, when Capture is
// set, capture on the square after them.
type Ray struct {
	Dir     Dir
	Steps   int64
	Capture bool
}

// Target is one single legal target square (a leap, a step, a pawn move or a steal).
type Target struct {
	Sq      Square
	Capture bool
	Steal   bool
}

// Targets are the legal targets of one piece on the visible board: rays for its sliding moves
// (never listed square by square, the board being unbounded) and single squares for the rest.
// A steal square lies on a ray too; it is listed in Points as a Steal.
type Targets struct {
	From   Square
	Rays   []Ray
	Points []Target
}

// Contains reports whether sq is a legal target and how the piece gets there.
func (t Targets) Contains(sq Square) (Target, bool) {
	for _, p := range t.Points {
		if p.Sq == sq {
			return p, true
		}
	}
	if !sq.Valid() {
		return Target{}, false
	}
	d, dist, ok := rayTo(t.From, sq)
	if !ok {
		return Target{}, false
	}
	for _, r := range t.Rays {
		if r.Dir != d {
			continue
		}
		if r.Steps == Unbounded || dist <= r.Steps {
			return Target{Sq: sq}, true
		}
		if r.Capture && dist == r.Steps+1 {
			return Target{Sq: sq, Capture: true}, true
		}
	}
	return Target{}, false
}

// Targets returns the legal targets of piece id on the visible board (RULES.md 3.2).
func (s State) Targets(id PieceID) (Targets, error) {
	i, ok := s.indexOf(id)
	if !ok {
		return Targets{}, fmt.Errorf("%w: no piece %d", ErrNoPiece, id)
	}
	pc := s.pieces[i]
	g := pc.Kind.geo()
	t := Targets{From: pc.Sq}
	own := uint16(1) << pc.Owner
	point := func(sq Square, mayCapture bool) {
		if !sq.Valid() {
			return
		}
		m := s.b.ownersAt(sq)
		switch {
		case m == 0:
			t.Points = append(t.Points, Target{Sq: sq})
		case mayCapture && m&own == 0:
			t.Points = append(t.Points, Target{Sq: sq, Capture: true})
		}
	}
	if g.pawn {
		pd := s.dirs[pc.Owner]
		dx, dy := pd.Vec()
		if fwd := pc.Sq.add(dx, dy); fwd.Valid() && !s.b.occupied(fwd) {
			t.Points = append(t.Points, Target{Sq: fwd})
		}
		for _, v := range [2]Dir{pd.Left(), pd.Right()} {
			dx, dy := v.Vec()
			sq := pc.Sq.add(dx, dy)
			if m := s.b.ownersAt(sq); sq.Valid() && m != 0 && m&own == 0 {
				t.Points = append(t.Points, Target{Sq: sq, Capture: true})
			}
		}
		return t, nil
	}
	var buf [24][2]int64
	for _, off := range g.leaps(buf[:0]) {
		point(pc.Sq.add(off[0], off[1]), true)
	}
	for d := Dir(0); d < 8; d++ {
		if !g.slides(d) {
			continue
		}
		r := Ray{Dir: d, Steps: Unbounded}
		if dist, _, _, _, ok := s.b.nearest(pc.Sq, d); ok {
			r.Steps = dist - 1
			if !g.noCapture {
				m := s.b.ownersAt(pc.Sq.add(dist*dirVecs[d][0], dist*dirVecs[d][1]))
				r.Capture = m&own == 0
			}
		}
		if r.Steps != 0 || r.Capture {
			t.Rays = append(t.Rays, r)
		}
	}
	if pc.Kind == TimeThief {
		for _, sq := range s.stealSquares(int32(i)) {
			t.Points = append(t.Points, Target{Sq: sq, Capture: true, Steal: true})
		}
	}
	return t, nil
}

// stealSquares returns the steal squares of time thief i (RULES.md 6.7): empty squares that a
// piece of another player left in the last update, on an open ray of the time thief.
func (s *State) stealSquares(i int32) []Square {
	tt := s.pieces[i]
	var out []Square
	for _, p := range s.pieces {
		if !p.Moved || p.Owner == tt.Owner {
			continue
		}
		sq := p.From
		if s.b.occupied(sq) || !s.openRay(tt.Sq, sq) {
			continue
		}
		dup := false
		for _, q := range out {
			dup = dup || q == sq
		}
		if !dup {
			out = append(out, sq)
		}
	}
	return out
}

// openRay reports whether to lies on a ray from from and every square up to and including to is
// empty.
func (s *State) openRay(from, to Square) bool {
	d, dist, ok := rayTo(from, to)
	if !ok {
		return false
	}
	near, _, _, _, hit := s.b.nearest(from, d)
	return !hit || dist < near
}

// stepKind says what a validated move does.
type stepKind uint8

const (
	plainStep stepKind = iota
	captureStep
	stealStep
)

// checked is a move validated against the visible board.
type checked struct {
	mover   int32
	to      Square
	kind    stepKind
	targets []int32 // the pieces captured if the capture hits (piece indices)
	// unmarked: written as a capture on a square that is empty on the visible board, and
	// taken as the plain move there (N4).
	unmarked bool
}

// checkMove validates m for player on the visible board (RULES.md 5.2-5.5).
func (s *State) checkMove(player int, m Move) (checked, error) {
	mover := int32(-1)
	s.b.piecesAt(m.From, func(i int32) {
		if s.pieces[i].Owner == player {
			mover = i
		}
	})
	if mover < 0 {
		return checked{}, fmt.Errorf("%w: %v", ErrNoPiece, m.From)
	}
	pc := s.pieces[mover]
	if !m.To.Valid() {
		return checked{}, fmt.Errorf("%w: %v", ErrOutOfBounds, m.To)
	}
	what := pieceOn{pc.Kind, pc.Sq}
	g := pc.Kind.geo()
	own := uint16(1) << player
	owners := s.b.ownersAt(m.To)
	if g.pawn {
		pd := s.dirs[player]
		dx, dy := pd.Vec()
		switch {
		case m.To == pc.Sq.add(dx, dy):
			if owners != 0 {
				return checked{}, fmt.Errorf("%w: %s moves forward only onto an empty square, %v is occupied", ErrUnreachable, what, m.To)
			}
		case m.To == pc.Sq.add(pd.Left().Vec()) || m.To == pc.Sq.add(pd.Right().Vec()):
			if owners == 0 {
				return checked{}, fmt.Errorf("%w: %s moves diagonally only to capture, %v is empty", ErrNothingToCapture, what, m.To)
			}
		default:
			return checked{}, fmt.Errorf("%w: %s cannot move to %v", ErrUnreachable, what, m.To)
		}
	} else if !g.leapsTo(m.To.X-pc.Sq.X, m.To.Y-pc.Sq.Y) {
		d, dist, ok := rayTo(pc.Sq, m.To)
		if !ok || !g.slides(d) {
			return checked{}, fmt.Errorf("%w: %s cannot move to %v", ErrUnreachable, what, m.To)
		}
		if near, _, _, _, hit := s.b.nearest(pc.Sq, d); hit && near < dist {
			dx, dy := d.Vec()
			return checked{}, fmt.Errorf("%w: %s to %v: path blocked on %v", ErrUnreachable, what, m.To, pc.Sq.add(near*dx, near*dy))
		}
	}
	c := checked{mover: mover, to: m.To}
	switch {
	case owners&own != 0:
		return checked{}, fmt.Errorf("%w: %s to %v", ErrOwnPiece, what, m.To)
	case owners != 0:
		if g.noCapture {
			return checked{}, fmt.Errorf("%w: %s cannot capture on %v", ErrTimeThiefCapture, what, m.To)
		}
		if !m.Capture {
			return checked{}, fmt.Errorf("%w: %s to %v", ErrUnmarkedCapture, what, m.To)
		}
		c.kind = captureStep
		s.b.piecesAt(m.To, func(i int32) { c.targets = append(c.targets, i) })
		sortInt32(c.targets)
	default:
		if pc.Kind == TimeThief {
			for i := range s.pieces {
				p := &s.pieces[i]
				if p.Moved && p.From == m.To && p.Owner != player {
					c.targets = append(c.targets, int32(i))
				}
			}
		}
		switch {
		case len(c.targets) > 0 && !m.Capture:
			return checked{}, fmt.Errorf("%w: %s to %v steals a piece", ErrUnmarkedCapture, what, m.To)
		case len(c.targets) > 0:
			c.kind = stealStep
		case m.Capture:
			if pc.Kind == TimeThief {
				return checked{}, fmt.Errorf("%w: %s: no piece of another player left %v in the last update", ErrTimeThiefCapture, what, m.To)
			}
			return checked{}, fmt.Errorf("%w: %s: %v is empty on the visible board", ErrNothingToCapture, what, m.To)
		}
	}
	return c, nil
}

func sortInt32(v []int32) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

// pieceOn formats as "rook on (3,4)" in error messages, only when one is printed.
type pieceOn struct {
	k  Kind
	sq Square
}

// String writes "rook on (3,4)".
func (p pieceOn) String() string { return p.k.String() + " on " + p.sq.String() }
