package session

import "github.com/plyground/plyground/engine"

// Material is the balance of the pieces on the board shown, as the player bars draw it
// beside each player: the pieces a side has more of than the other (what it has captured
// net of its losses, promotions counted), and its lead in points.
type Material struct {
	// Up lists, for each side (indexed by engine.Color), the piece types it has more of
	// than the other side, one entry a piece, queens first.
	Up [2][]engine.PieceType
	// Lead is each side's lead in points (pawn 1, knight and bishop 3, rook 5, queen 9);
	// at most one side's is above zero.
	Lead [2]int
}

// pieceValue is the usual count of points of a piece type; the king counts nothing.
var pieceValue = [...]int{engine.Pawn: 1, engine.Knight: 3, engine.Bishop: 3, engine.Rook: 5, engine.Queen: 9}

// Material returns the balance of the pieces in the position shown.
func (s *Session) Material() Material { return MaterialOf(s.ShownState().Position()) }

// MaterialOf returns the balance of the pieces of p.
func MaterialOf(p engine.Position) Material {
	var m Material
	score := 0
	for _, t := range []engine.PieceType{engine.Queen, engine.Rook, engine.Bishop, engine.Knight, engine.Pawn} {
		d := p.Pieces(engine.White, t).Count() - p.Pieces(engine.Black, t).Count()
		side := engine.White
		if d < 0 {
			side, d = engine.Black, -d
		}
		for range d {
			m.Up[side] = append(m.Up[side], t)
		}
		score += (p.Pieces(engine.White, t).Count() - p.Pieces(engine.Black, t).Count()) * pieceValue[t]
	}
	switch {
	case score > 0:
		m.Lead[engine.White] = score
	case score < 0:
		m.Lead[engine.Black] = -score
	}
	return m
}
