package engine

import (
	"errors"
	"strings"
)

// ErrAmbiguousMove is returned by ParseSAN when the text matches more than one legal move.
var ErrAmbiguousMove = errors.New("ambiguous move")

// SAN returns the legal move m in Standard Algebraic Notation: "Nbd7", "exd6", "O-O", "e8=Q+",
// "Qxf7#". Pieces are disambiguated by file, else by rank, else by both.
func (p Position) SAN(m Move) string {
	var b [12]byte
	s := b[:0]
	switch m.Kind() {
	case CastleShort:
		s = append(s, "O-O"...)
	case CastleLong:
		s = append(s, "O-O-O"...)
	default:
		from, to := m.From(), m.To()
		pt := p.board[from].Type()
		if pt == Pawn {
			if m.IsCapture() {
				s = append(s, 'a'+byte(from&7), 'x')
			}
		} else {
			s = append(s, pt.Letter())
			// Other pieces of the same type that can reach to.
			var buf [maxMoves]Move
			var others Bitboard
			for _, o := range p.generate(buf[:0]) {
				if o.To() == to && o.From() != from && p.board[o.From()].Type() == pt && o.Kind() == Normal {
					others |= SquareBB(o.From())
				}
			}
			if others != 0 {
				switch {
				case others&(fileA<<(from&7)) == 0:
					s = append(s, 'a'+byte(from&7))
				case others&(rank1<<(from&^7)) == 0:
					s = append(s, '1'+byte(from>>3))
				default:
					s = append(s, 'a'+byte(from&7), '1'+byte(from>>3))
				}
			}
			if m.IsCapture() {
				s = append(s, 'x')
			}
		}
		s = append(s, 'a'+byte(to&7), '1'+byte(to>>3))
		if pr := m.Promotion(); pr != NoPieceType {
			s = append(s, '=', pr.Letter())
		}
	}
	q := p
	q.play(m)
	if q.InCheck() {
		if q.HasLegalMove() {
			s = append(s, '+')
		} else {
			s = append(s, '#')
		}
	}
	return string(s)
}

// ParseSAN parses a move in Standard Algebraic Notation and resolves it against the legal
// moves. It accepts "0-0" and "0-0-0" for castling, ignores trailing "+", "#", "!" and "?",
// accepts a promotion written "e8=Q", "e8Q" or "e8=q", and over-disambiguation such as
// "Ng1f3". It fails when the text is malformed, matches no legal move, or matches several
// (ErrAmbiguousMove).
func (p Position) ParseSAN(s string) (Move, error) {
	orig := s
	s = strings.TrimRight(s, "+#!?")
	if s == "" {
		return NullMove, errorf("san %q: empty move", orig)
	}
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])

	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		kind := CastleShort
		if len(s) == 5 {
			kind = CastleLong
		}
		for _, m := range moves {
			if m.Kind() == kind {
				return m, nil
			}
		}
		return NullMove, errorf("san %q: castling is not legal here", orig)
	}

	pt := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		pt = pieceTypeFromLetter(c)
		if pt == NoPieceType {
			return NullMove, errorf("san %q: unknown piece %q", orig, c)
		}
		s = s[1:]
	}
	promo := NoPieceType
	if n := len(s); n >= 2 && s[n-1] != '=' && pieceTypeFromLetter(s[n-1]) != NoPieceType && s[n-2] != '=' && s[n-2] >= '1' && s[n-2] <= '8' {
		promo = pieceTypeFromLetter(s[n-1])
		s = s[:n-1]
	} else if n >= 2 && s[n-2] == '=' {
		promo = pieceTypeFromLetter(s[n-1])
		if promo == NoPieceType {
			return NullMove, errorf("san %q: unknown promotion piece %q", orig, s[n-1])
		}
		s = s[:n-2]
	}
	if promo == Pawn || promo == King {
		return NullMove, errorf("san %q: cannot promote to a %v", orig, promo)
	}
	if len(s) < 2 {
		return NullMove, errorf("san %q: missing destination square", orig)
	}
	to, err := ParseSquare(s[len(s)-2:])
	if err != nil {
		return NullMove, errorf("san %q: bad destination: %v", orig, err)
	}
	s = s[:len(s)-2]
	capture := false
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':') {
		capture = true
		s = s[:n-1]
	}
	fromFile, fromRank := -1, -1
	if n := len(s); n > 0 && s[0] >= 'a' && s[0] <= 'h' {
		fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if n := len(s); n > 0 && s[0] >= '1' && s[0] <= '8' {
		fromRank = int(s[0] - '1')
		s = s[1:]
	}
	if s != "" {
		return NullMove, errorf("san %q: unexpected %q", orig, s)
	}
	if pt == Pawn && fromFile < 0 && capture {
		return NullMove, errorf("san %q: pawn capture without its file", orig)
	}

	found := NullMove
	for _, m := range moves {
		k := m.Kind()
		if m.To() != to || p.board[m.From()].Type() != pt || k == CastleShort || k == CastleLong {
			continue
		}
		if fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		if m.Promotion() != promo || capture && !m.IsCapture() {
			continue
		}
		if pt == Pawn && fromFile < 0 && m.IsCapture() {
			continue // "d5" is a push; a pawn capture names its file
		}
		if found != NullMove {
			return NullMove, errorf("san %q: %w (%s or %s)", orig, ErrAmbiguousMove, found.UCI(), m.UCI())
		}
		found = m
	}
	if found == NullMove {
		if promo == NoPieceType && pt == Pawn && (to.Rank() == 0 || to.Rank() == 7) {
			return NullMove, errorf("san %q: a promotion needs its piece, such as =Q", orig)
		}
		return NullMove, errorf("san %q: no such legal move", orig)
	}
	return found, nil
}

// ParseUCI parses a move in UCI notation ("e2e4", "e7e8q", "e1g1" for castling) and resolves it
// against the legal moves.
func (p Position) ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, errorf("uci %q: want 4 or 5 characters", s)
	}
	from, err := ParseSquare(s[:2])
	if err != nil {
		return NullMove, errorf("uci %q: %v", s, err)
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return NullMove, errorf("uci %q: %v", s, err)
	}
	promo := NoPieceType
	if len(s) == 5 {
		promo = pieceTypeFromLetter(s[4])
		if promo == NoPieceType || promo == Pawn || promo == King {
			return NullMove, errorf("uci %q: bad promotion piece %q", s, s[4])
		}
	}
	var buf [maxMoves]Move
	for _, m := range p.generate(buf[:0]) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return NullMove, errorf("uci %q: not a legal move", s)
}
