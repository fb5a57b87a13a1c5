package problems

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/variants/turn"
)

// ErrBudget is returned by Solutions when its node budget runs out before every series is
// searched.
var ErrBudget = errors.New("problems: the node budget ran out before every series was searched")

// Solutions returns every mating series of the side to move in s, one series for each
// distinct final position, in the order found, after searching at most maxNodes states (0: no
// bound). A series ends when the turn does: after its last ply, or (Scottish, P3) after a
// checking ply. It searches each state of the series once (the order of the plies
// transposes), so its cost is bounded by the distinct positions the mover can reach.
func Solutions(v turn.Variant, s turn.State, maxNodes int64) ([][]turn.Action, int64, error) {
	e := enumerator{v: v, seq: s.Seq(), max: maxNodes, seen: map[uint64]bool{}, finals: map[uint64]bool{}}
	e.walk(s, 0)
	if e.over {
		return e.found, e.nodes, fmt.Errorf("%w (%d nodes)", ErrBudget, e.nodes)
	}
	return e.found, e.nodes, nil
}

type enumerator struct {
	v      turn.Variant
	seq    int
	max    int64
	nodes  int64
	over   bool
	seen   map[uint64]bool // states searched (key and plies made)
	finals map[uint64]bool // final positions of the mates found
	line   []turn.Action
	found  [][]turn.Action
	bufs   [][]turn.Action
}

func key(s turn.State) uint64 {
	return s.Key() ^ uint64(s.Ply())*0x9e3779b97f4a7c15 ^ uint64(s.Seq())*0xbf58476d1ce4e5b9
}

func (e *enumerator) walk(s turn.State, depth int) {
	if e.over {
		return
	}
	e.nodes++
	if e.max > 0 && e.nodes > e.max {
		e.over = true
		return
	}
	k := key(s)
	if e.seen[k] {
		return
	}
	e.seen[k] = true
	for len(e.bufs) <= depth {
		e.bufs = append(e.bufs, nil)
	}
	acts := e.v.Actions(s, e.bufs[depth][:0])
	e.bufs[depth] = acts
	for i := 0; i < len(acts); i++ {
		a := e.bufs[depth][i]
		t := e.v.Do(s, a)
		e.line = append(e.line, a)
		if t.Seq() != e.seq || t.Ended().Over() {
			if o := e.v.Outcome(t); o.Result == turn.Win(s.Mover()) && mate(o) {
				if fk := t.Key(); !e.finals[fk] {
					e.finals[fk] = true
					e.found = append(e.found, append([]turn.Action(nil), e.line...))
				}
			}
		} else {
			e.walk(t, depth+1)
		}
		e.line = e.line[:len(e.line)-1]
	}
}

// mate reports whether an outcome is a checkmate (P2, or progressive checkmate, P4).
func mate(o turn.Outcome) bool {
	return o.Reason == turn.Checkmate || o.Reason == turn.ProgressiveCheckmate
}
