package session

import (
	"errors"

	"github.com/plyground/plyground/engine"
)

// fenFieldWords names the fields of a FEN as a player reads them (engine.FENError.Field).
var fenFieldWords = [...]string{"", "the piece placement (field 1)", "the side to move (field 2)",
	"the castling rights (field 3)", "the en passant square (field 4)", "the halfmove clock (field 5)",
	"the fullmove number (field 6)"}

// StartProblem says in words a player understands why a game cannot start from the position
// given: for a FEN that does not read, which part of it is wrong and why ("The start position
// cannot be read: in the piece placement (field 1), rank 1 has 7 squares, want 8."). Another
// error is said as it is.
func StartProblem(err error) string {
	var fe *engine.FENError
	if !errors.As(err, &fe) {
		return err.Error()
	}
	msg := "The start position cannot be read: "
	if fe.Field >= 1 && fe.Field < len(fenFieldWords) {
		msg += "in " + fenFieldWords[fe.Field] + ", "
	}
	msg += fe.Text
	if msg[len(msg)-1] != '.' {
		msg += "."
	}
	return msg
}
