package necgame

import (
	"errors"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

// TestN3_PlayOrdersCollectedElsewhere checks Play, which resolves an update with the people's
// orders collected elsewhere (package remote): the update is what the rules give for those
// orders and the bot's, and refused orders change nothing.
func TestN3_PlayOrdersCollectedElsewhere(t *testing.T) {
	start := build(t, "white R (0,0)", "white N (10,0)", "black B (0,5)", "black N (12,10)")
	open := func(bot bool) *Game {
		seats := []Seat{{}, {}}
		if bot {
			seats[1] = Seat{Bot: true, Level: 1}
		}
		g, err := Open(Record{Seats: seats, Seed: 3, Start: start})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	parse := func(p int, text string) nec.Order {
		o, err := start.ParseOrder(p, text)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	white := parse(0, "Rx(0,5) / N(10,0)-(11,2)")
	black := parse(1, "B(0,5)-(1,6)")

	g := open(false)
	if err := g.Play([]nec.Order{white, black}); err != nil {
		t.Fatal(err)
	}
	want, _, err := start.Resolve([]nec.Order{white, black})
	if err != nil {
		t.Fatal(err)
	}
	if g.Updates() != 1 || !g.State().Equal(want) || g.Phase() != Result {
		t.Fatalf("after Play: %d updates, phase %v, board as the rules give: %v", g.Updates(), g.Phase(), g.State().Equal(want))
	}
	if _, _, orders, _, _ := g.Update(1); len(orders) != 2 {
		t.Fatalf("the update holds %d orders, want 2", len(orders))
	}

	for _, c := range []struct {
		name   string
		bot    bool
		orders []nec.Order
	}{
		{"an order for a bot's seat", true, []nec.Order{white, black}},
		{"two orders for one seat", false, []nec.Order{white, white}},
		{"an order of no seat", false, []nec.Order{{Player: 5, Steps: white.Steps}}},
		{"an illegal order", false, []nec.Order{{Player: 1, Steps: white.Steps}}},
	} {
		g := open(c.bot)
		if err := g.Play(c.orders); !errors.Is(err, ErrOrders) {
			t.Errorf("%s: %v, want ErrOrders", c.name, err)
		}
		if g.Updates() != 0 {
			t.Errorf("%s: the update resolved", c.name)
		}
	}

	// A bot's seat chooses its order when the people's orders are played.
	g = open(true)
	if err := g.Play([]nec.Order{white}); err != nil {
		t.Fatal(err)
	}
	if g.Updates() != 1 {
		t.Fatal("the update did not resolve")
	}
}
