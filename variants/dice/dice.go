// Package dice plays dice chess (seed 002, its "Rules" section): at the start of each turn
// the mover rolls two dice and may move only a piece of a type shown. It implements RULES.md
// D1 to D7:
//
//   - D1 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king; one legal ply with a piece of a
//     type shown, any legal ply on a double; moving is compulsory when allowed.
//   - D2 Castling on a 4, a 6 or a double; e.p. only on a 1 or a double (and, as always, only
//     on the turn right after the double step).
//   - D3 No legal ply allowed by the roll: the turn passes (turn.Pass), also in check.
//   - D4 Checkmate and stalemate are judged before the roll, whatever it may be. A king left
//     attacked by a pass is captured if the roll shows a piece attacking it (or is a double):
//     the capture (turn.TakeKing) is then the only legal action, and it wins. O2 draws apply.
//   - D5 Promotion to Q, R, B or N. Option "promotion=rolled" (the seed's "How to play"):
//     only to a type shown on the dice (2-5), any on a double; a promotion is then allowed by
//     the die showing the new piece, with or without a 1.
//   - D6 Rolls are actions of the game record (turn.Roll), drawn from a Source the caller
//     gives (CryptoSource when playing), so replays and undo never reroll.
//   - D7 Only positions reached by a ply count toward threefold repetition: a position
//     reached by a pass does not (turn.Game leaves it out), so passes alone never draw. The
//     fifty-move rule counts plies, not passes.
//
// A turn is: a roll (one of 36 ordered outcomes), then a ply, a pass or a king capture. Dice
// chess has no turn-perft. A FEN start is the start of a turn, before the roll; its fullmove
// number is the move number.
package dice

import (
	"crypto/rand"
	_ "embed"
	"fmt"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// ID is the catalogue ID.
const ID = "dice"

// Rules is the rules text for the in-app rules page.
//
//go:embed rules.md
var Rules string

// OptionSpecs lists the options.
var OptionSpecs = []turn.OptionSpec{{
	Key: "promotion", Name: "Promotion", Kind: turn.Choice, Default: "any", Values: []string{"any", "rolled"},
	Rule: "D5", Doc: "any: to Q, R, B or N as usual; rolled: only to a piece shown on the dice",
}}

// Options are the options of dice chess.
type Options struct {
	RolledPromotion bool // promote only to a type shown on the dice (D5)
}

// Variant is dice chess with fixed options.
type Variant struct{ opts Options }

// New returns dice chess with the options.
func New(o Options) Variant { return Variant{o} }

// Open returns dice chess for an option text such as "promotion=rolled".
func Open(options string) (turn.Variant, error) {
	vals, err := turn.ParseOptions(options, OptionSpecs)
	if err != nil {
		return nil, err
	}
	return Variant{Options{RolledPromotion: vals["promotion"] == "rolled"}}, nil
}

// ID returns "dice".
func (Variant) ID() string { return ID }

// Options returns the canonical option text.
func (v Variant) Options() string {
	p := "any"
	if v.opts.RolledPromotion {
		p = "rolled"
	}
	return turn.FormatOptions(map[string]string{"promotion": p}, OptionSpecs)
}

// Style returns turn.Paired: "1. {roll 1-2} e4 {roll 4-6} -- 2. ...".
func (Variant) Style() turn.Style { return turn.Paired }

const set = "Dice"

// Source gives random numbers for the dice: IntN(n) returns 0..n-1. A *math/rand/v2.Rand
// is one (seeded, for tests); CryptoSource is the one for play (D6).
type Source interface{ IntN(n int) int }

// CryptoSource draws from crypto/rand.
type CryptoSource struct{}

// IntN returns a uniform number in 0..n-1 (0 for n <= 1).
func (CryptoSource) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	if n > 256 {
		n = 256
	}
	limit := 256 - 256%n
	var b [1]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0 // crypto/rand.Read does not fail on supported platforms
		}
		if int(b[0]) < limit {
			return int(b[0]) % n
		}
	}
}

// Throw rolls two dice from src.
func Throw(src Source) turn.Dice {
	return turn.Dice{A: uint8(src.IntN(6) + 1), B: uint8(src.IntN(6) + 1)}
}

// RollIfDue rolls the dice from src and applies the roll when g's current turn awaits one;
// it reports whether it rolled.
func RollIfDue(g *turn.Game, src Source) (bool, error) {
	s := g.State()
	if g.Outcome().Over() || s.Roll() != (turn.Dice{}) || g.Variant().ID() != ID {
		return false, nil
	}
	return true, g.Apply(turn.RollAction(Throw(src)))
}

