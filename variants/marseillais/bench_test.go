package marseillais

import (
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// BenchmarkTurnPerftMarseillais3 measures turn-perft depth 3 from the start.
func BenchmarkTurnPerftMarseillais3(b *testing.B) {
	v := New(Options{})
	s, err := v.Start("")
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for b.Loop() {
		if n, err = turn.Perft(v, s, 3); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "turns")
}
