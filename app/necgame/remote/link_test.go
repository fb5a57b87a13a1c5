package remote

import (
	"encoding/base64"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
)

// links returns one link of each kind of a three-player game: an invitation, an order, an
// update.
func links(t testing.TB) (inv, ord, upd string) {
	t.Helper()
	r := refereeAt(t, "links", start3(t), []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(40))
	i, err := r.Invitation(1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Join(i)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := p.Game()
	o, err := p.Seal(order(t, g.State(), 1, "B(0,5)-(1,6)"), seeded(41))
	if err != nil {
		t.Fatal(err)
	}
	return InvitationFragment(i), o.Fragment(), UpdateFragment(r.PublicUpdate())
}

// TestLinkKinds checks that each link is told by its key, as a whole address or a fragment,
// and that a reader given a link of another kind says which kind it is.
func TestLinkKinds(t *testing.T) {
	inv, ord, upd := links(t)
	for _, c := range []struct {
		link string
		want LinkKind
	}{
		{inv, InvitationLink}, {address(ord), OrderLink}, {"  " + address(upd) + "\n", UpdateLink},
		{"n=2abc&id=x", NotRemote}, {"https://plyground.example/#g=1abc", NotRemote}, {"", NotRemote},
	} {
		if got := KindOf(c.link); got != c.want {
			t.Errorf("KindOf(%.30q) = %v, want %v", c.link, got, c.want)
		}
	}
	if _, err := ParseOrder(inv); err == nil || !strings.Contains(err.Error(), "an invitation link, not an order link") {
		t.Errorf("an invitation read as an order: %v", err)
	}
	if _, err := ParseInvitation(upd); err == nil || !strings.Contains(err.Error(), "an update link, not an invitation") {
		t.Errorf("an update read as an invitation: %v", err)
	}
	for _, l := range []string{inv, ord, upd} {
		if strings.ContainsAny(l, "#&?% +") {
			t.Errorf("link %.40q needs escaping in a URL", l)
		}
	}
}

// TestDamagedLinks checks that each damaged link gives an error that wraps ErrLink and
// store.ErrLink and says what is wrong, never a panic.
func TestDamagedLinks(t *testing.T) {
	inv, ord, upd := links(t)
	b64 := func(b ...byte) string { return base64.RawURLEncoding.EncodeToString(b) }
	ordBin, _ := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(ord, orderKey))
	newer := append([]byte{2}, ordBin[1:]...)
	for _, c := range []struct {
		name, link, words string
		parse             func(string) error
	}{
		{"an order cut off", ord[:len(ord)/2], "damaged", parseOrder},
		{"an order with a character changed", ord[:10] + "*" + ord[11:], "damaged", parseOrder},
		{"an order of a newer version", orderKey + b64(newer...), "newer version", parseOrder},
		{"an order of no seat", orderKey + b64(1, 9, 1), "seat 10", parseOrder},
		{"an order of update 0", orderKey + b64(1, 1, 0), "update 0", parseOrder},
		{"an order with a bad game id", orderKey + b64(1, 1, 1, 1, 2, '!', '!'), "game id", parseOrder},
		{"an order too long", orderKey + strings.Repeat("A", maxOrderLink), "characters", parseOrder},
		{"an order with no box", orderKey + b64(append(ordBin[:len(ordBin)-100:len(ordBin)-100], ordBin[len(ordBin)-16:]...)...), "sealed order", parseOrder},
		{"an invitation with no game", strings.SplitN(inv, ".", 2)[0], "holds no game", parseInvitation},
		{"an invitation with a damaged game", inv[:len(inv)-5], "damaged", parseInvitation},
		{"an invitation for a seat the game has not", invitationKey + b64(append([]byte{1, 5, 5}, append([]byte("links"), make([]byte, 64)...)...)...) + "." + strings.SplitN(inv, ".", 2)[1], "seat 6 of a game of 3", parseInvitation},
		{"an invitation with bytes too many", invitationKey + b64(append([]byte{1, 1, 5}, append([]byte("links"), make([]byte, 65)...)...)...) + "." + strings.SplitN(inv, ".", 2)[1], "too many", parseInvitation},
		{"an update of a newer version", updateKey + b64(3, 1, 'x') + "." + strings.SplitN(upd, ".", 2)[1], "newer version", parseUpdate},
		{"an update with no id", updateKey + b64(1, 0) + "." + strings.SplitN(upd, ".", 2)[1], "game id", parseUpdate},
		{"an update with a damaged game", upd + "x", "damaged", parseUpdate},
		{"nothing", "", "does not start with", parseUpdate},
	} {
		err := c.parse(c.link)
		if !errors.Is(err, ErrLink) || !errors.Is(err, store.ErrLink) || !strings.Contains(err.Error(), c.words) {
			t.Errorf("%s: %v, want ErrLink saying %q", c.name, err, c.words)
		}
	}
}

func parseOrder(l string) error      { _, err := ParseOrder(l); return err }
func parseInvitation(l string) error { _, err := ParseInvitation(l); return err }
func parseUpdate(l string) error     { _, err := ParseUpdate(l); return err }

// TestLinkSizes bounds the links of a game at its start: an order link fits a QR code.
func TestLinkSizes(t *testing.T) {
	inv, ord, upd := links(t)
	if len(ord) > 300 {
		t.Errorf("an order of one step writes a link of %d characters", len(ord))
	}
	if len(inv) > len(upd)+200 {
		t.Errorf("an invitation of %d characters, an update of %d", len(inv), len(upd))
	}
	t.Logf("invitation %d, order %d, update %d characters", len(inv), len(ord), len(upd))
}

