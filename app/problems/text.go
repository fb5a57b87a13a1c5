package problems

import (
	"fmt"
	"strings"

	"github.com/plyground/plyground/variants/turn"
)

// seriesText writes the plies of a series from s in notation, separated by spaces, without
// the series number: "Qh5 Qxf7#".
func seriesText(v turn.Variant, s turn.State, series []turn.Action) string {
	var out []string
	t := s
	for _, a := range series {
		u := v.Do(t, a)
		out = append(out, turn.ActionText(v, t, u, a))
		t = u
	}
	return strings.Join(out, " ")
}

// bare strips the signs a player may add or leave out: check, mate, annotations.
func bare(san string) string {
	return strings.TrimRight(strings.TrimSpace(san), "+#!?")
}

// readPly finds the legal ply of s written san (signs optional).
func readPly(v turn.Variant, s turn.State, san string) (turn.Action, error) {
	want := bare(san)
	if want == "" {
		return turn.Action{}, fmt.Errorf("an empty ply")
	}
	var found []turn.Action
	for _, a := range v.Actions(s, nil) {
		if a.Kind != turn.Ply {
			continue
		}
		if bare(s.SAN(a.Move)) == want || a.Move.String() == want {
			found = append(found, a)
		}
	}
	switch len(found) {
	case 0:
		return turn.Action{}, fmt.Errorf("%q is not a legal ply here", san)
	case 1:
		return found[0], nil
	}
	return turn.Action{}, fmt.Errorf("%q is ambiguous", san)
}

// readSeries reads the plies of a series written from s ("Qh5 Qxf7#", with or without the
// series number "3."), legal one after another.
func readSeries(v turn.Variant, s turn.State, text string) ([]turn.Action, error) {
	var out []turn.Action
	t := s
	for i, w := range strings.Fields(text) {
		if i == 0 {
			if k := strings.Index(w, "."); k >= 0 {
				w = w[k+1:]
				if w == "" {
					continue
				}
			}
		}
		a, err := readPly(v, t, w)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", len(out)+1, err)
		}
		out = append(out, a)
		t = v.Do(t, a)
	}
	return out, nil
}
