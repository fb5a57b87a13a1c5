package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// necEntry returns a Never-Ending Chess entry holding the record of a sample.
func necEntry(t testing.TB, id, title string) Entry {
	t.Helper()
	e, err := DecodeEntry(readFile(t, "entry-v2/nec-people-and-bot.json"))
	if err != nil {
		t.Fatal(err)
	}
	e.ID, e.Title, e.Created = id, title, e.Created.AddDate(0, 0, -1)
	return e
}

// TestExportImportRoundTrip exports a storage holding 8x8 and Never-Ending Chess games (one
// of the envelope older than version 2) and damaged entries, imports the file into an empty
// storage, and finds every game there as it was.
func TestExportImportRoundTrip(t *testing.T) {
	st, mem := newStore(t)
	st.Save(WithGame(Entry{Title: "one", Players: []Player{{"Ann", 0}, {"Bob", 0}}}, game(t, "1. e4 e5 *")))
	st.Save(WithGame(Entry{Title: "two"}, game(t, "[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *")))
	st.Save(WithGame(Entry{}, game(t, "1. f3 e5 2. g4 Qh4# 0-1")))
	remote := necEntry(t, "nec-game", "Friday & <night>")
	remote.Remote = `{"v":1,"role":"player","link":"ro=AQ-_"}` // a game played across devices
	st.Save(remote)
	mem.Set(NECPrefix+"annvsbot2", strings.TrimSpace(readFile(t, "nec-v1/annvsbot2.json")))
	mem.Set(GamePrefix+"broken", readFile(t, "bad/truncated.json"))
	mem.Set(GamePrefix+"future", readFile(t, "bad/newer.json"))
	mem.Set(NECPrefix+"broken", "{")
	mem.Set("other-app", "not exported")
	before, _ := st.List()
	data, err := st.Export()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, `"format":"plyground-games"`) || strings.Contains(text, "not exported") ||
		!strings.Contains(text, `"remote":"{\"v\":1,\"role\":\"player\",\"link\":\"ro=AQ-_\"}"`) ||
		!strings.Contains(text, `"Friday & <night>"`) || strings.Contains(text, `\u0026`) {
		t.Errorf("export file:\n%s", data)
	}

	fresh, freshMem := newStore(t)
	rep, err := fresh.Import(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 5 || rep.Restored != 3 || len(rep.Problems) != 0 || rep.Same != 0 {
		t.Errorf("report %+v", rep)
	}
	after, _ := fresh.List()
	if len(after) != len(before) {
		t.Fatalf("%d entries after import, want %d", len(after), len(before))
	}
	for i := range before {
		a, b := before[i], after[i]
		if a.Key != b.Key || !a.Entry.Equal(b.Entry) || (a.Err == nil) != (b.Err == nil) {
			t.Errorf("entry %d: imported %s %+v, want %s %+v", i, b.Key, b.Entry, a.Key, a.Entry)
		}
	}
	// The games written by this version, and the damaged entries, are back to the letter.
	want := snapshot(t, mem)
	got := snapshot(t, freshMem)
	for k, v := range want {
		if k != "other-app" && k != NECPrefix+"annvsbot2" && got[k] != v {
			t.Errorf("%s: imported %q, want %q", k, got[k], v)
		}
	}

	// Importing the same file again adds nothing.
	rep, err = fresh.Import(data)
	if err != nil || len(rep.Added) != 0 || rep.Same != 5 || rep.Restored != 0 {
		t.Errorf("second import: %+v, %v", rep, err)
	}
	if rep.String() != "no new game, 5 already saved." {
		t.Errorf("report says %q", rep.String())
	}
}

// TestImportOwnExportEscaped imports an export file written by the versions that escaped
// "&", "<" and ">" (as \u0026...) into the storage it came from: nothing is added twice.
func TestImportOwnExportEscaped(t *testing.T) {
	st, mem := newStore(t)
	e, err := st.Save(WithGame(Entry{Title: "Tom & Jerry <3>", Players: []Player{{"A&B", 0}, {"<C>", 0}}}, game(t, "1. e4 *")))
	if err != nil {
		t.Fatal(err)
	}
	raw, _, _ := mem.Get(GamePrefix + e.ID)
	escaped := strings.NewReplacer("&", `\u0026`, "<", `\u003c`, ">", `\u003e`).Replace(raw)
	file := `{"format":"plyground-games","v":1,"exported":"2026-01-01T00:00:00Z","games":[` + escaped + `]}`
	rep, err := st.Import([]byte(file))
	if err != nil || len(rep.Added) != 0 || rep.Same != 1 {
		t.Errorf("import of the escaped export: %+v, %v", rep, err)
	}
	// And what this version exports has no escapes to begin with.
	data, _ := st.Export()
	if !strings.Contains(string(data), `"Tom & Jerry <3>"`) {
		t.Errorf("export escapes: %s", data)
	}
}

