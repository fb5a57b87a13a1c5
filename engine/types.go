// Package engine implements the rules of orthodox chess on the 8x8 board: squares, pieces,
// moves, positions, legal move generation, play, attacks, Zobrist hashing, FEN, SAN and UCI
// text, perft, and what the end of a game is read from (RULES.md O1 and O2: check, legal
// moves, insufficient material, the halfmove clock, the hash that repetition compares). The
// outcome itself (one Result, Reason and Outcome for every variant) is package turn's.
//
// A Position is a small value that is always valid: it is built by StartPosition, ParseFEN or
// a method of another valid Position. Play returns the next position by value (copy-make) and
// LegalMoves appends to a buffer owned by the caller, so neither allocates. The multi-ply
// variants build on WithTurn, WithEnPassant, EnPassantMove (an e.p. capture on a target the
// engine does not keep) and ParseFENExceptEnPassant (a FEN whose e.p. field they read
// themselves); after WithTurn the side not to move may be in check, and generation then never
// produces a capture of a king.
//
// The package uses the standard library only.
package engine

import "math/bits"

// Color is the colour of a side: White or Black.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "color?"
}

// PieceType is the kind of a piece, regardless of its colour.
type PieceType uint8

// The piece types; NoPieceType is the zero value.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceTypeNames = [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}

// String returns the lower-case English name of the type: "pawn", "knight", ...
func (t PieceType) String() string {
	if int(t) < len(pieceTypeNames) {
		return pieceTypeNames[t]
	}
	return "piecetype?"
}

// Letter returns the upper-case SAN letter of the type ('P', 'N', 'B', 'R', 'Q', 'K'), or 0
// for NoPieceType.
func (t PieceType) Letter() byte {
	if t >= Pawn && t <= King {
		return " PNBRQK"[t]
	}
	return 0
}

// pieceTypeFromLetter returns the type of an upper- or lower-case piece letter.
func pieceTypeFromLetter(c byte) PieceType {
	switch c {
	case 'P', 'p':
		return Pawn
	case 'N', 'n':
		return Knight
	case 'B', 'b':
		return Bishop
	case 'R', 'r':
		return Rook
	case 'Q', 'q':
		return Queen
	case 'K', 'k':
		return King
	}
	return NoPieceType
}

// Piece is a coloured piece; NoPiece (the zero value) is an empty square.
type Piece uint8

// NoPiece is the piece on an empty square.
const NoPiece Piece = 0

// The twelve pieces.
const (
	WhitePawn   = Piece(White)<<3 | Piece(Pawn)
	WhiteKnight = Piece(White)<<3 | Piece(Knight)
	WhiteBishop = Piece(White)<<3 | Piece(Bishop)
	WhiteRook   = Piece(White)<<3 | Piece(Rook)
	WhiteQueen  = Piece(White)<<3 | Piece(Queen)
	WhiteKing   = Piece(White)<<3 | Piece(King)
	BlackPawn   = Piece(Black)<<3 | Piece(Pawn)
	BlackKnight = Piece(Black)<<3 | Piece(Knight)
	BlackBishop = Piece(Black)<<3 | Piece(Bishop)
	BlackRook   = Piece(Black)<<3 | Piece(Rook)
	BlackQueen  = Piece(Black)<<3 | Piece(Queen)
	BlackKing   = Piece(Black)<<3 | Piece(King)
)

// NewPiece returns the piece of colour c and type t.
func NewPiece(c Color, t PieceType) Piece { return Piece(c&1)<<3 | Piece(t&7) }

// Color returns the colour of the piece (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Type returns the type of the piece (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// String returns a two-letter code such as "wP" or "bN", or "" for NoPiece.
func (p Piece) String() string {
	t := p.Type()
	if t == NoPieceType || t > King {
		return ""
	}
	return string([]byte{"wb"[p.Color()], t.Letter()})
}

// Name returns the English name of the piece, such as "white knight", or "" for NoPiece.
func (p Piece) Name() string {
	t := p.Type()
	if t == NoPieceType || t > King {
		return ""
	}
	return p.Color().String() + " " + t.String()
}

// fenLetter returns the FEN letter of the piece: upper case for White, lower case for Black.
func (p Piece) fenLetter() byte {
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Square is a square of the board: A1 = 0, B1 = 1, ..., H8 = 63; NoSquare = 64.
type Square uint8

// The squares, and NoSquare.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// NewSquare returns the square on file 0..7 (a..h) and rank 0..7 (1..8), or NoSquare when
// either is out of range.
func NewSquare(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, errorf("invalid square %q", s)
	}
	return Square((s[1]-'1')*8 + s[0] - 'a'), nil
}

