package necgame

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
)

// TestN10_HotSeatPhases: two people and a bot; each person enters behind a cover, and the
// update resolves when both have submitted.
func TestN10_HotSeatPhases(t *testing.T) {
	g, err := New(Config{Seats: []Seat{{}, {Name: "Bea"}, {Bot: true, Level: 1}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := func(p Phase, seat int) {
		t.Helper()
		if g.Phase() != p || g.Seat() != seat {
			t.Fatalf("phase %v seat %d, want %v seat %d", g.Phase(), g.Seat(), p, seat)
		}
	}
	want(Cover, 0)
	if g.Draft() != nil {
		t.Error("a draft exists behind the cover")
	}
	if _, err := g.Submit(); !errors.Is(err, ErrNoDraft) {
		t.Errorf("submit behind the cover: %v", err)
	}
	if err := g.Reveal(); err != nil {
		t.Fatal(err)
	}
	want(Entering, 0)
	d := g.Draft()
	if err := d.SetText("(0,-10)"); err != nil {
		t.Fatal(err)
	}
	if resolved, err := g.Submit(); err != nil || resolved {
		t.Fatalf("submit: %v %v", resolved, err)
	}
	want(Cover, 1)
	if !g.Ready(0) || g.Ready(1) || !g.Ready(2) {
		t.Errorf("ready: %v %v %v", g.Ready(0), g.Ready(1), g.Ready(2))
	}
	g.Reveal()
	want(Entering, 1)
	g.Draft().SetText("(1,10)")
	resolved, err := g.Submit()
	if err != nil || !resolved {
		t.Fatalf("the update did not resolve: %v", err)
	}
	want(Result, -1)
	if g.Updates() != 1 {
		t.Fatalf("%d updates", g.Updates())
	}
	_, after, orders, rep, _ := g.Update(1)
	if len(orders) != 3 || len(rep.Results) != 3 {
		t.Errorf("orders %v, results %d: want the two people's and the bot's", orders, len(rep.Results))
	}
	if len(after.At(nec.Sq(0, -10))) != 1 || len(after.At(nec.Sq(1, 10))) != 1 {
		t.Error("the people's pawns did not move")
	}
	if _, err := g.Continue(); err != nil {
		t.Fatal(err)
	}
	want(Cover, 0)
}

// TestN10_HiddenEntry: while black enters, nothing the page can reach (View) holds any move of
// white's submitted order, in any field.
func TestN10_HiddenEntry(t *testing.T) {
	g, err := New(Config{Seats: people(2)})
	if err != nil {
		t.Fatal(err)
	}
	g.Reveal()
	if err := g.Draft().SetText("N(-3,-10)"); err != nil {
		t.Fatal(err)
	}
	secret := g.Draft().Steps()[0].Move
	if _, err := g.Submit(); err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		v := g.View()
		for _, m := range movesIn(v) {
			if m == secret {
				t.Errorf("%s: the view holds white's move %v", when, m)
			}
		}
		if v.Draft != nil && v.Draft.Player() != v.Seat {
			t.Errorf("%s: the draft is player %d's", when, v.Draft.Player())
		}
	}
	check("behind black's cover")
	if v := g.View(); v.Board.NumPlayers() != 0 || v.Draft != nil {
		t.Error("the cover shows the board or a draft")
	}
	g.Reveal()
	check("while black enters")
	g.Draft().SetText("N(3,10)")
	check("while black has entered its own order")
	// The check can fail: the walk does find white's move inside the game itself.
	inGame := false
	for _, m := range movesIn(g) {
		inGame = inGame || m == secret
	}
	if !inGame {
		t.Fatal("movesIn does not see the pending order inside the game")
	}
	g.Submit()
	_, _, orders, _, _ := g.Update(1)
	if !slices.ContainsFunc(orders, func(o nec.Order) bool { return o.Steps[0].Move == secret }) {
		t.Error("white's order is not revealed after the update")
	}
}

// TestN10_OnePersonNoCover: with one person and bots, the entry starts at once, and after each
// update again.
func TestN10_OnePersonNoCover(t *testing.T) {
	g, err := New(Config{Seats: []Seat{{Bot: true, Level: 1}, {}}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for u := 0; u < 3; u++ {
		if g.Phase() != Entering || g.Seat() != 1 {
			t.Fatalf("update %d: phase %v seat %d", u+1, g.Phase(), g.Seat())
		}
		if resolved, err := g.Submit(); err != nil || !resolved { // black passes
			t.Fatalf("update %d: %v %v", u+1, resolved, err)
		}
	}
	if g.Updates() != 3 {
		t.Errorf("%d updates", g.Updates())
	}
}

// TestN10_BotsOnly: four bots play 30 updates, one Continue each, with no order rejected.
func TestN10_BotsOnly(t *testing.T) {
	seats := []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}, {Bot: true, Level: 2}, {Bot: true, Level: 1}}
	g, err := New(Config{Seats: seats, Fairy: true, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for u := 0; u < 30 && g.Phase() != Over; u++ {
		if g.Phase() != Result {
			t.Fatalf("phase %v", g.Phase())
		}
		if _, err := g.Continue(); err != nil {
			t.Fatal(err)
		}
		if _, _, _, rep, _ := g.Update(g.Updates()); len(rep.Rejected) > 0 {
			t.Fatalf("update %d: rejected %v", g.Updates(), rep.Rejected)
		}
	}
	if g.Updates() != 30 {
		t.Errorf("%d updates", g.Updates())
	}
}

// TestN1_GameOverPhase: a game at its update limit is over.
func TestN1_GameOverPhase(t *testing.T) {
	g, err := New(Config{Seats: []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}}, Limits: nec.Limits{MaxUpdates: 2}})
	if err != nil {
		t.Fatal(err)
	}
	g.Continue()
	g.Continue()
	if g.Phase() != Over {
		t.Fatalf("phase %v after the limit", g.Phase())
	}
	if _, err := g.Continue(); !errors.Is(err, ErrPhase) {
		t.Errorf("continue after the end: %v", err)
	}
}

func TestNewRejectsBadSeats(t *testing.T) {
	for _, c := range []Config{
		{Seats: people(1)},
		{Seats: people(9)},
		{Seats: []Seat{{Bot: true}, {}}},
		{Seats: []Seat{{Level: 2}, {}}},
		{Seats: []Seat{{Name: strings.Repeat("x", MaxNameLen+1)}, {}}},
	} {
		if _, err := New(c); err == nil {
			t.Errorf("New(%+v) accepted", c.Seats)
		}
	}
}

func TestSeatNames(t *testing.T) {
	g, _ := New(Config{Seats: []Seat{{Name: "Ann"}, {}, {Bot: true, Level: 2}}})
	for i, want := range []string{"Ann (White)", "Black", "Green (bot 2)"} {
		if got := g.SeatName(i); got != want {
			t.Errorf("seat %d: %q, want %q", i, got, want)
		}
	}
}

// TestN10_ThinkAhead: bots that choose their orders ahead (one per call, hidden) give the same
// update as bots that choose when it resolves.
func TestN10_ThinkAhead(t *testing.T) {
	cfg := Config{Seats: []Seat{{}, {Bot: true, Level: 1}, {Bot: true, Level: 1}}, Seed: 11}
	a, _ := New(cfg)
	b, _ := New(cfg)
	for u := 0; u < 4; u++ {
		if left := a.Think(); left != 1 {
			t.Fatalf("update %d: %d bots left after the first, want 1", u+1, left)
		}
		if v := a.View(); len(movesIn(v)) != 0 {
			t.Fatalf("update %d: a bot's order shows in the view", u+1)
		}
		if left := a.Think(); left != 0 {
			t.Fatalf("update %d: %d bots left", u+1, left)
		}
		if left := a.Think(); left != 0 {
			t.Fatalf("update %d: thinking again: %d", u+1, left)
		}
		a.Submit()
		b.Submit()
	}
	for k := 1; k <= 4; k++ {
		x, _ := a.Board(k)
		y, _ := b.Board(k)
		if !x.Equal(y) {
			t.Fatalf("board %d differs", k)
		}
	}
}

// TestN10_BotsDecideOutside: the page's bots think in the engine worker: NextBot says which
// bot is to choose, on which board and with which seed; Decide takes its order's text. The
// orders a bot chooses from NextBot's turn are the ones the game would choose itself, the
// order stays hidden until the update resolves, and a bad text is refused.
func TestN10_BotsDecideOutside(t *testing.T) {
	cfg := Config{Seats: []Seat{{}, {Bot: true, Level: 2}, {Bot: true, Level: 1}}, Seed: 5}
	a, _ := New(cfg) // its bots decide here
	b, _ := New(cfg) // its bots' orders come from outside
	for u := 1; u <= 3; u++ {
		if b.BotsLeft() != 2 {
			t.Fatalf("update %d: %d bots left", u, b.BotsLeft())
		}
		for seat := 1; seat <= 2; seat++ {
			turn, ok := b.NextBot()
			if !ok || turn.Seat != seat || turn.Level != cfg.Seats[seat].Level || !turn.Board.Equal(b.State()) {
				t.Fatalf("update %d: next bot %+v %v", u, turn, ok)
			}
			if turn.Seed != BotSeed(cfg.Seed, seat, u) {
				t.Errorf("update %d: seed %d", u, turn.Seed)
			}
			o := bot.Level(turn.Level)
			o.Seed = turn.Seed
			text := ""
			if ord, ok := bot.New(o).Order(turn.Board, turn.Seat); ok {
				text = turn.Board.FormatOrder(ord)
			}
			if err := b.Decide(seat, "Q(900,900)"); err == nil {
				t.Error("an impossible order was taken")
			}
			if err := b.Decide(seat, text); err != nil {
				t.Fatalf("update %d: decide %q: %v", u, text, err)
			}
			if err := b.Decide(seat, text); err == nil {
				t.Error("a bot decided twice")
			}
			if v := b.View(); len(movesIn(v)) != 0 {
				t.Fatalf("update %d: a bot's order shows in the view", u)
			}
		}
		if _, ok := b.NextBot(); ok || b.BotsLeft() != 0 {
			t.Fatal("a bot is left")
		}
		if err := b.Decide(0, ""); err == nil {
			t.Error("a person's order was taken as a bot's")
		}
		a.Submit()
		b.Submit()
		x, y := a.State(), b.State()
		if !x.Equal(y) {
			t.Fatalf("update %d: the bots' orders from outside gave another board", u)
		}
	}
}
