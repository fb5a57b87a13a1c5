package search

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/plyground/plyground/engine"
)

// The network correction of orthodox chess's evaluation: a small neural network that reads
// where each piece stands and answers what the hand-written evaluation misses, fitted on top
// of it on positions of the engine's own games labelled by Stockfish's search (make
// tune-network). It has 768 inputs (a side, relative to the view, a piece type and a square,
// mirrored for Black's view), one hidden layer of netHidden units computed twice (from the
// side to move's view and from the other's, with the same weights), a squared clipped
// activation, and one output. The hidden layer's sums are kept from one evaluation to the
// next and updated by the pieces that changed (NetEval), which in a search are few. It is
// written by hand: the network is a few loops, and a general machine-learning library would
// bring far more code than the worker needs. The weights are not here but in package
// engine/orthonet, which only the programs that play with them import: the page's app.wasm
// links this package and stays without them.

// netHidden is the width of the hidden layer of one view.
const netHidden = 64

// netInputs is the number of inputs: 2 sides x 6 piece types x 64 squares.
const netInputs = 768

// Network holds the weights of a network (ReadNetwork). It is not changed once read, so one
// Network may serve any number of NetEvals at once.
type Network struct {
	w1 [netInputs][netHidden]int16 // in units of the file's first-layer scale s1
	b1 [netHidden]int32            // in units of s1
	// The output layer, as ReadNetwork derives it from the file so that an evaluation clips
	// and squares integers (no branches) and scales once: a unit's activation is
	// min(max(sum, 0), top)² / top² (top = 1/s1, the sum that stands for 1), and out holds
	// the file's w2 (the mover's view, then the other's) in centipawns of the hand-written
	// evaluation per unit of that integer square; bias is b2 in centipawns.
	top  int32
	out  [2][netHidden]float32
	bias float32
}

// ReadNetwork reads a network file: "PGN1", the hidden width as a uint16, the float32 scale
// of w1 and b1 and their values as int16, then w2, b2 and the output's scale (the centipawns
// of the hand-written evaluation a unit of the output is worth, so that the search's margins
// keep their meaning) as float32 (all little-endian). The hidden layer's sums are integers,
// so that a position's score does not depend on the updates that led to it. A file of
// another format, width or length, or whose first layer's scale is not between 1e-9 and
// 0.5, is refused with an error.
func ReadNetwork(data []byte) (*Network, error) {
	if len(data) < 6 || string(data[:4]) != "PGN1" {
		return nil, errors.New("network: not a network file")
	}
	if h := binary.LittleEndian.Uint16(data[4:]); h != netHidden {
		return nil, fmt.Errorf("network: hidden width %d, want %d", h, netHidden)
	}
	data = data[6:]
	const size = 4 + 2*(netInputs*netHidden+netHidden) + 4*(2*netHidden+2)
	if len(data) != size {
		return nil, fmt.Errorf("network: %d bytes of weights, want %d", len(data), size)
	}
	n := &Network{}
	f32 := func() float32 {
		v := math.Float32frombits(binary.LittleEndian.Uint32(data))
		data = data[4:]
		return v
	}
	i16 := func() int16 {
		v := int16(binary.LittleEndian.Uint16(data))
		data = data[2:]
		return v
	}
	s1 := f32()
	for i := range n.w1 {
		for j := range n.w1[i] {
			n.w1[i][j] = i16()
		}
	}
	for j := range n.b1 {
		n.b1[j] = int32(i16())
	}
	var w2 [2][netHidden]float32
	for v := range w2 {
		for j := range w2[v] {
			w2[v][j] = f32()
		}
	}
	b2, scale := f32(), f32()
	// The trainer puts the largest first-layer weight at 32,000 units, so 1/s1 is 32,000
	// over that weight: some thousands for the fitted networks, far inside these bounds.
	if !(s1 > 1e-9 && s1 < 0.5) {
		return nil, fmt.Errorf("network: first layer's scale %g out of range", s1)
	}
	t := math.Round(1 / float64(s1))
	n.top = int32(t)
	for v := range w2 {
		for j, w := range w2[v] {
			n.out[v][j] = float32(float64(w) * float64(scale) / (t * t))
		}
	}
	n.bias = b2 * scale
	return n, nil
}

// netInput returns the input of a piece of type t and colour c on sq, seen from view.
func netInput(view, c engine.Color, t engine.PieceType, sq engine.Square) int {
	s := int(sq)
	if view == engine.Black {
		s ^= 56
	}
	side := 0
	if c != view {
		side = 1
	}
	return side*384 + (int(t)-1)*64 + s
}

