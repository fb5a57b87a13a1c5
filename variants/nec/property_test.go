package nec

import (
	"math/rand/v2"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e6563)) }

var kindWeights = []Kind{Pawn, Pawn, Pawn, Pawn, Pawn, Pawn, Knight, Knight, Bishop, Bishop, Rook, Rook, Queen, Guard, Chancellor, Unicorn, TimeThief}

// randomState scatters per pieces of each of n players on the squares of [-size, size]^2.
func randomState(rng *rand.Rand, n, per int, size int64) State {
	players := make([]Player, n)
	for i := range players {
		players[i] = Player{Name: Colours[i], Dir: Dir(rng.IntN(8))}
	}
	for (2*size+1)*(2*size+1) < int64(2*n*per) {
		size++
	}
	used := map[Square]bool{}
	var pieces []Piece
	for p := 0; p < n; p++ {
		for k := 0; k < per; k++ {
			var sq Square
			for {
				sq = Square{rng.Int64N(2*size+1) - size, rng.Int64N(2*size+1) - size}
				if !used[sq] {
					break
				}
			}
			used[sq] = true
			pieces = append(pieces, Piece{Owner: p, Kind: kindWeights[rng.IntN(len(kindWeights))], Sq: sq})
		}
	}
	s, err := NewState(players, pieces, Limits{})
	if err != nil {
		panic(err)
	}
	return s
}

// randomMove picks a random legal move of a random piece of player p (captures preferred).
func randomMove(rng *rand.Rand, s State, p int) (Move, bool) {
	var mine []Piece
	for _, pc := range s.pieces {
		if pc.Owner == p {
			mine = append(mine, pc)
		}
	}
	if len(mine) == 0 {
		return Move{}, false
	}
	for try := 0; try < 8; try++ {
		pc := mine[rng.IntN(len(mine))]
		tg, err := s.Targets(pc.ID)
		if err != nil {
			panic(err)
		}
		opts := append([]Target(nil), tg.Points...)
		for _, r := range tg.Rays {
			dx, dy := r.Dir.Vec()
			steps := r.Steps
			if steps == Unbounded || steps > 4 {
				steps = 4
			}
			if steps > 0 {
				k := 1 + rng.Int64N(steps)
				opts = append(opts, Target{Sq: pc.Sq.add(k*dx, k*dy)})
			}
			if r.Capture {
				k := r.Steps + 1
				opts = append(opts, Target{Sq: pc.Sq.add(k*dx, k*dy), Capture: true})
			}
		}
		if len(opts) == 0 {
			continue
		}
		var caps []Target
		for _, o := range opts {
			if o.Capture {
				caps = append(caps, o)
			}
		}
		x := opts[rng.IntN(len(opts))]
		if len(caps) > 0 && rng.IntN(3) > 0 {
			x = caps[rng.IntN(len(caps))]
		}
		return Move{From: pc.Sq, To: x.Sq, Capture: x.Capture}, true
	}
	return Move{}, false
}

// randomOrder builds a random valid order of 1 to 4 steps for player p; its fallbacks may move
// other pieces, so cycles and paradoxes occur.
func randomOrder(rng *rand.Rand, s State, p int) (Order, bool) {
	if !s.Alive(p) {
		return Order{}, false
	}
	n := 1 + rng.IntN(4)
	o := Order{Player: p}
	for i := 0; i < n; i++ {
		m, ok := randomMove(rng, s, p)
		if !ok {
			break
		}
		o.Steps = append(o.Steps, Step{Move: m, IfCaptured: i > 0 && rng.IntN(3) == 0})
	}
	for len(o.Steps) > 0 && s.Validate(o) != nil {
		o.Steps = o.Steps[:len(o.Steps)-1]
	}
	return o, len(o.Steps) > 0
}

func randomOrders(rng *rand.Rand, s State) []Order {
	var os []Order
	for p := range s.players {
		if rng.IntN(8) == 0 {
			continue // pass
		}
		if o, ok := randomOrder(rng, s, p); ok {
			os = append(os, o)
		}
	}
	if rng.IntN(10) == 0 && len(os) > 0 {
		// An illegal order now and then: a move from a random square.
		o := os[rng.IntN(len(os))]
		bad := Order{Player: o.Player, Steps: []Step{{Move: Move{From: Square{rng.Int64N(9), rng.Int64N(9)}, To: Square{rng.Int64N(9), 3}}}}}
		os = append(os, bad)
	}
	return os
}

// stats counts what random games exercised.
type stats struct {
	updates, captures, steals, missed, cancelled, paradox, crowdDeaths, marked, rejected int
}

func (st *stats) add(rep Report) {
	st.updates++
	st.captures += len(rep.Captures)
	st.crowdDeaths += len(rep.CrowdDeaths)
	st.marked += len(rep.Marked)
	st.rejected += len(rep.Rejected)
	for _, c := range rep.Captures {
		if c.Steal {
			st.steals++
		}
	}
	for _, r := range rep.Results {
		switch r.Outcome {
		case Missed:
			st.missed++
		case Cancelled:
			st.cancelled++
		}
		if r.Paradox {
			st.paradox++
		}
	}
}

