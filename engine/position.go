package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// errorf builds an error of this package.
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// Position is a chess position: placement, side to move, castling rights, en passant target,
// clocks and its Zobrist key. It is a value; the zero Position is not valid, use
// StartPosition or ParseFEN.
//
// The en passant target is kept only while an en passant capture is legal for the side to move,
// so EnPassant, FEN and Hash agree with the FIDE notion of "the same position".
type Position struct {
	byType   [8]Bitboard // byType[0] is the occupancy, byType[t] the pieces of type t (7 unused)
	byColor  [2]Bitboard
	board    [64]Piece
	hash     uint64
	halfmove uint16
	fullmove uint16
	turn     Color
	castling CastlingRights
	ep       Square
}

// Zobrist keys, from a fixed seed so that hashes are the same on every machine.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristTurn     uint64
)

func init() {
	// splitmix64 from the seed "Plygroun".
	s := uint64(0x506c7967726f756e)
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for p := range zobristPiece {
		for sq := range zobristPiece[p] {
			zobristPiece[p][sq] = next()
		}
	}
	// Castling keys are the xor of one key per right, so updating rights is one xor.
	var rights [4]uint64
	for i := range rights {
		rights[i] = next()
	}
	for cr := range zobristCastling {
		for i := range rights {
			if cr&(1<<i) != 0 {
				zobristCastling[cr] ^= rights[i]
			}
		}
	}
	for f := range zobristEP {
		zobristEP[f] = next()
	}
	zobristTurn = next()
}

// castlingMask[sq] is the set of rights kept when a piece leaves or reaches sq.
var castlingMask = func() (m [64]CastlingRights) {
	for i := range m {
		m[i] = AllCastling
	}
	m[E1] &^= WhiteShort | WhiteLong
	m[H1] &^= WhiteShort
	m[A1] &^= WhiteLong
	m[E8] &^= BlackShort | BlackLong
	m[H8] &^= BlackShort
	m[A8] &^= BlackLong
	return m
}()

