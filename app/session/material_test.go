package session

import (
	"reflect"
	"testing"

	"github.com/plyground/plyground/engine"
)

// TestMaterialBesideThePlayers: the pieces a side has more of and its lead in points, from
// the position's pieces (so a promotion counts as the piece it became).
func TestMaterialBesideThePlayers(t *testing.T) {
	P, N, B, R, Q := engine.Pawn, engine.Knight, engine.Bishop, engine.Rook, engine.Queen
	tests := []struct {
		name string
		fen  string
		up   [2][]engine.PieceType
		lead [2]int
	}{
		{name: "start: level", fen: engine.StartFEN},
		{name: "White took a knight", fen: "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			up: [2][]engine.PieceType{{N}, nil}, lead: [2]int{3, 0}},
		{name: "exchange: rook for bishop and pawn", fen: "rnbqkbn1/pppppppp/8/8/8/8/1PPPPPPP/RN1QKBNR w Kq - 0 1",
			up: [2][]engine.PieceType{{R}, {B, P}}, lead: [2]int{1, 0}},
		{name: "promotion: a queen for a pawn", fen: "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
			up: [2][]engine.PieceType{{Q}, nil}, lead: [2]int{9, 0}},
		{name: "Black ahead", fen: "4k3/pp6/8/8/8/8/8/4K3 w - - 0 1",
			up: [2][]engine.PieceType{nil, {P, P}}, lead: [2]int{0, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := engine.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m := MaterialOf(p)
			if !reflect.DeepEqual(m.Up, tt.up) || m.Lead != tt.lead {
				t.Errorf("MaterialOf = %+v, want up %v lead %v", m, tt.up, tt.lead)
			}
		})
	}
	s := start(t, Config{Variant: "orthodox"})
	clicks(t, s, "e2e4", "d7d5", "e4d5")
	if m := s.Material(); m.Lead != [2]int{1, 0} || !reflect.DeepEqual(m.Up[0], []engine.PieceType{P}) {
		t.Errorf("after exd5: %+v", m)
	}
}
