package session

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// The end of a game as the player reads it: the result, the reason in words, the rule worth
// a link, and the rematch.

// EndReport is what the end-of-game dialog says.
type EndReport struct {
	Result turn.Result
	Title  string // "White wins", "Black wins", "Draw"
	Reason string // "Checkmate.", "Black ran out of time.", "The same position came up three times."
	// Rule is the number of the rule worth reading ("M3"), or "" when the reason needs no
	// rule: a plain checkmate (O1), a resignation, an agreement, a flag fall in a variant
	// whose rules say nothing about clocks.
	Rule string
	// RulesOf is the ID of the variant whose rules page states Rule ("" when Rule is "").
	RulesOf string
}

// End returns the report of the finished game and true, or false while it goes on.
func (s *Session) End() (EndReport, bool) {
	o := s.game.Outcome()
	if !o.Over() {
		return EndReport{}, false
	}
	r := EndReport{Result: o.Result, Title: o.Result.String(), Reason: s.reasonText(o)}
	r.Rule, r.RulesOf = RuleLink(s.info, o)
	return r, true
}

// reasonText says in a sentence why the game ended.
func (s *Session) reasonText(o turn.Outcome) string {
	loser := engine.White
	if o.Result == turn.WhiteWins {
		loser = engine.Black
	}
	who := s.playerName(loser)
	mover := s.playerName(s.game.State().Mover())
	switch o.Reason {
	case turn.Checkmate:
		return "Checkmate."
	case turn.Stalemate:
		return "Stalemate: " + mover + " has no legal move and is not in check."
	case turn.Repetition:
		return "The same position came up three times."
	case turn.FiftyMoves:
		return "Fifty moves by each side without a capture or a pawn move."
	case turn.Insufficient:
		return "Neither side has the pieces left to checkmate."
	case turn.ProgressiveCheckmate:
		return "Progressive checkmate: every way out of check gives check."
	case turn.ProgressiveStalemate:
		return "Progressive stalemate: " + mover + " has no legal ply left in the series and is not in check."
	case turn.TenSeries:
		return "Ten series in a row without a capture or a pawn move."
	case turn.KingCaptured:
		return who + "'s king was captured."
	case turn.Resignation:
		return who + " resigned."
	case turn.Agreement:
		if s.seats[0].Computer || s.seats[1].Computer {
			return "The computer accepted the draw."
		}
		return "The players agreed to a draw."
	case turn.Time:
		return who + " ran out of time."
	}
	return ""
}

// playerName returns the name of side c's player, or the colour's name.
func (s *Session) playerName(c engine.Color) string {
	if n := s.seats[c&1].Name; n != "" {
		return n
	}
	return sideName(c)
}

// RuleLink returns the rule of outcome o worth a link and the variant whose rules page states
// it, or two empty strings. A plain checkmate (O1) needs no rule, nor does a resignation or an
// agreement; a rule that the variant's rules page does not state (SDM's clock rule S7 for a
// flag fall in orthodox chess) is not linked, except an orthodox rule (O1, O2), which the
// orthodox rules page states for every variant.
func RuleLink(info variants.Info, o turn.Outcome) (rule, variant string) {
	if o.Rule == "" || (o.Reason == turn.Checkmate && o.Rule == "O1") ||
		o.Reason == turn.Resignation || o.Reason == turn.Agreement {
		return "", ""
	}
	if strings.Contains(info.Rules, "**"+o.Rule+"**") {
		return o.Rule, info.ID
	}
	if strings.HasPrefix(o.Rule, "O") && o.Reason != turn.Time {
		if orth, ok := variants.Find("orthodox"); ok && strings.Contains(orth.Rules, "**"+o.Rule+"**") {
			return o.Rule, orth.ID
		}
	}
	return "", ""
}

// Rematch returns the new game of a rematch of s: the same variant, options, start
// position, time control and computer level, the colours swapped. Against the computer the
// person takes the other side; two people swap names, and the side at the bottom (bottom is
// the side at the bottom now) becomes the other.
func Rematch(s *Session, bottom engine.Color) GameQuery {
	r := s.Record()
	q := GameQuery{Variant: s.info.ID, Options: r.Options, FEN: r.Start, Mode: ModeTwo,
		Color: bottom.Other(), Clock: s.TimeControl(), Level: 1}
	seats := s.Seats()
	for c, seat := range seats {
		if seat.Computer {
			q.Mode, q.Level = ModeComputer, max(seat.Level, 1)
			q.Color = engine.Color(c) // the person takes the computer's side
		}
	}
	q.Names = [2]string{seats[1].Name, seats[0].Name}
	return q
}

// CleanName returns a player's name as games keep it: without control characters, spaces
// at either end, and cut to store.MaxName characters.
func CleanName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > store.MaxName {
		name = strings.TrimSpace(string([]rune(name)[:store.MaxName]))
	}
	return name
}
