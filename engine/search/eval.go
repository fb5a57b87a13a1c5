package search

import (
	"math/bits"

	"github.com/plyground/plyground/engine"
)

// The orthodox evaluation: material, piece-square terms, mobility, king safety, pawn structure,
// rooks behind passed pawns, outposts and a few endgame terms, tapered between a middlegame and
// an endgame weight by the material left on the board; some terms only with one ply to play
// against one (evaluate's single). Scores are centipawns from the point of view of the side to
// move.

// weights are the evaluation's numbers, in centipawns: the middlegame (MG) and endgame (EG)
// weight of each term. The piece-square tables are built from them by simple rules
// (centralisation, advancement, the king's shelter) plus fitted per-square corrections
// (squares.go), and the mobility tables from the linear Mob* weights plus fitted corrections
// by count (tables.go). The values in use (evalWeights) were fitted by a Texel-style
// regression on positions from the engine's own games, aimed mostly at Stockfish's score of
// each position (tune_test.go, make tune).
type weights struct {
	PawnMG, PawnEG, KnightMG, KnightEG, BishopMG, BishopEG, RookMG, RookEG, QueenMG, QueenEG int

	PawnAdvMG, PawnAdvEG, PawnCenterMG, PawnCenterBackMG     int // per rank; d/e pawns on ranks 4-5; on rank 2
	KnightCenterMG, KnightCenterEG, KnightBackMG             int // per step towards the centre; on the first rank
	BishopCenterMG, BishopCenterEG, BishopBackMG             int
	RookSeventhMG, RookSeventhEG, RookCenterFileMG           int
	QueenCenterMG, QueenCenterEG, QueenBackMG                int
	KingCornerMG, KingCFileMG, KingSecondMG, KingUpMG        int // castled; on c1/g1-side; on the second rank; per rank above
	KingUpBaseMG, KingCenterEG                               int
	MobKnightMG, MobKnightEG, MobBishopMG, MobBishopEG       int // per safe square beyond the average
	MobRookMG, MobRookEG, MobQueenMG, MobQueenEG             int
	RookOpenMG, RookOpenEG, RookSemiOpenMG, RookSemiOpenEG   int
	BishopPairMG, BishopPairEG                               int
	DoubledMG, DoubledEG, IsolatedMG, IsolatedEG             int
	Passed1MG, Passed2MG, Passed3MG, Passed4MG, Passed5MG    int // by relative rank (1: second rank)
	Passed6MG, Passed1EG, Passed2EG, Passed3EG, Passed4EG    int
	Passed5EG, Passed6EG, PassedFreeEG, PassedKingEG         int // free path (percent); king distances
	KingAttackKnight, KingAttackBishop, KingAttackRook       int // attack units per square of the king zone
	KingAttackQueen, KingDanger                              int // danger = units^2 * KingDanger / 8
	SafeCheckKnight, SafeCheckBishop, SafeCheckRook          int // attack units per safe check (func safeChecks)
	SafeCheckQueen                                           int
	ShelterMissing, ShelterOpen, ShelterNear, ShelterFar     int
	ConnectedMG, ConnectedEG, ConnectedAdvMG, ConnectedAdvEG int // guarded or side by side; per rank
	OutpostMG, OutpostEG                                     int // a minor piece on an outpost (func outpost)
	Tempo                                                    int
	ThreatPawnMG, ThreatPawnEG                               int // a piece of the side to move attacked by a pawn
	ThreatMinorMG, ThreatMinorEG                             int // its rook or queen by a minor piece, its queen by a rook
	KingWeakMG, KingWeakEG                                   int // per square by the king the enemy attacks and no piece guards
	WeakPawnMG, WeakPawnEG                                   int // attacked and not guarded
	BackwardMG, BackwardEG                                   int // behind its neighbours, its stop square guarded by a pawn
	RookBehindMG, RookBehindEG                               int // a rook behind its side's passed pawn
}

