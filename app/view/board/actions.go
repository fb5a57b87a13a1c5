package board

import "github.com/plyground/plyground/variants/turn"

// PlyOf returns the move an action makes on the board: a ply's, or a king capture's (D4);
// the zero Ply for a roll, a pass or a token spend alone.
func PlyOf(a turn.Action) Ply {
	switch a.Kind {
	case turn.Ply:
		return Ply{From: a.Move.From(), To: a.Move.To()}
	case turn.TakeKing:
		return Ply{From: a.From, To: a.To}
	}
	return Ply{}
}

// EngineArrows draws the moves of actions (the engine's best turn, a hint) as arrows of the
// Engine brush.
func EngineArrows(acts []turn.Action) []Shape {
	var out []Shape
	for _, a := range acts {
		if p := PlyOf(a); !p.None() {
			out = append(out, Shape{From: p.From, To: p.To, Brush: Engine})
		}
	}
	return out
}
