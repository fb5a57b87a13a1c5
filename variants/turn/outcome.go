package turn

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/engine"
)

// Result is the result of a game.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

var resultNames = [...]string{"Ongoing", "White wins", "Black wins", "Draw"}

// String returns the result in words: "White wins", "Draw", ...
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "result?"
}

// PGN returns the result as a PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) PGN() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Win returns the result of a win for c.
func Win(c engine.Color) Result {
	if c == engine.White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

// The reasons.
const (
	NoReason Reason = iota
	Checkmate
	Stalemate
	Repetition
	FiftyMoves
	Insufficient
	ProgressiveCheckmate // Italian: every escape from check gives check (P4)
	ProgressiveStalemate // no legal ply at some point of a series, not in check (P5)
	TenSeries            // ten series in a row without capture or pawn move (P7)
	KingCaptured         // dice chess (D4)
	Resignation
	Agreement
	Time
)

var reasonNames = [...]string{"", "checkmate", "stalemate", "threefold repetition",
	"fifty-move rule", "insufficient material", "progressive checkmate",
	"progressive stalemate", "ten series without capture or pawn move", "king captured",
	"resignation", "agreement", "time"}

// String returns the reason in words ("" for NoReason).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Outcome is the result of a game, the reason and the number of the RULES.md rule that
// decided it.
type Outcome struct {
	Result Result
	Reason Reason
	Rule   string // "P5", "M4", ...; "" when no rule applies (resignation, agreement)
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// String returns the outcome in words with its rule number, such as "Draw: progressive
// stalemate (P5)" or "White wins: checkmate (M3)"; "Ongoing" while the game goes on.
func (o Outcome) String() string {
	if o.Result == Ongoing {
		return o.Result.String()
	}
	s := o.Result.String()
	if o.Reason != NoReason {
		s += ": " + o.Reason.String()
	}
	if o.Rule != "" {
		s += " (" + o.Rule + ")"
	}
	return s
}

// ErrIllegal is wrapped by every error that refuses an action as against the rules.
var ErrIllegal = errors.New("illegal action")

// ErrGameOver is returned for an action attempted after the game has ended.
var ErrGameOver = errors.New("game is over")

// RuleError refuses an action and says why, in words, with the number of the rule
// (RULES.md) that forbids it. It wraps ErrIllegal.
type RuleError struct {
	Set  string // the rule set's short name for the message ("Italian", "Marseillais"); may be ""
	Rule string // "P4"
	Text string // "check only on the last ply of a series"
}

// Error returns "Italian rule P4: check only on the last ply of a series".
func (e *RuleError) Error() string {
	if e.Set == "" {
		return fmt.Sprintf("rule %s: %s", e.Rule, e.Text)
	}
	return fmt.Sprintf("%s rule %s: %s", e.Set, e.Rule, e.Text)
}

// Unwrap returns ErrIllegal.
func (e *RuleError) Unwrap() error { return ErrIllegal }

// Refuse returns a *RuleError.
func Refuse(set, rule, format string, args ...any) error {
	return &RuleError{Set: set, Rule: rule, Text: fmt.Sprintf(format, args...)}
}

// PositionOutcome returns the outcome s shows by itself in a variant where a mover with no legal
// ply loses in check (checkmate, rule mateRule) and draws otherwise (stalemate, rule
// staleRule): an end decided inside a turn first, then checkmate or stalemate, then the draws
// by rule that DrawByRule judges with rule naming their numbers.
func PositionOutcome(s State, mateRule, staleRule string, rule func(Reason) string) Outcome {
	if o := s.Ended(); o.Over() {
		return o
	}
	if !s.HasLegalPly() {
		if s.InCheck() {
			return Outcome{Result: Win(s.Mover().Other()), Reason: Checkmate, Rule: mateRule}
		}
		return Outcome{Result: Draw, Reason: Stalemate, Rule: staleRule}
	}
	return DrawByRule(s, rule)
}
