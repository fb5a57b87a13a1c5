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

// Thinking reports whether a request to the computer awaits its answer, or its answer is
// still being played out one action at a time (AnswerStepwise).
func (s *Session) Thinking() bool { return s.pending != 0 }

// Pending returns the id of the request awaiting an answer (or being played out).
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
	r, err := s.AnswerStepwise(id, actions)
	if err != nil {
		return err
	}
	for {
		more, err := r.Step()
		if err != nil || !more {
			return err
		}
	}
}

// AnswerStepwise checks the computer's whole answer to request id as Answer does, and plays
// none of it yet: the Reply it returns plays it one action at a time (Reply.Step), so that
// the screen can show every ply of a turn in turn. Either every action is legal, or the error
// says which is not and nothing will be played. Until the reply is played out the request
// stays pending (Thinking, and no new Request); Cancel, a take back, a redo or the end of
// the game (resignation, time) makes the rest of it stale.
func (s *Session) AnswerStepwise(id int, actions []string) (*Reply, error) {
	if id == 0 || id != s.pending {
		return nil, ErrStale
	}
	plan, err := s.check(actions)
	if err != nil {
		s.pending = 0
		return nil, err
	}
	return &Reply{s: s, id: id, gen: s.gen, actions: plan}, nil
}

// check parses the computer's actions and tries them on the live game, which it leaves as
// it was: every action must be legal in turn, and all but the first must come while the
// computer is still to move.
func (s *Session) check(actions []string) ([]turn.Action, error) {
	if len(actions) == 0 {
		return nil, errors.New("computer answer: no action")
	}
	var plan []turn.Action
	g := s.game
	defer func() {
		for range plan {
			g.Undo()
		}
	}()
	for i, text := range actions {
		if !s.ComputerToMove() && i > 0 {
			return nil, fmt.Errorf("computer answer: action %d (%s) after the computer's turn ended", i+1, text)
		}
		a, err := turn.ParseAction(g.Variant(), g.State(), text)
		if err != nil {
			return nil, fmt.Errorf("computer answer: action %d (%s) is not legal now: %w", i+1, text, err)
		}
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("computer answer: action %d (%s): %w", i+1, text, err)
		}
		plan = append(plan, a)
	}
	return plan, nil
}

// Reply is a checked answer of the computer (AnswerStepwise), played one action at a time.
type Reply struct {
	s       *Session
	id      int // the request answered
	gen     int // the session's gen after the last action played by the reply
	actions []turn.Action
	next    int // the index of the next action to play
}

// Step plays the next action of the reply, with what follows every action (clocks, redo
// bookkeeping). more reports whether actions remain to be played; once none remains the
// request is answered. It returns ErrStale, and plays nothing, when the request was
// cancelled or the game changed otherwise since the reply's last action (a take back, a
// redo, a resignation, a flag fall, a new request).
func (r *Reply) Step() (more bool, err error) {
	s := r.s
	if r.next >= len(r.actions) {
		return false, nil
	}
	if s.pending != r.id || s.gen != r.gen {
		return false, ErrStale
	}
	if err := s.apply(r.actions[r.next]); err != nil { // cannot happen: checked whole
		i := r.next
		s.pending = 0
		r.next = len(r.actions)
		return false, fmt.Errorf("computer answer: action %d: %w", i+1, err)
	}
	r.next++
	r.gen = s.gen
	if r.next == len(r.actions) {
		s.pending = 0
		return false, nil
	}
	return true, nil
}

// Left returns the number of actions of the reply not played yet.
func (r *Reply) Left() int { return len(r.actions) - r.next }

// Len returns the number of actions of the reply.
func (r *Reply) Len() int { return len(r.actions) }

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
