package remote

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/variants/nec"
)

// TestSealRefusesBadOrders checks that a player seals only a legal order of its own seat on
// the board of the update (RULES.md N3), that a refused order does not count as sent, and that
// each order sent for the update has the next number.
func TestSealRefusesBadOrders(t *testing.T) {
	_, ps := game3(t, MissingPass, 0)
	p := ps[1]
	start := start3(t)
	white := order(t, start, 0, "R(0,0)-(0,1)")
	illegal := nec.Order{Player: 1, Steps: []nec.Step{{Move: white.Steps[0].Move}}}
	for name, o := range map[string]nec.Order{"another seat's order": white, "an illegal order": illegal} {
		if _, err := p.Seal(o, seeded(1)); err == nil {
			t.Errorf("%s was sealed", name)
		}
		if p.Sent() || p.SentLink() != "" {
			t.Errorf("after %s, the order is marked sent", name)
		}
	}
	o, err := p.Seal(nec.Order{}, seeded(2)) // a pass
	if err != nil || !p.Sent() || p.SentLink() != o.Fragment() || o.Seq != 1 {
		t.Fatalf("a pass: %+v, %v", o, err)
	}
	o2, err := p.Seal(order(t, start, 1, "B(0,5)-(1,6)"), seeded(3))
	if err != nil || o2.Seq != 2 || p.SentLink() != o2.Fragment() {
		t.Fatalf("a second order: seq %d, %v", o2.Seq, err)
	}
}

// TestApplyRefusesOtherGames checks that a player's side takes the updates of its own game
// only.
func TestApplyRefusesOtherGames(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	p := ps[1]
	u := r.PublicUpdate()
	if a, err := p.Apply(u); err != nil || a != AppliedSame {
		t.Fatalf("the update of the invitation: %v, %v", a, err)
	}
	other := u
	other.Game = "other"
	if _, err := p.Apply(other); !errors.Is(err, ErrNotThisGame) {
		t.Errorf("an update of another game: %v, want ErrNotThisGame", err)
	}
	g, err := necgame.New(necgame.Config{Seats: make([]necgame.Seat, 3)})
	if err != nil {
		t.Fatal(err)
	}
	same := Update{Game: u.Game, Record: g.Record()} // the game's id, another game
	if _, err := p.Apply(same); !errors.Is(err, ErrNotThisGame) {
		t.Errorf("another game under this game's id: %v, want ErrNotThisGame", err)
	}
	if !p.Record().Start.Equal(start3(t)) {
		t.Error("a refused update changed the player's game")
	}
}

// TestNewGame checks a remote game from the usual setup: one seat a kind, a bot's order
// always in, an invitation for the remote seat only, and bad configurations refused.
func TestNewGame(t *testing.T) {
	r, err := New("new-game", Config{Seats: []Seat{{Kind: Local, Name: "Ref"}, {Kind: Remote, Name: "Ann"}, {Kind: Bot, Level: 1}},
		Missing: MissingBot, MissingLevel: 1, Seed: 9}, seeded(50))
	if err != nil {
		t.Fatal(err)
	}
	want := []SeatStatus{{Kind: Local}, {Kind: Remote}, {Kind: Bot, In: true}}
	for i, s := range r.Status() {
		if s != want[i] {
			t.Errorf("seat %d: %+v, want %+v", i+1, s, want[i])
		}
	}
	if m, l := r.Missing(); m != MissingBot || l != 1 || r.Update() != 1 || r.Game().State().NumPlayers() != 3 {
		t.Errorf("missing %v level %d, update %d", m, l, r.Update())
	}
	for seat, ok := range []bool{false, true, false} {
		if _, err := r.Invitation(seat); (err == nil) != ok {
			t.Errorf("the invitation of seat %d: %v", seat+1, err)
		}
	}
	for name, c := range map[string]Config{
		"one seat":            {Seats: []Seat{{}}},
		"an unknown kind":     {Seats: []Seat{{}, {Kind: 9}}},
		"a bot of level 0":    {Seats: []Seat{{}, {Kind: Bot}}},
		"a policy unknown":    {Seats: []Seat{{}, {}}, Missing: 5},
		"a level with no bot": {Seats: []Seat{{}, {}}, MissingLevel: 2},
	} {
		if _, err := New("x", c, seeded(1)); err == nil {
			t.Errorf("%s: a game was made", name)
		}
	}
	if _, err := New("bad id", Config{Seats: []Seat{{}, {}}}, seeded(1)); err == nil {
		t.Error("a game with a bad id was made")
	}
}

// TestUpdateSignedForEachSeat: a public update carries the referee's tag for each remote seat,
// which survives its link; a player's device takes a new update only with its seat's good tag:
// an update without tags (a link of version 1, or one stripped of them), with a changed tag,
// with a tag for another seat only, or a continuation made by someone else under the game's id
// is refused (ErrUnsigned) and changes nothing. An update the device has already needs none.
func TestUpdateSignedForEachSeat(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	if err := r.Lock(0, order(t, r.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve(); err != nil {
		t.Fatal(err)
	}
	u := r.PublicUpdate()
	if len(u.Tags) != 2 || u.Tags[0].Seat != 1 || u.Tags[1].Seat != 2 {
		t.Fatalf("tags %+v, want one for each remote seat (2 and 3)", u.Tags)
	}
	back, err := ParseUpdate(UpdateFragment(u))
	if err != nil || len(back.Tags) != 2 || back.Tags[1] != u.Tags[1] {
		t.Fatalf("the tags do not survive the link: %+v, %v", back.Tags, err)
	}

	refused := map[string]Update{}
	stripped := back
	stripped.Tags = nil
	refused["no tags (version 1)"] = stripped
	changed := back
	changed.Tags = append([]SeatTag(nil), back.Tags...)
	changed.Tags[0].Tag[3] ^= 1
	refused["a changed tag"] = changed
	otherSeat := back
	otherSeat.Tags = back.Tags[1:]
	refused["the other seat's tag only"] = otherSeat
	// Someone with the public link but not the seat's secret signs it with a secret of their
	// own (or a continuation of their own making).
	forged := Update{Game: u.Game, Record: u.Record}
	forged.Tags = []SeatTag{{Seat: 1, Tag: updateTag([]byte("not the seat's secret"), u.Game, 1, u.Record)}}
	refused["a tag made without the seat's secret"] = forged
	for name, bad := range refused {
		p := ps[1]
		before := p.Update()
		if _, err := p.Apply(bad); !errors.Is(err, ErrUnsigned) {
			t.Errorf("%s: %v, want ErrUnsigned", name, err)
		}
		if p.Update() != before {
			t.Errorf("%s: the refused update changed the player's game", name)
		}
	}
	for _, p := range ps[1:] {
		if a, err := p.Apply(back); err != nil || a != AppliedNew {
			t.Errorf("seat %d: the referee's update: %v, %v", p.Seat()+1, a, err)
		}
		if a, err := p.Apply(stripped); err != nil || a != AppliedSame {
			t.Errorf("seat %d: the same update again, without tags: %v, %v (it changes nothing: no tag needed)", p.Seat()+1, a, err)
		}
	}
	// A damaged tag list is a damaged link.
	frag := UpdateFragment(u)
	if _, err := ParseUpdate(strings.Replace(frag, ".", "AA.", 1)); !errors.Is(err, ErrLink) {
		t.Errorf("bytes after the tags: %v, want ErrLink", err)
	}
}
