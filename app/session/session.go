package session

import (
	"errors"
	"fmt"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

// Seat says who plays one side.
type Seat struct {
	Name     string // shown on the player bar; "" means the colour's name
	Computer bool   // the computer plays this side
	Level    int    // the computer's strength (1 = weakest)
}

// Config describes a new game.
type Config struct {
	Variant string      // catalogue ID ("marseillais")
	Options string      // option text ("" = defaults)
	Start   string      // FEN of the start ("" = the standard start)
	Seats   [2]Seat     // indexed by engine.Color
	Clock   TimeControl // the zero value means no clocks
}

// Env is what a session takes from the world outside: the dice and the time. The zero Env
// uses crypto/rand for the dice (D6) and the system clock.
type Env struct {
	Dice dice.Source      // nil: dice.CryptoSource
	Now  func() time.Time // nil: time.Now
}

// Notice is a message for the player about the last thing tried: why a ply was refused,
// with the rule's number.
type Notice struct {
	Text string // "Italian rule P4: check only on the last ply of a series"
	Rule string // "P4"; "" when no rule is named
}

// redoEntry is an action (or an End) taken back, ready to be played again.
type redoEntry struct {
	action turn.Action
	end    turn.End
}

type promotion struct {
	from, to engine.Square
	active   bool
}

// Session is a game in progress with everything the play screen needs around it. It is
// not safe for concurrent use: the UI calls it from one goroutine.
type Session struct {
	game  *turn.Game
	info  variants.Info
	seats [2]Seat
	env   Env

	redo   []redoEntry
	view   int // number of actions shown while viewing history; -1 shows the live position
	sel    engine.Square
	promo  promotion
	spend  bool
	notice Notice

	tc           TimeControl
	clock        turn.Clock
	clockStarted bool

	pending int  // id of the computer request awaiting an answer; 0 when none
	eval    Eval // the computer's judgement at its last turn
	lastID  int

	tokens bool // the game uses Sacrifice Tokens
	gen    int  // counts the changes of the game, for the caches below

	rows struct { // the move list, kept while the game and the position shown stay the same
		key  rowsKey
		rows []Row
		ok   bool
	}
	text struct { // the movetext, kept while the game stays the same
		key  rowsKey
		text string
		ok   bool
	}
}

// ErrUnknownVariant is returned for a variant the catalogue does not know or cannot play.
var ErrUnknownVariant = errors.New("unknown variant")

// New starts a game as c describes.
func New(c Config, env Env) (*Session, error) {
	info, ok := variants.Find(c.Variant)
	if !ok || !info.Playable() {
		return nil, fmt.Errorf("%w %q", ErrUnknownVariant, c.Variant)
	}
	g, err := variants.NewGame(info.ID, c.Options, c.Start)
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	return newSession(g, info, c.Seats, c.Clock, env), nil
}

// Load opens a recorded game (replaying and checking every action) with the given seats and
// clocks; the clocks start afresh.
func Load(r turn.Record, seats [2]Seat, tc TimeControl, env Env) (*Session, error) {
	info, ok := variants.Find(r.Variant)
	if !ok || !info.Playable() {
		return nil, fmt.Errorf("%w %q", ErrUnknownVariant, r.Variant)
	}
	g, err := variants.Replay(r)
	if err != nil {
		return nil, fmt.Errorf("load game: %w", err)
	}
	return newSession(g, info, seats, tc, env), nil
}

// Decode opens a game from its record string (turn.Game.Encode).
func Decode(record string, seats [2]Seat, tc TimeControl, env Env) (*Session, error) {
	g, err := variants.Decode(record)
	if err != nil {
		return nil, err
	}
	info, ok := variants.Find(g.Variant().ID())
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownVariant, g.Variant().ID())
	}
	return newSession(g, info, seats, tc, env), nil
}

