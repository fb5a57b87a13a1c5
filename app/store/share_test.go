package store

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
)

// TestLinkV1Samples opens every share link of version 1 in testdata, checked against values
// written by hand.
func TestLinkV1Samples(t *testing.T) {
	var samples []struct {
		Name, Link, ID, White, Black, Variant, Placement, Result string
		Actions                                                  int
	}
	if err := json.Unmarshal([]byte(readFile(t, "link-v1/links.json")), &samples); err != nil {
		t.Fatal(err)
	}
	if len(samples) < 5 {
		t.Fatalf("%d samples", len(samples))
	}
	for _, s := range samples {
		t.Run(s.Name, func(t *testing.T) {
			sh, err := ParseLink(s.Link)
			if err != nil {
				t.Fatal(err)
			}
			if sh.Kind != Kind8x8 || sh.ID != s.ID || sh.Players[0].Name != s.White || sh.Players[1].Name != s.Black {
				t.Errorf("id %q names %q %q, want %q %q %q", sh.ID, sh.Players[0].Name, sh.Players[1].Name, s.ID, s.White, s.Black)
			}
			g := sh.Game
			if g.Variant().ID() != s.Variant || g.Len() != s.Actions || placement(g) != s.Placement {
				t.Errorf("game %s %d %s, want %s %d %s", g.Variant().ID(), g.Len(), placement(g), s.Variant, s.Actions, s.Placement)
			}
			if s.Result != "" && ResultOf(g) != s.Result {
				t.Errorf("result %s, want %s", ResultOf(g), s.Result)
			}
		})
	}
}

func TestFragmentRoundTrip(t *testing.T) {
	g := game(t, "[Variant \"sdm\"]\n\n1. e4 e5 2. {spend} Nf3 Nc6 Bc5 *")
	e := WithGame(Entry{ID: "abc_123", Players: []Player{{"Ann & Bob", 0}, {"Zoë #1", 3}}}, g)
	frag := Fragment(e)
	if !strings.HasPrefix(frag, "g="+e.Record+"&id=abc_123&w=") || strings.Count(frag, "#") != 0 {
		t.Errorf("fragment %q", frag)
	}
	sh, err := ParseFragment(frag)
	if err != nil {
		t.Fatal(err)
	}
	if sh.ID != e.ID || sh.Players[0].Name != "Ann & Bob" || sh.Players[1].Name != "Zoë #1" || sh.Players[1].Level != 0 ||
		sh.Record != e.Record || Compare(sh.Game, g) != Same {
		t.Errorf("parsed %+v", sh)
	}
	// Without ID and names.
	frag = Fragment(WithGame(Entry{}, g))
	if frag != "g="+g.Encode() {
		t.Errorf("bare fragment %q", frag)
	}
	// A Never-Ending Chess game: its record under n=, its names inside the record.
	nec := necEntry(t, "nec_1", "")
	frag = Fragment(nec)
	if frag != "n="+nec.Record+"&id=nec_1" {
		t.Errorf("Never-Ending Chess fragment %q", frag)
	}
	sh, err = ParseFragment(frag)
	if err != nil || sh.Kind != KindNEC || sh.Record != nec.Record || sh.ID != "nec_1" || sh.Game != nil {
		t.Errorf("parsed %+v, %v", sh, err)
	}
}

