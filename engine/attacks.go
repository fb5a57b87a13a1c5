package engine

import "math/bits"

// Attack tables, filled once at package initialisation. Sliding attacks use "fancy" magic
// bitboards: for each square a mask of the relevant blockers, a multiplier and a shift map any
// occupancy to an index into a table of attack sets. The multipliers were found by the
// deterministic seeded search below and are stored in magic_table.go, so initialisation only
// fills the tables (a fresh search takes about half a second natively, twice that in wasm).

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56
)

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard  // pawnAttacks[c][sq]: squares a pawn of colour c on sq attacks
	between       [64][64]Bitboard // squares strictly between two aligned squares, else empty
	line          [64][64]Bitboard // the whole line through two aligned squares, else empty

	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []Bitboard
)

type magic struct {
	mask    Bitboard
	factor  uint64
	shift   uint8
	attacks []Bitboard
}

func (m *magic) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.factor >> m.shift
}

// RookAttacks returns the squares a rook on sq attacks when the squares of occ are occupied:
// each line up to and including the first occupied square (a magic-table lookup).
func RookAttacks(sq Square, occ Bitboard) Bitboard { return rookAttacks(sq, occ) }

// BishopAttacks returns the squares a bishop on sq attacks when the squares of occ are
// occupied (a magic-table lookup).
func BishopAttacks(sq Square, occ Bitboard) Bitboard { return bishopAttacks(sq, occ) }

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return m.attacks[uint64(occ&m.mask)*m.factor>>m.shift]
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return m.attacks[uint64(occ&m.mask)*m.factor>>m.shift]
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// rays[k][i][sq] is the ray from sq (sq excluded) in direction i of sliderDirs[k] (0 rook,
// 1 bishop), to the edge of the board.
var rays [2][4][64]Bitboard

// sliderDirs are the directions of rooks and bishops, in the order of rays.
var sliderDirs = [2]*[4][2]int{&rookDirs, &bishopDirs}

// initRays fills rays by walking each direction from each square.
func initRays() {
	for k, dirs := range sliderDirs {
		for i, d := range dirs {
			for sq := Square(0); sq < 64; sq++ {
				f, r := sq.File()+d[0], sq.Rank()+d[1]
				for f >= 0 && f < 8 && r >= 0 && r < 8 {
					rays[k][i][sq] |= 1 << Square(r*8+f)
					f, r = f+d[0], r+d[1]
				}
			}
		}
	}
}

// rayAttacks returns the attacks of a slider of kind k (0 rook, 1 bishop) on sq over the
// blockers occ: each ray up to and including its nearest blocker, cut with the ray from that
// blocker. It fills the magic tables at start-up, a few times faster than walking square
// by square (the page's start waits for it).
func rayAttacks(k int, sq Square, occ Bitboard) Bitboard {
	var att Bitboard
	for i, d := range sliderDirs[k] {
		r := rays[k][i][sq]
		if b := uint64(r & occ); b != 0 {
			var first int
			if d[1]*8+d[0] > 0 { // the ray runs towards higher squares: its nearest is the lowest
				first = bits.TrailingZeros64(b)
			} else {
				first = 63 - bits.LeadingZeros64(b)
			}
			r &^= rays[k][i][first]
		}
		att |= r
	}
	return att
}

// relevantMask is the set of squares whose occupancy matters to a slider on sq: the rays
// without their last square.
func relevantMask(sq Square, dirs *[4][2]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			m |= 1 << Square(r*8+f)
			f, r = nf, nr
		}
	}
	return m
}

// prng is a small xorshift generator; fixed seeds make the magic search deterministic.
type prng uint64

func (p *prng) next() uint64 {
	x := uint64(*p)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*p = prng(x)
	return x * 2685821657736338717
}

// sparse returns a random number with few bits set, the usual good magic candidate.
func (p *prng) sparse() uint64 {
	a, b, c := p.next(), p.next(), p.next()
	return a & b & c
}

// magicBuilder fills the table of one square, reusing its scratch buffers between squares.
type magicBuilder struct {
	occs, refs [4096]Bitboard // every blocker subset of the mask and its attack set
	epoch      [4096]uint32   // epoch[i] == try when entry i was written by the current try
	try        uint32
	size       int
}

