package store

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// play makes the first legal action of the game (in the record's order).
func play(t testing.TB, g *turn.Game) {
	t.Helper()
	acts := g.Variant().Actions(g.State(), nil)
	if len(acts) == 0 {
		t.Fatal("no legal action")
	}
	turn.SortActions(acts)
	if err := g.Apply(acts[0]); err != nil {
		t.Fatal(err)
	}
}

func TestSaveLoad(t *testing.T) {
	st, mem := newStore(t)
	g := game(t, "1. e4 e5 2. Nf3 *")
	e, err := st.Save(Entry{Players: [2]Player{{"Ann", 0}, {"Computer", 4}}}, g)
	if err != nil {
		t.Fatal(err)
	}
	if CheckID(e.ID) != nil || len(e.ID) != 16 {
		t.Errorf("new id %q", e.ID)
	}
	if e.Created.IsZero() || !e.Created.Equal(e.Updated) || e.Result != "*" || e.Record != g.Encode() {
		t.Errorf("saved entry %+v", e)
	}
	if _, ok, _ := mem.Get(GamePrefix + e.ID); !ok {
		t.Fatalf("nothing under %s", GamePrefix+e.ID)
	}
	s, err := st.Load(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s.Entry != e || Compare(s.Game, g) != Same {
		t.Errorf("loaded %+v, want %+v", s.Entry, e)
	}

	// Saving again after a ply keeps the ID and Created, moves Updated and the record.
	play(t, s.Game)
	e2, err := st.Save(s.Entry, s.Game)
	if err != nil {
		t.Fatal(err)
	}
	if e2.ID != e.ID || !e2.Created.Equal(e.Created) || !e2.Updated.After(e.Updated) || e2.Record == e.Record {
		t.Errorf("second save %+v after %+v", e2, e)
	}
	if keys, _ := mem.Keys(); len(keys) != 1 {
		t.Errorf("keys %v, want one game", keys)
	}
	// The result comes from the game, whatever the caller says.
	mate := game(t, "1. f3 e5 2. g4 Qh4# 0-1")
	e3, err := st.Save(Entry{Result: "1-0"}, mate)
	if err != nil || e3.Result != "0-1" {
		t.Errorf("mate saved with result %q, %v", e3.Result, err)
	}
}

func TestLoadMissing(t *testing.T) {
	st, _ := newStore(t)
	for _, id := range []string{"nosuchgame", "", "../etc", strings.Repeat("x", 65)} {
		if _, err := st.Load(id); !errors.Is(err, ErrNotFound) {
			t.Errorf("Load(%q) = %v, want ErrNotFound", id, err)
		}
	}
}

// TestQuotaKeepsLastGoodSave fills the storage: the save that does not fit fails with
// ErrQuota, and the game loads as it was at its last good save.
func TestQuotaKeepsLastGoodSave(t *testing.T) {
	st, mem := newStore(t)
	g := game(t, "1. e4 e5 *")
	e, err := st.Save(Entry{Players: [2]Player{{"Ann", 0}, {"Bob", 0}}}, g)
	if err != nil {
		t.Fatal(err)
	}
	good, _, _ := mem.Get(GamePrefix + e.ID)
	mem.Quota = len(GamePrefix+e.ID) + len(good) // exactly full
	play(t, g)
	play(t, g)
	play(t, g)
	if _, err := st.Save(e, g); !errors.Is(err, ErrQuota) {
		t.Fatalf("save into a full storage: %v, want ErrQuota", err)
	}
	s, err := st.Load(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s.Game.Len() != 2 || s.Record != e.Record {
		t.Errorf("after the failed save: %d actions, want the 2 of the last good save", s.Game.Len())
	}
	// A new game does not fit either, and nothing else changes.
	if _, err := st.Save(Entry{}, game(t, "1. d4 *")); !errors.Is(err, ErrQuota) {
		t.Errorf("new game into a full storage: %v", err)
	}
	if keys, _ := mem.Keys(); len(keys) != 1 {
		t.Errorf("keys %v", keys)
	}
}

// TestListCorruptedNextToGood puts damaged, foreign and newer entries next to good games:
// all are listed, the good ones first, none is removed, and keys of others are ignored.
func TestListCorruptedNextToGood(t *testing.T) {
	st, mem := newStore(t)
	g1, _ := st.Save(Entry{Title: "first"}, game(t, "1. e4 *"))
	g2, _ := st.Save(Entry{Title: "second"}, game(t, "1. d4 d5 *"))
	bad := map[string]string{
		GamePrefix + "notjson":   readFile(t, "bad/not-json.txt"),
		GamePrefix + "foreign":   readFile(t, "bad/foreign.json"),
		GamePrefix + "newer":     readFile(t, "bad/newer.json"),
		GamePrefix + "badrecord": readFile(t, "bad/bad-record.json"),
		GamePrefix + "moved":     readFile(t, "entry-v1/resigned.json"), // names id "resigned"
		"go-app/deviceID":        "not ours",
		"other-app":              "{}",
	}
	for k, v := range bad {
		if err := mem.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, mem)
	items, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.Key+" "+Problem(it.Err))
		if (it.Err == nil) != (it.Game != nil) {
			t.Errorf("%s: err %v with game %v", it.Key, it.Err, it.Game != nil)
		}
		if it.Raw != before[it.Key] {
			t.Errorf("%s: raw text not kept", it.Key)
		}
	}
	want := []string{
		GamePrefix + g2.ID + " ", // updated last
		GamePrefix + g1.ID + " ",
		GamePrefix + "badrecord damaged",
		GamePrefix + "foreign not a Plyground game",
		GamePrefix + "moved damaged",
		GamePrefix + "newer from a newer version",
		GamePrefix + "notjson damaged",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("list:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What can be read of a damaged entry is kept for display.
	for _, it := range items {
		if it.Key == GamePrefix+"badrecord" && (it.Entry.Players[0].Name != "A" || !strings.Contains(it.Err.Error(), "record")) {
			t.Errorf("badrecord: %+v, %v", it.Entry, it.Err)
		}
	}
	if after := snapshot(t, mem); len(after) != len(before) {
		t.Errorf("listing changed the storage: %d keys, then %d", len(before), len(after))
	}
}

func TestRename(t *testing.T) {
	st, _ := newStore(t)
	e, _ := st.Save(Entry{Title: "old"}, game(t, "1. e4 *"))
	if err := st.Rename(e.ID, "  New name  "); err != nil {
		t.Fatal(err)
	}
	s, _ := st.Load(e.ID)
	if s.Title != "New name" || !s.Updated.Equal(e.Updated) || s.Record != e.Record {
		t.Errorf("after rename: %+v", s.Entry)
	}
	if err := st.Rename(e.ID, strings.Repeat("x", maxTitle+1)); err == nil {
		t.Error("renamed to a too long title")
	}
	if err := st.Rename("missing", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename a missing game: %v", err)
	}
}

func TestDeleteUndo(t *testing.T) {
	st, mem := newStore(t)
	e, _ := st.Save(Entry{Title: "keep me"}, game(t, "1. e4 *"))
	before := snapshot(t, mem)
	u, err := st.Delete(e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Load(e.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := st.Restore(u); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, mem); after[GamePrefix+e.ID] != before[GamePrefix+e.ID] {
		t.Errorf("undo did not restore the entry as it was")
	}
	// Restoring over a different entry is refused.
	u, _ = st.Delete(e.ID)
	mem.Set(u.Key, "something else")
	if err := st.Restore(u); err == nil {
		t.Error("restore overwrote another entry")
	}
	// A damaged entry is deleted by its key; keys of others cannot be.
	mem.Set(GamePrefix+"junk", "junk")
	if _, err := st.DeleteKey(GamePrefix + "junk"); err != nil {
		t.Error(err)
	}
	mem.Set("not-ours", "x")
	if _, err := st.DeleteKey("not-ours"); err == nil {
		t.Error("deleted a key outside the prefix")
	}
	if _, err := st.Delete("missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete missing: %v", err)
	}
}

func TestCompare(t *testing.T) {
	base := "1. e4 e5 2. Nf3"
	tests := []struct {
		a, b string
		want Relation
	}{
		{base + " *", base + " *", Same},
		{base + " Nc6 *", base + " *", Ahead},
		{base + " *", base + " Nc6 *", Behind},
		{base + " Nc6 *", base + " d6 *", Unrelated},
		{"1. e4 e5 {White resigns} 0-1", "1. e4 e5 *", Ahead},
		{"1. e4 e5 *", "1. e4 e5 {White resigns} 0-1", Behind},
		{"1. e4 e5 {White resigns} 0-1", "1. e4 e5 {Black resigns} 1-0", Unrelated},
		{"1. e4 e5 {White resigns} 0-1", "1. e4 e5 2. Nf3 *", Unrelated},
		{"[Variant \"marseillais\"]\n\n1. e4 *", "1. e4 *", Unrelated},
	}
	for _, tt := range tests {
		if got := Compare(game(t, tt.a), game(t, tt.b)); got != tt.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSettings(t *testing.T) {
	st, mem := newStore(t)
	if s, err := st.Settings(); err != nil || s.ConfirmMoves {
		t.Errorf("defaults: %+v, %v", s, err)
	}
	if err := st.SaveSettings(Settings{ConfirmMoves: true}); err != nil {
		t.Fatal(err)
	}
	if s, err := st.Settings(); err != nil || !s.ConfirmMoves {
		t.Errorf("saved: %+v, %v", s, err)
	}
	mem.Set(SettingsKey, "{broken")
	if s, err := st.Settings(); err == nil || s.ConfirmMoves {
		t.Errorf("damaged settings: %+v, %v", s, err)
	}
	if v, _, _ := mem.Get(SettingsKey); v != "{broken" {
		t.Error("reading damaged settings changed them")
	}
}
