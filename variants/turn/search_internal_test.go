package turn

import (
	"math"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
)

// TestD4_DiceOddsKingInCheck checks the dice-chess evaluation of a king in check before the
// roll (D3, D4): it may survive, but less often when fewer piece types can answer the check,
// and a king left attacked by the opponent's pass is likely taken, on this roll or a later
// one while the check stays; the rest of the odds keep the value of the game going on.
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
	kingOnly := g.diceOdds(state("4k3/8/8/8/8/8/8/K3R3 b - - 0 1"), 0)
	withBlock := g.diceOdds(state("4k3/8/8/1b6/8/8/8/K3R3 b - - 0 1"), 0)
	if kingOnly >= 0 || withBlock >= 0 || kingOnly >= withBlock {
		t.Errorf("odds in check: king only %d, with a blocking bishop %d (want both < 0, king only lower)", kingOnly, withBlock)
	}
	// Black escapes 16 times in 36, else White takes 16 times in 36, else again: the king
	// falls with odds (20/36)(16/36) / (1 - (20/36)^2) = 320/896.
	if want := int(math.Round(-diceWin * 320.0 / 896)); kingOnly != want {
		t.Errorf("odds of losing the king in check: %d, want %d", kingOnly, want)
	}
	// White to move with the black king attacked by the rook (Black passed in check): White
	// takes it on a 4 or a double, 16 times in 36, else Black escapes 16 times in 36 (one
	// answering type assumed), else again: (16/36) / (1 - (20/36)^2) = 576/896.
	p, err := engine.ParseFEN("4k3/8/8/8/8/8/8/K3R3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(Setup{Position: p.WithTurn(engine.White), Plies: 1, Number: 2})
	f := 576.0 / 896
	for _, v := range []int{0, 300, -600} {
		want := int(math.Round(diceWin*f + (1-f)*float64(v)))
		if got := g.diceOdds(s, v); got != want {
			t.Errorf("odds of taking the king with the game worth %d: %d, want %d", v, got, want)
		}
	}
	// Without a check the value stays.
	if got := g.diceOdds(state("4k3/8/8/8/8/8/8/K2R4 b - - 0 1"), 123); got != 123 {
		t.Errorf("no check: %d, want 123", got)
	}
}

// TestEvalD4KingExposure checks the dice-chess king-exposure term (D3, D4): no check, no
// threat; more piece types that can check make it larger, more types that can answer make it
// smaller, and no answer at all is worse than a double-only answer; the side about to move
// gets its own threat in full and the other side's at half.
func TestEvalD4KingExposure(t *testing.T) {
	if got := exposureThreat(search.Exposure{Checkers: 0, Answers: 0}); got != 0 {
		t.Errorf("threat without a checker = %d, want 0", got)
	}
	for c := 1; c <= 4; c++ {
		for a := 0; a <= 4; a++ {
			v := exposureThreat(search.Exposure{Checkers: c, Answers: a})
			if v <= 0 {
				t.Errorf("threat(%d checkers, %d answers) = %d, want > 0", c, a, v)
			}
			if more := exposureThreat(search.Exposure{Checkers: c + 1, Answers: a}); more <= v {
				t.Errorf("threat(%d checkers, %d answers) = %d, not above %d with one checker less", c+1, a, more, v)
			}
			if fewer := exposureThreat(search.Exposure{Checkers: c, Answers: a + 1}); fewer >= v {
				t.Errorf("threat(%d checkers, %d answers) = %d, not below %d with one answer less", c, a+1, fewer, v)
			}
		}
	}
	// The white king is exposed to a queen check on d1 (one checker, one answer: the king's
	// flight); the black king is safe.
	p, err := engine.ParseFEN("3q2k1/8/8/8/8/8/5PPP/6K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	x := search.KingExposure(p)
	threat := exposureThreat(x[engine.White])
	if threat <= 0 || exposureThreat(x[engine.Black]) != 0 {
		t.Fatalf("exposure %+v: threats %d and %d", x, threat, exposureThreat(x[engine.Black]))
	}
	white := NewState(Setup{Position: p, Plies: 1, Number: 1})
	black := NewState(Setup{Position: p.WithTurn(engine.Black), Plies: 1, Number: 1})
	for _, tc := range []struct {
		name string
		s    State
		want int
	}{
		{"White before the roll (Black's check comes after White's turn)", white, -threat / 2},
		{"White after the roll (standing pat: Black moves next)", white.WithRoll(Dice{A: 1, B: 2}), -threat},
		{"Black before the roll (Black checks now)", black, threat},
		{"Black after the roll", black.WithRoll(Dice{A: 1, B: 2}), threat / 2},
	} {
		if got := diceExposure(tc.s, x); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestEvalD4SquashAvoidsKingRisk checks the squashed dice-chess evaluation (D4): it is odd,
// increasing, close to the evaluation for small values and bounded by squashScale; unsquash
// inverts it; and a side 2000 centipawns ahead declines a gamble that adds a minor piece with
// a 5% risk of losing its king (a loss at a chance node: -diceWin), which it would take with
// raw centipawns.
func TestEvalD4SquashAvoidsKingRisk(t *testing.T) {
	prev := squash(-5000)
	for v := -4999; v <= 5000; v++ {
		s := squash(v)
		if s < prev || s != -squash(-v) || s >= squashScale || s <= -squashScale {
			t.Fatalf("squash(%d) = %d (squash(%d) = %d)", v, s, v-1, prev)
		}
		prev = s
		if v > -1000 && v < 1000 {
			if u := unsquash(s); u < v-3 || u > v+3 {
				t.Errorf("unsquash(squash(%d)) = %d", v, u)
			}
		}
	}
	for v := -2000; v < 2000; v++ {
		if unsquash(v+1) <= unsquash(v) {
			t.Fatalf("unsquash(%d) = %d, unsquash(%d) = %d: not increasing", v, unsquash(v), v+1, unsquash(v+1))
		}
	}
	if s := squash(150); s < 145 || s > 150 {
		t.Errorf("squash(150) = %d, want about 150", s)
	}
	const lossAtChance = -diceWin
	sure, gain, risk := 2000, 330, 0.05
	raw := (1-risk)*float64(sure+gain) + risk*lossAtChance
	squashed := (1-risk)*float64(squash(sure+gain)) + risk*lossAtChance
	if raw <= float64(sure) {
		t.Fatalf("the example is no gamble in raw centipawns: %.0f vs %d", raw, sure)
	}
	if squashed >= float64(squash(sure)) {
		t.Errorf("squashed, the gamble is worth %.0f, not below the sure %d", squashed, squash(sure))
	}
}
