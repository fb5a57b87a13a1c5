package solver

import (
	"testing"

	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1 000", 1234567: "1 234 567"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestP1_Words checks the words of the solver's three answers: a mating series of the side
// to move (P1), a proof that none of its series mates, and a budget spent without either.
func TestP1_Words(t *testing.T) {
	info, ok := variants.Find("progressive-italian")
	if !ok {
		t.Fatal("no progressive-italian")
	}
	v, err := info.New("")
	if err != nil {
		t.Fatal(err)
	}
	g, err := turn.Replay(v, turn.Record{Variant: "progressive-italian", Start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2"})
	if err != nil {
		t.Fatal(err)
	}
	at := g.State()
	plies := at.Plies() - at.Ply()
	for _, tt := range []struct {
		name string
		r    worker.Response
		want string
	}{
		{"mate", worker.Response{Series: []string{"e5", "Qh4"}, Text: "2.e5 Qh4#"}, "Black mates: 2.e5 Qh4#."},
		{"proved", worker.Response{Proved: true, Nodes: 900}, "Black has no mating series of " + itoa(plies) + "."},
		{"budget", worker.Response{Nodes: 5000}, "No mate found in 5000 nodes: a longer search may find one."},
	} {
		if got := Words(tt.r, at); got != tt.want {
			t.Errorf("%s: Words = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func itoa(n int) string { return Thousands(int64(n)) }
