//go:build deep

package engine

import (
	"testing"
	"time"
)

// TestDeepPerft runs the published counts to the depths that take minutes rather than
// seconds: start position 6, Kiwipete 5, position 3 depth 7, position 4 depth 5 (both
// colours), position 5 depth 5, position 6 depth 5, and every tricky position to its last
// listed depth. Run with: go test -tags deep -run Deep -v -timeout 60m ./engine/
func TestDeepPerft(t *testing.T) {
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			d := len(c.counts)
			start := time.Now()
			got := Perft(p, d)
			el := time.Since(start)
			if got != c.counts[d-1] {
				t.Fatalf("Perft(%s, %d) = %d, want %d", c.name, d, got, c.counts[d-1])
			}
			t.Logf("depth %d: %d nodes in %v (%.1f M nodes/s)", d, got, el.Round(time.Millisecond), float64(got)/el.Seconds()/1e6)
		})
	}
}