// NetEval evaluates positions with the hand-written evaluation corrected by a network. It
// keeps the hidden layer's sums of the position it evaluated last and updates them by the
// pieces that differ. A NetEval is not safe for concurrent use.
type NetEval struct {
	net   *Network
	pcs   [2][7]bb            // the pieces the sums hold
	acc   [2][netHidden]int32 // the hidden layer's sums from White's view and Black's, in units of s1
	valid bool
}

// netRefresh is the number of changed pieces above which the sums are computed afresh.
const netRefresh = 12

// NewNetEval returns an evaluator with the weights n.
func NewNetEval(n *Network) *NetEval { return &NetEval{net: n} }

// EvaluateTurn returns the score of p for the side to move, in centipawns: the hand-written
// evaluation (EvaluateTurn, with left and next as there) plus the network's correction. The
// network was fitted on orthodox chess, where left and next are 1.
func (e *NetEval) EvaluateTurn(p engine.Position, left, next int) int {
	var b board
	b.read(&p)
	var ei evalInfo
	return e.correction(&b) + evaluateTurn(&b, &ei, left, next)
}

// correction returns the network's output for b in centipawns of the hand-written evaluation.
func (e *NetEval) correction(b *board) int {
	n := e.net
	changed := 0
	if e.valid {
		for c := range b.pcs {
			for t := engine.Pawn; t <= engine.King; t++ {
				changed += bits.OnesCount64(uint64(e.pcs[c][t] ^ b.pcs[c][t]))
			}
		}
	}
	if !e.valid || changed > netRefresh {
		e.acc[0], e.acc[1] = n.b1, n.b1
		for c := engine.White; c <= engine.Black; c++ {
			for t := engine.Pawn; t <= engine.King; t++ {
				for s := b.pcs[c][t]; s != 0; {
					e.add(n, piece{c, t, popLSB(&s)})
				}
			}
		}
	} else {
		// The pieces gone and the pieces come, paired so that a piece that moved updates the
		// sums in one pass.
		var gone, come [netRefresh]piece
		ng, nc := 0, 0
		for c := engine.White; c <= engine.Black; c++ {
			for t := engine.Pawn; t <= engine.King; t++ {
				old, cur := e.pcs[c][t], b.pcs[c][t]
				for s := old &^ cur; s != 0; ng++ {
					gone[ng] = piece{c, t, popLSB(&s)}
				}
				for s := cur &^ old; s != 0; nc++ {
					come[nc] = piece{c, t, popLSB(&s)}
				}
			}
		}
		k := 0
		for ; k < ng && k < nc; k++ {
			e.move(n, gone[k], come[k])
		}
		for ; k < ng; k++ {
			e.sub(n, gone[k])
		}
		for ; k < nc; k++ {
			e.add(n, come[k])
		}
	}
	e.pcs, e.valid = b.pcs, true
	us, them := &e.acc[b.turn], &e.acc[b.turn.Other()]
	top := n.top
	var out float32
	for j := range us {
		u, v := int64(min(max(us[j], 0), top)), int64(min(max(them[j], 0), top))
		out += n.out[0][j]*float32(u*u) + n.out[1][j]*float32(v*v)
	}
	return int(out + n.bias)
}

// piece is a piece of colour c and type t on sq, as the sums' updates name it.
type piece struct {
	c  engine.Color
	t  engine.PieceType
	sq engine.Square
}

// rows returns the first layer's weights of p's input in White's view and in Black's.
func (n *Network) rows(p piece) (w, b *[netHidden]int16) {
	return &n.w1[netInput(engine.White, p.c, p.t, p.sq)], &n.w1[netInput(engine.Black, p.c, p.t, p.sq)]
}

// add adds the input of p to both views' sums; sub takes it away.
func (e *NetEval) add(n *Network, p piece) {
	w, k := n.rows(p)
	a, b := &e.acc[engine.White], &e.acc[engine.Black]
	for j := range a {
		a[j] += int32(w[j])
		b[j] += int32(k[j])
	}
}

func (e *NetEval) sub(n *Network, p piece) {
	w, k := n.rows(p)
	a, b := &e.acc[engine.White], &e.acc[engine.Black]
	for j := range a {
		a[j] -= int32(w[j])
		b[j] -= int32(k[j])
	}
}

// move takes the input of from away from both views' sums and adds that of to, in one pass.
func (e *NetEval) move(n *Network, from, to piece) {
	fw, fb := n.rows(from)
	tw, tb := n.rows(to)
	a, b := &e.acc[engine.White], &e.acc[engine.Black]
	for j := range a {
		a[j] += int32(tw[j]) - int32(fw[j])
		b[j] += int32(tb[j]) - int32(fb[j])
	}
}
