//go:build deep

package bot

import "testing"

// TestDeepPlannerBeatsRandom: over 200 games the planner wins at least 90% against the
// random-order bot (the bar); `plyground nec-match -games 200` prints the same figure.
func TestDeepPlannerBeatsRandom(t *testing.T) {
	const n = 200
	w := winsAgainstRandom(t, n, 2)
	t.Logf("the planner won %d of %d games", w, n)
	if w*10 < n*9 {
		t.Errorf("the planner won %d of %d games, under 90%%", w, n)
	}
}
