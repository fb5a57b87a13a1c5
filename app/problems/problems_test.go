package problems

import (
	"encoding/base64"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/turn"
)

// verifyNodes bounds the enumeration of one problem's series in the tests.
const verifyNodes = 200_000

// TestCollection: at least 30 problems, both rule sets, every length from 2 to 9, IDs
// unique, every stipulation a series start with nobody in check.
func TestCollection(t *testing.T) {
	ps := Collection()
	if len(ps) < 30 {
		t.Fatalf("%d problems, want at least 30", len(ps))
	}
	ids := map[string]bool{}
	lengths := map[string]map[int]bool{}
	for _, p := range ps {
		if ids[p.ID] {
			t.Errorf("ID %s twice", p.ID)
		}
		ids[p.ID] = true
		v, s, err := p.Open()
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if s.Ply() != 0 || s.InCheck() || s.OpponentInCheck() || len(p.Solutions) == 0 {
			t.Errorf("%s: not a series start with nobody in check, or no solution", p.ID)
		}
		if lengths[v.ID()] == nil {
			lengths[v.ID()] = map[int]bool{}
		}
		lengths[v.ID()][s.Plies()] = true
	}
	for _, id := range []string{"progressive-italian", "progressive-scottish"} {
		for n := 2; n <= 9; n++ {
			if !lengths[id][n] {
				t.Errorf("no %s problem of %d plies", id, n)
			}
		}
	}
}

// TestP1_EveryProblemVerified: for every problem, the enumeration of every series finds
// exactly the stated solutions (one series per final position), each stated solution checks
// as solved, exactly, and the series-mate solver (search.SolveSeries) finds a mate that is
// one of them.
func TestP1_EveryProblemVerified(t *testing.T) {
	for _, p := range Collection() {
		t.Run(p.ID, func(t *testing.T) {
			v, s, err := p.Open()
			if err != nil {
				t.Fatal(err)
			}
			found, _, err := Solutions(v, s, verifyNodes)
			if err != nil {
				t.Fatal(err)
			}
			if len(found) != len(p.Solutions) {
				var texts []string
				for _, f := range found {
					texts = append(texts, seriesText(v, s, f))
				}
				t.Fatalf("%d solutions stated, the enumeration finds %d: %s", len(p.Solutions), len(found), strings.Join(texts, "; "))
			}
			seen := map[int]bool{}
			for _, f := range found {
				vd, err := p.Check(f)
				if err != nil || !vd.Solved || vd.Solution < 0 {
					t.Fatalf("found %s: verdict %+v, %v", seriesText(v, s, f), vd, err)
				}
				seen[vd.Solution] = true
			}
			if len(seen) != len(p.Solutions) {
				t.Errorf("the enumeration reaches %d of the %d stated solutions", len(seen), len(p.Solutions))
			}
			for i, text := range p.Solutions {
				vd, err := p.CheckText(text)
				if err != nil || !vd.Solved || vd.Solution != i || !vd.Exact {
					t.Errorf("solution %d %q: verdict %+v, %v", i+1, text, vd, err)
				}
			}
			r := search.SolveSeries[turn.State, turn.Action](turn.NewSearchGame(v), s, search.Budget{Nodes: verifyNodes})
			if !r.Mate {
				t.Fatalf("the solver finds no mate (%d nodes)", r.Nodes)
			}
			if vd, err := p.Check(r.Actions); err != nil || !vd.Solved || vd.Solution < 0 {
				t.Errorf("the solver's series %s: %+v, %v", seriesText(v, s, r.Actions), vd, err)
			}
		})
	}
}

// TestCheckVerdicts: the checker says which ply fails and why.
func TestCheckVerdicts(t *testing.T) {
	custom := Problem{ID: "miniature", Rules: "progressive-italian",
		FEN: "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", Solutions: []string{"Bc4 Qh5 Qxf7#"}}
	scot := Problem{ID: "scottish-miniature", Rules: "progressive-scottish", FEN: custom.FEN, Solutions: custom.Solutions}
	for _, c := range []struct {
		name   string
		p      Problem
		series string
		solved bool
		ply    int
		reason string
	}{
		{"the solution", custom, "Bc4 Qh5 Qxf7#", true, 0, ""},
		{"the solution with its number", custom, "3.Bc4 Qh5 Qxf7", true, 0, ""},
		{"another order", custom, "Qh5 Bc4 Qxf7#", true, 0, ""},
		{"unfinished", custom, "Bc4 Qh5", false, 0, "1 to go"},
		{"an illegal ply", custom, "Bc4 Qh6", false, 2, "not a legal ply"},
		{"Italian: check before the last ply (P4)", custom, "Bc4 Bxf7", false, 2, "P4"},
		{"no mate at the end", custom, "Bc4 Qh5 d3", false, 3, "without mate"},
		{"Scottish: a check ends the series (P3)", scot, "Bc4 Bxf7+ Qh5", false, 3, "series is over"},
	} {
		t.Run(c.name, func(t *testing.T) {
			vd, err := c.p.CheckText(c.series)
			if err != nil {
				t.Fatal(err)
			}
			if vd.Solved != c.solved || vd.Ply != c.ply || !strings.Contains(vd.Reason, c.reason) {
				t.Errorf("%q: %+v, want solved %v at ply %d with %q", c.series, vd, c.solved, c.ply, c.reason)
			}
			if c.solved && (vd.Solution != 0 || vd.Exact != (c.name == "the solution" || c.name == "the solution with its number")) {
				t.Errorf("%q: solution %d, exact %v", c.series, vd.Solution, vd.Exact)
			}
		})
	}
}

