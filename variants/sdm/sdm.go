// Package sdm plays SDM chess, "Sacrifice Token / Double Move" (seed 000): orthodox chess
// in which a side may spend a Sacrifice Token with a ply to give the opponent a Double Move,
// at the price of its own next turn. It implements RULES.md S1 to S7:
//
//   - S1 Each side starts with the same number of tokens: option "tokens", 1 by default, 0..9.
//   - S2 On a normal single-ply turn, a side that has a token and is not in check may spend it
//     with its ply (one action: turn.SpendAction). Not during a Double Move, not when the
//     spender's next turn is already to be skipped, and not when the opponent's next turn is
//     already changed (the seed's "no contradictory timing").
//   - S3 The opponent's next turn becomes a Double Move (two plies), then the spender's next
//     turn is skipped. Option "swap" (tempo swap): no skip, the Double Move is the price.
//     Pending effects resolve in order (turn.State keeps a queue of slots).
//   - S4 A Double Move whose first ply mates ends the game; after a first ply that checks or
//     stalemates, the second ply is played and the position judged when the turn ends. At
//     the end of every turn the side just moved against is judged for checkmate, also when
//     its next turn is skipped (a mate on the second ply of a Double Move wins at once);
//     stalemate is judged only when the stalemated side is due to move.
//   - S5 E.p. on the first ply of the opponent's next turn against a pawn that double-stepped
//     on either ply of a turn and has not moved again. When a side plays two turns in a row
//     (the opponent's turn was skipped), the double steps of both its turns can be taken on
//     the opponent's next turn ("on their next opportunity"), if the pawns have not moved
//     again and the passed squares are empty.
//   - S6 The fifty-move rule counts plies (100); a skipped turn is not a ply. Repetition as
//     O2, judged at turn starts; the point in the turn includes tokens and pending schedule.
//   - S7 A side's clock runs only while it has plies to make (turn.Clock); a skipped turn
//     costs nothing.
//
// Checkmate and stalemate are judged for the side about to move, plus S4's mates: on the first
// ply of a Double Move, and at the end of a turn against a side whose next turn is skipped. A
// side left in check (not mated) whose turn is then skipped stays in check while the opponent
// plays its next turn (a king is never captured) and must answer the check when its own turn
// comes.
//
// Turn-perft counts a ply with a spend and the same ply without as two different turns, and
// a skipped turn as no turn. A mate on the first ply of a Double Move wins the game but does
// not complete the turn, so turn-perft does not count it (a sequence ending in mate before the
// turn is complete). A
// FEN start gives both sides the option's token count and no pending effect; its fullmove
// number is the turn's move number.
package sdm

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// ID is the catalogue ID.
const ID = "sdm"

// Rules is the rules text for the in-app rules page.
//
//go:embed rules.md
var Rules string

// OptionSpecs lists the options.
var OptionSpecs = []turn.OptionSpec{
	{Key: "tokens", Name: "Sacrifice Tokens", Kind: turn.Int, Default: "1", Min: 0, Max: 9, Rule: "S1",
		Doc: "tokens each side starts with"},
	{Key: "swap", Name: "Tempo swap", Kind: turn.Bool, Default: "false", Rule: "S3",
		Doc: "the Double Move is the whole price: the spender's next turn is not skipped"},
}

// Options are the options of SDM chess.
type Options struct {
	Tokens int  // per side, 0..9 (S1)
	Swap   bool // tempo swap (S3)
}

// DefaultOptions returns one token per side, no tempo swap.
func DefaultOptions() Options { return Options{Tokens: 1} }

// Variant is SDM chess with fixed options.
type Variant struct{ opts Options }

// New returns SDM chess with the options (Tokens clamped to 0..9).
func New(o Options) Variant {
	o.Tokens = min(max(o.Tokens, 0), 9)
	return Variant{o}
}

// Open returns SDM chess for an option text such as "tokens=2,swap".
func Open(options string) (turn.Variant, error) {
	vals, err := turn.ParseOptions(options, OptionSpecs)
	if err != nil {
		return nil, err
	}
	n, _ := strconv.Atoi(vals["tokens"])
	return New(Options{Tokens: n, Swap: vals["swap"] == "true"}), nil
}

// ID returns "sdm".
func (Variant) ID() string { return ID }

