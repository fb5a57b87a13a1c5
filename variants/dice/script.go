package dice

import "github.com/plyground/plyground/variants/turn"

// Script is a Source that gives the dice of rolls written in advance, in order, then draws
// from another Source. Tests and the browser tests' hook decide the rolls with it: the
// session's tests, and the page served with its test hooks on. A Script is used by one
// goroutine at a time.
type Script struct {
	dice []uint8 // die values in the order thrown; a value outside 1..6 is drawn from then
	next int
	then Source
}

// NewScript returns a Source giving the dice of rolls in order (each roll's A, then its B),
// then drawing from then (CryptoSource when nil). Only throws of one die (IntN(6)) take a
// scripted value; other draws come from then.
func NewScript(rolls []turn.Dice, then Source) *Script {
	if then == nil {
		then = CryptoSource{}
	}
	sc := &Script{then: then}
	for _, r := range rolls {
		sc.dice = append(sc.dice, r.A, r.B)
	}
	return sc
}

// IntN returns the next scripted die minus one when n is 6 and a die is left, else a number
// from the Source after the script. A scripted value outside 1..6 is used up and replaced by
// a draw.
func (sc *Script) IntN(n int) int {
	if n == 6 && sc.next < len(sc.dice) {
		v := sc.dice[sc.next]
		sc.next++
		if v >= 1 && v <= 6 {
			return int(v) - 1
		}
	}
	return sc.then.IntN(n)
}

// Left returns how many scripted dice are still to come.
func (sc *Script) Left() int { return len(sc.dice) - sc.next }
