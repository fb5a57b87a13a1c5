package turn

import (
	"fmt"

	"github.com/plyground/plyground/engine"
)

// End is a way a game ends that the actions do not show: resignation, agreement, time.
type End uint8

// The ends.
const (
	NoEnd End = iota
	WhiteResigns
	BlackResigns
	DrawAgreed
	WhiteFlagged // White's time ran out (S7)
	BlackFlagged // Black's time ran out (S7)
	numEnds
)

var endTexts = [...]string{"", "White resigns", "Black resigns", "draw agreed",
	"White lost on time", "Black lost on time"}

// String returns the end in words ("White resigns"); "" for NoEnd.
func (e End) String() string {
	if int(e) < len(endTexts) {
		return endTexts[e]
	}
	return "end?"
}

// Outcome returns the outcome an end gives.
func (e End) Outcome() Outcome {
	switch e {
	case WhiteResigns:
		return Outcome{BlackWins, Resignation, ""}
	case BlackResigns:
		return Outcome{WhiteWins, Resignation, ""}
	case DrawAgreed:
		return Outcome{Draw, Agreement, ""}
	case WhiteFlagged:
		return Outcome{BlackWins, Time, "S7"}
	case BlackFlagged:
		return Outcome{WhiteWins, Time, "S7"}
	}
	return Outcome{}
}

// Record is a game as stored, shared, replayed and sent to the worker: the variant, its
// options, the start position and every action (plies, token spends, passes, dice rolls), plus
// how it ended when the actions do not say.
type Record struct {
	Variant string   // catalogue ID
	Options string   // canonical option text ("" = defaults)
	Start   string   // FEN of the start ("" = the standard start)
	Actions []Action // in order, rolls included
	End     End      // resignation, agreement, time; NoEnd otherwise
	// Legacy: the game follows the rules of game records of version 1 (State.Legacy), and its
	// Start is read as version 1 read it (FENUpgrader).
	Legacy bool
	// Hints are the indexes in Actions of the first actions of the turns played with a hint
	// (Game.UseHint), in increasing order; Len(Actions) marks the turn about to begin.
	Hints []int
}

// Game is a game in progress: a variant, the states it went through and the actions that led
// from one to the next. It judges repetition (O2), which needs the history, and an End.
type Game struct {
	v       Variant
	start   string // as Record.Start: for a legacy game, the FEN as version 1 read it
	states  []State
	actions []Action
	keys    map[uint64]int // turn-start keys seen, with their counts
	end     End
	legacy  bool  // the rules of version 1 records (State.Legacy)
	hints   []int // first actions of the turns played with a hint (hint.go)
}

// NewGame starts a game of v from fen ("" = the standard start).
func NewGame(v Variant, fen string) (*Game, error) {
	s, err := v.Start(fen)
	if err != nil {
		return nil, err
	}
	start := ""
	if fen != "" {
		std, err := v.Start("")
		if err != nil {
			return nil, err
		}
		if start = v.FEN(s); start == v.FEN(std) {
			start = ""
		}
	}
	g := &Game{v: v, start: start, states: []State{s}, keys: map[uint64]int{}}
	g.note(s, 1)
	return g, nil
}

// newLegacyGame starts a game of v from fen as a record of version 1 meant it, under the rules
// of that version (State.Legacy). The game keeps fen as its start, as version 1 wrote it.
func newLegacyGame(v Variant, fen string) (*Game, error) {
	now := fen
	if up, ok := v.(FENUpgrader); ok && fen != "" {
		var err error
		if now, err = up.UpgradeFEN(fen); err != nil {
			return nil, err
		}
	}
	s, err := v.Start(now)
	if err != nil {
		return nil, err
	}
	s = s.asLegacy()
	g := &Game{v: v, start: fen, states: []State{s}, keys: map[uint64]int{}, legacy: true}
	g.note(s, 1)
	return g, nil
}

// Legacy reports whether the game follows the rules of game records of version 1 (see
// State.Legacy): a record of that version that today's rules would read as another game.
func (g *Game) Legacy() bool { return g.legacy }

// Replay plays the record's actions through v, checking each one. v must be the record's
// variant with the record's options. The error names the action that fails.
func Replay(v Variant, r Record) (*Game, error) {
	if v.ID() != r.Variant {
		return nil, fmt.Errorf("record of variant %q replayed as %q", r.Variant, v.ID())
	}
	if v.Options() != r.Options {
		return nil, fmt.Errorf("record with options %q replayed with options %q", r.Options, v.Options())
	}
	newGame := NewGame
	if r.Legacy {
		newGame = newLegacyGame
	}
	g, err := newGame(v, r.Start)
	if err != nil {
		return nil, fmt.Errorf("record start: %w", err)
	}
	for i, a := range r.Actions {
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d (%s): %w", i+1, a, err)
		}
	}
	if r.End != NoEnd {
		if err := g.Finish(r.End); err != nil {
			return nil, err
		}
	}
	if err := g.setHints(r.Hints); err != nil {
		return nil, fmt.Errorf("record hints: %w", err)
	}
	return g, nil
}

