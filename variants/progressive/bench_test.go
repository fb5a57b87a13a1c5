package progressive

import (
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

func benchPerft(b *testing.B, set RuleSet, depth int) {
	v := New(set, Options{})
	s, err := v.Start("")
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for b.Loop() {
		if n, err = turn.Perft(v, s, depth); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "turns")
}

// BenchmarkTurnPerftProgressiveScottish3 measures turn-perft depth 3 from the start.
func BenchmarkTurnPerftProgressiveScottish3(b *testing.B) { benchPerft(b, Scottish, 3) }

// BenchmarkTurnPerftProgressiveItalian3 measures turn-perft depth 3 from the start.
func BenchmarkTurnPerftProgressiveItalian3(b *testing.B) { benchPerft(b, Italian, 3) }
