package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCLI(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return out.String(), errb.String(), code
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args []string
		last string
	}{
		{[]string{"perft", "-depth", "1"}, "nodes 20"},
		{[]string{"perft", "-depth", "3"}, "nodes 8902"},
		{[]string{"perft", "-depth", "0"}, "nodes 1"},
		{[]string{"perft", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "-depth", "2", "-divide"}, "nodes 2039"},
	}
	for _, tc := range tests {
		out, errOut, code := runCLI(tc.args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tc.args, code, errOut)
			continue
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if got := lines[len(lines)-1]; got != tc.last {
			t.Errorf("%v: last line %q, want %q", tc.args, got, tc.last)
		}
	}
}

func TestPerftDivideOutput(t *testing.T) {
	out, _, code := runCLI("perft", "-depth", "2", "-divide")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 21 {
		t.Fatalf("%d lines, want 20 moves and the total:\n%s", len(lines), out)
	}
	if lines[0] != "a2a3: 20" || lines[19] != "h2h4: 20" {
		t.Errorf("divide lines not sorted as expected: first %q, last move %q", lines[0], lines[19])
	}
	if lines[20] != "nodes 400" {
		t.Errorf("total %q, want nodes 400", lines[20])
	}
}

func TestBadUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"nosuchcommand"},
		{"perft", "-depth", "x"},
		{"perft", "-depth", "-1"},
		{"perft", "-fen", "not a fen"},
		{"perft", "extra"},
	} {
		_, errOut, code := runCLI(args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, errOut)
		}
		if errOut == "" {
			t.Errorf("%q: no message on stderr", args)
		}
	}
}

func TestPerftUnknownVariant(t *testing.T) {
	_, errOut, code := runCLI("perft", "-variant", "nosuchvariant", "-depth", "1")
	if code == 0 || !strings.Contains(errOut, "nosuchvariant") {
		t.Errorf("exit %d, stderr %q: want a failure naming the variant", code, errOut)
	}
}
