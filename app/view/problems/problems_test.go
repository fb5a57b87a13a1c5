package problems

import (
	"net/url"
	"strings"
	"testing"

	core "github.com/plyground/plyground/app/problems"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
)

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

func TestOpenProblem(t *testing.T) {
	pr, _ := core.Find("scottish-3-1")
	tests := []struct {
		name, href, id, err string
	}{
		{"the collection", "/problems", "", ""},
		{"a problem of the collection", "/problems?id=italian-2-1", "italian-2-1", ""},
		{"a link to a problem of the collection", "/problems#p=" + core.Link(pr), "scottish-3-1", ""},
		{"a link to a position", "/problems#p=" + core.Link(core.Problem{Rules: "progressive-italian", FEN: pr.FEN}), "", ""},
		{"an unknown problem", "/problems?id=nope", "", `no problem "nope"`},
		{"a damaged link", "/problems#p=AQ", "", "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := openAt(t, tt.href)
			if tt.err != "" {
				if p.prob != nil || !strings.Contains(p.loadErr, tt.err) {
					t.Fatalf("loadErr = %q, want one that says %q", p.loadErr, tt.err)
				}
				return
			}
			if p.loadErr != "" {
				t.Fatal(p.loadErr)
			}
			if tt.href == "/problems" {
				if p.prob != nil {
					t.Error("the collection opened a problem")
				}
				return
			}
			if p.prob == nil || p.prob.ID != tt.id || p.s == nil {
				t.Fatalf("problem %+v, want %q on a board", p.prob, tt.id)
			}
		})
	}
}

// P1, P9: the player's series is judged ply by ply; a series that mates solves the problem,
// one that does not fails at its ply, and input stops there.
func TestP1_SeriesJudgedPlyByPly(t *testing.T) {
	tests := []struct {
		name   string
		plies  [][2]engine.Square
		solved bool
		failAt int
	}{
		{"the solution", [][2]engine.Square{{engine.E6, engine.E3}, {engine.E3, engine.H3}}, true, 0},
		{"a series without mate", [][2]engine.Square{{engine.E6, engine.E5}, {engine.E5, engine.E1}}, false, 2},
		{"unfinished", [][2]engine.Square{{engine.E6, engine.E3}}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := openAt(t, "/problems?id=italian-2-1")
			for _, pl := range tt.plies {
				p.after(p.s.Drop(pl[0], pl[1]))
			}
			if p.verdict.Solved != tt.solved || p.verdict.Ply != tt.failAt {
				t.Errorf("verdict %+v, want solved %v, failing ply %d", p.verdict, tt.solved, tt.failAt)
			}
			if got := p.finished(); got != (tt.solved || tt.failAt > 0) {
				t.Errorf("finished = %v", got)
			}
		})
	}
}
