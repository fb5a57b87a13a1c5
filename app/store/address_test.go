package store

import (
	"net/url"
	"strings"
	"testing"
)

// TestRepairAddress checks the addresses players meet with a damaged link: each parses after
// the repair, and only a damaged one changes.
func TestRepairAddress(t *testing.T) {
	const host = "http://127.0.0.1:8000"
	tests := []struct {
		name, href, want string
		changed          bool
	}{
		{"good game link", host + "/play#g=AQEAAAAA&w=Ann", host + "/play#g=AQEAAAAA&w=Ann", false},
		{"good escapes", host + "/play#g=AQ&w=Tom+%26+Jerry", host + "/play#g=AQ&w=Tom+%26+Jerry", false},
		{"bad escape in a game link", host + "/play#g=%zz", host + "/play#g=%25zz", true},
		{"lone percent at home", host + "/#%", host + "/#%25", true},
		{"lone percent on saved games", host + "/saved#%", host + "/saved#%25", true},
		{"bad escape in an NEC link", host + "/nec#n=%zz", host + "/nec#n=%25zz", true},
		{"name cut inside an escape", host + "/play#g=AQEAAAAA&w=50%", host + "/play#g=AQEAAAAA&w=50%25", true},
		{"escape cut after one digit", host + "/play#g=AQ&w=Ann%2", host + "/play#g=AQ&w=Ann%252", true},
		{"bad escape in the path", host + "/pl%zzay", host + "/pl%25zzay", true},
		{"bad escape in the query", host + "/play?variant=%zz", host + "/play?variant=%zz", false},
		{"no origin", "%zz", "%25zz", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, changed := RepairAddress(tt.href)
			if got != tt.want || changed != tt.changed {
				t.Errorf("RepairAddress(%q) = %q, %v; want %q, %v", tt.href, got, changed, tt.want, tt.changed)
			}
			if _, err := url.Parse(got); err != nil {
				t.Errorf("repaired address %q does not parse: %v", got, err)
			}
		})
	}
}

// TestLinkNamesReadOnce checks that a name of any text survives a share link and the address
// bar unchanged: the link's fragment is escaped once and read once (issue: names with "%",
// ";", "&" or "+" were decoded twice).
func TestLinkNamesReadOnce(t *testing.T) {
	g := game(t, "1. e4 e5 *")
	names := []string{"50% Ann", "Ann;Bob", "Tom & Jerry", "C++ fan", "a=b", "Zoë #1", "日本 チェス", "%zz", "100%25", "+", "x\u00a0y"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			e := Entry{ID: "abc_123", Kind: Kind8x8, Players: []Player{{Name: name}, {Name: "Bob"}}, Record: g.Encode()}
			// As the share dialog writes it and a player opens it.
			link := "https://example.com/play#" + Fragment(e)
			u, err := url.Parse(link)
			if err != nil {
				t.Fatal(err)
			}
			sh, err := ParseFragment(RawFragment(u))
			if err != nil {
				t.Fatalf("%s: %v", link, err)
			}
			if sh.Players[0].Name != name {
				t.Errorf("link %s gives name %q", link, sh.Players[0].Name)
			}
			// As the game screen puts it in the address bar and reads it after a reload.
			bar := WithFragment(url.URL{Scheme: "https", Host: "example.com", Path: "/play"}, Fragment(e))
			again, err := url.Parse(bar.String())
			if err != nil {
				t.Fatal(err)
			}
			sh, err = ParseFragment(RawFragment(again))
			if err != nil {
				t.Fatalf("%s: %v", bar.String(), err)
			}
			if sh.Players[0].Name != name {
				t.Errorf("address bar %s gives name %q", bar.String(), sh.Players[0].Name)
			}
			if strings.Contains(bar.String(), "%25") && !strings.Contains(name, "%") {
				t.Errorf("address bar %s escapes the link twice", bar.String())
			}
		})
	}
}

// FuzzRepairAddress checks that every address parses after the repair, and that an address
// that parsed is left as it was.
func FuzzRepairAddress(f *testing.F) {
	f.Add("http://127.0.0.1:8000/play#g=%zz")
	f.Add("http://h/#%")
	f.Add("http://h/pl%zay?x=%#a%")
	f.Fuzz(func(t *testing.T, href string) {
		fixed, changed := RepairAddress(href)
		if _, err := url.Parse(fixed); err != nil {
			t.Fatalf("RepairAddress(%q) = %q, which does not parse: %v", href, fixed, err)
		}
		if _, err := url.Parse(href); err == nil && (changed || fixed != href) {
			t.Fatalf("RepairAddress changed %q, which parses, to %q", href, fixed)
		}
	})
}