// Start returns the state at fen ("" = the standard start), before the roll.
func (Variant) Start(fen string) (turn.State, error) {
	if fen == "" {
		fen = turn.StartFEN
	}
	pos, ep, fullmove, err := turn.ParseFEN(fen)
	if err != nil {
		return turn.State{}, err
	}
	if ep.Count() > 1 {
		return turn.State{}, &engine.FENError{Field: 4, Text: "dice chess has at most one e.p. target"}
	}
	return turn.NewState(turn.Setup{Position: pos, EnPassant: ep, Number: fullmove, Plies: 1,
		First: fullmove == 1 && pos.Turn() == engine.White}), nil
}

// FEN returns the FEN of s (a turn start).
func (Variant) FEN(s turn.State) string { return turn.FormatFEN(s, s.Number()) }

// kingAttackers returns the mover's pieces that attack the opponent's king.
func kingAttackers(s turn.State) engine.Bitboard {
	p := s.Position()
	us := p.Turn()
	return p.AttackersTo(p.KingSquare(us.Other()), us)
}

// allowed reports whether roll d lets the mover play m (D1, D2, D5).
func (v Variant) allowed(d turn.Dice, p engine.Position, m engine.Move) bool {
	return v.allowedType(d, m, p.PieceAt(m.From()).Type())
}

// allowedType is allowed for a ply m of a piece of type t: a double allows every ply, any
// other roll the plies that one of its dice allows alone (dieTypes).
func (v Variant) allowedType(d turn.Dice, m engine.Move, t engine.PieceType) bool {
	if d.Double() {
		return true
	}
	types := v.dieTypes(m, t)
	return types&(1<<d.A) != 0 || types&(1<<d.B) != 0
}

// dieTypes returns the piece types (bit t for type t) whose die alone allows the ply m of a
// piece of type t: its own type (D1); the king's and the rook's for castling (D2); the
// pawn's for e.p. and for a promotion, or the new piece's with the option "promote to a
// rolled piece" (D5).
func (v Variant) dieTypes(m engine.Move, t engine.PieceType) uint8 {
	switch m.Kind() {
	case engine.CastleShort, engine.CastleLong:
		return 1<<engine.King | 1<<engine.Rook
	case engine.EnPassant:
		return 1 << engine.Pawn
	case engine.Promotion:
		if v.opts.RolledPromotion {
			return 1 << m.Promotion()
		}
		return 1 << engine.Pawn
	}
	return 1 << t
}

// DieTypes returns the piece types (bit t for type t) whose die alone allows the ply a of a
// piece of type t, legal after a double, when no king can be taken (D1, D2, D5); 0 for an
// action that is not a ply: turn.RollFilter, for the search's chance nodes. A roll allows
// what one of its dice allows (allowedType), and a double every ply.
func (v Variant) DieTypes(a turn.Action, t engine.PieceType) uint8 {
	if a.Kind != turn.Ply {
		return 0
	}
	return v.dieTypes(a.Move, t)
}

// Actions appends the legal actions: the 36 rolls before the roll (none when the game is
// over by checkmate or stalemate, D4), then the king captures the roll allows (D4), else the
// plies the roll allows, else the pass (D3).
func (v Variant) Actions(s turn.State, buf []turn.Action) []turn.Action {
	if s.Ended().Over() {
		return buf
	}
	d := s.Roll()
	if d == (turn.Dice{}) {
		if kingAttackers(s) == 0 && !s.HasLegalPly() {
			return buf
		}
		for i := 0; i < turn.NumRolls; i++ {
			buf = append(buf, turn.RollAction(turn.DiceFromIndex(i)))
		}
		return buf
	}
	p := s.Position()
	if att := kingAttackers(s); att != 0 {
		n := len(buf)
		ksq := p.KingSquare(p.Turn().Other())
		for ; att != 0; att &= att - 1 {
			from := att.First()
			if d.Allows(p.PieceAt(from).Type()) {
				buf = append(buf, turn.TakeKingAction(from, ksq))
			}
		}
		if len(buf) > n {
			return buf
		}
	}
	n := len(buf)
	var mb [256]engine.Move
	for _, m := range s.LegalPlies(mb[:0]) {
		if v.allowed(d, p, m) {
			buf = append(buf, turn.PlyAction(m))
		}
	}
	if len(buf) == n {
		buf = append(buf, turn.PassAction())
	}
	return buf
}

// Do applies the roll, the ply, the pass or the king capture.
func (Variant) Do(s turn.State, a turn.Action) turn.State {
	us := s.Mover()
	num := s.Number()
	if us == engine.Black {
		num++
	}
	switch a.Kind {
	case turn.Roll:
		return s.WithRoll(a.Dice)
	case turn.Pass:
		return s.EndTurn(us.Other(), 1, num)
	case turn.TakeKing:
		return s.WithOutcome(turn.Outcome{Result: turn.Win(us), Reason: turn.KingCaptured, Rule: "D4"})
	}
	return s.Play(a.Move).EndTurn(us.Other(), 1, num)
}

