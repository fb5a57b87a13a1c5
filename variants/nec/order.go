package nec

import (
	"errors"
	"fmt"
)

// MaxSteps bounds the number of steps of one order (RULES.md 4.1, NEC-D6).
const MaxSteps = 64

// Step is one move of an order with the condition under which it is played. The first step of
// an order is played first; a later step is played when the step before it in the walk fails
// (RULES.md 4.2): an if-fails step (IfCaptured false) when an ordinary capture fails because its
// targets moved away, an if-captured step when the moving piece is captured while moving.
type Step struct {
	Move       Move
	IfCaptured bool
}

// Order is one player's submission for one update: a move and its fallbacks.
type Order struct {
	Player int
	Steps  []Step
}

// Errors of order validation.
var (
	ErrNoSuchPlayer       = errors.New("no such player")
	ErrEliminated         = errors.New("the player has no pieces left")
	ErrEmptyOrder         = errors.New("the order has no step")
	ErrTooManySteps       = errors.New("too many steps")
	ErrFirstStepCondition = errors.New("the first step cannot have a condition")
	ErrUnreachableStep    = errors.New("the step can never be played")
	ErrDuplicateOrder     = errors.New("the player submitted more than one order")
	ErrGameOver           = errors.New("the game is over")
)

// Validate checks one order against the visible board (RULES.md 5). It does not know about
// other orders of the same update; Resolve also rejects duplicate orders. An order of one step
// written as a capture on a square that is empty on the visible board is valid when the plain
// move there is: it is played as that move (N4).
func (s State) Validate(o Order) error {
	_, err := s.checkOrder(o)
	return err
}

// mayBeCaptured reports whether piece i could be captured while it moves in the next update:
// it is capturable, or it moved in the last update and another player has a time thief.
func (s *State) mayBeCaptured(i int32) bool {
	p := &s.pieces[i]
	if p.Marks != 0 {
		return true
	}
	if !p.Moved {
		return false
	}
	for _, q := range s.pieces {
		if q.Kind == TimeThief && q.Owner != p.Owner {
			return true
		}
	}
	return false
}

// checkOrder validates o and returns its checked steps.
func (s *State) checkOrder(o Order) ([]checked, error) {
	if o.Player < 0 || o.Player >= len(s.players) {
		return nil, fmt.Errorf("%w: %d", ErrNoSuchPlayer, o.Player)
	}
	if !s.Alive(o.Player) {
		return nil, fmt.Errorf("%w: %s", ErrEliminated, s.players[o.Player].Name)
	}
	if len(o.Steps) == 0 {
		return nil, ErrEmptyOrder
	}
	if len(o.Steps) > MaxSteps {
		return nil, fmt.Errorf("%w: %d (at most %d)", ErrTooManySteps, len(o.Steps), MaxSteps)
	}
	if o.Steps[0].IfCaptured {
		return nil, fmt.Errorf("step 1: %w", ErrFirstStepCondition)
	}
	cs := make([]checked, len(o.Steps))
	for i, st := range o.Steps {
		c, err := s.checkMove(o.Player, st.Move)
		if err != nil && len(o.Steps) == 1 && !s.legacy {
			c, err = s.unmarkedCapture(o.Player, st.Move, err)
		}
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i+1, err)
		}
		cs[i] = c
	}
	reach := s.reachable(o.Steps, cs, 0)
	for i := range o.Steps {
		if reach&(1<<i) == 0 {
			why := "no earlier ordinary capture can fail into it"
			if o.Steps[i].IfCaptured {
				why = "no earlier step's piece can be captured while it moves (it is neither capturable nor stealable)"
			}
			return nil, fmt.Errorf("step %d: %w: %s", i+1, ErrUnreachableStep, why)
		}
	}
	return cs, nil
}

// unmarkedCapture reads m, the only step of an order, which checkMove refused with err: when m
// is written as a capture on a square that is empty on the visible board, it is no capture
// but the plain move there, if that move is legal (N4, seed example 4). Otherwise err stands.
// An order with fallbacks is never read so: nothing on an empty square can fail (example 5).
func (s *State) unmarkedCapture(player int, m Move, err error) (checked, error) {
	if !m.Capture || !m.To.Valid() || s.b.occupied(m.To) {
		return checked{}, err
	}
	c, perr := s.checkMove(player, Move{From: m.From, To: m.To})
	if perr != nil || c.kind != plainStep {
		return checked{}, err
	}
	c.unmarked = true
	return c, nil
}

// reachable returns the set of steps that the walk can reach from step from (RULES.md 5.6).
func (s *State) reachable(steps []Step, cs []checked, from int) uint64 {
	reach := uint64(1) << from
	for i := from; i < len(steps); i++ {
		if reach&(1<<i) == 0 {
			continue
		}
		if cs[i].kind == captureStep {
			if j := nextStep(steps, i, false); j >= 0 {
				reach |= 1 << j
			}
		}
		if s.mayBeCaptured(cs[i].mover) {
			if j := nextStep(steps, i, true); j >= 0 {
				reach |= 1 << j
			}
		}
	}
	return reach
}

// nextStep returns the first step after i whose condition is ifCaptured, or -1.
func nextStep(steps []Step, i int, ifCaptured bool) int {
	for j := i + 1; j < len(steps); j++ {
		if steps[j].IfCaptured == ifCaptured {
			return j
		}
	}
	return -1
}
