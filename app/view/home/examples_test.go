package home

import (
	"errors"
	"net/url"
	"testing"

	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// game opens the example's position in a game of variant id.
func exampleGame(t *testing.T, id string, ex Example) *turn.Game {
	t.Helper()
	g, err := variants.NewGame(id, ex.Options, ex.FEN)
	if err != nil {
		t.Fatalf("%s %s: %v", id, ex.Rule, err)
	}
	return g
}

// do plays actions written as "e2e4", "e2e4+spend", "roll 3-4", "pass", "take h5e8".
func do(t *testing.T, g *turn.Game, texts ...string) error {
	t.Helper()
	for _, text := range texts {
		if a, err := turn.ParseAction(g.Variant(), g.State(), text); err == nil {
			if err := g.Apply(a); err != nil {
				return err
			}
			continue
		}
		if len(text) >= 4 {
			from, err1 := engine.ParseSquare(text[:2])
			to, err2 := engine.ParseSquare(text[2:4])
			if err1 == nil && err2 == nil {
				_, err := turn.Find(g.Variant(), g.State(), from, to, engine.NoPieceType, false)
				if err == nil {
					err = errors.New("legal but not among the actions")
				}
				return err
			}
		}
		return errors.New(text + " is not a legal action")
	}
	return nil
}

func ruleOf(err error) string {
	var re *turn.RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// TestExamplesShowTheirRules replays every diagram of the rules pages and checks that the
// rule it names is the rule that decides what its caption says.
func TestExamplesShowTheirRules(t *testing.T) {
	checks := map[string]func(t *testing.T, g *turn.Game){
		"orthodox O1": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "e5d6"); err != nil {
				t.Fatal(err)
			}
			if g.State().Position().PieceAt(engine.D5) != engine.NoPiece {
				t.Errorf("d5 pawn not taken en passant")
			}
		},
		"orthodox O2": func(t *testing.T, g *turn.Game) {
			if o := g.Outcome(); o.Reason != turn.Stalemate || o.Rule != "O2" {
				t.Errorf("outcome %v", o)
			}
		},
		"marseillais M2": func(t *testing.T, g *turn.Game) {
			if g.State().Plies() != 2 {
				t.Fatalf("White has %d plies, want 2", g.State().Plies())
			}
			if err := do(t, g, "d1h5"); err != nil {
				t.Fatal(err)
			}
			if g.State().Mover() != engine.Black {
				t.Errorf("the check did not end White's turn")
			}
		},
		"marseillais M3": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "a7a6"); ruleOf(err) != "M3" {
				t.Errorf("a6 in check: %v", err)
			}
			if err := do(t, g, "g7g6", "a7a6"); err != nil {
				t.Errorf("g6 then a free second ply: %v", err)
			}
		},
		"marseillais M5": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "b5c6", "e5d6"); err != nil {
				t.Fatalf("two e.p. captures: %v", err)
			}
			p := g.State().Position()
			if p.PieceAt(engine.C5) != engine.NoPiece || p.PieceAt(engine.D5) != engine.NoPiece {
				t.Errorf("pawns not taken: %s", p.FEN())
			}
		},
		"sdm S3": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "e2e4+spend", "e7e5", "d7d5"); err != nil {
				t.Fatal(err)
			}
			if s := g.State(); s.Mover() != engine.Black || s.Skipped() != 1 {
				t.Errorf("after the double move: %v to move, %d skipped", s.Mover(), s.Skipped())
			}
		},
		"sdm S4": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "g2g4+spend", "d8h4"); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Result != turn.BlackWins || o.Rule != "S4" {
				t.Errorf("outcome %v", o)
			}
		},
		"progressive-italian P4": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "f1c4"); err != nil {
				t.Fatal(err)
			}
			if err := do(t, g, "c4f7"); ruleOf(err) != "P4" {
				t.Errorf("Bxf7+ on ply 2: %v", err)
			}
			if err := do(t, g, "d1h5", "h5f7"); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Result != turn.WhiteWins || o.Reason != turn.Checkmate {
				t.Errorf("outcome %v", o)
			}
		},
		"progressive-italian P5": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "g4g3"); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Reason != turn.ProgressiveStalemate || o.Rule != "P5" {
				t.Errorf("outcome %v", o)
			}
		},
		"progressive-scottish P3": func(t *testing.T, g *turn.Game) {
			if g.State().Plies() != 3 {
				t.Fatalf("series of %d plies, want 3", g.State().Plies())
			}
			if err := do(t, g, "c4f7"); err != nil {
				t.Fatal(err)
			}
			if s := g.State(); s.Mover() != engine.Black || s.Plies() != 4 {
				t.Errorf("after Bxf7+: %v to move with %d plies", s.Mover(), s.Plies())
			}
		},
		"progressive-scottish P5": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "g4g3"); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Reason != turn.ProgressiveStalemate || o.Rule != "P5" {
				t.Errorf("outcome %v", o)
			}
		},
		"dice D1": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "roll 1-2"); err != nil {
				t.Fatal(err)
			}
			p := g.State().Position()
			for _, a := range g.Variant().Actions(g.State(), nil) {
				if k := p.PieceAt(a.Move.From()).Type(); k != engine.Pawn && k != engine.Knight {
					t.Errorf("1-2 allows a %v move", k)
				}
			}
		},
		"dice D3": func(t *testing.T, g *turn.Game) {
			if err := do(t, g, "roll 3-4", "pass", "roll 5-1", "take h5e8"); err != nil {
				t.Fatal(err)
			}
			if o := g.Outcome(); o.Reason != turn.KingCaptured || o.Rule != "D4" {
				t.Errorf("outcome %v", o)
			}
		},
	}
	seen := 0
	for _, info := range variants.List() {
		if !info.Playable() {
			continue
		}
		exs := Examples(info.ID)
		if len(exs) == 0 {
			t.Errorf("%s: no diagram on its rules page", info.ID)
		}
		for _, ex := range exs {
			name := info.ID + " " + ex.Rule
			t.Run(name, func(t *testing.T) {
				check, ok := checks[name]
				if !ok {
					t.Fatalf("no check for the example %q", name)
				}
				seen++
				g := exampleGame(t, info.ID, ex)
				if _, _, _, err := turn.ParseFEN(ex.FEN); err != nil {
					t.Fatal(err)
				}
				for _, sq := range ex.Squares {
					if _, err := engine.ParseSquare(sq); err != nil {
						t.Errorf("square %q: %v", sq, err)
					}
				}
				check(t, g)
				// The try-it address opens the same position.
				u, err := url.Parse(ex.TryURL(info.ID))
				if err != nil {
					t.Fatal(err)
				}
				q, err := session.ParseGameQuery(u.Query())
				if err != nil {
					t.Fatal(err)
				}
				s, err := session.New(q.Config(), session.Env{})
				if err != nil {
					t.Fatal(err)
				}
				if got, want := s.State().Position().FEN(), exampleGame(t, info.ID, ex).State().Position().FEN(); got != want {
					t.Errorf("try it opens %s, want %s", got, want)
				}
			})
		}
	}
	if seen != len(checks) {
		t.Errorf("%d examples checked, %d checks written", seen, len(checks))
	}
}

func TestParseBlocks(t *testing.T) {
	md := "# Title\n\nIntro line one\nand two.\n\n- **M1** First rule,\n  continued.\n- **M2** Second `1.e4 e5,Nc6`.\n\n## Notes\nPlain *words*."
	got := parseBlocks(md)
	want := []block{
		{kind: heading, level: 1, text: "Title"},
		{kind: paragraph, text: "Intro line one and two."},
		{kind: listItem, text: "**M1** First rule, continued.", rule: "M1"},
		{kind: listItem, text: "**M2** Second `1.e4 e5,Nc6`.", rule: "M2"},
		{kind: heading, level: 2, text: "Notes"},
		{kind: paragraph, text: "Plain *words*."},
	}
	if len(got) != len(want) {
		t.Fatalf("%d blocks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if n := len(inline("a **b** `c` *d* e*")); n != 8 {
		t.Errorf("inline spans: %d, want 8", n)
	}
}

func FuzzParseBlocks(f *testing.F) {
	f.Add("# T\n\n- **M1** a *b* `c`\n")
	f.Add("**unclosed `code *em")
	f.Fuzz(func(t *testing.T, md string) {
		for _, b := range parseBlocks(md) {
			inline(b.text)
		}
	})
}
