package turn

// Hooks for callers that drive package search over a SearchGame themselves (the analysis
// board, app/analysis) instead of through a Player: what the Player knows of the variant's
// search, exported without changing how it searches.

// Dice reports whether the variant's turns begin with a roll (dice chess): the root of a turn
// before its roll is a chance node, which search.Searcher does not choose at.
func (g *SearchGame) Dice() bool { return g.dice }

// Series reports whether the variant's turns grow (progressive chess, P1): such turns are
// planned by search.SolveSeries and search.PlanSeries rather than searched ply by ply.
func (g *SearchGame) Series() bool { return g.series }

// ChanceWin returns the search.Options.ChanceWin the Player uses for the variant (0: the
// search's default): in dice chess, the value of a sure win on the squashed scale.
func (g *SearchGame) ChanceWin() int {
	if g.dice {
		return diceWin
	}
	return 0
}

// Centipawns converts a score of the search over g (for the side to move) to centipawns: in
// dice chess the evaluation is squashed (see squash) and is unsquashed; mate scores
// (beyond ±search.MateBound) and the scores of the other variants are returned unchanged.
func (g *SearchGame) Centipawns(score int) int {
	if g.dice {
		return unsquash(score)
	}
	return score
}

// History returns the repetition keys (Key) of the game's turn starts before its current
// state, oldest first, as Player.Think passes them to the search (search.Options.History):
// a position reached by a pass does not count (D7).
func (g *SearchGame) History(game *Game) []uint64 {
	var hist []uint64
	states := game.states
	for i, st := range states[:len(states)-1] {
		if turnStart(st) && (i == 0 || game.counts(game.actions[i-1])) {
			hist = append(hist, g.Key(st))
		}
	}
	return hist
}
