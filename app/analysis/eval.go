package analysis

import (
	"fmt"
	"math"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/turn"
)

// Eval is an evaluation from White's side: Mate > 0 when White mates in Mate turns of its
// own (1: with the turn it is making or about to make), Mate < 0 when Black mates in -Mate
// turns, else CP centipawns (positive: White is better).
type Eval struct {
	CP   int `json:"cp,omitempty"`
	Mate int `json:"mate,omitempty"`
}

// String writes the evaluation as the page shows it: "+0.35", "-1.20", "0.00", "#3" (White
// mates in 3 turns) or "#-2" (Black mates in 2).
func (e Eval) String() string {
	if e.Mate != 0 {
		return fmt.Sprintf("#%d", e.Mate)
	}
	sign := "+"
	cp := e.CP
	if cp < 0 {
		sign, cp = "-", -cp
	} else if cp == 0 {
		sign = ""
	}
	return fmt.Sprintf("%s%d.%02d", sign, cp/100, cp%100)
}

// winScale is the logistic scale of WinChance, lichess's (0.00368208 per centipawn): +100
// centipawns is about 59% for White, +300 about 75%, +1000 about 97.5%.
const winScale = 0.00368208

// WinChance returns White's winning chances in percent (0 to 100, 50 for an even position):
// a logistic curve of the centipawns, 100 or 0 for a mate. Review classes turns by the drop
// of this number.
func (e Eval) WinChance() float64 {
	switch {
	case e.Mate > 0:
		return 100
	case e.Mate < 0:
		return 0
	}
	return 50 + 50*(2/(1+math.Exp(-winScale*float64(e.CP)))-1)
}

// For returns the winning chances of side c in percent.
func (e Eval) For(c engine.Color) float64 {
	if c == engine.White {
		return e.WinChance()
	}
	return 100 - e.WinChance()
}

// GraphLimit bounds the centipawns of the evaluation graph (Graph): a mate is drawn at the
// limit.
const GraphLimit = 1000

// Graph returns the evaluation as a point of the evaluation graph: centipawns from White's
// side clamped to ±GraphLimit, a mate at the limit.
func (e Eval) Graph() int {
	switch {
	case e.Mate > 0:
		return GraphLimit
	case e.Mate < 0:
		return -GraphLimit
	}
	return max(-GraphLimit, min(GraphLimit, e.CP))
}

// evalOf converts a score of the search (for the mover of s, in the search's scale) to an
// Eval from White's side. line is the expected line from s: a mate score counts the mating
// side's turns along it (a line cut short counts the plies left as one turn each).
func evalOf(g *turn.SearchGame, s turn.State, score int, line []turn.Action) Eval {
	mover := s.Mover()
	var e Eval
	switch {
	case score >= search.MateBound || score <= -search.MateBound:
		plies := search.Mate - max(score, -score)
		winner := mover
		if score < 0 {
			winner = mover.Other()
		}
		n := mateTurns(g.Variant(), s, line, plies, winner)
		if winner == engine.White {
			e.Mate = n
		} else {
			e.Mate = -n
		}
		return e
	default:
		e.CP = g.Centipawns(score)
	}
	if mover == engine.Black {
		e.CP = -e.CP
	}
	return e
}

// mateTurns counts the turns of winner along the first plies actions of line from s, the
// turn under way included when it is winner's; at least 1.
func mateTurns(v turn.Variant, s turn.State, line []turn.Action, plies int, winner engine.Color) int {
	n, seq := 0, -1
	t := s
	for i := 0; i < plies; i++ {
		if i < len(line) {
			if t.Mover() == winner && t.Seq() != seq {
				n, seq = n+1, t.Seq()
			}
			t = v.Do(t, line[i])
			continue
		}
		// Beyond the line: count what is left as alternate turns.
		if (plies-i)%2 == 1 || t.Mover() == winner {
			n++
		}
		break
	}
	return max(n, 1)
}