// Options returns the canonical option text.
func (v Variant) Options() string {
	return turn.FormatOptions(map[string]string{
		"tokens": strconv.Itoa(v.opts.Tokens), "swap": fmt.Sprint(v.opts.Swap)}, OptionSpecs)
}

// Style returns turn.Paired: "1.{spend} e4 e5,d5 2.-- Nf6" (a skipped turn is "--").
func (Variant) Style() turn.Style { return turn.Paired }

const set = "SDM"

// Start returns the state at fen ("" = the standard start).
func (v Variant) Start(fen string) (turn.State, error) {
	if fen == "" {
		fen = turn.StartFEN
	}
	pos, ep, fullmove, err := turn.ParseFEN(fen)
	if err != nil {
		return turn.State{}, err
	}
	s := turn.NewState(turn.Setup{Position: pos, EnPassant: ep, Number: fullmove, Plies: 1,
		First: fullmove == 1 && pos.Turn() == engine.White})
	return s.WithTokens(v.opts.Tokens, v.opts.Tokens), nil
}

// FEN returns the FEN of s (a turn start; tokens and pending effects are not part of FEN).
func (Variant) FEN(s turn.State) string { return turn.FormatFEN(s, s.Number()) }

// slots is a short list of upcoming turns, kept off the heap.
type slots struct {
	a [8]turn.Slot
	n int
}

// upcoming returns the pending slots followed by implicit alternation, n slots (n <= 8).
func upcoming(s turn.State, n int) slots {
	var out slots
	last := s.Mover()
	for i := 0; i < s.QueueLen() && out.n < len(out.a); i++ {
		out.a[out.n] = s.QueueAt(i)
		last = out.a[out.n].Side
		out.n++
	}
	for out.n < n && out.n < len(out.a) {
		last = last.Other()
		out.a[out.n] = turn.Slot{Side: last, Plies: 1}
		out.n++
	}
	return out
}

// spendRule says why the mover may not spend a token now (S2), or "" when it may.
func (v Variant) spendRule(s turn.State) string {
	us := s.Mover()
	switch {
	case s.Tokens(us) == 0:
		return "you have no Sacrifice Token left"
	case s.Plies() != 1:
		return "a token cannot be spent during a Double Move"
	case s.InCheck():
		return "a token cannot be spent while your king is in check"
	}
	next := upcoming(s, 4)
	for _, sl := range next.a[:next.n] {
		if sl.Side == us {
			if sl.Plies == 0 {
				return "your next turn is already to be skipped"
			}
			break
		}
	}
	for _, sl := range next.a[:next.n] {
		if sl.Side != us {
			if sl.Plies != 1 {
				return "your opponent's next turn is already changed by a token"
			}
			break
		}
	}
	return ""
}

// spendError says why the mover may not spend a token now (S2), or nil.
func (v Variant) spendError(s turn.State) error {
	if why := v.spendRule(s); why != "" {
		return turn.Refuse(set, "S2", "%s", why)
	}
	return nil
}

// Actions appends the legal plies, each a second time with a spend when spending is allowed.
func (v Variant) Actions(s turn.State, buf []turn.Action) []turn.Action {
	if s.Ended().Over() {
		return buf
	}
	var mb [256]engine.Move
	plies := s.LegalPlies(mb[:0])
	for _, m := range plies {
		buf = append(buf, turn.PlyAction(m))
	}
	if len(plies) > 0 && v.spendRule(s) == "" {
		for _, m := range plies {
			buf = append(buf, turn.SpendAction(m))
		}
	}
	return buf
}

// Do plays the ply (spending a token if asked) and moves the schedule on.
func (v Variant) Do(s turn.State, a turn.Action) turn.State {
	us := s.Mover()
	t := s.Play(a.Move)
	if a.Spend {
		t = v.spend(t, us)
	}
	mate := turn.Outcome{Result: turn.Win(us), Reason: turn.Checkmate, Rule: "S4"}
	if t.Ply() < t.Plies() {
		if t.OpponentMated() { // S4: a mate on the first ply of a Double Move
			return t.WithOutcome(mate)
		}
		return t
	}
	next := advance(t, s.Number())
	// S4: at the end of every turn the side just moved against is judged for checkmate, also
	// when its next turn is skipped (when it moves next, Outcome finds the mate as usual).
	// Games under the rules of version 1 records did not (turn.State.Legacy).
	if next.Mover() == us && !t.Legacy() && t.OpponentMated() {
		return next.WithOutcome(mate)
	}
	return next
}

