// Package marseillais plays Marseillais chess, the double-move game (seed 001, the vchess.org
// "Doublemove1" rules): after White's single-ply first turn, every turn of both sides is two
// plies. It implements RULES.md M1 to M7:
//
//   - M1 White's first turn is one ply (option "unbalanced": two), every later turn two.
//   - M2 A ply that gives check ends the turn.
//   - M3 A side in check must escape with the first ply, else it is checkmated.
//   - M4 No legal ply (first or second) and not in check: draw by stalemate.
//   - M5 E.p. against every pawn that double-stepped in the opponent's last turn and has not
//     moved since; the first e.p. capture must be the turn's first ply, a second one may follow
//     as the second ply. (Targets are tracked by turn.State.)
//   - M6 Notation "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5" (turn.Paired).
//   - M7 Repetition and the fifty-move rule (100 plies) as O2, judged at turn boundaries.
//
// A FEN start is the start of a turn; fullmove number 1 with White to move is the game's first
// turn, anything else a two-ply turn. The e.p. field may list several squares ("c6,e6").
package marseillais

import (
	_ "embed"
	"fmt"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// ID is the catalogue ID.
const ID = "marseillais"

// Rules is the rules text for the in-app rules page.
//
//go:embed rules.md
var Rules string

// OptionSpecs lists the options.
var OptionSpecs = []turn.OptionSpec{{
	Key: "unbalanced", Name: "Unbalanced", Kind: turn.Bool, Default: "false", Rule: "M1",
	Doc: "White's first turn has two plies as well",
}}

// Options are the options of Marseillais chess.
type Options struct {
	Unbalanced bool // White's first turn is two plies (M1)
}

// Variant is Marseillais chess with fixed options.
type Variant struct{ opts Options }

// New returns Marseillais chess with the options.
func New(o Options) Variant { return Variant{o} }

// Open returns Marseillais chess for an option text such as "unbalanced".
func Open(options string) (turn.Variant, error) {
	vals, err := turn.ParseOptions(options, OptionSpecs)
	if err != nil {
		return nil, err
	}
	return Variant{Options{Unbalanced: vals["unbalanced"] == "true"}}, nil
}

// ID returns "marseillais".
func (Variant) ID() string { return ID }

// Options returns the canonical option text.
func (v Variant) Options() string {
	return turn.FormatOptions(map[string]string{"unbalanced": fmt.Sprint(v.opts.Unbalanced)}, OptionSpecs)
}

// Style returns turn.Paired (M6).
func (Variant) Style() turn.Style { return turn.Paired }

const set = "Marseillais"

// Start returns the state at fen ("" = the standard start).
func (v Variant) Start(fen string) (turn.State, error) {
	if fen == "" {
		fen = turn.StartFEN
	}
	pos, ep, fullmove, err := turn.ParseFEN(fen)
	if err != nil {
		return turn.State{}, err
	}
	first := fullmove == 1 && pos.Turn() == engine.White
	plies := 2
	if first && !v.opts.Unbalanced {
		plies = 1
	}
	return turn.NewState(turn.Setup{Position: pos, EnPassant: ep, Number: fullmove, Plies: plies, First: first}), nil
}

// FEN returns the FEN of s (a turn start); the fullmove number is the turn's number.
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

// Do plays the ply; the turn ends after its last ply or after a checking ply (M2).
func (Variant) Do(s turn.State, a turn.Action) turn.State {
	m := a.Move
	t := s.Play(m)
	if t.Ply() < t.Plies() && !t.OpponentInCheck() {
		if m.Kind() == engine.EnPassant && s.Ply() == 0 {
			// M5: after a first e.p. capture, another may follow.
			t = t.WithEnPassant(s.EnPassant() &^ engine.SquareBB(m.To()))
		}
		return t
	}
	next := s.Mover().Other()
	num := s.Number()
	if next == engine.White {
		num++
	}
	return t.EndTurn(next, 2, num)
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
		return turn.Refuse(set, "M1", "every turn is made of plies (no %s)", a.Kind)
	case a.Spend:
		return turn.Refuse(set, "M1", "Marseillais chess has no Sacrifice Tokens")
	}
	from, to := a.Move.From(), a.Move.To()
	if err := v.ExplainSquares(s, from, to); err != nil {
		return err
	}
	return turn.OrthodoxReason(s, from, to, a.Move.Promotion(), "M3")
}

// ExplainSquares explains an e.p. capture that is no longer allowed (M5).
func (Variant) ExplainSquares(s turn.State, from, to engine.Square) error {
	if turn.LooksLikeEnPassant(s, from, to) {
		if s.Ply() > 0 {
			return turn.Refuse(set, "M5", "an e.p. capture must be the first ply of the turn (a second one only right after a first)")
		}
		return turn.Refuse(set, "M5", "e.p. only against a pawn that advanced two squares in the opponent's last turn")
	}
	return nil
}

// Outcome returns checkmate (M3), stalemate (M4), insufficient material (O2) or the
// fifty-move rule (M7) as s shows them.
func (v Variant) Outcome(s turn.State) turn.Outcome {
	return turn.PositionOutcome(s, "M3", "M4", v.Rule)
}

// Schedule returns the next n turns: two plies each, alternating.
func (Variant) Schedule(s turn.State, n int) []turn.Slot {
	return turn.Alternate(s.Mover(), 2, n)
}

// Rule returns the rule deciding r.
func (Variant) Rule(r turn.Reason) string {
	switch r {
	case turn.Checkmate:
		return "M3"
	case turn.Stalemate:
		return "M4"
	case turn.Repetition, turn.FiftyMoves:
		return "M7"
	}
	return "O2"
}

// PlainPlies marks the variant as a turn.PlainPlier: its plies are State.LegalPlies.
func (Variant) PlainPlies() {}
