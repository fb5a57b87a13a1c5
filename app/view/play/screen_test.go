package play

import (
	"net/url"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
)

// openScreen opens the game screen on the address href, as the page does, over an empty
// store.
func openScreen(t *testing.T, href string) *Screen {
	t.Helper()
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	p := &Screen{PageState: shell.NewTestApp(&store.Memory{}).PageState()}
	p.open(u)
	return p
}

// html draws the component c anew, as go-app would after a change, and returns its HTML.
func html(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	var b strings.Builder
	app.PrintHTML(&b, c)
	return b.String()
}

// draw draws the game screen anew (a copy of it, since go-app mounts a component once).
func draw(t *testing.T, p *Screen) string {
	t.Helper()
	q := *p
	q.Compo = app.Compo{}
	return html(t, &q)
}

// TestScreenDrawsTheGame: the game screen draws the game the address asks for, its board from
// the side asked, the player bars and the move list, and after two plies the move in the list
// and its squares marked as the last move.
func TestScreenDrawsTheGame(t *testing.T) {
	tests := []struct {
		name, href string
		says       []string
	}{
		{"orthodox", "http://h/play?variant=orthodox", []string{`data-orientation="white"`, `data-square="e2"`, "White to move"}},
		{"from black", "http://h/play?variant=orthodox&color=black&mode=computer", []string{`data-orientation="black"`}},
		{"dice variant", "http://h/play?variant=sdm", []string{`data-variant="sdm"`}},
	}
	for _, tt := range tests {
		p := openScreen(t, tt.href)
		if p.loadErr != "" || p.s == nil {
			t.Fatalf("%s: no game: %q", tt.name, p.loadErr)
		}
		got := draw(t, p)
		for _, want := range tt.says {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the screen does not say %s", tt.name, want)
			}
		}
	}
}

// TestScreenPlays: clicks on e2 then e4 play the move; the board marks it, the list shows
// it, and the screen keeps the game for storage.
func TestScreenPlays(t *testing.T) {
	p := openScreen(t, "http://h/play?variant=orthodox")
	if eff := p.s.Click(engine.E2); eff != session.Selected {
		t.Fatalf("click e2: %v", eff)
	}
	if got := draw(t, p); !strings.Contains(got, "selected") {
		t.Error("the picked-up pawn is not marked")
	}
	if eff := p.s.Click(engine.E4); eff != session.Played {
		t.Fatalf("click e4: %v", eff)
	}
	p.setSlide()
	got := draw(t, p)
	for _, want := range []string{"e4", "last-move", "slide-"} {
		if !strings.Contains(got, want) {
			t.Errorf("after e2-e4 the screen does not say %q", want)
		}
	}
}

// TestScreenSaysWhyNot: an address that describes no game draws the reason and a way out.
func TestScreenSaysWhyNot(t *testing.T) {
	p := openScreen(t, "http://h/play?variant=nosuch")
	got := draw(t, p)
	if p.s != nil || !strings.Contains(got, "does not describe a game") || !strings.Contains(got, `href="/new"`) {
		t.Errorf("bad address: %q", got)
	}
}

// TestNewGameDraws: the new-game screen draws its form from the address.
func TestNewGameDraws(t *testing.T) {
	n := &NewGame{PageState: shell.NewTestApp(&store.Memory{}).PageState()}
	u, _ := url.Parse("http://h/new?variant=sdm&mode=computer&level=3")
	n.fill(u.Query())
	got := html(t, n)
	for _, want := range []string{`data-variant="sdm"`, `data-action="start"`, "Rules of"} {
		if !strings.Contains(got, want) {
			t.Errorf("the new-game form does not say %q", want)
		}
	}
	if q := n.query(); q.Variant != "sdm" || q.Level != 3 {
		t.Errorf("the form's game: %+v", q)
	}
}
