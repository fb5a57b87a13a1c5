package variants

import (
	"strings"
	"testing"
)

// TestPGNResultTokenMatchesTheGame_O1 checks the result token of an imported game against the
// game: a game the moves finish (checkmate, O1) or an end comment finishes must carry its own
// result or "*"; a result for a game that goes on is accepted (PGN does not say how it ended).
func TestPGNResultTokenMatchesTheGame_O1(t *testing.T) {
	const mate = "1.f3 e5 2.g4 Qh4# "
	for _, tc := range []struct {
		name, text string
		bad        bool
	}{
		{"mate with its result", mate + "0-1", false},
		{"mate with no result", mate + "*", false},
		{"mate scored for the loser", mate + "1-0", true},
		{"mate scored as a draw", mate + "1/2-1/2", true},
		{"resignation with its result", "1.e4 {White resigns} 0-1", false},
		{"resignation scored for the side that resigned", "1.e4 {White resigns} 1-0", true},
		{"draw agreed scored as a win", "1.e4 e5 {Draw agreed} 1-0", true},
		{"game going on, scored", "1.e4 e5 1-0", false},
		{"Marseillais mate with its result", "[Variant \"marseillais\"]\n1.e4 f6,g5 2.Qh5# 1-0", false},
		{"Marseillais mate scored for the loser", "[Variant \"marseillais\"]\n1.e4 f6,g5 2.Qh5# 0-1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _, err := ParsePGN(tc.text)
			switch {
			case tc.bad && err == nil:
				t.Fatalf("ParsePGN(%q) accepted a result that contradicts the game (%v)", tc.text, g.Outcome())
			case tc.bad && !strings.Contains(err.Error(), "contradicts"):
				t.Fatalf("ParsePGN(%q): %v, want an error saying the result contradicts the game", tc.text, err)
			case !tc.bad && err != nil:
				t.Fatalf("ParsePGN(%q): %v", tc.text, err)
			}
		})
	}
}
