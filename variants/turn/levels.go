package turn

import (
	"time"

	"github.com/plyground/plyground/engine/search"
)

// diceLevels are the levels of dice chess. The generic levels (search.LevelOf) make too
// narrow a ladder here to show in matches: the rolls widen the tree so much that levels 3 and
// 4 both complete depth 2 and differ little (+47 ± 39 Elo in 300 games), and level 5, which
// completes depth 3 in its second (about 850,000 nodes), gained only some +20 Elo over
// level 4: in dice chess the third ply of depth buys little. Noise moves the strength far
// more than depth does, so level 4 searches depth 2 with noise, and levels 3 to 1 depth 1
// with ever more noise (depth 1 averages about 300 nodes, so their node budgets and time caps
// are bounds that seldom bind). With depth 2 and noise 120, level 5 scored only +53 ± 69
// against level 4 in 100 games, hence the noise of 200. Level 5 is the generic one.
var diceLevels = [...]search.Level{
	{Number: 1, Nodes: 1_000, Time: 100 * time.Millisecond, Depth: 1, Noise: 900},
	{Number: 2, Nodes: 2_000, Time: 200 * time.Millisecond, Depth: 1, Noise: 450},
	{Number: 3, Nodes: 5_000, Time: 400 * time.Millisecond, Depth: 1, Noise: 250},
	{Number: 4, Nodes: 40_000, Time: 800 * time.Millisecond, Depth: 2, Noise: 200},
	search.LevelOf(search.MaxLevel),
}

// Level returns the settings of level n (clamped to search.MinLevel..search.MaxLevel) in
// the player's variant: diceLevels for dice chess, search.LevelOf for the others.
func (p *Player) Level(n int) search.Level {
	n = max(search.MinLevel, min(search.MaxLevel, n))
	if p.g.dice {
		return diceLevels[n-1]
	}
	return search.LevelOf(n)
}
