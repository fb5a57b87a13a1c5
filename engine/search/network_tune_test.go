//go:build tune

package search

// The network's trainer (network.go): make tune-network, or
//
//	go test -tags tune -run TestTuneNetwork -timeout 0 ./engine/search -args -positions LABELLED -lambda L -heldgames [-write]
//
// It reads the quiet positions of a labelled file as the evaluation's fit does (loadSamples:
// the same targets, the same held-out games), fits the network by Adam on minibatches (a
// seeded shuffle), and prints the mean squared error on the held-out positions next to the
// hand-written evaluation's, at its best scale. The first layer's weights are fitted as a sum
// of a weight per input and shared ones (by side and piece type, by side, type and rank, by
// side, type and file), which generalise from few positions; the file holds their sums. With
// -write it writes the network to -netout (engine/orthonet/network.bin), the first layer
// rounded to 16-bit integers, and the scale that puts the network's output on the
// hand-written evaluation's scale.

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"

	"github.com/plyground/plyground/engine"
)

var (
	netEpochs = flag.Int("netepochs", 12, "epochs of the network's fit")
	netBatch  = flag.Int("netbatch", 1024, "positions per step of the network's fit")
	netRate   = flag.Float64("netrate", 0.003, "the network's learning rate (a tenth in the last quarter)")
	netDecay  = flag.Float64("netdecay", 0, "decoupled weight decay of the first layer's weights by input (not the shared ones)")
	netOut    = flag.String("netout", "../orthonet/network.bin", "the file -write writes the network to")
)

// params lists every parameter, for the optimiser.
func (n *netFloat) params() []*float32 {
	var out []*float32
	for i := range n.w1 {
		for j := range n.w1[i] {
			out = append(out, &n.w1[i][j])
		}
	}
	for j := range n.b1 {
		out = append(out, &n.b1[j])
	}
	for v := range n.w2 {
		for j := range n.w2[v] {
			out = append(out, &n.w2[v][j])
		}
	}
	out = append(out, &n.b2)
	for k := range n.m {
		for j := range n.m[k] {
			out = append(out, &n.m[k][j])
		}
		for r := range n.r[k] {
			for j := range n.r[k][r] {
				out = append(out, &n.r[k][r][j], &n.f[k][r][j])
			}
		}
	}
	return out
}

// spread sets the shared weights' gradients from the first layer's.
func (n *netFloat) spread() {
	for i := range n.w1 {
		k, sq := i/64, i%64
		for j, g := range n.w1[i] {
			n.m[k][j] += g
			n.r[k][sq/8][j] += g
			n.f[k][sq%8][j] += g
		}
	}
}

// backward adds to g the gradient of the squared error of s, from the sums forward left.
func (e *netFloat) backward(s *netExample, acc *[2][netHidden]float32, out float32, g *netFloat) float64 {
	p := float32(1 / (1 + math.Exp(-float64(out))))
	diff := p - s.target
	d := 2 * diff * p * (1 - p)
	g.b2 += d
	for v := range acc {
		var da [netHidden]float32
		for j, a := range acc[v] {
			g.w2[v][j] += d * netAct(a)
			if a > 0 && a < 1 {
				da[j] = d * e.w2[v][j] * 2 * a
			}
			g.b1[j] += da[j]
		}
		for _, in := range s.in[v][:s.n] {
			w := &g.w1[in]
			for j := range w {
				w[j] += da[j]
			}
		}
	}
	return float64(diff * diff)
}

// netExample is a position the network is fitted on: what it reads and its target.
type netExample struct {
	netSample
	target float32 // the side to move's expected result
}

// netSamples converts the samples of loadSamples, with their hand-written evaluations hs
// (handSamples) over scale as the base the network corrects.
func netSamples(samples []tuneSample, hs []handSample, scale float64) []netExample {
	out := make([]netExample, len(samples))
	for i := range samples {
		s := &out[i]
		netInputsOf(&s.netSample, &samples[i].b)
		s.target = float32(hs[i].target)
		s.base = float32(hs[i].v / scale)
	}
	return out
}

// netTarget is the network's target for s, for the side to move: lambda times the game's
// result plus (1-lambda) times the label taken to a winning probability 1/(1+e^(-score/400)),
// the scale such networks are usually fitted at (flatter than the evaluation fit's, which
// saturates a few pawns from equality).
func netTarget(s *tuneSample) float64 {
	r, cp := s.game, s.label
	if s.b.turn == engine.Black {
		r, cp = 1-r, -cp
	}
	return *tuneLambda*r + (1-*tuneLambda)/(1+math.Exp(-cp/400))
}

// netLabelMax bounds the labels the network is fitted on: beyond it (won positions, mates)
// the score says little about the position's features.
const netLabelMax = 3000

// handSample is a sample's hand-written evaluation for the side to move (as orthodox chess
// searches it), in centipawns, and the network's target (netTarget).
type handSample struct{ v, target float64 }

// handSamples evaluates each sample once, for handScale, handError and netSamples.
func handSamples(samples []tuneSample) []handSample {
	out := make([]handSample, len(samples))
	workers := runtime.GOMAXPROCS(0)
	parallel(workers, func(w int) {
		var ei evalInfo
		for j := w; j < len(samples); j += workers {
			s := &samples[j]
			out[j] = handSample{float64(evaluateTurn(&s.b, &ei, 1, 1)), netTarget(s)}
		}
	})
	return out
}

