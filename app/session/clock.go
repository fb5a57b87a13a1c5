package session

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// TimeControl is the time each side starts with and the increment added after each of its
// turns. The zero value means no clocks.
type TimeControl struct {
	Initial   time.Duration
	Increment time.Duration
}

// On reports whether the game is played with clocks.
func (tc TimeControl) On() bool { return tc.Initial > 0 }

// String writes the time control as "minutes+seconds" ("5+3"; "0.5+0" for 30 s); "" when off.
func (tc TimeControl) String() string {
	if !tc.On() {
		return ""
	}
	min := strconv.FormatFloat(tc.Initial.Minutes(), 'f', -1, 64)
	return min + "+" + strconv.Itoa(int(tc.Increment/time.Second))
}

// ParseTimeControl reads "minutes+seconds" ("5+3", "0.5+0"); "" and "-" mean no clocks.
func ParseTimeControl(text string) (TimeControl, error) {
	text = strings.TrimSpace(text)
	if text == "" || text == "-" {
		return TimeControl{}, nil
	}
	m, inc, ok := strings.Cut(text, "+")
	if !ok {
		inc = "0"
	}
	minutes, err := strconv.ParseFloat(m, 64)
	if err != nil || minutes <= 0 || minutes > 600 {
		return TimeControl{}, fmt.Errorf("time control %q: want minutes from 0 to 600, such as 5+3", text)
	}
	seconds, err := strconv.Atoi(inc)
	if err != nil || seconds < 0 || seconds > 600 {
		return TimeControl{}, fmt.Errorf("time control %q: want an increment of 0 to 600 seconds, such as 5+3", text)
	}
	return TimeControl{
		Initial:   time.Duration(minutes * float64(time.Minute)),
		Increment: time.Duration(seconds) * time.Second,
	}, nil
}

// TimeControl returns the game's time control.
func (s *Session) TimeControl() TimeControl { return s.tc }

// updateClock moves the clocks on to the live state (S7: only the side with plies to make
// runs; a skipped turn costs nothing).
func (s *Session) updateClock() {
	if !s.tc.On() || !s.clockStarted {
		return
	}
	s.clock = s.clock.Update(s.game.State(), s.game.Outcome(), s.env.Now())
}

// ClockLeft returns the time side c has left now (its full time before the first action).
func (s *Session) ClockLeft(c engine.Color) time.Duration {
	if !s.tc.On() {
		return 0
	}
	if !s.clockStarted {
		return s.tc.Initial
	}
	return max(s.clock.Left(c, s.env.Now()), 0)
}

// ClockTimes returns the time each side has left now (White's first), and false when the
// clocks have not started (or the game has none): what is kept when the game is saved.
func (s *Session) ClockTimes() ([2]time.Duration, bool) {
	if !s.tc.On() || !s.clockStarted {
		return [2]time.Duration{}, false
	}
	now := s.env.Now()
	// A fallen flag is checked on a timer, so the side whose time ran out may be found a few
	// milliseconds past zero: it has no time left, not a negative time.
	return [2]time.Duration{max(s.clock.Left(engine.White, now), 0), max(s.clock.Left(engine.Black, now), 0)}, true
}

// ResumeClocks sets the time each side has left (White's first) in a game opened again
// after an interruption (a saved game, a reload) and lets the clock of the side to move run
// from now. It does nothing in a game without clocks or without any action yet (its clocks
// start with the first action).
func (s *Session) ResumeClocks(left [2]time.Duration) {
	if !s.tc.On() || s.game.Len() == 0 {
		return
	}
	s.clock = turn.ResumedClock(left, s.tc.Increment)
	s.clockStarted = true
	s.updateClock()
}

// ClockRunning returns the side whose clock runs, if any. Clocks start with the first
// action of the game.
func (s *Session) ClockRunning() (engine.Color, bool) {
	if !s.tc.On() || !s.clockStarted || s.Over() {
		return 0, false
	}
	return s.clock.Running()
}

// Tick checks the clocks and ends the game when a side's time has run out (S7). It reports
// whether it ended the game. The UI calls it on a timer.
func (s *Session) Tick() bool {
	if !s.tc.On() || !s.clockStarted || s.Over() {
		return false
	}
	c, flagged := s.clock.Flagged(s.env.Now())
	if !flagged {
		return false
	}
	end := turn.WhiteFlagged
	if c == engine.Black {
		end = turn.BlackFlagged
	}
	return s.finish(end) == nil
}

// FormatClock writes a time left as "4:59", "0:09.3" under ten seconds, "1:02:03" from an
// hour.
func FormatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < 10*time.Second {
		tenths := int(d / (100 * time.Millisecond))
		return fmt.Sprintf("0:%02d.%d", tenths/10, tenths%10)
	}
	secs := int(d / time.Second)
	if secs >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", secs/3600, secs/60%60, secs%60)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}