// TestNamesSurviveLinks sends names of every sort of Unicode text, up to the longest, through
// a share link: they come back unchanged (spaces around them included).
func TestNamesSurviveLinks(t *testing.T) {
	g := game(t, "1. e4 *")
	names := []string{
		"  Ann  ", "\tTab", strings.Repeat("𝄞", maxName), strings.Repeat("ǅ", maxName), "a\u0000b", "line\nbreak",
		"\u2028\u2029", "\ufeffBOM", "🏳️‍🌈 family 👨‍👩‍👧", "%41", "&w=x", "#b=y", "+ +", "e\u0301", "\U0010FFFF",
	}
	st, _ := newStore(t)
	for _, name := range names {
		e := WithGame(Entry{ID: "x", Players: []Player{{Name: name}, {Name: name}}}, g)
		sh, err := ParseLink("https://example.com/play#" + Fragment(e))
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if sh.Players[0].Name != name || sh.Players[1].Name != name {
			t.Errorf("%q came back as %q and %q", name, sh.Players[0].Name, sh.Players[1].Name)
		}
		// The address bar, as the game screen writes it and reads it after a reload.
		bar := WithFragment(url.URL{Scheme: "https", Host: "example.com", Path: "/play"}, Fragment(e))
		u, err := url.Parse(bar.String())
		if err == nil {
			sh, err = ParseFragment(RawFragment(u))
		}
		if err != nil || sh.Players[0].Name != name {
			t.Errorf("%q: reloaded as %q, %v", name, sh.Players[0].Name, err)
		}
		// Saved, exported and imported elsewhere.
		e.ID = ""
		e.Title = name
		if _, err := st.Save(e); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	data, err := st.Export()
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := newStore(t)
	if rep, err := fresh.Import(data); err != nil || len(rep.Added) != len(names) {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	items, _ := fresh.List()
	seen := map[string]bool{}
	for _, it := range items {
		if it.Err != nil || it.Entry.Player(0).Name != it.Entry.Title || it.Entry.Player(1).Name != it.Entry.Title {
			t.Errorf("imported %+v, %v", it.Entry, it.Err)
		}
		seen[it.Entry.Title] = true
	}
	for _, name := range names {
		if !seen[name] {
			t.Errorf("%q did not come back from the export", name)
		}
	}
	// A name longer than the limit is refused, not cut.
	e := WithGame(Entry{Players: []Player{{Name: strings.Repeat("x", maxName+1)}, {}}}, g)
	if _, err := ParseFragment(Fragment(e)); !errors.Is(err, ErrLink) {
		t.Errorf("too long a name: %v", err)
	}
}

// TestParseFragmentErrors checks damaged links: each gives ErrLink with a message saying
// what is wrong. The cases are whole fragments as they follow the "#" of an address.
func TestParseFragmentErrors(t *testing.T) {
	good := game(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *").Encode()
	tests := []struct {
		name, fragment, says string
	}{
		{"empty", "", "carries no game"},
		{"no g", "id=abc", "carries no game"},
		{"empty g", "g=&id=abc", "empty"},
		{"bare g", "g", "empty"},
		{"not a link", "garbage", "carries no game"},
		{"capital G", "G=" + good, "G= where"},
		{"key after two # signs", "%23g=" + good, "two # signs"},
		{"two # signs", "#g=" + good, "two # signs"},
		{"cut off", "g=" + good[:len(good)-3], "damaged"},
		{"changed character", "g=" + good[:8] + "!" + good[9:], "damaged"},
		{"not base64", "g=hello world", "damaged"},
		{"unknown record version", "g=CQEAAAADaho", "damaged"},
		{"newer link", "v=2&g=" + good, "newer version"},
		{"bad link version", "v=x&g=" + good, "link version"},
		{"bad escape", "g=" + good + "&w=%zz", "damaged"},
		{"escape cut off", "g=" + good + "&w=50%", "damaged"},
		{"bad id", "g=" + good + "&id=a/b", "damaged"},
		{"too long", "g=" + strings.Repeat("A", maxLink+1), "characters long"},
		{"long bad id", "g=" + good + "&id=" + strings.Repeat("é", 3000), `id "éééééééééééééééééééééééé"…`},
		{"long bad link version", "v=" + strings.Repeat("9x", 3000) + "&g=" + good, `link version "9x9x9x9x9x9x9x9x9x9x9x9x"…`},
		{"long bad escape", "g=" + good + "&w=" + strings.Repeat("%zz", 3000), `"%zz"`},
		{"two games", "g=" + good + "&n=1abc", "two games"},
		{"capital N", "N=1abc", "N= where"},
		{"empty n", "n=&id=x", "(n=) is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFragment(tt.fragment)
			if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("err = %.300v, want ErrLink saying %q", err, tt.says)
			}
			// The message quotes at most a short part of the link.
			if err != nil && len(err.Error()) > 300 {
				t.Errorf("%d characters of error", len(err.Error()))
			}
		})
	}
	if _, err := ParseLink("https://example.com/play"); !errors.Is(err, ErrLink) {
		t.Errorf("link without fragment: %v", err)
	}
}

func FuzzParseFragment(f *testing.F) {
	f.Add("g=AQEAAAADaho&id=k2x7mq4pzr5tbw3a&w=Ann&b=Bob")
	f.Add("#g=AQMAAAAFah7TAA")
	f.Add("v=1&g=AQEAAAAEch8Q")
	f.Add("g=AQQAAAAEBaAg&w=%C3%A9")
	f.Add("g=AQ")
	f.Add("n=1NMrRavIwGIfx&id=abc")
	f.Fuzz(func(t *testing.T, frag string) {
		sh, err := ParseFragment(frag)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("error %v does not wrap ErrLink", err)
			}
			if len(err.Error()) > 2000 {
				t.Fatalf("%d characters of error", len(err.Error()))
			}
			return
		}
		// A link that opens writes back to a link that opens the same game.
		e := Entry{Kind: sh.Kind, ID: sh.ID, Players: sh.Players[:], Record: sh.Record}
		if sh.Kind == Kind8x8 {
			e.Record = sh.Game.Encode()
		}
		again, err := ParseFragment(Fragment(e))
		if err != nil {
			t.Fatalf("%q opens but its rewrite %q does not: %v", frag, Fragment(e), err)
		}
		if again.Kind != sh.Kind || again.Record != e.Record || again.ID != sh.ID || again.Players != sh.Players {
			t.Fatalf("rewrite of %q differs", frag)
		}
	})
}
