//go:build tune

package search

// The evaluation's tuner: a Texel-style fit of weights on positions from games the engine
// plays against itself. It is a tool, not a test: it runs only with the tune build tag.
//
//	go test -tags tune -run TestTuneGenerate -timeout 0 ./engine/search -args -positions FILE -games N -nodes N
//	go test -tags tune -run TestTuneFit -timeout 0 ./engine/search -args -positions FILE
//
// Generate plays games from the start position after a few random plies (seeded), the
// search with a node budget on both sides and a little noise in the first moves, and writes
// every position not in check with the game's result for White ("FEN;1", ";0.5", ";0").
// Fit keeps the quiet positions (no capture or promotion that wins material by the exchange
// evaluation), scales the evaluation to a winning probability 1/(1+10^(-K·eval/400)) with the
// K that fits best, and then moves each weight by a step while that lowers the mean squared
// error of the predicted results (steps 8, 4, 2, 1), keeping every weight at zero or above
// (each term's formula has its sign) and the passed-pawn bonuses growing with the rank. One
// position in five is held out to check that the fit generalises. It prints the fitted
// weights as Go. With -only NAME,NAME the fit moves those weights alone and keeps the others,
// to fit new terms without refitting the rest.

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/plyground/plyground/engine"
)

var (
	tunePositions = flag.String("positions", "", "positions file")
	tuneGames     = flag.Int("games", 600, "games to generate")
	tuneNodes     = flag.Int64("nodes", 6000, "nodes per move when generating")
	tuneSeed      = flag.Uint64("seed", 1, "seed of the random openings")
	tunePasses    = flag.Int("passes", 6, "passes over the weights per step size")
	tuneOnly      = flag.String("only", "", "comma-separated names of the weights to fit (empty: all)")
)

func TestTuneGenerate(t *testing.T) {
	if *tunePositions == "" {
		t.Skip("no -positions file")
	}
	f, err := os.Create(*tunePositions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := bufio.NewWriter(f)
	defer out.Flush()
	x := New[engine.Position, engine.Move](NewOrthodox(), 18)
	var buf []engine.Move
	total := 0
	for g := 0; g < *tuneGames; g++ {
		rng := rand.New(rand.NewPCG(*tuneSeed, uint64(g)))
		p := engine.StartPosition()
		var keys []uint64
		var fens []string
		result := 0.5
		streak := 0
		for ply := 0; ply < 400; ply++ {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				if p.InCheck() {
					result = 1
					if p.Turn() == engine.White {
						result = 0
					}
				}
				break
			}
			if p.HalfmoveClock() >= 100 || p.InsufficientMaterial() || repetitions(keys, p.Hash()) >= 2 {
				break
			}
			keys = append(keys, p.Hash())
			var m engine.Move
			if ply < 6+g%4 {
				m = moves[rng.IntN(len(moves))]
			} else {
				noise := 0
				if ply < 20 {
					noise = 20
				}
				if !p.InCheck() {
					fens = append(fens, p.FEN())
				}
				r, err := x.Search(p, Options{Budget: Budget{Nodes: *tuneNodes}, Noise: noise, Seed: uint64(g)<<16 | uint64(ply), History: keys[:len(keys)-1]})
				if err != nil {
					t.Fatal(err)
				}
				m = r.Action
				// Adjudication: a side 1000 centipawns up four moves in a row wins.
				switch {
				case r.Score >= 1000 && streak >= 0:
					streak++
				case r.Score <= -1000 && streak <= 0:
					streak--
				default:
					streak = 0
				}
				if streak >= 8 || streak <= -8 {
					winner := p.Turn()
					if streak < 0 {
						winner = winner.Other()
					}
					result = 0
					if winner == engine.White {
						result = 1
					}
					break
				}
			}
			p = p.Play(m)
		}
		for _, fen := range fens {
			fmt.Fprintf(out, "%s;%g\n", fen, result)
		}
		total += len(fens)
		if g%50 == 49 {
			t.Logf("%d games, %d positions", g+1, total)
		}
	}
}

// repetitions returns how many times key occurs in keys (the positions played before).
func repetitions(keys []uint64, key uint64) int {
	n := 0
	for _, k := range keys {
		if k == key {
			n++
		}
	}
	return n
}

type tuneSample struct {
	b      board
	result float64
}

