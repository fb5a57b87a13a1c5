//go:build tune

package turn_test

// The dice-chess position generator: it plays dice games of the computer against itself and
// writes the positions before each roll with the game's result, in the labelled-positions
// format engine/search's trainers read (FEN;result for White). It is a tool, not a test: it
// runs only with the tune build tag.
//
//	go test -tags tune -run TestDiceGenerate -timeout 0 ./variants/turn -args -dicegames N -dicenodes N -diceseed S -diceout FILE
//
// Each game starts with two random turns, then level 5 plays both sides with a node budget;
// a side whose score stays beyond 1500 for four of its turns is adjudicated the winner, and
// 250 turns are a draw. Every state before a roll from the fifth turn on, with neither king
// in check, is written; the games are written whole, one after another, so that a trainer
// holding out blocks of positions holds out whole games.

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

var (
	diceGames = flag.Int("dicegames", 0, "dice games to play (0: skip the generator)")
	diceNodes = flag.Int64("dicenodes", 2000, "nodes a turn of the dice games")
	diceSeed  = flag.Uint64("diceseed", 1, "seed of the dice games")
	diceOut   = flag.String("diceout", "", "the labelled positions file to write")
)

func TestDiceGenerate(t *testing.T) {
	if *diceGames <= 0 || *diceOut == "" {
		t.Skip("no -dicegames or -diceout")
	}
	f, err := os.Create(*diceOut)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	var mu sync.Mutex
	v := open(t, "dice", "")
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	positions := 0
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			p := turn.NewPlayer(v, 16)
			for gi := k; gi < *diceGames; gi += workers {
				lines := playDiceGame(t, v, p, gi)
				mu.Lock()
				w.WriteString(lines)
				positions += strings.Count(lines, "\n")
				if gi%500 == 0 {
					t.Logf("game %d, %d positions", gi, positions)
				}
				mu.Unlock()
			}
		}(k)
	}
	wg.Wait()
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d positions in %s", *diceGames, positions, *diceOut)
}

// playDiceGame plays game gi and returns its positions' lines.
func playDiceGame(t *testing.T, v turn.Variant, p *turn.Player, gi int) string {
	rng := rand.New(rand.NewPCG(*diceSeed, uint64(gi)))
	game, err := turn.NewGame(v, "")
	if err != nil {
		t.Error(err)
		return ""
	}
	var fens []string
	var streak [2]int
	result := -1.0 // for White; -1: not decided yet
	for turns := 0; turns < 250 && result < 0; {
		if o := game.Outcome(); o.Over() {
			switch o.Result {
			case turn.WhiteWins:
				result = 1
			case turn.BlackWins:
				result = 0
			default:
				result = 0.5
			}
			break
		}
		s := game.State()
		acts := v.Actions(s, nil)
		if len(acts) > 0 && acts[0].Kind == turn.Roll {
			// A position whose other king stands attacked (its side passed in check, D3) is
			// not a position a FEN reader accepts, nor a quiet one: it is left out too.
			if fen := s.Position().FEN(); turns >= 4 && !s.InCheck() {
				if _, err := engine.ParseFEN(fen); err == nil {
					fens = append(fens, fen)
				}
			}
			if err := game.Apply(turn.RollAction(turn.Dice{A: uint8(rng.IntN(6) + 1), B: uint8(rng.IntN(6) + 1)})); err != nil {
				t.Error(err)
				return ""
			}
			continue
		}
		mover := s.Mover()
		if turns < 2 && len(acts) > 0 {
			turn.SortActions(acts)
			if err := game.Apply(acts[rng.IntN(len(acts))]); err != nil {
				t.Error(err)
				return ""
			}
		} else {
			th, err := p.Think(game, turn.ThinkOptions{Level: 5, Nodes: *diceNodes, Seed: uint64(gi)<<16 | uint64(turns)})
			if err != nil {
				t.Error(err)
				return ""
			}
			for _, a := range th.Actions {
				if err := game.Apply(a); err != nil {
					t.Error(err)
					return ""
				}
			}
			c := &streak[mover]
			switch {
			case th.Score >= 1500:
				*c = max(*c, 0) + 1
			case th.Score <= -1500:
				*c = min(*c, 0) - 1
			default:
				*c = 0
			}
			if *c >= 4 || *c <= -4 {
				result = 0
				if (mover == engine.White) == (*c > 0) {
					result = 1
				}
			}
		}
		turns++
	}
	if result < 0 {
		result = 0.5
	}
	var sb strings.Builder
	for _, fen := range fens {
		fmt.Fprintf(&sb, "%s;%g\n", fen, result)
	}
	return sb.String()
}
