package nec

import "slices"

// apply builds the state after the update from the finished walks (RULES.md 7-10) and fills the
// report.
func (r *resolver) apply(rep *Report) State {
	s := r.s
	n := len(s.pieces)
	removed := make([]bool, n)
	moved := make([]bool, n)
	dest := make([]Square, n)
	players := slices.Clone(s.players)
	for p := range s.players {
		w := &r.w[p]
		if !w.active {
			continue
		}
		c := &w.cs[w.cur]
		mv := w.steps[w.cur].Move
		res := Result{
			Player: p, Order: Order{Player: p, Steps: w.steps}, Step: w.cur, Outcome: w.out,
			Piece: s.pieces[c.mover].ID, From: mv.From, To: mv.To, Tried: w.tried, Paradox: w.paradox,
			Unmarked: c.unmarked,
		}
		if w.out == Took || w.out == Played && c.kind == stealStep {
			for _, x := range c.targets {
				if r.hits(p, w.cur, x) != yes {
					continue
				}
				removed[x] = true
				players[p].Score += s.pieces[x].Kind.Value()
				res.Captured = append(res.Captured, s.pieces[x].ID)
				rep.Captures = append(rep.Captures, Capture{Piece: s.pieces[x], By: p, Capturer: s.pieces[c.mover].ID, Steal: c.kind == stealStep})
			}
		}
		if w.out != Cancelled {
			moved[c.mover] = true
			dest[c.mover] = c.to
		}
		rep.Results = append(rep.Results, res)
	}
	slices.SortFunc(rep.Captures, func(a, b Capture) int {
		if a.Piece.ID != b.Piece.ID {
			return int(a.Piece.ID) - int(b.Piece.ID)
		}
		return a.By - b.By
	})

	// Crowding deaths (N5): a piece that stood on a crowded square and is still there dies.
	dead := make([]bool, n)
	for i := range s.pieces {
		if removed[i] || moved[i] {
			continue
		}
		if lo, hi := s.b.at(s.pieces[i].Sq); hi-lo > 1 {
			dead[i] = true
			rep.CrowdDeaths = append(rep.CrowdDeaths, s.pieces[i])
		}
	}

	ns := State{players: players, update: s.update + 1, limits: s.limits, dirs: s.dirs, legacy: s.legacy}
	ns.pieces = make([]Piece, 0, n)
	newIndex := make([]int32, n)
	for i, p := range s.pieces {
		newIndex[i] = -1
		if removed[i] || dead[i] {
			continue
		}
		newIndex[i] = int32(len(ns.pieces))
		q := Piece{ID: p.ID, Owner: p.Owner, Kind: p.Kind, Sq: p.Sq}
		if moved[i] {
			q.Moved, q.From, q.Sq = true, p.Sq, dest[i]
			// N7: moving onto a square an enemy covers on the visible board (NEC-D24).
			if s.b.covered(dest[i], p.Owner, s.dirs) {
				q.Marks |= MarkCovered
			}
		}
		ns.pieces = append(ns.pieces, q)
	}
	ns.b = s.b.rebuild(ns.pieces, newIndex, moved)
	// N7 pins: the owner's own move uncovered an attack by a piece that did not move.
	for p := range s.players {
		w := &r.w[p]
		if w.active && w.out != Cancelled {
			ns.markPins(s.pieces[w.cs[w.cur].mover].Sq, p)
		}
	}
	ns.threats = ns.nextThreats(s.threats)

	rep.Crowded = ns.CrowdedPieces()
	rep.Marked = ns.CapturablePieces()
	for p := range s.players {
		if s.Alive(p) && !ns.Alive(p) {
			rep.Eliminated = append(rep.Eliminated, p)
		}
	}
	return ns
}

// markPins marks every piece of player owner that a piece of another player, which did not move
// in this update, now attacks along a line through the vacated square o (RULES.md 9.3, NEC-D25).
func (s *State) markPins(o Square, owner int) {
	if s.b.occupied(o) {
		return
	}
	for d := Dir(0); d < 8; d++ {
		// The pinned side lies in direction d from o, the attacker in the opposite direction.
		_, op, plo, phi, ok := s.b.nearest(o, d)
		if !ok {
			continue
		}
		_, oe, elo, ehi, ok := s.b.nearest(o, (d+4)&7)
		if !ok {
			continue
		}
		attacked := false
		for _, e := range s.b.lines[oe][elo:ehi] {
			a := &s.pieces[e.i]
			g := a.Kind.geo()
			if a.Owner != owner && !a.Moved && !g.attacksNothing && g.slides(d) {
				attacked = true
			}
		}
		if !attacked {
			continue
		}
		for _, e := range s.b.lines[op][plo:phi] {
			// Only a piece that stood still is uncovered; the piece that moved was not.
			if s.pieces[e.i].Owner == owner && !s.pieces[e.i].Moved {
				s.pieces[e.i].Marks |= MarkPin
			}
		}
	}
}
