package play

import (
	"net/url"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
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
	p := &Screen{PageState: shell.NewTestApp(&store.Memory{}).PageState(), settings: shell.DefaultSettings()}
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

// TestScreenPlays: on the screen's board a press on e2 picks up the pawn (marked, its
// targets dotted) and a press on e4 asks the screen for e2-e4, which it plays; the board then
// marks the move and slides it, and the list shows it.
func TestScreenPlays(t *testing.T) {
	p := openScreen(t, "http://h/play?variant=orthodox")
	cfg := p.boardConfig()
	st := board.NewState()
	st.Update(&cfg)
	if a := st.Press(&cfg, engine.E2); a.Want != board.WantNothing {
		t.Fatalf("press e2 asks %+v", a)
	}
	if m := st.Marks(&cfg); m[engine.E2]&board.MarkSelected == 0 || m[engine.E4]&board.MarkTarget == 0 {
		t.Error("the picked-up pawn is not marked, or its target e4 not dotted")
	}
	a := st.Press(&cfg, engine.E4)
	if a.Want != board.WantMove || a.Ply != (board.Ply{From: engine.E2, To: engine.E4}) {
		t.Fatalf("press e4 asks %+v, want the move e2-e4", a)
	}
	if eff := p.s.Drop(a.Ply.From, a.Ply.To); eff != session.Played {
		t.Fatalf("e2-e4: %v", eff)
	}
	p.setSlide()
	got := draw(t, p)
	for _, want := range []string{"e4", "last-move", "slide-"} {
		if !strings.Contains(got, want) {
			t.Errorf("after e2-e4 the screen does not say %q", want)
		}
	}
}

// TestScreenBoardWhoMoves: the screen's board lets the person to move pick up pieces; against
// the computer, while it thinks, the person's pieces may be premoved (on by default, off with
// the setting), and an earlier position shown asks to go back to the game.
func TestScreenBoardWhoMoves(t *testing.T) {
	p := openScreen(t, "http://h/play?variant=orthodox&mode=computer&color=black")
	cfg := p.boardConfig()
	if cfg.Dests != nil || cfg.Premoves == nil || !cfg.Premoves[engine.E7].Has(engine.E5) {
		t.Errorf("the computer (White) to move: dests %v, premoves of e7 %v", cfg.Dests, cfg.Premoves[engine.E7])
	}
	p.settings.NoPremoves = true
	if cfg := p.boardConfig(); cfg.Premoves != nil {
		t.Error("premoves offered with the setting off")
	}
	two := openScreen(t, "http://h/play?variant=orthodox")
	cfg = two.boardConfig()
	if cfg.Premoves != nil || !cfg.Dests[engine.G1].Has(engine.F3) || cfg.Turn != engine.White {
		t.Errorf("two people, White to move: dests %v, premoves %v", cfg.Dests, cfg.Premoves)
	}
	if eff := two.s.Drop(engine.E2, engine.E4); eff != session.Played {
		t.Fatal(eff)
	}
	two.s.ViewAt(0)
	if cfg := two.boardConfig(); !cfg.Viewing || cfg.Dests != nil {
		t.Errorf("an earlier position: viewing %v, dests %v", cfg.Viewing, cfg.Dests)
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
