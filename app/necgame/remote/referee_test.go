package remote

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
)

// game3 returns a referee of the three-player test board (white on the referee's device,
// black and green remote) and the players' sides from their invitations.
func game3(t testing.TB, missing Missing, level int) (*Referee, []*Player) {
	t.Helper()
	r := refereeAt(t, "g3", start3(t), []SeatKind{Local, Remote, Remote}, missing, level, seeded(30))
	players := make([]*Player, 3)
	for _, seat := range []int{1, 2} {
		inv, err := r.Invitation(seat)
		if err != nil {
			t.Fatal(err)
		}
		if players[seat], err = Join(inv); err != nil {
			t.Fatal(err)
		}
	}
	return r, players
}

// sealText seals the order text of a player on its current board.
func sealText(t testing.TB, p *Player, text string, n byte) Order {
	t.Helper()
	g, err := p.Game()
	if err != nil {
		t.Fatal(err)
	}
	o, err := p.Seal(order(t, g.State(), p.Seat(), text), seeded(n))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// relink returns the order with its binary part changed by f, read back as a link would be.
func relink(t *testing.T, o Order, f func(b []byte) []byte) Order {
	t.Helper()
	b := f(append([]byte(nil), o.raw...))
	back, err := ParseOrder(orderKey + base64.RawURLEncoding.EncodeToString(b))
	if err != nil {
		t.Fatalf("the changed link does not read: %v", err)
	}
	return back
}

// TestFileRefuses checks every reason the referee refuses an order link: each gives its own
// error, says why in words, and leaves the referee's game as it was.
func TestFileRefuses(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	good := sealText(t, ps[1], "B(0,5)-(1,6)", 1)
	_, otherPs := game3(t, MissingPass, 0)
	otherGame := func() Order {
		p := *otherPs[1]
		p.game = "another-game"
		return sealText(t, &p, "B(0,5)-(1,6)", 2)
	}()
	// An order of an earlier update: the game moves on one update first.
	r2, ps2 := game3(t, MissingPass, 0)
	stale := sealText(t, ps2[1], "B(0,5)-(1,6)", 3)
	if err := r2.Lock(0, order(t, r2.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
		t.Fatal(err)
	}
	if _, err := r2.Resolve(); err != nil {
		t.Fatal(err)
	}
	future := func() Order {
		p := ps[2] // as if the player were an update ahead
		s, err := seal(p.game, p.seat, 2, 1, "", &p.referee, p.secret[:], seeded(4))
		if err != nil {
			t.Fatal(err)
		}
		return orderOf(s)
	}()
	localSeat := func() Order {
		p := *ps[1]
		p.seat = 0
		s, err := seal(p.game, 0, 1, 1, "", &p.referee, p.secret[:], seeded(5))
		if err != nil {
			t.Fatal(err)
		}
		return orderOf(s)
	}()
	for _, c := range []struct {
		name  string
		ref   *Referee
		order Order
		want  error
		words string
	}{
		{"another game's order", r, otherGame, ErrOtherGame, "another game"},
		{"an order for the referee's own seat", r, localSeat, ErrNotRemote, "no seat 1 played from another device"},
		{"an order moved to another seat", r, relink(t, good, func(b []byte) []byte { b[1] = 2; return b }), ErrForged, "forged"},
		{"an order with its box changed", r, relink(t, good, func(b []byte) []byte { b[len(b)-40] ^= 1; return b }), ErrForged, "forged"},
		{"an order with its tag changed", r, relink(t, good, func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), ErrForged, "forged"},
		{"an order moved to a later update", r, relink(t, good, func(b []byte) []byte { b[2] = 2; return b }), ErrForged, "forged"},
		{"an order of an update already resolved", r2, stale, ErrStale, "update 1, which is resolved already"},
		{"an order of a later update", r, future, ErrFuture, "update 2"},
		{"a zero order", r, Order{}, ErrLink, "damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := c.ref.Entry(store.Entry{})
			_, err := c.ref.File(c.order)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.words) {
				t.Fatalf("got %v, want %v saying %q", err, c.want, c.words)
			}
			if after := c.ref.Entry(store.Entry{}); !after.Equal(before) {
				t.Fatal("a refused order changed the referee's game")
			}
		})
	}
	if _, err := r.File(good); err != nil {
		t.Fatalf("the good order: %v", err)
	}
}

