package marseillais

import (
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/enginetest"
	"github.com/plyground/plyground/variants/turn"
)

// The reference below counts Marseillais turns with the engine alone, written straight from
// RULES.md M1, M2, M4 and M5 without package turn's state machine, to check turn-perft on
// positions with no published count.

// refCount counts sequences of depth complete turns; the current turn has plies plies, k made,
// ep are the e.p. targets for the next ply, pushed the landing squares of the mover's pawns
// that double-stepped this turn.
func refCount(p engine.Position, ep []engine.Square, plies, k int, pushed []engine.Square, depth int) uint64 {
	us := p.Turn()
	var n uint64
	for _, m := range enginetest.Plies(p, ep) {
		q := enginetest.Play(p, m) // opponent to move in q
		var np []engine.Square
		for _, sq := range pushed {
			if sq != m.From() {
				np = append(np, sq)
			}
		}
		if m.Kind() == engine.DoublePush {
			np = append(np, m.To())
		}
		if q.InCheck() || k+1 == plies { // M2, or the turn is complete
			if depth == 1 {
				n++
				continue
			}
			var nep []engine.Square
			for _, sq := range np {
				passed := sq - 8
				if us == engine.Black {
					passed = sq + 8
				}
				if q.PieceAt(passed) == engine.NoPiece {
					nep = append(nep, passed)
				}
			}
			n += refCount(q.WithTurn(us.Other()), nep, 2, 0, nil, depth-1)
			continue
		}
		var nep []engine.Square
		if m.Kind() == engine.EnPassant && k == 0 { // M5: a second e.p. capture may follow
			for _, sq := range ep {
				if sq != m.To() {
					nep = append(nep, sq)
				}
			}
		}
		n += refCount(q.WithTurn(us), nep, plies, k+1, np, depth)
	}
	return n
}

type refCase struct {
	fen        string
	unbalanced bool
	depth      int
}

// refCases are checked by every test run; deepRefCases (build tag deep) go further.
var refCases = []refCase{
	{"", false, 2},
	{"", true, 2},
	{"4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 5", false, 3},
	{"4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6 0 5", false, 3},
	{"4k3/2p1p3/8/1P1P4/8/8/8/4K3 b - - 0 5", false, 3},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2", false, 1},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 2", false, 2},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 2", false, 2},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 1},
}

func checkReference(t *testing.T, cases []refCase) {
	for _, c := range cases {
		v := New(Options{Unbalanced: c.unbalanced})
		s, err := v.Start(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := turn.Perft(v, s, c.depth)
		if err != nil {
			t.Fatal(err)
		}
		want := refCount(s.Position(), s.EnPassant().Squares(), s.Plies(), 0, nil, c.depth)
		if got != want {
			t.Errorf("%q (unbalanced %v) depth %d: turn-perft %d, reference %d", c.fen, c.unbalanced, c.depth, got, want)
		}
	}
}

func TestM1_M2_M4_M5_TurnPerftMatchesReference(t *testing.T) { checkReference(t, refCases) }
