package necgame

import (
	"errors"
	"fmt"
	"slices"

	"github.com/plyground/plyground/variants/nec"
)

// Cond is the condition of the next step added to a draft.
type Cond uint8

// The conditions of a step (RULES.md 4.1).
const (
	// Replace: the pick replaces the whole order by one move (the first step has no condition).
	Replace Cond = iota
	// IfFails: "if this capture fails, play ..." (N4).
	IfFails
	// IfCaptured: "if this piece is captured, move this other piece instead" (N8).
	IfCaptured
)

// String names the condition as the page writes it.
func (c Cond) String() string {
	switch c {
	case IfFails:
		return "if the capture fails"
	case IfCaptured:
		return "if the piece is captured"
	}
	return "move"
}

// Errors of the draft.
var (
	ErrNotYours     = errors.New("not a piece of the player")
	ErrNoSelection  = errors.New("no piece is selected")
	ErrNotATarget   = errors.New("the selected piece cannot go there on the visible board")
	ErrNoFallback   = errors.New("no step of the order can lead to this fallback")
	ErrOrderTooLong = errors.New("the order has the most steps allowed")
)

// Draft is the order a person is entering on the visible board: its steps, the piece picked
// up, and the condition the next step gets.
type Draft struct {
	s      nec.State
	player int
	steps  []nec.Step
	sel    nec.PieceID
	cond   Cond
}

func newDraft(s nec.State, player int) *Draft { return &Draft{s: s, player: player} }

// NewDraft returns an empty draft of player's order on the visible board s.
func NewDraft(s nec.State, player int) *Draft { return newDraft(s, player) }

// Player returns the player whose order this is.
func (d *Draft) Player() int { return d.player }

// Order returns the order entered so far (no steps: the player passes).
func (d *Draft) Order() nec.Order {
	return nec.Order{Player: d.player, Steps: slices.Clone(d.steps)}
}

// Steps returns the steps entered so far.
func (d *Draft) Steps() []nec.Step { return slices.Clone(d.steps) }

// Text returns the order in the seed-like notation ("Rx(12,15) / R(7,13)"); "" when empty.
func (d *Draft) Text() string {
	if len(d.steps) == 0 {
		return ""
	}
	return d.s.FormatOrder(d.Order())
}

// StepText returns step i alone in the notation, without its condition.
func (d *Draft) StepText(i int) string {
	if i < 0 || i >= len(d.steps) {
		return ""
	}
	return d.s.FormatOrder(nec.Order{Player: d.player, Steps: []nec.Step{{Move: d.steps[i].Move}}})
}

// Movable returns the player's pieces that have at least one target, by identifier.
func (d *Draft) Movable() []nec.PieceID {
	var out []nec.PieceID
	for _, pc := range d.s.Pieces() {
		if pc.Owner != d.player {
			continue
		}
		if t, err := d.s.Targets(pc.ID); err == nil && (len(t.Rays) > 0 || len(t.Points) > 0) {
			out = append(out, pc.ID)
		}
	}
	return out
}

// Select picks up piece id (0 puts the piece down).
func (d *Draft) Select(id nec.PieceID) error {
	if id == 0 {
		d.sel = 0
		return nil
	}
	pc, ok := d.s.Piece(id)
	if !ok || pc.Owner != d.player {
		return fmt.Errorf("select: %w", ErrNotYours)
	}
	d.sel = id
	return nil
}

// SelectAt picks up the player's piece on sq.
func (d *Draft) SelectAt(sq nec.Square) error {
	for _, pc := range d.s.At(sq) {
		if pc.Owner == d.player {
			return d.Select(pc.ID)
		}
	}
	return fmt.Errorf("select %v: %w", sq, ErrNotYours)
}

// Selected returns the piece picked up.
func (d *Draft) Selected() (nec.Piece, bool) {
	if d.sel == 0 {
		return nec.Piece{}, false
	}
	return d.s.Piece(d.sel)
}

// Targets returns the legal targets of the piece picked up on the visible board.
func (d *Draft) Targets() (nec.Targets, bool) {
	if d.sel == 0 {
		return nec.Targets{}, false
	}
	t, err := d.s.Targets(d.sel)
	return t, err == nil
}

// Cond returns the condition the next step gets.
func (d *Draft) Cond() Cond { return d.cond }

// SetCond sets the condition of the next step; IfFails and IfCaptured only when such a step
// could be played (CanAdd).
func (d *Draft) SetCond(c Cond) error {
	if c != Replace && !d.CanAdd(c) {
		return fmt.Errorf("%v: %w", c, ErrNoFallback)
	}
	d.cond = c
	return nil
}

