package nec

import "slices"

// entry is one piece seen along one line orientation: the line's constant, the position along
// the line and the piece's index in the state's piece slice.
type entry struct {
	c, p int64
	i    int32
}

// board indexes a set of pieces for the queries the rules need: the pieces on a square and the
// first occupied square along a ray. It keeps, for each of the four line orientations, the
// pieces sorted by (line constant, position along the line), so a ray over empty squares costs
// one binary search however long it is: the board is unbounded and rays are never walked square
// by square.
type board struct {
	pieces []Piece
	lines  [4][]entry
	// slots is an open-addressing hash table from a square to the position in lines[0] of the
	// first piece standing on it (-1: empty slot); its length is a power of two.
	slots []int32
}

func hashSquare(s Square) uint64 {
	h := uint64(s.X)*0x9e3779b97f4a7c15 ^ uint64(s.Y)*0xc2b2ae3d27d4eb4f
	return h ^ h>>29
}

// hash fills the square table from lines[0].
func (b *board) hash() {
	size := 16
	for size < 2*len(b.lines[0]) {
		size <<= 1
	}
	b.slots = make([]int32, size)
	for i := range b.slots {
		b.slots[i] = -1
	}
	mask := uint64(size - 1)
	es := b.lines[0]
	for k := range es {
		if k > 0 && es[k-1].c == es[k].c && es[k-1].p == es[k].p {
			continue
		}
		h := hashSquare(Square{es[k].p, es[k].c}) & mask
		for b.slots[h] >= 0 {
			h = (h + 1) & mask
		}
		b.slots[h] = int32(k)
	}
}

func cmpEntry(a, b entry) int {
	switch {
	case a.c != b.c:
		if a.c < b.c {
			return -1
		}
		return 1
	case a.p != b.p:
		if a.p < b.p {
			return -1
		}
		return 1
	case a.i != b.i:
		if a.i < b.i {
			return -1
		}
		return 1
	}
	return 0
}

// newBoard indexes pieces (which the board keeps and never modifies).
func newBoard(pieces []Piece) *board {
	b := &board{pieces: pieces}
	n := len(pieces)
	store := make([]entry, 4*n)
	for o := 0; o < 4; o++ {
		es := store[o*n : (o+1)*n : (o+1)*n]
		for i := range pieces {
			c, p := coords(o, pieces[i].Sq)
			es[i] = entry{c, p, int32(i)}
		}
		slices.SortFunc(es, cmpEntry)
		b.lines[o] = es
	}
	b.hash()
	return b
}

// search returns the index of the first entry of orientation o not before (c, p).
func (b *board) search(o int, c, p int64) int {
	es := b.lines[o]
	lo, hi := 0, len(es)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		e := es[m]
		if e.c < c || e.c == c && e.p < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// at returns the entries (orientation 0) of the pieces standing on s: b.lines[0][lo:hi].
func (b *board) at(s Square) (lo, hi int) {
	es := b.lines[0]
	mask := uint64(len(b.slots) - 1)
	for h := hashSquare(s) & mask; ; h = (h + 1) & mask {
		k := b.slots[h]
		if k < 0 {
			return 0, 0
		}
		if e := es[k]; e.c == s.Y && e.p == s.X {
			lo, hi = int(k), int(k)+1
			for hi < len(es) && es[hi].c == s.Y && es[hi].p == s.X {
				hi++
			}
			return lo, hi
		}
	}
}

// occupied reports whether some piece stands on s.
func (b *board) occupied(s Square) bool {
	lo, hi := b.at(s)
	return hi > lo
}

// piecesAt calls f with the index of every piece standing on s.
func (b *board) piecesAt(s Square, f func(i int32)) {
	lo, hi := b.at(s)
	for _, e := range b.lines[0][lo:hi] {
		f(e.i)
	}
}

// nearest finds the first occupied square beyond s in direction d. It returns the distance in
// steps and the range of entries standing there (in orientation orientOf(d)).
func (b *board) nearest(s Square, d Dir) (dist int64, o, lo, hi int, ok bool) {
	o = orientOf(d)
	c, p := coords(o, s)
	es := b.lines[o]
	if positive(d) {
		lo = b.search(o, c, p+1)
		if lo >= len(es) || es[lo].c != c {
			return 0, o, 0, 0, false
		}
		q := es[lo].p
		hi = lo
		for hi < len(es) && es[hi].c == c && es[hi].p == q {
			hi++
		}
		return q - p, o, lo, hi, true
	}
	hi = b.search(o, c, p)
	if hi == 0 || es[hi-1].c != c {
		return 0, o, 0, 0, false
	}
	q := es[hi-1].p
	lo = hi - 1
	for lo > 0 && es[lo-1].c == c && es[lo-1].p == q {
		lo--
	}
	return p - q, o, lo, hi, true
}

// ownerAt returns a bitmask of the owners of the pieces on s.
func (b *board) ownersAt(s Square) uint16 {
	var m uint16
	lo, hi := b.at(s)
	for _, e := range b.lines[0][lo:hi] {
		m |= 1 << b.pieces[e.i].Owner
	}
	return m
}

// rebuild indexes pieces, the pieces of old's state after an update: newIndex maps each old
// piece index to its index in pieces (-1 when it left the board) and moved marks the old pieces
// whose square changed. The unchanged pieces keep their order, so the new index is a merge of
// the old one with the few moved pieces, without sorting everything again.
func (old *board) rebuild(pieces []Piece, newIndex []int32, moved []bool) *board {
	b := &board{pieces: pieces}
	n := len(pieces)
	store := make([]entry, 4*n)
	var ins []entry
	for o := 0; o < 4; o++ {
		es := store[o*n : o*n : (o+1)*n]
		ins = ins[:0]
		for i, m := range moved {
			if m && newIndex[i] >= 0 {
				c, p := coords(o, pieces[newIndex[i]].Sq)
				ins = append(ins, entry{c, p, newIndex[i]})
			}
		}
		slices.SortFunc(ins, cmpEntry)
		k := 0
		for _, e := range old.lines[o] {
			ni := newIndex[e.i]
			if ni < 0 || moved[e.i] {
				continue
			}
			ne := entry{e.c, e.p, ni}
			for k < len(ins) && cmpEntry(ins[k], ne) < 0 {
				es = append(es, ins[k])
				k++
			}
			es = append(es, ne)
		}
		es = append(es, ins[k:]...)
		b.lines[o] = es
	}
	b.hash()
	return b
}

// crowded calls f with the index of every piece that shares its square, in no particular order.
func (b *board) crowded(f func(i int32)) {
	es := b.lines[0]
	for k := range es {
		if k > 0 && es[k-1].c == es[k].c && es[k-1].p == es[k].p ||
			k+1 < len(es) && es[k+1].c == es[k].c && es[k+1].p == es[k].p {
			f(es[k].i)
		}
	}
}
