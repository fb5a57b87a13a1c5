package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadMatchLog(t *testing.T) {
	log := strings.Join([]string{
		"game 2: A black, 3 turns: White wins (A scores 0.0)",
		"  1.e4 e5 2.Qh5 Ke7 3.Qxe5#",
		"game 1: A white: error: something failed",
		"game 3: A white, 1 turns: draw (A scores 0.5)",
		"game 4: A white, 2 turns: draw (A scores 0.5)",
		"  1.d4 d5 2...c6",
		"12-3-5 ...",
	}, "\n")
	games, err := readMatchLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	want := []judgedGame{
		{header: "game 2: A black, 3 turns: White wins (A scores 0.0)", moves: []string{"e4", "e5", "Qh5", "Ke7", "Qxe5#"}},
		{header: "game 3: A white, 1 turns: draw (A scores 0.5)", aWhite: true},
		{header: "game 4: A white, 2 turns: draw (A scores 0.5)", aWhite: true, moves: []string{"d4", "d5", "c6"}},
	}
	if !reflect.DeepEqual(games, want) {
		t.Errorf("got %+v\nwant %+v", games, want)
	}
}

func TestJudgePhase(t *testing.T) {
	tests := []struct {
		c    judgeCost
		want int
	}{
		{judgeCost{ply: 0, weight: 24}, phaseOpening},
		{judgeCost{ply: 23, weight: 4}, phaseOpening},
		{judgeCost{ply: 24, weight: 11}, phaseMiddlegame},
		{judgeCost{ply: 24, weight: 10}, phaseEndgame},
	}
	for _, tt := range tests {
		if got := judgePhase(tt.c); got != tt.want {
			t.Errorf("%+v: phase %s, want %s", tt.c, phaseNames[got], phaseNames[tt.want])
		}
	}
}

// TestJudgeFindsTheBlunder judges a log with this test binary as "plyground uci": A's king
// walk into a mate in one is A's costliest move, and B's mate costs B nothing.
func TestJudgeFindsTheBlunder(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("PLYGROUND_AS_MAIN", "1")
	path := filepath.Join(t.TempDir(), "match.log")
	log := "game 1: A black, 3 turns: White wins (A scores 0.0)\n  1.e4 e5 2.Qh5 Ke7 3.Qxe5#\n" +
		"game 2: A white, 2 turns: draw (A scores 0.5)\n  1.e4 e5 2.Nf3 Nc6\n"
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI("judge", "-log", path, "-judge", "uci:"+self+" uci", "-judgego", "depth 3", "-top", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "  2...Ke7 cost ") {
		t.Fatalf("A's costliest move is not 2...Ke7:\n%s", out)
	}
	var cost, before int
	if _, err := fmt.Sscanf(lines[1], "  2...Ke7 cost %d (the judge's score before it: %d)", &cost, &before); err != nil || cost < 300 {
		t.Errorf("2...Ke7 costs %d (%v), want a mate's cost:\n%s", cost, err, out)
	}
	// The rows of the opening (A: 2...e5, 2...Ke7, 1.e4, 2.Nf3; B: the other five moves, of
	// which 3.Qxe5# is played in a decided game): A's blunder is counted, B's moves cost
	// less than 100 each.
	rows := map[string][]string{}
	for _, l := range lines {
		if f := strings.Split(l, " | "); len(f) == 7 && strings.HasPrefix(l, "| ") {
			rows[strings.TrimPrefix(f[0], "| ")+" "+f[1]] = f[2:]
		}
	}
	for key, want := range map[string][]string{
		"A opening":    {"4", "4", "", "1", "1 |"},
		"B opening":    {"5", "4", "", "0", "0 |"},
		"A middlegame": {"0", "0", "-", "0", "0 |"},
		"B endgame":    {"0", "0", "-", "0", "0 |"},
	} {
		got := rows[key]
		if len(got) != len(want) {
			t.Errorf("no row %q:\n%s", key, out)
			continue
		}
		for i := range want {
			if want[i] != "" && got[i] != want[i] {
				t.Errorf("row %q: %q, want %q", key, got, want)
				break
			}
		}
	}
	if !strings.Contains(out, "2 games judged") {
		t.Errorf("the report does not count the games:\n%s", out)
	}
}

func TestJudgeUsage(t *testing.T) {
	for _, args := range [][]string{
		{"judge", "-judge", "uci:stockfish"},
		{"judge", "-log", "x.log", "-judge", "level5"},
		{"judge", "-log", "x.log"},
	} {
		if _, _, code := runCLI(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	path := filepath.Join(t.TempDir(), "empty.log")
	if err := os.WriteFile(path, []byte("game 1: A white, 0 turns: draw (A scores 0.5)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI("judge", "-log", path, "-judge", "uci:/nonexistent/judge"); code != 1 || !strings.Contains(errOut, "no game with its moves") {
		t.Errorf("a log without moves: exit %d, %s", code, errOut)
	}
}

func TestReadUCIScore(t *testing.T) {
	tests := []struct {
		line               string
		n                  int
		mate, bound, found bool
	}{
		{"info depth 12 seldepth 18 score cp -34 nodes 1200 pv e2e4", -34, false, false, true},
		{"info depth 9 score mate 3 pv d1h5", 3, true, false, true},
		{"info depth 9 score mate -2", -2, true, false, true},
		{"info depth 14 score cp 51 lowerbound nodes 9", 51, false, true, true},
		{"info depth 14 score cp 12 upperbound", 12, false, true, true},
		{"info string NNUE evaluation enabled", 0, false, false, false},
		{"info score cp x", 0, false, false, false},
		{"info score", 0, false, false, false},
		{"", 0, false, false, false},
	}
	for _, tt := range tests {
		n, mate, bound, ok := readUCIScore(strings.Fields(tt.line))
		if n != tt.n || mate != tt.mate || bound != tt.bound || ok != tt.found {
			t.Errorf("%q: %d %v %v %v, want %d %v %v %v", tt.line, n, mate, bound, ok, tt.n, tt.mate, tt.bound, tt.found)
		}
	}
}
