package engine

// Legal move generation. Pins and checks are computed first, so every generated move is legal
// without trying it: a pinned piece moves only along its pin line, a side in single check only
// captures the checker or blocks, a side in double check only moves its king, and king moves
// are tested against the attacks with the king lifted off the board. Only en passant is tested
// by replaying the capture on the occupancy (the rank pin and discovered checks).
//
// The enemy king is never a target: when the side not to move is in check (a position made by
// WithTurn) no generated move captures it.

// maxMoves bounds the number of legal moves in any position (218 is the known maximum).
const maxMoves = 256

// LegalMoves appends the legal moves of the side to move to buf and returns the extended
// slice. It does not allocate when buf has room for them (256 always suffices).
func (p Position) LegalMoves(buf []Move) []Move {
	return p.generate(buf)
}

// LegalCaptures appends the legal captures (e.p. included) and promotions of the side to move
// to buf and returns the extended slice: the moves of LegalMoves that change the material, for
// a quiescence search. It does not allocate when buf has room for them.
func (p Position) LegalCaptures(buf []Move) []Move {
	return p.generateMoves(buf, true)
}

// HasLegalMove reports whether the side to move has a legal move.
func (p Position) HasLegalMove() bool {
	return p.countLegal() > 0
}

// IsLegal reports whether m is a legal move in p.
func (p Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	var buf [maxMoves]Move
	for _, lm := range p.generate(buf[:0]) {
		if lm == m {
			return true
		}
	}
	return false
}

// GivesCheck reports whether the legal move m leaves the opponent in check. It reads the
// attacks on the opponent's king with the pieces as they stand after m, without playing it
// (castling and e.p. captures, which move two pieces, are played).
func (p Position) GivesCheck(m Move) bool {
	switch m.Kind() {
	case Normal, DoublePush, Promotion:
	default:
		p.play(m)
		return p.InCheck()
	}
	us := p.turn
	ksq := p.KingSquare(us ^ 1)
	if ksq >= NoSquare {
		return false
	}
	from, to := m.From(), m.To()
	fromBB, toBB := Bitboard(1)<<from, Bitboard(1)<<to
	pt := PieceType(p.board[from] & 7)
	if m.Kind() == Promotion {
		pt = m.Promotion()
	}
	if pt < Pawn || pt > King { // not a legal move: as playing it would
		p.play(m)
		return p.InCheck()
	}
	occ := p.byType[0]&^fromBB | toBB
	ours := p.byColor[us]&^fromBB | toBB
	// The pieces of each type after m: none on from or to, the mover's type on to.
	var after [King + 1]Bitboard
	for t := Pawn; t <= King; t++ {
		after[t] = p.byType[t] &^ (fromBB | toBB)
	}
	after[pt] |= toBB
	return (pawnAttacks[us^1][ksq]&after[Pawn]|
		knightAttacks[ksq]&after[Knight]|
		kingAttacks[ksq]&after[King]|
		bishopAttacks(ksq, occ)&(after[Bishop]|after[Queen])|
		rookAttacks(ksq, occ)&(after[Rook]|after[Queen]))&ours != 0
}

// genInfo holds what the generators share: targets allowed by checks and the pin lines.
type genInfo struct {
	us, them Color
	ksq      Square
	own      Bitboard
	enemy    Bitboard // enemy pieces except their king
	occ      Bitboard
	checkers Bitboard
	target   Bitboard // squares a non-king move may reach (check mask, no own piece, no king)
	pinned   Bitboard
}

// prepare computes the checkers, the check mask and the pinned pieces of the side to move. It
// returns false when the side to move has no king (only the invalid zero Position).
func (p *Position) prepare(g *genInfo) bool {
	us := p.turn
	them := us ^ 1
	g.us, g.them = us, them
	g.own = p.byColor[us]
	g.occ = p.byType[0]
	theirKing := p.byType[King] & p.byColor[them]
	g.enemy = p.byColor[them] &^ theirKing
	ksq := p.KingSquare(us)
	if ksq >= NoSquare {
		return false
	}
	g.ksq = ksq
	g.checkers = p.attackersTo(ksq, them, g.occ)
	g.target = ^g.own &^ theirKing
	if g.checkers != 0 {
		g.target &= between[ksq][g.checkers.First()] | g.checkers
	}
	enemyBB := p.byColor[them]
	snipers := (rookAttacks(ksq, enemyBB)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacks(ksq, enemyBB)&(p.byType[Bishop]|p.byType[Queen])) & enemyBB
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][snipers.First()] & g.occ
		if b != 0 && b&(b-1) == 0 && b&g.own != 0 {
			g.pinned |= b
		}
	}
	return true
}