// StartPosition returns the initial position of orthodox chess.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("engine: start position: " + err.Error()) // unreachable: StartFEN is valid
	}
	return p
}

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Turn returns the side to move.
func (p Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq, or NoPiece.
func (p Position) PieceAt(sq Square) Piece {
	if sq >= NoSquare {
		return NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of the pieces of colour c and type t.
func (p Position) Pieces(c Color, t PieceType) Bitboard {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.byType[t] & p.byColor[c&1]
}

// PieceSets returns the squares of the pieces of each type (byType[t], t from Pawn to King;
// byType[0] is every piece) and of each colour, read through a pointer: a method with a value
// receiver copies the whole position, which an evaluation reading every set pays for.
func (p *Position) PieceSets() (byType [8]Bitboard, byColor [2]Bitboard) {
	return p.byType, p.byColor
}

// Occupied returns the squares holding a piece.
func (p Position) Occupied() Bitboard { return p.byType[0] }

// ColorPieces returns the squares of the pieces of colour c.
func (p Position) ColorPieces(c Color) Bitboard { return p.byColor[c&1] }

// KingSquare returns the square of the king of colour c (NoSquare in the invalid zero
// Position).
func (p Position) KingSquare(c Color) Square {
	return Square(bits.TrailingZeros64(uint64(p.byType[King] & p.byColor[c&1])))
}

// Castling returns the castling rights.
func (p Position) Castling() CastlingRights { return p.castling }

// EnPassant returns the en passant target square (the square the double-pushed pawn passed),
// or NoSquare. It is set only while an en passant capture is legal for the side to move.
func (p Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of plies since the last capture or pawn move.
func (p Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the move number, starting at 1 and increased after each Black ply.
func (p Position) FullmoveNumber() int { return int(p.fullmove) }

// Hash returns the Zobrist key of the position: placement, side to move, castling rights and
// the en passant file (only when an en passant capture is possible). Keys come from a fixed
// seed.
func (p Position) Hash() uint64 { return p.hash }

// InCheck reports whether the king of the side to move is attacked.
func (p Position) InCheck() bool { return p.Checkers() != 0 }

// Checkers returns the enemy pieces attacking the king of the side to move.
func (p Position) Checkers() Bitboard {
	ksq := p.KingSquare(p.turn)
	if ksq >= NoSquare {
		return 0 // only the invalid zero Position has no king
	}
	return p.attackersTo(ksq, p.turn^1, p.byType[0])
}

// Attacked reports whether a piece of colour by attacks sq.
func (p Position) Attacked(sq Square, by Color) bool {
	if sq >= NoSquare {
		return false
	}
	return p.attackersTo(sq, by&1, p.byType[0]) != 0
}

// AttackersTo returns the pieces of colour by that attack sq.
func (p Position) AttackersTo(sq Square, by Color) Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return p.attackersTo(sq, by&1, p.byType[0])
}

// attackersTo returns the pieces of colour by attacking sq, with sliders seeing through occ.
func (p *Position) attackersTo(sq Square, by Color, occ Bitboard) Bitboard {
	them := p.byColor[by]
	return (pawnAttacks[by^1][sq]&p.byType[Pawn] |
		knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		bishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])) & them
}

// attacked reports whether colour by attacks sq with occupancy occ.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if pawnAttacks[by^1][sq]&p.byType[Pawn]&them != 0 ||
		knightAttacks[sq]&p.byType[Knight]&them != 0 ||
		kingAttacks[sq]&p.byType[King]&them != 0 {
		return true
	}
	if bishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return rookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// put places pc on the empty square sq, updating bitboards, board and hash.
func (p *Position) put(pc Piece, sq Square) {
	b := Bitboard(1) << sq
	p.byType[0] |= b
	p.byType[pc&7] |= b
	p.byColor[pc>>3] |= b
	p.board[sq] = pc
	p.hash ^= zobristPiece[pc&15][sq]
}

// remove takes the piece off sq (which must hold one).
func (p *Position) remove(sq Square) {
	pc := p.board[sq]
	b := Bitboard(1) << sq
	p.byType[0] &^= b
	p.byType[pc&7] &^= b
	p.byColor[pc>>3] &^= b
	p.board[sq] = NoPiece
	p.hash ^= zobristPiece[pc&15][sq]
}

// Play returns the position after the legal move m. It does not allocate. The result is
// meaningless (though Play does not panic) when m is not a legal move of p: moves should come
// from LegalMoves, ParseSAN or ParseUCI, or be checked with IsLegal.
func (p Position) Play(m Move) Position {
	p.play(m)
	return p
}

func (p *Position) play(m Move) {
	from, to := m.From(), m.To()
	us := p.turn
	pc := p.board[from]
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	p.halfmove++
	if pc&7 == Piece(Pawn) {
		p.halfmove = 0
	}
	switch m.Kind() {
	case Normal, DoublePush:
		if p.board[to] != NoPiece {
			p.remove(to)
			p.halfmove = 0
		}
		p.movePiece(pc, from, to)
	case Promotion:
		if p.board[to] != NoPiece {
			p.remove(to)
		}
		p.remove(from)
		p.put(NewPiece(us, m.Promotion()), to)
	case EnPassant:
		p.remove(to ^ 8)
		p.movePiece(pc, from, to)
	case CastleShort:
		p.movePiece(pc, from, to)
		p.movePiece(p.board[(to+1)&63], (to+1)&63, (to-1)&63)
	case CastleLong:
		p.movePiece(pc, from, to)
		p.movePiece(p.board[(to-2)&63], (to-2)&63, (to+1)&63)
	}
	if cr := p.castling & castlingMask[from] & castlingMask[to]; cr != p.castling {
		p.hash ^= zobristCastling[p.castling] ^ zobristCastling[cr]
		p.castling = cr
	}
	if us == Black && p.fullmove < 0xffff {
		p.fullmove++
	}
	if p.halfmove == 0xffff {
		p.halfmove--
	}
	p.turn = us ^ 1
	p.hash ^= zobristTurn
	if m.Kind() == DoublePush {
		p.setEnPassant((from + to) / 2)
	}
}

// movePiece moves pc from one square to an empty one.
func (p *Position) movePiece(pc Piece, from, to Square) {
	b := Bitboard(1)<<from | Bitboard(1)<<to
	p.byType[0] ^= b
	p.byType[pc&7] ^= b
	p.byColor[pc>>3] ^= b
	p.board[from] = NoPiece
	p.board[to] = pc
	p.hash ^= zobristPiece[pc&15][from] ^ zobristPiece[pc&15][to]
}

// setEnPassant sets the e.p. target sq for the side to move (whose enemy pawn just passed sq)
// when a legal e.p. capture exists; the e.p. state must be clear on entry.
func (p *Position) setEnPassant(sq Square) {
	us := p.turn
	cands := pawnAttacks[us^1][sq] & p.byType[Pawn] & p.byColor[us]
	for ; cands != 0; cands &= cands - 1 {
		if p.epLegal(cands.First(), sq) {
			p.ep = sq
			p.hash ^= zobristEP[sq&7]
			return
		}
	}
}

// epLegal reports whether the side to move's pawn on from may capture en passant on to
// without leaving its king attacked.
func (p *Position) epLegal(from, to Square) bool {
	us := p.turn
	them := us ^ 1
	ksq := p.KingSquare(us)
	if ksq >= NoSquare {
		return false // a kingless position can only come from an illegal move
	}
	capSq := to ^ 8
	occ := p.byType[0]&^(Bitboard(1)<<from|Bitboard(1)<<capSq) | Bitboard(1)<<to
	enemy := p.byColor[them] &^ (Bitboard(1) << capSq)
	if bishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&enemy != 0 ||
		rookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&enemy != 0 {
		return false
	}
	return (knightAttacks[ksq]&p.byType[Knight]|pawnAttacks[us][ksq]&p.byType[Pawn]|
		kingAttacks[ksq]&p.byType[King])&enemy == 0
}

// WithTurn returns the position with the same placement, castling rights and clocks, side to
// move c and no en passant target. It is meant for multi-ply variants: the side not to move
// may then be in check.
func (p Position) WithTurn(c Color) Position {
	c &= 1
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	if c != p.turn {
		p.turn = c
		p.hash ^= zobristTurn
	}
	return p
}

// ErrEnPassant is returned by WithEnPassant for an impossible en passant target.
var ErrEnPassant = errors.New("invalid en passant target")

// WithEnPassant returns the position with en passant target sq for the side to move. It fails
// unless an enemy pawn stands just beyond sq (the double-pushed pawn), sq is empty and the
// pawn's start square is empty. As everywhere, the target is kept only when an en passant
// capture is then legal; NoSquare clears it.
func (p Position) WithEnPassant(sq Square) (Position, error) {
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep&7]
		p.ep = NoSquare
	}
	if sq == NoSquare {
		return p, nil
	}
	if err := p.checkEnPassant(sq); err != nil {
		return p, fmt.Errorf("%w: %v", ErrEnPassant, err)
	}
	p.setEnPassant(sq)
	return p, nil
}

