//go:build tune

package turn_test

// The dice-chess labeller: it labels the states before a roll that TestDiceGenerate wrote
// with the value a deeper search gives them, for the trainers of engine/search (-lambda 0)
// and TestDiceFitTerms. It is a tool, not a test: it runs only with the tune build tag.
//
//	go test -tags tune -run TestDiceLabel -timeout 0 ./variants/turn -args -dicelabelin IN -dicelabelout OUT -dicelabelstep K -dicelabeldepth D
//
// A state before a roll is worth the average, over the rolls, of the state after the roll.
// Searching all 21 rolls of each state costs 21 searches; one roll drawn at random gives a
// label with the same expectation at the cost of one, so the labeller rolls once (seed 77 and
// the line's number among those it labels, which TestDiceFitTerms draws again) and searches
// the state after the roll to a fixed depth with level 5. A roll that allows no ply is
// answered by the pass and the player's static value of it (Thought.Depth 0). Each line is
// written as "FEN;result;score", the score for White in centipawns.

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

var (
	labelIn    = flag.String("dicelabelin", "", "the states to label, FEN;result (TestDiceGenerate)")
	labelOut   = flag.String("dicelabelout", "", "the labelled file to write, FEN;result;score")
	labelStep  = flag.Int("dicelabelstep", 1, "label every k-th line of -dicelabelin")
	labelDepth = flag.Int("dicelabeldepth", 3, "the depth of the search after the roll")
	labelNodes = flag.Int64("dicelabelnodes", 100000, "the node budget of the search after the roll")
)

// diceLabelSeed seeds each state's roll, with the state's number.
const diceLabelSeed = 77

func TestDiceLabel(t *testing.T) {
	if *labelIn == "" || *labelOut == "" {
		t.Skip("no -dicelabelin or -dicelabelout")
	}
	data, err := os.ReadFile(*labelIn)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Split(strings.TrimSpace(string(data)), "\n")
	var lines []string
	for i := 0; i < len(all); i += max(1, *labelStep) {
		lines = append(lines, all[i])
	}
	out := make([]string, len(lines))
	v := open(t, "dice", "")
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var done atomic.Int64
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := turn.NewPlayer(v, 16)
			for i := k; i < len(lines); i += workers {
				label, err := diceLabel(v, p, lines[i], i)
				if err != nil {
					t.Errorf("line %d: %v", i, err)
					continue
				}
				out[i] = label
				if c := done.Add(1); c%5000 == 0 {
					t.Logf("%d labelled", c)
				}
			}
		}()
	}
	wg.Wait()
	f, err := os.Create(*labelOut)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, l := range out {
		if l != "" {
			fmt.Fprintln(w, l)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// diceLabel returns the labelled line of the state line (FEN;result), number i.
func diceLabel(v turn.Variant, p *turn.Player, line string, i int) (string, error) {
	fen, result, _ := strings.Cut(line, ";")
	game, err := turn.NewGame(v, fen)
	if err != nil {
		return "", err
	}
	mover := game.State().Mover()
	rng := rand.New(rand.NewPCG(diceLabelSeed, uint64(i)))
	if err := game.Apply(turn.RollAction(turn.Dice{A: uint8(rng.IntN(6) + 1), B: uint8(rng.IntN(6) + 1)})); err != nil {
		return "", err
	}
	th, err := p.Think(game, turn.ThinkOptions{Level: 5, Depth: *labelDepth, Nodes: *labelNodes, Seed: uint64(i)})
	if err != nil {
		return "", err
	}
	score := th.Score // for the mover
	if mover == engine.Black {
		score = -score
	}
	return fmt.Sprintf("%s;%s;%d", fen, result, score), nil
}