// spend takes a token from us and schedules its effects (S3).
func (v Variant) spend(t turn.State, us engine.Color) turn.State {
	w, b := t.Tokens(engine.White), t.Tokens(engine.Black)
	if us == engine.White {
		w--
	} else {
		b--
	}
	t = t.WithTokens(w, b)
	up := upcoming(t, 4)
	q := up.a[:up.n]
	last := -1
	for i := range q {
		if q[i].Side != us {
			q[i].Plies = 2
			last = i
			break
		}
	}
	if !v.opts.Swap {
		for i := last + 1; i < len(q); i++ {
			if q[i].Side == us {
				q[i].Plies = 0
				last = i
				break
			}
		}
	}
	return t.WithQueue(q[:last+1])
}

// advance ends the turn of t and opens the next scheduled turn that is not skipped.
func advance(t turn.State, number int) turn.State {
	up := upcoming(t, 0)
	q := up.a[:up.n]
	side := t.Mover()
	skipped := 0
	for {
		var sl turn.Slot
		if len(q) > 0 {
			sl, q = q[0], q[1:]
		} else {
			sl = turn.Slot{Side: side.Other(), Plies: 1}
		}
		if sl.Side == engine.White {
			number++
		}
		side = sl.Side
		if sl.Plies == 0 {
			skipped++
			continue
		}
		return t.EndTurn(sl.Side, sl.Plies, number).WithQueue(q).WithSkipped(skipped)
	}
}

// Explain says why a is not legal in s (nil when it is).
func (v Variant) Explain(s turn.State, a turn.Action) error {
	if acts := v.Actions(s, nil); turn.Contains(acts, a) {
		return nil
	} else if len(acts) == 0 {
		return fmt.Errorf("%w (%v)", turn.ErrGameOver, v.Outcome(s))
	}
	if a.Kind != turn.Ply {
		return turn.Refuse(set, "S2", "a turn is a ply, possibly with a token spent (no %s)", a.Kind)
	}
	var mb [256]engine.Move
	for _, m := range s.LegalPlies(mb[:0]) {
		if m == a.Move && a.Spend {
			return v.spendError(s)
		}
	}
	from, to := a.Move.From(), a.Move.To()
	if err := v.ExplainSquares(s, from, to); err != nil {
		return err
	}
	return turn.OrthodoxReason(s, from, to, a.Move.Promotion(), "O1")
}

// ExplainSquares explains an e.p. capture that is not allowed (S5).
func (Variant) ExplainSquares(s turn.State, from, to engine.Square) error {
	if turn.LooksLikeEnPassant(s, from, to) {
		if s.Ply() > 0 {
			return turn.Refuse(set, "S5", "an e.p. capture must be the first ply of the turn")
		}
		return turn.Refuse(set, "S5", "e.p. only against a pawn that advanced two squares in the opponent's last turn and has not moved since")
	}
	return nil
}

// Outcome returns a mate inside a Double Move (S4), checkmate (O1), stalemate (O2),
// insufficient material (O2) or the fifty-move rule (S6) as s shows them.
func (v Variant) Outcome(s turn.State) turn.Outcome {
	return turn.PositionOutcome(s, "O1", "O2", v.Rule)
}

// Schedule returns the next n turns as far as known now: pending Double Moves and skips, then
// alternation.
func (Variant) Schedule(s turn.State, n int) []turn.Slot {
	up := upcoming(s, min(n, 8))
	out := append([]turn.Slot(nil), up.a[:min(n, up.n)]...)
	for len(out) < n {
		last := s.Mover()
		if len(out) > 0 {
			last = out[len(out)-1].Side
		}
		out = append(out, turn.Slot{Side: last.Other(), Plies: 1})
	}
	return out
}

// Rule returns the rule deciding r.
func (Variant) Rule(r turn.Reason) string {
	switch r {
	case turn.Checkmate:
		return "O1"
	case turn.Repetition, turn.FiftyMoves:
		return "S6"
	case turn.Time:
		return "S7"
	}
	return "O2"
}

// PlainPlies marks the variant as a turn.PlainPlier: its plies are State.LegalPlies.
func (Variant) PlainPlies() {}
