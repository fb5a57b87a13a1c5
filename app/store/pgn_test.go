package store

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestPGNExportImport(t *testing.T) {
	for _, src := range []string{
		"1. e4 e5 2. Nf3 *",
		"1. f3 e5 2. g4 Qh4# 0-1",
		"[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 2. Nf3,Bc4 *",
		"[Variant \"sdm\"]\n\n1. e4 e5 2. {spend} Nf3 Nc6 Bc5 *",
		"[Variant \"dice\"]\n\n1. {roll 1-2} e4 {roll 1-1} e5 *",
		"[Variant \"progressive-italian\"]\n\n1. e4 2. e5 Nf6 *",
		"[Variant \"progressive-scottish\"]\n\n1. e4 2. e5 Nf6 *",
		"1. e4 e5 {White resigns} 0-1",
	} {
		g := game(t, src)
		e := Entry{Title: "Club night", Players: []Player{{"Ann", 0}, {"Bob", 0}},
			Created: time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)}
		text := PGN(e, g)
		for _, tag := range []string{`[Event "Club night"]`, `[Date "2026.05.06"]`, `[White "Ann"]`, `[Black "Bob"]`, `[Variant "` + g.Variant().ID() + `"]`} {
			if !strings.Contains(text, tag) {
				t.Errorf("%s: PGN lacks %s:\n%s", src, tag, text)
			}
		}
		games, err := ParsePGN(text)
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: reading back %d games: %v\n%s", src, len(games), err, text)
		}
		back := games[0]
		if Compare(back.Game, g) != Same || back.Entry.Title != "Club night" || back.Entry.Player(1).Name != "Bob" ||
			!back.Entry.Created.Equal(time.Date(2026, 5, 6, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: read back %+v, %s", src, back.Entry, back.Game.Movetext())
		}
	}
}

func TestSplitPGN(t *testing.T) {
	text := "\ufeff[Event \"a {not a comment\"]\n[White \"x\"]\n\n1. e4 e5 {a comment\n[not a tag] still comment} 2. Nf3 *\n\n" +
		"[Event \"b\"]\n\n1. d4 *\n" +
		"\n\n1. c4 ; a line comment [x]\n*\n"
	parts := SplitPGN(text)
	if len(parts) != 3 {
		t.Fatalf("%d parts: %+v", len(parts), parts)
	}
	if parts[0].Number != 1 || parts[2].Number != 3 {
		t.Errorf("parts numbered %d..%d", parts[0].Number, parts[2].Number)
	}
	lines := []int{parts[0].Line, parts[1].Line, parts[2].Line}
	if lines[0] != 1 || lines[1] != 7 || lines[2] != 12 {
		t.Errorf("parts start on lines %v, want 1 7 12", lines)
	}
	if !strings.HasPrefix(parts[1].Text, `[Event "b"]`) || !strings.HasPrefix(parts[2].Text, "1. c4") {
		t.Errorf("parts %+v", parts)
	}
}

func TestImportPGN(t *testing.T) {
	text := "[Event \"Good one\"]\n[White \"Ann\"]\n\n1. e4 e5 *\n\n" +
		"[Event \"Bad one\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
		"[Variant \"marseillais\"]\n[Black \"Bob\"]\n\n1. e4 e5,Nc6 *\n\n" +
		"[Variant \"no-such-chess\"]\n\n1. e4 *\n"
	st, _ := newStore(t)
	rep, err := st.ImportPGN(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Added) != 2 || len(rep.Problems) != 2 {
		t.Fatalf("report %+v", rep)
	}
	for i, want := range []string{"game 2 (from line 6): pgn: line 3", "game 4 (from line 15)"} {
		if !errors.Is(rep.Problems[i], ErrPGN) || !strings.Contains(rep.Problems[i].Error(), want) {
			t.Errorf("problem %d: %v, want %q", i, rep.Problems[i], want)
		}
	}
	s, err := st.Load(Kind8x8, rep.Added[0])
	if g, _ := Open(s.Record); err != nil || s.Title != "Good one" || s.Player(0).Name != "Ann" || g.Len() != 2 {
		t.Errorf("first game %+v, %v", s, err)
	}
	s, _ = st.Load(Kind8x8, rep.Added[1])
	if s.Variant != "marseillais" || s.Player(1).Name != "Bob" {
		t.Errorf("second game %+v", s)
	}
	// A single bad game says "the game".
	_, err = ParsePGN("1. e5 *")
	if err == nil || !strings.Contains(err.Error(), "the game: pgn: line 1") {
		t.Errorf("one bad game: %v", err)
	}
	if _, err := ParsePGN("  \n "); err == nil {
		t.Error("empty text read")
	}
}

