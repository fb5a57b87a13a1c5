package turn

import (
	"fmt"
	"sort"
)

// Turn-perft counts the distinct sequences of complete turns from a turn start.
//
// A turn is the sequence of actions of one side from the start of its turn until the variant
// ends it: all its plies made, or a checking ply that ends it (Marseillais M2, Scottish P3).
// A sequence that ends in mate or stalemate before the turn is complete is not a turn and is
// not counted: the mover runs out of legal plies in the middle of its turn (a Marseillais or
// progressive stalemate, M4, P5), or the first ply of an SDM Double Move mates (S4: the game
// is won, but the turn was not completed). Two move
// orders reaching the same position are two sequences. A ply with a Sacrifice Token spent is
// a different action from the same ply without, so SDM counts both. Skipped turns (SDM) are
// not turns: depth counts the turns actually played. Dice chess has no turn-perft (a turn
// starts with a roll).
//
// Counting uses the variant's Actions and Do, with bulk counting at the last ply of the last
// turn (every legal action there completes the turn).

// Perft returns the number of sequences of depth complete turns from s, which must be the
// start of a turn (1 for depth 0).
func Perft(v Variant, s State, depth int) (uint64, error) {
	if err := perftStart(v, s); err != nil {
		return 0, err
	}
	if depth <= 0 {
		return 1, nil
	}
	p := perfter{v: v}
	return p.count(s, depth, 0), nil
}

func perftStart(v Variant, s State) error {
	if s.ply != 0 {
		return fmt.Errorf("turn-perft: %s: the state is inside a turn (ply %d)", v.ID(), s.ply+1)
	}
	var buf [64]Action
	if acts := v.Actions(s, buf[:0]); len(acts) > 0 && acts[0].Kind == Roll {
		return fmt.Errorf("turn-perft: %s: not defined for a variant whose turns start with a roll", v.ID())
	}
	return nil
}

type perfter struct {
	v    Variant
	bufs [][]Action
}

func (p *perfter) buf(level int) []Action {
	for len(p.bufs) <= level {
		p.bufs = append(p.bufs, make([]Action, 0, 256))
	}
	return p.bufs[level][:0]
}

// count counts the completions of the turn under way in s followed by depth-1 more turns.
func (p *perfter) count(s State, depth, level int) uint64 {
	acts := p.v.Actions(s, p.buf(level))
	p.bufs[level] = acts[:0]
	if depth == 1 && int(s.ply)+1 >= int(s.plies) {
		return uint64(len(acts))
	}
	var n uint64
	for _, a := range acts {
		t := p.v.Do(s, a)
		switch {
		case t.seq != s.seq: // the turn is complete
			if depth == 1 {
				n++
			} else if !t.over.Over() {
				n += p.count(t, depth-1, level+1)
			}
		case t.over.Over(): // the game ended inside the turn: not a complete turn
		default:
			n += p.count(t, depth, level+1)
		}
	}
	return n
}

// DivideEntry is the turn-perft count below one first action of the turn.
type DivideEntry struct {
	Action Action
	Text   string // the action's text (Action.String)
	Nodes  uint64
}

// Divide returns, for each legal first action of the turn starting at s, the number of
// turn sequences of depth turns that begin with it, sorted by text.
func Divide(v Variant, s State, depth int) ([]DivideEntry, error) {
	if err := perftStart(v, s); err != nil {
		return nil, err
	}
	if depth < 1 {
		return nil, nil
	}
	p := perfter{v: v}
	acts := v.Actions(s, nil)
	out := make([]DivideEntry, 0, len(acts))
	for _, a := range acts {
		t := v.Do(s, a)
		var n uint64
		switch {
		case t.seq != s.seq:
			if depth == 1 {
				n = 1
			} else if !t.over.Over() {
				n = p.count(t, depth-1, 0)
			}
		case t.over.Over():
		default:
			n = p.count(t, depth, 0)
		}
		out = append(out, DivideEntry{Action: a, Text: a.String(), Nodes: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out, nil
}
