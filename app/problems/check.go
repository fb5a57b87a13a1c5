package problems

import (
	"errors"
	"fmt"
	"strings"

	"github.com/plyground/plyground/variants/turn"
)

// Verdict is the checker's answer to a player's series.
type Verdict struct {
	// Solved: the series mates.
	Solved bool
	// Solution is the index in Problem.Solutions of the solution the series reaches (the
	// same final position), or -1 (not solved, or a problem without its solutions).
	Solution int
	// Exact: the series is the solution as written (not the same plies in another order).
	Exact bool
	// Ply is the ply that fails, from 1 (0 when solved, or when the series is only
	// unfinished).
	Ply int
	// Reason says why the series fails ("" when solved).
	Reason string
}

// Check judges a player's series, ply by ply: a ply against the rules fails with the rule's
// explanation, a series that ends without mate fails at its last ply, a series still
// unfinished says how many plies are left.
func (p Problem) Check(series []turn.Action) (Verdict, error) {
	v, s, err := p.Open()
	if err != nil {
		return Verdict{}, err
	}
	out := Verdict{Solution: -1}
	t := s
	for i, a := range series {
		if t.Seq() != s.Seq() || t.Ended().Over() {
			out.Ply, out.Reason = i+1, "the series is over: "+ended(v, t)
			return out, nil
		}
		if err := v.Explain(t, a); err != nil {
			out.Ply, out.Reason = i+1, err.Error()
			return out, nil
		}
		t = v.Do(t, a)
	}
	if t.Seq() == s.Seq() && !t.Ended().Over() {
		left := t.Plies() - t.Ply()
		out.Reason = fmt.Sprintf("%d plies of %d made: %d to go", t.Ply()-s.Ply(), s.Plies()-s.Ply(), left)
		return out, nil
	}
	if o := v.Outcome(t); o.Result != turn.Win(s.Mover()) || !mate(o) {
		out.Ply, out.Reason = len(series), "the series ends without mate: "+ended(v, t)
		return out, nil
	}
	out.Solved = true
	final := t.Key()
	for i, text := range p.Solutions {
		sol, err := readSeries(v, s, text)
		if err != nil {
			return Verdict{}, fmt.Errorf("problems: %s: solution %d: %w", p.ID, i+1, err)
		}
		u := s
		for _, a := range sol {
			u = v.Do(u, a)
		}
		if u.Key() == final {
			out.Solution, out.Exact = i, sameSeries(sol, series)
			break
		}
	}
	return out, nil
}

// CheckText is Check for a series in notation ("Qh5 Qxf7#"; the series number may lead). A
// ply that cannot be read fails with the reason.
func (p Problem) CheckText(text string) (Verdict, error) {
	v, s, err := p.Open()
	if err != nil {
		return Verdict{}, err
	}
	var series []turn.Action
	t := s
	for i, w := range strings.Fields(text) {
		if i == 0 {
			if k := strings.Index(w, "."); k >= 0 {
				if w = w[k+1:]; w == "" {
					continue
				}
			}
		}
		if t.Seq() != s.Seq() || t.Ended().Over() {
			return Verdict{Solution: -1, Ply: len(series) + 1, Reason: "the series is over: " + ended(v, t)}, nil
		}
		a, err := readPly(v, t, w)
		if err != nil {
			reason := err.Error()
			var re *turn.RuleError
			if why := explainText(v, t, w); why != nil && errors.As(why, &re) {
				reason = why.Error()
			}
			return Verdict{Solution: -1, Ply: len(series) + 1, Reason: reason}, nil
		}
		series = append(series, a)
		t = v.Do(t, a)
	}
	return p.Check(series)
}

// explainText returns the rule that refuses the ply written w in s, when the orthodox rules
// allow it (an Italian check before the last ply, P4).
func explainText(v turn.Variant, s turn.State, w string) error {
	want := bare(w)
	for _, m := range s.LegalPlies(nil) {
		if bare(s.SAN(m)) == want {
			return v.Explain(s, turn.PlyAction(m))
		}
	}
	return nil
}

func ended(v turn.Variant, t turn.State) string {
	if o := v.Outcome(t); o.Over() {
		return o.String()
	}
	if t.InCheck() {
		return "check, not mate"
	}
	return "no mate"
}

func sameSeries(a, b []turn.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
