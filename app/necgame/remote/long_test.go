package remote

import (
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec/bot"
)

// TestManyUpdatesStayInStep plays twenty updates of a four-player game from the usual setup
// (the referee's seat, two remote players choosing at random, a bot), through links and saved
// stores only, with one remote player skipping every third update (a bot plays for it): after
// every update each player's device has the referee's board.
func TestManyUpdatesStayInStep(t *testing.T) {
	refStore := device(t, 0)
	r, err := New("long-game", Config{Seats: []Seat{{Kind: Local}, {Kind: Remote}, {Kind: Remote}, {Kind: Bot, Level: 1}},
		Missing: MissingBot, MissingLevel: 1, Seed: 4}, seeded(60))
	if err != nil {
		t.Fatal(err)
	}
	stores := map[int]*store.Store{1: device(t, 1), 2: device(t, 2)}
	for seat, st := range stores {
		inv, err := r.Invitation(seat)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseInvitation(InvitationFragment(inv))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Join(got)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := SavePlayer(st, store.Entry{}, p); err != nil {
			t.Fatal(err)
		}
	}
	random := map[int]*bot.Random{0: bot.NewRandom(1), 1: bot.NewRandom(2), 2: bot.NewRandom(3)}
	for k := 1; k <= 20 && !r.Game().State().End().Over; k++ {
		for seat, st := range stores {
			if seat == 2 && k%3 == 0 {
				continue // Bob misses this update
			}
			_, _, p, err := Load(st, "long-game")
			if err != nil {
				t.Fatal(err)
			}
			g, _ := p.Game()
			if !g.State().Alive(seat) {
				continue
			}
			o, _ := random[seat].Order(g.State(), seat)
			sealed, err := p.Seal(o, seeded(byte(k*3+seat)))
			if err != nil {
				t.Fatalf("update %d, seat %d: %v", k, seat+1, err)
			}
			if _, err := SavePlayer(st, store.Entry{}, p); err != nil {
				t.Fatal(err)
			}
			parsed, err := ParseOrder(address(sealed.Fragment()))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.File(parsed); err != nil {
				t.Fatalf("update %d, seat %d: %v", k, seat+1, err)
			}
		}
		r = reload(t, refStore, r)
		if r.Game().State().Alive(0) {
			o, _ := random[0].Order(r.Game().State(), 0)
			if err := r.Lock(0, o); err != nil {
				t.Fatal(err)
			}
		}
		res, err := r.Resolve()
		if err != nil {
			t.Fatalf("update %d: %v", k, err)
		}
		if len(res.Refused) != 0 {
			t.Fatalf("update %d: refused %v", k, res.Refused)
		}
		link := UpdateFragment(r.PublicUpdate())
		for seat, st := range stores {
			u, err := ParseUpdate(link)
			if err != nil {
				t.Fatal(err)
			}
			_, _, p, err := Load(st, "long-game")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Apply(u); err != nil {
				t.Fatal(err)
			}
			if _, err := SavePlayer(st, store.Entry{}, p); err != nil {
				t.Fatal(err)
			}
			g, _ := p.Game()
			if !g.State().Equal(r.Game().State()) {
				t.Fatalf("update %d: seat %d's board is not the referee's", k, seat+1)
			}
		}
	}
	if r.Game().Updates() < 10 {
		t.Fatalf("the game stopped after %d updates", r.Game().Updates())
	}
}
