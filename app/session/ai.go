package session

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

// Request asks a computer opponent for its turn: the game so far as a record string and
// the strength wanted. ID names the request; an answer carrying another ID is stale.
type Request struct {
	ID     int
	Record string
	Level  int
}

// ErrStale is returned by Answer for an answer to a request that was cancelled or replaced
// (by a take back, a new game, a resignation).
var ErrStale = errors.New("stale answer from the computer")

// Thinking reports whether a request to the computer awaits its answer.
func (s *Session) Thinking() bool { return s.pending != 0 }

// Pending returns the id of the request awaiting an answer.
func (s *Session) Pending() (int, bool) { return s.pending, s.pending != 0 }

// ComputerToMove reports whether the computer plays the side to move in a game that goes
// on.
func (s *Session) ComputerToMove() bool {
	return !s.Over() && s.seats[s.Mover()].Computer
}

// Request returns a new request for the computer when it is to move and no request is
// pending. A roll due for the computer is rolled first (from the session's dice source,
// D6), with its forced pass if it allows no ply; then no request may be needed.
func (s *Session) Request() (Request, bool) {
	if s.pending != 0 || !s.ComputerToMove() {
		return Request{}, false
	}
	if rollDue(s.actions()) {
		if err := s.roll(); err != nil {
			return Request{}, false
		}
		if !s.ComputerToMove() || rollDue(s.actions()) {
			return Request{}, false
		}
	}
	s.lastID++
	s.pending = s.lastID
	seat := s.seats[s.Mover()]
	return Request{ID: s.pending, Record: s.game.Encode(), Level: seat.Level}, true
}

// Cancel forgets the pending request: its answer, if it comes, is stale.
func (s *Session) Cancel() { s.pending = 0 }

// Answer plays the computer's answer to request id: its actions in order, each written as
// turn.Action.String() ("e2e4", "e2e4+spend", "pass", "take d8e1"). Either every action is
// legal and all are played, or none is and the error says which failed.
func (s *Session) Answer(id int, actions []string) error {
	if id == 0 || id != s.pending {
		return ErrStale
	}
	s.pending = 0
	if len(actions) == 0 {
		return errors.New("computer answer: no action")
	}
	var plan []turn.Action
	g := s.game
	played := 0
	undo := func() {
		for ; played > 0; played-- {
			g.Undo()
		}
	}
	for i, text := range actions {
		if !s.ComputerToMove() && i > 0 {
			undo()
			return fmt.Errorf("computer answer: action %d (%s) after the computer's turn ended", i+1, text)
		}
		a, ok := parseAction(g.Variant(), g.State(), text)
		if !ok {
			undo()
			return fmt.Errorf("computer answer: action %d (%s) is not legal now", i+1, text)
		}
		if err := g.Apply(a); err != nil {
			undo()
			return fmt.Errorf("computer answer: action %d (%s): %w", i+1, text, err)
		}
		plan = append(plan, a)
		played++
	}
	// Replay through apply for the bookkeeping (redo, clocks, forced passes).
	undo()
	for _, a := range plan {
		if err := s.apply(a); err != nil {
			return fmt.Errorf("computer answer: %w", err)
		}
	}
	return nil
}

// parseAction finds the legal action of st written text (turn.Action.String()).
func parseAction(v turn.Variant, st turn.State, text string) (turn.Action, bool) {
	for _, a := range v.Actions(st, nil) {
		if a.String() == text {
			return a, true
		}
	}
	return turn.Action{}, false
}

// RandomTurn plays a turn of legal actions picked at random from src, starting at st (whose
// roll, in dice chess, must be made), and returns them as texts for Answer. It is the
// placeholder opponent used until the engine's worker answers; it is also handy in tests.
func RandomTurn(v turn.Variant, st turn.State, src dice.Source) []string {
	var out []string
	seq := st.Seq()
	for len(out) < 64 {
		acts := v.Actions(st, nil)
		if len(acts) == 0 || v.Outcome(st).Over() {
			break
		}
		turn.SortActions(acts)
		a := acts[src.IntN(len(acts))]
		if a.Kind == turn.Roll {
			break
		}
		out = append(out, a.String())
		st = v.Do(st, a)
		if st.Seq() != seq || st.Ended().Over() {
			break
		}
	}
	return out
}
