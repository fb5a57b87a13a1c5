package store

import (
	"slices"
	"testing"
)

// TestSaveOverTwoTabs checks the save of a game open in two tabs: a save never throws away
// what the other tab saved; a game that does not continue the stored one is saved apart.
func TestSaveOverTwoTabs(t *testing.T) {
	tests := []struct {
		name       string
		base       string // PGN of what this tab last read or wrote
		stored     string // PGN of what storage holds now
		ours       string // PGN of the game this tab saves
		wantForked bool
	}{
		{"nobody else saved", "1. e4 *", "1. e4 *", "1. e4 e5 *", false},
		{"the other tab moved, ours continues it", "1. e4 *", "1. e4 e5 *", "1. e4 e5 2. Nf3 *", false},
		{"the other tab moved, ours does not know it", "1. e4 *", "1. e4 e5 *", "1. e4 c5 *", true},
		{"the other tab moved further", "1. e4 *", "1. e4 e5 2. Nf3 *", "1. e4 e5 *", true},
		{"the other tab took back and played", "1. e4 e5 *", "1. d4 *", "1. e4 e5 2. Nf3 *", true},
		{"the other tab saved the same", "1. e4 *", "1. e4 e5 *", "1. e4 e5 *", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, _ := newStore(t)
			e, err := st.Save(WithGame(Entry{Title: "By mail", Players: []Player{{"Ann", 0}, {"Bob", 0}}}, game(t, tt.base)))
			if err != nil {
				t.Fatal(err)
			}
			base := e.Record
			other, err := st.Save(WithGame(e, game(t, tt.stored)))
			if err != nil {
				t.Fatal(err)
			}
			saved, forked, err := st.SaveOver(base, e, game(t, tt.ours))
			if err != nil {
				t.Fatal(err)
			}
			if forked != tt.wantForked {
				t.Fatalf("forked = %v, want %v", forked, tt.wantForked)
			}
			if saved.Record != game(t, tt.ours).Encode() || saved.Title != "By mail" || !slices.Equal(saved.Players, e.Players) {
				t.Errorf("saved %+v", saved)
			}
			kept, err := st.Load(Kind8x8, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if forked {
				if saved.ID == e.ID || kept.Record != other.Record {
					t.Errorf("fork: saved under %s, stored %s left as %q (want %q)", saved.ID, e.ID, kept.Record, other.Record)
				}
				if _, err := st.Load(Kind8x8, saved.ID); err != nil {
					t.Errorf("the fork does not load: %v", err)
				}
			} else if saved.ID != e.ID || kept.Record != saved.Record {
				t.Errorf("saved under %s (want %s), stored %q", saved.ID, e.ID, kept.Record)
			}
		})
	}
}