// evalWeights are the weights in use; every table below is derived from them (setWeights).
var evalWeights = weights{
	PawnMG: 86, PawnEG: 73, KnightMG: 389, KnightEG: 343, BishopMG: 419, BishopEG: 346,
	RookMG: 496, RookEG: 579, QueenMG: 1149, QueenEG: 1071,
	PawnAdvMG: 4, PawnAdvEG: 1, PawnCenterMG: 15, PawnCenterBackMG: 23,
	KnightCenterMG: 9, KnightCenterEG: 20, KnightBackMG: 5,
	BishopCenterMG: 2, BishopCenterEG: 10, BishopBackMG: 10,
	RookSeventhMG: 56, RookSeventhEG: 18, RookCenterFileMG: 15,
	QueenCenterMG: 0, QueenCenterEG: 17, QueenBackMG: 29,
	KingCornerMG: 31, KingCFileMG: 53, KingSecondMG: 15, KingUpMG: 26, KingUpBaseMG: 0, KingCenterEG: 8,
	MobKnightMG: 7, MobKnightEG: 4, MobBishopMG: 6, MobBishopEG: 7,
	MobRookMG: 7, MobRookEG: 2, MobQueenMG: 2, MobQueenEG: 1,
	RookOpenMG: 35, RookOpenEG: 0, RookSemiOpenMG: 21, RookSemiOpenEG: 0,
	BishopPairMG: 22, BishopPairEG: 62,
	DoubledMG: 7, DoubledEG: 1, IsolatedMG: 7, IsolatedEG: 12,
	Passed1MG: 0, Passed2MG: 0, Passed3MG: 0, Passed4MG: 52, Passed5MG: 152, Passed6MG: 182,
	Passed1EG: 15, Passed2EG: 15, Passed3EG: 55, Passed4EG: 82, Passed5EG: 151, Passed6EG: 213,
	PassedFreeEG: 31, PassedKingEG: 46,
	KingAttackKnight: 2, KingAttackBishop: 1, KingAttackRook: 2, KingAttackQueen: 1, KingDanger: 7,
	SafeCheckKnight: 3, SafeCheckBishop: 3, SafeCheckRook: 7, SafeCheckQueen: 2,
	ShelterMissing: 13, ShelterOpen: 2, ShelterNear: 16, ShelterFar: 0,
	ConnectedMG: 7, ConnectedEG: 10, ConnectedAdvMG: 2, ConnectedAdvEG: 6,
	OutpostMG: 33, OutpostEG: 11, Tempo: 17,
	ThreatPawnMG: 35, ThreatPawnEG: 25, ThreatMinorMG: 26, ThreatMinorEG: 2,
	KingWeakMG: 10, KingWeakEG: 13, WeakPawnMG: 0, WeakPawnEG: 24,
	BackwardMG: 6, BackwardEG: 27, RookBehindMG: 14, RookBehindEG: 44,
}

// The tables derived from the weights.
var (
	// Piece values (middlegame, endgame), indexed by engine.PieceType.
	valueMG, valueEG [7]int
	// Piece-square tables, index [type][square] for White; Black mirrors the rank.
	pstMG, pstEG [7][64]int
	// Mobility by piece type and the count of safe squares the piece attacks: the linear
	// weights (Mob*) plus the fitted corrections mobilityMG and mobilityEG.
	mobMG, mobEG [7][28]int
	// Passed-pawn bonus by relative rank.
	passedMG, passedEG [8]int
	// King attack units by attacker type.
	kingAttackWeight [7]int
	// The weights, read by the evaluation.
	w weights
)

func init() { setWeights(evalWeights) }

// setWeights makes ws the weights of the evaluation and derives the tables.
func setWeights(ws weights) {
	w = ws
	valueMG = [7]int{0, w.PawnMG, w.KnightMG, w.BishopMG, w.RookMG, w.QueenMG, 0}
	valueEG = [7]int{0, w.PawnEG, w.KnightEG, w.BishopEG, w.RookEG, w.QueenEG, 0}
	passedMG = [8]int{0, w.Passed1MG, w.Passed2MG, w.Passed3MG, w.Passed4MG, w.Passed5MG, w.Passed6MG, 0}
	passedEG = [8]int{0, w.Passed1EG, w.Passed2EG, w.Passed3EG, w.Passed4EG, w.Passed5EG, w.Passed6EG, 0}
	kingAttackWeight = [7]int{0, 0, w.KingAttackKnight, w.KingAttackBishop, w.KingAttackRook, w.KingAttackQueen, 0}
	// Mobility counts from the average number of safe squares of each piece type.
	mobAvg := [7]int{engine.Knight: 4, engine.Bishop: 6, engine.Rook: 7, engine.Queen: 13}
	perMG := [7]int{engine.Knight: w.MobKnightMG, engine.Bishop: w.MobBishopMG,
		engine.Rook: w.MobRookMG, engine.Queen: w.MobQueenMG}
	perEG := [7]int{engine.Knight: w.MobKnightEG, engine.Bishop: w.MobBishopEG,
		engine.Rook: w.MobRookEG, engine.Queen: w.MobQueenEG}
	for t := engine.Knight; t <= engine.Queen; t++ {
		for n := range mobMG[t] {
			mobMG[t][n] = (n-mobAvg[t])*perMG[t] + mobilityMG[t][n]
			mobEG[t][n] = (n-mobAvg[t])*perEG[t] + mobilityEG[t][n]
		}
	}
	pstMG, pstEG = [7][64]int{}, [7][64]int{}
	for sq := engine.Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		cd := centerDist(sq) - 1 // -1 for the four centre squares, 2 on the rim
		// Pawns: advance, occupy the centre early; in the endgame advance faster.
		if r > 0 && r < 7 {
			pstMG[engine.Pawn][sq] = (r - 1) * w.PawnAdvMG
			if (f == 3 || f == 4) && (r == 3 || r == 4) {
				pstMG[engine.Pawn][sq] += w.PawnCenterMG
			}
			if (f == 3 || f == 4) && r == 1 {
				pstMG[engine.Pawn][sq] -= w.PawnCenterBackMG
			}
			pstEG[engine.Pawn][sq] = (r - 1) * w.PawnAdvEG
		}
		pstMG[engine.Knight][sq] = -w.KnightCenterMG * cd
		pstEG[engine.Knight][sq] = -w.KnightCenterEG * cd
		if r == 0 {
			pstMG[engine.Knight][sq] -= w.KnightBackMG
		}
		pstMG[engine.Bishop][sq] = -w.BishopCenterMG * cd
		pstEG[engine.Bishop][sq] = -w.BishopCenterEG * cd
		if r == 0 {
			pstMG[engine.Bishop][sq] -= w.BishopBackMG
		}
		if r == 6 {
			pstMG[engine.Rook][sq] = w.RookSeventhMG
			pstEG[engine.Rook][sq] = w.RookSeventhEG
		}
		if f == 3 || f == 4 {
			pstMG[engine.Rook][sq] += w.RookCenterFileMG
		}
		pstMG[engine.Queen][sq] = -w.QueenCenterMG * cd
		if r == 0 && f != 3 {
			pstMG[engine.Queen][sq] -= w.QueenBackMG
		}
		pstEG[engine.Queen][sq] = -w.QueenCenterEG * cd
		switch {
		case r == 0 && (f <= 1 || f >= 6):
			pstMG[engine.King][sq] = w.KingCornerMG
		case r == 0 && f == 2:
			pstMG[engine.King][sq] = w.KingCFileMG
		case r == 0:
			pstMG[engine.King][sq] = 0
		case r == 1:
			pstMG[engine.King][sq] = -w.KingSecondMG
		default:
			pstMG[engine.King][sq] = -w.KingUpBaseMG - w.KingUpMG*(r-2)
		}
		pstEG[engine.King][sq] = -w.KingCenterEG * cd
		for t := engine.Pawn; t <= engine.King; t++ {
			pstMG[t][sq] += squareMG[t][sq]
			pstEG[t][sq] += squareEG[t][sq]
		}
	}
}

