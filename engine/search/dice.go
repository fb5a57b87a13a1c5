package search

import "github.com/plyground/plyground/engine"

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
