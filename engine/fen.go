package engine

import (
	"strconv"
	"strings"
)

var fenFieldNames = [...]string{"", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// fenError is an error in one field of a FEN string.
func fenError(field int, format string, args ...any) error {
	return errorf("fen field %d (%s): %s", field, fenFieldNames[field], errorf(format, args...))
}

// ParseFEN parses a position in Forsyth-Edwards Notation. The two clock fields may be omitted
// (they default to 0 and 1). It rejects impossible positions: a side without exactly one king,
// more than 16 pieces or 8 pawns on a side, a pawn on the first or last rank, castling rights
// without the king and rook on their squares, an en passant target that no double push can
// have made, and a side not to move in check. Errors name the field: "fen field 3 (castling):
// ...". An en passant target is kept only when a legal en passant capture exists.
func ParseFEN(s string) (Position, error) {
	var p Position
	fields := strings.Fields(s)
	if len(fields) != 6 && len(fields) != 4 {
		return p, errorf("fen: want 6 fields, got %d", len(fields))
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return Position{}, err
	}

	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, fenError(2, "want \"w\" or \"b\", got %q", fields[1])
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
				return Position{}, fenError(3, "unexpected %q in %q", fields[2][i], fields[2])
			}
			if p.castling&r != 0 {
				return Position{}, fenError(3, "%q repeated in %q", fields[2][i], fields[2])
			}
			c := White
			if r&(BlackShort|BlackLong) != 0 {
				c = Black
			}
			if p.board[king] != NewPiece(c, King) || p.board[rook] != NewPiece(c, Rook) {
				return Position{}, fenError(3, "right %q needs the %v king on %v and a rook on %v", fields[2][i], c, king, rook)
			}
			p.castling |= r
		}
	}

	p.ep = NoSquare
	if fields[3] != "-" {
		sq, err := ParseSquare(fields[3])
		if err != nil {
			return Position{}, fenError(4, "%v", err)
		}
		if err := p.checkEnPassant(sq); err != nil {
			return Position{}, fenError(4, "%v", err)
		}
		p.ep = sq
	}

	p.fullmove = 1
	if len(fields) == 6 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil || n == 0xffff {
			return Position{}, fenError(5, "want a number of plies below 65535, got %q", fields[4])
		}
		p.halfmove = uint16(n)
		n, err = strconv.ParseUint(fields[5], 10, 16)
		if err != nil || n == 0xffff {
			return Position{}, fenError(6, "want a move number below 65535, got %q", fields[5])
		}
		if n == 0 {
			n = 1 // a common variant of the notation counts from 0
		}
		p.fullmove = uint16(n)
	}

	them := p.turn ^ 1
	if p.attackersTo(p.KingSquare(them), p.turn, p.byType[0]) != 0 {
		return Position{}, fenError(2, "%v is to move but the %v king is in check", p.turn, them)
	}

	if p.ep != NoSquare {
		sq := p.ep
		p.ep = NoSquare
		p.setEnPassant(sq)
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenError(1, "want 8 ranks separated by '/', got %d", len(ranks))
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
				return fenError(1, "unexpected %q in rank %d", c, rank+1)
			}
			if file > 7 {
				return fenError(1, "rank %d has more than 8 squares", rank+1)
			}
			col := White
			if c >= 'a' {
				col = Black
			}
			if t == Pawn && (rank == 0 || rank == 7) {
				return fenError(1, "pawn on rank %d", rank+1)
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
			return fenError(1, "%v has %d kings, want 1", c, n)
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
