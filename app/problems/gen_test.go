package problems

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

var (
	genCount = flag.Int("gen", 0, "propose this many problems of each length and rule set (composition aid; prints problems.txt lines)")
	genSeed  = flag.Uint64("genseed", 1, "seed of the problem generator")
	genMax   = flag.Int("genmax", 3, "most solutions a proposed problem may have")
)

// TestGenerate proposes problems (run by hand: go test ./app/problems -run Generate -gen 2).
// A proposal is a sparse random position, legal, with the defender neither in check nor
// without a move, whose mating series the enumeration counts in full within a small budget,
// at most -genmax of them, and none shorter in Scottish chess.
func TestGenerate(t *testing.T) {
	if *genCount == 0 {
		t.Skip("composition aid: run with -gen N")
	}
	rng := rand.New(rand.NewPCG(*genSeed, 7))
	for _, rules := range []string{"italian", "scottish"} {
		v, err := variants.Open("progressive-"+rules, "")
		if err != nil {
			t.Fatal(err)
		}
		for n := 2; n <= 9; n++ {
			made := 0
			for tries := 0; made < *genCount && tries < 20000; tries++ {
				fen := randomFEN(rng, n)
				s, err := v.Start(fen)
				if err != nil || v.Outcome(s).Over() || s.OpponentInCheck() || s.InCheck() {
					continue
				}
				sols, nodes, err := Solutions(v, s, 80_000)
				if err != nil || len(sols) == 0 || len(sols) > *genMax {
					continue
				}
				short := false
				for _, sol := range sols {
					if len(sol) < n {
						short = true
					}
				}
				if short {
					continue
				}
				var texts []string
				for _, sol := range sols {
					texts = append(texts, seriesText(v, s, sol))
				}
				fmt.Printf("%s\t%s\t%s\t# %d nodes\n", rules, fen, strings.Join(texts, "; "), nodes)
				made++
			}
		}
	}
}

// randomFEN places a white king and one to three white pieces, a black king and up to four
// black pieces or pawns, White to make a series of n.
func randomFEN(rng *rand.Rand, n int) string {
	var board [64]byte
	put := func(c byte, pawn bool) {
		for {
			sq := rng.IntN(64)
			if board[sq] != 0 || (pawn && (sq < 8 || sq >= 56)) {
				continue
			}
			board[sq] = c
			return
		}
	}
	put('K', false)
	// The black king near an edge, where mates are.
	for {
		sq := rng.IntN(64)
		f, r := sq%8, sq/8
		if board[sq] == 0 && (f == 0 || f == 7 || r == 0 || r == 7 || rng.IntN(4) == 0) {
			board[sq] = 'k'
			break
		}
	}
	white := "QRRBBNNP"
	for i := 1 + rng.IntN(3); i > 0; i-- {
		c := white[rng.IntN(len(white))]
		put(c, c == 'P')
	}
	black := "pppprbnq"
	for i := rng.IntN(5); i > 0; i-- {
		c := black[rng.IntN(len(black))]
		put(c, c == 'p')
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return fmt.Sprintf("%s w - - 0 %d", b.String(), n)
}

var _ = engine.White
var _ turn.State