// checkUpdate checks the conservation property of one update: pieces are lost only to captures
// and crowding; nothing is created or duplicated; movers stand where their orders sent them.
func checkUpdate(t testing.TB, s, ns State, rep Report) {
	t.Helper()
	gone := map[PieceID]bool{}
	for _, c := range rep.Captures {
		gone[c.Piece.ID] = true
	}
	for _, p := range rep.CrowdDeaths {
		if gone[p.ID] {
			t.Fatalf("piece %d both captured and dead of crowding", p.ID)
		}
		gone[p.ID] = true
	}
	after := map[PieceID]Piece{}
	for _, p := range ns.pieces {
		if _, dup := after[p.ID]; dup {
			t.Fatalf("piece %d duplicated", p.ID)
		}
		after[p.ID] = p
	}
	for _, p := range s.pieces {
		q, ok := after[p.ID]
		switch {
		case ok && gone[p.ID]:
			t.Fatalf("piece %d removed but still on the board", p.ID)
		case !ok && !gone[p.ID]:
			t.Fatalf("piece %d vanished without a capture or crowding", p.ID)
		case ok && (q.Owner != p.Owner || q.Kind != p.Kind):
			t.Fatalf("piece %d changed owner or kind", p.ID)
		}
		delete(after, p.ID)
	}
	if len(after) != 0 {
		t.Fatalf("pieces created: %v", after)
	}
	moved := map[PieceID]Result{}
	for _, r := range rep.Results {
		if r.Outcome == Played || r.Outcome == Took || r.Outcome == Missed {
			moved[r.Piece] = r
		}
	}
	for _, p := range ns.pieces {
		r, ok := moved[p.ID]
		if p.Moved != ok || ok && (p.Sq != r.To || p.From != r.From) {
			t.Fatalf("piece %d: moved %v on %v from %v; result %+v", p.ID, p.Moved, p.Sq, p.From, r)
		}
	}
	var sum [MaxPlayers]int64
	for _, c := range rep.Captures {
		sum[c.By] += c.Piece.Kind.Value()
	}
	for i := range s.players {
		if ns.players[i].Score != s.players[i].Score+sum[i] {
			t.Fatalf("player %d scored %d, captures worth %d", i, ns.players[i].Score-s.players[i].Score, sum[i])
		}
	}
}

// N3: resolution does not depend on the order in which orders were submitted (shuffle and
// compare), and no piece is lost or duplicated except by a capture or crowding.
func TestN3_PropertyOrderIndependence(t *testing.T) {
	rng := newRand(1)
	var st stats
	for g := 0; g < 60; g++ {
		s := randomState(rng, 2+rng.IntN(7), 4+rng.IntN(12), 4+rng.Int64N(4))
		for u := 0; u < 15 && !s.End().Over; u++ {
			os := randomOrders(rng, s)
			ns, rep, err := s.Resolve(os)
			if err != nil {
				t.Fatal(err)
			}
			checkUpdate(t, s, ns, rep)
			for k := 0; k < 3; k++ {
				sh := append([]Order(nil), os...)
				rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
				ns2, rep2, _ := s.Resolve(sh)
				if !ns2.Equal(ns) || rep2.String() != rep.String() {
					t.Fatalf("order dependence:\n%v\n---\n%v", rep, rep2)
				}
			}
			st.add(rep)
			s = ns
		}
	}
	t.Logf("%+v", st)
	if st.paradox == 0 || st.steals == 0 || st.cancelled == 0 || st.crowdDeaths == 0 || st.missed == 0 {
		t.Errorf("the random positions did not exercise every rule: %+v", st)
	}
}

// Random games with random legal orders run without a panic, and every state stays valid (it
// survives an encode/decode round trip, which checks the invariants).
func TestRandomGames(t *testing.T) {
	rng := newRand(2)
	var st stats
	for g := 0; g < 12; g++ {
		s := randomState(rng, 2+rng.IntN(7), 16, 7)
		if g%3 == 0 {
			s, _ = Setup(Options{Players: 2 + g%7, Fairy: g%2 == 0})
		}
		for u := 0; u < 250 && !s.End().Over; u++ {
			ns, rep, err := s.Resolve(randomOrders(rng, s))
			if err != nil {
				t.Fatal(err)
			}
			checkUpdate(t, s, ns, rep)
			if u%10 == 0 {
				back, err := DecodeState(ns.Encode())
				if err != nil || !back.Equal(ns) {
					t.Fatalf("round trip: %v", err)
				}
			}
			st.add(rep)
			s = ns
		}
	}
	t.Logf("%+v", st)
	if st.updates < 1000 {
		t.Errorf("only %d updates", st.updates)
	}
}