// Value returns the nominal value of a piece type in centipawns (a pawn is 100, the king 0):
// the values the move ordering, the exchange evaluation and the greedy player use.
func Value(t engine.PieceType) int {
	if int(t) < len(seeValue) {
		return seeValue[t]
	}
	return 0
}

// seeValue are the values of the static exchange evaluation and of the ordering.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// Game phase weights of the pieces: 24 with every piece on the board.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const maxPhase = 24

// Phase returns the game phase of p as the evaluation blends its middlegame and endgame
// scores: the weight of the pieces other than pawns and kings (1 for a knight or a bishop, 2
// for a rook, 4 for a queen), 24 at the start and at most 24.
func Phase(p engine.Position) int {
	phase := 0
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Knight; t <= engine.Queen; t++ {
			phase += phaseWeight[t] * p.Pieces(c, t).Count()
		}
	}
	return min(phase, maxPhase)
}

func kingDanger(units int) int {
	if units > 40 {
		units = 40
	}
	return units * units * w.KingDanger / 8
}

func relSquare(c engine.Color, sq engine.Square) engine.Square {
	if c == engine.White {
		return sq
	}
	return sq ^ 56
}

func relRank(c engine.Color, sq engine.Square) int {
	if c == engine.White {
		return sq.Rank()
	}
	return 7 - sq.Rank()
}

// board is a position's bitboards, read once. Every method of engine.Position has a value
// receiver and copies the whole position, even when inlined: a snapshot keeps the
// evaluation from paying that copy dozens of times (it costs most in WebAssembly).
type board struct {
	pcs  [2][7]bb // [colour][piece type]
	own  [2]bb
	occ  bb
	king [2]engine.Square
	turn engine.Color
}

func (b *board) read(p *engine.Position) {
	byType, byColor := p.PieceSets()
	for c := engine.White; c <= engine.Black; c++ {
		b.own[c] = byColor[c]
		for t := engine.Pawn; t <= engine.King; t++ {
			b.pcs[c][t] = byType[t] & byColor[c]
		}
		b.king[c] = engine.Square(bits.TrailingZeros64(uint64(b.pcs[c][engine.King])))
	}
	b.occ = byType[0]
	b.turn = p.Turn()
}

// typeAt returns the type of the piece on sq (NoPieceType when empty).
func (b *board) typeAt(sq engine.Square) engine.PieceType {
	m := bb(1) << sq
	if b.occ&m == 0 {
		return engine.NoPieceType
	}
	for t := engine.Pawn; t <= engine.King; t++ {
		if (b.pcs[0][t]|b.pcs[1][t])&m != 0 {
			return t
		}
	}
	return engine.NoPieceType
}

// colorAt returns the colour of the piece on sq, which must be occupied.
func (b *board) colorAt(sq engine.Square) engine.Color {
	if b.own[engine.Black]&(bb(1)<<sq) != 0 {
		return engine.Black
	}
	return engine.White
}

