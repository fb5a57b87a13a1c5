package session

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

// Effect says what a click, a drop or a promotion choice did.
type Effect uint8

// The effects.
const (
	// Nothing happened (not a person's turn, an empty square with nothing selected, ...).
	Nothing Effect = iota
	// Selected: a piece was picked up; Targets lists where it may go.
	Selected
	// Deselected: the piece was put back, or a promotion choice was cancelled.
	Deselected
	// Played: an action was made (and maybe a forced pass after it).
	Played
	// Promoting: a pawn reached the last rank; the player must choose its new piece
	// (Promotions) and call Promote.
	Promoting
	// Refused: the ply was illegal; Notice says why, with the rule's number.
	Refused
	// WentLive: an earlier position was shown; the click brought back the live one.
	WentLive
)

var effectNames = [...]string{"nothing", "selected", "deselected", "played", "promoting", "refused", "went live"}

// String names the effect.
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "effect?"
}

// Selected returns the square of the piece picked up, or engine.NoSquare.
func (s *Session) Selected() engine.Square { return s.sel }

// Targets returns the squares the selected piece may go to with a legal action now (plies
// already made in this turn taken into account; with a token spent when the spend toggle is
// on). It is empty when nothing is selected.
func (s *Session) Targets() engine.Bitboard {
	if s.sel == engine.NoSquare {
		return 0
	}
	return s.TargetsFrom(s.sel)
}

// TargetsFrom returns the squares a piece on from may go to with a legal action now.
func (s *Session) TargetsFrom(from engine.Square) engine.Bitboard {
	if !s.HumanToMove() {
		return 0
	}
	spend := s.spending()
	var out engine.Bitboard
	for _, a := range s.actions() {
		switch {
		case a.Kind == turn.Ply && a.Spend == spend && a.Move.From() == from:
			out |= engine.SquareBB(a.Move.To())
		case a.Kind == turn.TakeKing && a.From == from:
			out |= engine.SquareBB(a.To)
		}
	}
	return out
}

// Movable returns the squares of the pieces that have a legal action now.
func (s *Session) Movable() engine.Bitboard {
	if !s.HumanToMove() {
		return 0
	}
	var out engine.Bitboard
	for _, a := range s.actions() {
		switch a.Kind {
		case turn.Ply:
			out |= engine.SquareBB(a.Move.From())
		case turn.TakeKing:
			out |= engine.SquareBB(a.From)
		}
	}
	return out
}

// ownPiece reports whether sq holds a piece of the side to move.
func (s *Session) ownPiece(sq engine.Square) bool {
	if sq >= engine.NoSquare {
		return false
	}
	st := s.game.State()
	pc := st.Position().PieceAt(sq)
	return pc != engine.NoPiece && pc.Color() == st.Mover()
}

// Click is a press on a square (the click-click way to move): pick up a piece of the side
// to move, put it back with a second press, pick up another, or move the piece picked up.
func (s *Session) Click(sq engine.Square) Effect {
	if s.promo.active {
		s.promo = promotion{}
		s.sel = engine.NoSquare
		return Deselected
	}
	if s.view >= 0 {
		s.ViewAt(-1)
		return WentLive
	}
	if !s.HumanToMove() || sq >= engine.NoSquare {
		return Nothing
	}
	switch {
	case s.sel == engine.NoSquare:
		if s.ownPiece(sq) {
			s.sel = sq
			s.notice = Notice{}
			return Selected
		}
		return Nothing
	case sq == s.sel:
		s.sel = engine.NoSquare
		return Deselected
	case s.ownPiece(sq) && !s.Targets().Has(sq):
		s.sel = sq
		s.notice = Notice{}
		return Selected
	}
	return s.move(s.sel, sq)
}

// Drop is a drag of the piece on from to to (drag and drop). A drop back on its own square
// leaves the piece picked up.
func (s *Session) Drop(from, to engine.Square) Effect {
	if s.view >= 0 {
		s.ViewAt(-1)
		return WentLive
	}
	if !s.HumanToMove() || !s.ownPiece(from) || to >= engine.NoSquare {
		return Nothing
	}
	s.promo = promotion{}
	s.sel = from
	if from == to {
		return Selected
	}
	return s.move(from, to)
}

// Promotions returns the piece types the pending promotion may choose, strongest first
// (for dice chess with promotion to a rolled piece, only the rolled ones: D5).
func (s *Session) Promotions() []engine.PieceType {
	if !s.promo.active {
		return nil
	}
	return s.promotionsFor(s.promo.from, s.promo.to)
}

// Promoting returns the squares of the pending promotion.
func (s *Session) Promoting() (from, to engine.Square, ok bool) {
	return s.promo.from, s.promo.to, s.promo.active
}

func (s *Session) promotionsFor(from, to engine.Square) []engine.PieceType {
	spend := s.spending()
	var have [engine.King + 1]bool
	for _, a := range s.actions() {
		if a.Kind == turn.Ply && a.Spend == spend && a.Move.From() == from && a.Move.To() == to {
			have[a.Move.Promotion()] = true
		}
	}
	var out []engine.PieceType
	for _, t := range []engine.PieceType{engine.Queen, engine.Knight, engine.Rook, engine.Bishop} {
		if have[t] {
			out = append(out, t)
		}
	}
	return out
}

