package shell

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/store"
)

// framed is a page that draws only its frame, for the tests of Page.
type framed struct {
	app.Compo
	PageState
	active string
}

func (f *framed) Render() app.UI { return f.Frame(f.active, app.Main().Text("body")) }

// TestFrame: every page's frame has the app's name, the navigation with the active entry
// marked, the update banner's slot and the page's main element, and says whether the running
// program drew it; the navigation count starts at 0 (the host is not the running program,
// which alone counts).
func TestFrame(t *testing.T) {
	a := NewTestApp(&store.Memory{})
	for _, active := range []string{"", "new", "saved", "rules", "settings", "about"} {
		f := &framed{PageState: a.PageState(), active: active}
		if active == "saved" {
			f.SetLive()
		}
		e := app.NewTestEngine()
		if err := e.Load(f); err != nil {
			t.Fatal(err)
		}
		e.ConsumeAll()
		var b strings.Builder
		app.PrintHTML(&b, f)
		got := b.String()
		for _, want := range []string{AppName, "update-slot", "<main", `href="/saved"`, `data-nav="0"`} {
			if !strings.Contains(got, want) {
				t.Errorf("%q: the frame does not say %q", active, want)
			}
		}
		if active != "" && !strings.Contains(got, `aria-current="page"`) {
			t.Errorf("%q: no navigation entry is marked", active)
		}
		if live := !strings.Contains(got, `data-live="false"`); live != f.Live() {
			t.Errorf("%q: data-live %v, want %v", active, live, f.Live())
		}
	}
}

// TestGameBusy: the update banner waits while a game is in progress on a mounted game
// screen, and only then.
func TestGameBusy(t *testing.T) {
	a := NewTestApp(&store.Memory{})
	if a.gameBusy() {
		t.Error("busy before any game screen")
	}
	for _, g := range []fakeGame{{false, false}, {true, false}, {false, true}, {true, true}} {
		a.Showing(g)
		if got, want := a.gameBusy(), g.mounted && g.inGame; got != want {
			t.Errorf("%+v: busy %v, want %v", g, got, want)
		}
	}
}

type fakeGame struct{ mounted, inGame bool }

func (g fakeGame) Mounted() bool { return g.mounted }
func (g fakeGame) InGame() bool  { return g.inGame }
