package turn

import "github.com/plyground/plyground/engine"

// Slot is one scheduled turn: the side that moves and how many plies it may make; Plies 0
// means the turn is skipped (SDM, S3).
type Slot struct {
	Side  engine.Color
	Plies int
}

// State is the complete state of a game at one point inside a turn: the board, whose turn it
// is, how many plies the turn has and how many are made, the e.p. targets, tokens and pending
// schedule (SDM), the roll (dice) and counters for the draw rules. It is a value of a few
// hundred bytes: copying it is cheap, and every method returns a new State.
//
// The Position always has the mover to move, also in the middle of a turn (the other side may
// then be in check), and it never carries the engine's own e.p. target: the State keeps the set
// of e.p. targets, which may hold several squares (M5).
type State struct {
	pos     engine.Position
	ep      engine.Bitboard // e.p. targets the next ply may take (passed squares)
	pushed  engine.Bitboard // squares of the mover's pawns that double-stepped this turn and have not moved again
	over    Outcome         // an end decided inside Do (SDM S4, dice D4)
	seq     int32           // turns begun since the start (skipped turns not counted)
	number  int32           // the number notation shows for this turn
	ply     int16           // plies made in this turn
	plies   int16           // plies this turn allows
	quiet   int16           // completed turns in a row without capture or pawn move
	tokens  [2]int8         // Sacrifice Tokens held (SDM)
	queue   [4]uint8        // pending slots (SDM): side<<4 | plies
	nq      uint8           // slots in queue
	skipped uint8           // turns skipped just before this one (SDM)
	roll    Dice            // this turn's roll (dice); zero until rolled
	first   bool            // the game's first turn (Marseillais M1)
	active  bool            // this turn has made a capture or a pawn move
	legacy  bool            // the game follows the rules of records of version 1 (see Legacy)
}

// Setup describes the start of a turn for NewState.
type Setup struct {
	Position  engine.Position // the board; its side to move starts the turn
	EnPassant engine.Bitboard // e.p. targets for the first ply (passed squares)
	Number    int             // the turn's number in notation
	Plies     int             // plies the turn allows
	First     bool            // the game's first turn
}

// NewState returns the state at the start of the turn su describes. The Position's own e.p.
// target, if any, is added to the set.
func NewState(su Setup) State {
	ep := su.EnPassant
	if sq := su.Position.EnPassant(); sq != engine.NoSquare {
		ep |= engine.SquareBB(sq)
	}
	return State{
		pos:    su.Position.WithTurn(su.Position.Turn()),
		ep:     ep,
		number: int32(su.Number),
		plies:  int16(su.Plies),
		first:  su.First,
	}
}

// Position returns the board with the mover to move (without e.p. target: see EnPassant).
func (s State) Position() engine.Position { return s.pos }

// Mover returns the side making the current turn.
func (s State) Mover() engine.Color { return s.pos.Turn() }

// Ply returns how many plies the mover has made in this turn (0 at the start of a turn).
func (s State) Ply() int { return int(s.ply) }

// Plies returns how many plies this turn allows in all (a checking ply may end it earlier).
func (s State) Plies() int { return int(s.plies) }

// Number returns the number that notation shows for this turn: the move number for
// paired notation, the series number (= its length) for progressive chess.
func (s State) Number() int { return int(s.number) }

// Seq returns how many turns have begun since the start of the game, this one included
// counting from 0 (skipped turns are not counted). It changes exactly when a turn ends.
func (s State) Seq() int { return int(s.seq) }

// EnPassant returns the e.p. targets the next ply may take (the squares the pawns passed).
func (s State) EnPassant() engine.Bitboard { return s.ep }

// Tokens returns the Sacrifice Tokens side c holds (SDM).
func (s State) Tokens(c engine.Color) int { return int(s.tokens[c&1]) }

// Roll returns this turn's roll (dice chess); the zero Dice until the dice are rolled.
func (s State) Roll() Dice { return s.roll }