// kingTargets returns the squares the king may move to (castling aside).
func (p *Position) kingTargets(g *genInfo) Bitboard {
	occNoKing := g.occ &^ (Bitboard(1) << g.ksq)
	var ok Bitboard
	for t := kingAttacks[g.ksq] &^ g.own &^ (p.byType[King] & p.byColor[g.them]); t != 0; t &= t - 1 {
		to := t.First()
		if !p.attacked(to, g.them, occNoKing) {
			ok |= Bitboard(1) << to
		}
	}
	return ok
}

// canCastle reports whether the side to move may castle short and long: it holds the right,
// the squares between king and rook are empty, and the king is not in check and does not
// pass through or land on an attacked square.
func (p *Position) canCastle(g *genInfo) (short, long bool) {
	if g.checkers != 0 || p.castling == 0 {
		return false, false
	}
	them := g.them
	if g.us == White {
		short = p.castling&WhiteShort != 0 && g.occ&(Bitboard(1)<<F1|Bitboard(1)<<G1) == 0 &&
			!p.attacked(F1, them, g.occ) && !p.attacked(G1, them, g.occ)
		long = p.castling&WhiteLong != 0 && g.occ&(Bitboard(1)<<B1|Bitboard(1)<<C1|Bitboard(1)<<D1) == 0 &&
			!p.attacked(D1, them, g.occ) && !p.attacked(C1, them, g.occ)
		return short, long
	}
	short = p.castling&BlackShort != 0 && g.occ&(Bitboard(1)<<F8|Bitboard(1)<<G8) == 0 &&
		!p.attacked(F8, them, g.occ) && !p.attacked(G8, them, g.occ)
	long = p.castling&BlackLong != 0 && g.occ&(Bitboard(1)<<B8|Bitboard(1)<<C8|Bitboard(1)<<D8) == 0 &&
		!p.attacked(D8, them, g.occ) && !p.attacked(C8, them, g.occ)
	return short, long
}

func (p *Position) generate(buf []Move) []Move { return p.generateMoves(buf, false) }

// generateMoves appends the legal moves; noisy keeps only captures and promotions.
func (p *Position) generateMoves(buf []Move, noisy bool) []Move {
	var g genInfo
	if !p.prepare(&g) {
		return buf
	}
	ksq := g.ksq
	kt := p.kingTargets(&g)
	if noisy {
		kt &= g.enemy
	}
	buf = g.appendTargets(buf, ksq, kt)
	if g.checkers&(g.checkers-1) != 0 {
		return buf // double check: king moves only
	}

	buf = p.pawnMoves(buf, &g, noisy)
	if noisy {
		g.target &= g.enemy
	}

	// Knights (a pinned knight never moves).
	for pcs := p.byType[Knight] & g.own &^ g.pinned; pcs != 0; pcs &= pcs - 1 {
		from := pcs.First()
		buf = g.appendTargets(buf, from, knightAttacks[from]&g.target)
	}
	// Sliders.
	for pcs := (p.byType[Bishop] | p.byType[Queen]) & g.own; pcs != 0; pcs &= pcs - 1 {
		from := pcs.First()
		t := bishopAttacks(from, g.occ) & g.target
		if g.pinned.Has(from) {
			t &= line[ksq][from]
		}
		buf = g.appendTargets(buf, from, t)
	}
	for pcs := (p.byType[Rook] | p.byType[Queen]) & g.own; pcs != 0; pcs &= pcs - 1 {
		from := pcs.First()
		t := rookAttacks(from, g.occ) & g.target
		if g.pinned.Has(from) {
			t &= line[ksq][from]
		}
		buf = g.appendTargets(buf, from, t)
	}

	if noisy {
		return buf
	}
	short, long := p.canCastle(&g)
	if short {
		buf = append(buf, newMove(ksq, ksq+2, CastleShort, NoPieceType, false))
	}
	if long {
		buf = append(buf, newMove(ksq, ksq-2, CastleLong, NoPieceType, false))
	}
	return buf
}

