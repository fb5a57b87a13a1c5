package problems

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Problem is a series-mate problem: the side to move in FEN mates with its series, whose
// length is the FEN's series number (P9).
type Problem struct {
	// ID names the problem in the collection and in links ("italian-4-1"); "" for a
	// position shared without one.
	ID string
	// Rules is the variant's catalogue ID: "progressive-italian" or "progressive-scottish".
	Rules string
	// FEN is the start of the series.
	FEN string
	// Solutions are every solution, each a series in notation without its number ("Qh5
	// Qxf7#"); none known for a shared position (the solver finds them).
	Solutions []string
}

// Open returns the problem's variant and the state at the start of its series.
func (p Problem) Open() (turn.Variant, turn.State, error) {
	if p.Rules != "progressive-italian" && p.Rules != "progressive-scottish" {
		return nil, turn.State{}, fmt.Errorf("problems: rules %q are not progressive-italian or progressive-scottish", p.Rules)
	}
	v, err := variants.Open(p.Rules, "")
	if err != nil {
		return nil, turn.State{}, fmt.Errorf("problems: %w", err)
	}
	s, err := v.Start(p.FEN)
	if err != nil {
		return nil, turn.State{}, fmt.Errorf("problems: %s: %w", p.FEN, err)
	}
	if o := v.Outcome(s); o.Over() {
		return nil, turn.State{}, fmt.Errorf("problems: the game is already over (%v)", o)
	}
	return v, s, nil
}

// Stipulation states the problem: "White mates in a series of 4 (Italian rules)".
func (p Problem) Stipulation() string {
	_, s, err := p.Open()
	if err != nil {
		return err.Error()
	}
	rules := "Italian"
	if p.Rules == "progressive-scottish" {
		rules = "Scottish"
	}
	side := "White"
	if s.Mover() == engine.Black {
		side = "Black"
	}
	return fmt.Sprintf("%s mates in a series of %d (%s rules)", side, s.Plies()-s.Ply(), rules)
}

//go:embed problems.txt
var collectionText string

// Collection returns the problems composed for Plyground, by rules, then length.
func Collection() []Problem {
	ps, err := Parse(collectionText)
	if err != nil {
		return nil // the tests check that the collection parses
	}
	return ps
}

// Find returns the problem of the collection with the given ID.
func Find(id string) (Problem, bool) {
	for _, p := range Collection() {
		if p.ID == id {
			return p, true
		}
	}
	return Problem{}, false
}

// Parse reads problems written one a line, fields separated by tabs: the ID, the rules
// ("italian" or "scottish"), the FEN, and the solutions separated by "; ". Empty lines and
// lines beginning with "#" are skipped; a "#" field ends the line (a comment).
func Parse(text string) ([]Problem, error) {
	var out []Problem
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		for i, x := range f {
			if strings.HasPrefix(x, "#") {
				f = f[:i]
				break
			}
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("problems: line %d: %d fields, want 4 (id, rules, FEN, solutions)", n+1, len(f))
		}
		p := Problem{ID: f[0], Rules: "progressive-" + f[1], FEN: f[2]}
		for _, sol := range strings.Split(f[3], ";") {
			if sol = strings.TrimSpace(sol); sol != "" {
				p.Solutions = append(p.Solutions, sol)
			}
		}
		if _, _, err := p.Open(); err != nil {
			return nil, fmt.Errorf("problems: line %d: %w", n+1, err)
		}
		out = append(out, p)
	}
	return out, nil
}