// Skipped returns how many turns were skipped just before this one (SDM).
func (s State) Skipped() int { return int(s.skipped) }

// Quiet returns how many completed turns in a row had no capture and no pawn move (P7).
func (s State) Quiet() int { return int(s.quiet) }

// First reports whether this is the game's first turn.
func (s State) First() bool { return s.first }

// Legacy reports whether the game follows the rules under which game records of version 1 were
// written, before RULES.md changed S4, S5, O2, D7 and P7 (see RecordVersion): a record of that
// version that today's rules would read as another game is replayed, and played on, under them.
// Such a state differs in these points only:
//   - Key counts an e.p. target whenever one is set, takeable or not (O2 before);
//   - EndTurn drops the mover's double steps when the same side moves again (S5 before);
//   - the variants that changed read it: SDM does not judge the skipped side for mate at the
//     end of a turn (S4), progressive chess keeps repetition and draws after ten quiet series
//     at once (P7), and Game counts positions reached by a pass toward repetition (D7).
func (s State) Legacy() bool { return s.legacy }

// asLegacy returns s following the rules of version 1 records.
func (s State) asLegacy() State {
	s.legacy = true
	return s
}

// Ended returns the outcome decided by the last action, if any (a mate inside a double move,
// a captured king); the variant's Outcome adds the outcomes read from the position.
func (s State) Ended() Outcome { return s.over }

// InCheck reports whether the mover's king is attacked.
func (s State) InCheck() bool { return s.pos.InCheck() }

// OpponentInCheck reports whether the king of the side not moving is attacked.
func (s State) OpponentInCheck() bool {
	us := s.pos.Turn()
	return s.pos.Attacked(s.pos.KingSquare(us.Other()), us)
}

// Queue returns the pending slots after the current turn (SDM); implicit alternation follows.
func (s State) Queue() []Slot {
	out := make([]Slot, s.nq)
	for i := range out {
		out[i] = Slot{Side: engine.Color(s.queue[i] >> 4), Plies: int(s.queue[i] & 15)}
	}
	return out
}

// QueueLen returns the number of pending slots (SDM).
func (s State) QueueLen() int { return int(s.nq) }

// QueueAt returns pending slot i, 0 <= i < QueueLen (SDM).
func (s State) QueueAt(i int) Slot {
	return Slot{Side: engine.Color(s.queue[i] >> 4), Plies: int(s.queue[i] & 15)}
}

// --- Building blocks for variant packages --------------------------------------------------
//
// The methods below are the moves of the state machine; each variant package combines them in
// its Do. Other callers use a Variant's Actions and Do (or Apply) instead.

// LegalPlies appends the plies that orthodox rules allow the mover now, e.p. captures on every
// target of EnPassant included, and returns the extended slice. Variants filter further.
func (s State) LegalPlies(buf []engine.Move) []engine.Move {
	buf = s.pos.LegalMoves(buf)
	if s.ep != 0 {
		buf = s.appendEnPassant(buf)
	}
	return buf
}

// NoisyPlies appends the captures (e.p. captures on every target of EnPassant included) and
// promotions among LegalPlies, for the quiescence search.
func (s State) NoisyPlies(buf []engine.Move) []engine.Move {
	buf = s.pos.LegalCaptures(buf)
	if s.ep != 0 {
		buf = s.appendEnPassant(buf)
	}
	return buf
}

