package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImportRoundTrip exports a storage holding games and a damaged entry, imports the
// file into an empty storage, and finds every entry there as it was.
func TestExportImportRoundTrip(t *testing.T) {
	st, mem := newStore(t)
	st.Save(Entry{Title: "one", Players: [2]Player{{"Ann", 0}, {"Bob", 0}}}, game(t, "1. e4 e5 *"))
	st.Save(Entry{Title: "two"}, game(t, "[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *"))
	st.Save(Entry{}, game(t, "1. f3 e5 2. g4 Qh4# 0-1"))
	mem.Set(GamePrefix+"broken", readFile(t, "bad/truncated.json"))
	mem.Set(GamePrefix+"future", readFile(t, "bad/newer.json"))
	mem.Set("other-app", "not exported")
	data, err := st.Export()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"format": "plyground-games"`) || strings.Contains(string(data), "not exported") {
		t.Errorf("export file:\n%s", data)
	}

	fresh, freshMem := newStore(t)
	rep, err := fresh.Import(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 3 || rep.Restored != 2 || len(rep.Problems) != 0 || rep.Same != 0 {
		t.Errorf("report %+v", rep)
	}
	want := snapshot(t, mem)
	delete(want, "other-app")
	got := snapshot(t, freshMem)
	if len(got) != len(want) {
		t.Errorf("%d entries after import, want %d", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: imported %q, want %q", k, got[k], v)
		}
	}

	// Importing the same file again adds nothing.
	rep, err = fresh.Import(data)
	if err != nil || len(rep.Added) != 0 || rep.Same != 3 || rep.Restored != 0 {
		t.Errorf("second import: %+v, %v", rep, err)
	}
	if rep.String() != "no new game, 3 already saved." {
		t.Errorf("report says %q", rep.String())
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
	s, err := st.Load(rep.Added[0])
	if err != nil || s.Title != "Their game" {
		t.Errorf("the copy: %+v, %v", s.Entry, err)
	}
}

// TestExportV1Samples imports every export sample of version 1.
func TestExportV1Samples(t *testing.T) {
	wants := map[string]struct {
		added    []string
		restored int
	}{
		"two-games-one-damaged.json": {[]string{"k2x7mq4pzr5tbw3a", "foolsmate"}, 1},
		"empty.json":                 {nil, 0},
	}
	files, _ := filepath.Glob("testdata/export-v1/*.json")
	if len(files) != len(wants) {
		t.Errorf("%d samples, %d expectations", len(files), len(wants))
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			w, ok := wants[name]
			if !ok {
				t.Fatalf("no expectation for %s", name)
			}
			st, _ := newStore(t)
			data, _ := os.ReadFile(f)
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
		})
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
			if !errors.Is(err, ErrImport) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("err = %v, want ErrImport saying %q", err, tt.says)
			}
			if keys, _ := mem.Keys(); len(keys) != 1 {
				t.Errorf("a failed import changed the storage: %v", keys)
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

func FuzzImport(f *testing.F) {
	for _, name := range []string{"two-games-one-damaged.json", "empty.json"} {
		b, _ := os.ReadFile(filepath.Join("testdata/export-v1", name))
		f.Add(b)
	}
	f.Add([]byte(`{"format":"plyground-games","v":1,"games":[{"v":1,"id":"x"}],"damaged":[{"key":"plyground/game/a","value":"b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, mem := newStore(t)
		mine := strings.TrimSpace(readFile(t, "entry-v1/ongoing-orthodox.json"))
		mem.Set(GamePrefix+"k2x7mq4pzr5tbw3a", mine)
		mem.Set("other", "x")
		rep, err := st.Import(data)
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
		// Every added game loads.
		for _, id := range rep.Added {
			if _, err := st.Load(id); err != nil {
				t.Fatalf("imported game %s does not load: %v", id, err)
			}
		}
		// Every key written is a saved-game key.
		keys, _ := mem.Keys()
		for _, k := range keys {
			if k != "other" && !strings.HasPrefix(k, GamePrefix) {
				t.Fatalf("import wrote key %q", k)
			}
		}
	})
}