// evalInfo holds the attack maps the evaluation shares with the threat terms.
type evalInfo struct {
	occ        bb
	own        [2]bb
	attacked   [2]bb
	attackedBy [2][7]bb
	// trace, when set, collects which entries of the fitted tables the evaluation adds
	// (tables.go), for the tuner's fit of those tables; nil in a search.
	trace *evalTrace
}

// Evaluate returns the static evaluation of p in centipawns from the point of view of the
// side to move, as orthodox chess is played: EvaluateTurn with one ply left against the
// opponent's one. The side not to move may be in check (a variant's mid-turn state).
func Evaluate(p engine.Position) int { return EvaluateTurn(p, 1, 1) }

// evaluate is the evaluation every turn structure shares: material, piece-square terms,
// mobility, king safety, pawn structure, bishop pair, rooks on open files and, when one side
// is far ahead in the endgame, driving the lone king to the edge. It fills ei's attack maps.
//
// With single it adds the terms fitted for turns of one ply against one (orthodox chess):
// the side to move pays for its pieces under attack by cheaper ones (func threats), since it
// must spend its ply on them (of the other side's pieces so attacked it may take one, which
// the quiescence search sees); the weak squares by the king (kingWeak), unguarded and
// backward pawns, rooks behind passed pawns (pawnStructure). The variants with other turns
// keep the evaluation without them: in Marseillais chess they scored -47 Elo over 200 games
// (2026-11-30).
func evaluate(p *board, ei *evalInfo, single bool) int {
	var mg, eg [2]int
	phase := 0
	ei.occ = p.occ
	ei.own = p.own
	// Pawn attacks first: mobility ignores squares the enemy pawns guard. Every map is set
	// here, since the pieces' maps are ORed in below and a caller may pass the evalInfo of
	// another position (the tuner does).
	for c := engine.White; c <= engine.Black; c++ {
		pa := pawnAttacks(p.pcs[c][engine.Pawn], c)
		ei.attackedBy[c] = [7]bb{engine.Pawn: pa}
		ei.attacked[c] = pa
	}
	var kingUnits, kingAttackers [2]int // against colour c's king
	var kingZone [2]bb
	for c := engine.White; c <= engine.Black; c++ {
		ksq := p.king[c]
		if ksq < 64 {
			kingZone[c] = kingAtt[ksq] | bb(1)<<ksq
			if c == engine.White {
				kingZone[c] |= kingZone[c] << 8
			} else {
				kingZone[c] |= kingZone[c] >> 8
			}
		}
	}
	for c := engine.White; c <= engine.Black; c++ {
		them := c.Other()
		safe := ^ei.own[c] &^ ei.attackedBy[them][engine.Pawn]
		pawns := p.pcs[c][engine.Pawn]
		nPawns := pawns.Count()
		for t := engine.Pawn; t <= engine.King; t++ {
			for b := p.pcs[c][t]; b != 0; {
				sq := popLSB(&b)
				rs := relSquare(c, sq)
				mg[c] += valueMG[t] + pstMG[t][rs]
				eg[c] += valueEG[t] + pstEG[t][rs]
				phase += phaseWeight[t]
				ei.trace.add(c, tableSquares+int(t)*64+int(rs))
				if t == engine.Pawn {
					continue
				}
				if t != engine.King {
					// The piece's worth with its side's pawns (fewer pawns, fewer winning
					// chances; knights like pawns, rooks open lines).
					mg[c] += withPawnsMG[t][nPawns]
					eg[c] += withPawnsEG[t][nPawns]
					ei.trace.add(c, tableWithPawns+int(t)*9+nPawns)
				}
				if (t == engine.Knight || t == engine.Bishop) && outpost(p, ei, c, sq) {
					mg[c] += w.OutpostMG
					eg[c] += w.OutpostEG
				}
				var a bb
				switch t {
				case engine.Knight:
					a = knightAtt[sq]
				case engine.Bishop:
					a = bishopAttacks(sq, ei.occ&^p.pcs[c][engine.Queen])
					// The side's pawns on the bishop's colour of squares.
					same := pawns & darkSquares
					if darkSquares&(bb(1)<<sq) == 0 {
						same = pawns &^ darkSquares
					}
					k := same.Count()
					mg[c] += bishopPawnsMG[k]
					eg[c] += bishopPawnsEG[k]
					ei.trace.add(c, tableBishopPawns+k)
				case engine.Rook:
					a = rookAttacks(sq, ei.occ&^p.pcs[c][engine.Queen]&^p.pcs[c][engine.Rook])
					f := sq.File()
					if fileMask[f]&pawns == 0 {
						if fileMask[f]&p.pcs[them][engine.Pawn] == 0 {
							mg[c] += w.RookOpenMG
							eg[c] += w.RookOpenEG
						} else {
							mg[c] += w.RookSemiOpenMG
							eg[c] += w.RookSemiOpenEG
						}
					}
				case engine.Queen:
					a = rookAttacks(sq, ei.occ) | bishopAttacks(sq, ei.occ)
				case engine.King:
					a = kingAtt[sq]
				}
				if t != engine.King {
					// Mobility: the safe squares the piece attacks.
					n := bits.OnesCount64(uint64(a & safe))
					mg[c] += mobMG[t][n]
					eg[c] += mobEG[t][n]
					ei.trace.add(c, tableMobility+int(t)*28+n)
				}
				ei.attackedBy[c][t] |= a
				ei.attacked[c] |= a
				if t != engine.King && a&kingZone[them] != 0 {
					kingAttackers[them]++
					kingUnits[them] += kingAttackWeight[t] * bits.OnesCount64(uint64(a&kingZone[them]))
				}
			}
		}
		if p.pcs[c][engine.Bishop].Count() >= 2 {
			mg[c] += w.BishopPairMG
			eg[c] += w.BishopPairEG
		}
	}
	if phase > maxPhase {
		phase = maxPhase
	}
	if ei.trace != nil {
		ei.trace.phase = phase
	}
	for c := engine.White; c <= engine.Black; c++ {
		them := c.Other()
		pm, pe := pawnStructure(p, c, ei, single)
		mg[c] += pm
		eg[c] += pe
		if single {
			if c == p.turn {
				byPawn, byMinor := threats(p, ei, c)
				mg[c] -= byPawn*w.ThreatPawnMG + byMinor*w.ThreatMinorMG
				eg[c] -= byPawn*w.ThreatPawnEG + byMinor*w.ThreatMinorEG
			}
			n := kingWeak(p, ei, c)
			mg[c] -= n * w.KingWeakMG
			eg[c] -= n * w.KingWeakEG
		}
		// King safety: attack units on the zone and the safe checks, scaled down when the
		// attacker has no queen; the pawn shield in front of a king on its first two ranks.
		checks := safeChecks(p, ei, c)
		if kingAttackers[c] >= 2 || checks > 0 {
			d := kingDanger(kingUnits[c] + checks)
			if p.pcs[them][engine.Queen] == 0 {
				d /= 3
			}
			mg[c] -= d
		}
		mg[c] += shelter(p, c)
	}
	mgScore := mg[engine.White] - mg[engine.Black]
	egScore := eg[engine.White] - eg[engine.Black]
	egScore += mopUp(p)
	score := tapered(phase, mgScore, egScore)
	score = scaleDrawish(p, score)
	if p.turn == engine.Black {
		score = -score
	}
	return score + w.Tempo
}

