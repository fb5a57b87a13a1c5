package nec

import (
	"errors"
	"strings"
	"testing"
)

// sq parses "(x,y)".
func sq(t testing.TB, s string) Square {
	t.Helper()
	p := &parser{s: s}
	v, err := p.square()
	if err != nil || !p.eof() {
		t.Fatalf("bad square %q: %v", s, err)
	}
	return v
}

func kindOf(t testing.TB, letter string) Kind {
	t.Helper()
	for k := Pawn; k < numKinds; k++ {
		if k.Letter() == letter {
			return k
		}
	}
	t.Fatalf("bad piece letter %q", letter)
	return NoKind
}

// build makes a state from players and pieces written "colour Letter (x,y)".
func build(t testing.TB, players []Player, pieces ...string) State {
	t.Helper()
	var ps []Piece
	for _, p := range pieces {
		f := strings.Fields(p)
		if len(f) != 3 {
			t.Fatalf("bad piece %q", p)
		}
		owner := -1
		for i, pl := range players {
			if pl.Name == f[0] {
				owner = i
			}
		}
		if owner < 0 {
			t.Fatalf("no player %q", f[0])
		}
		ps = append(ps, Piece{Owner: owner, Kind: kindOf(t, f[1]), Sq: sq(t, f[2])})
	}
	s, err := NewState(players, ps, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func player(name string, d Dir) Player { return Player{Name: name, Dir: d} }

// orders reads orders written "colour: text".
func orders(t testing.TB, s State, texts ...string) []Order {
	t.Helper()
	var out []Order
	for _, x := range texts {
		name, text, ok := strings.Cut(x, ":")
		if !ok {
			t.Fatalf("bad order %q", x)
		}
		p, ok := s.PlayerIndex(strings.TrimSpace(name))
		if !ok {
			t.Fatalf("no player %q", name)
		}
		o, err := s.ReadOrder(p, strings.TrimSpace(text))
		if err != nil {
			t.Fatalf("order %q: %v", x, err)
		}
		out = append(out, o)
	}
	return out
}

// play resolves one update with orders written "colour: text".
func play(t testing.TB, s State, texts ...string) (State, Report) {
	t.Helper()
	ns, rep, err := s.Resolve(orders(t, s, texts...))
	if err != nil {
		t.Fatal(err)
	}
	// Every update must be independent of the order of the orders.
	os := orders(t, s, texts...)
	for i, j := 0, len(os)-1; i < j; i, j = i+1, j-1 {
		os[i], os[j] = os[j], os[i]
	}
	ns2, rep2, err := s.Resolve(os)
	if err != nil || !ns2.Equal(ns) || !sameReport(rep, rep2) {
		t.Fatalf("resolution depends on the order of the orders")
	}
	return ns, rep
}

func sameReport(a, b Report) bool { return a.String() == b.String() }

// describe writes "colour Letter" for a piece.
func describe(s State, p Piece) string { return s.players[p.Owner].Name + " " + p.Kind.Letter() }

// wantAt checks that square holds exactly the pieces listed ("colour Letter").
func wantAt(t testing.TB, s State, square string, want ...string) {
	t.Helper()
	got := s.At(sq(t, square))
	var names []string
	for _, p := range got {
		names = append(names, describe(s, p))
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("on %s: got %v, want %v", square, names, want)
	}
}

// the returns the one piece on square.
func the(t testing.TB, s State, square string) Piece {
	t.Helper()
	got := s.At(sq(t, square))
	if len(got) != 1 {
		t.Fatalf("on %s: %d pieces, want 1", square, len(got))
	}
	return got[0]
}

// threatOf returns the threat record attacker → target given by squares.
func threatOf(t testing.TB, s State, attacker, target string) (Threat, bool) {
	t.Helper()
	a, b := the(t, s, attacker), the(t, s, target)
	for _, th := range s.Threats() {
		if th.Attacker == a.ID && th.Target == b.ID {
			return th, true
		}
	}
	return Threat{}, false
}

func wantMarks(t testing.TB, s State, square string, want Mark) {
	t.Helper()
	if got := the(t, s, square).Marks; got != want {
		t.Errorf("marks of the piece on %s: got %v, want %v", square, got, want)
	}
}

func wantRejected(t testing.TB, s State, rep Report, colour string, want error, contains string) {
	t.Helper()
	p, _ := s.PlayerIndex(colour)
	r, ok := rep.Rejection(p)
	if !ok {
		t.Fatalf("%s's order was not rejected", colour)
	}
	if !errors.Is(r.Err, want) {
		t.Errorf("%s's order rejected with %v, want %v", colour, r.Err, want)
	}
	if !strings.Contains(r.Err.Error(), contains) {
		t.Errorf("rejection %q does not mention %q", r.Err, contains)
	}
}

func result(t testing.TB, s State, rep Report, colour string) Result {
	t.Helper()
	p, _ := s.PlayerIndex(colour)
	r, ok := rep.Result(p)
	if !ok {
		t.Fatalf("no result for %s", colour)
	}
	return r
}

func score(s State, colour string) int64 {
	p, _ := s.PlayerIndex(colour)
	return s.players[p].Score
}