// TestNothingIsDecryptedBeforeTheLock checks that the referee's device learns nothing of the
// orders received before its own seats have locked theirs: Status says who has sent, and
// Resolve refuses.
func TestNothingIsDecryptedBeforeTheLock(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	for seat, text := range map[int]string{1: "B(0,5)-(1,6)", 2: "R(30,0)-(30,2)"} {
		if _, err := r.File(sealText(t, ps[seat], text, byte(seat))); err != nil {
			t.Fatal(err)
		}
	}
	want := []SeatStatus{{Kind: Local}, {Kind: Remote, In: true}, {Kind: Remote, In: true}}
	for i, s := range r.Status() {
		if s != want[i] {
			t.Errorf("seat %d: status %+v, want %+v", i+1, s, want[i])
		}
	}
	if r.AllIn() {
		t.Error("AllIn before the referee's own order")
	}
	if _, err := r.Resolve(); !errors.Is(err, ErrNotLocked) {
		t.Fatalf("Resolve before the lock: %v, want ErrNotLocked", err)
	}
	if r.Game().Updates() != 0 {
		t.Fatal("the update resolved before the lock")
	}
	saved := r.Entry(store.Entry{}).Remote
	for _, text := range []string{"B(0,5)", "R(30,0)", "(1,6)", "(30,2)"} {
		if strings.Contains(saved, text) {
			t.Errorf("the referee's saved game shows %q of an order received", text)
		}
	}
	if err := r.Lock(1, order(t, r.Game().State(), 1, "B(0,5)-(1,6)")); !errors.Is(err, ErrNotLocal) {
		t.Errorf("locking a remote seat's order: %v, want ErrNotLocal", err)
	}
}

// TestMissingOrders checks the two policies for a remote seat whose order has not come when
// the referee resolves early: it makes no order, or a bot chooses one for it.
func TestMissingOrders(t *testing.T) {
	for _, c := range []struct {
		name    string
		missing Missing
		level   int
		played  bool
	}{
		{"no order", MissingPass, 0, false},
		{"a bot plays", MissingBot, 1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, ps := game3(t, c.missing, c.level)
			if _, err := r.File(sealText(t, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
				t.Fatal(err)
			}
			if err := r.Lock(0, order(t, r.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
				t.Fatal(err)
			}
			res, err := r.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Missing) != 1 || res.Missing[0] != 2 {
				t.Fatalf("missing %v, want green (seat 3)", res.Missing)
			}
			_, _, orders, rep, err := r.Game().Update(1)
			if err != nil {
				t.Fatal(err)
			}
			_, played := rep.Result(2)
			if played != c.played {
				t.Fatalf("green's seat played: %v, want %v (orders %v)", played, c.played, orders)
			}
			if _, ok := rep.Result(1); !ok {
				t.Fatal("black's order was not played")
			}
		})
	}
	if _, err := New("x", Config{Seats: []Seat{{}, {}}, Missing: MissingBot}, seeded(1)); err == nil {
		t.Error("a bot for missing orders with no level was accepted")
	}
}

