package main

import (
	"strings"
	"testing"
)

// TestTurnPerftCommand runs turn-perft through the command line, on the golden counts the
// variants issue gives (the variant packages test the same counts through their own API).
func TestTurnPerftCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		last string
	}{
		{"M1_MarseillaisFirstTurn", []string{"perft", "-variant", "marseillais", "-depth", "1"}, "nodes 20"},
		{"M1_MarseillaisTwoTurns", []string{"perft", "-variant", "marseillais", "-depth", "2"}, "nodes 8902"},
		{"M1_MarseillaisAfterE4", []string{"perft", "-variant", "marseillais",
			"-fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "-depth", "1"}, "nodes 446"},
		{"P1_ItalianTwoSeries", []string{"perft", "-variant", "progressive-italian", "-depth", "2"}, "nodes 8902"},
		{"P3_ScottishThreePlySeries", []string{"perft", "-variant", "progressive-scottish",
			"-fen", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "-depth", "1"}, "nodes 27194"},
		{"P1_SeriesOption", []string{"perft", "-variant", "progressive-scottish", "-options", "series=3",
			"-fen", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 5", "-depth", "1"}, "nodes 27194"},
		{"O1_OrthodoxThroughVariants", []string{"perft", "-variant", "orthodox", "-depth", "3"}, "nodes 8902"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(tc.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if got := lines[len(lines)-1]; got != tc.last {
				t.Errorf("last line %q, want %q", got, tc.last)
			}
		})
	}
}

func TestTurnPerftDivideSumsToTotal(t *testing.T) {
	out, errOut, code := runCLI("perft", "-variant", "sdm", "-depth", "1", "-divide")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// S2: each of the 20 first plies can be played with or without spending the token.
	if len(lines) != 41 || lines[40] != "nodes 40" {
		t.Fatalf("want 40 divide lines and nodes 40, got %d lines ending %q", len(lines), lines[len(lines)-1])
	}
	spends := 0
	for _, l := range lines[:40] {
		if strings.Contains(l, "+spend: ") {
			spends++
		}
	}
	if spends != 20 {
		t.Errorf("%d lines with a token spend, want 20", spends)
	}
}

func TestTurnPerftBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-variant", "nosuch", "-depth", "1"},
		{"perft", "-variant", "marseillais", "-fen", "not a fen", "-depth", "1"},
		{"perft", "-variant", "sdm", "-options", "tokens=99", "-depth", "1"},
	} {
		if _, _, code := runCLI(args...); code == 0 {
			t.Errorf("%v: exit 0, want an error", args)
		}
	}
}
