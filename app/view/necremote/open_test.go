package necremote

import (
	"errors"
	"testing"
	"time"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/necgame/remote"
	"github.com/plyground/plyground/app/store"
)

func device() *store.Store {
	clock := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	return &store.Store{
		Storage: &store.Memory{},
		Codecs:  map[store.Kind]store.Codec{store.KindNEC: necgame.Codec{}},
		Now:     func() time.Time { clock = clock.Add(time.Second); return clock },
	}
}

// TestOpenLink passes only links between a referee's store and a player's: the invitation
// saves the player's side, the order is filed (and a replay of it after a later order is
// refused), the update brings the player to the referee's board.
func TestOpenLink(t *testing.T) {
	ref, ann := device(), device()
	r, err := remote.New("remote-test", remote.Config{Seats: []remote.Seat{{Kind: remote.Local}, {Kind: remote.Remote}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := remote.SaveReferee(ref, store.Entry{}, r); err != nil {
		t.Fatal(err)
	}
	inv, err := r.Invitation(1)
	if err != nil {
		t.Fatal(err)
	}
	link := "https://example.org/nec#" + remote.InvitationFragment(inv)
	if o, err := OpenLink(ann, link); err != nil || o.ID != r.ID() || o.Kind != remote.InvitationLink {
		t.Fatalf("opening the invitation: %+v, %v", o, err)
	}
	if o, err := OpenLink(ann, link); err != nil || o.Notice == "" {
		t.Fatalf("opening the invitation again: %+v, %v", o, err)
	}
	if _, err := OpenLink(ref, link); err == nil {
		t.Error("the referee's device opened its own invitation as a player")
	}

	_, _, p, err := remote.Load(ann, r.ID())
	if err != nil || p == nil {
		t.Fatalf("the player's side: %v", err)
	}
	g, err := p.Game()
	if err != nil {
		t.Fatal(err)
	}
	seal := func() string {
		o, err := p.Seal(necgame.NewDraft(g.State(), 1).Order(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return o.Fragment()
	}
	first, second := seal(), seal()
	// A sealed order changed on its way (a character near its end) is refused as forged.
	b := []byte(second)
	i := len(b) - 10
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	if _, err := OpenLink(ref, string(b)); !errors.Is(err, remote.ErrForged) {
		t.Errorf("a changed order: %v, want ErrForged", err)
	}
	if o, err := OpenLink(ann, first); err == nil {
		t.Errorf("the player's device filed an order: %+v", o)
	}
	if _, err := OpenLink(ref, first); err != nil {
		t.Fatalf("filing the order: %v", err)
	}
	if o, err := OpenLink(ref, second); err != nil || o.Notice == "" {
		t.Fatalf("filing a second order: %+v, %v", o, err)
	}
	if _, err := OpenLink(ref, first); !errors.Is(err, remote.ErrReplayed) {
		t.Fatalf("the first order again: %v, want ErrReplayed", err)
	}

	// The referee (reloaded from its store) locks its own order and resolves.
	e, r, _, err := remote.Load(ref, r.ID())
	if err != nil || r == nil || !r.Status()[1].In {
		t.Fatalf("the referee after a reload: %v", err)
	}
	if err := r.Lock(0, necgame.NewDraft(r.Game().State(), 0).Order()); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve(); err != nil {
		t.Fatal(err)
	}
	if _, err := remote.SaveReferee(ref, e, r); err != nil {
		t.Fatal(err)
	}
	up := remote.UpdateFragment(r.PublicUpdate())
	if o, err := OpenLink(ann, up); err != nil || o.Kind != remote.UpdateLink {
		t.Fatalf("opening the update: %+v, %v", o, err)
	}
	_, _, p, err = remote.Load(ann, r.ID())
	if err != nil || p.Update() != r.Update() {
		t.Fatalf("the player after the update: %v (update %d, referee's %d)", err, p.Update(), r.Update())
	}
	if _, err := OpenLink(ref, first); !errors.Is(err, remote.ErrStale) {
		t.Errorf("an order of update 1 after it resolved: %v, want ErrStale", err)
	}
	if _, err := OpenLink(ann, "#g=nothing"); err == nil {
		t.Error("a link that is not remote was accepted")
	}
}
