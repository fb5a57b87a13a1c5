package turn_test

import (
	"testing"
	"time"

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

// BenchmarkDiceDepth3 times level 5's searches to depth 3 of the 16 dice chess positions
// after the roll of two seeded games (turns 5 to 12, the moves between them played at 2,000
// nodes), the positions the README's dice chess figures use; it reports the nodes of one
// pass over them. Its two parts search each roll by piece type (types, search.ChanceClasses)
// or roll by roll (rolls) on the same positions; the positions depend on the version that
// plays the games, so only the two parts of one run compare.
func BenchmarkDiceDepth3(b *testing.B) {
	v, err := variants.Open("dice", "")
	if err != nil {
		b.Fatal(err)
	}
	var games []*turn.Game
	for seed := uint64(3); seed <= 4; seed++ {
		playDice(b, v, seed, 12, func(game *turn.Game, n int) {
			if n < 4 {
				return
			}
			copied, err := turn.Replay(v, game.Record())
			if err != nil {
				b.Fatal(err)
			}
			games = append(games, copied)
		})
	}
	for _, c := range []struct {
		name string
		off  search.Technique
	}{{"types", 0}, {"rolls", search.ChanceClasses}} {
		b.Run(c.name, func(b *testing.B) {
			var nodes int64
			for i := 0; i < b.N; i++ {
				nodes = 0
				for _, g := range games {
					th, err := turn.NewPlayer(v, 18).Think(g, turn.ThinkOptions{Level: 5, Depth: 3, Time: time.Hour, Disable: c.off})
					if err != nil {
						b.Fatal(err)
					}
					nodes += th.Nodes
				}
			}
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64(len(games)), "positions")
		})
	}
}
