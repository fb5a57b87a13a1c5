package search

import (
	"testing"

	"github.com/plyground/plyground/engine"
)

// benchSearch searches a position to a fixed depth with a fresh table each time and reports
// nodes per second.
func benchSearch(b *testing.B, fen string, depth int) {
	p := mustFEN(b, fen)
	x := New[engine.Position, engine.Move](NewOrthodox(), 18)
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.Clear()
		r, err := x.Search(p, Options{Budget: Budget{Depth: depth}})
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(nodes)/s, "nodes/s")
		b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	}
}

// BenchmarkSearchStart searches the start position to depth 11 (about 67,000 nodes since
// 7a10ead, which searches the evaluation orthodox chess plays; 47,000 before it; before issue
// 19's pruning, depth 7 took 26,000).
func BenchmarkSearchStart(b *testing.B) { benchSearch(b, engine.StartFEN, 11) }

// BenchmarkSearchKiwipete searches a tactical middlegame to depth 10 (about 105,000 nodes
// since 7a10ead, 83,000 before it; depth 6 took 65,000 before issue 19).
func BenchmarkSearchKiwipete(b *testing.B) {
	benchSearch(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 10)
}

// BenchmarkEvaluate measures the static evaluation of a middlegame, as orthodox chess plays it.
func BenchmarkEvaluate(b *testing.B) {
	p := mustFEN(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	sink := 0
	for i := 0; i < b.N; i++ {
		sink += Evaluate(p)
	}
	_ = sink
}
