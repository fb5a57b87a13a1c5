package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
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
	e, err := st.Save(WithGame(Entry{Players: []Player{{"Ann", 0}, {"Computer", 4}}}, g))
	if err != nil {
		t.Fatal(err)
	}
	if CheckID(e.ID) != nil || len(e.ID) != 16 {
		t.Errorf("new id %q", e.ID)
	}
	if e.Created.IsZero() || !e.Created.Equal(e.Updated) || e.Result != "*" || e.Record != g.Encode() ||
		e.Kind != Kind8x8 || e.Variant != "orthodox" {
		t.Errorf("saved entry %+v", e)
	}
	if _, ok, _ := mem.Get(GamePrefix + e.ID); !ok {
		t.Fatalf("nothing under %s", GamePrefix+e.ID)
	}
	s, err := st.Load(Kind8x8, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := Open(s.Record)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Equal(e) || Compare(sg, g) != Same {
		t.Errorf("loaded %+v, want %+v", s, e)
	}
	if _, err := st.Load(KindNEC, e.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("an 8x8 game loads as Never-Ending Chess: %v", err)
	}

	// Saving again after a ply keeps the ID and Created, moves Updated and the record.
	play(t, sg)
	e2, err := st.Save(WithGame(s, sg))
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
	e3, err := st.Save(WithGame(Entry{Result: "1-0"}, mate))
	if err != nil || e3.Result != "0-1" {
		t.Errorf("mate saved with result %q, %v", e3.Result, err)
	}
	// A Never-Ending Chess game is kept under its own prefix, in the same envelope.
	nec, err := st.Save(necEntry(t, "", "Friday"))
	if err != nil {
		t.Fatal(err)
	}
	if raw, ok, _ := mem.Get(NECPrefix + nec.ID); !ok || !strings.HasPrefix(raw, `{"v":2,"kind":"nec",`) {
		t.Errorf("stored Never-Ending Chess game: %q", raw)
	}
	if back, err := st.Load(KindNEC, nec.ID); err != nil || !back.Equal(nec) {
		t.Errorf("loaded %+v, %v; want %+v", back, err, nec)
	}
}

// repeating is an ID source that gives the same bytes over and over, after first.
type repeating struct{ first, then []byte }

func (r *repeating) Read(b []byte) (int, error) {
	src := r.then
	if len(r.first) > 0 {
		src, r.first = r.first, nil
	}
	for i := range b {
		b[i] = src[i%len(src)]
	}
	return len(b), nil
}

// TestNewIDIsFree checks that a new game never takes the key of a saved one, even when the
// ID source repeats itself: the save draws again, and gives up with an error rather than
// overwrite.
func TestNewIDIsFree(t *testing.T) {
	st, mem := newStore(t)
	same := []byte("abcdefghij")
	st.Rand = &repeating{then: same}
	first, err := st.Save(WithGame(Entry{}, game(t, "1. e4 *")))
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, mem)
	if e, err := st.Save(WithGame(Entry{}, game(t, "1. d4 *"))); err == nil {
		t.Errorf("a second game saved as %s over %s", e.ID, first.ID)
	}
	if after := snapshot(t, mem); !maps.Equal(before, after) {
		t.Errorf("a failed save changed the storage: %v, was %v", after, before)
	}
	// A source that repeats once: the second draw is free.
	st.Rand = &repeating{first: same, then: []byte("klmnopqrst")}
	second, err := st.Save(WithGame(Entry{}, game(t, "1. d4 *")))
	if err != nil || second.ID == first.ID {
		t.Fatalf("second game saved as %q (first %q): %v", second.ID, first.ID, err)
	}
	if back, err := st.Load(Kind8x8, first.ID); err != nil || back.Record != first.Record {
		t.Errorf("the first game after the second save: %+v, %v", back, err)
	}
	// Taken is per kind: a Never-Ending Chess game may have the ID of an 8x8 one.
	st.Rand = &repeating{then: same}
	if id, err := st.NewID(KindNEC); err != nil || id != first.ID {
		t.Errorf("NewID(KindNEC) = %q, %v; want %q", id, err, first.ID)
	}
}