func newSession(g *turn.Game, info variants.Info, seats [2]Seat, tc TimeControl, env Env) *Session {
	if env.Dice == nil {
		env.Dice = dice.CryptoSource{}
	}
	if env.Now == nil {
		env.Now = time.Now
	}
	s := &Session{game: g, info: info, seats: seats, env: env, view: -1, sel: engine.NoSquare, tc: tc}
	st := g.States()[0]
	s.tokens = st.Tokens(engine.White) > 0 || st.Tokens(engine.Black) > 0
	if tc.On() {
		s.clock = turn.NewClock(tc.Initial, tc.Increment)
	}
	return s
}

// Info returns the catalogue entry of the game's variant.
func (s *Session) Info() variants.Info { return s.info }

// Variant returns the game's variant.
func (s *Session) Variant() turn.Variant { return s.game.Variant() }

// Game returns the game. Callers read it; they change it only through the session.
func (s *Session) Game() *turn.Game { return s.game }

// UseHint notes in the game that the turn under way (or about to begin) is played with a
// hint (turn.Game.UseHint): the move list and the PGN show "{hint}" before it.
func (s *Session) UseHint() {
	s.game.UseHint()
	s.gen++
}

// Record returns the game record.
func (s *Session) Record() turn.Record { return s.game.Record() }

// Encode returns the record as its URL-safe string.
func (s *Session) Encode() string { return s.game.Encode() }

// Seats returns who plays each side.
func (s *Session) Seats() [2]Seat { return s.seats }

// Seat returns who plays side c.
func (s *Session) Seat(c engine.Color) Seat { return s.seats[c&1] }

// State returns the live state (the game's current state).
func (s *Session) State() turn.State { return s.game.State() }

// Outcome returns the game's outcome so far.
func (s *Session) Outcome() turn.Outcome { return s.game.Outcome() }

// Over reports whether the game has ended.
func (s *Session) Over() bool { return s.game.Outcome().Over() }

// Len returns the number of actions played.
func (s *Session) Len() int { return s.game.Len() }

// Notice returns the message about the last thing tried, if any.
func (s *Session) Notice() Notice { return s.notice }

// ClearNotice removes the message.
func (s *Session) ClearNotice() { s.notice = Notice{} }

// --- Viewing history -------------------------------------------------------------------------

// Viewing reports whether an earlier position is shown instead of the live one.
func (s *Session) Viewing() bool { return s.view >= 0 }

// Shown returns the number of actions behind the position shown: Len() when live.
func (s *Session) Shown() int {
	if s.view >= 0 {
		return s.view
	}
	return s.game.Len()
}

// ShownState returns the state shown: the live one, or the one after Shown() actions.
func (s *Session) ShownState() turn.State {
	if s.view < 0 {
		return s.game.State()
	}
	return s.game.States()[s.view]
}

// ViewAt shows the position after n actions; n >= Len() (or n < 0) goes back to the live
// position. Selection and pending promotion are dropped.
func (s *Session) ViewAt(n int) {
	s.sel = engine.NoSquare
	s.promo = promotion{}
	if n < 0 || n >= s.game.Len() {
		s.view = -1
		return
	}
	s.view = n
}

// Back shows the position one action earlier (the arrow key ←).
func (s *Session) Back() {
	if n := s.Shown(); n > 0 {
		s.ViewAt(n - 1)
	}
}

// Forward shows the position one action later (→).
func (s *Session) Forward() {
	if s.view >= 0 {
		s.ViewAt(s.view + 1)
	}
}

// First shows the start position (Home).
func (s *Session) First() { s.ViewAt(0) }

// Last shows the live position (End).
func (s *Session) Last() { s.ViewAt(-1) }

// --- Whose turn ----------------------------------------------------------------------------

// Mover returns the side to move in the live state.
func (s *Session) Mover() engine.Color { return s.game.State().Mover() }

// HumanToMove reports whether a person may act now: the game goes on, the live position is
// shown and the side to move is not played by the computer.
func (s *Session) HumanToMove() bool {
	return !s.Over() && s.view < 0 && !s.seats[s.Mover()].Computer
}

// actions returns the legal actions of the live state.
func (s *Session) actions() []turn.Action {
	return s.game.Variant().Actions(s.game.State(), nil)
}

