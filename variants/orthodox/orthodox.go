// Package orthodox plays orthodox (FIDE) chess through the turn interface of package turn:
// every turn is one ply. It implements RULES.md O1 (castling, e.p., promotion, check,
// checkmate, stalemate, by the engine) and O2 (draws by stalemate, threefold repetition, the
// fifty-move rule and insufficient material, all automatic; repetition is judged by
// turn.Game).
package orthodox

import (
	_ "embed"
	"fmt"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// ID is the catalogue ID.
const ID = "orthodox"

// Rules is the rules text for the in-app rules page.
//
//go:embed rules.md
var Rules string

// Variant is orthodox chess. It has no options.
type Variant struct{}

// New returns orthodox chess.
func New() Variant { return Variant{} }

// Open returns orthodox chess for the option text, which must be empty.
func Open(options string) (turn.Variant, error) {
	if _, err := turn.ParseOptions(options, nil); err != nil {
		return nil, err
	}
	return Variant{}, nil
}

// ID returns "orthodox".
func (Variant) ID() string { return ID }

// Options returns "".
func (Variant) Options() string { return "" }

// Style returns turn.Paired.
func (Variant) Style() turn.Style { return turn.Paired }

// Start returns the state at fen ("" = the standard start). The e.p. field holds at most one
// square; the fullmove number is the turn's move number.
func (Variant) Start(fen string) (turn.State, error) {
	if fen == "" {
		fen = turn.StartFEN
	}
	pos, ep, fullmove, err := turn.ParseFEN(fen)
	if err != nil {
		return turn.State{}, err
	}
	if ep.Count() > 1 {
		return turn.State{}, &engine.FENError{Field: 4, Text: "orthodox chess has at most one e.p. target"}
	}
	return turn.NewState(turn.Setup{Position: pos, EnPassant: ep, Number: fullmove, Plies: 1,
		First: fullmove == 1 && pos.Turn() == engine.White}), nil
}

// FEN returns the FEN of s.
func (Variant) FEN(s turn.State) string { return turn.FormatFEN(s, s.Number()) }

// Actions appends the legal plies.
func (Variant) Actions(s turn.State, buf []turn.Action) []turn.Action {
	if s.Ended().Over() {
		return buf
	}
	var mb [256]engine.Move
	for _, m := range s.LegalPlies(mb[:0]) {
		buf = append(buf, turn.PlyAction(m))
	}
	return buf
}

// Do plays the ply and passes the turn.
func (Variant) Do(s turn.State, a turn.Action) turn.State {
	next := s.Mover().Other()
	num := s.Number()
	if next == engine.White {
		num++
	}
	return s.Play(a.Move).EndTurn(next, 1, num)
}

// Explain says why a is not legal in s (nil when it is).
func (v Variant) Explain(s turn.State, a turn.Action) error {
	if acts := v.Actions(s, nil); turn.Contains(acts, a) {
		return nil
	} else if len(acts) == 0 {
		return fmt.Errorf("%w (%v)", turn.ErrGameOver, v.Outcome(s))
	}
	switch {
	case a.Kind != turn.Ply:
		return turn.Refuse("", "O1", "orthodox chess has only plies (no %s)", a.Kind)
	case a.Spend:
		return turn.Refuse("", "O1", "orthodox chess has no Sacrifice Tokens")
	}
	return turn.OrthodoxReason(s, a.Move.From(), a.Move.To(), a.Move.Promotion(), "O1")
}

// ExplainSquares explains an e.p. capture that is not allowed any more (O1).
func (Variant) ExplainSquares(s turn.State, from, to engine.Square) error {
	if turn.LooksLikeEnPassant(s, from, to) {
		return turn.Refuse("", "O1", "an e.p. capture is allowed only right after the pawn's two-square advance")
	}
	return nil
}

// Outcome returns checkmate (O1), stalemate, insufficient material or the fifty-move rule
// (O2) as s shows them.
func (v Variant) Outcome(s turn.State) turn.Outcome {
	return turn.PositionOutcome(s, "O1", "O2", v.Rule)
}

// Schedule returns the next n turns: one ply each, alternating.
func (Variant) Schedule(s turn.State, n int) []turn.Slot {
	return turn.Alternate(s.Mover(), 1, n)
}

// Rule returns O1 for checkmate and O2 for the draws.
func (Variant) Rule(r turn.Reason) string {
	if r == turn.Checkmate {
		return "O1"
	}
	return "O2"
}

// PlainPlies marks the variant as a turn.PlainPlier: its plies are State.LegalPlies.
func (Variant) PlainPlies() {}
