//go:build tune

package turn_test

// The dice-chess tuner: it plays dice games of the computer against itself and fits a few
// dice-specific terms on top of the evaluation to the games' results, Texel-style. It is a
// tool, not a test: it runs only with the tune build tag.
//
//	go test -tags tune -run TestDiceTune -timeout 0 ./variants/turn -args -dicegames N -dicenodes N
//
// Each game starts with two random turns, then level 5 plays both sides with a node budget;
// a side whose score stays beyond 1500 for four of its turns is adjudicated the winner, and
// 250 turns are a draw. Every state before a roll from the fifth turn on, with no king in
// check, is a sample: the evaluation's parts (turn.DiceTuneParts), a few counts for each
// side, and the game's result for the side about to roll. The model reads the squashed
// evaluation as odds, p = 1/2 + squash(sc·raw + Σ k·f)/(2·1500) + xs·expo/(2·1500), and the
// fit moves sc, xs and the k by steps while that lowers the mean squared error to the results. One
// sample in five is held out to check that the fit generalises.

import (
	"encoding/gob"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

var (
	diceGames = flag.Int("dicegames", 0, "dice games to play (0: skip the tuner)")
	diceNodes = flag.Int64("dicenodes", 3000, "nodes a turn of the dice games")
	diceSeed  = flag.Uint64("diceseed", 1, "seed of the dice games")
	diceFile  = flag.String("dicesamples", "", "samples file: written after playing, read instead of playing when -dicegames is 0")
	diceFit   = flag.String("dicefit", "", "comma-separated names of the parameters to fit (sc and the features; empty: all)")
)

// diceFeatures names the counts of a dice sample, each the mover's less the opponent's.
var diceFeatures = []string{"tempo", "pawns", "knights", "bishops", "rooks", "queens", "types", "moving types", "movable", "endgame pawns"}

type diceSample struct {
	Raw, Expo float64
	F         [10]float64
	Result    float64 // for the side about to roll
}

func TestDiceTune(t *testing.T) {
	if *diceGames <= 0 && *diceFile == "" {
		t.Skip("no -dicegames nor -dicesamples")
	}
	var per [][]diceSample
	if *diceGames > 0 {
		per = playDiceGames(t)
		if *diceFile != "" {
			if err := writeDiceSamples(*diceFile, per); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		var err error
		if per, err = readDiceSamples(*diceFile); err != nil {
			t.Fatal(err)
		}
	}
	fitDice(t, per)
}

// playDiceGames plays the tuner's games, spread over the machine's cores, and returns the
// samples of each worker.
func playDiceGames(t *testing.T) [][]diceSample {
	v := open(t, "dice", "")
	workers := runtime.GOMAXPROCS(0)
	per := make([][]diceSample, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			p := turn.NewPlayer(v, 16)
			sg := turn.NewSearchGame(v)
			for gi := w; gi < *diceGames; gi += workers {
				per[w] = append(per[w], playDiceGame(t, v, p, sg, gi)...)
				if w == 0 && gi%(50*workers) == 0 {
					t.Logf("game %d, %d samples in worker 0", gi, len(per[0]))
				}
			}
		}(w)
	}
	wg.Wait()
	return per
}

// writeDiceSamples writes the samples, one worker's after another, as gob.
func writeDiceSamples(name string, per [][]diceSample) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(per); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// readDiceSamples reads the samples writeDiceSamples wrote.
func readDiceSamples(name string) ([][]diceSample, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var per [][]diceSample
	err = gob.NewDecoder(f).Decode(&per)
	return per, err
}

// fitDice fits the model's parameters (sc, xs, then a k per feature) to the samples and logs
// them.
func fitDice(t *testing.T, per [][]diceSample) {
	var train, held []diceSample
	for _, ss := range per {
		for i, s := range ss {
			if i%5 == 4 {
				held = append(held, s)
			} else {
				train = append(train, s)
			}
		}
	}
	t.Logf("%d samples (%d held out)", len(train)+len(held), len(held))
	params := make([]float64, 2+len(diceFeatures)) // sc, xs, then the k
	params[0], params[1] = 1, 1
	names := append([]string{"sc", "xs"}, diceFeatures...)
	fit := make([]bool, len(params))
	for i := range fit {
		fit[i] = *diceFit == ""
	}
	for _, n := range strings.Split(*diceFit, ",") {
		if i := slices.Index(names, n); i >= 0 {
			fit[i] = true
		} else if n != "" {
			t.Fatalf("-dicefit: no parameter %q", n)
		}
	}
	base := diceError(train, params)
	t.Logf("as played: error %.6f (held out %.6f)", base, diceError(held, params))
	best := base
	for _, step := range []float64{32, 16, 8, 4, 2, 1} {
		for pass := 0; pass < 20; pass++ {
			moved := 0
			for i := range params {
				if !fit[i] {
					continue
				}
				d := step
				if i < 2 {
					d = step / 100
				}
				for _, dd := range []float64{d, -d} {
					params[i] += dd
					if e := diceError(train, params); e < best {
						best = e
						moved++
						break
					}
					params[i] -= dd
				}
			}
			if moved == 0 {
				break
			}
		}
		t.Logf("step %g: error %.6f (held out %.6f)", step, best, diceError(held, params))
	}
	t.Logf("sc %.2f, xs %.2f", params[0], params[1])
	for i, name := range diceFeatures {
		t.Logf("%-12s %+.0f", name, params[2+i])
	}
}

// diceError returns the mean squared error of the model with params (sc, xs, then the k) to the
// samples' results.
func diceError(samples []diceSample, params []float64) float64 {
	sum := 0.0
	for i := range samples {
		s := &samples[i]
		z := params[0] * s.Raw
		for j, f := range s.F {
			z += params[2+j] * f
		}
		p := 0.5 + 0.5*math.Tanh(z/1500) + params[1]*s.Expo/3000
		p = max(0, min(1, p))
		d := s.Result - p
		sum += d * d
	}
	return sum / float64(len(samples))
}

// playDiceGame plays game gi of the tuner and returns its samples.
func playDiceGame(t *testing.T, v turn.Variant, p *turn.Player, sg *turn.SearchGame, gi int) []diceSample {
	rng := rand.New(rand.NewPCG(*diceSeed, uint64(gi)))
	game, err := turn.NewGame(v, "")
	if err != nil {
		t.Error(err)
		return nil
	}
	var out []diceSample
	var movers []engine.Color
	var streak [2]int
	result := -1.0 // for White; -1: not decided by the play
	for turns := 0; turns < 250; {
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
			if turns >= 4 && !s.InCheck() {
				if raw, expo, mov, plain := turn.DiceTuneParts(sg, s); plain {
					f := diceCounts(v, s)
					f[8] = float64(mov)
					out = append(out, diceSample{Raw: float64(raw), Expo: float64(expo), F: f})
					movers = append(movers, s.Mover())
				}
			}
			if err := game.Apply(turn.RollAction(turn.Dice{A: uint8(rng.IntN(6) + 1), B: uint8(rng.IntN(6) + 1)})); err != nil {
				t.Error(err)
				return nil
			}
			continue
		}
		mover := s.Mover()
		if turns < 2 {
			seq := s.Seq()
			for st := game.State(); st.Seq() == seq && !game.Outcome().Over(); st = game.State() {
				as := v.Actions(st, nil)
				if len(as) == 0 {
					break
				}
				turn.SortActions(as)
				if err := game.Apply(as[rng.IntN(len(as))]); err != nil {
					t.Error(err)
					return nil
				}
			}
		} else {
			th, err := p.Think(game, turn.ThinkOptions{Level: 5, Nodes: *diceNodes, Seed: uint64(gi)<<16 | uint64(turns)})
			if err != nil {
				t.Error(err)
				return nil
			}
			for _, a := range th.Actions {
				if err := game.Apply(a); err != nil {
					t.Error(err)
					return nil
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
				winner := mover
				if *c < 0 {
					winner = mover.Other()
				}
				result = 0
				if winner == engine.White {
					result = 1
				}
				break
			}
		}
		turns++
	}
	if result < 0 {
		result = 0.5
	}
	for i := range out {
		out[i].Result = result
		if movers[i] == engine.Black {
			out[i].Result = 1 - result
		}
	}
	return out
}

// diceCounts returns the features of s (diceFeatures), each the mover's less the
// opponent's: a constant, the pieces of each type, the types present besides the king, and
// the types with a legal ply, the pawns again scaled by how far the game is into its
// endgame (movable is set by the caller).
func diceCounts(v turn.Variant, s turn.State) [10]float64 {
	var f [10]float64
	f[0] = 1
	pos := s.Position()
	us := s.Mover()
	for side, sign := range map[engine.Color]float64{us: 1, us.Other(): -1} {
		for t := engine.Pawn; t <= engine.Queen; t++ {
			n := pos.Pieces(side, t).Count()
			f[int(t)] += sign * float64(n)
			if n > 0 {
				f[6] += sign
			}
		}
	}
	phase := 0
	for t, w := range map[engine.PieceType]int{engine.Knight: 1, engine.Bishop: 1, engine.Rook: 2, engine.Queen: 4} {
		phase += w * (pos.Pieces(engine.White, t).Count() + pos.Pieces(engine.Black, t).Count())
	}
	f[9] = f[1] * float64(24-min(phase, 24)) / 24
	moving := func(st turn.State) float64 {
		var seen [7]bool
		n := 0.0
		p := st.Position()
		for _, m := range st.LegalPlies(nil) {
			if t := p.PieceAt(m.From()).Type(); !seen[t] {
				seen[t] = true
				n++
			}
		}
		return n
	}
	f[7] = moving(s) - moving(s.EndTurn(us.Other(), 1, s.Number()))
	return f
}
