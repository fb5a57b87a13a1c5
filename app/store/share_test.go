package store

import (
	"encoding/json"
	"errors"
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
			if sh.ID != s.ID || sh.Players[0].Name != s.White || sh.Players[1].Name != s.Black {
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
	e := Entry{ID: "abc_123", Players: [2]Player{{"Ann & Bob", 0}, {"Zoë #1", 3}}, Record: g.Encode()}
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
	frag = Fragment(Entry{Record: g.Encode()})
	if frag != "g="+g.Encode() {
		t.Errorf("bare fragment %q", frag)
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFragment(tt.fragment)
			if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("err = %v, want ErrLink saying %q", err, tt.says)
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
	f.Fuzz(func(t *testing.T, frag string) {
		sh, err := ParseFragment(frag)
		if err != nil {
			if !errors.Is(err, ErrLink) {
				t.Fatalf("error %v does not wrap ErrLink", err)
			}
			return
		}
		// A link that opens writes back to a link that opens the same game.
		e := Entry{ID: sh.ID, Players: sh.Players, Record: sh.Game.Encode()}
		again, err := ParseFragment(Fragment(e))
		if err != nil {
			t.Fatalf("%q opens but its rewrite %q does not: %v", frag, Fragment(e), err)
		}
		if Compare(again.Game, sh.Game) != Same || again.ID != sh.ID || again.Players != sh.Players {
			t.Fatalf("rewrite of %q differs", frag)
		}
	})
}
