package turn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plyground/plyground/engine"
)

// StartFEN is the FEN of the standard start position.
const StartFEN = engine.StartFEN

// ParseFEN reads a FEN that describes the start of a turn. It is the engine's FEN with one
// extension (M5): the e.p. field may list several target squares separated by commas
// ("e3,d3"), each the square a pawn of the side not to move passed on its two-square advance
// in its last turn. Each target must be on the right rank, with an enemy pawn just beyond and
// nothing on it. The clock fields may be omitted (0 and 1). It returns the position (without
// e.p. target), the e.p. targets and the fullmove number. Every error is an
// *engine.FENError (wrapping engine.ErrFEN).
func ParseFEN(fen string) (engine.Position, engine.Bitboard, int, error) {
	pos, epField, err := engine.ParseFENExceptEnPassant(fen)
	if err != nil {
		return engine.Position{}, 0, 0, err
	}
	fullmove := pos.FullmoveNumber()
	if fields := strings.Fields(fen); len(fields) == 6 {
		if n, err := strconv.Atoi(fields[5]); err != nil || n < 1 {
			return engine.Position{}, 0, 0, fenError(6, "the fullmove number counts from 1, not %q", fields[5])
		}
	}
	var ep engine.Bitboard
	if epField != "-" {
		us := pos.Turn()
		for _, name := range strings.Split(epField, ",") {
			sq, err := engine.ParseSquare(name)
			if err != nil {
				return engine.Position{}, 0, 0, fenError(4, "%q is not a square (the targets are squares separated by commas, or - for none)", name)
			}
			wantRank, beyond := 5, sq-8
			if us == engine.Black {
				wantRank, beyond = 2, sq+8
			}
			switch {
			case sq.Rank() != wantRank:
				return engine.Position{}, 0, 0, fenError(4, "the target %v is not on rank %d, where a %v pawn passes on its two-square advance", sq, wantRank+1, us.Other())
			case pos.PieceAt(beyond) != engine.NewPiece(us.Other(), engine.Pawn):
				return engine.Position{}, 0, 0, fenError(4, "no %v pawn on %v, just beyond the target %v", us.Other(), beyond, sq)
			case pos.PieceAt(sq) != engine.NoPiece:
				return engine.Position{}, 0, 0, fenError(4, "the target %v is not empty", sq)
			case ep.Has(sq):
				return engine.Position{}, 0, 0, fenError(4, "the target %v is listed twice", sq)
			}
			ep |= engine.SquareBB(sq)
		}
	}
	return pos, ep, fullmove, nil
}

// fenError returns an *engine.FENError for field.
func fenError(field int, format string, args ...any) error {
	return &engine.FENError{Field: field, Text: fmt.Sprintf(format, args...)}
}

// FormatFEN returns the FEN of s (at the start of a turn) with the given fullmove number: the
// e.p. field lists the targets on which an e.p. capture is legal, separated by commas.
func FormatFEN(s State, fullmove int) string {
	fields := strings.Fields(s.pos.FEN())
	if len(fields) != 6 {
		return s.pos.FEN()
	}
	if t := s.CaptureTargets(); t != 0 {
		var names []string
		for b := t; b != 0; b &= b - 1 {
			names = append(names, b.First().String())
		}
		fields[3] = strings.Join(names, ",")
	} else {
		fields[3] = "-"
	}
	fields[5] = strconv.Itoa(fullmove)
	return strings.Join(fields, " ")
}
