package necgame

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/app/store"
)

// newStore returns a store over an empty memory with the Never-Ending Chess codec.
func newStore() (*store.Store, *store.Memory) {
	mem := &store.Memory{}
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	return &store.Store{Storage: mem, Codecs: map[store.Kind]store.Codec{store.KindNEC: Codec{}},
		Now: func() time.Time { t0 = t0.Add(time.Minute); return t0 }}, mem
}

// sample reads a file of app/store/testdata.
func sample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "store", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestNEC_SavedGames: saved through the store (its envelope, its IDs), listed with the other
// kinds, loaded, renamed and deleted like them.
func TestNEC_SavedGames(t *testing.T) {
	st, mem := newStore()
	mem.Set(store.GamePrefix+"abc", "an orthodox game")
	mem.Set(store.NECPrefix+"bad", "{not json")
	g1, g2 := botGame(t, 1), botGame(t, 2)
	one, err := Save(st, store.Entry{ID: "one"}, g1)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Save(st, store.Entry{}, g2)
	if err != nil || store.CheckID(two.ID) != nil {
		t.Fatalf("new game: %+v, %v", two, err)
	}
	one, err = Save(st, one, g2)
	if err != nil {
		t.Fatal(err)
	}
	if one.Kind != store.KindNEC || one.Variant != "nec" || one.Result != "*" ||
		!slices.Equal(one.Players, []store.Player{{Level: 1}, {Level: 1}, {Level: 1}}) {
		t.Errorf("entry %+v", one)
	}
	items, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range items {
		keys = append(keys, it.Key)
	}
	want := []string{store.NECPrefix + "one", store.NECPrefix + two.ID, store.GamePrefix + "abc", store.NECPrefix + "bad"}
	if strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Fatalf("list %v, want %v", keys, want)
	}
	e, g, err := Load(st, "one")
	if err != nil || g.Updates() != 2 || !e.Created.Before(e.Updated) {
		t.Fatalf("load: %+v, %v", e, err)
	}
	if err := st.Rename(store.Key(store.KindNEC, "one"), "Friday"); err != nil {
		t.Fatal(err)
	}
	if e, _, _ := Load(st, "one"); e.Title != "Friday" {
		t.Errorf("renamed: %+v", e)
	}
	if _, err := st.Delete(store.Key(store.KindNEC, "one")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Load(st, "one"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("load after delete: %v", err)
	}
	if _, _, err := Load(st, "abc"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an 8x8 key loads as Never-Ending Chess: %v", err)
	}
	if v, _, _ := mem.Get(store.GamePrefix + "abc"); v != "an orthodox game" {
		t.Error("another game's key was touched")
	}
	// A game that is over is saved so.
	over := botGame(t, 0)
	for over.Phase() != Over {
		if _, err := over.Continue(); err != nil {
			break
		}
		if over.Updates() > 400 {
			break
		}
	}
	if over.Phase() == Over {
		if e := WithGame(store.Entry{}, over); e.Result != store.ResultOver {
			t.Errorf("a game over saved with result %q", e.Result)
		}
	}
}

// TestNEC_OldSavesLoad loads every Never-Ending Chess entry kept in app/store/testdata: those
// of the envelope used before the store kept every kind (nec-v1) and of envelope version 2,
// each to the game its record holds (seats and updates written by hand).
func TestNEC_OldSavesLoad(t *testing.T) {
	tests := []struct {
		key, file string
		seats     []Seat
		updates   int
		over      bool
	}{
		{store.NECPrefix + "annvsbot2", "nec-v1/annvsbot2.json", []Seat{{Name: "Ann"}, {Bot: true, Level: 2}}, 2, false},
		{store.NECPrefix + "three-seats", "nec-v1/three-seats.json", []Seat{{Name: "Bo"}, {Name: "Cy & <Dee>"}, {Bot: true, Level: 3}}, 0, false},
		{store.NECPrefix + "bots_over", "nec-v1/bots_over.json", []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}}, 3, true},
		{store.NECPrefix + "nec-three", "entry-v2/nec-people-and-bot.json", []Seat{{Name: "Bo"}, {Name: "Cy & <Dee>"}, {Bot: true, Level: 3}}, 0, false},
		{store.NECPrefix + "nec-bots-over", "entry-v2/nec-over.json", []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}}, 3, true},
	}
	st, mem := newStore()
	for _, tt := range tests {
		mem.Set(tt.key, sample(t, tt.file))
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, id, _ := store.KindOfKey(tt.key)
			e, g, err := Load(st, id)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.Seats(), tt.seats) || g.Updates() != tt.updates || (g.Phase() == Over) != tt.over {
				t.Errorf("game: seats %+v, %d updates, phase %v", g.Seats(), g.Updates(), g.Phase())
			}
			// Saved again, it keeps its ID, creation time and game, in the current envelope.
			again, err := Save(st, e, g)
			if err != nil {
				t.Fatal(err)
			}
			raw, _, _ := mem.Get(tt.key)
			if !strings.HasPrefix(raw, `{"v":2,"kind":"nec",`) || !again.Created.Equal(e.Created) || again.Record != EncodeRecord(g.Record()) {
				t.Errorf("saved again: %s", raw)
			}
			if _, g2, err := Load(st, id); err != nil || g2.Updates() != tt.updates {
				t.Errorf("reloaded: %v", err)
			}
		})
	}
	// The old export sample with Never-Ending Chess games imports, and every game replays.
	fresh, _ := newStore()
	rep, err := fresh.Import([]byte(sample(t, "export-v1/with-nec.json")))
	if err != nil || len(rep.Added) != 4 || len(rep.Problems) != 0 {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	for _, id := range []string{"nec-three", "annvsbot2"} {
		if _, _, err := Load(fresh, id); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

// TestNEC_Links: a saved game's share link opens to the same game, and a damaged one says so
// in the words of every link.
func TestNEC_Links(t *testing.T) {
	g := botGame(t, 3)
	e := WithGame(store.Entry{ID: "nec_1"}, g)
	frag := store.Fragment(e)
	if frag != "n="+e.Record+"&id=nec_1" {
		t.Errorf("fragment %q", frag)
	}
	sh, err := store.ParseLink("https://example.com/nec#" + frag)
	if err != nil {
		t.Fatal(err)
	}
	back, err := OpenLink(sh)
	if err != nil || back.Updates() != 3 || sh.ID != "nec_1" || !back.State().Equal(g.State()) {
		t.Fatalf("opened %v, %+v", err, sh)
	}
	for _, bad := range []string{"n=" + e.Record[:40] + "&id=x", "n=2abc", "n=1!!!"} {
		sh, err := store.ParseFragment(bad)
		if err == nil {
			_, err = OpenLink(sh)
		}
		if !errors.Is(err, store.ErrLink) || !strings.Contains(err.Error(), "damaged") || len(err.Error()) > 300 {
			t.Errorf("%.30q: %v", bad, err)
		}
	}
	if _, err := OpenLink(store.Shared{Kind: store.Kind8x8, Record: "AQ"}); !errors.Is(err, store.ErrLink) {
		t.Errorf("an 8x8 link opened as Never-Ending Chess: %v", err)
	}
}
