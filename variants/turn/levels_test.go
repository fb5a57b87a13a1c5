package turn_test

import (
	"testing"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// reach returns what a level's bound allows, with 0 (no bound) as the most.
func reach(bound int64) int64 {
	if bound == 0 {
		return 1 << 62
	}
	return bound
}

// TestDiceLevelsStrictlyOrdered checks that each dice-chess level searches at least as much
// as the one below it (depth, nodes and time not smaller, noise not larger) and differs from
// it in at least one of them, for both promotion options (D5); levels 1 to 4 have node budgets
// (reproducible).
func TestDiceLevelsStrictlyOrdered(t *testing.T) {
	for _, options := range []string{"", "promotion=rolled"} {
		p := turn.NewPlayer(open(t, "dice", options), 10)
		for n := search.MinLevel; n < search.MaxLevel; n++ {
			lo, hi := p.Level(n), p.Level(n+1)
			if lo.Number != n || hi.Number != n+1 {
				t.Errorf("%q: levels %d and %d are numbered %d and %d", options, n, n+1, lo.Number, hi.Number)
			}
			if lo.Nodes <= 0 {
				t.Errorf("%q: level %d has no node budget", options, n)
			}
			if reach(int64(hi.Depth)) < reach(int64(lo.Depth)) || reach(hi.Nodes) < reach(lo.Nodes) ||
				reach(int64(hi.Time)) < reach(int64(lo.Time)) || hi.Noise > lo.Noise {
				t.Errorf("%q: level %d %+v searches less than level %d %+v", options, n+1, hi, n, lo)
			}
			if hi.Depth == lo.Depth && hi.Nodes == lo.Nodes && hi.Time == lo.Time && hi.Noise == lo.Noise {
				t.Errorf("%q: levels %d and %d search the same: %+v", options, n, n+1, lo)
			}
		}
	}
}

// TestDiceLevel5IsTheGenericOne checks that dice chess keeps the strongest level as it is:
// one second per turn (search.LevelOf).
func TestDiceLevel5IsTheGenericOne(t *testing.T) {
	p := turn.NewPlayer(open(t, "dice", ""), 10)
	if got, want := p.Level(search.MaxLevel), search.LevelOf(search.MaxLevel); got != want {
		t.Errorf("dice level 5 = %+v, want %+v", got, want)
	}
}

// TestOtherVariantsKeepTheGenericLevels checks that every variant but dice chess plays the
// levels of search.LevelOf, clamped alike below 1 and above 5.
func TestOtherVariantsKeepTheGenericLevels(t *testing.T) {
	for _, info := range variants.List() {
		if !info.Playable() || info.ID == "dice" {
			continue
		}
		v, err := info.New("")
		if err != nil {
			t.Fatal(err)
		}
		p := turn.NewPlayer(v, 10)
		for n := search.MinLevel - 1; n <= search.MaxLevel+1; n++ {
			if got, want := p.Level(n), search.LevelOf(n); got != want {
				t.Errorf("%s level %d = %+v, want %+v", info.ID, n, got, want)
			}
		}
	}
}

// TestDiceThinkKeepsToItsLevel checks that Think plays dice chess at the dice levels: no
// iteration deeper than the level's depth, no more nodes than its budget (plus one look at
// the budget, every 1024 nodes).
func TestDiceThinkKeepsToItsLevel(t *testing.T) {
	v := open(t, "dice", "")
	for n := search.MinLevel; n < search.MaxLevel; n++ {
		g, err := variants.NewGame("dice", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(turn.RollAction(turn.Dice{A: 2, B: 2})); err != nil {
			t.Fatal(err)
		}
		p := turn.NewPlayer(v, 14)
		lv := p.Level(n)
		th, err := p.Think(g, turn.ThinkOptions{Level: n, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		if lv.Depth > 0 && th.Depth > lv.Depth {
			t.Errorf("level %d: depth %d, want at most %d", n, th.Depth, lv.Depth)
		}
		if th.Nodes > lv.Nodes+1024 {
			t.Errorf("level %d: %d nodes, want at most %d", n, th.Nodes, lv.Nodes+1024)
		}
	}
}