// threats counts the pieces of colour c under attack by cheaper ones (threatHits, the pieces
// Threatened names): byPawn those a pawn attacks, byMinor those a knight or bishop attacks
// plus the queens a rook attacks.
func threats(p *board, ei *evalInfo, c engine.Color) (byPawn, byMinor int) {
	by := &ei.attackedBy[c.Other()]
	pawn, minor, rook := threatHits(&p.pcs[c], by[engine.Pawn], by[engine.Knight]|by[engine.Bishop], by[engine.Rook])
	return bits.OnesCount64(uint64(pawn)), bits.OnesCount64(uint64(minor)) + bits.OnesCount64(uint64(rook))
}

// threatHits returns the pieces of one side (pcs, its bitboards by type) that cheaper enemy
// pieces attack, given the enemy's attacks by pawns, by knights and bishops and by rooks: the
// knights, bishops, rooks and queens a pawn attacks, the rooks and queens a knight or bishop
// attacks, the queens a rook attacks. Both the evaluation (threats) and the move ordering
// (Threatened) name the threatened pieces through it.
func threatHits(pcs *[7]bb, pawnAtt, minorAtt, rookAtt bb) (byPawn, byMinor, byRook bb) {
	heavy := pcs[engine.Rook] | pcs[engine.Queen]
	return pawnAtt & (pcs[engine.Knight] | pcs[engine.Bishop] | heavy), minorAtt & heavy, rookAtt & pcs[engine.Queen]
}

// kingWeak returns the number of squares next to the king of colour c that the enemy attacks
// and that no pawn, knight, bishop or rook of c guards (the king or the queen alone may),
// when the enemy has a queen to use them.
func kingWeak(p *board, ei *evalInfo, c engine.Color) int {
	ksq, them := p.king[c], c.Other()
	if ksq >= 64 || p.pcs[them][engine.Queen] == 0 {
		return 0
	}
	by := &ei.attackedBy[c]
	guard := by[engine.Pawn] | by[engine.Knight] | by[engine.Bishop] | by[engine.Rook]
	return bits.OnesCount64(uint64(kingAtt[ksq] & ei.attacked[them] &^ guard))
}