// TestSplitPGNLinear splits a text of 100,000 empty games in a time proportional to its
// length (counting the lines from the start at every game took hours).
func TestSplitPGNLinear(t *testing.T) {
	text := strings.Repeat("*\n", 100000)
	start := time.Now()
	parts := SplitPGN(text)
	if len(parts) != 100000 || parts[99999].Line != 100000 {
		t.Fatalf("%d parts, the last on line %d", len(parts), parts[len(parts)-1].Line)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%v to split", d)
	}
}

// TestPGNDates reads the Date tag: a date before year 1 or in the future is no creation date.
func TestPGNDates(t *testing.T) {
	st, _ := newStore(t)
	rep, err := st.ImportPGN("[Date \"0000.01.01\"]\n\n1. e4 *\n\n[Date \"2999.01.01\"]\n\n1. d4 *\n\n[Date \"2020.02.03\"]\n\n1. c4 *")
	if err != nil || len(rep.Added) != 3 {
		t.Fatalf("%+v, %v", rep, err)
	}
	for i, want := range []string{"2026-04-01", "2026-04-01", "2020-02-03"} {
		e, _ := st.Load(Kind8x8, rep.Added[i])
		if got := e.Created.Format("2006-01-02"); got != want {
			t.Errorf("game %d created %s, want %s", i+1, got, want)
		}
	}
}

func FuzzParsePGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *")
	f.Add("[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *\n\n[Event \"y\"]\n1. d4 {c} *")
	f.Add("1. {roll 1-2} e4 ; x\n*")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ParsePGN(text)
		if err != nil && !errors.Is(err, ErrPGN) {
			t.Fatalf("error %v does not wrap ErrPGN", err)
		}
		for _, g := range games {
			// What was read writes out and reads back the same game.
			back, err := ParsePGN(PGN(g.Entry, g.Game))
			if err != nil || len(back) != 1 || Compare(back[0].Game, g.Game) != Same {
				t.Fatalf("round trip of %q: %v", g.Game.Movetext(), err)
			}
		}
	})
}

// TestImportPGNTwiceAddsNothing: the games of a PGN text imported a second time are the
// games saved already (same record and players): they are counted as such, not added again;
// a game that differs by a move or a name is added, and a text holding the same game twice
// still adds both the first time.
func TestImportPGNTwiceAddsNothing(t *testing.T) {
	text := "[White \"Ann\"]\n\n1. e4 e5 *\n\n[White \"Ann\"]\n\n1. e4 e5 *\n\n[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *\n"
	st, mem := newStore(t)
	first, err := st.ImportPGN(text)
	if err != nil || len(first.Added) != 3 || first.Same != 0 {
		t.Fatalf("first import: %+v, %v", first, err)
	}
	before := snapshot(t, mem)
	again, err := st.ImportPGN(text)
	if err != nil || len(again.Added) != 0 || again.Same != 3 {
		t.Fatalf("second import: %+v, %v", again, err)
	}
	if after := snapshot(t, mem); len(after) != len(before) {
		t.Errorf("the second import changed the storage: %d entries, then %d", len(before), len(after))
	}
	if got := again.String(); got != "no new game, 3 already saved." {
		t.Errorf("report %q", got)
	}
	other, err := st.ImportPGN("[White \"Bob\"]\n\n1. e4 e5 *\n\n[White \"Ann\"]\n\n1. e4 e5 2. Nf3 *\n")
	if err != nil || len(other.Added) != 2 || other.Same != 0 {
		t.Errorf("games that differ by a name or a move: %+v, %v", other, err)
	}
}

// TestLatestIsTheGameInProgress: the game to continue is the most recently saved one that
// goes on; finished games are passed over; none when every game is over.
func TestLatestIsTheGameInProgress(t *testing.T) {
	st, _ := newStore(t)
	if _, ok, err := st.Latest(); ok || err != nil {
		t.Fatalf("empty storage: %v %v", ok, err)
	}
	old, err := st.Save(WithGame(Entry{}, game(t, "1. e4 e5 *")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Save(WithGame(Entry{}, game(t, "1. f3 e5 2. g4 Qh4# 0-1"))); err != nil {
		t.Fatal(err)
	}
	it, ok, err := st.Latest()
	if err != nil || !ok || it.Entry.ID != old.ID {
		t.Errorf("Latest = %+v, %v, %v; want the game in progress %s", it.Entry, ok, err, old.ID)
	}
	newer, err := st.Save(WithGame(Entry{}, game(t, "[Variant \"marseillais\"]\n\n1. e4 e5,Nc6 *")))
	if err != nil {
		t.Fatal(err)
	}
	if it, ok, _ := st.Latest(); !ok || it.Entry.ID != newer.ID {
		t.Errorf("Latest = %+v; want the newer game %s", it.Entry, newer.ID)
	}
}
