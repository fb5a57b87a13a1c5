package search

import "time"

// Level is how hard the computer plays: a budget and a deliberate imprecision. Level 1 is a
// beginner's opponent that can be beaten, level 5 the strongest the budget allows.
type Level struct {
	Number int
	// Nodes bounds the search of each turn (0: no bound).
	Nodes int64
	// Time bounds the search of each turn (0: no bound). The time is the turn's alone
	// (Budget.Fixed): a new iteration may begin until it is spent (LateIteration; until half
	// of it without).
	Time time.Duration
	// Depth bounds the iterations (0: MaxDepth).
	Depth int
	// Noise is the largest random error added to the root scores (centipawns).
	Noise int
	// Width is the beam width of the series planner (progressive chess).
	Width int
	// MateNodes bounds the series-mate solver of a long turn (0: no solving).
	MateNodes int64
}

// MinLevel and MaxLevel bound the level numbers.
const (
	MinLevel = 1
	MaxLevel = 5
)

// The node budgets make levels 1 to 4 reproducible; their time caps only bind on slow
// machines (WebAssembly on a phone), where they keep every level below level 5's second.
var levels = [...]Level{
	{Number: 1, Nodes: 1_000, Time: 100 * time.Millisecond, Depth: 1, Noise: 250, Width: 2},
	{Number: 2, Nodes: 5_000, Time: 200 * time.Millisecond, Depth: 2, Noise: 100, Width: 4, MateNodes: 1_000},
	{Number: 3, Nodes: 25_000, Time: 400 * time.Millisecond, Noise: 40, Width: 8, MateNodes: 10_000},
	{Number: 4, Nodes: 100_000, Time: 800 * time.Millisecond, Noise: 12, Width: 16, MateNodes: 60_000},
	{Number: 5, Time: time.Second, Width: 32, MateNodes: 1_500_000},
}

// LevelOf returns the settings of level n, clamped to MinLevel..MaxLevel.
func LevelOf(n int) Level {
	n = max(MinLevel, min(MaxLevel, n))
	return levels[n-1]
}

// Budget returns the level's budget for a turn that starts now, by the clock now (nil:
// time.Now); the caller may add a Stop flag.
func (l Level) Budget(now func() time.Time) Budget {
	b := Budget{Nodes: l.Nodes, Depth: l.Depth, Now: now, Fixed: true}
	if l.Time > 0 {
		if b.Now == nil {
			b.Now = time.Now
		}
		b.Deadline = b.Now().Add(l.Time)
	}
	return b
}
