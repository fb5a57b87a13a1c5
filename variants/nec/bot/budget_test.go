package bot

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/plyground/plyground/variants/nec"
)

// crowdState builds a game of players armies of perPlayer pieces each: every army a block of
// mixed pieces (ten to a row) on a ring around the centre, close enough for the armies to meet
// at once. It is far beyond what a game reaches (at most 16 pieces a player).
func crowdState(t testing.TB, players, perPlayer int) nec.State {
	t.Helper()
	kinds := []nec.Kind{nec.Rook, nec.Knight, nec.Bishop, nec.Queen, nec.Guard, nec.Chancellor, nec.Unicorn, nec.Pawn, nec.Pawn, nec.Pawn}
	// Block origins on a ring, and the direction of the pawns (towards the centre).
	origins := [8][2]int64{{-5, -30}, {-5, 20}, {20, -5}, {-30, -5}, {-30, -30}, {20, 20}, {20, -30}, {-30, 20}}
	dirs := [8]nec.Dir{nec.North, nec.South, nec.West, nec.East, nec.North, nec.South, nec.West, nec.East}
	var ps []nec.Player
	var pieces []nec.Piece
	for p := 0; p < players; p++ {
		ps = append(ps, nec.Player{Name: nec.Colours[p], Dir: dirs[p]})
		for k := 0; k < perPlayer; k++ {
			x, y := origins[p][0]+int64(k%10), origins[p][1]+int64(k/10)
			pieces = append(pieces, nec.Piece{Owner: p, Kind: kinds[(k*7+p)%len(kinds)], Sq: nec.Sq(x, y)})
		}
	}
	s, err := nec.NewState(ps, pieces, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stepClock is a clock that advances by step at every reading, and counts the readings.
type stepClock struct {
	t     time.Time
	step  time.Duration
	reads int
}

func (c *stepClock) now() time.Time {
	c.reads++
	c.t = c.t.Add(c.step)
	return c.t
}

// midGame returns an 8-player game after updates of level-1 planners: the armies have met.
func midGame(t testing.TB, updates int) nec.State {
	t.Helper()
	start, err := nec.Setup(nec.Options{Players: 8})
	if err != nil {
		t.Fatal(err)
	}
	var seats []Strategy
	for p := 0; p < 8; p++ {
		o := Level(1)
		o.Seed, o.Time = uint64(p), 0
		seats = append(seats, New(o))
	}
	g, err := Match(start, seats, updates)
	if err != nil {
		t.Fatal(err)
	}
	return g.Final
}

// TestPlannerTimeBudget: a level-3 order on 8 players of 100 pieces each (a board far beyond
// what a game reaches: every node costs about a millisecond, and the node budget alone would
// take seconds) stops at the level's time. The clock advances 5 ms at every reading, so the
// level's second is over after 200 readings; the planner reads it before every position, so
// it scores at most that many, and still gives a valid order.
func TestPlannerTimeBudget(t *testing.T) {
	s := crowdState(t, 8, 100)
	o := Level(3)
	clock := &stepClock{step: 5 * time.Millisecond}
	o.Now = clock.now
	th := New(o).Think(s, 0)
	limit := int64(o.Time / clock.step)
	if !th.OK || !th.Cut {
		t.Fatalf("thought %+v: want an order cut by the budget", th)
	}
	if th.Nodes > limit || th.Nodes >= o.Nodes {
		t.Errorf("%d positions scored, want at most %d (the time budget read by the clock)", th.Nodes, limit)
	}
	if clock.reads > int(limit)+2 {
		t.Errorf("the clock was read %d times, want at most %d", clock.reads, limit+2)
	}
	if err := s.Validate(th.Order); err != nil {
		t.Errorf("order %s: %v", s.FormatOrder(th.Order), err)
	}
}

// TestPlannerNodeBudget: the node budget bounds the positions scored, the order is valid, and
// the same seed gives the same order (the node budget, unlike the time, is the same on every
// machine).
func TestPlannerNodeBudget(t *testing.T) {
	s := midGame(t, 10)
	full := Level(3)
	full.Time = 0
	all := New(full).Think(s, 0)
	if all.Cut || all.Nodes <= 60 {
		t.Fatalf("unbounded level 3: %+v", all)
	}
	for _, nodes := range []int64{1, 10, 60} {
		o := full
		o.Nodes = nodes
		a, b := New(o).Think(s, 0), New(o).Think(s, 0)
		if a.Nodes > nodes || !a.Cut || !a.OK {
			t.Errorf("budget %d: %d nodes, cut %v, ok %v", nodes, a.Nodes, a.Cut, a.OK)
		}
		if err := s.Validate(a.Order); err != nil {
			t.Errorf("budget %d: order %s: %v", nodes, s.FormatOrder(a.Order), err)
		}
		if s.FormatOrder(a.Order) != s.FormatOrder(b.Order) {
			t.Errorf("budget %d: the same seed gave %s and %s", nodes, s.FormatOrder(a.Order), s.FormatOrder(b.Order))
		}
	}
}

// TestPlannerStop: a stop set before the thinking begins gives the best ranked move at once.
func TestPlannerStop(t *testing.T) {
	s := crowdState(t, 8, 100)
	var stop atomic.Bool
	stop.Store(true)
	o := Level(3)
	o.Stop = &stop
	th := New(o).Think(s, 3)
	if !th.OK || !th.Cut || th.Nodes != 0 {
		t.Fatalf("thought %+v", th)
	}
	if err := s.Validate(th.Order); err != nil {
		t.Errorf("order %s: %v", s.FormatOrder(th.Order), err)
	}
}

// TestLevelsOrdered: each level has a larger node budget and time than the one below, and
// every level is bounded.
func TestLevelsOrdered(t *testing.T) {
	for n := 1; n <= 3; n++ {
		o := Level(n)
		if o.Nodes <= 0 || o.Time <= 0 {
			t.Errorf("level %d is unbounded: %+v", n, o)
		}
		if n > 1 && (o.Nodes <= Level(n-1).Nodes || o.Time <= Level(n-1).Time) {
			t.Errorf("level %d (%d nodes, %v) is not above level %d", n, o.Nodes, o.Time, n-1)
		}
	}
}

// BenchmarkPlannerLevel3Crowd8x100 times a level-3 order on 8 armies of 100 pieces: the time
// budget binds (target: the level's 1 s plus one position, about 1 ms natively).
func BenchmarkPlannerLevel3Crowd8x100(b *testing.B) {
	s := crowdState(b, 8, 100)
	pl := New(Level(3))
	for b.Loop() {
		pl.Think(s, 0)
	}
}

// BenchmarkPlannerLevel3MidGame8 times a level-3 order in an 8-player game whose armies have
// met (target: well under the level's second; the node budget does not bind).
func BenchmarkPlannerLevel3MidGame8(b *testing.B) {
	s := midGame(b, 10)
	pl := New(Level(3))
	nodes := int64(0)
	for b.Loop() {
		nodes = pl.Think(s, 0).Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
