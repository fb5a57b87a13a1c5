package remote

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
)

var update = flag.Bool("update", false, "rewrite the samples of testdata/")

// TestExportImportKeepsEverything checks that the referee's game, mid-update (its keys, an
// order received and its own order locked), and a player's side (its invitation and the order
// it sent) go through export and import into another device's store and come back whole: the
// imported referee resolves the update to the same board as the original.
func TestExportImportKeepsEverything(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	if _, err := r.File(sealText(t, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
		t.Fatal(err)
	}
	if err := r.Lock(0, order(t, r.Game().State(), 0, "Rx(0,5) / N(10,0)-(11,2)")); err != nil {
		t.Fatal(err)
	}
	sealText(t, ps[2], "R(30,0)-(30,2)", 2)
	from := device(t, 1)
	if _, err := SaveReferee(from, store.Entry{Title: "Referee"}, r); err != nil {
		t.Fatal(err)
	}
	if _, err := SavePlayer(from, store.Entry{ID: "green-side"}, ps[2]); err != nil {
		t.Fatal(err)
	}
	data, err := from.Export()
	if err != nil {
		t.Fatal(err)
	}
	to := device(t, 2)
	rep, err := to.Import(data)
	if err != nil || len(rep.Added) != 2 || len(rep.Problems) != 0 {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	_, back, _, err := Load(to, r.ID())
	if err != nil || back == nil {
		t.Fatalf("the imported referee: %v", err)
	}
	if got, want := in(back), in(r); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("orders in after import %v, before %v", got, want)
	}
	if back.PublicKey() != r.PublicKey() {
		t.Fatal("the imported referee has another key")
	}
	if _, err := r.Resolve(); err != nil {
		t.Fatal(err)
	}
	if _, err := back.Resolve(); err != nil {
		t.Fatal(err)
	}
	if !back.Game().State().Equal(r.Game().State()) {
		t.Fatal("the imported referee resolved to another board")
	}
	_, _, p, err := Load(to, "green-side")
	if err != nil || p == nil || !p.Sent() || p.SentLink() != ps[2].SentLink() || p.Seat() != 2 {
		t.Fatalf("the imported player's side: %v", err)
	}
}

// TestSavedSamples reads the samples of every version of the remote side (testdata/
// state-v<N>-<role>.json, entries as stored), and checks that they open and save back to the
// same text. go test -update writes the current version's samples.
func TestSavedSamples(t *testing.T) {
	if *update {
		r, ps := game3(t, MissingBot, 2)
		if _, err := r.File(sealText(t, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
			t.Fatal(err)
		}
		if err := r.Lock(0, order(t, r.Game().State(), 0, "R(0,0)-(0,1)")); err != nil {
			t.Fatal(err)
		}
		sealText(t, ps[2], "R(30,0)-(30,2)", 2)
		st := device(t, 3)
		e, err := SaveReferee(st, store.Entry{}, r)
		if err != nil {
			t.Fatal(err)
		}
		writeSample(t, st, e.ID, "testdata/state-v1-referee.json")
		e, err = SavePlayer(st, store.Entry{ID: "player-side"}, ps[2])
		if err != nil {
			t.Fatal(err)
		}
		writeSample(t, st, e.ID, "testdata/state-v1-player.json")
	}
	for _, c := range []struct {
		file string
		role Role
	}{{"testdata/state-v1-referee.json", RefereeRole}, {"testdata/state-v1-player.json", PlayerRole}} {
		raw, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		e, err := store.DecodeEntry(strings.TrimSpace(string(raw)))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if RoleOf(e) != c.role {
			t.Fatalf("%s: role %v, want %v", c.file, RoleOf(e), c.role)
		}
		var again string
		switch c.role {
		case RefereeRole:
			r, err := OpenReferee(e)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			if got := in(r); !got[0] || !got[1] || got[2] {
				t.Errorf("%s: orders in %v, want white's and black's", c.file, got)
			}
			again = r.Entry(e).Remote
		case PlayerRole:
			p, err := OpenPlayer(e)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			if !p.Sent() || p.Seat() != 2 {
				t.Errorf("%s: sent %v, seat %d", c.file, p.Sent(), p.Seat()+1)
			}
			again, err = entryRemote(p, e)
			if err != nil {
				t.Fatal(err)
			}
		}
		if again != e.Remote {
			t.Errorf("%s: saved back as\n%s\nnot\n%s", c.file, again, e.Remote)
		}
	}
}

func entryRemote(p *Player, e store.Entry) (string, error) {
	e, err := p.Entry(e)
	return e.Remote, err
}

func writeSample(t *testing.T, st *store.Store, id, file string) {
	t.Helper()
	raw, ok, err := st.Storage.Get(store.Key(store.KindNEC, id))
	if err != nil || !ok {
		t.Fatalf("sample %s: %v", file, err)
	}
	if err := os.WriteFile(filepath.FromSlash(file), []byte(raw+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBadStates checks that a remote side that cannot be read says so (wrapping
// store.ErrDamaged, or store.ErrNewer for a later version) and opens nothing.
func TestBadStates(t *testing.T) {
	r, ps := game3(t, MissingPass, 0)
	if _, err := r.File(sealText(t, ps[1], "B(0,5)-(1,6)", 1)); err != nil {
		t.Fatal(err)
	}
	ref := r.Entry(store.Entry{})
	pl, err := ps[2].Entry(store.Entry{})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(e store.Entry, old, new string) store.Entry {
		if !strings.Contains(e.Remote, old) {
			t.Fatalf("%q is not in %s", old, e.Remote)
		}
		e.Remote = strings.Replace(e.Remote, old, new, 1)
		return e
	}
	for _, c := range []struct {
		name string
		e    store.Entry
		want error
	}{
		{"not JSON", edit(ref, "{", "["), store.ErrDamaged},
		{"a newer version", edit(ref, `"v":1`, `"v":2`), store.ErrNewer},
		{"version 0", edit(ref, `"v":1`, `"v":0`), store.ErrDamaged},
		{"a short key", edit(ref, `"key":"`, `"key":"AAAA`), store.ErrDamaged},
		{"a bot where the game has a person", edit(ref, `"kinds":[1,0,0]`, `"kinds":[2,0,0]`), store.ErrDamaged},
		{"an unknown kind", edit(ref, `"kinds":[1,0,0]`, `"kinds":[7,0,0]`), store.ErrDamaged},
		{"orders of another update", edit(ref, `"update":1`, `"update":2`), store.ErrDamaged},
		{"an order filed under another seat", edit(ref, `"got":{"1"`, `"got":{"2"`), store.ErrDamaged},
		{"a bad game id", edit(ref, `"game":"g3"`, `"game":"g 3"`), store.ErrDamaged},
		{"a policy with no level", edit(ref, `"kinds"`, `"missing":1,"kinds"`), store.ErrDamaged},
		{"a player with a bad secret", edit(pl, `"secret":"`, `"secret":"AAAA`), store.ErrDamaged},
		{"a player of a bad seat", edit(pl, `"seat":2`, `"seat":9`), store.ErrDamaged},
		{"a player that sent an order with no link", edit(pl, `"game"`, `"sent":1,"game"`), store.ErrDamaged},
		{"an unknown role", edit(pl, `"role":"player"`, `"role":"judge"`), store.ErrDamaged},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, p, err := open(c.e)
			if !errors.Is(err, c.want) || r != nil || p != nil {
				t.Fatalf("got %v (referee %v, player %v), want %v", err, r != nil, p != nil, c.want)
			}
		})
	}
}

// open opens an entry as Load does.
func open(e store.Entry) (*Referee, *Player, error) {
	switch RoleOf(e) {
	case RefereeRole:
		r, err := OpenReferee(e)
		if err != nil {
			return nil, nil, err
		}
		return r, nil, nil
	case PlayerRole:
		p, err := OpenPlayer(e)
		if err != nil {
			return nil, nil, err
		}
		return nil, p, nil
	}
	_, err := readState(e)
	if err == nil {
		err = stateError("unknown role")
	}
	return nil, nil, err
}