// turnStart reports whether s is where repetition is judged: the start of a turn, before any
// roll.
func turnStart(s State) bool { return s.ply == 0 && s.roll == (Dice{}) && !s.over.Over() }

// counts reports whether the state that a led to counts toward repetition: a position reached
// by a pass does not (D7), so that passes alone never repeat a position. (Under the rules of
// version 1 records, it did.)
func (g *Game) counts(a Action) bool { return a.Kind != Pass || g.legacy }

func (g *Game) note(s State, d int) {
	if turnStart(s) {
		g.keys[s.Key()] += d
	}
}

// Variant returns the game's variant.
func (g *Game) Variant() Variant { return g.v }

// State returns the current state.
func (g *Game) State() State { return g.states[len(g.states)-1] }

// States returns the states of the game: States()[i] is the state before action i.
func (g *Game) States() []State { return append([]State(nil), g.states...) }

// Actions returns the actions played so far.
func (g *Game) Actions() []Action { return append([]Action(nil), g.actions...) }

// Len returns the number of actions played.
func (g *Game) Len() int { return len(g.actions) }

// Outcome returns the outcome so far: an End, what the state shows, or a threefold
// repetition of a turn start (O2: the start of the game and every turn start reached by a
// ply count; one reached by a pass does not, D7).
func (g *Game) Outcome() Outcome {
	if g.end != NoEnd {
		return g.end.Outcome()
	}
	s := g.State()
	if o := g.v.Outcome(s); o.Over() {
		return o
	}
	if r, ok := g.v.(Repeater); ok && !r.Repeats() && !g.legacy {
		return Outcome{}
	}
	if turnStart(s) && g.keys[s.Key()] >= 3 {
		rule := g.v.Rule(Repetition)
		if lr, ok := g.v.(LegacyRuler); ok && g.legacy {
			rule = lr.LegacyRule(Repetition)
		}
		return Outcome{Draw, Repetition, rule}
	}
	return Outcome{}
}

// LegacyRuler is implemented by a variant whose rule numbers changed since game records of
// version 1 were written: LegacyRule returns the number of the rule that decided r under the
// rules of that time, for games that keep them (State.Legacy).
type LegacyRuler interface {
	LegacyRule(r Reason) string
}

// sameEnd reports whether two outcomes end a game the same way (the rule numbers aside, which
// may have changed since a record was written).
func sameEnd(a, b Outcome) bool { return a.Result == b.Result && a.Reason == b.Reason }

// Repeater is implemented by a variant that says whether threefold repetition (O2) applies to
// it; it applies to a variant without the method. Progressive chess says no (P7).
type Repeater interface {
	// Repeats reports whether a position can come back, so that repetition applies.
	Repeats() bool
}

// Apply plays a if it is legal; the error says why not (ErrGameOver, *RuleError).
func (g *Game) Apply(a Action) error {
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("%w (%v)", ErrGameOver, o)
	}
	s := g.State()
	if err := g.v.Explain(s, a); err != nil {
		return err
	}
	g.push(a, g.v.Do(s, a))
	return nil
}

func (g *Game) push(a Action, next State) {
	g.states = append(g.states, next)
	g.actions = append(g.actions, a)
	if g.counts(a) {
		g.note(next, 1)
	}
}

// Undo takes back the last action and reports whether there was one. An End is taken back
// first. (Undo never rerolls: the roll is an action like any other, D6.)
func (g *Game) Undo() bool {
	if g.end != NoEnd {
		g.end = NoEnd
		return true
	}
	if len(g.actions) == 0 {
		return false
	}
	if g.counts(g.actions[len(g.actions)-1]) {
		g.note(g.State(), -1)
	}
	g.states = g.states[:len(g.states)-1]
	g.actions = g.actions[:len(g.actions)-1]
	g.dropHints()
	return true
}

// Finish ends the game by resignation, agreement or time.
func (g *Game) Finish(e End) error {
	if e == NoEnd || e >= numEnds {
		return fmt.Errorf("finish: invalid end %d", e)
	}
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("%w (%v)", ErrGameOver, o)
	}
	g.end = e
	return nil
}

// End returns how the game was ended outside the rules of play, or NoEnd.
func (g *Game) End() End { return g.end }

// Record returns the game's record.
func (g *Game) Record() Record {
	return Record{Variant: g.v.ID(), Options: g.v.Options(), Start: g.start,
		Actions: g.Actions(), End: g.end, Legacy: g.legacy, Hints: g.Hints()}
}

// Start returns the FEN the game started from ("" for the standard start); for a legacy game,
// as records of version 1 read it (see Record.Legacy).
func (g *Game) Start() string { return g.start }

// Resign ends the game by the resignation of c.
func (g *Game) Resign(c engine.Color) error {
	if c == engine.White {
		return g.Finish(WhiteResigns)
	}
	return g.Finish(BlackResigns)
}
