package turn_test

import (
	"testing"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// BenchmarkSolveExample times the example: after 1.e4 2.e5 Nf6 White's three-ply
// mating series, found by the series-mate solver.
func BenchmarkSolveExample(b *testing.B) {
	v := open(b, "progressive-italian", "")
	s := start(b, v, afterE4E5Nf6)
	g := turn.NewSearchGame(v)
	for i := 0; i < b.N; i++ {
		if r := search.SolveSeries[turn.State, turn.Action](g, s, search.Budget{}); !r.Mate {
			b.Fatal("no mate")
		}
	}
}

// BenchmarkSolveNoMate times a proof that no mating series exists: White's series 5 from the
// start position has one; series 3 has none (the solver must search every series).
func BenchmarkSolveNoMate(b *testing.B) {
	v := open(b, "progressive-italian", "series=3")
	s := start(b, v, "")
	g := turn.NewSearchGame(v)
	for i := 0; i < b.N; i++ {
		if r := search.SolveSeries[turn.State, turn.Action](g, s, search.Budget{}); r.Mate || !r.Proved {
			b.Fatal("unexpected result")
		}
	}
}

// benchThink searches a variant's start (after the roll 1-2 in dice chess) with a fixed node
// budget and reports nodes per second.
func benchThink(b *testing.B, id string) {
	var nodes int64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g, err := variants.NewGame(id, "", "")
		if err != nil {
			b.Fatal(err)
		}
		if id == "dice" {
			if err := g.Apply(turn.RollAction(turn.Dice{A: 1, B: 2})); err != nil {
				b.Fatal(err)
			}
		}
		p := turn.NewPlayer(g.Variant(), 18)
		b.StartTimer()
		th, err := p.Think(g, turn.ThinkOptions{Level: 5, Nodes: 200_000})
		if err != nil {
			b.Fatal(err)
		}
		nodes += th.Nodes
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(nodes)/s, "nodes/s")
	}
}

func BenchmarkThinkOrthodox(b *testing.B)    { benchThink(b, "orthodox") }
func BenchmarkThinkMarseillais(b *testing.B) { benchThink(b, "marseillais") }
func BenchmarkThinkSDM(b *testing.B)         { benchThink(b, "sdm") }
func BenchmarkThinkDice(b *testing.B)        { benchThink(b, "dice") }
func BenchmarkThinkProgressive(b *testing.B) { benchThink(b, "progressive-italian") }
