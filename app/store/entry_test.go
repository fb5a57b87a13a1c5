package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEntryV1Samples loads every saved-game sample of version 1, each checked against values
// written by hand (names, result, and the piece placement the moves lead to).
func TestEntryV1Samples(t *testing.T) {
	type want struct {
		title     string
		names     [2]string
		levels    [2]int
		result    string
		variant   string
		actions   int
		placement string
		created   string
	}
	wants := map[string]want{
		"ongoing-orthodox.json": {"Sunday game", [2]string{"Ann", "Bob"}, [2]int{}, "*", "orthodox", 3,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "2026-01-02T10:00:00Z"},
		"fools-mate.json": {"", [2]string{}, [2]int{}, "0-1", "orthodox", 4,
			"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR", "2026-01-03T08:00:00Z"},
		"computer-dice.json": {"", [2]string{"Cleo", "Computer"}, [2]int{0, 3}, "*", "dice", 4,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "2026-02-10T20:00:00Z"},
		"marseillais.json": {"Double trouble", [2]string{"Dan", "Eve"}, [2]int{}, "*", "marseillais", 5,
			"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R", "2026-03-01T11:00:00Z"},
		"sdm-spend.json": {"", [2]string{"Fay", "Gus"}, [2]int{}, "*", "sdm", 5,
			"r1bqk1nr/pppp1ppp/2n5/2b1p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "2026-03-05T09:00:00Z"},
		"progressive.json": {"Scottish", [2]string{"Hal", "Ida"}, [2]int{2, 0}, "*", "progressive-scottish", 3,
			"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "2026-03-06T09:00:00Z"},
		"resigned.json": {"", [2]string{"Jo", "Kim"}, [2]int{}, "0-1", "orthodox", 2,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "2026-03-07T09:00:00Z"},
		"clock.json": {"", [2]string{"Nia", "Oto"}, [2]int{}, "*", "orthodox", 3,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "2026-03-04T16:00:00Z"},
		"unknown-fields.json": {"", [2]string{"Lee", "Max"}, [2]int{}, "*", "orthodox", 3,
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "2026-03-08T09:00:00Z"},
	}
	files, err := filepath.Glob("testdata/entry-v1/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		name := filepath.Base(f)
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			w, ok := wants[name]
			if !ok {
				t.Fatalf("sample %s has no expectation in this test", name)
			}
			e, err := DecodeEntry(readFile(t, "entry-v1/"+name))
			if err != nil {
				t.Fatal(err)
			}
			if e.Title != w.title || e.Players[0].Name != w.names[0] || e.Players[1].Name != w.names[1] ||
				e.Players[0].Level != w.levels[0] || e.Players[1].Level != w.levels[1] || e.Result != w.result {
				t.Errorf("entry %+v, want %+v", e, w)
			}
			if got := e.Created.UTC().Format(time.RFC3339); got != w.created {
				t.Errorf("created %s, want %s", got, w.created)
			}
			g, err := Open(e.Record)
			if err != nil {
				t.Fatal(err)
			}
			if g.Variant().ID() != w.variant || g.Len() != w.actions || placement(g) != w.placement || ResultOf(g) != w.result {
				t.Errorf("game %s, %d actions, %s, %s; want %s, %d, %s, %s", g.Variant().ID(), g.Len(),
					placement(g), ResultOf(g), w.variant, w.actions, w.placement, w.result)
			}
		})
	}
	for name := range wants {
		if !seen[name] {
			t.Errorf("expectation for %s, which is not in testdata/entry-v1", name)
		}
	}
}

// TestEveryVersionHasSamples fails when a format version has no samples in testdata: a new
// version must add its own, and the old ones stay.
func TestEveryVersionHasSamples(t *testing.T) {
	for _, f := range []struct {
		dir     string
		current int
	}{{"entry", Version}, {"export", ExportVersion}, {"link", LinkVersion}} {
		for v := 1; v <= f.current; v++ {
			dir := filepath.Join("testdata", fmt.Sprintf("%s-v%d", f.dir, v))
			files, err := os.ReadDir(dir)
			if err != nil || len(files) == 0 {
				t.Errorf("%s: no samples of %s version %d (%v)", dir, f.dir, v, err)
			}
		}
	}
}

