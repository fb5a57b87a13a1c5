package turn

import (
	"fmt"

	"github.com/plyground/plyground/engine"
)

// Kind says what an Action is.
type Kind uint8

// The kinds of action.
const (
	// Ply is a move of one piece (for SDM possibly with a Sacrifice Token spent with it).
	Ply Kind = iota
	// Pass is a turn without a ply: in dice chess, when the roll allows no legal ply (D3).
	Pass
	// Roll is a chance event: the two dice of a dice-chess turn (D1, D6).
	Roll
	// TakeKing captures a king left attacked by a side that passed while in check (D4).
	TakeKing
)

var kindNames = [...]string{"ply", "pass", "roll", "take king"}

// String returns the name of the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Dice is the result of rolling two six-sided dice, each 1..6, in the order rolled. The zero
// Dice means "not rolled yet".
type Dice struct{ A, B uint8 }

// NumRolls is the number of distinct ordered rolls of two dice.
const NumRolls = 36

// DiceFromIndex returns the roll with index i (0..35): A = i/6+1, B = i%6+1.
func DiceFromIndex(i int) Dice { return Dice{uint8(i/6 + 1), uint8(i%6 + 1)} }

// Index returns the index of the roll, 0..35 (-1 for an invalid roll).
func (d Dice) Index() int {
	if !d.Valid() {
		return -1
	}
	return int(d.A-1)*6 + int(d.B-1)
}

// Valid reports whether both dice show 1..6.
func (d Dice) Valid() bool { return d.A >= 1 && d.A <= 6 && d.B >= 1 && d.B <= 6 }

// Double reports whether both dice show the same number.
func (d Dice) Double() bool { return d.Valid() && d.A == d.B }

// Shows reports whether one of the dice shows the number of piece type t (1 = pawn ... 6 =
// king, RULES.md D1). It does not treat a double as a wildcard: see Allows. A Dice whose B
// is 0 is one die (A), which only the search makes (SearchGame.Classes); it shows A alone.
func (d Dice) Shows(t engine.PieceType) bool {
	if d.B == 0 {
		return d.A >= 1 && d.A <= 6 && int(d.A) == int(t)
	}
	return d.Valid() && (int(d.A) == int(t) || int(d.B) == int(t))
}

// Allows reports whether the roll lets a piece of type t move (D1): a die shows it, or the
// roll is a double.
func (d Dice) Allows(t engine.PieceType) bool { return d.Double() || d.Shows(t) }

// String returns the roll as "3-5".
func (d Dice) String() string { return fmt.Sprintf("%d-%d", d.A, d.B) }

// ParseDice parses a roll written "3-5".
func ParseDice(s string) (Dice, error) {
	if len(s) != 3 || s[1] != '-' || s[0] < '1' || s[0] > '6' || s[2] < '1' || s[2] > '6' {
		return Dice{}, fmt.Errorf("roll %q: want two dice such as 3-5", s)
	}
	return Dice{s[0] - '0', s[2] - '0'}, nil
}

// Action is one thing that happens in a game: a ply (possibly with a token spend), a pass, a
// dice roll or a king capture. It is a small comparable value; == is identity. Its move comes
// first so that it packs into 12 bytes (16 with a byte before the move), and a search table
// entry, which holds one, into 32 (TestActionPacks).
type Action struct {
	Move  engine.Move // Ply: the move
	Kind  Kind
	Spend bool // Ply: a Sacrifice Token is spent with the ply (SDM, S2)
	Dice  Dice // Roll: the dice
	From  engine.Square
	To    engine.Square // TakeKing: the capturing piece's square and the king's square
}

// PlyAction returns the action of playing m.
func PlyAction(m engine.Move) Action { return Action{Kind: Ply, Move: m} }

// SpendAction returns the action of spending a Sacrifice Token together with the ply m.
func SpendAction(m engine.Move) Action { return Action{Kind: Ply, Move: m, Spend: true} }

// PassAction returns the pass.
func PassAction() Action { return Action{Kind: Pass} }

// RollAction returns the chance event of rolling d.
func RollAction(d Dice) Action { return Action{Kind: Roll, Dice: d} }

// TakeKingAction returns the capture of the king on to by the piece on from.
func TakeKingAction(from, to engine.Square) Action {
	return Action{Kind: TakeKing, From: from, To: to}
}

// String returns a short machine-readable text: "e2e4", "e2e4+spend", "pass", "roll 3-5",
// "take d8e1".
func (a Action) String() string {
	switch a.Kind {
	case Ply:
		if a.Spend {
			return a.Move.UCI() + "+spend"
		}
		return a.Move.UCI()
	case Pass:
		return "pass"
	case Roll:
		return "roll " + a.Dice.String()
	case TakeKing:
		return "take " + a.From.String() + a.To.String()
	}
	return "action?"
}

// Key returns a number that orders actions the same way in every version of the program: it
// depends only on the kind, the squares, the promotion piece, the spend flag and the dice, never
// on the engine's internal move encoding. The game record numbers legal actions in this order.
func (a Action) Key() uint32 {
	k := uint32(a.Kind) << 24
	switch a.Kind {
	case Ply:
		k |= uint32(a.Move.From())<<14 | uint32(a.Move.To())<<8 | uint32(a.Move.Promotion())<<4
		if a.Spend {
			k |= 1
		}
	case Roll:
		k |= uint32(a.Dice.Index() + 1)
	case TakeKing:
		k |= uint32(a.From)<<14 | uint32(a.To)<<8
	}
	return k
}
