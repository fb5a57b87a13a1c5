package nec

import (
	"slices"
	"strings"
)

// tri is a three-valued truth value (RULES.md 6.3).
type tri uint8

const (
	open tri = iota
	no
	yes
)

func truth(b bool) tri {
	if b {
		return yes
	}
	return no
}

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return open
}

func and(a, b tri) tri {
	switch {
	case a == no || b == no:
		return no
	case a == yes && b == yes:
		return yes
	}
	return open
}

// blocking question of a stuck walk
type block uint8

const (
	blockNone block = iota
	blockCaptured
	blockFails
)

// walk is one player's progress through its order (RULES.md 6.2).
type walk struct {
	active  bool
	steps   []Step
	cs      []checked
	cur     int
	done    bool
	out     Outcome
	failed  uint64 // steps declared failed by the paradox rule
	paradox bool
	block   block
	tried   []Outcome
	reachAt int // cur for which reach is valid, -1 if none
	reach   uint64
}

type resolver struct {
	s    *State
	w    [MaxPlayers]walk
	safe []bool // pieces declared safe by the paradox rule
}

// Resolve resolves one update: every valid order takes effect at once (RULES.md 6-9). Invalid
// orders are rejected and listed in the report; their players pass. The result does not depend
// on the order of orders. It returns ErrGameOver if the game has ended.
func (s State) Resolve(orders []Order) (State, Report, error) {
	if s.End().Over {
		return s, Report{}, ErrGameOver
	}
	r := &resolver{s: &s, safe: make([]bool, len(s.pieces))}
	rep := Report{Update: s.update + 1}
	var count [MaxPlayers]int
	for _, o := range orders {
		if o.Player >= 0 && o.Player < len(s.players) {
			count[o.Player]++
		}
	}
	for _, o := range orders {
		var cs []checked
		var err error
		if o.Player >= 0 && o.Player < len(s.players) && count[o.Player] > 1 {
			err = ErrDuplicateOrder
		} else {
			cs, err = s.checkOrder(o)
		}
		if err != nil {
			rep.Rejected = append(rep.Rejected, Rejection{Player: o.Player, Order: cloneOrder(o), Err: err})
			continue
		}
		r.w[o.Player] = walk{active: true, steps: slices.Clone(o.Steps), cs: cs, reachAt: -1}
	}
	slices.SortStableFunc(rep.Rejected, func(a, b Rejection) int {
		if a.Player != b.Player {
			return a.Player - b.Player
		}
		return cmpOrder(a.Order, b.Order)
	})
	r.run()
	ns := r.apply(&rep)
	return ns, rep, nil
}

func cloneOrder(o Order) Order { return Order{Player: o.Player, Steps: slices.Clone(o.Steps)} }

// cmpOrder orders two orders by their steps, for a canonical listing of rejected duplicates.
func cmpOrder(a, b Order) int {
	return slices.CompareFunc(a.Steps, b.Steps, func(x, y Step) int {
		return strings.Compare(x.key(), y.key())
	})
}

func (st Step) key() string {
	k := st.Move.From.String() + st.Move.To.String()
	if st.Move.Capture {
		k += "x"
	}
	if st.IfCaptured {
		k += "c"
	}
	return k
}

// run walks every order to its stopping step (RULES.md 6.3-6.5).
func (r *resolver) run() {
	n := len(r.s.players)
	for {
		for changed := true; changed; {
			changed = false
			for p := 0; p < n; p++ {
				if r.w[p].active && !r.w[p].done && r.advance(p) {
					changed = true
				}
			}
		}
		stuck := false
		for p := 0; p < n; p++ {
			stuck = stuck || r.w[p].active && !r.w[p].done
		}
		if !stuck {
			return
		}
		r.paradox()
	}
}

// reachFrom returns the steps of player q's order reachable from its current step.
func (r *resolver) reachFrom(q int) uint64 {
	w := &r.w[q]
	if w.reachAt != w.cur {
		w.reach = r.s.reachable(w.steps, w.cs, w.cur)
		w.reachAt = w.cur
	}
	return w.reach
}

// moved answers "does the played step of X's owner move X?" (RULES.md 6.1).
func (r *resolver) moved(x int32) tri {
	q := r.s.pieces[x].Owner
	w := &r.w[q]
	if !w.active {
		return no
	}
	if w.done {
		return truth(w.cs[w.cur].mover == x)
	}
	reach := r.reachFrom(q)
	all, any := true, false
	for j := w.cur; j < len(w.cs); j++ {
		if reach&(1<<j) == 0 {
			continue
		}
		if w.cs[j].mover == x {
			any = true
		} else {
			all = false
		}
	}
	switch {
	case all:
		return yes
	case !any:
		return no
	}
	return open
}

// made answers "is step j of player q played, with its piece not captured?".
func (r *resolver) made(q, j int) tri {
	w := &r.w[q]
	if !w.active || j < w.cur {
		return no
	}
	if w.done {
		return truth(j == w.cur && w.out != Cancelled)
	}
	if r.reachFrom(q)&(1<<j) == 0 {
		return no
	}
	return open
}

