//go:build tune

package turn

// The fit of the dice evaluation's terms to labels of a deeper search (TestDiceLabel's). It
// is a tool, not a test: it runs only with the tune build tag.
//
//	go test -tags tune -run TestDiceFitTerms -v ./variants/turn -args -dicefitin LABELLED
//
// Before the roll the evaluation is squash(score + my expected gain) + exposure
// (SearchGame.Evaluate); after it, squash(score - their expected gain/2) + exposure
// (rolledValue). The fit weighs each term, the score, my expected gain (after the roll: my
// best capture the roll allows), their expected gain and the exposure, and prints the mean
// squared error, in units of a sure win, against the label squashed, before and after, by
// coordinate descent. After the roll it keeps the states where the roll allows no gainful
// capture, those where the evaluation stands pat.

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
)

var fitIn = flag.String("dicefitin", "", "the labelled states, FEN;result;score (TestDiceLabel)")

// fitRow is one state's terms: x inside the squash, expo outside it, and its label squashed,
// in units of a sure win (squashScale), for the mover.
type fitRow struct {
	x     [3]float64
	expo  float64
	label float64
}

// fitTerms fits the weights w (the three terms inside the squash, then the exposure) to rows
// and logs the error before and after.
func fitTerms(t *testing.T, name string, rows []fitRow, w [4]float64) {
	loss := func(w [4]float64) float64 {
		sum := 0.0
		for _, r := range rows {
			p := math.Tanh((w[0]*r.x[0]+w[1]*r.x[1]+w[2]*r.x[2])/squashScale) + w[3]*r.expo/squashScale
			sum += (p - r.label) * (p - r.label)
		}
		return sum / float64(len(rows))
	}
	t.Logf("%s: %d states, weights %.2f: error %.6f", name, len(rows), w, loss(w))
	step := 0.2
	for step >= 0.01 {
		improved := false
		for i := range w {
			for _, d := range []float64{step, -step} {
				v := w
				v[i] += d
				if loss(v) < loss(w) {
					w, improved = v, true
				}
			}
		}
		if !improved {
			step /= 2
		}
	}
	t.Logf("%s: fitted weights %.2f: error %.6f", name, w, loss(w))
}

func TestDiceFitTerms(t *testing.T) {
	if *fitIn == "" {
		t.Skip("no -dicefitin")
	}
	data, err := os.ReadFile(*fitIn)
	if err != nil {
		t.Fatal(err)
	}
	var before, after []fitRow
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(l, ";")
		if len(f) != 3 {
			t.Fatalf("line %d: want FEN;result;score", i+1)
		}
		p, err := engine.ParseFEN(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		label, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		s := NewState(Setup{Position: p, Plies: 1, Number: 1})
		us := s.Mover()
		if us == engine.Black {
			label = -label
		}
		target := float64(squash(label)) / squashScale
		d := search.EvaluateDice(p, 1, 1, [2]uint8{})
		before = append(before, fitRow{[3]float64{float64(d.Score), float64(search.ExpectedGain(d.Gains[us])), float64(search.ExpectedGain(d.Gains[us.Other()]))}, float64(diceExposure(s, d.Exposure)), target})

		// The labeller's roll: line i of its output was its state number i.
		rng := rand.New(rand.NewPCG(77, uint64(i)))
		roll := Dice{A: uint8(rng.IntN(6) + 1), B: uint8(rng.IntN(6) + 1)}
		var spare [2]uint8
		spare[us] = rollTypes(roll)
		dr := search.EvaluateDice(p, 1, 1, spare)
		best := 0
		for tp := engine.Pawn; tp <= engine.King; tp++ {
			if spare[us]&(1<<tp) != 0 {
				best = max(best, dr.Gains[us][tp])
			}
		}
		if best > 0 {
			continue
		}
		after = append(after, fitRow{[3]float64{float64(dr.Score), 0, float64(search.ExpectedGain(dr.Gains[us.Other()]))}, float64(diceExposure(s.WithRoll(roll), dr.Exposure)), target})
	}
	fitTerms(t, "before the roll (score, my expected gain, their expected gain; exposure)", before, [4]float64{1, 1, 0, 1})
	fitTerms(t, "after the roll, no gainful capture (score, -, their expected gain; exposure)", after, [4]float64{1, 0, -0.5, 1})
}
