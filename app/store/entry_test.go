package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	forSamples(t, "entry-v1", wants, func(t *testing.T, name string, w want) {
		e, err := DecodeEntry(readFile(t, "entry-v1/"+name))
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind != Kind8x8 || e.Variant != w.variant || len(e.Players) != 2 {
			t.Errorf("kind %q variant %q with %d players, want 8x8 %s with 2", e.Kind, e.Variant, len(e.Players), w.variant)
		}
		if e.Title != w.title || e.Player(0).Name != w.names[0] || e.Player(1).Name != w.names[1] ||
			e.Player(0).Level != w.levels[0] || e.Player(1).Level != w.levels[1] || e.Result != w.result {
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

// TestEntryV2Samples loads every sample of version 2, of both kinds, checked against values
// written by hand; the 8x8 records replay to the placement written, the records of the
// other kinds are read by their own packages' tests.
func TestEntryV2Samples(t *testing.T) {
	type want struct {
		kind      Kind
		variant   string
		title     string
		players   []Player
		result    string
		updated   string
		clock     Clock
		placement string // 8x8 only
	}
	wants := map[string]want{
		"orthodox-clock.json": {Kind8x8, "orthodox", "Sunday game", []Player{{"Ann", 0}, {"Bob", 0}}, "*", "2026-04-02T10:05:30.25Z",
			Clock{"5+3", [2]time.Duration{298500 * time.Millisecond, 301250 * time.Millisecond}},
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"},
		"computer-dice.json": {Kind8x8, "dice", "", []Player{{"Cleo", 0}, {"Computer", 3}}, "*", "2026-04-03T20:10:00Z", Clock{},
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"},
		"names-escaped.json": {Kind8x8, "orthodox", `Tom & Jerry <3 "quoted" & co`, []Player{{"日本 チェス", 0}, {"  spaced  ", 0}}, "0-1", "2026-04-04T08:01:00Z", Clock{},
			"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"},
		"unknown-fields.json": {Kind8x8, "marseillais", "", []Player{{"Dan", 0}, {"Eve", 0}}, "*", "2026-04-07T11:30:00Z", Clock{},
			"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R"},
		"nec-people-and-bot.json": {KindNEC, "nec", "Friday night", []Player{{"Bo", 0}, {"Cy & <Dee>", 0}, {"", 3}}, "*", "2026-04-05T19:00:00Z", Clock{}, ""},
		"nec-over.json":           {KindNEC, "nec", "", []Player{{"", 1}, {"", 1}}, ResultOver, "2026-04-06T10:03:00Z", Clock{}, ""},
		"reviewed.json": {Kind8x8, "orthodox", "", []Player{{"Ann", 0}, {"Computer", 2}}, "1-0", "2026-04-08T09:20:00Z", Clock{},
			"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR"},
	}
	forSamples(t, "entry-v2", wants, func(t *testing.T, name string, w want) {
		e, err := DecodeEntry(readFile(t, "entry-v2/"+name))
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind != w.kind || e.Variant != w.variant || e.Title != w.title || !slices.Equal(e.Players, w.players) ||
			e.Result != w.result || e.Clock != w.clock || e.Updated.Format(time.RFC3339Nano) != w.updated {
			t.Errorf("entry %+v\nwant %+v", e, w)
		}
		// The review is kept as written, and written back.
		if wantReview := name == "reviewed.json"; (e.Review != "") != wantReview ||
			(wantReview && !strings.HasPrefix(e.Review, `{"v":1,"record":"AQEAAAAHagrBs0g"`)) {
			t.Errorf("review %q", e.Review)
		}
		if raw, err := encodeEntry(e); err != nil || !strings.Contains(raw, `"review":`) != (e.Review == "") {
			t.Errorf("written back: %s, %v", raw, err)
		}
		if w.kind != Kind8x8 {
			return
		}
		g, err := Open(e.Record)
		if err != nil {
			t.Fatal(err)
		}
		if placement(g) != w.placement || ResultOf(g) != w.result || g.Variant().ID() != w.variant {
			t.Errorf("game %s %s %s", g.Variant().ID(), placement(g), ResultOf(g))
		}
	})
}

// TestNECV1Samples loads the Never-Ending Chess entries saved before envelope version 2
// (their own envelope, under NECPrefix) as entries of kind nec, and a version 1 entry of
// the 8x8 envelope under NECPrefix is not taken for one.
func TestNECV1Samples(t *testing.T) {
	type want struct{ created, updated string }
	wants := map[string]want{
		"annvsbot2.json":   {"2026-02-14T17:30:12.345Z", "2026-02-14T19:05:13.579Z"},
		"three-seats.json": {"2026-03-01T09:00:00Z", "2026-03-01T09:00:00Z"},
		"bots_over.json":   {"2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z"},
	}
	forSamples(t, "nec-v1", wants, func(t *testing.T, name string, w want) {
		raw := readFile(t, "nec-v1/"+name)
		id := strings.TrimSuffix(name, ".json")
		it := load(NECPrefix+id, strings.TrimSpace(raw))
		if it.Err != nil {
			t.Fatal(it.Err)
		}
		e := it.Entry
		if e.Kind != KindNEC || e.Variant != "nec" || e.ID != id || e.Result != "" || len(e.Players) != 0 || !e.InProgress() ||
			e.Created.Format(time.RFC3339Nano) != w.created || e.Updated.Format(time.RFC3339Nano) != w.updated {
			t.Errorf("entry %+v, want %+v", e, w)
		}
		// Read without its key, the text is no 8x8 entry.
		if _, err := DecodeEntry(raw); err == nil {
			t.Error("a Never-Ending Chess entry of the old envelope reads as an 8x8 game")
		}
	})
}

// TestEveryVersionHasSamples fails when a format version has no samples in testdata: a new
// version must add its own, and the old ones stay.
func TestEveryVersionHasSamples(t *testing.T) {
	for _, f := range []struct {
		dir     string
		current int
	}{{"entry", Version}, {"export", ExportVersion}, {"link", LinkVersion}, {"nec", 1}, {"settings", SettingsVersion}} {
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
		{"year-zero-east.json", ErrDamaged, "created: year -1"},
		{"unknown-kind.json", ErrNewer, `kind of game this version does not know ("go")`},
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
	if err := (&Store{}).Check(e); !errors.Is(err, ErrDamaged) {
		t.Errorf("Check(bad-record) = %v", err)
	}
}

// TestEntryErrorsQuoteShortly checks that an entry holding a long bad value says what is
// wrong without repeating all of it.
func TestEntryErrorsQuoteShortly(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for name, raw := range map[string]string{
		"result":  `{"v":1,"id":"a","names":["",""],"created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","result":"` + long + `","record":"AQ"}`,
		"id":      `{"v":1,"id":"` + long + `","names":["",""],"created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","result":"*","record":"AQ"}`,
		"version": `{"v":"` + long + `"}`,
		"kind":    `{"v":2,"kind":"` + long + `","id":"a","players":[],"created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","result":"*","record":"AQ"}`,
	} {
		_, err := DecodeEntry(raw)
		if err == nil || len(err.Error()) > 200 {
			t.Errorf("%s: %d characters of error: %.300v", name, len(fmt.Sprint(err)), err)
		}
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
	tests := []struct {
		name string
		e    Entry
		head string
	}{
		{"8x8", Entry{
			ID: "round-trip", Kind: Kind8x8, Variant: "orthodox", Title: "Ünïcode “title” & <more>",
			Players: []Player{{"Ann", 0}, {"Computer", 5}},
			Created: time.Date(2026, 1, 2, 3, 4, 5, 678e6, time.UTC),
			Updated: time.Date(2026, 1, 2, 3, 9, 5, 0, time.UTC),
			Result:  "*", Record: "AQEAAAADaho",
		}, `{"v":2,"kind":"8x8","id":"round-trip","variant":"orthodox","title":"Ünïcode “title” & <more>",`},
		{"nec", Entry{
			ID: "nec-1", Kind: KindNEC, Variant: "nec",
			Players: []Player{{"Ann", 0}, {"", 2}, {"Bo", 0}},
			Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
			Updated: time.Date(2026, 1, 2, 3, 9, 5, 0, time.UTC),
			Result:  ResultOver, Record: "1abc",
		}, `{"v":2,"kind":"nec","id":"nec-1","variant":"nec","players":[{"name":"Ann"},{"level":2},{"name":"Bo"}],`},
		{"nec played across devices", Entry{
			ID: "nec-2", Kind: KindNEC, Variant: "nec", Players: []Player{{}, {}},
			Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
			Updated: time.Date(2026, 1, 2, 3, 9, 5, 0, time.UTC),
			Result:  "*", Record: "2abc", Remote: `{"v":1,"role":"player","link":"ro=AQ-_"}`,
		}, `{"v":2,"kind":"nec","id":"nec-2","variant":"nec","players":[{},{}],`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := encodeEntry(tt.e)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(raw, tt.head) {
				t.Errorf("stored form %s", raw)
			}
			back, err := decodeEntry(raw, tt.e.Kind)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(tt.e) {
				t.Errorf("round trip: %+v, want %+v", back, tt.e)
			}
		})
	}
	// An entry that does not check is not written.
	for name, e := range map[string]Entry{
		"result 1-1":                 {ID: "a", Kind: Kind8x8, Players: make([]Player, 2), Result: "1-1", Record: "AQ"},
		"three 8x8 players":          {ID: "a", Kind: Kind8x8, Players: make([]Player, 3), Result: "*", Record: "AQ"},
		"no kind":                    {ID: "a", Players: make([]Player, 2), Result: "*", Record: "AQ"},
		"nec with a PGN end":         {ID: "a", Kind: KindNEC, Variant: "nec", Result: "1-0", Record: "1a"},
		"nec of orthodox":            {ID: "a", Kind: KindNEC, Variant: "orthodox", Result: "*", Record: "1a"},
		"nine nec players":           {ID: "a", Kind: KindNEC, Variant: "nec", Players: make([]Player, 9), Result: "*", Record: "1a"},
		"year 0 east":                {ID: "a", Kind: Kind8x8, Players: make([]Player, 2), Result: "*", Record: "AQ", Created: time.Date(0, 1, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600))},
		"year 10000 west":            {ID: "a", Kind: Kind8x8, Players: make([]Player, 2), Result: "*", Record: "AQ", Created: time.Date(9999, 12, 31, 23, 30, 0, 0, time.FixedZone("X", -3600))},
		"name of 101 letters":        {ID: "a", Kind: Kind8x8, Players: []Player{{Name: strings.Repeat("é", 101)}, {}}, Result: "*", Record: "AQ"},
		"remote side of an 8x8 game": {ID: "a", Kind: Kind8x8, Players: make([]Player, 2), Result: "*", Record: "AQ", Remote: "{}"},
		"remote side not ASCII":      {ID: "a", Kind: KindNEC, Variant: "nec", Result: "*", Record: "1a", Remote: `{"v":"é"}`},
		"remote side with a newline": {ID: "a", Kind: KindNEC, Variant: "nec", Result: "*", Record: "1a", Remote: "{\n}"},
		"remote side too long":       {ID: "a", Kind: KindNEC, Variant: "nec", Result: "*", Record: "1a", Remote: strings.Repeat("a", MaxRemote+1)},
	} {
		e.Updated = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		if e.Created.IsZero() {
			e.Created = e.Updated
		}
		if _, err := encodeEntry(e); err == nil {
			t.Errorf("%s: encoded", name)
		}
	}
}

// TestSaveWritesWhatItReads saves entries with every kind of value a player or an import can
// give (times in any zone and precision, the longest names of any Unicode text, clocks to
// the nanosecond): each entry Save returns is what loads back, and what does not fit is
// refused rather than written damaged.
func TestSaveWritesWhatItReads(t *testing.T) {
	st, _ := newStore(t)
	east := time.FixedZone("east", 14*3600)
	tests := []struct {
		name string
		e    Entry
		ok   bool
	}{
		{"nanoseconds in a zone", Entry{Created: time.Date(2026, 5, 1, 1, 2, 3, 456789012, east)}, true},
		{"year 1 in UTC", Entry{Created: time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC)}, true},
		{"year 1 east of Greenwich", Entry{Created: time.Date(1, 1, 1, 10, 0, 0, 0, east)}, false},
		{"year 0 east of Greenwich", Entry{Created: time.Date(0, 12, 31, 23, 30, 0, 0, time.FixedZone("CET", 3600))}, false},
		{"longest names", Entry{Title: strings.Repeat("ǅ", maxTitle), Players: []Player{{Name: strings.Repeat("𝄞", maxName)}, {Name: " \t\n\u2028\u0000&<>%+;#"}}}, true},
		{"clock to the nanosecond", Entry{Clock: Clock{"5+3", [2]time.Duration{time.Minute + 1, 2*time.Minute + 999999}}}, true},
	}
	g := game(t, "1. e4 e5 *")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saved, err := st.Save(WithGame(tt.e, g))
			if (err == nil) != tt.ok {
				t.Fatalf("save: %v, want ok %v", err, tt.ok)
			}
			if err != nil {
				if _, err := st.Load(Kind8x8, saved.ID); !errors.Is(err, ErrNotFound) {
					t.Errorf("a refused entry was written: %v", err)
				}
				return
			}
			back, err := st.Load(Kind8x8, saved.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(saved) {
				t.Errorf("loads back as\n%+v\nwant\n%+v", back, saved)
			}
		})
	}
}

// FuzzDecodeEntry checks every entry that decodes (as an 8x8 entry and as one under the
// Never-Ending Chess prefix): it writes back and reads back equal. testdata/fuzz holds the
// inputs it found, which run as regular test cases.
func FuzzDecodeEntry(f *testing.F) {
	addSamples(f, "entry-v1", "entry-v2", "nec-v1", "bad")
	f.Fuzz(func(t *testing.T, raw string) {
		for _, legacy := range Kinds {
			e, err := decodeEntry(raw, legacy)
			if err != nil {
				if !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrNewer) && !errors.Is(err, ErrForeign) {
					t.Fatalf("error %v wraps no kind", err)
				}
				continue
			}
			// A good entry writes back and reads back the same.
			again, err := encodeEntry(e)
			if err != nil {
				t.Fatalf("decoded %+v but cannot encode it: %v", e, err)
			}
			e2, err := DecodeEntry(again)
			if err != nil || !e2.Equal(e) {
				t.Fatalf("round trip: %+v -> %s -> %+v, %v", e, again, e2, err)
			}
			// Replaying the record never panics.
			if e.Kind == Kind8x8 {
				_, _ = Open(e.Record)
				_ = RecordVariant(e.Record)
			}
		}
	})
}

// TestReviewOnlyWithAnEightByEightGame: a review is kept with an 8x8 game only, and within
// its bound.
func TestReviewOnlyWithAnEightByEightGame(t *testing.T) {
	e, err := DecodeEntry(readFile(t, "entry-v2/nec-over.json"))
	if err != nil {
		t.Fatal(err)
	}
	e.Review = `{"v":1}`
	if _, err := encodeEntry(e); !errors.Is(err, ErrDamaged) {
		t.Errorf("a review with a Never-Ending Chess game: %v", err)
	}
	e, err = DecodeEntry(readFile(t, "entry-v2/reviewed.json"))
	if err != nil {
		t.Fatal(err)
	}
	e.Review = strings.Repeat("x", maxReview+1)
	if _, err := encodeEntry(e); !errors.Is(err, ErrDamaged) {
		t.Errorf("a review of %d bytes: %v", len(e.Review), err)
	}
}