// safeChecks returns the attack units of the safe checks against the king of colour c: for
// each enemy piece type, the squares from which a piece of that type would check the king,
// which a piece of that type attacks, c does not guard and no enemy piece stands on. It reads
// the attack maps of both sides (ei), complete once every piece has been counted.
func safeChecks(p *board, ei *evalInfo, c engine.Color) int {
	ksq := p.king[c]
	if ksq >= 64 {
		return 0
	}
	them := c.Other()
	open := ^ei.attacked[c] &^ ei.own[them]
	rook, bishop := rookAttacks(ksq, ei.occ), bishopAttacks(ksq, ei.occ)
	by := &ei.attackedBy[them]
	return w.SafeCheckKnight*bits.OnesCount64(uint64(knightAtt[ksq]&by[engine.Knight]&open)) +
		w.SafeCheckBishop*bits.OnesCount64(uint64(bishop&by[engine.Bishop]&open)) +
		w.SafeCheckRook*bits.OnesCount64(uint64(rook&by[engine.Rook]&open)) +
		w.SafeCheckQueen*bits.OnesCount64(uint64((rook|bishop)&by[engine.Queen]&open))
}

// pawnAttacks returns the squares the pawns of colour c attack.
func pawnAttacks(pawns bb, c engine.Color) bb {
	if c == engine.White {
		return shiftFile(pawns, -1)<<8 | shiftFile(pawns, 1)<<8
	}
	return shiftFile(pawns, -1)>>8 | shiftFile(pawns, 1)>>8
}

// outpost reports whether sq, in the enemy's half or on the fourth rank from c's side, is
// guarded by a pawn of colour c and out of reach of every enemy pawn.
func outpost(p *board, ei *evalInfo, c engine.Color, sq engine.Square) bool {
	rr := relRank(c, sq)
	return rr >= 3 && rr <= 5 && ei.attackedBy[c][engine.Pawn]&(bb(1)<<sq) != 0 &&
		passedMask[c][sq]&^fileMask[sq.File()]&p.pcs[c.Other()][engine.Pawn] == 0
}

// tapered blends a middlegame score mg and an endgame score eg by the phase ph (maxPhase
// with every piece on the board, 0 with none), as evaluate tapers its terms.
func tapered(ph, mg, eg int) int { return (mg*ph + eg*(maxPhase-ph)) / maxPhase }

// connectedPawns returns the pawns of own (one colour's pawns, guard the squares they attack)
// that another of them guards or stands beside.
func connectedPawns(own, guard bb) bb {
	return own & (guard | shiftFile(own, -1) | shiftFile(own, 1))
}

// pawnStructure scores connected, doubled, isolated and passed pawns of colour c, and with
// single (evaluate) its unguarded and backward pawns and rooks behind its passed pawns.
func pawnStructure(p *board, c engine.Color, ei *evalInfo, single bool) (mg, eg int) {
	them := c.Other()
	own := p.pcs[c][engine.Pawn]
	enemy := p.pcs[them][engine.Pawn]
	connected := connectedPawns(own, ei.attackedBy[c][engine.Pawn])
	if single {
		weak := bits.OnesCount64(uint64(own & ei.attacked[them] &^ ei.attacked[c])) // attacked, unguarded
		mg -= weak * w.WeakPawnMG
		eg -= weak * w.WeakPawnEG
	}
	for b := own; b != 0; {
		sq := popLSB(&b)
		f := sq.File()
		stop := stopSquare(c, sq)
		if connected&(bb(1)<<sq) != 0 {
			rr := relRank(c, sq)
			mg += w.ConnectedMG + w.ConnectedAdvMG*(rr-1)
			eg += w.ConnectedEG + w.ConnectedAdvEG*(rr-1)
		}
		if forwardFile[c][sq]&own != 0 {
			mg -= w.DoubledMG
			eg -= w.DoubledEG
		}
		if adjFiles[f]&own == 0 {
			mg -= w.IsolatedMG
			eg -= w.IsolatedEG
		} else if single && backward(p, ei, c, sq, stop) {
			mg -= w.BackwardMG
			eg -= w.BackwardEG
		}
		if passedMask[c][sq]&enemy == 0 && forwardFile[c][sq]&own == 0 {
			rr := relRank(c, sq)
			bm, be := passedMG[rr], passedEG[rr]
			front := forwardFile[c][sq]
			if front&ei.occ != 0 {
				bm, be = bm/2, be/2
			}
			if front&ei.attacked[them] == 0 {
				be += be * w.PassedFreeEG / 100
			}
			// Own king close to the pawn's path helps, the enemy king hinders.
			if stop < 64 {
				be += (kingDist(p.king[them], stop) - kingDist(p.king[c], stop)) * rr * w.PassedKingEG / 8
			}
			if single && rookBehind(p, ei, c, sq) {
				bm += w.RookBehindMG
				be += w.RookBehindEG
			}
			mg += bm
			eg += be
		}
	}
	return mg, eg
}

// stopSquare returns the square in front of a pawn of colour c on sq (64 or more when there
// is none).
func stopSquare(c engine.Color, sq engine.Square) engine.Square {
	if c == engine.Black {
		return sq - 8 // wraps past 63 from the first rank
	}
	return sq + 8
}