// prepare sets up m for a slider of kind (0 rook, 1 bishop) on sq (mask, shift, table
// slice) and enumerates the blocker subsets with their attack sets.
func (mb *magicBuilder) prepare(m *magic, sq Square, kind int, table []Bitboard) {
	mask := relevantMask(sq, sliderDirs[kind])
	n := bits.OnesCount64(uint64(mask))
	mb.size = 1 << n
	var sub Bitboard
	for i := 0; i < mb.size; i++ { // Carry-Rippler enumeration of the subsets of mask
		mb.occs[i] = sub
		mb.refs[i] = rayAttacks(kind, sq, sub)
		sub = (sub - mask) & mask
	}
	m.mask = mask
	m.shift = uint8(64 - n)
	m.attacks = table[:mb.size:mb.size]
}

// fill tries factor f for m and reports whether it maps every subset without a harmful
// collision; on success the table is complete.
func (mb *magicBuilder) fill(m *magic, f uint64) bool {
	mb.try++
	m.factor = f
	for i := 0; i < mb.size; i++ {
		idx := m.index(mb.occs[i])
		if mb.epoch[idx] != mb.try {
			mb.epoch[idx] = mb.try
			m.attacks[idx] = mb.refs[i]
		} else if m.attacks[idx] != mb.refs[i] {
			return false
		}
	}
	return true
}

// search finds a working factor for m by trying sparse random numbers from rng.
func (mb *magicBuilder) search(m *magic, rng *prng) {
	for {
		f := rng.sparse()
		if bits.OnesCount64((uint64(m.mask)*f)>>56) < 6 {
			continue
		}
		if mb.fill(m, f) {
			return
		}
	}
}

// fillKnown sets up m for a slider of kind (0 rook, 1 bishop) on sq with the magic factor f
// and writes the attack set of every blocker subset into table, returning the number of
// entries it uses.
func fillKnown(m *magic, sq Square, kind int, f uint64, table []Bitboard) int {
	mask := relevantMask(sq, sliderDirs[kind])
	n := bits.OnesCount64(uint64(mask))
	size := 1 << n
	m.mask, m.factor, m.shift = mask, f, uint8(64-n)
	m.attacks = table[:size:size]
	for sub := Bitboard(0); ; {
		m.attacks[m.index(sub)] = rayAttacks(kind, sq, sub)
		if sub = (sub - mask) & mask; sub == 0 {
			return size
		}
	}
}

// buildMagics fills rookMagics, bishopMagics and sliderTable. With search false it uses the
// precomputed factors of magic_table.go, in one pass over the blocker subsets of each square
// (TestMagicTable checks that every stored factor maps them without a harmful collision);
// with search true it finds every factor afresh from a fixed seed.
func buildMagics(search bool) {
	total := 0
	for sq := Square(0); sq < 64; sq++ {
		total += 1<<relevantMask(sq, &rookDirs).Count() + 1<<relevantMask(sq, &bishopDirs).Count()
	}
	sliderTable = make([]Bitboard, total)
	if !search {
		off := 0
		for sq := Square(0); sq < 64; sq++ {
			off += fillKnown(&rookMagics[sq], sq, 0, rookFactors[sq], sliderTable[off:])
			off += fillKnown(&bishopMagics[sq], sq, 1, bishopFactors[sq], sliderTable[off:])
		}
		return
	}
	mb := new(magicBuilder)
	rng := prng(0x9e3779b97f4a7c15)
	off := 0
	for sq := Square(0); sq < 64; sq++ {
		for kind, m := range [2]*magic{&rookMagics[sq], &bishopMagics[sq]} {
			mb.prepare(m, sq, kind, sliderTable[off:])
			off += mb.size
			mb.search(m, &rng)
		}
	}
}

func init() {
	for sq := Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAttacks[sq] |= SquareBB(NewSquare(f+d[0], r+d[1]))
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			kingAttacks[sq] |= SquareBB(NewSquare(f+d[0], r+d[1]))
		}
		pawnAttacks[White][sq] = SquareBB(NewSquare(f-1, r+1)) | SquareBB(NewSquare(f+1, r+1))
		pawnAttacks[Black][sq] = SquareBB(NewSquare(f-1, r-1)) | SquareBB(NewSquare(f+1, r-1))
	}

	initRays()
	buildMagics(false)

	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			bb := SquareBB(b)
			if rookAttacks(a, 0)&bb != 0 {
				line[a][b] = rookAttacks(a, 0)&rookAttacks(b, 0) | SquareBB(a) | bb
				between[a][b] = rookAttacks(a, bb) & rookAttacks(b, SquareBB(a))
			} else if bishopAttacks(a, 0)&bb != 0 {
				line[a][b] = bishopAttacks(a, 0)&bishopAttacks(b, 0) | SquareBB(a) | bb
				between[a][b] = bishopAttacks(a, bb) & bishopAttacks(b, SquareBB(a))
			}
		}
	}
}
