package dice

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// BenchmarkDiceTurn measures one dice turn (roll, list the actions, play one) in random games;
// dice chess has no turn-perft.
func BenchmarkDiceTurn(b *testing.B) {
	v := New(Options{})
	start, _ := v.Start("")
	s := start
	rng := rand.New(rand.NewPCG(1, 1))
	var buf []turn.Action
	for b.Loop() {
		if v.Outcome(s).Over() || s.Seq() > 200 {
			s = start
		}
		s = v.Do(s, turn.RollAction(Throw(rng)))
		buf = v.Actions(s, buf[:0])
		s = v.Do(s, buf[rng.IntN(len(buf))])
	}
}
