package progressive

import (
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/enginetest"
	"github.com/plyground/plyground/variants/turn"
)

// The reference below counts progressive series with the engine alone, written straight from
// RULES.md P1, P3, P4, P5 and P6 without package turn's state machine, to check turn-perft on
// positions with no published count.

// refCount counts sequences of depth complete series; the current series has n plies, k made.
func refCount(set RuleSet, p engine.Position, ep []engine.Square, n, k int, pushed []engine.Square, depth int) uint64 {
	us := p.Turn()
	var total uint64
	for _, m := range enginetest.Plies(p, ep) {
		q := enginetest.Play(p, m) // opponent to move
		check := q.InCheck()
		last := k+1 == n
		if set == Italian && check && !last {
			continue // P4
		}
		var np []engine.Square
		for _, sq := range pushed {
			if sq != m.From() {
				np = append(np, sq)
			}
		}
		if m.Kind() == engine.DoublePush {
			np = append(np, m.To())
		}
		if last || (set == Scottish && check) {
			if depth == 1 {
				total++
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
			total += refCount(set, q.WithTurn(us.Other()), nep, n+1, 0, nil, depth-1)
			continue
		}
		total += refCount(set, q.WithTurn(us), nil, n, k+1, np, depth) // P6: e.p. on the first ply only
	}
	return total
}

type refCase struct {
	fen   string
	depth int
}

var refCases = []refCase{
	{"", 2},
	{"4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 3", 2},
	{"4k3/2p1p3/8/1P1P4/8/8/8/4K3 b - - 0 2", 2},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 3", 1},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R b KQ - 1 2", 1},
	{"4kb2/4Q3/3P4/8/7K/8/8/8 b - - 0 2", 2},
	{"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1 3", 1},
}

func checkReference(t *testing.T, cases []refCase) {
	for _, set := range []RuleSet{Italian, Scottish} {
		for _, c := range cases {
			v := New(set, Options{})
			s, err := v.Start(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			got, err := turn.Perft(v, s, c.depth)
			if err != nil {
				t.Fatal(err)
			}
			want := refCount(set, s.Position(), s.EnPassant().Squares(), s.Plies(), 0, nil, c.depth)
			if got != want {
				t.Errorf("%s %q depth %d: turn-perft %d, reference %d", v.ID(), c.fen, c.depth, got, want)
			}
		}
	}
}

func TestP1_P3_P4_P5_P6_TurnPerftMatchesReference(t *testing.T) { checkReference(t, refCases) }
