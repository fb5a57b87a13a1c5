package turn

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/plyground/plyground/engine"
)

// Style is how a variant writes its turns in PGN (M6, P8).
type Style uint8

// The notation styles.
const (
	// Paired numbers each pair of turns (White's, then Black's) and joins the plies of one
	// turn with commas: "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5" (M6).
	Paired Style = iota
	// Series numbers every turn with its series number and separates its plies with spaces:
	// "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#" (P8).
	Series
)

// Variant is a rule set played turn by turn: what the UI, the computer opponent, the game
// record and turn-perft use without knowing which variant they hold. Implementations are
// small immutable values (their options fixed at construction) and safe for concurrent use.
type Variant interface {
	// ID returns the catalogue ID, such as "marseillais" or "progressive-italian".
	ID() string
	// Options returns the canonical text of the options ("" when all are defaults).
	Options() string
	// Style returns the variant's notation style.
	Style() Style
	// Start returns the state at the start of the game: the standard start for fen == "",
	// else the FEN (whose e.p. field may list several squares separated by commas) read as
	// the start of a turn; see each variant for what the fullmove number means.
	Start(fen string) (State, error)
	// FEN returns the FEN of a state at the start of a turn, such that Start(FEN(s)) gives
	// back the same turn.
	FEN(s State) string
	// Actions appends the legal actions now to buf and returns the extended slice; none when
	// the game is over (Outcome) by checkmate, stalemate or an end decided inside a turn.
	// Draws by rule (fifty moves, repetition, insufficient material) do not empty it.
	Actions(s State, buf []Action) []Action
	// Do returns the state after a, which must be one of Actions(s). It does not check.
	Do(s State, a Action) State
	// Explain returns nil when a is legal in s, else an error that says why, with the rule
	// number (a *RuleError), or ErrGameOver.
	Explain(s State, a Action) error
	// Outcome returns the outcome that s shows by itself (everything but repetition, which
	// needs the history: see Game).
	Outcome(s State) Outcome
	// Schedule returns the next n turns after the current one (side and plies; Plies 0 for a
	// skipped turn), as far as they are known now.
	Schedule(s State, n int) []Slot
	// Rule returns the number of the RULES.md rule that decides r in this variant ("M7").
	Rule(r Reason) string
}

// PlainPlier is a Variant whose plies, in a state that is not over, are exactly
// State.LegalPlies, each as a PlyAction (and possibly also as a token spend, never noisy to the
// search): the search may then list the captures and promotions alone (State.NoisyPlies) in
// its quiescence search instead of every action.
type PlainPlier interface {
	Variant
	// PlainPlies marks the variant; it does nothing.
	PlainPlies()
}

// Apply returns the state after a if a is legal in s, or an error saying why not
// (ErrGameOver, or a *RuleError carrying the rule number). It never changes s.
func Apply(v Variant, s State, a Action) (State, error) {
	if o := v.Outcome(s); o.Over() {
		return s, fmt.Errorf("%w (%v)", ErrGameOver, o)
	}
	if err := v.Explain(s, a); err != nil {
		return s, err
	}
	return v.Do(s, a), nil
}

// Contains reports whether acts holds a.
func Contains(acts []Action, a Action) bool {
	for _, b := range acts {
		if b == a {
			return true
		}
	}
	return false
}

// SortActions sorts actions by Key, the order the game record numbers them in.
func SortActions(acts []Action) {
	slices.SortFunc(acts, func(a, b Action) int { return cmp.Compare(a.Key(), b.Key()) })
}

// Find returns the legal ply of s that moves the piece on from to to (promoting to promo when
// it is a promotion; spend as asked), for a user interface that knows only squares. When
// there is none, the error says why, with the rule number.
func Find(v Variant, s State, from, to engine.Square, promo engine.PieceType, spend bool) (Action, error) {
	if o := v.Outcome(s); o.Over() {
		return Action{}, fmt.Errorf("%w (%v)", ErrGameOver, o)
	}
	var buf [256]Action
	acts := v.Actions(s, buf[:0])
	for _, a := range acts {
		if a.Kind == TakeKing && a.From == from && a.To == to {
			return a, nil
		}
		if a.Kind == Ply && a.Spend == spend && a.Move.From() == from && a.Move.To() == to &&
			a.Move.Promotion() == promo {
			return a, nil
		}
	}
	// Not legal: find the move the user meant among the orthodox plies, then ask the variant.
	var mbuf [256]engine.Move
	for _, m := range s.LegalPlies(mbuf[:0]) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return Action{}, v.Explain(s, Action{Kind: Ply, Move: m, Spend: spend})
		}
	}
	if s.Roll() == (Dice{}) && len(acts) > 0 && acts[0].Kind == Roll {
		return Action{}, Refuse("", "D1", "roll the dice first")
	}
	if e, ok := v.(SquareExplainer); ok {
		if err := e.ExplainSquares(s, from, to); err != nil {
			return Action{}, err
		}
	}
	return Action{}, OrthodoxReason(s, from, to, promo, v.Rule(Checkmate))
}

// SquareExplainer is implemented by variants that can say why moving the piece on from to to
// is not even an orthodox ply at s for a reason of their own (an e.p. capture no longer
// allowed, M5, P6); it returns nil to let OrthodoxReason explain.
type SquareExplainer interface {
	ExplainSquares(s State, from, to engine.Square) error
}

// ParseAction returns the legal action of s whose String is text ("e2e4", "e7e8q",
// "e2e4+spend", "pass", "roll 3-5", "take d8e1"), for texts that cross a boundary such as the
// worker's reply. The error says why when there is none.
func ParseAction(v Variant, s State, text string) (Action, error) {
	var buf [256]Action
	acts := v.Actions(s, buf[:0])
	for _, a := range acts {
		if a.String() == text {
			return a, nil
		}
	}
	if len(acts) == 0 {
		return Action{}, fmt.Errorf("action %q: %w (%v)", text, ErrGameOver, v.Outcome(s))
	}
	return Action{}, fmt.Errorf("action %q: %w: not among the %d legal actions", text, ErrIllegal, len(acts))
}
