package remote

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
)

// devicePlayer is a player's device in the game of TestThreeDevicesThroughLinks.
type devicePlayer struct {
	name string
	st   *store.Store
	seed byte
}

// load reads the player's side from the device's store, as the page does when the game opens.
func (d *devicePlayer) load(t *testing.T, id string) *Player {
	t.Helper()
	_, r, p, err := Load(d.st, id)
	if err != nil || r != nil || p == nil {
		t.Fatalf("%s: loading the game: referee %v, player %v, %v", d.name, r != nil, p != nil, err)
	}
	return p
}

// send composes the order text on the board of the player's current update, seals it, saves
// the side (the order is marked sent) and returns the link as the player would paste it.
func (d *devicePlayer) send(t *testing.T, id, text string) string {
	t.Helper()
	p := d.load(t, id)
	g, err := p.Game()
	if err != nil {
		t.Fatal(err)
	}
	o, err := p.Seal(order(t, g.State(), p.Seat(), text), seeded(d.seed))
	d.seed++
	if err != nil {
		t.Fatalf("%s: sealing %q: %v", d.name, text, err)
	}
	if _, err := SavePlayer(d.st, store.Entry{}, p); err != nil {
		t.Fatal(err)
	}
	if sum := summary(t, d.st, id); !sum.Sent || sum.Role != PlayerRole {
		t.Fatalf("%s: after sending, the saved game says %+v", d.name, sum)
	}
	if strings.Contains(o.Fragment(), "(") || strings.Contains(o.Fragment(), text) {
		t.Fatalf("%s: the order link shows the order: %s", d.name, o.Fragment())
	}
	return address(o.Fragment())
}