// Promote completes the pending promotion with piece type t.
func (s *Session) Promote(t engine.PieceType) Effect {
	if !s.promo.active {
		return Nothing
	}
	from, to := s.promo.from, s.promo.to
	s.promo = promotion{}
	return s.play(from, to, t)
}

// CancelPromotion drops the pending promotion and the selection.
func (s *Session) CancelPromotion() {
	s.promo = promotion{}
	s.sel = engine.NoSquare
}

// isPromotionSquare reports whether moving the pawn on from to to reaches its last rank.
func (s *Session) isPromotionSquare(from, to engine.Square) bool {
	st := s.game.State()
	pc := st.Position().PieceAt(from)
	if pc.Type() != engine.Pawn {
		return false
	}
	last := 7
	if pc.Color() == engine.Black {
		last = 0
	}
	return to.Rank() == last
}

// move tries the ply from-to, asking for a promotion piece when one is needed.
func (s *Session) move(from, to engine.Square) Effect {
	if s.isPromotionSquare(from, to) {
		switch p := s.promotionsFor(from, to); len(p) {
		case 0:
			return s.play(from, to, engine.Queen) // illegal: play explains why
		case 1:
			return s.play(from, to, p[0])
		default:
			s.promo = promotion{from: from, to: to, active: true}
			s.sel = from
			return Promoting
		}
	}
	return s.play(from, to, engine.NoPieceType)
}

// play finds the action from-to and applies it, or records why it is refused.
func (s *Session) play(from, to engine.Square, promo engine.PieceType) Effect {
	st := s.game.State()
	a, err := turn.Find(s.game.Variant(), st, from, to, promo, s.spending())
	if err == nil {
		err = s.apply(a)
	}
	if err != nil {
		s.sel = engine.NoSquare
		s.notice = noticeOf(err)
		return Refused
	}
	return Played
}

// noticeOf turns a refusal into words for the player.
func noticeOf(err error) Notice {
	var re *turn.RuleError
	if errors.As(err, &re) {
		return Notice{Text: capitalize(re.Error()), Rule: re.Rule}
	}
	if errors.Is(err, turn.ErrGameOver) {
		return Notice{Text: "The game is over."}
	}
	return Notice{Text: capitalize(err.Error())}
}

// --- Sacrifice Tokens (SDM) -------------------------------------------------------------------

// CanSpend reports whether the side to move may spend a Sacrifice Token with its ply now
// (S2).
func (s *Session) CanSpend() bool {
	if !s.HumanToMove() {
		return false
	}
	for _, a := range s.actions() {
		if a.Kind == turn.Ply && a.Spend {
			return true
		}
	}
	return false
}

// SpendReason says why no token may be spent now (S2), or "" when one may, or when the
// variant has no tokens.
func (s *Session) SpendReason() string {
	if !s.HasTokens() || s.CanSpend() || !s.HumanToMove() {
		return ""
	}
	st := s.game.State()
	if m, ok := firstPly(s.actions()); ok {
		if err := s.game.Variant().Explain(st, turn.SpendAction(m)); err != nil {
			return noticeOf(err).Text
		}
	}
	return ""
}

func firstPly(acts []turn.Action) (engine.Move, bool) {
	for _, a := range acts {
		if a.Kind == turn.Ply {
			return a.Move, true
		}
	}
	return engine.NullMove, false
}

// HasTokens reports whether the game uses Sacrifice Tokens (SDM with tokens).
func (s *Session) HasTokens() bool { return s.tokens }

// Spending reports whether the spend toggle is on.
func (s *Session) Spending() bool { return s.spend }

// SetSpend turns the "spend a token with this move" toggle on or off; it stays off when no
// token may be spent. The selection's targets follow the toggle.
func (s *Session) SetSpend(on bool) {
	s.spend = on && s.CanSpend()
}

// spending reports whether the next ply goes with a token spent.
func (s *Session) spending() bool { return s.spend && s.CanSpend() }

// --- Dice ------------------------------------------------------------------------------------

// RollDue reports whether a person is to roll the dice now (D1).
func (s *Session) RollDue() bool {
	if !s.HumanToMove() {
		return false
	}
	return rollDue(s.actions())
}

func rollDue(acts []turn.Action) bool { return len(acts) > 0 && acts[0].Kind == turn.Roll }

// ErrNoRoll is returned by Roll when no roll is due.
var ErrNoRoll = errors.New("no roll is due")

// Roll rolls the dice for the side to move: the roll taken back last, if any (undo never
// rerolls, D6), else a new one from the session's source. A roll that allows no legal ply
// is followed by the pass at once (D3).
func (s *Session) Roll() error {
	if !s.HumanToMove() || !rollDue(s.actions()) {
		return ErrNoRoll
	}
	return s.roll()
}

func (s *Session) roll() error {
	d := dice.Throw(s.env.Dice)
	if n := len(s.redo); n > 0 && s.redo[n-1].end == turn.NoEnd && s.redo[n-1].action.Kind == turn.Roll {
		d = s.redo[n-1].action.Dice
	}
	if err := s.apply(turn.RollAction(d)); err != nil {
		return fmt.Errorf("roll %v: %w", d, err)
	}
	return nil
}