// TestImportNeverOverwrites imports a game whose ID is taken by a different game: both are
// kept.
func TestImportNeverOverwrites(t *testing.T) {
	st, mem := newStore(t)
	mine := readFile(t, "entry-v1/ongoing-orthodox.json")
	theirs := strings.Replace(mine, "Sunday game", "Their game", 1)
	mem.Set(GamePrefix+"k2x7mq4pzr5tbw3a", strings.TrimSpace(mine))
	file := `{"format":"plyground-games","v":1,"exported":"2026-01-01T00:00:00Z","games":[` + theirs + `]}`
	rep, err := st.Import([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 1 || rep.Copies != 1 || rep.Added[0] == "k2x7mq4pzr5tbw3a" {
		t.Fatalf("report %+v", rep)
	}
	if v, _, _ := mem.Get(GamePrefix + "k2x7mq4pzr5tbw3a"); v != strings.TrimSpace(mine) {
		t.Error("the saved game was overwritten")
	}
	s, err := st.Load(Kind8x8, rep.Added[0])
	if err != nil || s.Title != "Their game" {
		t.Errorf("the copy: %+v, %v", s, err)
	}
	// An 8x8 game and a Never-Ending Chess game may share an ID: they are different keys.
	nec := necEntry(t, "k2x7mq4pzr5tbw3a", "")
	raw, _ := encodeEntry(nec)
	rep, err = st.Import([]byte(`{"format":"plyground-games","v":1,"games":[` + raw + `]}`))
	if err != nil || len(rep.Added) != 1 || rep.Copies != 0 || rep.Added[0] != nec.ID {
		t.Errorf("Never-Ending Chess game with an 8x8 game's id: %+v, %v", rep, err)
	}
}

// TestExportV1Samples imports every export sample of version 1: those written before
// Never-Ending Chess games were exported, and after.
func TestExportV1Samples(t *testing.T) {
	type want struct {
		added    []string
		restored int
		kinds    map[Kind]int
	}
	wants := map[string]want{
		"two-games-one-damaged.json": {[]string{"k2x7mq4pzr5tbw3a", "foolsmate"}, 1, map[Kind]int{Kind8x8: 2}},
		"empty.json":                 {nil, 0, map[Kind]int{}},
		"with-nec.json":              {[]string{"nec-three", "foolsmate_v2", "k2x7mq4pzr5tbw3a", "annvsbot2"}, 1, map[Kind]int{Kind8x8: 2, KindNEC: 2}},
	}
	forSamples(t, "export-v1", wants, func(t *testing.T, name string, w want) {
		st, _ := newStore(t)
		data, _ := os.ReadFile(filepath.Join("testdata/export-v1", name))
		rep, err := st.Import(data)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(rep.Added, ",") != strings.Join(w.added, ",") || rep.Restored != w.restored || len(rep.Problems) != 0 {
			t.Errorf("report %+v", rep)
		}
		items, _ := st.List()
		if len(items) != len(w.added)+w.restored {
			t.Errorf("%d entries listed", len(items))
		}
		kinds := map[Kind]int{}
		for _, it := range items {
			if it.Err == nil {
				kinds[it.Entry.Kind]++
			}
		}
		for k, n := range w.kinds {
			if kinds[k] != n {
				t.Errorf("%d games of kind %s, want %d", kinds[k], k, n)
			}
		}
	})
}

// TestImportText reads an export file saved in UTF-16 (with a byte-order mark, in either
// byte order, and without one) and in UTF-8 with a mark, as the same file.
func TestImportText(t *testing.T) {
	data, _ := os.ReadFile("testdata/export-v1/two-games-one-damaged.json")
	utf16Of := func(s string, big, bom bool) []byte {
		u := utf16.Encode([]rune(s))
		var out []byte
		if bom {
			u = append([]uint16{0xFEFF}, u...)
		}
		for _, c := range u {
			if big {
				out = binary.BigEndian.AppendUint16(out, c)
			} else {
				out = binary.LittleEndian.AppendUint16(out, c)
			}
		}
		return out
	}
	named := "[White \"Zoë 日本\"]\n\n1. e4 *"
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"UTF-8", data},
		{"UTF-8 with a mark", append([]byte{0xEF, 0xBB, 0xBF}, data...)},
		{"UTF-16 big-endian with a mark", utf16Of(string(data), true, true)},
		{"UTF-16 little-endian with a mark", utf16Of(string(data), false, true)},
		{"UTF-16 little-endian without a mark", utf16Of(string(data), false, false)},
		{"UTF-16 big-endian without a mark", utf16Of(string(data), true, false)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := ReadText(tt.data); got != string(data) {
				t.Errorf("read %.60q", got)
			}
			st, _ := newStore(t)
			rep, err := st.Import(tt.data)
			if err != nil || len(rep.Added) != 2 || rep.Restored != 1 {
				t.Errorf("import: %+v, %v", rep, err)
			}
			im, err := st.NewImport(tt.data)
			if err != nil || im.Total() != 3 {
				t.Errorf("NewImport: %v", err)
			}
		})
	}
	for _, pgn := range [][]byte{utf16Of(named, false, true), utf16Of(named, true, true), []byte("[White \"Zo\xeb\"]\n\n1. e4 *")} {
		st, _ := newStore(t)
		im, err := st.NewImport(pgn)
		if err != nil {
			t.Fatal(err)
		}
		im.Step(10)
		rep, err := im.Report()
		if err != nil || len(rep.Added) != 1 {
			t.Fatalf("PGN import: %+v, %v", rep, err)
		}
		e, _ := st.Load(Kind8x8, rep.Added[0])
		if n := e.Player(0).Name; n != "Zoë 日本" && n != "Zoë" {
			t.Errorf("name read as %q", n)
		}
	}
}