// hits answers "does step j of player q hit piece x, if it is made?".
func (r *resolver) hits(q, j int, x int32) tri {
	w := &r.w[q]
	if w.failed&(1<<j) != 0 || r.safe[x] {
		return no
	}
	switch w.cs[j].kind {
	case stealStep:
		return yes
	case captureStep:
		if r.s.pieces[x].Marks != 0 {
			return yes
		}
		return r.moved(x).not()
	}
	return no
}

// threatens reports whether step j of player q may capture piece m while m moves: a steal of
// m, or an ordinary capture of m when m is capturable.
func (r *resolver) threatens(q, j int, m int32) bool {
	c := &r.w[q].cs[j]
	switch c.kind {
	case stealStep:
	case captureStep:
		if r.s.pieces[m].Marks == 0 {
			return false
		}
	default:
		return false
	}
	return slices.Contains(c.targets, m)
}

// capturedWhileMoving answers the question of 6.2 step 1 for player p's current step.
func (r *resolver) capturedWhileMoving(p int) tri {
	m := r.w[p].cs[r.w[p].cur].mover
	res := no
	for q := range r.s.players {
		if q == p || !r.w[q].active {
			continue
		}
		for j := range r.w[q].cs {
			if !r.threatens(q, j, m) {
				continue
			}
			switch and(r.made(q, j), r.hits(q, j, m)) {
			case yes:
				return yes
			case open:
				res = open
			}
		}
	}
	return res
}

// fails answers "does step j of player p hit none of its targets?".
func (r *resolver) fails(p, j int) tri {
	res := yes
	for _, x := range r.w[p].cs[j].targets {
		switch r.hits(p, j, x) {
		case yes:
			return no
		case open:
			res = open
		}
	}
	return res
}

// advance walks player p's order as far as the known facts allow; it reports progress.
func (r *resolver) advance(p int) bool {
	w := &r.w[p]
	progress := false
	for !w.done {
		c := &w.cs[w.cur]
		switch r.capturedWhileMoving(p) {
		case open:
			w.block = blockCaptured
			return progress
		case yes:
			progress = true
			if j := nextStep(w.steps, w.cur, true); j >= 0 {
				w.tried = append(w.tried, Cancelled)
				w.cur = j
				continue
			}
			w.done, w.out = true, Cancelled
			return true
		}
		if c.kind != captureStep {
			w.done, w.out = true, Played
			return true
		}
		switch r.fails(p, w.cur) {
		case open:
			w.block = blockFails
			return progress
		case yes:
			progress = true
			if j := nextStep(w.steps, w.cur, false); j >= 0 {
				w.tried = append(w.tried, Missed)
				w.cur = j
				continue
			}
			w.done, w.out = true, Missed
			return true
		}
		w.done, w.out = true, Took
		return true
	}
	return progress
}

// paradox applies the paradox rule (RULES.md 6.5) to the closed cycles of open questions.
func (r *resolver) paradox() {
	n := len(r.s.players)
	var edges [MaxPlayers]uint16
	var stuck uint16
	for p := 0; p < n; p++ {
		w := &r.w[p]
		if !w.active || w.done {
			continue
		}
		stuck |= 1 << p
		switch w.block {
		case blockCaptured:
			m := w.cs[w.cur].mover
			for q := 0; q < n; q++ {
				if q == p || !r.w[q].active {
					continue
				}
				for j := range r.w[q].cs {
					if r.threatens(q, j, m) && r.made(q, j) == open && r.hits(q, j, m) != no {
						edges[p] |= 1 << q
					}
				}
			}
		case blockFails:
			for _, x := range w.cs[w.cur].targets {
				if r.hits(p, w.cur, x) == open {
					edges[p] |= 1 << r.s.pieces[x].Owner
				}
			}
		}
	}
	// The closure of each player's dependencies; a sink component is a set of players that
	// all reach each other and reach nobody else.
	var reach [MaxPlayers]uint16
	for p := 0; p < n; p++ {
		reach[p] = edges[p]
	}
	for k := 0; k < n; k++ {
		for p := 0; p < n; p++ {
			if reach[p]&(1<<k) != 0 {
				reach[p] |= reach[k]
			}
		}
	}
	var sink uint16
	for p := 0; p < n; p++ {
		if stuck&(1<<p) == 0 {
			continue
		}
		// p is in a sink component when it lies on a cycle and everything it reaches reaches it
		// back.
		inSink := reach[p]&(1<<p) != 0
		for q := 0; q < n && inSink; q++ {
			if reach[p]&(1<<q) != 0 && reach[q]&(1<<p) == 0 {
				inSink = false
			}
		}
		if inSink {
			sink |= 1 << p
		}
	}
	if sink == 0 {
		// Cannot happen: a stuck evaluation always has a closed cycle. Fail every open capture
		// so that resolution still terminates.
		sink = stuck
	}
	for p := 0; p < n; p++ {
		if sink&(1<<p) == 0 {
			continue
		}
		w := &r.w[p]
		w.paradox = true
		switch w.block {
		case blockCaptured:
			r.safe[w.cs[w.cur].mover] = true
		default:
			w.failed |= 1 << w.cur
		}
	}
}
