// Package enginetest is an engine-only reference for the variants' tests: the plies of a
// position with en passant captures on targets the engine's own rules would not offer
// (a pawn that double-stepped earlier in a multi-ply turn), and playing them. The turn
// variants' tests count turns with it, written straight from RULES.md without package turn,
// to check turn-perft. No program imports it.
package enginetest

import (
	"strings"

	"github.com/plyground/plyground/engine"
)

// Plies returns the legal plies of p (mover to move) plus e.p. captures on targets ep.
func Plies(p engine.Position, ep []engine.Square) []engine.Move {
	ms := p.LegalMoves(nil)
	for _, sq := range ep {
		ms = append(ms, EnPassant(p, sq)...)
	}
	return ms
}

// EnPassant returns the e.p. captures on target sq. When the engine refuses the target
// because a piece stands on the pawn's start square (it moved there later in the same turn),
// the candidate captures are read from a position holding only the two pawns and two kings
// in the corners, then kept when they do not leave the mover's king attacked in the real
// position.
func EnPassant(p engine.Position, sq engine.Square) []engine.Move {
	q, err := p.WithEnPassant(sq)
	real := err == nil
	if !real {
		us := p.Turn()
		pawnRank := sq.Rank() - 1
		if us == engine.Black {
			pawnRank = sq.Rank() + 1
		}
		rows := make([][]byte, 8)
		for r := range rows {
			rows[r] = []byte("........")
		}
		rows[7][0], rows[0][7] = 'k', 'K'
		if us == engine.Black {
			rows[7][0], rows[0][7] = 'K', 'k'
		}
		mine, theirs := byte('P'), byte('p')
		if us == engine.Black {
			mine, theirs = 'p', 'P'
		}
		rows[pawnRank][sq.File()] = theirs
		for _, df := range []int{-1, 1} {
			if f := sq.File() + df; f >= 0 && f < 8 && p.PieceAt(engine.NewSquare(f, pawnRank)) == engine.NewPiece(us, engine.Pawn) {
				rows[pawnRank][f] = mine
			}
		}
		var b strings.Builder
		for r := 7; r >= 0; r-- {
			b.Write(rows[r])
			if r > 0 {
				b.WriteByte('/')
			}
		}
		placement := b.String()
		for n := 8; n >= 1; n-- {
			placement = strings.ReplaceAll(placement, strings.Repeat(".", n), string(rune('0'+n)))
		}
		side := "w"
		if us == engine.Black {
			side = "b"
		}
		if p.PieceAt(sq) != engine.NoPiece {
			return nil
		}
		if q, err = engine.ParseFEN(placement + " " + side + " - " + sq.String() + " 0 1"); err != nil {
			return nil
		}
	}
	var out []engine.Move
	for _, m := range q.LegalMoves(nil) {
		if m.Kind() != engine.EnPassant || m.To() != sq {
			continue
		}
		if !real {
			after := p.Play(m)
			if after.Attacked(after.KingSquare(p.Turn()), p.Turn().Other()) {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// Play plays m on p; an e.p. capture on a target the engine does not know is played as it is.
func Play(p engine.Position, m engine.Move) engine.Position {
	if m.Kind() == engine.EnPassant {
		if q, err := p.WithEnPassant(m.To()); err == nil {
			p = q // else the start square is taken: the engine plays the capture as it is
		}
	}
	return p.Play(m)
}