func TestImportErrors(t *testing.T) {
	tests := []struct {
		name, file string
		says       string
	}{
		{"not JSON", "hello", "line 1, column 1"},
		{"syntax error on line 3", "{\n \"format\": \"plyground-games\",\n \"v\": 1,,\n}", "line 3, column"},
		{"another JSON", `{"theme": "dark"}`, `"format" is "", not "plyground-games"`},
		{"another format, long", `{"format": "` + strings.Repeat("y", 3000) + `"}`, `"format" is "yyyyyyyyyyyyyyyyyyyyyyyy"…`},
		{"no version", `{"format":"plyground-games"}`, "no version number"},
		{"newer", `{"format":"plyground-games","v":9,"games":[]}`, "newer version"},
		{"games not a list", `{"format":"plyground-games","v":1,"games":{}}`, `"games" should be a`},
		{"PGN", `[Event "x"]` + "\n\n1. e4 *", "line 1, column"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, mem := newStore(t)
			mem.Set(GamePrefix+"kept", "anything")
			_, err := st.Import([]byte(tt.file))
			if !errors.Is(err, ErrImport) || !strings.Contains(err.Error(), tt.says) || len(err.Error()) > 300 {
				t.Errorf("err = %.400v, want ErrImport saying %q", err, tt.says)
			}
			if keys, _ := mem.Keys(); len(keys) != 1 {
				t.Errorf("a failed import changed the storage: %v", keys)
			}
		})
	}
}

// TestImportMessages checks the sentence the saved-games screen shows after an import: it
// speaks of the import (not of a move on the game screen), says what was imported before a
// full storage stopped it, and names the file.
func TestImportMessages(t *testing.T) {
	quota := ErrQuota
	tests := []struct {
		name string
		rep  ImportReport
		err  error
		says []string
		not  string
		bad  bool
	}{
		{"all good", ImportReport{Added: []string{"a", "b"}}, nil, []string{"Import from games.json: 2 games added."}, "", false},
		{"some could not be read", ImportReport{Added: []string{"a"}, Problems: []error{errors.New("x")}}, nil,
			[]string{"1 game added", "1 could not be read"}, "", true},
		{"storage full midway", ImportReport{Added: make([]string, 1200)}, errors.Join(errors.New("importing game 1201"), quota),
			[]string{"Storage is full: 1200 games imported from games.json before the browser's storage for this site filled up", "import games.json again"}, "move", true},
		{"storage full at once", ImportReport{}, quota, []string{"0 games imported"}, "move", true},
		{"not an export", ImportReport{}, ErrImport, []string{"Nothing imported from games.json: not a Plyground export file."}, "", true},
		{"storage error", ImportReport{Added: []string{"a"}}, errors.New("the storage went away"),
			[]string{"The import from games.json stopped: the storage went away. 1 game imported before."}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, bad := tt.rep.Message("games.json", tt.err)
			for _, s := range tt.says {
				if !strings.Contains(text, s) {
					t.Errorf("%q does not say %q", text, s)
				}
			}
			if tt.not != "" && strings.Contains(text, tt.not) {
				t.Errorf("%q says %q", text, tt.not)
			}
			if bad != tt.bad {
				t.Errorf("bad = %v", bad)
			}
		})
	}
}

