package main

import (
	"strings"
	"testing"
)

func TestNECMatchCommand(t *testing.T) {
	out, errs, code := runCLI("nec-match", "-games", "2", "-updates", "15", "-level", "1", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"game 1: planner white", "game 2: planner black", "win rate", "0 orders rejected"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestNECMatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"nec-match", "-games", "0"},
		{"nec-match", "-players", "9"},
		{"nec-match", "-level", "4"},
		{"nec-match", "-opponent", "smart"},
		{"nec-match", "extra"},
	} {
		if _, _, code := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		// Published values of the 95% Wilson interval.
		{10, 10, 0.7225, 1},
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
	} {
		lo, hi := wilson(c.k, c.n)
		if lo < c.lo-0.001 || lo > c.lo+0.001 || hi < c.hi-0.001 || hi > c.hi+0.001 {
			t.Errorf("wilson(%d, %d) = %.4f-%.4f, want %.4f-%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
