package orthonet_test

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/engine/orthonet"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// TestNetworkReads checks that the embedded network.bin is a network the search reads, and
// that asking again gives the same one.
func TestNetworkReads(t *testing.T) {
	n, err := orthonet.Network()
	if err != nil {
		t.Fatal(err)
	}
	again, err := orthonet.Network()
	if err != nil || again != n {
		t.Fatalf("the second read: %p, %v; want %p", again, err, n)
	}
}

// TestUseNetworkOrthodoxOnly checks where the network applies: along seeded random games,
// turn.SearchGame.UseNetwork changes the evaluation of most positions of orthodox chess, and
// of none of the variants (the network was fitted on orthodox positions alone), and
// UseNetwork(nil) gives the hand-written evaluation back.
func TestUseNetworkOrthodoxOnly(t *testing.T) {
	n, err := orthonet.Network()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"orthodox", "marseillais", "sdm", "dice", "progressive-italian", "progressive-scottish"} {
		info, ok := variants.Find(id)
		if !ok {
			t.Fatalf("no variant %q", id)
		}
		v, err := variants.Open(info.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		hand, net, back := turn.NewSearchGame(v), turn.NewSearchGame(v), turn.NewSearchGame(v)
		net.UseNetwork(n)
		back.UseNetwork(n)
		back.UseNetwork(nil)
		s, err := v.Start("")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		states, changed := 0, 0
		var buf []turn.Action
		for range 120 {
			if s.Ended().Over() {
				break
			}
			h := hand.Evaluate(s)
			if got := back.Evaluate(s); got != h {
				t.Fatalf("%s: %d after UseNetwork(nil), %d by hand", id, got, h)
			}
			states++
			if net.Evaluate(s) != h {
				changed++
			}
			acts := v.Actions(s, buf[:0])
			if len(acts) == 0 {
				break
			}
			s = v.Do(s, acts[rng.IntN(len(acts))])
		}
		if id == "orthodox" && changed*2 < states {
			t.Errorf("orthodox: the network changed %d of %d evaluations", changed, states)
		}
		if id != "orthodox" && changed != 0 {
			t.Errorf("%s: the network changed %d of %d evaluations", id, changed, states)
		}
	}
}