// Explain says why a is not legal in s (nil when it is).
func (v Variant) Explain(s turn.State, a turn.Action) error {
	acts := v.Actions(s, nil)
	if turn.Contains(acts, a) {
		return nil
	} else if len(acts) == 0 {
		return fmt.Errorf("%w (%v)", turn.ErrGameOver, v.Outcome(s))
	}
	d := s.Roll()
	rolled := d != (turn.Dice{})
	switch {
	case a.Kind == turn.Roll && rolled:
		return turn.Refuse(set, "D6", "the dice are already rolled for this turn (%v)", d)
	case a.Kind == turn.Roll:
		return turn.Refuse(set, "D1", "a roll is two dice, each 1 to 6")
	case !rolled:
		return turn.Refuse(set, "D1", "roll the dice first")
	case len(acts) > 0 && acts[0].Kind == turn.TakeKing:
		return turn.Refuse(set, "D4", "the roll lets you capture the king: take it")
	case a.Kind == turn.TakeKing:
		return turn.Refuse(set, "D4", "a king can be captured only when its side passed in check and the roll shows a piece attacking it")
	case a.Kind == turn.Pass:
		return turn.Refuse(set, "D1", "moving is compulsory: the roll %v allows a legal ply", d)
	case a.Spend:
		return turn.Refuse(set, "D1", "dice chess has no Sacrifice Tokens")
	}
	var mb [256]engine.Move
	for _, m := range s.LegalPlies(mb[:0]) {
		if m != a.Move {
			continue
		}
		p := s.Position()
		switch m.Kind() {
		case engine.CastleShort, engine.CastleLong:
			return turn.Refuse(set, "D2", "castling needs a 4, a 6 or a double (rolled %v)", d)
		case engine.EnPassant:
			return turn.Refuse(set, "D2", "an e.p. capture needs a 1 or a double (rolled %v)", d)
		case engine.Promotion:
			if v.opts.RolledPromotion {
				return turn.Refuse(set, "D5", "a pawn may promote only to a piece shown on the dice (rolled %v)", d)
			}
		}
		return turn.Refuse(set, "D1", "the roll %v does not allow a %s move", d, p.PieceAt(m.From()).Type())
	}
	if err := v.ExplainSquares(s, a.Move.From(), a.Move.To()); err != nil {
		return err
	}
	return turn.OrthodoxReason(s, a.Move.From(), a.Move.To(), a.Move.Promotion(), "D4")
}

// ExplainSquares explains an e.p. capture that is not allowed any more (D2).
func (Variant) ExplainSquares(s turn.State, from, to engine.Square) error {
	if turn.LooksLikeEnPassant(s, from, to) {
		return turn.Refuse(set, "D2", "an e.p. capture is allowed only on the turn right after the pawn's two-square advance")
	}
	return nil
}

// Outcome returns a captured king (D4), checkmate or stalemate judged before the roll (D4),
// insufficient material (O2) or the fifty-move rule (D7) as s shows them.
func (v Variant) Outcome(s turn.State) turn.Outcome {
	if o := s.Ended(); o.Over() {
		return o
	}
	if s.Roll() != (turn.Dice{}) {
		return turn.Outcome{}
	}
	if kingAttackers(s) == 0 && !s.HasLegalPly() {
		if s.InCheck() {
			return turn.Outcome{Result: turn.Win(s.Mover().Other()), Reason: turn.Checkmate, Rule: "D4"}
		}
		return turn.Outcome{Result: turn.Draw, Reason: turn.Stalemate, Rule: "D4"}
	}
	if s.Legacy() {
		return turn.DrawByRule(s, v.LegacyRule)
	}
	return turn.DrawByRule(s, v.Rule)
}

// Schedule returns the next n turns: one ply (or a pass) each, alternating.
func (Variant) Schedule(s turn.State, n int) []turn.Slot {
	return turn.Alternate(s.Mover(), 1, n)
}

// Rule returns the rule deciding r.
func (Variant) Rule(r turn.Reason) string {
	switch r {
	case turn.Checkmate, turn.Stalemate, turn.KingCaptured:
		return "D4"
	case turn.Repetition, turn.FiftyMoves:
		return "D7"
	}
	return "O2"
}

// LegacyRule returns the rule that decided r in a game under the rules of version 1 records
// (turn.State.Legacy), which counted passes toward repetition: O2 for the draws, as Rule
// otherwise. It implements turn.LegacyRuler.
func (v Variant) LegacyRule(r turn.Reason) string {
	if r == turn.Repetition || r == turn.FiftyMoves {
		return "O2"
	}
	return v.Rule(r)
}
