//go:build deep

package variants

import "testing"

// TestSoakRandomGames is the long soak: 10,000 games per variant (and option set), games of
// up to 300 actions, the record checked at every action for the first 200 games and the PGN
// of every 5th game.
func TestSoakRandomGames(t *testing.T) {
	soak(t, 10000, 300, 200, 5)
}