// CanAdd reports whether a step with condition c added at the end could ever be played
// (RULES.md 5.6): for IfFails, some reachable step is an ordinary capture with no if-fails
// step after it; for IfCaptured, some reachable step moves a piece that may be captured while
// it moves, with no if-captured step after it.
func (d *Draft) CanAdd(c Cond) bool {
	if len(d.steps) == 0 || len(d.steps) >= nec.MaxSteps {
		return c == Replace
	}
	if c == Replace {
		return true
	}
	reach := d.reachable()
	for k, st := range d.steps {
		if !reach[k] {
			continue
		}
		later := false
		for _, l := range d.steps[k+1:] {
			later = later || l.IfCaptured == (c == IfCaptured)
		}
		if later {
			continue
		}
		switch c {
		case IfFails:
			if d.ordinaryCapture(st.Move) {
				return true
			}
		case IfCaptured:
			if d.mayBeCaptured(st.Move.From) {
				return true
			}
		}
	}
	return false
}

// reachable marks the steps that can be played (RULES.md 5.6).
func (d *Draft) reachable() []bool {
	r := make([]bool, len(d.steps))
	if len(r) == 0 {
		return r
	}
	r[0] = true
	for i := range d.steps {
		if !r[i] {
			continue
		}
		fails, captured := d.ordinaryCapture(d.steps[i].Move), d.mayBeCaptured(d.steps[i].Move.From)
		for j := i + 1; j < len(d.steps); j++ {
			if d.steps[j].IfCaptured {
				if captured {
					r[j] = true
					captured = false
				}
			} else if fails {
				r[j] = true
				fails = false
			}
		}
	}
	return r
}

// ordinaryCapture reports whether m captures pieces standing on its target (not a steal).
func (d *Draft) ordinaryCapture(m nec.Move) bool { return m.Capture && len(d.s.At(m.To)) > 0 }

// mayBeCaptured reports whether the player's piece on sq could be captured while it moves:
// capturable, or moved in the last update while another player has a time thief (5.6).
func (d *Draft) mayBeCaptured(sq nec.Square) bool {
	for _, pc := range d.s.At(sq) {
		if pc.Owner != d.player {
			continue
		}
		if pc.Capturable() {
			return true
		}
		if pc.Moved {
			for _, q := range d.s.Pieces() {
				if q.Kind == nec.TimeThief && q.Owner != d.player {
					return true
				}
			}
		}
	}
	return false
}

// Pick moves the piece picked up to sq: with the condition Replace the order becomes this one
// move; otherwise the move is added as a fallback with the condition set. The piece is put
// down and the condition goes back to Replace.
func (d *Draft) Pick(sq nec.Square) error {
	if d.sel == 0 {
		return fmt.Errorf("pick %v: %w", sq, ErrNoSelection)
	}
	t, err := d.s.Targets(d.sel)
	if err != nil {
		return fmt.Errorf("pick %v: %w", sq, err)
	}
	tg, ok := t.Contains(sq)
	if !ok {
		return fmt.Errorf("pick %v: %w", sq, ErrNotATarget)
	}
	step := nec.Step{Move: nec.Move{From: t.From, To: sq, Capture: tg.Capture}}
	steps := []nec.Step{step}
	if d.cond != Replace && len(d.steps) > 0 {
		if len(d.steps) >= nec.MaxSteps {
			return fmt.Errorf("pick %v: %w", sq, ErrOrderTooLong)
		}
		step.IfCaptured = d.cond == IfCaptured
		steps = append(slices.Clone(d.steps), step)
	}
	o := nec.Order{Player: d.player, Steps: steps}
	if err := d.s.Validate(o); err != nil {
		return fmt.Errorf("pick %v: %w", sq, err)
	}
	d.steps = steps
	d.sel = 0
	d.cond = Replace
	return nil
}

// Undo removes the last step.
func (d *Draft) Undo() {
	if len(d.steps) > 0 {
		d.steps = d.steps[:len(d.steps)-1]
	}
	d.sel = 0
	d.cond = Replace
}

// Clear empties the draft.
func (d *Draft) Clear() {
	d.steps = nil
	d.sel = 0
	d.cond = Replace
}

// SetText replaces the order by one written in the notation (RULES.md 11.1), validated on the
// visible board.
func (d *Draft) SetText(text string) error {
	o, err := d.s.ParseOrder(d.player, text)
	if err != nil {
		return err
	}
	d.steps = o.Steps
	d.sel = 0
	d.cond = Replace
	return nil
}
