package necgame

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
)

// TestNEC_FileShared: where a game opened from a link is kept. A link never replaces a
// different saved game; the same game is updated when the link is ahead, and shown as this
// device has it when the device is ahead.
func TestNEC_FileShared(t *testing.T) {
	st, mem := newStore()
	// One game at three points (2, 4 and 6 updates), and another game.
	long := botGame(t, 6)
	at := func(n int) Record {
		r := long.Record()
		return Record{Seats: r.Seats, Seed: r.Seed, Start: r.Start, Updates: r.Updates[:n]}
	}
	// Another game from the same start: everyone passed the first update.
	other, err := Open(Record{Seats: people(3), Start: long.Start(), Updates: [][]nec.Order{nil}})
	if err != nil {
		t.Fatal(err)
	}
	if Compare(other.Record(), at(1)) != Different {
		t.Fatal("the other game's first update is the same")
	}
	otherGame, _ := New(Config{Seats: people(2)})
	save := func(id string, r Record) {
		g, err := Open(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Save(st, store.Entry{ID: id}, g); err != nil {
			t.Fatal(err)
		}
	}
	save("mid", at(4))
	save("other", otherGame.Record())
	mem.Set(store.NECPrefix+"broken", "{not json")
	// An 8x8 game under the same id is another key: it does not count.
	mem.Set(store.GamePrefix+"unknown", "an 8x8 game")

	type filingCase struct {
		name   string
		link   Record
		id     string
		kind   FilingKind
		fileID string
		shown  int    // updates of the game shown
		notice string // "" none
	}
	cases := []filingCase{
		{"no id", at(2), "", FileNew, "fresh", 2, ""},
		{"a bad id", at(2), "../x", FileNew, "fresh", 2, ""},
		{"nothing under the id", at(2), "unknown", FileNew, "unknown", 2, ""},
		{"the same game, same update", at(4), "mid", FileSame, "mid", 4, ""},
		{"the same game, the link ahead", at(6), "mid", FileUpdate, "mid", 6, ""},
		{"the same game, the device ahead", at(2), "mid", FileDevice, "mid", 4, "later position"},
		{"the same game from its start", at(0), "mid", FileDevice, "mid", 4, "later position"},
		{"another game under the id", at(4), "other", FileApart, "fresh", 4, "different game"},
		{"another game of the same start", other.Record(), "mid", FileApart, "fresh", 1, "different game"},
		{"a damaged entry under the id", at(4), "broken", FileApart, "fresh", 4, "cannot be read"},
	}
	// The store can draw no new id (newID fails): a game that needs one is shown, not saved.
	noNewID := []filingCase{
		{"no id, no new id", at(2), "", FileNew, "", 2, "not saved"},
		{"another game under the id, no new id", at(4), "other", FileApart, "", 4, "different game"},
		{"a damaged entry, no new id", at(4), "broken", FileApart, "", 4, "not saved"},
		{"nothing under the id, no new id", at(2), "unknown", FileNew, "unknown", 2, ""},
		{"the same game ahead, no new id", at(6), "mid", FileUpdate, "mid", 6, ""},
	}
	for i, c := range append(cases, noNewID...) {
		drawn := 0
		newID := func() (string, error) {
			drawn++
			if i >= len(cases) {
				return "", errors.New("no randomness")
			}
			return "fresh", nil
		}
		t.Run(c.name, func(t *testing.T) {
			sv, err := st.Load(store.KindNEC, c.id)
			f := FileShared(c.link, c.id, sv, err, newID)
			// A new id is drawn, once, only for a game that cannot keep the link's id: one
			// filed under the new id, or under none when the drawing failed.
			want := 0
			if c.fileID == "fresh" || c.fileID == "" {
				want = 1
			}
			if drawn != want {
				t.Errorf("%d new ids drawn, want %d", drawn, want)
			}
			if f.Kind != c.kind || f.ID != c.fileID || len(f.Record.Updates) != c.shown {
				t.Fatalf("filing %v under %q showing %d updates, want %v under %q showing %d", f.Kind, f.ID, len(f.Record.Updates), c.kind, c.fileID, c.shown)
			}
			if f.ID == "" && (!strings.Contains(f.Notice, "not saved") || !strings.Contains(f.Notice, "no randomness")) {
				t.Errorf("kept under no id, notice %q does not say it is not saved and why", f.Notice)
			}
			if want := (c.kind == FileNew || c.kind == FileUpdate || c.kind == FileApart) && c.fileID != ""; f.Save != want {
				t.Errorf("save %v, want %v", f.Save, want)
			}
			if c.notice == "" && f.Notice != "" || !strings.Contains(f.Notice, c.notice) {
				t.Errorf("notice %q, want one with %q", f.Notice, c.notice)
			}
			if _, err := Open(f.Record); err != nil {
				t.Errorf("the game shown does not open: %v", err)
			}
		})
	}
	// Filing never touches storage: the saved games are as they were.
	if sv, err := st.Load(store.KindNEC, "mid"); err != nil || !strings.Contains(sv.Record, EncodeRecord(at(4))) {
		t.Errorf("the saved game changed: %v", err)
	}
}

// TestNEC_Compare: two records are the same game when they have the same start and the
// updates of one begin with all the updates of the other.
func TestNEC_Compare(t *testing.T) {
	g := botGame(t, 3)
	r := g.Record()
	prefix := Record{Start: r.Start, Updates: r.Updates[:1]}
	altered := Record{Start: r.Start, Updates: [][]nec.Order{r.Updates[0], nil, r.Updates[2]}}
	other, _ := nec.Setup(nec.Options{Players: 3})
	for _, c := range []struct {
		a, b Record
		want Relation
	}{
		{r, r, Same},
		{r, prefix, Ahead},
		{prefix, r, Behind},
		{r, altered, Different},
		{prefix, altered, Behind},
		{Record{Start: other}, Record{Start: r.Start}, Different},
	} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%d updates, %d updates) = %v, want %v", len(c.a.Updates), len(c.b.Updates), got, c.want)
		}
	}
}
