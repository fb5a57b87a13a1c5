package session

import (
	"errors"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Draw offers to the computer and repetition as it happens.

// DrawMargin is how far behind, in centipawns, the computer must judge itself to accept a
// draw: it plays on while it is level or better.
const DrawMargin = 50

// Eval is the computer's judgement of the game at its last turn, for its own side.
type Eval struct {
	Score int  // centipawns, for the computer's side
	Mate  bool // Score is a forced mate (won when positive, lost when negative)
	OK    bool // the computer has judged the game
}

// NoteEval keeps the computer's judgement of its last turn (the worker's score, for the side
// that moved), which a draw offer is answered from.
func (s *Session) NoteEval(score int, mate bool) { s.eval = Eval{Score: score, Mate: mate, OK: true} }

// ErrNoComputer is returned for a draw offer in a game without a computer opponent.
var ErrNoComputer = errors.New("no computer to offer a draw to")

// OfferDraw offers the computer a draw: it accepts, and the game ends drawn by agreement,
// when its last judgement of the game has it at least DrawMargin behind (or mated); it
// declines before it has judged the game at all. accepted says which.
func (s *Session) OfferDraw() (accepted bool, err error) {
	if !s.seats[engine.White].Computer && !s.seats[engine.Black].Computer {
		return false, ErrNoComputer
	}
	if s.Over() {
		return false, turn.ErrGameOver
	}
	e := s.eval
	if !e.OK || e.Score > -DrawMargin {
		return false, nil
	}
	if err := s.AgreeDraw(); err != nil {
		return false, err
	}
	return true, nil
}

// Repetitions returns how many times the live position has come up at the start of a turn
// (O2: a turn start reached by a pass does not count, D7), or 0 when repetition does not
// apply (progressive chess, P7) or the game is over.
func (s *Session) Repetitions() int {
	g := s.game
	if r, ok := g.Variant().(turn.Repeater); ok && !r.Repeats() || s.Over() {
		return 0
	}
	states, acts := g.States(), g.Actions()
	last := states[len(states)-1]
	if !repetitionPoint(last) {
		return 0
	}
	n := 0
	for i, st := range states {
		if i > 0 && acts[i-1].Kind == turn.Pass && !g.Legacy() {
			continue
		}
		if repetitionPoint(st) && st.Key() == last.Key() {
			n++
		}
	}
	return n
}

// repetitionPoint reports whether st is where repetition is judged: a turn's start, before
// any roll.
func repetitionPoint(st turn.State) bool { return st.Ply() == 0 && st.Roll() == (turn.Dice{}) }