// open opens a public update link on the player's device and saves it.
func (d *devicePlayer) open(t *testing.T, id, link string) *Player {
	t.Helper()
	u, err := ParseUpdate(link)
	if err != nil {
		t.Fatalf("%s: opening the update: %v", d.name, err)
	}
	p := d.load(t, id)
	if a, err := p.Apply(u); err != nil || a != AppliedNew {
		t.Fatalf("%s: applying the update: %v, %v", d.name, a, err)
	}
	if p.Sent() {
		t.Fatalf("%s: an order is marked sent for the new update", d.name)
	}
	if _, err := SavePlayer(d.st, store.Entry{}, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// summary returns the summary of a saved remote game.
func summary(t *testing.T, st *store.Store, id string) Summary {
	t.Helper()
	e, err := st.Load(store.KindNEC, id)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Summarize(e)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// reload reads the referee's game back from its device's store, as after a reload of the page.
func reload(t *testing.T, st *store.Store, r *Referee) *Referee {
	t.Helper()
	if _, err := SaveReferee(st, store.Entry{}, r); err != nil {
		t.Fatal(err)
	}
	_, back, p, err := Load(st, r.ID())
	if err != nil || back == nil || p != nil {
		t.Fatalf("reloading the referee: referee %v, player %v, %v", back != nil, p != nil, err)
	}
	return back
}

// file files an order link on the referee's device.
func file(t *testing.T, r *Referee, link string) (Filed, error) {
	t.Helper()
	o, err := ParseOrder(link)
	if err != nil {
		t.Fatalf("reading an order link: %v", err)
	}
	return r.File(o)
}

// in returns which seats have their order in.
func in(r *Referee) []bool {
	var out []bool
	for _, s := range r.Status() {
		out = append(out, s.In)
	}
	return out
}

// TestThreeDevicesThroughLinks plays a three-player remote game on three devices (three
// stores) that pass nothing but links: the referee (white, on its own device) invites black
// (Ann) and green (Bob); two updates of sealed orders with fallbacks resolve to the same
// boards on every device as the rules give for the same orders; a forged order and replayed
// ones (of an update resolved, and one replaced by a later order) are refused and change
// nothing; the referee's device reloads mid-update and loses
// nothing. It is the model of the browser test of the page.
func TestThreeDevicesThroughLinks(t *testing.T) {
	const id = "remote-game-1"
	start := start3(t)
	refStore := device(t, 0)
	ann := &devicePlayer{name: "Ann", st: device(t, 1), seed: 10}
	bob := &devicePlayer{name: "Bob", st: device(t, 2), seed: 20}
	ref := refereeAt(t, id, start, []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(1))
	if _, err := SaveReferee(refStore, store.Entry{}, ref); err != nil {
		t.Fatal(err)
	}

	// Invitations: one link a player, sent privately.
	for _, pl := range []struct {
		d    *devicePlayer
		seat int
	}{{ann, 1}, {bob, 2}} {
		inv, err := ref.Invitation(pl.seat)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseInvitation(address(InvitationFragment(inv)))
		if err != nil {
			t.Fatalf("%s: opening the invitation: %v", pl.d.name, err)
		}
		if got.Seat != pl.seat || got.Game != id || !got.Record.Start.Equal(start) {
			t.Fatalf("%s: the invitation reads as seat %d of game %s", pl.d.name, got.Seat+1, got.Game)
		}
		p, err := Join(got)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := SavePlayer(pl.d.st, store.Entry{}, p); err != nil {
			t.Fatal(err)
		}
		if s := summary(t, pl.d.st, id); s.Role != PlayerRole || s.Seat != pl.seat || s.Sent {
			t.Fatalf("%s: the saved game says %+v", pl.d.name, s)
		}
	}
	if _, err := ref.Invitation(0); !errors.Is(err, ErrNotRemote) {
		t.Errorf("an invitation for the referee's own seat: %v, want ErrNotRemote", err)
	}

	// Update 1. White's capture of the bishop fails (the bishop flees): its fallback is played.
	texts1 := []string{"Rx(0,5) / N(10,0)-(11,2)", "B(0,5)-(1,6)", "R(30,0)-(30,2)"}
	annLink1 := ann.send(t, id, texts1[1])
	bobLink1 := bob.send(t, id, texts1[2])
	if f, err := file(t, ref, annLink1); err != nil || f.Seat != 1 || f.Update != 1 || f.Replaced {
		t.Fatalf("filing Ann's order: %+v, %v", f, err)
	}
	ref = reload(t, refStore, ref) // the referee's page reloads mid-update
	if got := in(ref); got[0] || !got[1] || got[2] {
		t.Fatalf("after a reload, orders in: %v, want Ann's only", got)
	}
	if _, err := ref.Resolve(); !errors.Is(err, ErrNotLocked) {
		t.Fatalf("resolving before the referee locked its own order: %v, want ErrNotLocked", err)
	}
	if _, err := file(t, ref, bobLink1); err != nil {
		t.Fatalf("filing Bob's order: %v", err)
	}
	// Forged: Bob seals an order for Ann's seat with his own invitation.
	bobSide := bob.load(t, id)
	forger := *bobSide
	forger.seat = 1
	g1, _ := forger.Game()
	forged, err := forger.Seal(order(t, g1.State(), 1, "B(0,5)-(2,7)"), seeded(99))
	if err != nil {
		t.Fatal(err)
	}
	before := ref.Entry(store.Entry{}).Remote
	if _, err := file(t, ref, address(forged.Fragment())); !errors.Is(err, ErrForged) || !strings.Contains(err.Error(), "forged") {
		t.Fatalf("a forged order: %v, want ErrForged", err)
	}
	if after := ref.Entry(store.Entry{}).Remote; after != before {
		t.Fatal("a forged order changed the referee's game")
	}
	if err := ref.Lock(0, order(t, ref.Game().State(), 0, texts1[0])); err != nil {
		t.Fatal(err)
	}
	if !ref.AllIn() {
		t.Fatalf("every order is in, but AllIn says no: %v", in(ref))
	}
	ref = reload(t, refStore, ref)
	res, err := ref.Resolve()
	if err != nil || res.Update != 1 || len(res.Missing) != 0 || len(res.Refused) != 0 {
		t.Fatalf("resolving update 1: %+v, %v", res, err)
	}
	want1, rep1 := resolve(t, start, texts1)
	if !ref.Game().State().Equal(want1) {
		t.Fatal("the referee's board after update 1 is not the rules' board for the same orders")
	}
	if r, ok := rep1.Result(0); !ok || r.Step != 1 || len(r.Tried) != 1 || r.Tried[0] != nec.Missed {
		t.Fatalf("white's order in update 1: %+v, want its capture missed and its fallback played", r)
	}
	if _, _, _, rep, _ := ref.Game().Update(1); rep.String() != rep1.String() {
		t.Fatalf("the referee's report of update 1:\n%v\nwant\n%v", rep, rep1)
	}
	if _, err := SaveReferee(refStore, store.Entry{}, ref); err != nil {
		t.Fatal(err)
	}
	update1 := address(UpdateFragment(ref.PublicUpdate()))
	for _, d := range []*devicePlayer{ann, bob} {
		p := d.open(t, id, update1)
		if g, _ := p.Game(); !g.State().Equal(want1) {
			t.Fatalf("%s's board after update 1 is not the referee's", d.name)
		}
	}

	// Update 2. A replayed order (Ann's of update 1) is refused as out of date; Bob changes
	// his mind and his second order replaces the first.
	if _, err := file(t, ref, annLink1); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "update 1") {
		t.Fatalf("a replayed order of update 1: %v, want ErrStale", err)
	}
	if got := in(ref); got[0] || got[1] || got[2] {
		t.Fatalf("after a replayed order, orders in: %v, want none", got)
	}
	texts2 := []string{"Bx(25,5) / R(0,0)-(0,1)", "Rx(3,3) / N(12,10)-(13,12)", "Qx(20,0) / N(30,10)-(29,12)"}
	bobFirst2 := bob.send(t, id, "R(30,2)-(30,4)")
	if _, err := file(t, ref, bobFirst2); err != nil {
		t.Fatal(err)
	}
	ref = reload(t, refStore, ref)
	if _, err := file(t, ref, ann.send(t, id, texts2[1])); err != nil {
		t.Fatal(err)
	}
	bobLink2 := bob.send(t, id, texts2[2])
	ref = reload(t, refStore, ref)
	f, err := file(t, ref, bobLink2)
	if err != nil || !f.Replaced || !strings.Contains(f.Notice, "replaces") {
		t.Fatalf("Bob's second order: %+v, %v, want it to replace the first", f, err)
	}
	if f, err := file(t, ref, bobLink2); err != nil || !f.Again || f.Replaced {
		t.Fatalf("Bob's second order filed again: %+v, %v", f, err)
	}
	// Replayed: Bob's first order of update 2, sent again after his second replaced it.
	if _, err := file(t, ref, bobFirst2); !errors.Is(err, ErrReplayed) || !strings.Contains(err.Error(), "replaced it") {
		t.Fatalf("Bob's replaced order sent again: %v, want ErrReplayed", err)
	}
	if err := ref.Lock(0, order(t, ref.Game().State(), 0, texts2[0])); err != nil {
		t.Fatal(err)
	}
	ref = reload(t, refStore, ref)
	if _, err := ref.Resolve(); err != nil {
		t.Fatal(err)
	}
	want2, _ := resolve(t, want1, texts2)
	ref = reload(t, refStore, ref)
	if !ref.Game().State().Equal(want2) {
		t.Fatal("the referee's board after update 2 is not the rules' board for the same orders")
	}
	update2 := address(UpdateFragment(ref.PublicUpdate()))
	for _, d := range []*devicePlayer{ann, bob} {
		d.open(t, id, update2)
		p := d.load(t, id)
		g, err := p.Game()
		if err != nil {
			t.Fatal(err)
		}
		if !g.State().Equal(want2) || g.Updates() != 2 {
			t.Fatalf("%s's board after update 2 is not the referee's", d.name)
		}
		for k := 1; k <= 2; k++ {
			_, _, _, mine, _ := g.Update(k)
			_, _, _, refs, _ := ref.Game().Update(k)
			if mine.String() != refs.String() {
				t.Fatalf("%s's report of update %d differs from the referee's", d.name, k)
			}
		}
		if _, err := p.Apply(mustUpdate(t, update1)); !errors.Is(err, ErrOlder) {
			t.Fatalf("%s: an old update link: %v, want ErrOlder", d.name, err)
		}
	}
}

// resolve resolves the orders written in texts (one a player, "" for none) on s with the
// rules alone.
func resolve(t *testing.T, s nec.State, texts []string) (nec.State, nec.Report) {
	t.Helper()
	var os []nec.Order
	for p, text := range texts {
		if text != "" {
			os = append(os, order(t, s, p, text))
		}
	}
	next, rep, err := s.Resolve(os)
	if err != nil {
		t.Fatal(err)
	}
	return next, rep
}

// mustUpdate reads an update link.
func mustUpdate(t *testing.T, link string) Update {
	t.Helper()
	u, err := ParseUpdate(link)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
