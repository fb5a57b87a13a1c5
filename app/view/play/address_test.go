package play

import (
	"net/url"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
)

// openAddress reads href as the page does when it starts on it: the repair WatchAddress
// makes, go-app's url.Parse, then what the game screen reads of the address (its query and
// fragment). It returns the game screen's message.
func openAddress(t testing.TB, href string) (msg string) {
	t.Helper()
	fixed, _ := store.RepairAddress(href)
	u, err := url.Parse(fixed)
	if err != nil {
		t.Fatalf("%q repaired to %q, which go-app cannot parse: %v", href, fixed, err)
	}
	p := &Screen{PageState: shell.NewTestApp(&store.Memory{}).PageState()}
	p.open(u)
	return p.loadErr
}

// TestDamagedAddressSaysWhy checks the damaged game links players meet (cut off inside an
// escape, a mistyped key, a doubled #): each gives the game screen a message saying what is
// wrong, instead of stopping the app or opening a new game without a word.
func TestDamagedAddressSaysWhy(t *testing.T) {
	const host = "http://127.0.0.1:8000"
	tests := []struct{ name, href, says string }{
		{"bad escape", host + "/play#g=%zz", "damaged"},
		{"not a link", host + "/play#garbage", "no game"},
		{"capital G", host + "/play#G=AQEAAAAA", "G= where"},
		{"two # signs", host + "/play##g=AQEAAAAA", "two # signs"},
		{"bare g", host + "/play#g", "empty"},
		{"cut record", host + "/play#g=AQEAAA", "damaged"},
		{"bad escape in the query", host + "/play?variant=sdm&level=%z", "damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := openAddress(t, tt.href)
			if !strings.Contains(msg, tt.says) {
				t.Errorf("%s: message %q, want one saying %q", tt.href, msg, tt.says)
			}
		})
	}
	// A plain new-game address has nothing to say.
	if msg := openAddress(t, host+"/play?variant=orthodox"); msg != "" {
		t.Errorf("new game: message %q", msg)
	}
}

// FuzzOpenAddress opens whole addresses (path, query and fragment as the browser gives them)
// the way the page does: none may stop the program.
func FuzzOpenAddress(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1:8000/play#g=%zz",
		"http://127.0.0.1:8000/#%",
		"http://127.0.0.1:8000/nec#n=%zz&id=x",
		"http://127.0.0.1:8000/play#g=AQEAAAAA&w=50%",
		"http://127.0.0.1:8000/play?variant=sdm&mode=ai&level=9#g",
		"http://127.0.0.1:8000/play?id=abc",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, href string) {
		openAddress(t, href)
	})
}
