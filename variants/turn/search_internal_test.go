package turn

import (
	"testing"

	"github.com/plyground/plyground/engine"
)

// TestD1_ChanceOfTypes checks the odds of a roll allowing one of k piece types, counted by
// hand: the 6 doubles allow everything (D1), and of the 30 ordered pairs of different numbers
// the ones showing none of the k numbers are (6-k)(5-k).
func TestD1_ChanceOfTypes(t *testing.T) {
	for k, want := range []int{6, 16, 24, 30, 34, 36, 36} {
		if got := chanceOfTypes(k); got != want {
			t.Errorf("chanceOfTypes(%d) = %d/36, want %d/36", k, got, want)
		}
	}
}

// TestD4_DiceOddsKingInCheck checks the dice-chess evaluation of a king in check before the
// roll (D3, D4): it may survive, but less often when fewer piece types can answer the check,
// and a king left attacked by the opponent's pass is likely taken.
func TestD4_DiceOddsKingInCheck(t *testing.T) {
	g := &SearchGame{dice: true}
	state := func(fen string) State {
		p, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return NewState(Setup{Position: p, Plies: 1, Number: 1})
	}
	// Black in check from the rook on e1: only the king can answer (a 6 or a double), or
	// also a bishop that can block on e2 (a 3 as well).
	kingOnly := g.diceOdds(state("4k3/8/8/8/8/8/8/K3R3 b - - 0 1"))
	withBlock := g.diceOdds(state("4k3/8/8/1b6/8/8/8/K3R3 b - - 0 1"))
	if kingOnly >= 0 || withBlock >= 0 || kingOnly >= withBlock {
		t.Errorf("odds in check: king only %d, with a blocking bishop %d (want both < 0, king only lower)", kingOnly, withBlock)
	}
	// White to move with the black king attacked by the rook (Black passed in check): White
	// takes it on a 4 or a double, 16 times in 36.
	p, err := engine.ParseFEN("4k3/8/8/8/8/8/8/K3R3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(Setup{Position: p.WithTurn(engine.White), Plies: 1, Number: 2})
	if got := g.diceOdds(s); got != 3000*16/36 {
		t.Errorf("odds of taking the king: %d, want %d", got, 3000*16/36)
	}
}