// backward reports whether the pawn of colour c on sq, whose stop square is stop
// (stopSquare), is backward: it has pawns of its side on a neighbouring file (it is not
// isolated), all of them ahead of it, and an enemy pawn guards its stop square, so it can
// neither be guarded by a pawn nor advance to its neighbours safely.
func backward(p *board, ei *evalInfo, c engine.Color, sq, stop engine.Square) bool {
	near := adjFiles[sq.File()] & p.pcs[c][engine.Pawn]
	if near == 0 || near&^passedMask[c][sq] != 0 || stop >= 64 {
		return false
	}
	return ei.attackedBy[c.Other()][engine.Pawn]&(bb(1)<<stop) != 0
}

// rookBehind reports whether a rook of colour c stands behind the pawn on sq, on its file
// with nothing between them.
func rookBehind(p *board, ei *evalInfo, c engine.Color, sq engine.Square) bool {
	behind := forwardFile[c.Other()][sq] & p.pcs[c][engine.Rook]
	return behind != 0 && rookAttacks(sq, ei.occ)&behind != 0
}

// shelter scores the pawns in front of a king of colour c that stands on its first two ranks.
func shelter(p *board, c engine.Color) int {
	ksq := p.king[c]
	if ksq >= 64 || relRank(c, ksq) > 1 {
		return 0
	}
	own := p.pcs[c][engine.Pawn]
	kf := ksq.File()
	s := 0
	for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
		pf := own & fileMask[f] & forwardFile[c][ksq&^7|engine.Square(f)]
		if pf == 0 {
			s -= w.ShelterMissing
			if fileMask[f]&p.pcs[c.Other()][engine.Pawn] == 0 {
				s -= w.ShelterOpen
			}
			continue
		}
		var nearest engine.Square
		if c == engine.White {
			nearest = pf.First()
		} else {
			nearest = engine.Square(63 - bits.LeadingZeros64(uint64(pf)))
		}
		switch abs(nearest.Rank() - ksq.Rank()) {
		case 1:
			s += w.ShelterNear
		case 2:
			s += w.ShelterFar
		}
	}
	return s
}

// nonPawn returns the non-pawn material of colour c in nominal values.
func nonPawn(p *board, c engine.Color) int {
	return p.pcs[c][engine.Knight].Count()*seeValue[engine.Knight] +
		p.pcs[c][engine.Bishop].Count()*seeValue[engine.Bishop] +
		p.pcs[c][engine.Rook].Count()*seeValue[engine.Rook] +
		p.pcs[c][engine.Queen].Count()*seeValue[engine.Queen]
}

// mopUp helps the stronger side to mate a bare (or nearly bare) king: drive it to the edge
// and bring the own king close. It returns a White-relative endgame score.
func mopUp(p *board) int {
	w, b := nonPawn(p, engine.White), nonPawn(p, engine.Black)
	strong := engine.White
	diff := w - b
	if diff < 0 {
		strong, diff = engine.Black, -diff
	}
	weak := strong.Other()
	if diff < 400 || p.pcs[weak][engine.Pawn] != 0 || nonPawn(p, weak) > 330 {
		return 0
	}
	wk, sk := p.king[weak], p.king[strong]
	if wk >= 64 || sk >= 64 {
		return 0
	}
	s := centerDist(wk)*14 + (7-kingDist(wk, sk))*6
	if strong == engine.Black {
		s = -s
	}
	return s
}

// scaleDrawish shrinks scores of endgames that cannot be won: the side ahead has no pawns and
// at most a minor piece more.
func scaleDrawish(p *board, score int) int {
	strong := engine.White
	if score < 0 {
		strong = engine.Black
	}
	if p.pcs[strong][engine.Pawn] != 0 {
		return score
	}
	weak := strong.Other()
	d := nonPawn(p, strong) - nonPawn(p, weak)
	if d <= seeValue[engine.Bishop] {
		return score / 8
	}
	return score
}

// Hanging returns the values (descending) of the pieces of colour c, king excepted, that the
// other side could win by capturing them, at most len(out) of them. A piece counts when it is
// attacked and undefended (its value), or attacked by a cheaper piece (the difference). With
// retreat set the capturer may move away before a recapture (the capturing side has a second
// ply in the same turn), so every attacked piece counts at full value.
func Hanging(p engine.Position, c engine.Color, retreat bool, out []int) []int {
	var ei evalInfo
	var b board
	b.read(&p)
	evaluate(&b, &ei, false)
	return hanging(&b, &ei, c, retreat, out)
}

func hanging(p *board, ei *evalInfo, c engine.Color, retreat bool, out []int) []int {
	out = out[:0]
	them := c.Other()
	for t := engine.Knight; t <= engine.Queen; t++ {
		for b := p.pcs[c][t] & ei.attacked[them]; b != 0; {
			sq := popLSB(&b)
			v := seeValue[t]
			var loss int
			switch {
			case retreat || ei.attacked[c]&(bb(1)<<sq) == 0:
				loss = v
			default:
				low := v
				for a := engine.Pawn; a < t; a++ {
					if ei.attackedBy[them][a]&(bb(1)<<sq) != 0 {
						low = seeValue[a]
						break
					}
				}
				loss = v - low
			}
			if loss > 0 {
				out = insertDesc(out, loss)
			}
		}
	}
	for b := p.pcs[c][engine.Pawn] & ei.attacked[them]; b != 0; {
		sq := popLSB(&b)
		if retreat || ei.attacked[c]&(bb(1)<<sq) == 0 {
			out = insertDesc(out, seeValue[engine.Pawn])
		}
	}
	return out
}

