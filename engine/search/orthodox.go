package search

import "github.com/plyground/plyground/engine"

// Orthodox is orthodox chess as a Game over engine positions: one ply per turn, draws by the
// fifty-move rule and insufficient material (repetitions through Options.History and the
// search path), null-move passes when the side to move has pieces besides pawns.
type Orthodox struct {
	moves [256]engine.Move
}

// NewOrthodox returns orthodox chess for a Searcher.
func NewOrthodox() *Orthodox { return &Orthodox{} }

// Expand classifies p and appends its legal moves with their ordering hints.
func (o *Orthodox) Expand(p engine.Position, buf []Branch[engine.Move]) (Node, []Branch[engine.Move]) {
	node := Node{Kind: Decision, Side: int(p.Turn()), TurnStart: true, InCheck: p.InCheck(), PliesLeft: 1}
	moves := p.LegalMoves(o.moves[:0])
	if len(moves) == 0 {
		node.Kind = Terminal
		if node.InCheck {
			node.Outcome = Loss
		}
		return node, buf
	}
	if p.HalfmoveClock() >= 100 || p.InsufficientMaterial() {
		node.Kind = Terminal
		return node, buf
	}
	threatened := Threatened(&p, p.Turn())
	for _, m := range moves {
		order, noisy := OrderMove(&p, m, false, threatened)
		buf = append(buf, Branch[engine.Move]{Action: m, Order: order, Key: MoveKey(m), Noisy: noisy})
	}
	return node, buf
}

// Do plays m.
func (*Orthodox) Do(p engine.Position, m engine.Move) engine.Position { return p.Play(m) }

// Side returns the side to move.
func (*Orthodox) Side(p engine.Position) int { return int(p.Turn()) }

// Key returns the Zobrist key.
func (*Orthodox) Key(p engine.Position) uint64 { return p.Hash() }

// Evaluate returns Evaluate(p), the evaluation orthodox chess is played with (the turn
// player's, variants/turn, is EvaluateTurn with 1 and 1 too).
func (*Orthodox) Evaluate(p engine.Position) int { return Evaluate(p) }

// Pass hands the move to the opponent unless the side to move is in check or has only pawns
// (where zugzwang makes passing misleading).
func (*Orthodox) Pass(p engine.Position) (engine.Position, bool) {
	us := p.Turn()
	if p.InCheck() || p.Pieces(us, engine.Knight)|p.Pieces(us, engine.Bishop)|p.Pieces(us, engine.Rook)|p.Pieces(us, engine.Queen) == 0 {
		return p, false
	}
	return p.WithTurn(p.Turn().Other()), true
}

// Calm reports whether p is a decision without check and not drawn by the fifty-move rule or
// insufficient material, with its Node (Quiescer).
func (*Orthodox) Calm(p engine.Position) (Node, bool) {
	if p.InCheck() || p.HalfmoveClock() >= 100 || p.InsufficientMaterial() {
		return Node{}, false
	}
	return Node{Kind: Decision, Side: int(p.Turn()), TurnStart: true, PliesLeft: 1}, true
}

// Noisy appends the noisy branches of a calm p: its captures and promotions that OrderMove
// finds noisy (Quiescer).
func (o *Orthodox) Noisy(p engine.Position, buf []Branch[engine.Move]) []Branch[engine.Move] {
	for _, m := range p.LegalCaptures(o.moves[:0]) {
		if order, noisy := OrderMove(&p, m, false, 0); noisy {
			buf = append(buf, Branch[engine.Move]{Action: m, Order: order, Key: MoveKey(m), Noisy: true})
		}
	}
	return buf
}

// GivesCheck reports whether m checks.
func (*Orthodox) GivesCheck(p engine.Position, m engine.Move) bool { return p.GivesCheck(m) }

// MoveKey returns the history-table key of a move: its from and to squares.
func MoveKey(m engine.Move) uint16 { return uint16(m.From())<<6 | uint16(m.To()) }

// OrderMove returns the ordering hint and the noisiness of the legal move m in p (see
// Branch): captures that do not lose material by the exchange evaluation, and queen
// promotions, first by most valuable victim and least valuable attacker; other under-
// promotions and losing captures late. With retreat set the mover has another ply in the same
// turn, so it can take and step back: every capture then counts as winning. A quiet move
// from a square of threatened (Threatened's set, or 0) is an escape: EscapeOrder.
func OrderMove(p *engine.Position, m engine.Move, retreat bool, threatened uint64) (order int32, noisy bool) {
	promo := m.Promotion()
	if promo != engine.NoPieceType && promo != engine.Queen {
		return -1<<19 - 1000 + int32(seeValue[promo]), false
	}
	if !m.IsCapture() && promo == engine.NoPieceType {
		if threatened&(1<<m.From()) != 0 {
			return EscapeOrder, false
		}
		return 0, false
	}
	victim := engine.Pawn
	if m.Kind() != engine.EnPassant {
		victim = p.PieceAt(m.To()).Type()
	}
	attacker := p.PieceAt(m.From()).Type()
	mvvlva := int32(seeValue[victim]*8 - int(attacker))
	if promo == engine.Queen {
		mvvlva += int32(seeValue[engine.Queen] * 8)
	}
	if retreat || seeValue[victim] >= seeValue[attacker] {
		return 1<<20 + mvvlva, true
	}
	var b board
	b.read(p)
	if see(&b, m) >= 0 {
		return 1<<20 + mvvlva, true
	}
	return -1<<19 + mvvlva, false
}

// Exchange returns the static exchange evaluation of m in p (Exchanger).
func (o *Orthodox) Exchange(p engine.Position, m engine.Move) int { return SEE(p, m) }

// EscapeOrder is the ordering hint of a quiet move of a threatened piece (Threatened): after
// the killers and the counter move, before every other quiet move, so that the pruning of
// late quiet moves does not drop the moves that save it.
const EscapeOrder = 1 << 17

// Threatened returns the squares of the pieces of colour us in p that a cheaper enemy piece
// attacks (threatHits): a knight, bishop, rook or queen attacked by a pawn, a rook or queen by
// a knight or bishop, a queen by a rook. A quiet move from one of them is an escape. It looks
// up the enemy's piece attacks only when us has a piece they could threaten.
func Threatened(p *engine.Position, us engine.Color) uint64 {
	var b board
	b.read(p)
	them := us.Other()
	pawnAtt := pawnAttacks(b.pcs[them][engine.Pawn], them)
	var minorAtt, rookAtt bb
	if b.pcs[us][engine.Rook]|b.pcs[us][engine.Queen] != 0 {
		for k := b.pcs[them][engine.Knight]; k != 0; {
			minorAtt |= knightAtt[popLSB(&k)]
		}
		for k := b.pcs[them][engine.Bishop]; k != 0; {
			minorAtt |= bishopAttacks(popLSB(&k), b.occ)
		}
	}
	if b.pcs[us][engine.Queen] != 0 {
		for k := b.pcs[them][engine.Rook]; k != 0; {
			rookAtt |= rookAttacks(popLSB(&k), b.occ)
		}
	}
	byPawn, byMinor, byRook := threatHits(&b.pcs[us], pawnAtt, minorAtt, rookAtt)
	return uint64(byPawn | byMinor | byRook)
}
