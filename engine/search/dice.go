package search

import (
	"math/bits"

	"github.com/plyground/plyground/engine"
)

// Dice chess (RULES.md D3, D4) makes a check far more dangerous than in orthodox chess: the
// side in check may roll no piece that answers it, must then pass (D3), and loses its king if
// the opponent's next roll allows a piece that attacks it (D4). KingExposure gives the
// variant's evaluation what it needs to price that two turns ahead.

// Exposure describes how the king of one side stands exposed to a check by the other side's
// next ply.
type Exposure struct {
	// Checkers is the number of distinct piece types of the other side that have a ply giving
	// direct check (0: no check is possible; a discovered check is not counted).
	Checkers int
	// Answers is the number of distinct piece types of the king's side that could answer such
	// a check: the king when it has a flight square the other side does not attack, and each
	// type with a piece that attacks a square a checking piece would land on (blocks are not
	// counted).
	Answers int
}

// KingExposure returns the exposure of each side's king in p, indexed by engine.Color. A
// king that is already attacked, or missing, has the zero Exposure: the check is there, not a
// threat.
func KingExposure(p engine.Position) [2]Exposure {
	_, x := EvaluateTurnExposure(p, 0, 0)
	return x
}

// EvaluateTurnExposure returns EvaluateTurn(p, left, next) and KingExposure(p) from one
// reading of the position.
func EvaluateTurnExposure(p engine.Position, left, next int) (int, [2]Exposure) {
	var ei evalInfo
	var b board
	b.read(&p)
	v := evaluateTurn(&b, &ei, left, next)
	return v, [2]Exposure{kingExposure(&b, &ei, engine.White), kingExposure(&b, &ei, engine.Black)}
}

// kingExposure computes the Exposure of c's king from the attack maps of the evaluation
// (ei, filled by evaluate): the squares from which a piece would give check, reached by the
// attacks of the other side's pieces of that type; the flight squares it does not attack; the
// types of c's pieces that attack a square a checker would land on.
func kingExposure(p *board, ei *evalInfo, c engine.Color) Exposure {
	ksq := p.king[c]
	if ksq >= 64 {
		return Exposure{}
	}
	e := c.Other()
	occ := p.occ
	if attackersTo(p, ksq, occ)&p.own[e] != 0 {
		return Exposure{}
	}
	free := ^p.own[e] // squares a piece of e may move to
	diag := bishopAttacks(ksq, occ)
	line := rookAttacks(ksq, occ)
	var landing bb // squares from which a piece of e gives check, reachable by one
	var x Exposure
	// Pawns: a push to an empty square or a capture of a piece of c, onto a square from
	// which the pawn attacks the king.
	if pawns := p.pcs[e][engine.Pawn]; pawns != 0 {
		var push, push2 bb
		if e == engine.White {
			push = pawns << 8 &^ occ
			push2 = (push & 0x0000000000FF0000) << 8 &^ occ
		} else {
			push = pawns >> 8 &^ occ
			push2 = (push & 0x0000FF0000000000) >> 8 &^ occ
		}
		capt := ei.attackedBy[e][engine.Pawn] & p.own[c]
		if to := (push | push2 | capt) & pawnAtt[c][ksq]; to != 0 {
			x.Checkers++
			landing |= to
		}
	}
	for t, checkSq := range [...]bb{engine.Knight: knightAtt[ksq], engine.Bishop: diag, engine.Rook: line, engine.Queen: diag | line} {
		if t < int(engine.Knight) {
			continue
		}
		if to := ei.attackedBy[e][t] & checkSq & free; to != 0 {
			x.Checkers++
			landing |= to
		}
	}
	if x.Checkers == 0 {
		return x
	}
	if kingAtt[ksq]&^p.own[c]&^ei.attacked[e] != 0 {
		x.Answers++
	}
	for t := engine.Pawn; t <= engine.Queen; t++ {
		if ei.attackedBy[c][t]&landing != 0 {
			x.Answers++
		}
	}
	return x
}

// DiceView is what the dice-chess evaluation reads from one position (EvaluateDice).
type DiceView struct {
	// Score is EvaluateTurn of the position.
	Score int
	// Exposure is KingExposure of the position.
	Exposure [2]Exposure
	// Gains[c][t] is the most that side c wins, in nominal values, by one capture with a
	// piece of type t (0 when no such capture pays): the victim's value, less the capturer's
	// value times the chance that the other side's next roll allows a recapture when the
	// victim is defended (D1). Kings are not counted as victims (diceOdds prices them).
	Gains [2][7]int
	// ByVictim[c][t][v] is the most that side c wins by one capture with a piece of type t
	// of a victim of type v, spared or not (Sparing).
	ByVictim [2][7][7]int
	victims  [2]uint8 // the types v with a gain in ByVictim[c] (bit v)
}

