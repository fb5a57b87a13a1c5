package sdm

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/enginetest"
	"github.com/plyground/plyground/variants/turn"
)

func TestGoldenTurnPerft(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 4 {
			t.Fatalf("line %d: want 4 fields", n)
		}
		fen := strings.TrimSpace(parts[1])
		if fen == "startpos" {
			fen = ""
		}
		depth, err1 := strconv.Atoi(strings.TrimSpace(parts[2]))
		want, err2 := strconv.ParseUint(strings.TrimSpace(parts[3]), 10, 64)
		v, err3 := Open(strings.TrimSpace(parts[0]))
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("line %d: %v %v %v", n, err1, err2, err3)
		}
		s, err := v.Start(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := turn.Perft(v, s, depth); got != want {
			t.Errorf("line %d: %s depth %d = %d, want %d", n, v.Options(), depth, got, want)
		}
	}
}

// The reference below counts SDM turns with the engine alone, from RULES.md S2 to S5, with the
// schedule as an explicit list of slots; it checks turn-perft where no count is published.

type refSlot struct {
	side  engine.Color
	plies int
}

type refState struct {
	p      engine.Position
	ep     []engine.Square
	tokens [2]int
	queue  []refSlot // slots after the current turn
	plies  int
	k      int
	pushed []engine.Square
}

func refSlots(q []refSlot, last engine.Color, n int) []refSlot {
	out := append([]refSlot(nil), q...)
	if len(out) > 0 {
		last = out[len(out)-1].side
	}
	for len(out) < n {
		last = last.Other()
		out = append(out, refSlot{last, 1})
	}
	return out
}

func refCount(st refState, depth int, swap bool) uint64 {
	us := st.p.Turn()
	var total uint64
	for _, m := range enginetest.Plies(st.p, st.ep) {
		for _, spend := range []bool{false, true} {
			next := refSlots(st.queue, us, 4)
			if spend {
				if st.tokens[us] == 0 || st.plies != 1 || st.p.InCheck() {
					continue
				}
				ok := true
				for _, sl := range next {
					if sl.side == us {
						ok = ok && sl.plies != 0
						break
					}
				}
				for _, sl := range next {
					if sl.side != us {
						ok = ok && sl.plies == 1
						break
					}
				}
				if !ok {
					continue
				}
			}
			total += refAfter(st, m, spend, next, depth, swap)
		}
	}
	return total
}

func refAfter(st refState, m engine.Move, spend bool, next []refSlot, depth int, swap bool) uint64 {
	us := st.p.Turn()
	p := st.p
	if m.Kind() == engine.EnPassant {
		p, _ = p.WithEnPassant(m.To())
	}
	q := p.Play(m) // opponent to move
	var pushed []engine.Square
	for _, sq := range st.pushed {
		if sq != m.From() {
			pushed = append(pushed, sq)
		}
	}
	if m.Kind() == engine.DoublePush {
		pushed = append(pushed, m.To())
	}
	passed := func() []engine.Square {
		var out []engine.Square
		for _, sq := range pushed {
			ps := sq - 8
			if us == engine.Black {
				ps = sq + 8
			}
			if q.PieceAt(ps) == engine.NoPiece {
				out = append(out, ps)
			}
		}
		return out
	}
	tokens := st.tokens
	queue := st.queue
	if spend {
		tokens[us]--
		last := -1
		for i := range next {
			if next[i].side != us {
				next[i].plies = 2
				last = i
				break
			}
		}
		if !swap {
			for i := last + 1; i < len(next); i++ {
				if next[i].side == us {
					next[i].plies = 0
					last = i
					break
				}
			}
		}
		queue = next[:last+1]
	}
	if st.k+1 < st.plies { // inside a Double Move
		if q.InCheck() && len(enginetest.Plies(q, passed())) == 0 {
			return 0 // S4: the mate ends the game before the turn is complete
		}
		return refCount(refState{p: q.WithTurn(us), tokens: tokens, queue: queue, plies: st.plies, k: st.k + 1, pushed: pushed}, depth, swap)
	}
	if depth == 1 {
		return 1
	}
	var sl refSlot
	for side := us; ; side = sl.side {
		if len(queue) > 0 {
			sl, queue = queue[0], queue[1:]
		} else {
			sl = refSlot{side.Other(), 1}
		}
		if sl.plies > 0 {
			break
		}
	}
	var ep []engine.Square
	if sl.side != us {
		ep = passed()
	} else {
		// S4: the opponent, whose turn is skipped, is judged for mate all the same.
		if q.InCheck() && len(enginetest.Plies(q, passed())) == 0 {
			return 0
		}
		// S5: our double steps stay open to e.p. until the opponent's next turn.
		return refCount(refState{p: q.WithTurn(sl.side), tokens: tokens, queue: queue, plies: sl.plies, pushed: pushed}, depth-1, swap)
	}
	return refCount(refState{p: q.WithTurn(sl.side), ep: ep, tokens: tokens, queue: queue, plies: sl.plies}, depth-1, swap)
}

func TestS2_S3_S4_S5_TurnPerftMatchesReference(t *testing.T) {
	cases := []struct {
		fen   string
		opts  Options
		depth int
	}{
		{"", Options{Tokens: 1}, 3},
		{"", Options{Tokens: 1, Swap: true}, 3},
		{"", Options{Tokens: 2}, 3},
		{"4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10", Options{Tokens: 1}, 4},
		{"4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10", Options{Tokens: 2, Swap: true}, 4},
		{"r5k1/5ppp/8/1N6/8/8/5PPP/6K1 w - - 0 20", Options{Tokens: 1}, 3},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 2", Options{Tokens: 1}, 3},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2", Options{Tokens: 1}, 2},
	}
	for _, c := range cases {
		v := New(c.opts)
		s, err := v.Start(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := turn.Perft(v, s, c.depth)
		if err != nil {
			t.Fatal(err)
		}
		want := refCount(refState{p: s.Position(), ep: s.EnPassant().Squares(),
			tokens: [2]int{c.opts.Tokens, c.opts.Tokens}, plies: 1}, c.depth, c.opts.Swap)
		if got != want {
			t.Errorf("%q %+v depth %d: turn-perft %d, reference %d", c.fen, c.opts, c.depth, got, want)
		}
	}
}