func TestLoadMissing(t *testing.T) {
	st, _ := newStore(t)
	for _, id := range []string{"nosuchgame", "", "../etc", strings.Repeat("x", 65)} {
		for _, k := range []Kind{Kind8x8, KindNEC, "go"} {
			if _, err := st.Load(k, id); !errors.Is(err, ErrNotFound) {
				t.Errorf("Load(%s, %q) = %v, want ErrNotFound", k, id, err)
			}
		}
	}
}

// TestQuotaKeepsLastGoodSave fills the storage: the save that does not fit fails with
// ErrQuota, and the game loads as it was at its last good save.
func TestQuotaKeepsLastGoodSave(t *testing.T) {
	st, mem := newStore(t)
	g := game(t, "1. e4 e5 *")
	e, err := st.Save(WithGame(Entry{Players: []Player{{"Ann", 0}, {"Bob", 0}}}, g))
	if err != nil {
		t.Fatal(err)
	}
	good, _, _ := mem.Get(GamePrefix + e.ID)
	mem.Quota = len(GamePrefix+e.ID) + len(good) // exactly full
	play(t, g)
	play(t, g)
	play(t, g)
	if _, err := st.Save(WithGame(e, g)); !errors.Is(err, ErrQuota) {
		t.Fatalf("save into a full storage: %v, want ErrQuota", err)
	}
	s, err := st.Load(Kind8x8, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sg, _ := Open(s.Record); sg.Len() != 2 || s.Record != e.Record {
		t.Errorf("after the failed save: %d actions, want the 2 of the last good save", sg.Len())
	}
	// A new game does not fit either, and nothing else changes.
	if _, err := st.Save(WithGame(Entry{}, game(t, "1. d4 *"))); !errors.Is(err, ErrQuota) {
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
	g1, _ := st.Save(WithGame(Entry{Title: "first"}, game(t, "1. e4 *")))
	g2, _ := st.Save(WithGame(Entry{Title: "second"}, game(t, "1. d4 d5 *")))
	bad := map[string]string{
		NECPrefix + "annvsbot2":    strings.TrimSpace(readFile(t, "nec-v1/annvsbot2.json")),
		NECPrefix + "eightbyeight": strings.TrimSpace(readFile(t, "entry-v2/computer-dice.json")), // an 8x8 game among the NEC ones
		GamePrefix + "notjson":     readFile(t, "bad/not-json.txt"),
		GamePrefix + "foreign":     readFile(t, "bad/foreign.json"),
		GamePrefix + "newer":       readFile(t, "bad/newer.json"),
		GamePrefix + "badrecord":   readFile(t, "bad/bad-record.json"),
		GamePrefix + "moved":       readFile(t, "entry-v1/resigned.json"), // names id "resigned"
		"go-app/deviceID":          "not ours",
		"other-app":                "{}",
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
		if it.Raw != before[it.Key] {
			t.Errorf("%s: raw text not kept", it.Key)
		}
	}
	// The list reads envelopes only: a record that does not replay shows when the game is
	// checked or opened.
	want := []string{
		GamePrefix + g2.ID + " ", // updated last
		GamePrefix + g1.ID + " ",
		NECPrefix + "annvsbot2 ",
		GamePrefix + "badrecord ",
		GamePrefix + "foreign not a Plyground game",
		GamePrefix + "moved damaged",
		GamePrefix + "newer from a newer version",
		GamePrefix + "notjson damaged",
		NECPrefix + "eightbyeight damaged",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("list:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What can be read of a damaged entry is kept for display.
	for _, it := range items {
		if it.Key == GamePrefix+"badrecord" && (it.Entry.Player(0).Name != "A" || !strings.Contains(fmt.Sprint(st.Check(it.Entry)), "record")) {
			t.Errorf("badrecord: %+v, %v", it.Entry, st.Check(it.Entry))
		}
		if it.Key == GamePrefix+"moved" && (it.Entry.ID != "resigned" || !strings.Contains(it.Err.Error(), `names the id "resigned"`)) {
			t.Errorf("moved: %+v, %v", it.Entry, it.Err)
		}
	}
	if after := snapshot(t, mem); len(after) != len(before) {
		t.Errorf("listing changed the storage: %d keys, then %d", len(before), len(after))
	}
}

func TestKeepReview(t *testing.T) {
	st, _ := newStore(t)
	e, _ := st.Save(WithGame(Entry{}, game(t, "1. e4 e5 *")))
	if err := st.KeepReview(e.ID, e.Record, `{"v":1}`); err != nil {
		t.Fatal(err)
	}
	s, _ := st.Load(Kind8x8, e.ID)
	if s.Review != `{"v":1}` || !s.Updated.Equal(e.Updated) || s.Record != e.Record {
		t.Errorf("after KeepReview: review %q, updated %v (was %v)", s.Review, s.Updated, e.Updated)
	}
	other := game(t, "1. d4 *").Encode()
	if err := st.KeepReview(e.ID, other, `{"v":1}`); err == nil {
		t.Error("kept the review of another game")
	}
	if err := st.KeepReview("missing", e.Record, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("review of a missing game: %v", err)
	}
	if err := st.KeepReview(e.ID, e.Record, strings.Repeat("x", maxReview+1)); err == nil {
		t.Error("kept a review longer than maxReview")
	}
}

func TestRename(t *testing.T) {
	st, _ := newStore(t)
	e, _ := st.Save(WithGame(Entry{Title: "old"}, game(t, "1. e4 *")))
	if err := st.Rename(Key(Kind8x8, e.ID), "  New name  "); err != nil {
		t.Fatal(err)
	}
	s, _ := st.Load(Kind8x8, e.ID)
	if s.Title != "New name" || !s.Updated.Equal(e.Updated) || s.Record != e.Record {
		t.Errorf("after rename: %+v", s)
	}
	if err := st.Rename(Key(Kind8x8, e.ID), strings.Repeat("x", maxTitle+1)); err == nil {
		t.Error("renamed to a too long title")
	}
	if err := st.Rename(Key(Kind8x8, "missing"), "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("rename a missing game: %v", err)
	}
	if err := st.Rename("other-app/x", "x"); err == nil {
		t.Error("renamed a key of others")
	}
	// A Never-Ending Chess game of the old envelope is renamed into the current one.
	st.Storage.Set(NECPrefix+"annvsbot2", strings.TrimSpace(readFile(t, "nec-v1/annvsbot2.json")))
	before, _ := st.Load(KindNEC, "annvsbot2")
	if err := st.Rename(NECPrefix+"annvsbot2", "Ann's game"); err != nil {
		t.Fatal(err)
	}
	after, err := st.Load(KindNEC, "annvsbot2")
	if err != nil || after.Title != "Ann's game" || after.Record != before.Record || !after.Created.Equal(before.Created) {
		t.Errorf("renamed: %+v, %v", after, err)
	}
}

func TestDeleteUndo(t *testing.T) {
	st, mem := newStore(t)
	e, _ := st.Save(WithGame(Entry{Title: "keep me"}, game(t, "1. e4 *")))
	before := snapshot(t, mem)
	u, err := st.Delete(Key(Kind8x8, e.ID))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Load(Kind8x8, e.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := st.Restore(u); err != nil {
		t.Fatal(err)
	}
	if after := snapshot(t, mem); after[GamePrefix+e.ID] != before[GamePrefix+e.ID] {
		t.Errorf("undo did not restore the entry as it was")
	}
	// Restoring over a different entry is refused.
	u, _ = st.Delete(Key(Kind8x8, e.ID))
	mem.Set(u.Key, "something else")
	if err := st.Restore(u); err == nil {
		t.Error("restore overwrote another entry")
	}
	// A damaged entry is deleted by its key; keys of others cannot be.
	mem.Set(GamePrefix+"junk", "junk")
	if _, err := st.Delete(GamePrefix + "junk"); err != nil {
		t.Error(err)
	}
	mem.Set("not-ours", "x")
	if _, err := st.Delete("not-ours"); err == nil {
		t.Error("deleted a key outside the prefix")
	}
	if _, err := st.Delete(Key(Kind8x8, "missing")); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete missing: %v", err)
	}
	// A Never-Ending Chess game is deleted and restored the same way.
	nec, _ := st.Save(necEntry(t, "", ""))
	u, err = st.Delete(Key(KindNEC, nec.ID))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Restore(u); err != nil {
		t.Fatal(err)
	}
	if back, err := st.Load(KindNEC, nec.ID); err != nil || !back.Equal(nec) {
		t.Errorf("restored %+v, %v", back, err)
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
	if s, err := st.Settings(); err != nil || s != DefaultSettings() {
		t.Errorf("defaults: %+v, %v", s, err)
	}
	mem.Set(legacyDisplayKey, `{"v":1,"theme":"dark","board":"green","dots":true}`)
	want := Settings{Theme: "light", Board: "blue", Dots: true, Coords: true, ConfirmMoves: true}
	if err := st.SaveSettings(want); err != nil {
		t.Fatal(err)
	}
	if s, err := st.Settings(); err != nil || s != want {
		t.Errorf("saved: %+v, %v", s, err)
	}
	if _, ok, _ := mem.Get(legacyDisplayKey); ok {
		t.Error("the display settings of version 1 are still stored: two values")
	}
	if raw, _, _ := mem.Get(SettingsKey); raw != `{"v":2,"theme":"light","board":"blue","dots":true,"sound":false,"autoFlip":false,"coords":true,"confirmMoves":true}` {
		t.Errorf("stored %s", raw)
	}
	mem.Set(SettingsKey, "{broken")
	if s, err := st.Settings(); !errors.Is(err, ErrSettings) || s != DefaultSettings() {
		t.Errorf("damaged settings: %+v, %v", s, err)
	}
	if v, _, _ := mem.Get(SettingsKey); v != "{broken" {
		t.Error("reading damaged settings changed them")
	}
	mem.Set(SettingsKey, `{"v":3,"theme":"dark"}`)
	if s, err := st.Settings(); err == nil || !strings.Contains(err.Error(), "newer version") || s != DefaultSettings() {
		t.Errorf("newer settings: %+v, %v", s, err)
	}
	if err := st.SaveSettings(Settings{Theme: strings.Repeat("x", 41)}); err == nil {
		t.Error("saved a theme name of 41 characters")
	}
}

// TestSettingsSamples reads every stored form of the settings ever written (the two values
// of version 1, the one of version 2), each to the settings written by hand.
func TestSettingsSamples(t *testing.T) {
	d := DefaultSettings()
	wants := map[string]Settings{
		"settings-v1/both.json":                     {Theme: "dark", Board: "green", Sound: true, AutoFlip: true, ConfirmMoves: true},
		"settings-v1/display-as-first-written.json": d,
		"settings-v1/display-missing-fields.json":   {Theme: "light", Board: "stone"},
		"settings-v1/game-only.json":                {Theme: "system", Board: "walnut", Dots: true, Sound: true, Coords: true, ConfirmMoves: true},
		"settings-v1/display-without-version.json":  d,
		"settings-v2/all.json":                      {Theme: "light", Board: "blue", AutoFlip: true, Coords: true, ConfirmMoves: true},
		"settings-v2/missing-fields.json":           {Theme: "dark", Board: "walnut", Dots: true, Sound: true, Coords: true},
	}
	files, _ := filepath.Glob("testdata/settings-v*/*.json")
	if len(files) != len(wants) {
		t.Errorf("%d samples, %d expectations", len(files), len(wants))
	}
	for _, f := range files {
		name := filepath.Base(filepath.Dir(f)) + "/" + filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			var stored map[string]string
			if err := json.Unmarshal([]byte(readFile(t, name)), &stored); err != nil {
				t.Fatal(err)
			}
			st, mem := newStore(t)
			for k, v := range stored {
				mem.Set(k, v)
			}
			got, err := st.Settings()
			if err != nil || got != wants[name] {
				t.Errorf("read %+v, %v; want %+v", got, err, wants[name])
			}
			// Saved again, they are one value of the current version and read the same.
			if err := st.SaveSettings(got); err != nil {
				t.Fatal(err)
			}
			if keys, _ := mem.Keys(); len(keys) != 1 || keys[0] != SettingsKey {
				t.Errorf("keys after saving: %v", keys)
			}
			if again, err := st.Settings(); err != nil || again != got {
				t.Errorf("read back %+v, %v", again, err)
			}
		})
	}
}

// FuzzDecodeSettings reads any stored settings: never a panic, and what reads writes back
// and reads back the same.
func FuzzDecodeSettings(f *testing.F) {
	f.Add(`{"v":2,"theme":"dark"}`, `{"v":1,"board":"green"}`)
	f.Add(`{"v":1,"confirmMoves":true}`, `{"v":1,"theme":"light","dots":true}`)
	f.Add(`{"v":"2"}`, `[]`)
	f.Fuzz(func(t *testing.T, raw, display string) {
		s, _ := DecodeSettings(raw, raw != "", display, display != "")
		mem := &Memory{}
		st := &Store{Storage: mem}
		if err := st.SaveSettings(s); err != nil {
			t.Fatalf("%+v read but does not save: %v", s, err)
		}
		if back, err := st.Settings(); err != nil || back != s {
			t.Fatalf("%+v saved, %+v read back, %v", s, back, err)
		}
	})
}

// TestPlace checks where an 8x8 game opened from a link is kept (correspondence: the same
// game comes back with its ID and moves on; nothing saved is ever overwritten by another).
func TestPlace(t *testing.T) {
	st, mem := newStore(t)
	saved, err := st.Save(WithGame(Entry{ID: "corr", Title: "By mail", Players: []Player{{Name: "Ann"}, {Name: "Bob"}}}, game(t, "1. e4 e5 *")))
	if err != nil {
		t.Fatal(err)
	}
	mem.Set(GamePrefix+"broken", "{")
	st.Save(necEntry(t, "necid", "")) // a Never-Ending Chess game: another key
	before := snapshot(t, mem)
	tests := []struct {
		name    string
		pgn, id string
		wantID  string // "" = a new ID at the first save
		title   string
		save    bool
	}{
		{"no id", "1. e4 e5 *", "", "", "", true},
		{"new here", "1. d4 *", "fresh", "fresh", "", true},
		{"same game", "1. e4 e5 *", "corr", "corr", "By mail", false},
		{"the opponent moved", "1. e4 e5 2. Nf3 *", "corr", "corr", "By mail", true},
		{"an old link", "1. e4 *", "corr", "", "By mail", false},
		{"another game", "1. d4 d5 *", "corr", "", "", true},
		{"a damaged entry", "1. e4 *", "broken", "", "", true},
		{"the id of a Never-Ending Chess game", "1. e4 *", "necid", "necid", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := game(t, tt.pgn)
			e, save := st.Place(Shared{Kind: Kind8x8, Game: g, Record: g.Encode(), ID: tt.id, Players: [2]Player{{Name: "Lin"}}})
			if e.ID != tt.wantID || save != tt.save || e.Title != tt.title || e.Kind != Kind8x8 {
				t.Errorf("Place: id %q save %v title %q, want %q %v %q", e.ID, save, e.Title, tt.wantID, tt.save, tt.title)
			}
		})
	}
	if after := snapshot(t, mem); len(after) != len(before) || after[GamePrefix+"corr"] != before[GamePrefix+"corr"] {
		t.Error("Place changed the storage")
	}
	_ = saved
}