// TestSolveReportsProgress: "solve this position" reports its rounds and finds the mate of
// a collection problem; an exhausted budget says so.
func TestSolveReportsProgress(t *testing.T) {
	p := Collection()[len(Collection())/2]
	v, s, err := p.Open()
	if err != nil {
		t.Fatal(err)
	}
	var last int64
	calls := 0
	a, err := Solve(v, s, SolveOptions{Nodes: 1_000_000, Progress: func(nodes, budget int64) {
		calls++
		if nodes < last || budget != 1_000_000 {
			t.Errorf("progress %d of %d after %d", nodes, budget, last)
		}
		last = nodes
	}})
	if err != nil || !a.Mate || calls == 0 {
		t.Fatalf("%s: %+v, %v, %d calls", p.ID, a, err, calls)
	}
	if vd, _ := p.Check(a.Series); !vd.Solved {
		t.Errorf("%s: the solver's %s does not solve: %+v", p.ID, a.Text, vd)
	}
	if !strings.HasPrefix(a.Text, "") || !strings.Contains(a.Summary(s), "mates") {
		t.Errorf("summary %q", a.Summary(s))
	}
	var stop atomic.Bool
	stop.Store(true)
	a, err = Solve(v, s, SolveOptions{Nodes: 1_000_000, Stop: &stop})
	if err != nil || a.Proved {
		t.Errorf("stopped: %+v, %v", a, err)
	}
}

// TestSolveProvesNoMate: the solver proves that a lone king cannot be mated.
func TestSolveProvesNoMate(t *testing.T) {
	p := Problem{Rules: "progressive-italian", FEN: "7k/8/8/8/8/8/8/K5R1 w - - 0 2"}
	v, s, err := p.Open()
	if err != nil {
		t.Fatal(err)
	}
	a, err := Solve(v, s, SolveOptions{Nodes: 100_000})
	if err != nil || !a.Proved || a.Mate {
		t.Errorf("%+v, %v: want a proof that no series of 2 mates", a, err)
	}
}

// TestLinkRoundTrip: a collection problem travels as its ID, a position as its rules and
// FEN.
func TestLinkRoundTrip(t *testing.T) {
	p := Collection()[0]
	q, err := DecodeLink(Link(p))
	if err != nil || q.ID != p.ID || len(q.Solutions) != len(p.Solutions) {
		t.Errorf("%s: %+v, %v", p.ID, q, err)
	}
	pos := Problem{Rules: "progressive-scottish", FEN: "7k/8/8/8/8/8/8/K5R1 w - - 0 4"}
	q, err = DecodeLink(Link(pos))
	if err != nil || q.Rules != pos.Rules || q.FEN != pos.FEN || q.ID != "" {
		t.Errorf("position: %+v, %v", q, err)
	}
}

// TestDecodeLinkRefuses: bad links are refused with a reason.
func TestDecodeLinkRefuses(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "too short"}, {"!!", "base64"}, {"AgE", "version 2"}, {"AQM", "unknown kind"},
		{base64.RawURLEncoding.EncodeToString([]byte{1, 1, 4, 'n', 'o', 'n', 'e'}), "no problem"}, {"AQIC", "unknown rules"}, {"AQIABXh4eHh4", "ErrLink"},
		{"AQEE", "truncated"}, {strings.Repeat("A", 2000), "more than"},
	} {
		_, err := DecodeLink(c.text)
		if err == nil || (c.want != "ErrLink" && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%.40q: %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// FuzzDecodeLink: DecodeLink never panics; what it accepts links back to the same problem.
func FuzzDecodeLink(f *testing.F) {
	f.Add(Link(Problem{Rules: "progressive-italian", FEN: "7k/8/8/8/8/8/8/K5R1 w - - 0 2"}))
	if ps := Collection(); len(ps) > 0 {
		f.Add(Link(ps[0]))
	}
	f.Add("AQIABXh4eHh4")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := DecodeLink(text)
		if err != nil {
			return
		}
		q, err := DecodeLink(Link(p))
		if err != nil || q.FEN != p.FEN || q.Rules != p.Rules || q.ID != p.ID {
			t.Fatalf("%q: %+v, then %+v, %v", text, p, q, err)
		}
	})
}

// TestParseRefuses: a bad collection line is refused.
func TestParseRefuses(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"a\titalian\t7k/8/8/8/8/8/8/K5R1 w - - 0 2", "want 4"},
		{"a\tcrazy\t7k/8/8/8/8/8/8/K5R1 w - - 0 2\tRh7", "rules"},
		{"a\titalian\tnot a fen\tRh7", "not a fen"},
	} {
		if _, err := Parse(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}
