package bot

import (
	"github.com/plyground/plyground/variants/nec"
)

// DefaultReach is how far along a ray the strategies consider moves when no reach is given.
const DefaultReach = 7

// Moves returns the legal moves of piece id on the visible board of s (RULES.md 3.2): every
// single target (leaps, steps, pawn moves, steals) and, along each ray, the first reach squares
// (the board being unbounded, a ray is never listed whole) and its capture. The moves come in a
// fixed order: single targets first, then the rays by direction.
func Moves(s nec.State, id nec.PieceID, reach int64) []nec.Move {
	t, err := s.Targets(id)
	if err != nil {
		return nil
	}
	if reach < 1 {
		reach = DefaultReach
	}
	moves := make([]nec.Move, 0, len(t.Points)+len(t.Rays)*int(min(reach, 8)))
	for _, p := range t.Points {
		moves = append(moves, nec.Move{From: t.From, To: p.Sq, Capture: p.Capture})
	}
	steal := func(sq nec.Square) bool {
		for _, p := range t.Points {
			if p.Sq == sq {
				return true
			}
		}
		return false
	}
	for _, r := range t.Rays {
		dx, dy := r.Dir.Vec()
		n := reach
		if r.Steps != nec.Unbounded {
			n = min(n, r.Steps)
		}
		for k := int64(1); k <= n; k++ {
			sq := nec.Sq(t.From.X+k*dx, t.From.Y+k*dy)
			if !sq.Valid() {
				break
			}
			if !steal(sq) { // a steal square is listed among the points already
				moves = append(moves, nec.Move{From: t.From, To: sq})
			}
		}
		if r.Capture {
			k := r.Steps + 1
			moves = append(moves, nec.Move{From: t.From, To: nec.Sq(t.From.X+k*dx, t.From.Y+k*dy), Capture: true})
		}
	}
	return moves
}

// single returns the order of one move.
func single(p int, m nec.Move) nec.Order {
	return nec.Order{Player: p, Steps: []nec.Step{{Move: m}}}
}