// TestMissingBotChosenElsewhere: under the MissingBot policy the page may let its engine
// worker choose the stand-in order of a seat with no order (MissingBotTurn, StandIn): the
// update then plays the order chosen there, the same as Resolve would have chosen (same level
// and seed); a seat whose order came needs no stand-in; StandIn refuses a seat that is not
// remote and an order that does not read.
func TestMissingBotChosenElsewhere(t *testing.T) {
	// What Resolve chooses itself.
	self, sps := game3(t, MissingBot, 2)
	if _, err := self.File(sealText(t, sps[1], "B(0,5)-(1,6)", 1)); err != nil {
		t.Fatal(err)
	}
	if err := self.Lock(0, order(t, self.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
		t.Fatal(err)
	}
	if _, err := self.Resolve(); err != nil {
		t.Fatal(err)
	}
	_, _, want, _, err := self.Game().Update(1)
	if err != nil {
		t.Fatal(err)
	}

	r, ps := game3(t, MissingBot, 2)
	if _, err := r.File(sealText(t, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
		t.Fatal(err)
	}
	turn, ok := r.MissingBotTurn()
	if !ok || turn.Seat != 2 || turn.Level != 2 {
		t.Fatalf("missing bot turn %+v, %v: want green's (seat 3) at level 2", turn, ok)
	}
	// The bot's order, chosen as the engine worker chooses it (app/worker).
	opt := bot.Level(turn.Level)
	opt.Seed = turn.Seed
	th := bot.New(opt).Think(turn.Board, turn.Seat)
	text := ""
	if th.OK {
		text = turn.Board.FormatOrder(th.Order)
	}
	if err := r.StandIn(turn.Seat, text); err != nil {
		t.Fatal(err)
	}
	if _, again := r.MissingBotTurn(); again {
		t.Error("a seat with a stand-in order is asked for again")
	}
	if err := r.StandIn(0, ""); err == nil {
		t.Error("a stand-in order for the referee's own seat was taken")
	}
	if err := r.StandIn(2, "Q(99,99)"); err == nil {
		t.Error("a stand-in order that does not read was taken")
	}
	if err := r.Lock(0, order(t, r.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve(); err != nil {
		t.Fatal(err)
	}
	_, _, got, _, err := r.Game().Update(1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().State().Encode() != self.Game().State().Encode() || len(got) != len(want) {
		t.Errorf("the update with the stand-in chosen elsewhere differs: orders %v, want %v", got, want)
	}
	if _, ok := r.MissingBotTurn(); !ok {
		t.Error("no missing bot turn in the next update (every remote seat is missing)")
	}
}

// TestBadOrderContent checks an order that authenticates but does not read on the board (a
// player's device of another version, or a hostile one with the seat secret): the seat makes
// no order, the referee is told why, and the update resolves.
func TestBadOrderContent(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	p := ps[1]
	s, err := seal(p.game, p.seat, 1, 1, "Q(99,99)-(100,100)", &p.referee, p.secret[:], seeded(9))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.File(orderOf(s)); err != nil {
		t.Fatal(err)
	}
	if err := r.Lock(0, order(t, r.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
		t.Fatal(err)
	}
	res, err := r.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if res.Refused[1] == nil || len(res.Refused) != 1 {
		t.Fatalf("refused %v, want black's order", res.Refused)
	}
	if r.Game().Updates() != 1 {
		t.Fatal("the update did not resolve")
	}
}

// TestOverRefuses checks that a game that is over takes no order.
func TestOverRefuses(t *testing.T) {
	start := board3(t, "white R (0,0)", "black B (0,5)", "green N (30,10)")
	r := refereeAt(t, "g", start, []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(1))
	inv, _ := r.Invitation(2)
	p, _ := Join(inv)
	late := sealText(t, p, "N(30,10)-(31,12)", 1)
	if err := r.Lock(0, order(t, start, 0, "Rx(0,5)")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve(); err != nil {
		t.Fatal(err)
	}
	if !r.Game().State().Alive(2) || r.Game().State().Alive(1) {
		t.Fatal("the board is not as the test expects: black should be out")
	}
	inv1, _ := r.Invitation(1)
	black, _ := Join(inv1)
	u := r.PublicUpdate()
	if _, err := black.Apply(u); err != nil {
		t.Fatal(err)
	}
	if _, err := black.Seal(nec.Order{}, seeded(3)); !errors.Is(err, ErrOut) {
		t.Errorf("a player with no pieces seals: %v, want ErrOut", err)
	}
	if _, err := r.File(late); !errors.Is(err, ErrStale) {
		t.Errorf("green's late order: %v, want ErrStale", err)
	}
}