// forcedPass reports whether the only legal action is a pass (a roll allowing no ply, D3).
func forcedPass(acts []turn.Action) bool { return len(acts) == 1 && acts[0].Kind == turn.Pass }

// resting reports whether the live state is one a person would be asked to act in: the
// game is over, or a person is to move and has a choice. Take back and redo stop there.
func (s *Session) resting() bool {
	if s.Over() {
		return true
	}
	if s.seats[s.Mover()].Computer {
		return false
	}
	return !forcedPass(s.actions())
}

// --- Take back and redo --------------------------------------------------------------------

// CanUndo reports whether there is something to take back.
func (s *Session) CanUndo() bool { return s.game.Len() > 0 || s.game.End() != turn.NoEnd }

// CanRedo reports whether something taken back can be played again.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// Undo takes back the last action, and more until a person is to move with a choice: a
// forced pass goes with its roll, and against the computer its whole turn goes with the
// person's last ply. It never rerolls (D6): a roll taken back comes back with Redo or
// the next roll. It cancels any pending computer request and returns to the live position.
func (s *Session) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	s.Cancel()
	s.gen++
	s.view = -1
	s.clearInput()
	s.notice = Notice{}
	s.eval = Eval{} // judged a position that is taken back
	for {
		e := redoEntry{end: s.game.End()}
		if e.end == turn.NoEnd {
			e.action = s.game.Actions()[s.game.Len()-1]
		}
		s.game.Undo()
		s.redo = append(s.redo, e)
		if s.resting() || !s.CanUndo() {
			break
		}
	}
	s.updateClock()
	return true
}

// Redo plays again what Undo took back, up to the next point where a person is to move
// with a choice.
func (s *Session) Redo() bool {
	if len(s.redo) == 0 {
		return false
	}
	s.Cancel()
	s.gen++
	s.view = -1
	s.clearInput()
	s.notice = Notice{}
	for len(s.redo) > 0 {
		e := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		var err error
		if e.end != turn.NoEnd {
			err = s.game.Finish(e.end)
		} else {
			err = s.game.Apply(e.action)
		}
		if err != nil { // cannot happen: the entries were legal here
			s.redo = nil
			break
		}
		if s.resting() {
			break
		}
	}
	s.updateClock()
	return true
}

// --- Ending --------------------------------------------------------------------------------

// Resign ends the game by the resignation of c.
func (s *Session) Resign(c engine.Color) error { return s.finish(resignEnd(c)) }

// AgreeDraw ends the game as a draw by agreement.
func (s *Session) AgreeDraw() error { return s.finish(turn.DrawAgreed) }

func resignEnd(c engine.Color) turn.End {
	if c == engine.White {
		return turn.WhiteResigns
	}
	return turn.BlackResigns
}

func (s *Session) finish(e turn.End) error {
	if err := s.game.Finish(e); err != nil {
		return err
	}
	s.gen++
	s.Cancel()
	s.view = -1
	s.clearInput()
	s.redo = nil
	s.updateClock()
	return nil
}

func (s *Session) clearInput() {
	s.sel = engine.NoSquare
	s.promo = promotion{}
	s.spend = false
}

// apply plays a in the live game and does what follows every action: redo bookkeeping,
// clocks, and a forced pass after a roll (D3).
func (s *Session) apply(a turn.Action) error {
	before := s.game.State()
	if err := s.game.Apply(a); err != nil {
		return err
	}
	s.gen++
	if n := len(s.redo); n > 0 && s.redo[n-1].end == turn.NoEnd && s.redo[n-1].action == a {
		s.redo = s.redo[:n-1]
	} else {
		s.redo = nil
	}
	s.view = -1
	s.clearInput()
	s.notice = Notice{}
	if s.tc.On() && !s.clockStarted {
		s.clock = s.clock.Update(before, turn.Outcome{}, s.env.Now())
		s.clockStarted = true
	}
	s.updateClock()
	if a.Kind == turn.Roll && !s.Over() && forcedPass(s.actions()) {
		return s.apply(turn.PassAction())
	}
	return nil
}