// FuzzParseOrder checks that any order link reads or gives an error wrapping ErrLink, never a
// panic, and that filing what reads never changes a referee's game unless it is accepted.
func FuzzParseOrder(f *testing.F) {
	_, ord, _ := links(f)
	f.Add(ord)
	f.Add(address(ord))
	f.Add(orderKey)
	f.Add(orderKey + "AQEB")
	r := refereeAt(f, "links", start3(f), []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(40))
	before := r.Entry(store.Entry{})
	f.Fuzz(func(t *testing.T, link string) {
		o, err := ParseOrder(link)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("an error that is not ErrLink: %v", err)
			}
			return
		}
		if back, err := ParseOrder(o.Fragment()); err != nil || back.Fragment() != o.Fragment() {
			t.Fatalf("the order %q, read from %q, does not read back: %v", o.Fragment(), link, err)
		}
		if _, err := r.File(o); err != nil {
			if !errors.Is(err, ErrRefused) && !errors.Is(err, ErrLink) {
				t.Fatalf("a refusal that is not ErrRefused: %v", err)
			}
			if !r.Entry(store.Entry{}).Equal(before) {
				t.Fatal("a refused order changed the game")
			}
		}
		r = refereeAt(t, "links", start3(t), []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(40))
	})
}

// FuzzParseInvitation checks that any invitation link reads or gives an error wrapping
// ErrLink, never a panic, and that what reads joins.
func FuzzParseInvitation(f *testing.F) {
	inv, _, _ := links(f)
	f.Add(inv)
	f.Add(address(inv))
	f.Add(invitationKey + ".")
	f.Fuzz(func(t *testing.T, link string) {
		i, err := ParseInvitation(link)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("an error that is not ErrLink: %v", err)
			}
			return
		}
		if _, err := Join(i); err != nil {
			t.Fatalf("an invitation that reads does not join: %v", err)
		}
	})
}

// FuzzParseUpdate checks that any update link reads or gives an error wrapping ErrLink, never
// a panic, and that applying what reads to a player's side never changes it unless accepted.
func FuzzParseUpdate(f *testing.F) {
	inv, _, upd := links(f)
	f.Add(upd)
	f.Add(address(upd))
	f.Add(updateKey + "AQ.")
	i, err := ParseInvitation(inv)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, link string) {
		u, err := ParseUpdate(link)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("an error that is not ErrLink: %v", err)
			}
			return
		}
		p, _ := Join(i)
		before := necgame.EncodeRecord(p.Record())
		if _, err := p.Apply(u); err != nil && necgame.EncodeRecord(p.Record()) != before {
			t.Fatal("a refused update changed the player's game")
		}
	})
}

// FuzzOpenState checks that any remote side of a saved entry opens or gives an error wrapping
// store.ErrDamaged or store.ErrNewer, never a panic.
func FuzzOpenState(f *testing.F) {
	r, ps := game3(f, MissingPass, 0)
	if _, err := r.File(sealText(f, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
		f.Fatal(err)
	}
	sealText(f, ps[2], "R(30,0)-(30,2)", 2)
	ref := r.Entry(store.Entry{})
	pl, err := ps[2].Entry(store.Entry{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(false, ref.Remote)
	f.Add(true, pl.Remote)
	f.Fuzz(func(t *testing.T, player bool, remote string) {
		e := ref
		if player {
			e = pl
		}
		e.Remote = remote
		if _, _, err := open(e); err != nil && !errors.Is(err, store.ErrDamaged) && !errors.Is(err, store.ErrNewer) {
			t.Fatalf("an error that is neither ErrDamaged nor ErrNewer: %v", err)
		}
	})
}

// TestLinkSamples reads a sample of each link of every version (testdata/links-v<N>.txt: an
// invitation, an order and an update, one a line), each checked against what the game that
// wrote them holds. go test -update writes the current version's.
func TestLinkSamples(t *testing.T) {
	const file = "testdata/links-v1.txt"
	if *update {
		inv, ord, upd := links(t)
		if err := os.WriteFile(file, []byte(inv+"\n"+ord+"\n"+upd+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(lines) != 3 {
		t.Fatalf("%s: %d lines, want 3", file, len(lines))
	}
	inv, err := ParseInvitation(lines[0])
	if err != nil || inv.Game != "links" || inv.Seat != 1 || !inv.Record.Start.Equal(start3(t)) {
		t.Errorf("the invitation: %+v, %v", inv, err)
	}
	o, err := ParseOrder(lines[1])
	if err != nil || o.Game != "links" || o.Seat != 1 || o.Update != 1 || o.Seq != 1 {
		t.Errorf("the order: %+v, %v", o, err)
	}
	r := refereeAt(t, "links", start3(t), []SeatKind{Local, Remote, Remote}, MissingPass, 0, seeded(40))
	if _, err := r.File(o); err != nil {
		t.Errorf("the order does not file with the referee that made the invitation: %v", err)
	}
	text, err := o.s.open(&r.key)
	if err != nil {
		t.Fatalf("the order does not open: %v", err)
	}
	start := start3(t)
	if got, want := order(t, start, 1, text), order(t, start, 1, "B(0,5)-(1,6)"); !slices.Equal(got.Steps, want.Steps) {
		t.Errorf("the order opens to %q, not B(0,5)-(1,6)", text)
	}
	u, err := ParseUpdate(lines[2])
	if err != nil || u.Game != "links" || len(u.Record.Updates) != 0 {
		t.Errorf("the update: %+v, %v", u, err)
	}
}
