package analysis

import (
	"net/url"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// marseillais is a share link's record: Marseillais 1.e4 e5,Nc6.
const marseillais = "AQMAAAADah4"

func openAt(t *testing.T, href string) *Screen {
	t.Helper()
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	p := &Screen{PageState: shell.NewTestApp(&store.Memory{}).PageState()}
	p.open(u)
	return p
}

func TestOpenFromEveryAddress(t *testing.T) {
	tests := []struct {
		name    string
		href    string
		variant string
		actions int
		err     string
	}{
		{"a shared game", "/analysis#g=" + marseillais, "marseillais", 3, ""},
		{"a position of a rules diagram", "/analysis?variant=dice&fen=" + url.QueryEscape("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "dice", 0, ""},
		{"an empty board", "/analysis", "orthodox", 0, ""},
		{"a damaged link", "/analysis#g=AQMAAAADa", "", 0, "cannot be analysed"},
		{"a game of the unbounded board", "/analysis#n=AQ", "", 0, "cannot be analysed"},
		{"a saved game that is not here", "/analysis?id=nope", "", 0, `no saved game "nope"`},
		{"a bad FEN", "/analysis?variant=orthodox&fen=xyz", "", 0, "start position cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := openAt(t, tt.href)
			if tt.err != "" {
				if p.game != nil || !strings.Contains(p.loadErr, tt.err) {
					t.Fatalf("loadErr = %q (game %v), want one that says %q", p.loadErr, p.game != nil, tt.err)
				}
				return
			}
			if p.game == nil {
				t.Fatalf("no game: %s", p.loadErr)
			}
			if got := p.game.Info().ID; got != tt.variant {
				t.Errorf("variant %s, want %s", got, tt.variant)
			}
			if p.game.Len() != tt.actions || p.game.Shown() != tt.actions {
				t.Errorf("%d actions, %d shown; want %d, at the last position", p.game.Len(), p.game.Shown(), tt.actions)
			}
		})
	}
}

// A ply played from an earlier position starts a side line; the game stays as it was.
func TestSideLineLeavesTheGame(t *testing.T) {
	p := openAt(t, "/analysis#g="+marseillais)
	before := p.game.Movetext()
	p.game.ViewAt(2) // after 1.e4 e5: Black's second ply
	s, err := p.playable()
	if err != nil {
		t.Fatal(err)
	}
	if eff := s.Drop(engine.G8, engine.F6); eff != session.Played {
		t.Fatalf("Ng8-f6 in the side line: effect %v", eff)
	}
	if p.line == nil || p.cur() != p.line || p.lineFrom != 2 {
		t.Fatalf("no side line from action 2 (line %v, from %d)", p.line != nil, p.lineFrom)
	}
	if got := p.line.Movetext(); !strings.Contains(got, "e5,Nf6") {
		t.Errorf("side line %q, want e5,Nf6", got)
	}
	if p.game.Movetext() != before || p.game.Len() != 3 {
		t.Errorf("the game changed: %q", p.game.Movetext())
	}
	// The side line goes on from its end, without a new branch.
	s2, err := p.playable()
	if err != nil || s2 != p.line {
		t.Fatalf("a ply at the side line's end branched again (%v)", err)
	}
	// A ply from an earlier position of the side line, before it left the game, branches
	// from there.
	p.line.ViewAt(1)
	if _, err := p.playable(); err != nil {
		t.Fatal(err)
	}
	if p.line.Len() != 1 || p.lineFrom != 1 {
		t.Errorf("branch of the side line: %d actions, from %d; want 1 and 1", p.line.Len(), p.lineFrom)
	}
}

func TestRecordAtCutsTheGame(t *testing.T) {
	p := openAt(t, "/analysis#g="+marseillais)
	r := recordAt(p.game, 1)
	if len(r.Actions) != 1 || r.End != turn.NoEnd {
		t.Errorf("recordAt(1) = %d actions, end %v", len(r.Actions), r.End)
	}
	if r := recordAt(p.game, 10); len(r.Actions) != 3 {
		t.Errorf("recordAt past the end = %d actions, want all 3", len(r.Actions))
	}
}
