package engine

import (
	"slices"
	"testing"
)

// TestLegalCapturesAreTheMaterialMoves checks LegalCaptures against LegalMoves in every
// position of a shallow tree from the perft positions: the same captures (e.p. included) and
// promotions, and nothing else.
func TestLegalCapturesAreTheMaterialMoves(t *testing.T) {
	for _, fen := range []string{StartFEN, kiwipete, position3, position4, position5, position6} {
		p := mustFEN(t, fen)
		n := 0
		var walk func(p Position, depth int)
		walk = func(p Position, depth int) {
			var all, got []Move
			all = p.LegalMoves(nil)
			got = p.LegalCaptures(nil)
			var want []Move
			for _, m := range all {
				if m.IsCapture() || m.Promotion() != NoPieceType {
					want = append(want, m)
				}
			}
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: LegalCaptures %v, want %v", p.FEN(), got, want)
			}
			n++
			if depth == 0 {
				return
			}
			for _, m := range all {
				walk(p.Play(m), depth-1)
			}
		}
		walk(p, 3)
		if n < 100 {
			t.Fatalf("%s: only %d positions", fen, n)
		}
	}
}
