package turn

import "slices"

// Hints: a player who asks the computer for the best turn (the analysis board's hint) has the
// turn marked in the record, the move list and the PGN ("{hint}" before the turn's plies),
// so that a game played with help says so.

// UseHint marks the turn under way (or the one about to begin) as played with a hint.
func (g *Game) UseHint() {
	i := g.turnFirst()
	if !slices.Contains(g.hints, i) {
		g.hints = append(g.hints, i)
		slices.Sort(g.hints)
	}
}

// turnFirst returns the index of the first action of the turn under way: Len when the turn
// has no action yet.
func (g *Game) turnFirst() int {
	seq := g.State().Seq()
	i := len(g.actions)
	for i > 0 && g.states[i-1].Seq() == seq && !g.states[i-1].Ended().Over() {
		i--
	}
	return i
}

// Hinted reports whether the turn whose first action is action i (from 0) was played with a
// hint.
func (g *Game) Hinted(i int) bool { return slices.Contains(g.hints, i) }

// Hints returns the indexes of the first actions of the turns played with a hint, in order
// (an index equal to Len marks the turn about to begin).
func (g *Game) Hints() []int { return slices.Clone(g.hints) }

// dropHints forgets the hints of turns after the last action (undone).
func (g *Game) dropHints() {
	for len(g.hints) > 0 && g.hints[len(g.hints)-1] > len(g.actions) {
		g.hints = g.hints[:len(g.hints)-1]
	}
}

// setHints sets the hints of a replayed record, checking that each marks a turn's first
// action (or the turn about to begin).
func (g *Game) setHints(hints []int) error {
	last := -1
	for _, i := range hints {
		if i <= last || i < 0 || i > len(g.actions) {
			return errBadHint(i)
		}
		if i > 0 && i < len(g.states) && g.states[i].Seq() == g.states[i-1].Seq() && !g.states[i-1].Ended().Over() {
			return errBadHint(i)
		}
		last = i
	}
	g.hints = slices.Clone(hints)
	return nil
}

type errBadHint int

func (e errBadHint) Error() string {
	return "a hint at action " + itoa(int(e)) + ", which does not begin a turn of the game"
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
