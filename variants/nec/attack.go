package nec

// attackers calls f with the index of every piece that attacks square s (RULES.md 3.3), in no
// particular order, until f returns true; it reports whether f did. The time thief attacks
// nothing (NEC-D5). dirs holds each player's pawn direction.
func (b *board) attackers(s Square, dirs []Dir, f func(i int32) bool) bool {
	// Rays: the first piece in each direction attacks s if it slides that way.
	for d := Dir(0); d < 8; d++ {
		_, o, lo, hi, ok := b.nearest(s, d)
		if !ok {
			continue
		}
		for _, e := range b.lines[o][lo:hi] {
			g := b.pieces[e.i].Kind.geo()
			if !g.attacksNothing && g.slides(d) && f(e.i) {
				return true
			}
		}
	}
	// Knight and camel leaps.
	for _, off := range knightLeaps {
		if b.leapers(s.add(off[0], off[1]), func(g geometry) bool { return g.knight }, f) {
			return true
		}
	}
	for _, off := range camelLeaps {
		if b.leapers(s.add(off[0], off[1]), func(g geometry) bool { return g.camel }, f) {
			return true
		}
	}
	// Guards and pawns on the eight neighbouring squares.
	for w := Dir(0); w < 8; w++ {
		dx, dy := w.Vec()
		n := s.add(dx, dy)
		lo, hi := b.at(n)
		for _, e := range b.lines[0][lo:hi] {
			pc := &b.pieces[e.i]
			g := pc.Kind.geo()
			if g.step {
				if f(e.i) {
					return true
				}
				continue
			}
			if g.pawn {
				// The pawn on n attacks n + v for its two capture directions v; s = n - w.
				back := (w + 4) & 7
				pd := dirs[pc.Owner]
				if (pd.Left() == back || pd.Right() == back) && f(e.i) {
					return true
				}
			}
		}
	}
	return false
}

func (b *board) leapers(s Square, want func(geometry) bool, f func(i int32) bool) bool {
	lo, hi := b.at(s)
	for _, e := range b.lines[0][lo:hi] {
		if want(b.pieces[e.i].Kind.geo()) && f(e.i) {
			return true
		}
	}
	return false
}

// attacks calls f for every piece standing on a square that piece i attacks, with the line of
// the attack (the zero Line for leaps, steps and pawn captures).
func (b *board) attacks(i int32, dirs []Dir, f func(t int32, l Line)) {
	pc := &b.pieces[i]
	g := pc.Kind.geo()
	if g.attacksNothing {
		return
	}
	a := pc.Sq
	if g.pawn {
		pd := dirs[pc.Owner]
		for _, v := range [2]Dir{pd.Left(), pd.Right()} {
			dx, dy := v.Vec()
			b.piecesAt(a.add(dx, dy), func(t int32) { f(t, Line{}) })
		}
		return
	}
	if g.orth || g.diag {
		for d := Dir(0); d < 8; d++ {
			if !g.slides(d) {
				continue
			}
			_, o, lo, hi, ok := b.nearest(a, d)
			if !ok {
				continue
			}
			l := lineThrough(a, d)
			for _, e := range b.lines[o][lo:hi] {
				f(e.i, l)
			}
		}
	}
	if g.knight {
		for _, off := range knightLeaps {
			b.piecesAt(a.add(off[0], off[1]), func(t int32) { f(t, Line{}) })
		}
	}
	if g.camel {
		for _, off := range camelLeaps {
			b.piecesAt(a.add(off[0], off[1]), func(t int32) { f(t, Line{}) })
		}
	}
	if g.step {
		for _, v := range dirVecs {
			b.piecesAt(a.add(v[0], v[1]), func(t int32) { f(t, Line{}) })
		}
	}
}

// covered reports whether square s is attacked by a piece of a player other than owner
// (RULES.md 3.5).
func (b *board) covered(s Square, owner int, dirs []Dir) bool {
	return b.attackers(s, dirs, func(i int32) bool { return b.pieces[i].Owner != owner })
}

// defended reports whether piece i is attacked by another piece of its own player (RULES.md
// 3.6).
func (b *board) defended(i int32, dirs []Dir) bool {
	pc := &b.pieces[i]
	return b.attackers(pc.Sq, dirs, func(j int32) bool { return j != i && b.pieces[j].Owner == pc.Owner })
}