// TestDecodeEntryProblems reads damaged, foreign and newer entries and checks each is
// classified, with a message that says why.
func TestDecodeEntryProblems(t *testing.T) {
	tests := []struct {
		file string
		kind error
		says string
	}{
		{"not-json.txt", ErrDamaged, "not a JSON object"},
		{"truncated.json", ErrDamaged, "not a JSON object"},
		{"foreign.json", ErrForeign, "no format version"},
		{"foreign-version.json", ErrForeign, "not a number"},
		{"newer.json", ErrNewer, "format 7"},
		{"bad-result.json", ErrDamaged, `result "2-0"`},
		{"bad-date.json", ErrDamaged, "created"},
		{"bad-id.json", ErrDamaged, "may hold only"},
		{"bad-clock.json", ErrDamaged, "White's time left"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, err := DecodeEntry(readFile(t, "bad/"+tt.file))
			if !errors.Is(err, tt.kind) {
				t.Fatalf("err = %v, want %v", err, tt.kind)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("err = %q, want it to say %q", err, tt.says)
			}
		})
	}
	// The envelope of bad-record.json is fine; its record is not.
	e, err := DecodeEntry(readFile(t, "bad/bad-record.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(e.Record); err == nil {
		t.Error("bad-record.json: the record replays")
	}
}

// TestEntryClock reads the clocks saved with a game played with a time control, writes them
// back, and checks that a game without clocks has none.
func TestEntryClock(t *testing.T) {
	e, err := DecodeEntry(readFile(t, "entry-v1/clock.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := Clock{Control: "5+3", Left: [2]time.Duration{298500 * time.Millisecond, 301250 * time.Millisecond}}
	if e.Clock != want {
		t.Errorf("clock %+v, want %+v", e.Clock, want)
	}
	raw, err := encodeEntry(e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(raw, `"clock":{"tc":"5+3","left":[298500,301250]}`) {
		t.Errorf("stored form %s", raw)
	}
	plain, err := DecodeEntry(readFile(t, "entry-v1/ongoing-orthodox.json"))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Clock != (Clock{}) {
		t.Errorf("a game saved without clocks has %+v", plain.Clock)
	}
	if raw, _ := encodeEntry(plain); strings.Contains(raw, "clock") {
		t.Errorf("clock written for a game without clocks: %s", raw)
	}
	for _, bad := range []Clock{{Control: "", Left: [2]time.Duration{time.Second, 0}}, {Control: "5+3", Left: [2]time.Duration{0, 2000 * time.Hour}}} {
		e.Clock = bad
		if _, err := encodeEntry(e); err == nil {
			t.Errorf("encoded an entry with clock %+v", bad)
		}
	}
}

func TestEncodeEntryRoundTrip(t *testing.T) {
	e := Entry{
		ID: "round-trip", Title: "Ünïcode “title”",
		Players: [2]Player{{"Ann", 0}, {"Computer", 5}},
		Created: time.Date(2026, 1, 2, 3, 4, 5, 678e6, time.UTC),
		Updated: time.Date(2026, 1, 2, 3, 9, 5, 0, time.UTC),
		Result:  "*", Record: "AQEAAAADaho",
	}
	raw, err := encodeEntry(e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(raw, `{"v":1,"id":"round-trip",`) {
		t.Errorf("stored form %s", raw)
	}
	back, err := DecodeEntry(raw)
	if err != nil {
		t.Fatal(err)
	}
	if back != e {
		t.Errorf("round trip: %+v, want %+v", back, e)
	}
	// Two humans: no "levels" field.
	e.Players[1].Level = 0
	raw, _ = encodeEntry(e)
	if strings.Contains(raw, "levels") {
		t.Errorf("levels written for two humans: %s", raw)
	}
	// An entry that does not check is not written.
	e.Result = "1-1"
	if _, err := encodeEntry(e); err == nil {
		t.Error("encoded an entry with result 1-1")
	}
}

func FuzzDecodeEntry(f *testing.F) {
	for _, dir := range []string{"entry-v1", "bad"} {
		files, _ := os.ReadDir(filepath.Join("testdata", dir))
		for _, fi := range files {
			b, _ := os.ReadFile(filepath.Join("testdata", dir, fi.Name()))
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, raw string) {
		e, err := DecodeEntry(raw)
		if err != nil {
			if !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrNewer) && !errors.Is(err, ErrForeign) {
				t.Fatalf("error %v wraps no kind", err)
			}
			return
		}
		// A good entry writes back and reads back the same.
		again, err := encodeEntry(e)
		if err != nil {
			t.Fatalf("decoded %+v but cannot encode it: %v", e, err)
		}
		e2, err := DecodeEntry(again)
		if err != nil || !e2.Created.Equal(e.Created) || e2.ID != e.ID || e2.Record != e.Record || e2.Players != e.Players {
			t.Fatalf("round trip: %+v -> %s -> %+v, %v", e, again, e2, err)
		}
		// Replaying the record never panics.
		_, _ = Open(e.Record)
	})
}