// countLegal returns the number of legal moves, as len(generate) would, without writing them:
// the bulk count at the last ply of Perft.
func (p *Position) countLegal() int {
	var g genInfo
	if !p.prepare(&g) {
		return 0
	}
	ksq := g.ksq
	n := p.kingTargets(&g).Count()
	if g.checkers&(g.checkers-1) != 0 {
		return n
	}

	// Pawns that are not pinned, set-wise.
	pawns := p.byType[Pawn] & g.own
	free := pawns &^ g.pinned
	empty := ^g.occ
	var push1, push2, capL, capR, lastRank Bitboard
	if g.us == White {
		push1 = free << 8 & empty
		push2 = (push1 & rank3) << 8 & empty
		capL = (free &^ fileA) << 7 & g.enemy
		capR = (free &^ fileH) << 9 & g.enemy
		lastRank = rank8
	} else {
		push1 = free >> 8 & empty
		push2 = (push1 & rank6) >> 8 & empty
		capL = (free &^ fileA) >> 9 & g.enemy
		capR = (free &^ fileH) >> 7 & g.enemy
		lastRank = rank1
	}
	push1 &= g.target
	n += (push1 &^ lastRank).Count() + 4*(push1&lastRank).Count() + (push2 & g.target).Count()
	capL &= g.target
	capR &= g.target
	n += (capL &^ lastRank).Count() + (capR &^ lastRank).Count() + 4*((capL&lastRank).Count()+(capR&lastRank).Count())
	// Pinned pawns, one by one along their pin line.
	for pp := pawns & g.pinned; pp != 0; pp &= pp - 1 {
		from := pp.First()
		b := Bitboard(1) << from
		var t Bitboard
		if g.us == White {
			one := b << 8 & empty
			t = one | (one&rank3)<<8&empty
		} else {
			one := b >> 8 & empty
			t = one | (one&rank6)>>8&empty
		}
		t |= pawnAttacks[g.us][from] & g.enemy
		t &= g.target & line[ksq][from]
		n += (t &^ lastRank).Count() + 4*(t&lastRank).Count()
	}
	if p.ep != NoSquare {
		for cands := pawnAttacks[g.them][p.ep] & pawns; cands != 0; cands &= cands - 1 {
			if p.epLegal(cands.First(), p.ep) {
				n++
			}
		}
	}

	for pcs := p.byType[Knight] & g.own &^ g.pinned; pcs != 0; pcs &= pcs - 1 {
		n += (knightAttacks[pcs.First()] & g.target).Count()
	}
	for pcs := (p.byType[Bishop] | p.byType[Queen]) & g.own; pcs != 0; pcs &= pcs - 1 {
		from := pcs.First()
		t := bishopAttacks(from, g.occ) & g.target
		if g.pinned.Has(from) {
			t &= line[ksq][from]
		}
		n += t.Count()
	}
	for pcs := (p.byType[Rook] | p.byType[Queen]) & g.own; pcs != 0; pcs &= pcs - 1 {
		from := pcs.First()
		t := rookAttacks(from, g.occ) & g.target
		if g.pinned.Has(from) {
			t &= line[ksq][from]
		}
		n += t.Count()
	}
	short, long := p.canCastle(&g)
	if short {
		n++
	}
	if long {
		n++
	}
	return n
}

func (g *genInfo) appendTargets(buf []Move, from Square, t Bitboard) []Move {
	for ; t != 0; t &= t - 1 {
		to := t.First()
		buf = append(buf, newMove(from, to, Normal, NoPieceType, g.enemy.Has(to)))
	}
	return buf
}

// pawnOK reports whether a pawn move from-to respects a pin.
func (g *genInfo) pawnOK(from, to Square) bool {
	return !g.pinned.Has(from) || line[g.ksq][from].Has(to)
}

