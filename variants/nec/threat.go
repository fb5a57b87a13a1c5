package nec

import "slices"

// findThreat returns the index of the record (a, t) in the sorted ts.
func findThreat(ts []Threat, a, t PieceID) (int, bool) {
	return slices.BinarySearchFunc(ts, Threat{Attacker: a, Target: t}, cmpThreat)
}

type attackOn struct {
	t int32
	l Line
}

// nextThreats computes the threat records after an update (RULES.md 9.1-9.2) from the records
// before it (prev) and the board after it, on which Piece.Moved says who moved in the update.
// It also sets MarkClock on the pieces the records make capturable.
func (s *State) nextThreats(prev []Threat) []Threat {
	out := make([]Threat, 0, len(prev)+8)
	var tidx []int32 // target index of each record
	var cont []bool
	var buf []attackOn
	k := 0 // position in prev, which is sorted like out
	for i := range s.pieces {
		ai := int32(i)
		pa := &s.pieces[i]
		buf = buf[:0]
		s.b.attacks(ai, s.dirs, func(t int32, l Line) {
			if s.pieces[t].Owner != pa.Owner {
				buf = append(buf, attackOn{t, l})
			}
		})
		// Piece indices follow identifiers, so sorting by index sorts by target identifier.
		slices.SortFunc(buf, func(x, y attackOn) int { return int(x.t - y.t) })
		for _, at := range buf {
			rec := Threat{Attacker: pa.ID, Target: s.pieces[at.t].ID, Line: at.l}
			for k < len(prev) && cmpThreat(prev[k], rec) < 0 {
				k++
			}
			c := false
			if k < len(prev) && cmpThreat(prev[k], rec) == 0 {
				old := prev[k]
				// 9.1: the attacker did not move, or moved along the line of its attack.
				if !pa.Moved || at.l.Orient != NoLine && at.l == old.Line {
					c = true
					rec.Exempt = old.Exempt
					if !old.Exempt {
						rec.Age = min(old.Age+1, 2)
					}
				}
			}
			out = append(out, rec)
			tidx = append(tidx, at.t)
			cont = append(cont, c)
		}
	}
	piece := func(id PieceID) int32 { i, _ := s.indexOf(id); return int32(i) }
	// 9.2: two pieces that arrive on a line at the same time do not make each other capturable,
	// unless one of them attacked the other before the update: a chasing attacker gives a new
	// chance, not an exemption (NEC-D32, seed examples 16-17).
	for k := range out {
		a, t := out[k].Attacker, out[k].Target
		if a > t || cont[k] || !s.pieces[tidx[k]].Moved || !s.pieces[piece(a)].Moved {
			continue
		}
		if _, before := findThreat(prev, a, t); before && !s.legacy {
			continue
		}
		if _, before := findThreat(prev, t, a); before && !s.legacy {
			continue
		}
		if r, ok := findThreat(out, t, a); ok && !cont[r] {
			out[k].Exempt, out[k].Age = true, 0
			out[r].Exempt, out[r].Age = true, 0
		}
	}
	// An exempt record that is no longer mutual restarts (NEC-D23).
	for k := range out {
		if out[k].Exempt {
			if _, ok := findThreat(out, out[k].Target, out[k].Attacker); !ok {
				out[k].Exempt, out[k].Age = false, 0
			}
		}
	}
	// Stabilization (NEC-D22): of two pieces exempt from each other, when exactly one is defended
	// the undefended one runs on the one-update clock.
	for k := range out {
		a, t := out[k].Attacker, out[k].Target
		if a > t || !out[k].Exempt {
			continue
		}
		r, ok := findThreat(out, t, a)
		if !ok || !out[r].Exempt {
			continue
		}
		da, dt := s.b.defended(piece(a), s.dirs), s.b.defended(tidx[k], s.dirs)
		switch {
		case da && !dt:
			out[k].Exempt, out[k].Age = false, 0 // a attacks the undefended t
		case dt && !da:
			out[r].Exempt, out[r].Age = false, 0
		}
	}
	for k, th := range out {
		if !th.Exempt && th.Age >= 1 {
			s.pieces[tidx[k]].Marks |= MarkClock
		}
	}
	return out
}
