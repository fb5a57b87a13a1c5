//go:build deep

package nec

import "testing"

// TestSoakRandomGames plays long random games (tens of thousands of updates) checking the
// conservation property after every update and order independence now and then.
func TestSoakRandomGames(t *testing.T) {
	rng := newRand(99)
	var st stats
	for g := 0; g < 1000; g++ {
		var s State
		switch g % 3 {
		case 0:
			s, _ = Setup(Options{Players: 2 + g%7, Fairy: g%2 == 0})
		default:
			s = randomState(rng, 2+rng.IntN(7), 8+rng.IntN(30), 5+rng.Int64N(10))
		}
		for u := 0; u < 500 && !s.End().Over; u++ {
			os := randomOrders(rng, s)
			ns, rep, err := s.Resolve(os)
			if err != nil {
				t.Fatal(err)
			}
			checkUpdate(t, s, ns, rep)
			if u%25 == 0 {
				rng.Shuffle(len(os), func(i, j int) { os[i], os[j] = os[j], os[i] })
				ns2, rep2, _ := s.Resolve(os)
				if !ns2.Equal(ns) || rep2.String() != rep.String() {
					t.Fatal("order dependence")
				}
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
}
