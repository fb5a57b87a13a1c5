package variants

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// soak plays games random games of every playable variant (fixed seeds) of at most maxActions
// actions each and checks, for each game: every action is legal; a state without legal
// actions has a decided outcome and vice versa for checkmate and stalemate; the record string
// decodes and replays to the very same states (at every action for the first perPly games,
// at the end for the others); the PGN imports back to the same record (every pgnEvery-th
// game); nothing panics.
func soak(t *testing.T, games, maxActions, perPly, pgnEvery int) {
	for _, info := range List() {
		if !info.Playable() {
			continue
		}
		t.Run(info.ID, func(t *testing.T) {
			optionSets := []string{""}
			switch info.ID {
			case "sdm":
				optionSets = []string{"", "tokens=3", "tokens=2,swap=true"}
			case "marseillais":
				optionSets = []string{"", "unbalanced=true"}
			case "dice":
				optionSets = []string{"", "promotion=rolled"}
			}
			for i := 0; i < games; i++ {
				opts := optionSets[i%len(optionSets)]
				soakGame(t, info.ID, opts, uint64(i), maxActions, i < perPly, pgnEvery > 0 && i%pgnEvery == 0)
				if t.Failed() {
					t.Fatalf("game %d (options %q) failed", i, opts)
				}
			}
		})
	}
}

func soakGame(t *testing.T, id, opts string, seed uint64, maxActions int, perPly, pgn bool) {
	t.Helper()
	v, err := Open(id, opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := turn.NewGame(v, "")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var buf []turn.Action
	for n := 0; n < maxActions; n++ {
		s := g.State()
		buf = v.Actions(s, buf[:0])
		o := g.Outcome()
		so := v.Outcome(s)
		switch {
		case len(buf) == 0 && !so.Over():
			t.Fatalf("seed %d action %d: no legal action but no outcome (%s)", seed, n, v.FEN(s))
		case mateLike(so.Reason) && len(buf) != 0:
			t.Fatalf("seed %d action %d: outcome %v but %d legal actions", seed, n, so, len(buf))
		}
		if o.Over() {
			break
		}
		a := buf[rng.IntN(len(buf))]
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d action %d: legal action %v refused: %v", seed, n, a, err)
		}
		if perPly {
			back, err := Decode(g.Encode())
			if err != nil {
				t.Fatalf("seed %d action %d: decode: %v", seed, n, err)
			}
			if back.State() != g.State() || back.Outcome() != g.Outcome() {
				t.Fatalf("seed %d action %d: decoded state differs", seed, n)
			}
		}
	}
	text := g.Encode()
	back, err := Decode(text)
	if err != nil {
		t.Fatalf("seed %d: decode %q: %v", seed, text, err)
	}
	want, got := g.States(), back.States()
	if len(want) != len(got) {
		t.Fatalf("seed %d: %d states decoded, want %d", seed, len(got), len(want))
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("seed %d: state %d differs after decoding", seed, i)
		}
	}
	if back.Outcome() != g.Outcome() {
		t.Fatalf("seed %d: outcome %v after decoding, want %v", seed, back.Outcome(), g.Outcome())
	}
	if pgn {
		text := g.PGN(nil)
		imp, _, err := ParsePGN(text)
		if err != nil {
			t.Fatalf("seed %d: PGN import: %v\n%s", seed, err, text)
		}
		if imp.Encode() != g.Encode() {
			t.Fatalf("seed %d: PGN round trip changed the record\n%s", seed, text)
		}
	}
}

func mateLike(r turn.Reason) bool {
	switch r {
	case turn.Checkmate, turn.Stalemate, turn.ProgressiveCheckmate, turn.ProgressiveStalemate, turn.KingCaptured:
		return true
	}
	return false
}

// TestRandomGamesRoundTrip is the soak test every run does: 1,000 games per variant.
func TestRandomGamesRoundTrip(t *testing.T) {
	soak(t, 1000, 120, 10, 10)
}
