package search

// The network in floating point, as network_tune_test.go fits it, and its encoding into the
// file ReadNetwork reads: here, outside the tune tag, so that TestNetworkFileMatchesFloat
// checks that the integer network the search runs answers what the fitted one answers.

import (
	"encoding/binary"
	"math"

	"github.com/plyground/plyground/engine"
)

// netSample is a position as the network reads it.
type netSample struct {
	in   [2][32]uint16 // the inputs seen from the side to move, then from the other side
	n    uint8
	base float32 // the hand-written evaluation over its scale, which the output corrects
}

// netFloat is the network in floating point, as it is fitted: the first layer by input, and
// the shared weights by side and type (m), with the rank (r) and with the file (f).
type netFloat struct {
	w1 [netInputs][netHidden]float32
	b1 [netHidden]float32
	w2 [2][netHidden]float32
	b2 float32
	m  [12][netHidden]float32
	r  [12][8][netHidden]float32
	f  [12][8][netHidden]float32
}

// merged returns n with the shared weights added into the first layer (and zeroed).
func (n *netFloat) merged() *netFloat {
	e := &netFloat{b1: n.b1, w2: n.w2, b2: n.b2}
	for i := range e.w1 {
		k, sq := i/64, i%64
		for j := range e.w1[i] {
			e.w1[i][j] = n.w1[i][j] + n.m[k][j] + n.r[k][sq/8][j] + n.f[k][sq%8][j]
		}
	}
	return e
}

// forward returns the output (the logit of the side to move's expected result) and the
// hidden layer's sums. e must be merged.
func (e *netFloat) forward(s *netSample, acc *[2][netHidden]float32) float32 {
	for v := range acc {
		acc[v] = e.b1
		for _, in := range s.in[v][:s.n] {
			w := &e.w1[in]
			for j := range acc[v] {
				acc[v][j] += w[j]
			}
		}
	}
	out := e.b2 + s.base
	for v := range acc {
		for j, a := range acc[v] {
			out += e.w2[v][j] * netAct(a)
		}
	}
	return out
}

// netInputsOf sets the inputs of s from b: each piece's input seen from the side to move,
// then from the other side (at most 32 pieces).
func netInputsOf(s *netSample, b *board) {
	us := b.turn
	s.n = 0
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.King; t++ {
			for x := b.pcs[c][t]; x != 0 && s.n < 32; {
				sq := popLSB(&x)
				s.in[0][s.n] = uint16(netInput(us, c, t, sq))
				s.in[1][s.n] = uint16(netInput(us.Other(), c, t, sq))
				s.n++
			}
		}
	}
}

// encodeNetwork writes e (merged) in the format readNetwork reads.
func encodeNetwork(e *netFloat, scale float32) []byte {
	var maxAbs float32
	for i := range e.w1 {
		for _, v := range e.w1[i] {
			maxAbs = max(maxAbs, float32(math.Abs(float64(v))))
		}
	}
	for _, v := range e.b1 {
		maxAbs = max(maxAbs, float32(math.Abs(float64(v))))
	}
	s1 := maxAbs / 32000
	out := []byte("PGN1")
	out = binary.LittleEndian.AppendUint16(out, netHidden)
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(s1))
	q := func(v float32) uint16 { return uint16(int16(math.Round(float64(v / s1)))) }
	for i := range e.w1 {
		for _, v := range e.w1[i] {
			out = binary.LittleEndian.AppendUint16(out, q(v))
		}
	}
	for _, v := range e.b1 {
		out = binary.LittleEndian.AppendUint16(out, q(v))
	}
	for v := range e.w2 {
		for _, w := range e.w2[v] {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(w))
		}
	}
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(e.b2))
	return binary.LittleEndian.AppendUint32(out, math.Float32bits(scale))
}

// netAct is the activation: the sum clipped to [0, 1] and squared.
func netAct(a float32) float32 {
	if a <= 0 {
		return 0
	}
	if a >= 1 {
		return 1
	}
	return a * a
}