// TestImportBadGamesReported imports a file with good and bad games: the good ones are
// imported, each bad one is reported with its number.
func TestImportBadGamesReported(t *testing.T) {
	good := strings.TrimSpace(readFile(t, "entry-v1/fools-mate.json"))
	file := `{"format":"plyground-games","v":1,"exported":"2026-01-01T00:00:00Z","games":[` +
		readFile(t, "bad/bad-record.json") + "," + good + "," + readFile(t, "bad/newer.json") + `,{"v":1}]}`
	st, _ := newStore(t)
	rep, err := st.Import([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 1 || rep.Added[0] != "foolsmate" || len(rep.Problems) != 3 {
		t.Fatalf("report %+v", rep)
	}
	for i, want := range []string{"game 1 of the file (id badrecord): damaged: the game record", "game 3 of the file: saved by a newer", "game 4 of the file"} {
		if !strings.Contains(rep.Problems[i].Error(), want) {
			t.Errorf("problem %d: %q, want %q", i, rep.Problems[i], want)
		}
	}
	if !strings.Contains(rep.String(), "1 game added") || !strings.Contains(rep.String(), "3 could not be read") {
		t.Errorf("report says %q", rep.String())
	}
}

func TestImportQuota(t *testing.T) {
	st, mem := newStore(t)
	data, _ := os.ReadFile("testdata/export-v1/two-games-one-damaged.json")
	mem.Quota = 250 // room for one game
	rep, err := st.Import(data)
	if !errors.Is(err, ErrQuota) {
		t.Fatalf("err = %v, want ErrQuota", err)
	}
	if len(rep.Added) != 1 {
		t.Errorf("report %+v: want the game that fitted", rep)
	}
}

// TestImportSteps imports many games a few at a time: the progress counts up to the total,
// and the result is the one of an import in one go.
func TestImportSteps(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		b.WriteString("1. e4 e5 *\n\n")
	}
	st, mem := newStore(t)
	im, err := st.NewImport([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if im.Total() != 1000 || im.Done() != 0 {
		t.Fatalf("total %d done %d", im.Total(), im.Done())
	}
	steps := 0
	for !im.Step(64) {
		steps++
		if im.Done() != 64*steps {
			t.Fatalf("after %d steps, %d done", steps, im.Done())
		}
	}
	rep, err := im.Report()
	if err != nil || len(rep.Added) != 1000 || steps != 15 {
		t.Errorf("%d steps: %d added, %v", steps, len(rep.Added), err)
	}
	if keys, _ := mem.Keys(); len(keys) != 1000 {
		t.Errorf("%d keys", len(keys))
	}
}

func FuzzImport(f *testing.F) {
	for _, name := range []string{"two-games-one-damaged.json", "empty.json", "with-nec.json"} {
		b, _ := os.ReadFile(filepath.Join("testdata/export-v1", name))
		f.Add(b)
	}
	f.Add([]byte(`{"format":"plyground-games","v":1,"games":[{"v":1,"id":"x"}],"damaged":[{"key":"plyground/game/a","value":"b"}]}`))
	f.Add([]byte("[Event \"x\"]\n\n1. e4 *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, mem := newStore(t)
		mine := strings.TrimSpace(readFile(t, "entry-v1/ongoing-orthodox.json"))
		mem.Set(GamePrefix+"k2x7mq4pzr5tbw3a", mine)
		mem.Set("other", "x")
		var rep ImportReport
		im, err := st.NewImport(data)
		if err == nil {
			im.Step(im.Total())
			rep, err = im.Report()
		}
		// Nothing saved before is changed or removed.
		if v, _, _ := mem.Get(GamePrefix + "k2x7mq4pzr5tbw3a"); v != mine {
			t.Fatalf("import changed a saved game")
		}
		if v, _, _ := mem.Get("other"); v != "x" {
			t.Fatalf("import changed another key")
		}
		if err != nil && len(rep.Added) > 0 && !errors.Is(err, ErrQuota) {
			t.Fatalf("failed import (%v) added games", err)
		}
		// Every added game loads, of one kind or the other.
		for _, id := range rep.Added {
			_, err8 := st.Load(Kind8x8, id)
			_, errN := st.Load(KindNEC, id)
			if err8 != nil && errN != nil {
				t.Fatalf("imported game %s does not load: %v, %v", id, err8, errN)
			}
		}
		// Every key written is a saved-game key.
		keys, _ := mem.Keys()
		for _, k := range keys {
			if _, _, ok := KindOfKey(k); k != "other" && !ok {
				t.Fatalf("import wrote key %q", k)
			}
		}
	})
}

// TestImportListedMergesToIndex checks that the list read before an import, merged with what
// the import wrote (Importer.Listed), is the list Index reads after it: an export file into a
// store holding some of its games, changed ones (copies) and damaged entries, and PGN.
func TestImportListedMergesToIndex(t *testing.T) {
	src, srcMem := newStore(t)
	one, _ := src.Save(WithGame(Entry{Title: "one"}, game(t, "1. e4 e5 *")))
	src.Save(WithGame(Entry{Title: "two"}, game(t, "[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *")))
	src.Save(necEntry(t, "nec-game", "Friday"))
	srcMem.Set(GamePrefix+"broken", readFile(t, "bad/truncated.json"))
	srcMem.Set(NECPrefix+"broken", "{")
	export, err := src.Export()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		fill func(st *Store, mem *Memory) // what the store holds before the import
		data string
	}{
		{"an export file into an empty store", func(*Store, *Memory) {}, string(export)},
		{"an export file into the store it came from", func(st *Store, mem *Memory) {
			keys, _ := srcMem.Keys()
			for _, k := range keys {
				v, _, _ := srcMem.Get(k)
				mem.Set(k, v)
			}
		}, string(export)},
		{"an export file over changed games: copies", func(st *Store, mem *Memory) {
			changed := one
			changed.Title = "one, renamed"
			st.put(changed)
			st.Save(WithGame(Entry{Title: "mine"}, game(t, "1. d4 *")))
			mem.Set(GamePrefix+"zzz", "not json")
		}, string(export)},
		{"PGN into a store with games", func(st *Store, mem *Memory) {
			st.Save(WithGame(Entry{Title: "mine"}, game(t, "1. d4 *")))
			mem.Set(GamePrefix+"aaa", "not json")
		}, "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n\n1. e4 e5 *\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, mem := newStore(t)
			tc.fill(st, mem)
			before, err := st.Index()
			if err != nil {
				t.Fatal(err)
			}
			im, err := st.NewImport([]byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			for !im.Step(2) {
			}
			want, err := st.Index()
			if err != nil {
				t.Fatal(err)
			}
			got := Merge(before, im.Listed())
			if len(got) != len(want) {
				var g, w []string
				for _, l := range got {
					g = append(g, l.Key)
				}
				for _, l := range want {
					w = append(w, l.Key)
				}
				t.Fatalf("merged %d entries, Index lists %d:\n%v\n%v", len(got), len(want), g, w)
			}
			for i := range want {
				if got[i].Key != want[i].Key || got[i].Raw != want[i].Raw || got[i].Readable != want[i].Readable {
					t.Errorf("entry %d: merged %s (%q), Index %s (%q)", i, got[i].Key, got[i].Raw, want[i].Key, want[i].Raw)
				}
			}
		})
	}
}

// TestMergeReplacesByKey checks that an entry of the second list replaces the first list's
// entry under the same key, at its own place in the order.
func TestMergeReplacesByKey(t *testing.T) {
	at := func(key string, min int) Listed {
		return Listed{Key: key, Readable: true, Updated: time.Date(2026, 1, 1, 0, min, 0, 0, time.UTC)}
	}
	a := []Listed{at("c", 3), at("b", 2), at("a", 1)}
	b := []Listed{at("a", 9), at("d", 4)}
	var got []string
	for _, l := range Merge(a, b) {
		got = append(got, fmt.Sprintf("%s%d", l.Key, l.Updated.Minute()))
	}
	if want := "a9 d4 c3 b2"; strings.Join(got, " ") != want {
		t.Errorf("Merge = %s, want %s", strings.Join(got, " "), want)
	}
}