func insertDesc(out []int, v int) []int {
	if len(out) == cap(out) {
		if len(out) == 0 || out[len(out)-1] >= v {
			return out
		}
		out = out[:len(out)-1]
	}
	i := len(out)
	out = append(out, v)
	for i > 0 && out[i-1] < v {
		out[i] = out[i-1]
		i--
	}
	out[i] = v
	return out
}

// SEE returns the static exchange evaluation of the capture (or quiet move) m in p: the
// material the mover wins, in nominal values, if both sides keep recapturing on the target
// square with their cheapest piece and may stop when it pays. m must be legal in p.
func SEE(p engine.Position, m engine.Move) int {
	var b board
	b.read(&p)
	return see(&b, m)
}

func see(p *board, m engine.Move) int {
	from, to := m.From(), m.To()
	if m.Kind() == engine.CastleShort || m.Kind() == engine.CastleLong {
		return 0
	}
	var gain [32]int
	occ := p.occ
	moverType, moverColor := p.typeAt(from), p.colorAt(from)
	captured := p.typeAt(to)
	if m.Kind() == engine.EnPassant {
		captured = engine.Pawn
		cap := to - 8
		if moverColor == engine.Black {
			cap = to + 8
		}
		occ &^= bb(1) << cap
	}
	gain[0] = seeValue[captured]
	next := moverType
	if pr := m.Promotion(); pr != engine.NoPieceType {
		gain[0] += seeValue[pr] - seeValue[engine.Pawn]
		next = pr
	}
	occ &^= bb(1) << from
	side := moverColor.Other()
	attackers := attackersTo(p, to, occ)
	d := 0
	for {
		mine := attackers & p.own[side] & occ
		if mine == 0 || d+1 >= len(gain) {
			break
		}
		// The cheapest attacker recaptures.
		var t engine.PieceType
		var fromBB bb
		for t = engine.Pawn; t <= engine.King; t++ {
			if b := mine & p.pcs[side][t]; b != 0 {
				fromBB = b & -b
				break
			}
		}
		if t == engine.King && attackers&p.own[side.Other()]&occ != 0 {
			break // the king may not capture onto a defended square
		}
		d++
		gain[d] = seeValue[next] - gain[d-1]
		next = t
		occ &^= fromBB
		attackers = attackersTo(p, to, occ) // reveals x-ray attackers
		side = side.Other()
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// EvaluateTurn returns the static evaluation of p for the side to move (evaluate), with a
// term for the pieces it leaves hanging that depends on the turn structure: the side to move
// has left plies still to make in its turn and the opponent then gets next plies. Each ply
// left can rescue one hanging piece (the most valuable first); each ply of the opponent's
// turn can take one of the rest, and with two or more plies the opponent can take and step
// back before a recapture, so defended pieces hang too. In orthodox chess (1 and 1) this
// is a double-attack term; after an SDM token or in Marseillais chess a double move makes
// every attacked piece a target. With one ply left against one (orthodox chess) it adds the
// terms fitted for that turn (evaluate's single): the mover pays for each of its pieces a
// cheaper one attacks, since saving it costs the ply; the weak squares by the king,
// unguarded and backward pawns, rooks behind passed pawns.
func EvaluateTurn(p engine.Position, left, next int) int {
	var ei evalInfo
	var b board
	b.read(&p)
	return evaluateTurn(&b, &ei, left, next)
}

func evaluateTurn(b *board, ei *evalInfo, left, next int) int {
	return turnValue(b, ei, left, next, left == 1 && next == 1)
}

// turnValue is evaluateTurn, with the terms of one ply against one (evaluate's single) when
// single is set.
func turnValue(b *board, ei *evalInfo, left, next int, single bool) int {
	score := evaluate(b, ei, single)
	if next <= 0 {
		return score
	}
	var buf [8]int
	h := hanging(b, ei, b.turn, next >= 2, buf[:0])
	loss := 0
	for i := max(left, 0); i < len(h) && i < left+next; i++ {
		loss += h[i]
	}
	return score - loss/2
}

// AfterTurn returns the value of p for the side that is not to move, which has just finished
// its turn, when the side to move is about to make plies plies: minus the mover's
// evaluation, minus the pieces the mover can take (one per ply, the most valuable first;
// with two plies or more the mover can take and step back, so defended pieces count too).
// The series planner ranks finished series with it.
func AfterTurn(p engine.Position, plies int) int {
	var ei evalInfo
	var b board
	b.read(&p)
	score := -evaluate(&b, &ei, false)
	var buf [8]int
	h := hanging(&b, &ei, b.turn.Other(), plies >= 2, buf[:0])
	loss := 0
	for i := 0; i < len(h) && i < plies; i++ {
		loss += h[i]
	}
	return score - loss*3/4
}
