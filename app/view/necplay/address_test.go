package necplay

import (
	"net/url"
	"testing"

	"github.com/plyground/plyground/app/store"
)

// FuzzOpenNECAddress opens whole addresses the way the Never-Ending Chess screen does when it
// starts on one: the repair shell.WatchAddress makes, go-app's url.Parse, then the fragment.
// None may stop the program, and an empty fragment opens no game.
func FuzzOpenNECAddress(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1:8000/nec#n=%zz&id=x",
		"http://127.0.0.1:8000/#%",
		"http://127.0.0.1:8000/nec",
		"http://127.0.0.1:8000/nec?id=abc",
		"http://127.0.0.1:8000/play#g=AQEAAAAA",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, href string) {
		fixed, _ := store.RepairAddress(href)
		u, err := url.Parse(fixed)
		if err != nil {
			t.Fatalf("%q repaired to %q, which go-app cannot parse: %v", href, fixed, err)
		}
		if _, _, err := necParseFragment(store.RawFragment(u)); err == nil && store.RawFragment(u) == "" {
			t.Fatalf("an empty NEC fragment opened a game")
		}
	})
}