// pawnMoves appends the pawns' legal moves; noisy keeps only captures and promotions.
func (p *Position) pawnMoves(buf []Move, g *genInfo, noisy bool) []Move {
	pawns := p.byType[Pawn] & g.own
	empty := ^g.occ
	var push1, push2, capL, capR Bitboard
	var up, left, right int // offsets from the origin
	var lastRank Bitboard
	if g.us == White {
		up, left, right = 8, 7, 9
		push1 = pawns << 8 & empty
		push2 = (push1 & rank3) << 8 & empty
		capL = (pawns &^ fileA) << 7 & g.enemy
		capR = (pawns &^ fileH) << 9 & g.enemy
		lastRank = rank8
	} else {
		up, left, right = -8, -9, -7
		push1 = pawns >> 8 & empty
		push2 = (push1 & rank6) >> 8 & empty
		capL = (pawns &^ fileA) >> 9 & g.enemy
		capR = (pawns &^ fileH) >> 7 & g.enemy
		lastRank = rank1
	}
	push1 &= g.target
	push2 &= g.target
	if noisy {
		push1 &= lastRank
		push2 = 0
	}
	capL &= g.target
	capR &= g.target

	for t := push1 &^ lastRank; t != 0; t &= t - 1 {
		to := t.First()
		from := Square(int(to) - up)
		if g.pawnOK(from, to) {
			buf = append(buf, newMove(from, to, Normal, NoPieceType, false))
		}
	}
	for t := push2; t != 0; t &= t - 1 {
		to := t.First()
		from := Square(int(to) - 2*up)
		if g.pawnOK(from, to) {
			buf = append(buf, newMove(from, to, DoublePush, NoPieceType, false))
		}
	}
	for t := capL &^ lastRank; t != 0; t &= t - 1 {
		to := t.First()
		from := Square(int(to) - left)
		if g.pawnOK(from, to) {
			buf = append(buf, newMove(from, to, Normal, NoPieceType, true))
		}
	}
	for t := capR &^ lastRank; t != 0; t &= t - 1 {
		to := t.First()
		from := Square(int(to) - right)
		if g.pawnOK(from, to) {
			buf = append(buf, newMove(from, to, Normal, NoPieceType, true))
		}
	}
	if (push1|capL|capR)&lastRank != 0 {
		for t := push1 & lastRank; t != 0; t &= t - 1 {
			to := t.First()
			buf = g.appendPromotions(buf, Square(int(to)-up), to, false)
		}
		for t := capL & lastRank; t != 0; t &= t - 1 {
			to := t.First()
			buf = g.appendPromotions(buf, Square(int(to)-left), to, true)
		}
		for t := capR & lastRank; t != 0; t &= t - 1 {
			to := t.First()
			buf = g.appendPromotions(buf, Square(int(to)-right), to, true)
		}
	}
	if p.ep != NoSquare {
		for cands := pawnAttacks[g.them][p.ep] & pawns; cands != 0; cands &= cands - 1 {
			from := cands.First()
			if p.epLegal(from, p.ep) {
				buf = append(buf, newMove(from, p.ep, EnPassant, NoPieceType, true))
			}
		}
	}
	return buf
}

func (g *genInfo) appendPromotions(buf []Move, from, to Square, capture bool) []Move {
	if !g.pawnOK(from, to) {
		return buf
	}
	for _, pt := range [4]PieceType{Queen, Rook, Bishop, Knight} {
		buf = append(buf, newMove(from, to, Promotion, pt, capture))
	}
	return buf
}

// CheckFinder tells which moves of one position give check, faster than GivesCheck for each
// move when many are tested: a move gives a direct check when its piece lands on a square
// from which its type attacks the opponent's king, and may give a discovered check only when
// it leaves a line between that king and one of the mover's sliders; only those moves,
// promotions, castling and e.p. captures are played out.
type CheckFinder struct {
	p        Position
	direct   [8]Bitboard // squares from which a piece of each type attacks the king
	blockers Bitboard    // the mover's pieces whose move may uncover a check
	slow     bool        // no king, or the king already attacked: play every move
}

// CheckFinder returns a CheckFinder for the moves of p.
func (p Position) CheckFinder() CheckFinder {
	f := CheckFinder{p: p}
	us := p.turn
	ksq := p.KingSquare(us ^ 1)
	occ := p.byType[0]
	ours := p.byColor[us]
	if ksq >= NoSquare || p.attackersTo(ksq, us, occ) != 0 {
		f.slow = true
		return f
	}
	diag, line := bishopAttacks(ksq, occ), rookAttacks(ksq, occ)
	f.direct[Pawn] = pawnAttacks[us^1][ksq]
	f.direct[Knight] = knightAttacks[ksq]
	f.direct[Bishop] = diag
	f.direct[Rook] = line
	f.direct[Queen] = diag | line
	// A slider seen from the king through the mover's first pieces: those pieces may uncover
	// it (all of them are counted, a safe excess).
	if bishopAttacks(ksq, occ&^(diag&ours))&(p.byType[Bishop]|p.byType[Queen])&ours&^diag != 0 {
		f.blockers |= diag & ours
	}
	if rookAttacks(ksq, occ&^(line&ours))&(p.byType[Rook]|p.byType[Queen])&ours&^line != 0 {
		f.blockers |= line & ours
	}
	return f
}

// GivesCheck reports whether the legal move m of the finder's position leaves the opponent in
// check, as Position.GivesCheck.
func (f *CheckFinder) GivesCheck(m Move) bool {
	from := m.From()
	if f.slow || m.Kind() != Normal && m.Kind() != DoublePush || f.blockers&(Bitboard(1)<<from) != 0 {
		return f.p.GivesCheck(m)
	}
	return f.direct[f.p.board[from]&7]&(Bitboard(1)<<m.To()) != 0
}
