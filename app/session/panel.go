package session

import (
	"fmt"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Panel is the text and state of the turn panel for the position shown.
type Panel struct {
	Mover    engine.Color
	Status   string // "White to move", "Black to move (computer)", "White wins"
	Ply      int    // the ply about to be made, from 1
	Plies    int    // plies the turn allows
	Progress string // "ply 2 of 2", "series 3: ply 2 of 3"; "" for one-ply turns
	Series   int    // progressive chess: the series number; 0 otherwise

	Tokens    [2]int // Sacrifice Tokens held (SDM)
	HasTokens bool
	CanSpend  bool   // the toggle may be turned on
	Spend     bool   // the toggle is on
	SpendNote string // what a spend now would cause: "Black moves twice, then White skips a turn"
	NoSpend   string // why no token may be spent now, when the side has one
	Schedule  string // pending effects: "Next: White skips a turn"

	Dice     bool               // the variant rolls dice
	RollDue  bool               // the roll button is live
	Roll     turn.Dice          // this turn's roll; zero before it
	Allowed  []engine.PieceType // piece types the roll lets move (D1)
	PassNote string             // "No legal move for Black with 3-4: the turn passes (D3)."

	Notice Notice // why the last ply tried was refused
	Check  bool   // the side to move is in check
	Over   bool
	Banner string // "White wins: checkmate"
	Rule   string // the rule that decided the outcome ("P2")
	// RuleLink is the rule of the outcome worth a link to the rules page of RulesOf, or ""
	// (RuleLink says which).
	RuleLink, RulesOf string
	Viewing           bool // an earlier position is shown
}

// Panel returns the turn panel for the position shown.
func (s *Session) Panel() Panel {
	st := s.ShownState()
	v := s.game.Variant()
	p := Panel{
		Mover:     st.Mover(),
		Ply:       st.Ply() + 1,
		Plies:     st.Plies(),
		HasTokens: s.tokens,
		Dice:      s.info.ID == "dice",
		Notice:    s.notice,
		Check:     st.InCheck(),
		Viewing:   s.view >= 0,
	}
	if v.Style() == turn.Series {
		p.Series = st.Number()
	}
	switch {
	case p.Series > 0:
		p.Progress = fmt.Sprintf("series %d: ply %d of %d", p.Series, p.Ply, p.Plies)
	case p.Plies > 1:
		p.Progress = fmt.Sprintf("ply %d of %d", p.Ply, p.Plies)
	}
	p.Tokens = [2]int{st.Tokens(engine.White), st.Tokens(engine.Black)}

	var o turn.Outcome
	if s.view < 0 {
		o = s.game.Outcome()
	} else {
		o = v.Outcome(st)
	}
	if o.Over() {
		p.Over = true
		p.Banner, p.Rule = s.banner(o)
		p.RuleLink, p.RulesOf = RuleLink(s.info, o)
		p.Status = p.Banner
		p.Progress = ""
	} else {
		p.Status = sideName(st.Mover()) + " to move"
		if s.seats[st.Mover()].Computer {
			p.Status += " (computer)"
		}
	}

	if s.tokens && !p.Over {
		p.Schedule = scheduleNote(v, st)
		if s.view < 0 {
			p.CanSpend = s.CanSpend()
			p.Spend = s.spending()
			if p.CanSpend {
				p.SpendNote = s.spendNote()
			} else if st.Tokens(st.Mover()) > 0 {
				p.NoSpend = s.SpendReason()
			}
		}
	}

	if p.Dice {
		p.Roll = st.Roll()
		if p.Roll != (turn.Dice{}) {
			for t := engine.Pawn; t <= engine.King; t++ {
				if p.Roll.Allows(t) {
					p.Allowed = append(p.Allowed, t)
				}
			}
		}
		p.RollDue = s.view < 0 && s.RollDue()
		p.PassNote = s.passNote(s.Shown())
	}
	return p
}

// banner returns the words of the game-over banner and the rule number.
func (s *Session) banner(o turn.Outcome) (string, string) {
	text := o.Result.String()
	switch {
	case o.Reason == turn.Resignation && o.Result == turn.WhiteWins:
		text += ": Black resigns"
	case o.Reason == turn.Resignation:
		text += ": White resigns"
	case o.Reason == turn.Agreement:
		text += ": agreed"
	case o.Reason == turn.Time && o.Result == turn.WhiteWins:
		text += ": Black ran out of time"
	case o.Reason == turn.Time:
		text += ": White ran out of time"
	case o.Reason != turn.NoReason:
		text += ": " + o.Reason.String()
	}
	return text, o.Rule
}

// sideName returns "White" or "Black".
func sideName(c engine.Color) string {
	if c == engine.Black {
		return "Black"
	}
	return "White"
}

// slotPhrase describes one scheduled turn that differs from a plain one-ply turn.
func slotPhrase(sl turn.Slot) string {
	switch sl.Plies {
	case 0:
		return sideName(sl.Side) + " skips a turn"
	case 1:
		return sideName(sl.Side) + " moves"
	case 2:
		return sideName(sl.Side) + " moves twice"
	}
	return fmt.Sprintf("%s makes %d plies", sideName(sl.Side), sl.Plies)
}

// describe joins the phrases of the slots up to the last one that is not a plain one-ply
// turn: "Black moves twice, then White skips a turn". It is "" when every slot is plain.
func describe(slots []turn.Slot) string {
	last := -1
	for i, sl := range slots {
		if sl.Plies != 1 {
			last = i
		}
	}
	if last < 0 {
		return ""
	}
	parts := make([]string, 0, last+1)
	for _, sl := range slots[:last+1] {
		parts = append(parts, slotPhrase(sl))
	}
	return strings.Join(parts, ", then ")
}

// scheduleNote describes the pending effects of spent tokens after the current turn (S3).
func scheduleNote(v turn.Variant, st turn.State) string {
	if len(st.Queue()) == 0 {
		return ""
	}
	if d := describe(v.Schedule(st, 4)); d != "" {
		return "Next: " + d
	}
	return ""
}

// spendNote describes what spending a token with the next ply would cause (S3).
func (s *Session) spendNote() string {
	st := s.game.State()
	v := s.game.Variant()
	m, ok := firstPly(s.actions())
	if !ok {
		return ""
	}
	t := v.Do(st, turn.SpendAction(m))
	slots := append([]turn.Slot{{Side: t.Mover(), Plies: t.Plies()}}, v.Schedule(t, 4)...)
	return describe(slots)
}

// passNote describes the pass that was the last action before n actions, if it was one.
func (s *Session) passNote(n int) string {
	if n == 0 {
		return ""
	}
	acts := s.game.Actions()
	if acts[n-1].Kind != turn.Pass {
		return ""
	}
	before := s.game.States()[n-1]
	who := sideName(before.Mover())
	if before.InCheck() {
		return fmt.Sprintf("No legal move for %s with %v, not even out of check: the turn passes (D3).", who, before.Roll())
	}
	return fmt.Sprintf("No legal move for %s with %v: the turn passes (D3).", who, before.Roll())
}

// capitalize upper-cases the first letter of s.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
