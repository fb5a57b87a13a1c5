package remote

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
)

// seeded returns a deterministic source of random bytes.
func seeded(n byte) io.Reader { return rand.NewChaCha8([32]byte{n, 7}) }

// device returns the store of one device: its own memory, clock and ids.
func device(t testing.TB, n byte) *store.Store {
	t.Helper()
	clock := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	return &store.Store{
		Storage: &store.Memory{},
		Codecs:  map[store.Kind]store.Codec{store.KindNEC: necgame.Codec{}},
		Now: func() time.Time {
			clock = clock.Add(time.Second)
			return clock
		},
		Rand: seeded(100 + n),
	}
}

// board3 builds a three-player board from pieces written "colour Letter (x,y)": white's pawns
// go north, black's south, green's east. The armies stand close, so that captures (and
// orders with fallbacks) are possible from the first update.
func board3(t testing.TB, pieces ...string) nec.State {
	t.Helper()
	players := []nec.Player{{Name: "white", Dir: nec.North}, {Name: "black", Dir: nec.South}, {Name: "green", Dir: nec.East}}
	var ps []nec.Piece
	for _, p := range pieces {
		f := strings.Fields(p)
		if len(f) != 3 {
			t.Fatalf("bad piece %q", p)
		}
		owner, ok := map[string]int{"white": 0, "black": 1, "green": 2}[f[0]]
		if !ok {
			t.Fatalf("bad colour in %q", p)
		}
		kind := nec.NoKind
		for k := nec.Pawn; k <= nec.TimeThief; k++ {
			if k.Letter() == f[1] {
				kind = k
			}
		}
		var x, y int64
		if _, err := fmt.Sscanf(f[2], "(%d,%d)", &x, &y); err != nil {
			t.Fatalf("bad square in %q: %v", p, err)
		}
		ps = append(ps, nec.Piece{Owner: owner, Kind: kind, Sq: nec.Sq(x, y)})
	}
	s, err := nec.NewState(players, ps, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// start3 is the board of the three-player games of these tests.
func start3(t testing.TB) nec.State {
	return board3(t,
		"white R (0,0)", "white N (10,0)", "white B (20,0)", "white P (5,1)",
		"black B (0,5)", "black N (12,10)", "black R (3,8)", "black P (20,9)",
		"green R (30,0)", "green N (30,10)", "green Q (25,5)", "green P (3,3)",
	)
}

// refereeAt makes the referee of a game from the board start, with seats played as kinds say
// (the bots at level 1), as New does for a game from the usual setup.
func refereeAt(t testing.TB, id string, start nec.State, kinds []SeatKind, missing Missing, level int, rand io.Reader) *Referee {
	t.Helper()
	seats := make([]necgame.Seat, len(kinds))
	for i, k := range kinds {
		if k == Bot {
			seats[i] = necgame.Seat{Bot: true, Level: 1}
		}
	}
	g, err := necgame.Open(necgame.Record{Seats: seats, Seed: 5, Start: start})
	if err != nil {
		t.Fatal(err)
	}
	r, err := newReferee(id, kinds, g, missing, level, rand)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// order reads an order of player on the board s, failing the test when it is not legal.
func order(t testing.TB, s nec.State, player int, text string) nec.Order {
	t.Helper()
	o, err := s.ParseOrder(player, text)
	if err != nil {
		t.Fatalf("order %q of player %d: %v", text, player+1, err)
	}
	return o
}

// address returns a whole link of a fragment, as a player would paste it.
func address(fragment string) string { return "https://plyground.example/nec#" + fragment }
