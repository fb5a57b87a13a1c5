package marseillais

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

type perftCase struct {
	options, fen string
	depth        int
	nodes        uint64
	line         int
}

func readPerft(t *testing.T, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 4 {
			t.Fatalf("%s:%d: want 4 fields", path, n)
		}
		c := perftCase{options: strings.TrimSpace(parts[0]), fen: strings.TrimSpace(parts[1]), line: n}
		if c.fen == "startpos" {
			c.fen = ""
		}
		if c.depth, err = strconv.Atoi(strings.TrimSpace(parts[2])); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c.nodes, err = strconv.ParseUint(strings.TrimSpace(parts[3]), 10, 64); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, c)
	}
	return out
}

func TestGoldenTurnPerft(t *testing.T) {
	for _, c := range readPerft(t, "testdata/perft.txt") {
		v, err := Open(c.options)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		s, err := v.Start(c.fen)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		got, err := turn.Perft(v, s, c.depth)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if got != c.nodes {
			t.Errorf("line %d: %q depth %d: got %d, want %d", c.line, c.fen, c.depth, got, c.nodes)
		}
	}
}
