package main

import (
	"math"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

func TestMatchCommand(t *testing.T) {
	out, errOut, code := runCLI("match", "-variant", "marseillais", "-a", "level1", "-b", "random", "-games", "2", "-maxturns", "40", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"game 1: A white", "game 2: A black", "variant marseillais: A=level1 B=random, 2 games", "A: ", "Elo difference A-B: "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestMatchFirstContinuesTheSeries checks that -first plays the later games of a series as the
// whole series plays them: random players are seeded by the game, so the games are the same.
func TestMatchFirstContinuesTheSeries(t *testing.T) {
	games := func(args ...string) map[string]string {
		t.Helper()
		args = append([]string{"match", "-variant", "orthodox", "-a", "random", "-b", "random", "-book", "builtin", "-maxturns", "8", "-v", "-movetext"}, args...)
		out, errOut, code := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		m := map[string]string{}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "game ") && i+1 < len(lines) {
				m[strings.SplitN(l, ":", 2)[0]] = l + "\n" + lines[i+1]
			}
		}
		return m
	}
	all := games("-games", "4")
	later := games("-first", "2", "-games", "2")
	if len(all) != 4 || len(later) != 2 {
		t.Fatalf("%d and %d games", len(all), len(later))
	}
	for _, name := range []string{"game 3", "game 4"} {
		if later[name] == "" || later[name] != all[name] {
			t.Errorf("%s with -first 2:\n%s\nin the whole series:\n%s", name, later[name], all[name])
		}
	}
	if all["game 1"] == all["game 3"] {
		t.Errorf("games 1 and 3 are the same: %s", all["game 1"])
	}
}

func TestMatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"match", "-a", "level9"},
		{"match", "-b", "grumpy"},
		{"match", "-variant", "nope"},
		{"match", "-games", "0"},
		{"match", "-clock", "sundial"},
		{"match", "-first", "-1"},
		{"match", "-aeval", "neural"},
		{"match", "-beval", ""},
		{"engine", "-eval", "neural"},
		{"analyse", "-depth", "2", "-eval", "neural"},
	} {
		if _, _, code := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestElo checks the Elo difference of a few scores against the logistic formula.
func TestElo(t *testing.T) {
	for _, tc := range []struct{ p, want float64 }{{0.5, 0}, {0.75, 190.85}, {0.9, 381.70}, {0.25, -190.85}} {
		if got := elo(tc.p); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("elo(%v) = %.2f, want %.2f", tc.p, got, tc.want)
		}
	}
	if s := eloText(10, 0, 0); !strings.HasPrefix(s, "+inf") {
		t.Errorf("all wins: %q", s)
	}
	if s := eloText(0, 0, 10); !strings.HasPrefix(s, "-inf") {
		t.Errorf("all losses: %q", s)
	}
	if s := eloText(5, 10, 5); !strings.HasPrefix(s, "+0 ") {
		t.Errorf("even score: %q", s)
	}
}

func TestSolveCommand(t *testing.T) {
	out, errOut, code := runCLI("solve", "-variant", "progressive-italian", "-fen", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "white mates in a series of 3: 3.") || !strings.Contains(out, "Qxf7#") {
		t.Errorf("output:\n%s", out)
	}
	out, _, code = runCLI("solve", "-variant", "progressive-scottish", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3")
	if code != 0 || !strings.Contains(out, "white has no mating series of 3") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	for _, args := range [][]string{
		{"solve", "-variant", "orthodox", "-fen", "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{"solve", "-variant", "progressive-italian"},
		{"solve", "-variant", "progressive-italian", "-fen", "nonsense"},
	} {
		if _, _, code := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestP9SolveFromProblemFEN: a problem's FEN alone gives the series (its fullmove number is the
// series number of the side to move): White's 7-ply series mates. The series printed is replayed
// through the rules, which must end the game by checkmate.
func TestP9SolveFromProblemFEN(t *testing.T) {
	const fen = "r6r/pppk1pp1/2n5/7p/3b4/4p3/PPPK2PP/RN3BNR w - - 0 7"
	for _, id := range []string{"progressive-italian", "progressive-scottish"} {
		out, errOut, code := runCLI("solve", "-variant", id, "-fen", fen)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errOut)
		}
		line, _, _ := strings.Cut(out, "\n")
		_, series, ok := strings.Cut(line, "white mates in a series of 7: ")
		if !ok || !strings.HasPrefix(series, "7.") {
			t.Fatalf("%s: output:\n%s", id, out)
		}
		g, err := variants.NewGame(id, "", fen)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayMovetext(series); err != nil {
			t.Fatalf("%s: %q: %v", id, series, err)
		}
		if o := g.Outcome(); o.Result != turn.WhiteWins || o.Reason != turn.Checkmate {
			t.Errorf("%s: after %q: %v", id, series, o)
		}
	}
}
