package session

import (
	"time"

	"github.com/plyground/plyground/app/store"
)

// What a game in progress keeps in its saved game (app/store), and the policies that read it
// back: the players, the clocks, and move confirmation.

// Players returns the store's players for the seats (a computer always with a level, so
// that it stays a computer).
func Players(seats [2]Seat) []store.Player {
	ps := make([]store.Player, 2)
	for i, s := range seats {
		ps[i].Name = s.Name
		if s.Computer {
			ps[i].Level = max(s.Level, 1)
		}
	}
	return ps
}

// SeatsOf returns the seats for the store's players.
func SeatsOf(ps []store.Player) [2]Seat {
	var seats [2]Seat
	e := store.Entry{Players: ps}
	for i := range seats {
		p := e.Player(i)
		seats[i] = Seat{Name: p.Name, Computer: p.Level > 0, Level: p.Level}
	}
	return seats
}

// SavedClock returns what is kept of the clocks when the game is saved: the time control and
// each side's time left (the full time before the first action); the zero Clock for a game
// without clocks.
func (s *Session) SavedClock() store.Clock {
	tc := s.TimeControl()
	if !tc.On() {
		return store.Clock{}
	}
	left, ok := s.ClockTimes()
	if !ok {
		left = [2]time.Duration{tc.Initial, tc.Initial}
	}
	return store.Clock{Control: tc.String(), Left: left}
}

// SavedTimeControl returns the time control of a saved game opened again: tc when the
// address names one (named), else the one saved with the game, else tc.
func SavedTimeControl(named bool, tc TimeControl, e store.Entry) TimeControl {
	if named || e.Clock.Control == "" {
		return tc
	}
	if saved, err := ParseTimeControl(e.Clock.Control); err == nil {
		return saved
	}
	return tc
}

// ResumeSaved gives the clocks of a game opened again the times saved with it in e, when the
// saved record is the game shown (a later or earlier state had other times) and the time
// control is the one saved; otherwise the clocks stay as they are.
func (s *Session) ResumeSaved(e store.Entry) {
	if e.Clock.Control == "" || e.Clock.Control != s.TimeControl().String() || e.Record != s.Game().Encode() {
		return
	}
	s.ResumeClocks(e.Clock.Left)
}

// Confirmation is move confirmation, for games between two people by link: with it on, the
// actions of a finished turn wait for the player's confirmation before they are saved and
// put in the link, and the board takes no other move meanwhile.
type Confirmation struct {
	// On says whether moves wait: the setting is on and both sides are people.
	On bool
	// Confirmed is the number of actions saved and in the link.
	Confirmed int
}

// NewConfirmation returns the confirmation of a game with the given seats, confirmed actions
// and setting: it is on only when the setting is and both sides are people.
func NewConfirmation(setting bool, seats [2]Seat, confirmed int) Confirmation {
	return Confirmation{On: setting && !seats[0].Computer && !seats[1].Computer, Confirmed: confirmed}
}

// Pending reports whether actions of s wait for the player's confirmation.
func (c Confirmation) Pending(s *Session) bool { return c.On && s.Len() > c.Confirmed }

// TurnDone reports whether the actions waiting finish a turn (or the game), so that
// confirming makes sense; in the middle of a turn there is nothing to confirm yet.
func (c Confirmation) TurnDone(s *Session) bool {
	g := s.Game()
	states := g.States()
	if c.Confirmed >= len(states) {
		return false
	}
	return s.Over() || g.State().Mover() != states[c.Confirmed].Mover()
}

// Awaiting reports whether a finished turn waits for its confirmation: the board takes no
// move then (the next side's move would go on top of a turn that is not final).
func (c Confirmation) Awaiting(s *Session) bool { return c.Pending(s) && c.TurnDone(s) }
