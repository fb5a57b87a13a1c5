package sdm

import (
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// BenchmarkTurnPerftSDM3 measures turn-perft depth 3 from the start with one token each.
func BenchmarkTurnPerftSDM3(b *testing.B) {
	v := New(DefaultOptions())
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
