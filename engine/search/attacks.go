package search

import (
	"math/bits"

	"github.com/plyground/plyground/engine"
)

// Attack sets for the evaluation and the static exchange evaluation: the sliders' through
// package engine's magic tables (engine.RookAttacks, engine.BishopAttacks), the rest from
// the small tables below.

type bb = engine.Bitboard

var (
	knightAtt   [64]bb
	kingAtt     [64]bb
	pawnAtt     [2][64]bb // squares a pawn of the colour on the square attacks
	fileMask    [8]bb
	adjFiles    [8]bb // the files next to a file
	passedMask  [2][64]bb
	forwardFile [2][64]bb // squares in front of a square on its file
)

// kingSteps are the eight steps of a king.
var kingSteps = [8][2]int{{0, 1}, {1, 0}, {1, 1}, {-1, 1}, {0, -1}, {-1, 0}, {-1, -1}, {1, -1}}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func sqBB(f, r int) bb { return bb(1) << uint(r*8+f) }

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		for y := r + 1; y < 8; y++ {
			forwardFile[engine.White][sq] |= sqBB(f, y)
		}
		for y := r - 1; y >= 0; y-- {
			forwardFile[engine.Black][sq] |= sqBB(f, y)
		}
		for _, st := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+st[0], r+st[1]) {
				knightAtt[sq] |= sqBB(f+st[0], r+st[1])
			}
		}
		for _, st := range kingSteps {
			if onBoard(f+st[0], r+st[1]) {
				kingAtt[sq] |= sqBB(f+st[0], r+st[1])
			}
		}
		for _, df := range [2]int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAtt[engine.White][sq] |= sqBB(f+df, r+1)
			}
			if onBoard(f+df, r-1) {
				pawnAtt[engine.Black][sq] |= sqBB(f+df, r-1)
			}
		}
	}
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			fileMask[f] |= sqBB(f, r)
		}
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjFiles[f] |= fileMask[f+1]
		}
	}
	for sq := 0; sq < 64; sq++ {
		f := sq & 7
		for _, c := range [2]engine.Color{engine.White, engine.Black} {
			front := forwardFile[c][sq]
			m := front
			if f > 0 {
				m |= shiftFile(front, -1)
			}
			if f < 7 {
				m |= shiftFile(front, 1)
			}
			passedMask[c][sq] = m
		}
	}
}

// shiftFile moves every square of b by df files (|df| = 1), dropping what leaves the board.
func shiftFile(b bb, df int) bb {
	const notA, notH = ^bb(0x0101010101010101), ^bb(0x8080808080808080)
	if df > 0 {
		return (b & notH) << 1
	}
	return (b & notA) >> 1
}

func rookAttacks(sq engine.Square, occ bb) bb { return engine.RookAttacks(sq, occ) }

func bishopAttacks(sq engine.Square, occ bb) bb { return engine.BishopAttacks(sq, occ) }

// attackersTo returns the pieces of both colours that attack sq with the occupancy occ.
func attackersTo(p *board, sq engine.Square, occ bb) bb {
	w, b := engine.White, engine.Black
	rq := p.pcs[w][engine.Rook] | p.pcs[b][engine.Rook] | p.pcs[w][engine.Queen] | p.pcs[b][engine.Queen]
	bq := p.pcs[w][engine.Bishop] | p.pcs[b][engine.Bishop] | p.pcs[w][engine.Queen] | p.pcs[b][engine.Queen]
	return (pawnAtt[b][sq]&p.pcs[w][engine.Pawn] |
		pawnAtt[w][sq]&p.pcs[b][engine.Pawn] |
		knightAtt[sq]&(p.pcs[w][engine.Knight]|p.pcs[b][engine.Knight]) |
		kingAtt[sq]&(p.pcs[w][engine.King]|p.pcs[b][engine.King]) |
		rookAttacks(sq, occ)&rq |
		bishopAttacks(sq, occ)&bq) & occ
}

func popLSB(b *bb) engine.Square {
	sq := engine.Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// centerDist is 0 for the four centre squares and 3 for the rim.
func centerDist(sq engine.Square) int {
	f, r := sq.File(), sq.Rank()
	df := max(3-f, f-4)
	dr := max(3-r, r-4)
	return max(df, dr)
}

// kingDist is the number of king steps between two squares.
func kingDist(a, b engine.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}