// handError is the mean squared error of the hand-written evaluation on the network's
// targets, its score taken to a winning probability 1/(1+e^(-v/scale)).
func handError(hs []handSample, scale float64) float64 {
	sum := 0.0
	for _, h := range hs {
		d := 1/(1+math.Exp(-h.v/scale)) - h.target
		sum += d * d
	}
	return sum / float64(len(hs))
}

// handScale returns the scale at which the hand-written evaluation predicts the targets best,
// in 100..1000 centipawns.
func handScale(hs []handSample) float64 {
	return goldenSection(100, 1000, func(scale float64) float64 { return handError(hs, scale) })
}

// netError is the mean squared error of e (merged) on samples.
func netError(e *netFloat, samples []netExample) float64 {
	workers := runtime.GOMAXPROCS(0)
	sums := make([]float64, workers)
	parallel(workers, func(w int) {
		var acc [2][netHidden]float32
		for i := w; i < len(samples); i += workers {
			p := 1 / (1 + math.Exp(-float64(e.forward(&samples[i].netSample, &acc))))
			d := p - float64(samples[i].target)
			sums[w] += d * d
		}
	})
	sum := 0.0
	for _, v := range sums {
		sum += v
	}
	return sum / float64(len(samples))
}

func TestTuneNetwork(t *testing.T) {
	if *tunePositions == "" {
		t.Skip("no -positions file")
	}
	var all []tuneSample
	for _, s := range loadSamples(t) {
		if math.Abs(s.label) <= netLabelMax {
			all = append(all, s)
		}
	}
	var train, held []tuneSample
	for i := range all {
		if heldOut(i) {
			held = append(held, all[i])
		} else {
			train = append(train, all[i])
		}
	}
	htrain, hheld := handSamples(train), handSamples(held)
	scale := handScale(htrain)
	t.Logf("hand-written evaluation: scale %.1f, error %.6f on %d positions, %.6f on %d held out", scale, handError(htrain, scale), len(train), handError(hheld, scale), len(held))
	tr, te := netSamples(train, htrain, scale), netSamples(held, hheld, scale)

	rng := rand.New(rand.NewPCG(*tuneSeed, 7))
	n := &netFloat{}
	for i := range n.w1 {
		for j := range n.w1[i] {
			n.w1[i][j] = float32(rng.NormFloat64() * 0.1)
		}
	}
	for j := range n.b1 {
		n.b1[j] = 0.1
		n.w2[0][j] = float32(rng.NormFloat64() * 0.001) // a correction starts near none
		n.w2[1][j] = float32(rng.NormFloat64() * 0.001)
	}
	params := n.params()
	m1, m2 := make([]float64, len(params)), make([]float64, len(params))
	workers := runtime.GOMAXPROCS(0)
	grads := make([]*netFloat, workers)
	for w := range grads {
		grads[w] = &netFloat{}
	}
	// The gradients' parameters, listed once: each step zeroes the grads in place.
	gparams := make([][]*float32, workers)
	for w := range grads {
		gparams[w] = grads[w].params()
	}
	step := 0
	for epoch := range *netEpochs {
		rng.Shuffle(len(tr), func(i, j int) { tr[i], tr[j] = tr[j], tr[i] })
		rate := *netRate
		if epoch >= *netEpochs*3/4 {
			rate /= 10
		}
		for b := 0; b+*netBatch <= len(tr); b += *netBatch {
			batch := tr[b : b+*netBatch]
			e := n.merged()
			parallel(workers, func(w int) {
				g := grads[w]
				*g = netFloat{}
				var acc [2][netHidden]float32
				for i := w; i < len(batch); i += workers {
					g.backwardOf(e, &batch[i], &acc)
				}
			})
			gp := gparams[0]
			for w := 1; w < workers; w++ {
				for i, p := range gparams[w] {
					*gp[i] += *p
				}
			}
			grads[0].spread()
			step++
			c1, c2 := 1-math.Pow(0.9, float64(step)), 1-math.Pow(0.999, float64(step))
			nw1 := netInputs * netHidden // the first params are w1's
			for i, p := range params {
				if i < nw1 && *netDecay > 0 {
					*p -= float32(rate * *netDecay * float64(*p))
				}
				gi := float64(*gp[i]) / float64(len(batch))
				m1[i] = 0.9*m1[i] + 0.1*gi
				m2[i] = 0.999*m2[i] + 0.001*gi*gi
				*p -= float32(rate * (m1[i] / c1) / (math.Sqrt(m2[i]/c2) + 1e-8))
			}
		}
		e := n.merged()
		t.Logf("epoch %d: error %.6f on the training positions, %.6f held out", epoch+1, netError(e, tr[:min(len(tr), 100000)]), netError(e, te))
	}
	if *tuneWrite {
		// The output is the logit of the expected result; the hand-written evaluation's is
		// v/scale for v centipawns.
		if err := os.WriteFile(*netOut, encodeNetwork(n.merged(), float32(scale)), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (output scale %.1f)", *netOut, scale)
	}
}

// backwardOf runs forward and backward for s into g.
func (g *netFloat) backwardOf(e *netFloat, s *netExample, acc *[2][netHidden]float32) {
	out := e.forward(&s.netSample, acc)
	e.backward(s, acc, out, g)
}
