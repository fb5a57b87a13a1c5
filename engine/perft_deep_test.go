//go:build deep

package engine

import (
	"testing"
	"time"
)

// TestDeepPerft runs every perft case to its last published depth, which takes a minute or
// more rather than seconds: start position 7 (3,195,901,860), Kiwipete 6 (8,031,647,685),
// position 3 depth 8, position 4 depth 6 (both colours), positions 5 and 6 depth 5, and the
// tricky positions to depth 4 to 7. The depths the brief names (start 6, Kiwipete 5, position 3
// depth 7, position 4 depth 5) are on the way and are checked too. Run with: go test -tags deep -run Deep -v -timeout 60m ./engine/
func TestDeepPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d := c.depth + 1; d <= len(c.counts); d++ {
				start := time.Now()
				got := Perft(p, d)
				el := time.Since(start)
				if got != c.counts[d-1] {
					t.Fatalf("Perft(%s, %d) = %d, want %d", c.name, d, got, c.counts[d-1])
				}
				t.Logf("depth %d: %d nodes in %v (%.1f M nodes/s)", d, got, el.Round(time.Millisecond), float64(got)/el.Seconds()/1e6)
			}
		})
	}
}
