package orthodox

import (
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// BenchmarkTurnPerftOrthodox4 measures turn-perft depth 4 from the start (197,281 turns),
// to compare the turn machinery with the engine's own perft.
func BenchmarkTurnPerftOrthodox4(b *testing.B) {
	v := New()
	s, err := v.Start("")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := turn.Perft(v, s, 4); err != nil {
			b.Fatal(err)
		}
	}
}
