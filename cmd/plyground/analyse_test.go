package main

import (
	"strings"
	"testing"
)

// TestAnalyseCommand: "plyground analyse" prints a line per depth and the best line in the
// variant's notation; with -movetext, a line per turn with the blunder of a game built to
// hold one; dice before the roll, the 21 rolls.
func TestAnalyseCommand(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"a Marseillais position", []string{"analyse", "-variant", "marseillais", "-movetext", "1.e4 e5,Nc6", "-depth", "3"},
			[]string{"depth 1 eval", "depth 3 eval", "best 2.", ","}},
		{"the review of a game", []string{"analyse", "-movetext", "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#", "-depth", "4"},
			[]string{"3...Nf6", "blunder", "better 3...", "black: 0 inaccuracies, 0 mistakes, 1 blunders", "game over"}},
		{"dice before the roll", []string{"analyse", "-variant", "dice", "-fen", "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10",
			"-movetext", "{roll 4-3} Re2+ {roll 1-2} --", "-depth", "1"}, []string{"roll 1-1 (1/36) eval #-1", "roll 6-6"}},
		{"a progressive series", []string{"analyse", "-variant", "progressive-scottish", "-movetext", "1.e4 2.e5 Nf6", "-time", "2s"},
			[]string{"best 3.", "#1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if n := strings.Count(out, "\nroll "); c.name == "dice before the roll" && n != 21 {
				t.Errorf("%d rolls, want 21:\n%s", n, out)
			}
		})
	}
}

// TestAnalyseBadUsage: bad flags exit 2 with a reason.
func TestAnalyseBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{"analyse"},
		{"analyse", "-depth", "3", "-variant", "nope"},
		{"analyse", "-depth", "3", "-movetext", "1.e5"},
		{"analyse", "-depth", "3", "-fen", "bad"},
	} {
		if _, errOut, code := runCLI(args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
