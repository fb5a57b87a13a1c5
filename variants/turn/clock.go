package turn

import (
	"time"

	"github.com/plyground/plyground/engine"
)

// Clock is a chess clock driven by the game's states, as pure logic: the caller passes the
// time of every event, so tests and replays are exact. A side's clock runs only while it has
// plies (or a roll, or a pass) to make: it starts when a turn of that side begins and stops
// when the turn ends, so a skipped turn (SDM) costs no time (S7). The increment, if any, is
// added once per turn played.
type Clock struct {
	left      [2]time.Duration
	increment time.Duration
	running   bool
	side      engine.Color
	since     time.Time
	seq       int
}

// NewClock returns a stopped clock giving each side initial time and increment per turn.
func NewClock(initial, increment time.Duration) Clock {
	return ResumedClock([2]time.Duration{initial, initial}, increment)
}

// ResumedClock returns a stopped clock with the times left of an interrupted game (a
// saved game opened again): White's left[0], Black's left[1], and increment per turn.
func ResumedClock(left [2]time.Duration, increment time.Duration) Clock {
	return Clock{left: left, increment: increment, seq: -1}
}

// Left returns the time side c has left at now.
func (c Clock) Left(side engine.Color, now time.Time) time.Duration {
	l := c.left[side&1]
	if c.running && c.side == side {
		l -= now.Sub(c.since)
	}
	return l
}

// Running returns the side whose clock runs, if any.
func (c Clock) Running() (engine.Color, bool) { return c.side, c.running }

// Flagged returns the side whose time has run out at now, if any.
func (c Clock) Flagged(now time.Time) (engine.Color, bool) {
	if c.running && c.Left(c.side, now) <= 0 {
		return c.side, true
	}
	for _, s := range []engine.Color{engine.White, engine.Black} {
		if c.left[s] <= 0 {
			return s, true
		}
	}
	return 0, false
}

// Update returns the clock after the game reached state s at now, with outcome o: the time
// since the last update is charged to the side whose clock ran; when a new turn began, the
// increment is added to the side that just finished; then the clock of s's mover runs,
// unless the game is over.
func (c Clock) Update(s State, o Outcome, now time.Time) Clock {
	if c.running {
		c.left[c.side] -= now.Sub(c.since)
		if s.Seq() != c.seq || o.Over() {
			c.left[c.side] += c.increment
		}
	}
	c.running = false
	if o.Over() {
		return c
	}
	c.running, c.side, c.since, c.seq = true, s.Mover(), now, s.Seq()
	return c
}

// Stop returns the clock stopped at now (the running side is charged).
func (c Clock) Stop(now time.Time) Clock {
	if c.running {
		c.left[c.side] -= now.Sub(c.since)
		c.running = false
	}
	return c
}
