package progressive

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

type perftCase struct {
	set          RuleSet
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
		if len(parts) != 5 {
			t.Fatalf("%s:%d: want 5 fields", path, n)
		}
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		c := perftCase{options: parts[1], fen: parts[2], line: n}
		switch parts[0] {
		case "italian":
			c.set = Italian
		case "scottish":
			c.set = Scottish
		default:
			t.Fatalf("%s:%d: rule set %q", path, n, parts[0])
		}
		if c.fen == "startpos" {
			c.fen = ""
		}
		if c.depth, err = strconv.Atoi(parts[3]); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c.nodes, err = strconv.ParseUint(parts[4], 10, 64); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, c)
	}
	return out
}

func TestGoldenTurnPerft(t *testing.T) {
	for _, c := range readPerft(t, "testdata/perft.txt") {
		v, err := Open(c.set, c.options)
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
			t.Errorf("line %d: %s %q depth %d: got %d, want %d", c.line, v.ID(), c.fen, c.depth, got, c.nodes)
		}
	}
}
