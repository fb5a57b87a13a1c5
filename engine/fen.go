package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrFEN is wrapped by every error that refuses a FEN: ParseFEN's, and those of the variants'
// FEN readers (a *FENError says which field is wrong and why).
var ErrFEN = errors.New("invalid FEN")

var fenFieldNames = [...]string{"", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// FENError refuses a FEN and says in words what is wrong, and in which field. It wraps
// ErrFEN.
type FENError struct {
	// Field is the number of the wrong field: 1 placement, 2 side to move, 3 castling,
	// 4 en passant, 5 halfmove clock, 6 fullmove number; 0 when the text as a whole is wrong.
	Field int
	// Text says what is wrong: "rank 8 has 9 squares, want 8".
	Text string
}

// Error returns the field and the text: "fen field 3 (castling): 'x' is not a castling
// right (K, Q, k, q or -)", or "fen: " and the text when the whole FEN is wrong.
func (e *FENError) Error() string {
	if e.Field < 1 || e.Field >= len(fenFieldNames) {
		return "fen: " + e.Text
	}
	return fmt.Sprintf("fen field %d (%s): %s", e.Field, fenFieldNames[e.Field], e.Text)
}

// Unwrap returns ErrFEN.
func (e *FENError) Unwrap() error { return ErrFEN }

// fenError returns a *FENError for field (0 for the whole text).
func fenError(field int, format string, args ...any) error {
	return &FENError{Field: field, Text: fmt.Sprintf(format, args...)}
}

// ParseFEN parses a position in Forsyth-Edwards Notation. The two clock fields may be omitted
// (they default to 0 and 1). It rejects impossible positions: a side without exactly one king,
// more than 16 pieces or 8 pawns on a side, a pawn on the first or last rank, castling rights
// without the king and rook on their squares, an en passant target that no double push can
// have made, and a side not to move in check. Every error is a *FENError (wrapping ErrFEN)
// that names the field and says what is wrong: "fen field 3 (castling): ...". An en passant
// target is kept only when a legal en passant capture exists.
func ParseFEN(s string) (Position, error) {
	p, _, err := parseFEN(s, true)
	return p, err
}

// ParseFENExceptEnPassant parses s as ParseFEN does except for its en passant field (field
// 4), which it returns as it is, unread: the position has no e.p. target. A variant whose FENs
// say more in that field (several targets at once) reads it itself, instead of rewriting the
// text for ParseFEN.
func ParseFENExceptEnPassant(s string) (Position, string, error) {
	return parseFEN(s, false)
}

// parseFEN parses s, reading its en passant field when readEP is set; it returns the position
// and the text of that field.
func parseFEN(s string, readEP bool) (Position, string, error) {
	var p Position
	fields := strings.Fields(s)
	if len(fields) != 6 && len(fields) != 4 {
		return Position{}, "", fenError(0, "the position needs 6 fields separated by spaces (placement, side to move, castling, en passant, halfmove clock, fullmove number; the last two may be left out), got %d", len(fields))
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return Position{}, "", err
	}

	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, "", fenError(2, "the side to move is \"w\" or \"b\", not %q", fields[1])
	}

	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			var r CastlingRights
			var king, rook Square
			switch fields[2][i] {
			case 'K':
				r, king, rook = WhiteShort, E1, H1
			case 'Q':
				r, king, rook = WhiteLong, E1, A1
			case 'k':
				r, king, rook = BlackShort, E8, H8
			case 'q':
				r, king, rook = BlackLong, E8, A8
			default:
				return Position{}, "", fenError(3, "%q in %q is not a castling right (K, Q, k, q, or - for none)", fields[2][i], fields[2])
			}
			if p.castling&r != 0 {
				return Position{}, "", fenError(3, "%q is given twice in %q", fields[2][i], fields[2])
			}
			c := White
			if r&(BlackShort|BlackLong) != 0 {
				c = Black
			}
			if p.board[king] != NewPiece(c, King) || p.board[rook] != NewPiece(c, Rook) {
				return Position{}, "", fenError(3, "the right %q needs the %v king on %v and a %v rook on %v", fields[2][i], c, king, c, rook)
			}
			p.castling |= r
		}
	}

	p.ep = NoSquare
	if fields[3] != "-" && readEP {
		sq, err := ParseSquare(fields[3])
		if err != nil {
			return Position{}, "", fenError(4, "%q is not a square (or - for none)", fields[3])
		}
		if err := p.checkEnPassant(sq); err != nil {
			return Position{}, "", fenError(4, "%v", err)
		}
		p.ep = sq
	}

	p.fullmove = 1
	if len(fields) == 6 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil || n == 0xffff {
			return Position{}, "", fenError(5, "the halfmove clock counts plies, from 0 to 65534, not %q", fields[4])
		}
		p.halfmove = uint16(n)
		n, err = strconv.ParseUint(fields[5], 10, 16)
		if err != nil || n == 0xffff {
			return Position{}, "", fenError(6, "the fullmove number is a move number below 65535, not %q", fields[5])
		}
		if n == 0 {
			n = 1 // a common variant of the notation counts from 0
		}
		p.fullmove = uint16(n)
	}

	them := p.turn ^ 1
	if p.attackersTo(p.KingSquare(them), p.turn, p.byType[0]) != 0 {
		return Position{}, "", fenError(2, "%v is to move but the %v king is in check", p.turn, them)
	}

	if p.ep != NoSquare {
		sq := p.ep
		p.ep = NoSquare
		p.setEnPassant(sq)
	}
	p.hash = p.computeHash()
	return p, fields[3], nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenError(1, "the placement needs 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				if file > 8 {
					return fenError(1, "rank %d has more than 8 squares", rank+1)
				}
				continue
			}
			t := pieceTypeFromLetter(c)
			if t == NoPieceType {
				return fenError(1, "%q in rank %d is neither a piece (PNBRQK white, pnbrqk black) nor a count of empty squares (1 to 8)", c, rank+1)
			}
			if file > 7 {
				return fenError(1, "rank %d has more than 8 squares", rank+1)
			}
			col := White
			if c >= 'a' {
				col = Black
			}
			if t == Pawn && (rank == 0 || rank == 7) {
				return fenError(1, "a pawn on rank %d: pawns never stand on the first or last rank", rank+1)
			}
			p.put(NewPiece(col, t), Square(rank*8+file))
			file++
		}
		if file != 8 {
			return fenError(1, "rank %d has %d squares, want 8", rank+1, file)
		}
	}
	for c := White; c <= Black; c++ {
		if n := (p.byType[King] & p.byColor[c]).Count(); n != 1 {
			return fenError(1, "%v has %d kings, want exactly 1", c, n)
		}
		if n := (p.byType[Pawn] & p.byColor[c]).Count(); n > 8 {
			return fenError(1, "%v has %d pawns, at most 8 are possible", c, n)
		}
		if n := p.byColor[c].Count(); n > 16 {
			return fenError(1, "%v has %d pieces, at most 16 are possible", c, n)
		}
	}
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation, with all six fields.
func (p Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[rank*8+file]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.fenLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte("wb"[p.turn])
	b.WriteByte(' ')
	b.WriteString(p.castling.String())
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.halfmove)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.fullmove)))
	return b.String()
}
