package analysis

import (
	"errors"
	"time"

	"github.com/plyground/plyground/variants/turn"
)

// HintTime is the budget of a hint when its options have none.
const HintTime = time.Second

// ErrRollFirst is returned by Hint before a dice roll: the hint is the best ply for the roll.
var ErrRollFirst = errors.New("analysis: roll the dice first, then ask for a hint")

// Hint returns the best turn now: the actions that finish the turn under way, as the
// analysis of the game's position within o's budget finds them (HintTime when o has none),
// with that analysis. The caller notes the hint in the game (turn.Game.UseHint).
func (a *Analyser) Hint(game *turn.Game, o Options) ([]turn.Action, Report, error) {
	if acts := game.Variant().Actions(game.State(), nil); len(acts) > 0 && acts[0].Kind == turn.Roll {
		return nil, Report{}, ErrRollFirst
	}
	if o.Depth == 0 && o.Nodes == 0 && o.Time == 0 {
		o.Time = HintTime
	}
	r, err := a.AnalyseGame(game, o, nil)
	if err != nil {
		return nil, Report{}, err
	}
	return r.Best(game.Variant(), game.State()), r, nil
}
