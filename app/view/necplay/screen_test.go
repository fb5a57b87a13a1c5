package necplay

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
)

// html draws the component c as go-app does and returns its HTML.
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

// TestNewGameForm: the new-game form starts at two seats, a person and a bot; its game is
// what the form says, and a bad limit is refused with a reason.
func TestNewGameForm(t *testing.T) {
	n := &NewGame{PageState: shell.NewTestApp(&store.Memory{}).PageState()}
	n.defaults()
	n.list()
	got := html(t, n)
	for _, want := range []string{`data-seat-row="0"`, `data-seat-row="1"`, `data-action="start"`} {
		if !strings.Contains(got, want) {
			t.Errorf("the form does not say %s", want)
		}
	}
	c, err := n.config()
	if err != nil || len(c.Seats) != n.players {
		t.Fatalf("config: %+v, %v", c, err)
	}
	n.end, n.updates = "updates", 0
	if _, err := n.config(); err == nil {
		t.Error("0 updates accepted")
	}
	n.end, n.score = "score", 0
	if _, err := n.config(); err == nil {
		t.Error("a score of 0 accepted")
	}
}

// TestSavedListDraws: the new-game screen lists the saved games, newest first, with Open and
// Delete.
func TestSavedListDraws(t *testing.T) {
	a := shell.NewTestApp(&store.Memory{})
	n := &NewGame{PageState: a.PageState()}
	n.defaults()
	c, err := n.config()
	if err != nil {
		t.Fatal(err)
	}
	g, err := necgame.New(c)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := a.Store()
	p := &Screen{PageState: a.PageState(), g: g}
	e := p.necEntry()
	if _, err := st.Save(e); err != nil {
		t.Fatal(err)
	}
	n.list()
	if len(n.saved) != 1 {
		t.Fatalf("%d saved games listed, want 1 (%s)", len(n.saved), n.listErr)
	}
	if got := html(t, n); !strings.Contains(got, "nec-saved-list") || !strings.Contains(got, "Open") {
		t.Errorf("the saved game is not listed")
	}
}

// TestScreenDrawsTheGame: the game screen draws a new game: the board, the seats and the
// panel of the phase.
func TestScreenDrawsTheGame(t *testing.T) {
	a := shell.NewTestApp(&store.Memory{})
	n := &NewGame{PageState: a.PageState()}
	n.defaults()
	c, _ := n.config()
	g, err := necgame.New(c)
	if err != nil {
		t.Fatal(err)
	}
	p := &Screen{PageState: a.PageState(), g: g}
	p.reset()
	p.g = g
	got := html(t, p)
	for _, want := range []string{"nec-play", "data-phase="} {
		if !strings.Contains(got, want) {
			t.Errorf("the game screen does not say %s", want)
		}
	}
	empty := &Screen{PageState: a.PageState()}
	if got := html(t, empty); !strings.Contains(got, "nec-empty") {
		t.Error("the screen without a game does not offer a new one")
	}
}