// File returns the file of the square, 0..7 for a..h.
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank of the square, 0..7 for 1..8.
func (s Square) Rank() int { return int(s >> 3) }

// String returns the name of the square ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// Bitboard is a set of squares: bit i is square i.
type Bitboard uint64

// SquareBB returns the set holding only sq (empty for NoSquare).
func SquareBB(sq Square) Bitboard {
	if sq >= NoSquare {
		return 0
	}
	return 1 << sq
}

// Has reports whether sq is in the set.
func (b Bitboard) Has(sq Square) bool { return sq < NoSquare && b>>sq&1 != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of the set, or NoSquare when it is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Squares returns the squares of the set in increasing order (it allocates; hot paths should
// iterate with First and b &= b-1 instead).
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// MoveKind says what kind of move a Move is.
type MoveKind uint8

// The kinds of move.
const (
	Normal MoveKind = iota
	DoublePush
	EnPassant
	CastleShort
	CastleLong
	Promotion
)

var moveKindNames = [...]string{"normal", "double push", "en passant", "castle short", "castle long", "promotion"}

// String returns the name of the kind.
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return "kind?"
}

// Move is one ply: from and to squares, kind, promotion piece and whether it captures. It is a
// comparable value; NullMove (the zero value) means "no move". Moves are obtained from
// LegalMoves, ParseSAN or ParseUCI.
type Move uint32

// NullMove is the zero Move, "no move".
const NullMove Move = 0

const (
	moveToShift    = 6
	movePromoShift = 12
	moveKindShift  = 15
	moveCapture    = 1 << 18
)

func newMove(from, to Square, kind MoveKind, promo PieceType, capture bool) Move {
	m := Move(from) | Move(to)<<moveToShift | Move(promo)<<movePromoShift | Move(kind)<<moveKindShift
	if capture {
		m |= moveCapture
	}
	return m
}

// EnPassantMove returns the en passant capture by the pawn on from of the pawn that passed to:
// from on the fifth rank and to on the sixth (White), or from on the fourth and to on the third
// (Black), on a neighbouring file. It returns NullMove for any other pair of squares. The move
// is the one LegalMoves generates when the capture is legal; Play plays it in any position,
// taking the pawn just beyond to, so a variant whose e.p. targets the engine does not keep
// (several at once, or a start square occupied since the double step) makes the capture with
// it and checks for itself that it is legal there.
func EnPassantMove(from, to Square) Move {
	if from >= NoSquare || to >= NoSquare {
		return NullMove
	}
	if df := from.File() - to.File(); df != 1 && df != -1 {
		return NullMove
	}
	switch {
	case from.Rank() == 4 && to.Rank() == 5, from.Rank() == 3 && to.Rank() == 2:
		return newMove(from, to, EnPassant, NoPieceType, true)
	}
	return NullMove
}

// From returns the square the moving piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the moving piece reaches; for castling, the king's destination.
func (m Move) To() Square { return Square(m >> moveToShift & 63) }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> movePromoShift & 7) }

// Kind returns the kind of the move.
func (m Move) Kind() MoveKind { return MoveKind(m >> moveKindShift & 7) }

// IsCapture reports whether the move captures a piece (en passant included).
func (m Move) IsCapture() bool { return m&moveCapture != 0 }

// UCI returns the move in UCI long algebraic notation: "e2e4", "e7e8q", "e1g1"; "0000" for
// NullMove.
func (m Move) UCI() string {
	if m == NullMove {
		return "0000"
	}
	var b [5]byte
	from, to := m.From(), m.To()
	b[0], b[1] = 'a'+byte(from&7), '1'+byte(from>>3)
	b[2], b[3] = 'a'+byte(to&7), '1'+byte(to>>3)
	if pt := m.Promotion(); pt != NoPieceType {
		b[4] = pt.Letter() + 'a' - 'A'
		return string(b[:5])
	}
	return string(b[:4])
}

// String returns the UCI text of the move.
func (m Move) String() string { return m.UCI() }

// CastlingRights is the set of castling rights still held.
type CastlingRights uint8

// The four castling rights.
const (
	WhiteShort CastlingRights = 1 << iota
	WhiteLong
	BlackShort
	BlackLong
	NoCastling  CastlingRights = 0
	AllCastling                = WhiteShort | WhiteLong | BlackShort | BlackLong
)

// String returns the rights in FEN form, "KQkq" or a subset, or "-" when none is held.
func (cr CastlingRights) String() string {
	if cr&AllCastling == 0 {
		return "-"
	}
	b := make([]byte, 0, 4)
	for i, l := range "KQkq" {
		if cr&(1<<i) != 0 {
			b = append(b, byte(l))
		}
	}
	return string(b)
}
