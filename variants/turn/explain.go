package turn

import (
	"github.com/plyground/plyground/engine"
)

// OrthodoxReason explains, in the words of RULES.md O1, why moving the piece on from to to is
// not a legal ply at s: no piece of the mover there, a piece that does not move that way, a
// blocked path, a castling condition, a missing promotion, or a king left attacked. checkRule
// is the rule named when the mover is in check and the ply does not parry it (O1, or M3/P2
// for variants where a check must be escaped with the first ply). It returns a *RuleError;
// callers use it only for plies they know to be illegal.
func OrthodoxReason(s State, from, to engine.Square, promo engine.PieceType, checkRule string) error {
	pos := s.pos
	us := pos.Turn()
	if from >= engine.NoSquare || to >= engine.NoSquare {
		return Refuse("", "O1", "that is not a square of the board")
	}
	pc := pos.PieceAt(from)
	switch {
	case pc == engine.NoPiece:
		return Refuse("", "O1", "there is no piece on %v", from)
	case pc.Color() != us:
		return Refuse("", "O1", "the %s on %v is not yours: it is %s's turn", pc.Name(), from, us)
	case from == to:
		return Refuse("", "O1", "a ply must move the piece to another square")
	}
	if tp := pos.PieceAt(to); tp != engine.NoPiece && tp.Color() == us {
		return Refuse("", "O1", "%v is occupied by your own %s", to, tp.Type())
	}
	t := pc.Type()
	if t == engine.King && from.Rank() == to.Rank() && abs(to.File()-from.File()) == 2 {
		return castlingReason(s, from, to)
	}
	if !reaches(pos, s.ep, pc, from, to) {
		if t == engine.Pawn {
			return Refuse("", "O1", "a pawn cannot go from %v to %v", from, to)
		}
		if t != engine.Knight && !clearPath(pos, from, to) && lineMove(t, from, to) {
			return Refuse("", "O1", "the %s's path from %v to %v is blocked", t, from, to)
		}
		return Refuse("", "O1", "a %s does not move from %v to %v", t, from, to)
	}
	if t == engine.Pawn {
		last := 7
		if us == engine.Black {
			last = 0
		}
		switch {
		case to.Rank() == last && (promo < engine.Knight || promo > engine.Queen):
			return Refuse("", "O1", "a pawn reaching the last rank must become a queen, rook, bishop or knight")
		case to.Rank() != last && promo != engine.NoPieceType:
			return Refuse("", "O1", "a pawn promotes only on the last rank")
		}
	}
	if tp := pos.PieceAt(to); tp.Type() == engine.King {
		return Refuse("", "O1", "a king is never captured in this game")
	}
	if s.InCheck() {
		return Refuse("", checkRule, "your king is in check and this ply does not parry it")
	}
	return Refuse("", "O1", "this ply would leave your king attacked")
}

func castlingReason(s State, from, to engine.Square) error {
	pos := s.pos
	us := pos.Turn()
	short := to.File() == 6
	right := engine.WhiteShort
	switch {
	case us == engine.White && !short:
		right = engine.WhiteLong
	case us == engine.Black && short:
		right = engine.BlackShort
	case us == engine.Black:
		right = engine.BlackLong
	}
	if pos.Castling()&right == 0 {
		return Refuse("", "O1", "castling on that side is no longer allowed: the king or that rook has moved")
	}
	if s.InCheck() {
		return Refuse("", "O1", "you cannot castle out of check")
	}
	rank := from.Rank()
	files := []int{5, 6}
	if !short {
		files = []int{1, 2, 3}
	}
	for _, f := range files {
		if pos.PieceAt(engine.NewSquare(f, rank)) != engine.NoPiece {
			return Refuse("", "O1", "castling needs the squares between king and rook empty")
		}
	}
	for _, f := range []int{5, 6} {
		if !short {
			f = 8 - f // 3, 2
		}
		if pos.Attacked(engine.NewSquare(f, rank), us.Other()) {
			return Refuse("", "O1", "the king cannot castle through or into an attacked square")
		}
	}
	return Refuse("", "O1", "castling is not allowed here")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lineMove reports whether from-to lies on a line a sliding piece of type t uses.
func lineMove(t engine.PieceType, from, to engine.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	straight := df == 0 || dr == 0
	diagonal := abs(df) == abs(dr)
	switch t {
	case engine.Rook:
		return straight
	case engine.Bishop:
		return diagonal
	case engine.Queen:
		return straight || diagonal
	}
	return false
}

// clearPath reports whether the squares strictly between from and to (on a line) are empty.
func clearPath(pos engine.Position, from, to engine.Square) bool {
	df, dr := sign(to.File()-from.File()), sign(to.Rank()-from.Rank())
	f, r := from.File()+df, from.Rank()+dr
	for engine.NewSquare(f, r) != to {
		sq := engine.NewSquare(f, r)
		if sq == engine.NoSquare {
			return false
		}
		if pos.PieceAt(sq) != engine.NoPiece {
			return false
		}
		f, r = f+df, r+dr
	}
	return true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// reaches reports whether pc on from could move to to if its own king did not matter
// (pseudo-legal, castling excluded).
func reaches(pos engine.Position, ep engine.Bitboard, pc engine.Piece, from, to engine.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	target := pos.PieceAt(to)
	switch pc.Type() {
	case engine.Knight:
		return abs(df)*abs(dr) == 2
	case engine.King:
		return abs(df) <= 1 && abs(dr) <= 1
	case engine.Bishop, engine.Rook, engine.Queen:
		return lineMove(pc.Type(), from, to) && clearPath(pos, from, to)
	case engine.Pawn:
		fwd, start := 1, 1
		if pc.Color() == engine.Black {
			fwd, start = -1, 6
		}
		switch {
		case df == 0 && dr == fwd:
			return target == engine.NoPiece
		case df == 0 && dr == 2*fwd && from.Rank() == start:
			return target == engine.NoPiece && clearPath(pos, from, to)
		case abs(df) == 1 && dr == fwd:
			return target != engine.NoPiece || ep.Has(to)
		}
	}
	return false
}

// LooksLikeEnPassant reports whether moving the mover's pawn from from to to would be an e.p.
// capture if e.p. were allowed now: a diagonal step onto an empty square with an enemy pawn
// just beside the pawn's start, on the target's file.
func LooksLikeEnPassant(s State, from, to engine.Square) bool {
	pos := s.pos
	us := pos.Turn()
	pc := pos.PieceAt(from)
	if pc != engine.NewPiece(us, engine.Pawn) || to >= engine.NoSquare || pos.PieceAt(to) != engine.NoPiece {
		return false
	}
	fwd := 1
	if us == engine.Black {
		fwd = -1
	}
	if abs(to.File()-from.File()) != 1 || to.Rank()-from.Rank() != fwd {
		return false
	}
	return pos.PieceAt(engine.NewSquare(to.File(), from.Rank())) == engine.NewPiece(us.Other(), engine.Pawn)
}