// Sparing returns the Gains of side c with the victims of the types set in spare (bit t for
// type t) left out, as EvaluateDice gives them for that spare.
func (d *DiceView) Sparing(c engine.Color, spare uint8) [7]int {
	var g [7]int
	for m := d.victims[c] &^ spare; m != 0; m &= m - 1 {
		v := bits.TrailingZeros8(m)
		for t := engine.Pawn; t <= engine.King; t++ {
			g[t] = max(g[t], d.ByVictim[c][t][v])
		}
	}
	return g
}

// EvaluateDice returns the DiceView of p for EvaluateTurn(p, left, next). The pieces of
// side c whose types are set in spare[c] (bit t for type t) are not counted as victims: a
// side whose roll lets them move may step away.
func EvaluateDice(p engine.Position, left, next int, spare [2]uint8) DiceView {
	var ei evalInfo
	var b board
	b.read(&p)
	var d DiceView
	// Without the terms of one ply against one (evaluate's single): what a roll lets either
	// side move and take is priced below (captureGains, Sparing), and with them dice chess
	// scored -21 Elo over 200 games (2026-11-30).
	d.Score = turnValue(&b, &ei, left, next, false)
	d.Exposure = [2]Exposure{kingExposure(&b, &ei, engine.White), kingExposure(&b, &ei, engine.Black)}
	for _, c := range []engine.Color{engine.White, engine.Black} {
		d.ByVictim[c], d.victims[c] = captureGains(&b, &ei, c)
		d.Gains[c] = d.Sparing(c, spare[c.Other()])
	}
	return d
}

// captureGains returns, for each type t and victim type v, the most c wins by one capture of
// a v with a piece of type t (see DiceView.ByVictim), and the types v with a gain (bit v).
func captureGains(p *board, ei *evalInfo, c engine.Color) (g [7][7]int, gainful uint8) {
	e := c.Other()
	victims := p.own[e] &^ p.pcs[e][engine.King]
	if victims&ei.attacked[c] == 0 {
		return g, 0
	}
	for t := engine.Pawn; t <= engine.King; t++ {
		for b := ei.attackedBy[c][t] & victims; b != 0; {
			sq := popLSB(&b)
			v := p.typeAt(sq)
			gain := seeValue[v]
			m := bb(1) << sq
			if ei.attacked[e]&m != 0 {
				if t == engine.King {
					continue
				}
				k := 0 // the defending types
				for d := engine.Pawn; d <= engine.King; d++ {
					if ei.attackedBy[e][d]&m != 0 {
						k++
					}
				}
				gain -= seeValue[t] * RollChance(k) / 36
			}
			if gain > g[t][v] {
				g[t][v] = gain
				gainful |= 1 << v
			}
		}
	}
	return g, gainful
}

// RollChance returns, in 36ths, the chance that a roll of two dice allows a piece of one of
// k distinct types (a die shows it, or a double, which allows every type: D1). With k = 0 it
// is the chance of a double.
func RollChance(k int) int {
	if k <= 0 {
		return 6 // only the doubles
	}
	k = min(k, 6)
	return 36 - (6-k)*(5-k)
}

// ExpectedGain returns what a side with the capture gains g (DiceView.Gains) wins on average
// by its next roll of two dice (D1), taking the best capture each roll allows: a double
// allows every type.
func ExpectedGain(g [7]int) int {
	best := 0
	for t := engine.Pawn; t <= engine.King; t++ {
		best = max(best, g[t])
	}
	if best == 0 {
		return 0
	}
	sum := 6 * best // the doubles
	for a := engine.Pawn; a <= engine.King; a++ {
		for b := a + 1; b <= engine.King; b++ {
			sum += 2 * max(g[a], g[b])
		}
	}
	return sum / 36
}

// OrderDiceMove is OrderMove for dice chess (D1): a recapture needs a roll that allows one
// of the defending types, so a capture is noisy (searched by the quiescence search, ordered
// among the good captures) when the victim is worth more than the capturer times the chance
// that the opponent's next roll allows a recapture, even when the exchange evaluation, which
// assumes every recapture, says it loses.
func OrderDiceMove(p *engine.Position, m engine.Move) (order int32, noisy bool) {
	order, noisy = OrderMove(p, m, false, 0)
	if noisy || !m.IsCapture() || m.Promotion() != engine.NoPieceType {
		return order, noisy
	}
	var b board
	b.read(p)
	from, to := m.From(), m.To()
	victim, attacker := b.typeAt(to), b.typeAt(from)
	them := b.colorAt(from).Other()
	def := attackersTo(&b, to, b.occ&^(bb(1)<<from)) & b.own[them]
	k := 0
	for t := engine.Pawn; t <= engine.King; t++ {
		if def&b.pcs[them][t] != 0 {
			k++
		}
	}
	if k > 0 && seeValue[victim]*36 < seeValue[attacker]*RollChance(k) {
		return order, false
	}
	return 1<<20 + int32(seeValue[victim]*8-int(attacker)), true
}
