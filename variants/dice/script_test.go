package dice

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// counter is a Source that counts its draws and always gives 0.
type counter struct{ n int }

func (c *counter) IntN(int) int { c.n++; return 0 }

func TestD6_ScriptGivesItsRollsThenItsSource(t *testing.T) {
	then := &counter{}
	sc := NewScript([]turn.Dice{{A: 3, B: 5}, {A: 7, B: 6}, {A: 1, B: 1}}, then)
	if sc.Left() != 6 {
		t.Fatalf("%d dice left, want 6", sc.Left())
	}
	if d := Throw(sc); d != (turn.Dice{A: 3, B: 5}) || then.n != 0 {
		t.Fatalf("first roll %v (%d draws), want 3-5 from the script", d, then.n)
	}
	// Not a die: from the source, and the script keeps its place.
	if v := sc.IntN(2); v != 0 || then.n != 1 || sc.Left() != 4 {
		t.Fatalf("IntN(2) = %d, %d draws, %d left", v, then.n, sc.Left())
	}
	// A value that is not a die's is used up and replaced by a draw.
	if d := Throw(sc); d != (turn.Dice{A: 1, B: 6}) || then.n != 2 {
		t.Fatalf("second roll %v (%d draws), want 1-6 with one draw", d, then.n)
	}
	if d := Throw(sc); d != (turn.Dice{A: 1, B: 1}) || sc.Left() != 0 {
		t.Fatalf("third roll %v, %d left", d, sc.Left())
	}
	if d := Throw(sc); d != (turn.Dice{A: 1, B: 1}) || then.n != 4 {
		t.Fatalf("after the script: %v, %d draws", d, then.n)
	}
	// Without a source, crypto.
	sc = NewScript(nil, nil)
	if d := Throw(sc); !d.Valid() {
		t.Errorf("crypto roll %v", d)
	}
	// With a seeded source, the same rolls as the source alone.
	a, b := NewScript(nil, rand.New(rand.NewPCG(1, 2))), rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 10; i++ {
		if x, y := Throw(a), Throw(b); x != y {
			t.Fatalf("roll %d: %v, want %v", i, x, y)
		}
	}
}