func loadSamples(t *testing.T) []tuneSample {
	f, err := os.Open(*tunePositions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tuneSample
	sc := bufio.NewScanner(f)
	var buf []engine.Move
	skipped := 0
	for sc.Scan() {
		fen, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			continue
		}
		p, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		r, err := strconv.ParseFloat(res, 64)
		if err != nil {
			t.Fatal(err)
		}
		quiet := true
		for _, m := range p.LegalMoves(buf[:0]) {
			if (m.IsCapture() || m.Promotion() != engine.NoPieceType) && SEE(p, m) > 0 {
				quiet = false
				break
			}
		}
		if !quiet {
			skipped++
			continue
		}
		var s tuneSample
		s.b.read(&p)
		s.result = r
		out = append(out, s)
	}
	t.Logf("%d quiet positions (%d with a winning capture left out)", len(out), skipped)
	return out
}

// tuneError is the mean squared error of the predicted results, computed on every core.
func tuneError(samples []tuneSample, k float64) float64 {
	workers := runtime.GOMAXPROCS(0)
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var ei evalInfo
			sum := 0.0
			for j := i; j < len(samples); j += workers {
				s := &samples[j]
				v := evaluate(&s.b, &ei)
				if s.b.turn == engine.Black {
					v = -v
				}
				pred := 1 / (1 + math.Pow(10, -k*float64(v)/400))
				d := s.result - pred
				sum += d * d
			}
			sums[i] = sum
		}(i)
	}
	wg.Wait()
	sum := 0.0
	for _, v := range sums {
		sum += v
	}
	return sum / float64(len(samples))
}

func TestTuneFit(t *testing.T) {
	if *tunePositions == "" {
		t.Skip("no -positions file")
	}
	ws := evalWeights
	v := reflect.ValueOf(&ws).Elem()
	// fit[i]: the fit moves weight i (every weight, or those named by -only).
	fit := make([]bool, v.NumField())
	for i := range fit {
		fit[i] = *tuneOnly == ""
	}
	for _, name := range strings.Split(*tuneOnly, ",") {
		if name == "" {
			continue
		}
		f, ok := v.Type().FieldByName(name)
		if !ok {
			t.Fatalf("-only: no weight named %q", name)
		}
		fit[f.Index[0]] = true
	}
	all := loadSamples(t)
	defer setWeights(evalWeights)
	var samples, held []tuneSample
	for i, s := range all {
		if i%5 == 4 {
			held = append(held, s)
		} else {
			samples = append(samples, s)
		}
	}
	// K: a golden-section search on 0.2..2.
	lo, hi := 0.2, 2.0
	for i := 0; i < 40; i++ {
		a, b := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if tuneError(samples, a) < tuneError(samples, b) {
			hi = b
		} else {
			lo = a
		}
	}
	k := (lo + hi) / 2
	best := tuneError(samples, k)
	t.Logf("K %.3f, error %.6f (held out %.6f)", k, best, tuneError(held, k))
	for _, step := range []int{8, 4, 2, 1} {
		for pass := 0; pass < *tunePasses; pass++ {
			improved := 0
			for i := 0; i < v.NumField(); i++ {
				if !fit[i] {
					continue
				}
				fld := v.Field(i)
				orig := fld.Int()
				for _, d := range []int{step, -step} {
					fld.SetInt(orig + int64(d))
					if !validWeights(ws) {
						continue
					}
					setWeights(ws)
					if e := tuneError(samples, k); e < best {
						best = e
						improved++
						orig += int64(d)
						break
					}
				}
				fld.SetInt(orig)
				setWeights(ws)
			}
			t.Logf("step %d pass %d: error %.6f (held out %.6f), %d weights moved", step, pass+1, best, tuneError(held, k), improved)
			if improved == 0 {
				break
			}
		}
	}
	setWeights(ws)
	var b strings.Builder
	b.WriteString("var evalWeights = weights{\n")
	for i := 0; i < v.NumField(); i++ {
		fmt.Fprintf(&b, "\t%s: %d,\n", v.Type().Field(i).Name, v.Field(i).Int())
	}
	b.WriteString("}\n")
	fmt.Println(b.String())
}

// validWeights reports whether ws keeps the constraints of the fit: no weight below zero,
// passed-pawn bonuses that grow with the rank.
func validWeights(ws weights) bool {
	v := reflect.ValueOf(ws)
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Int() < 0 {
			return false
		}
	}
	mg := []int{ws.Passed1MG, ws.Passed2MG, ws.Passed3MG, ws.Passed4MG, ws.Passed5MG, ws.Passed6MG}
	eg := []int{ws.Passed1EG, ws.Passed2EG, ws.Passed3EG, ws.Passed4EG, ws.Passed5EG, ws.Passed6EG}
	for i := 1; i < len(mg); i++ {
		if mg[i] < mg[i-1] || eg[i] < eg[i-1] {
			return false
		}
	}
	return true
}
