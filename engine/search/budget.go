package search

import (
	"sync/atomic"
	"time"
)

// Budget bounds a search: a node count, a deadline read from an injected clock, a depth and a
// cancellation flag. The zero Budget is unbounded except for the maximum depth.
type Budget struct {
	Nodes    int64            // stop after this many nodes (0: no limit)
	Deadline time.Time        // stop at this time as Now reports it (zero: no deadline)
	Now      func() time.Time // the clock for Deadline (nil: time.Now)
	Depth    int              // deepest iteration, in plies (0: MaxDepth)
	Stop     *atomic.Bool     // set it from anywhere to stop the search (nil: none)
	// Fixed says the time up to Deadline is the turn's alone: what the search leaves unspent
	// is lost, not saved for a later turn (a fixed time a turn, not a share of a clock). With
	// LateIteration, a new iteration may then begin until the deadline: the one cut short
	// still counts for the root actions it finished.
	Fixed bool
}

// checkEvery is how many nodes pass between two looks at the clock and the flag.
const checkEvery = 1024

// limiter tracks a Budget during one search.
type limiter struct {
	b       Budget
	start   time.Time
	soft    time.Time // do not begin a new iteration after this
	nodes   int64
	next    int64 // node count of the next check
	stopped bool
}

func (l *limiter) init(b Budget) { l.initShare(b, 0.5) }

// initShare starts a search under b whose last iteration may begin until the given share
// of the time is spent.
func (l *limiter) initShare(b Budget, share float64) {
	l.b = b
	l.nodes, l.next, l.stopped = 0, checkEvery, false
	if b.Now == nil {
		l.b.Now = time.Now
	}
	if !b.Deadline.IsZero() {
		l.start = l.b.Now()
		l.soft = l.start.Add(time.Duration(float64(b.Deadline.Sub(l.start)) * share))
	}
}

// tick counts a node and reports whether the search must stop.
func (l *limiter) tick() bool {
	l.nodes++
	if l.nodes < l.next {
		return l.stopped
	}
	l.next = l.nodes + checkEvery
	if l.b.Nodes > 0 && l.nodes >= l.b.Nodes {
		l.stopped = true
	}
	if l.b.Stop != nil && l.b.Stop.Load() {
		l.stopped = true
	}
	if !l.b.Deadline.IsZero() && !l.b.Now().Before(l.b.Deadline) {
		l.stopped = true
	}
	return l.stopped
}

// another reports whether a new iteration may begin: the hard limits are not reached and less
// than the share given to initShare of the time is spent (half by default: an iteration
// costs at least as much as all the earlier ones together, so one begun later would rarely
// finish). An iteration cut short still counts for the root actions it finished.
func (l *limiter) another() bool {
	if l.stopped {
		return false
	}
	if l.b.Stop != nil && l.b.Stop.Load() {
		return false
	}
	if l.b.Nodes > 0 && l.nodes >= l.b.Nodes {
		return false
	}
	if !l.b.Deadline.IsZero() && l.b.Now().After(l.soft) {
		return false
	}
	return true
}

// mark is a point within a budget: a time and a node count.
type mark struct {
	t     time.Time
	nodes int64
}

// share returns the mark at which the given share of what is left of the budget (time and
// nodes) is spent; a budget without a bound gives a mark never reached.
func (l *limiter) share(f float64) mark {
	var m mark
	if !l.b.Deadline.IsZero() {
		now := l.b.Now()
		m.t = now.Add(time.Duration(float64(l.b.Deadline.Sub(now)) * f))
	}
	if l.b.Nodes > 0 {
		m.nodes = l.nodes + int64(float64(l.b.Nodes-l.nodes)*f)
	}
	return m
}

// past reports whether the search has gone past m (reading the clock).
func (l *limiter) past(m mark) bool {
	if m.nodes > 0 && l.nodes >= m.nodes {
		return true
	}
	return !m.t.IsZero() && !l.b.Now().Before(m.t)
}

// expired reads the clock and the flag now, not at the next check, and reports whether the
// search must stop.
func (l *limiter) expired() bool {
	l.next = l.nodes
	return l.tick()
}