func (s *State) appendEnPassant(buf []engine.Move) []engine.Move {
	us := s.pos.Turn()
	for b := s.ep; b != 0; b &= b - 1 {
		sq := b.First()
		beyond, start := sq-8, sq+8
		if us == engine.Black {
			beyond, start = sq+8, sq-8
		}
		if beyond >= engine.NoSquare || start >= engine.NoSquare || s.pos.PieceAt(sq) != engine.NoPiece ||
			s.pos.PieceAt(beyond) != engine.NewPiece(us.Other(), engine.Pawn) || !s.capturerBeside(beyond) {
			continue
		}
		if s.pos.PieceAt(start) != engine.NoPiece {
			buf = s.appendEnPassantByHand(buf, sq)
			continue
		}
		q, err := s.pos.WithEnPassant(sq)
		if err != nil {
			continue
		}
		if q.EnPassant() != sq {
			continue
		}
		var tmp [256]engine.Move
		for _, m := range q.LegalMoves(tmp[:0]) {
			if m.Kind() == engine.EnPassant {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// capturerBeside reports whether a pawn of the mover stands beside sq on its rank.
func (s *State) capturerBeside(sq engine.Square) bool {
	own := engine.NewPiece(s.pos.Turn(), engine.Pawn)
	f, r := sq.File(), sq.Rank()
	return s.pos.PieceAt(engine.NewSquare(f-1, r)) == own || s.pos.PieceAt(engine.NewSquare(f+1, r)) == own
}

// appendEnPassantByHand appends the e.p. captures on target sq that the engine's
// WithEnPassant refuses because another piece stands on the pawn's start square (it moved
// there later in the same turn: M5, P6 still allow the capture). The pawn beyond sq and the
// empty target are checked here; each capture is played and kept when the mover's king is
// then safe.
func (s *State) appendEnPassantByHand(buf []engine.Move, sq engine.Square) []engine.Move {
	us := s.pos.Turn()
	them := us.Other()
	beyond := sq - 8
	if us == engine.Black {
		beyond = sq + 8
	}
	if sq >= engine.NoSquare || s.pos.PieceAt(sq) != engine.NoPiece || beyond >= engine.NoSquare ||
		s.pos.PieceAt(beyond) != engine.NewPiece(them, engine.Pawn) {
		return buf
	}
	for _, df := range [2]int{-1, 1} {
		from := engine.NewSquare(beyond.File()+df, beyond.Rank())
		if from == engine.NoSquare || s.pos.PieceAt(from) != engine.NewPiece(us, engine.Pawn) {
			continue
		}
		m := engine.EnPassantMove(from, sq)
		if m == engine.NullMove {
			continue
		}
		after := s.pos.Play(m)
		if !after.Attacked(after.KingSquare(us), them) {
			buf = append(buf, m)
		}
	}
	return buf
}

// HasLegalPly reports whether LegalPlies would return any ply.
func (s State) HasLegalPly() bool {
	if s.pos.HasLegalMove() {
		return true
	}
	if s.ep == 0 {
		return false
	}
	var buf [8]engine.Move
	return len(s.appendEnPassant(buf[:0])) > 0
}

// board returns the position in which m is played: with m's e.p. target set for an e.p.
// capture.
func (s *State) board(m engine.Move) engine.Position {
	if m.Kind() == engine.EnPassant {
		if q, err := s.pos.WithEnPassant(m.To()); err == nil {
			return q
		}
	}
	return s.pos
}

// Board returns the position in which the ply m is played (the e.p. target of an e.p. capture
// set), for SAN text and for engines that need it.
func (s State) Board(m engine.Move) engine.Position { return s.board(m) }

// GivesCheck reports whether the legal ply m leaves the opponent's king attacked.
func (s State) GivesCheck(m engine.Move) bool {
	return s.board(m).GivesCheck(m)
}

// CheckFinder returns an engine.CheckFinder for the plies of s: it tells which give check,
// as GivesCheck, faster when many are tested.
func (s State) CheckFinder() engine.CheckFinder { return s.pos.CheckFinder() }

// SAN returns the engine's SAN for the legal ply m, without a check or mate sign (those
// depend on the variant: see the notation functions).
func (s State) SAN(m engine.Move) string {
	t := s.board(m).SAN(m)
	for len(t) > 0 && (t[len(t)-1] == '+' || t[len(t)-1] == '#') {
		t = t[:len(t)-1]
	}
	return t
}

// Play makes the legal ply m and returns the state inside the same turn: the mover still to
// move, Ply advanced by one, and no e.p. target for the next ply (see WithEnPassant). A pawn
// that double-steps becomes an e.p. target for the opponent's next turn, unless it moves again
// in this turn. A variant then goes on with the turn or calls EndTurn.
func (s State) Play(m engine.Move) State {
	us := s.pos.Turn()
	base := s.board(m)
	from := m.From()
	if m.IsCapture() || base.PieceAt(from).Type() == engine.Pawn {
		s.active = true
	}
	s.pushed &^= engine.SquareBB(from)
	if m.Kind() == engine.DoublePush {
		s.pushed |= engine.SquareBB(m.To())
	}
	s.pos = base.Play(m).WithTurn(us)
	s.ply++
	s.ep = 0
	return s
}

// WithEnPassant returns s with e.p. targets ep for the next ply (Marseillais M5: a second e.p.
// capture after a first one).
func (s State) WithEnPassant(ep engine.Bitboard) State {
	s.ep = ep
	return s
}

// EndTurn closes the current turn and opens the next one: side moves, with plies plies, shown
// with number. The pawns that double-stepped during the closing turn and did not move again
// become e.p. targets when the other side moves next (if the square each passed is empty);
// every other e.p. right lapses. When the same side moves again (SDM: the other side's turn
// was skipped), those pawns stay e.p. targets for the other side's next turn, as long as they
// do not move again (S5: "on their next opportunity"). The count of quiet turns, the roll, the
// skip count and the first-turn flag are updated.
func (s State) EndTurn(side engine.Color, plies, number int) State {
	us := s.pos.Turn()
	var ep engine.Bitboard
	if side != us {
		for b := s.pushed; b != 0; b &= b - 1 {
			if passed := passedSquare(b.First(), us); s.pos.PieceAt(passed) == engine.NoPiece {
				ep |= engine.SquareBB(passed)
			}
		}
		s.pushed = 0
	} else if s.legacy {
		s.pushed = 0 // S5 before: the rights lapsed with the skipped turn
	}
	s.pos = s.pos.WithTurn(side)
	s.ep = ep
	s.ply = 0
	s.plies = int16(plies)
	s.number = int32(number)
	s.seq++
	if s.active {
		s.quiet = 0
	} else if s.quiet < 1<<14 {
		s.quiet++
	}
	s.active = false
	s.skipped = 0
	s.first = false
	s.roll = Dice{}
	return s
}

// WithPlies returns s with the current turn allowing plies plies.
func (s State) WithPlies(plies int) State {
	s.plies = int16(plies)
	return s
}

// WithTokens returns s with the Sacrifice Tokens of both sides set.
func (s State) WithTokens(white, black int) State {
	s.tokens = [2]int8{int8(white), int8(black)}
	return s
}

// WithQueue returns s with the pending slots set (at most 4; each Plies 0..15).
func (s State) WithQueue(q []Slot) State {
	s.nq = 0
	for i, sl := range q {
		if i == len(s.queue) {
			break
		}
		s.queue[i] = uint8(sl.Side&1)<<4 | uint8(sl.Plies&15)
		s.nq++
	}
	return s
}

// WithSkipped returns s with the count of turns skipped just before it.
func (s State) WithSkipped(n int) State {
	s.skipped = uint8(n)
	return s
}

// WithRoll returns s with this turn's roll.
func (s State) WithRoll(d Dice) State {
	s.roll = d
	return s
}

// WithOutcome returns s with the game ended by o.
func (s State) WithOutcome(o Outcome) State {
	s.over = o
	return s
}

// OpponentMated reports whether the side not moving is in check and would have no legal ply
// if its turn began now (with the e.p. rights this turn has created so far). SDM uses it for a
// mate on the first ply of a double move (S4).
func (s State) OpponentMated() bool {
	if !s.OpponentInCheck() {
		return false
	}
	us := s.pos.Turn()
	t := s.EndTurn(us.Other(), 1, 0)
	return !t.HasLegalPly()
}

// CaptureTargets returns the e.p. targets on which an e.p. capture is legal now.
func (s State) CaptureTargets() engine.Bitboard {
	if s.ep == 0 {
		return 0
	}
	var out engine.Bitboard
	var buf [16]engine.Move
	for _, m := range s.appendEnPassant(buf[:0]) {
		out |= engine.SquareBB(m.To())
	}
	return out
}

// Key returns a hash of what makes two points of a game "the same position" (O2): placement,
// mover, castling rights, the e.p. targets on which an e.p. capture is legal now, the point in
// the turn (ply index), the Sacrifice Tokens and the pending schedule. Turn numbers, clocks
// and the roll are left out. As in FIDE 9.2, an e.p. target that no pawn can take changes
// nothing: a double step nobody can take leaves the key of the position before it. The
// mover's own double steps that an enemy pawn beside them could take when the other side moves
// next are part of the key too (they differ from single steps to the same squares).
func (s State) Key() uint64 {
	h := s.pos.Hash()
	if s.legacy {
		if s.ep != 0 {
			h ^= mix(1, uint64(s.CaptureTargets()))
		}
	} else if t := s.CaptureTargets(); t != 0 {
		h ^= mix(1, uint64(t))
	}
	if s.pushed != 0 && !s.legacy {
		if t := s.pendingTargets(); t != 0 {
			h ^= mix(9, uint64(t))
		}
	}
	if s.ply != 0 {
		h ^= mix(2, uint64(s.ply))
	}
	if s.tokens != [2]int8{} {
		h ^= mix(3, uint64(uint8(s.tokens[0]))|uint64(uint8(s.tokens[1]))<<8)
	}
	if s.nq != 0 {
		var q uint64
		for i := 0; i < int(s.nq); i++ {
			q = q<<8 | uint64(s.queue[i])
		}
		h ^= mix(4, q<<8|uint64(s.nq))
	}
	return h
}

// passedSquare returns the square that the pawn of side c now on sq passed on its double step.
func passedSquare(sq engine.Square, c engine.Color) engine.Square {
	if c == engine.Black {
		return sq + 8
	}
	return sq - 8
}

// pendingTargets returns the passed squares of the mover's pawns that double-stepped since the
// other side last moved (in this turn, or in an earlier turn of the mover when the other side's
// turn was skipped, S5) and that an enemy pawn beside them could take e.p. when the other side
// moves next, if the passed square is still empty then.
func (s State) pendingTargets() engine.Bitboard {
	us := s.pos.Turn()
	theirs := engine.NewPiece(us.Other(), engine.Pawn)
	var out engine.Bitboard
	for b := s.pushed; b != 0; b &= b - 1 {
		sq := b.First()
		f, r := sq.File(), sq.Rank()
		if s.pos.PieceAt(engine.NewSquare(f-1, r)) == theirs || s.pos.PieceAt(engine.NewSquare(f+1, r)) == theirs {
			out |= engine.SquareBB(passedSquare(sq, us))
		}
	}
	return out
}

// mix is a splitmix64 finaliser over a tagged value.
func mix(tag, v uint64) uint64 {
	z := v + tag*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// DrawByRule returns the draws that s shows at the start of a turn regardless of variant:
// insufficient material, then 100 plies without capture or pawn move (the fifty-move rule,
// counted in plies so that multi-ply turns and skipped turns count right: S6, M7). The rule
// numbers come from rule.
func DrawByRule(s State, rule func(Reason) string) Outcome {
	if s.ply != 0 {
		return Outcome{}
	}
	if s.pos.InsufficientMaterial() {
		return Outcome{Draw, Insufficient, rule(Insufficient)}
	}
	if s.pos.HalfmoveClock() >= 100 {
		return Outcome{Draw, FiftyMoves, rule(FiftyMoves)}
	}
	return Outcome{}
}

// Alternate returns n slots alternating from the side after side, each of plies plies.
func Alternate(side engine.Color, plies, n int) []Slot {
	out := make([]Slot, n)
	for i := range out {
		side = side.Other()
		out[i] = Slot{Side: side, Plies: plies}
	}
	return out
}
