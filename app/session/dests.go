package session

import (
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Dests returns where each piece of the side to move may go with a legal action now (plies
// made earlier in the turn and the spend toggle taken into account, as TargetsFrom), keyed by
// the piece's square; nil when no person may move now. A piece with no legal ply is not in
// the map.
func (s *Session) Dests() map[engine.Square]engine.Bitboard {
	if !s.HumanToMove() {
		return nil
	}
	spend := s.spending()
	out := map[engine.Square]engine.Bitboard{}
	for _, a := range s.actions() {
		switch {
		case a.Kind == turn.Ply && a.Spend == spend:
			out[a.Move.From()] |= engine.SquareBB(a.Move.To())
		case a.Kind == turn.TakeKing:
			out[a.From] |= engine.SquareBB(a.To)
		}
	}
	return out
}

// Premover returns the side a person plays while the computer moves against them (whose
// pieces may be premoved now), and whether there is one: a game that goes on, the live
// position shown, the computer to move and a person on the other side.
func (s *Session) Premover() (engine.Color, bool) {
	if s.Over() || s.view >= 0 || !s.ComputerToMove() {
		return engine.White, false
	}
	c := s.Mover().Other()
	return c, !s.seats[c].Computer
}

// PremoveDests returns, while the computer moves against a person (Premover), where each of
// the person's pieces could go if it were their turn in the position now: the targets a
// premove may aim at. A premove is checked again when the turn comes (the computer's turn
// changes the position, and a variant may allow less: a roll, a token, a series); nil when
// no premove can be made now.
func (s *Session) PremoveDests() map[engine.Square]engine.Bitboard {
	c, ok := s.Premover()
	if !ok {
		return nil
	}
	return s.PremoveDestsFor(c)
}

// PremoveDestsFor returns where each piece of side c could go if it were c's turn in the
// position now (PremoveDests without its conditions: for a screen that still shows the
// computer's turn ply by ply, when the person's turn has in fact come).
func (s *Session) PremoveDestsFor(c engine.Color) map[engine.Square]engine.Bitboard {
	pos := s.game.State().Position().WithTurn(c)
	var buf [256]engine.Move
	out := map[engine.Square]engine.Bitboard{}
	for _, m := range pos.LegalMoves(buf[:0]) {
		out[m.From()] |= engine.SquareBB(m.To())
	}
	return out
}