// checkEnPassant checks that sq can be an e.p. target for the side to move.
func (p *Position) checkEnPassant(sq Square) error {
	if sq >= NoSquare {
		return errorf("%v is not a square", sq)
	}
	us := p.turn
	wantRank, pawnSq, startSq := 5, sq-8, sq+8
	if us == Black {
		wantRank, pawnSq, startSq = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return errorf("the target %v is not on rank %d, where a %v pawn passes on its two-square advance", sq, wantRank+1, us^1)
	}
	if p.board[pawnSq] != NewPiece(us^1, Pawn) {
		return errorf("no %v pawn on %v, just beyond the target %v", us^1, pawnSq, sq)
	}
	if p.board[sq] != NoPiece {
		return errorf("the target %v is not empty", sq)
	}
	if p.board[startSq] != NoPiece {
		return errorf("%v, where the pawn that passed %v started, is not empty", startSq, sq)
	}
	return nil
}

// InsufficientMaterial reports whether neither side can ever mate: king against king, king
// and one minor piece against king, or king and bishop against king and bishop with both
// bishops on squares of the same colour (RULES.md O2).
func (p Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	switch minors.Count() {
	case 0, 1:
		return true
	case 2:
		b := p.byType[Bishop]
		if b.Count() != 2 || (b&p.byColor[White]).Count() != 1 {
			return false
		}
		const dark Bitboard = 0xaa55aa55aa55aa55
		return b&dark == 0 || b&^dark == 0
	}
	return false
}

// computeHash recomputes the Zobrist key from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for b := p.byType[0]; b != 0; b &= b - 1 {
		sq := b.First()
		h ^= zobristPiece[p.board[sq]&15][sq]
	}
	h ^= zobristCastling[p.castling]
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep&7]
	}
	if p.turn == Black {
		h ^= zobristTurn
	}
	return h
}
