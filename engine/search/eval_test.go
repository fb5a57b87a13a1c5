package search

import (
	"math/bits"
	"testing"

	"github.com/plyground/plyground/engine"
)

// evalBoard reads fen into a board and fills the attack maps the way evaluate does.
func evalBoard(t *testing.T, fen string) (*board, *evalInfo) {
	t.Helper()
	p := mustFEN(t, fen)
	var b board
	var ei evalInfo
	b.read(&p)
	evaluate(&b, &ei, false)
	return &b, &ei
}

// squareCase is a case of a test of a property of a square for one side (checkSquares).
type squareCase struct {
	name string
	fen  string
	c    engine.Color
	sq   engine.Square
	want bool
}

// checkSquares checks that f, a property of a square for one side read from the board and
// the evaluation's attack maps, holds in each case exactly when the case wants it.
func checkSquares(t *testing.T, name string, f func(*board, *evalInfo, engine.Color, engine.Square) bool, tests []squareCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ei := evalBoard(t, tc.fen)
			if got := f(b, ei, tc.c, tc.sq); got != tc.want {
				t.Errorf("%s(%v) = %v, want %v", name, tc.sq, got, tc.want)
			}
		})
	}
}

// TestOutpostIsGuardedAndOutOfPawnReach checks the outpost term's square: on the fourth to
// sixth rank from its side, guarded by an own pawn, and no enemy pawn on a neighbouring file
// ahead of it that could advance to attack it.
func TestOutpostIsGuardedAndOutOfPawnReach(t *testing.T) {
	checkSquares(t, "outpost", outpost, []squareCase{
		{"guarded knight, no enemy pawn beside", "4k3/p6p/8/4N3/3P4/8/8/4K3 w - - 0 1", engine.White, engine.E5, true},
		{"an enemy pawn can advance to attack", "4k3/p4p1p/8/4N3/3P4/8/8/4K3 w - - 0 1", engine.White, engine.E5, false},
		{"an enemy pawn behind it cannot", "4k3/p6p/8/4N3/3P1p2/8/8/4K3 w - - 0 1", engine.White, engine.E5, true},
		{"not guarded", "4k3/p6p/8/4N3/8/8/8/4K3 w - - 0 1", engine.White, engine.E5, false},
		{"own half", "4k3/p6p/8/8/8/4N3/3P4/4K3 w - - 0 1", engine.White, engine.E3, false},
		{"seventh rank", "4k3/p3N2p/3P4/8/8/8/8/4K3 w - - 0 1", engine.White, engine.E7, false},
		{"black bishop, guarded from e5", "4k3/8/8/4p3/3b4/8/7P/4K3 b - - 0 1", engine.Black, engine.D4, true},
		{"black bishop, a white pawn on c2 can attack", "4k3/8/8/4p3/3b4/8/2P4P/4K3 b - - 0 1", engine.Black, engine.D4, false},
	})
}

// TestConnectedPawnsGuardedOrSideBySide checks which pawns count as connected: those another
// pawn of theirs guards or stands beside on the same rank, never across the board's edge.
func TestConnectedPawnsGuardedOrSideBySide(t *testing.T) {
	sqs := func(s ...engine.Square) bb {
		var b bb
		for _, sq := range s {
			b |= bb(1) << sq
		}
		return b
	}
	tests := []struct {
		name string
		fen  string
		c    engine.Color
		want bb
	}{
		{"a chain guards its front pawns", "4k3/8/8/8/4P3/3P4/2P5/4K3 w - - 0 1", engine.White, sqs(engine.D3, engine.E4)},
		{"side by side", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", engine.White, sqs(engine.D4, engine.E4)},
		{"isolated and doubled pawns are not", "4k3/8/8/8/P7/P7/7P/4K3 w - - 0 1", engine.White, 0},
		{"not across the edge", "4k3/8/8/8/7P/P7/8/4K3 w - - 0 1", engine.White, 0},
		{"black's chain guards downwards", "4k3/2p5/3p4/4p3/8/8/8/4K3 b - - 0 1", engine.Black, sqs(engine.D6, engine.E5)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ei := evalBoard(t, tc.fen)
			if got := connectedPawns(b.pcs[tc.c][engine.Pawn], ei.attackedBy[tc.c][engine.Pawn]); got != tc.want {
				t.Errorf("connected %#x, want %#x", uint64(got), uint64(tc.want))
			}
		})
	}
}

// TestThreatenedByCheaperPieces checks which of the mover's pieces count as threatened, so
// that their quiet moves are ordered as escapes: a piece attacked by a pawn, a rook or queen
// by a knight or bishop, a queen by a rook; not a piece attacked by a dearer or equal one,
// nor a pawn or the king.
func TestThreatenedByCheaperPieces(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		us   engine.Color
		want []engine.Square
	}{
		{"a knight attacked by a pawn", "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", engine.White, []engine.Square{engine.E4}},
		{"the queen attacked by g6 after 2.Qh5", "rnbqkbnr/pppp1p1p/6p1/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3", engine.White, []engine.Square{engine.H5}},
		{"a rook attacked by a knight", "4k3/8/8/8/2n5/8/3R4/4K3 w - - 0 1", engine.White, []engine.Square{engine.D2}},
		{"a queen attacked by a rook", "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", engine.White, []engine.Square{engine.D1}},
		{"a rook attacked by a rook is not", "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", engine.White, nil},
		{"a knight attacked by a bishop is not", "4k3/8/8/1b6/8/3N4/8/4K3 w - - 0 1", engine.White, nil},
		{"a bishop's line blocked", "4k3/8/1b6/8/3P4/8/5Q2/4K3 w - - 0 1", engine.White, nil},
		{"black's bishop attacked by a white pawn", "4k3/8/8/3b4/4P3/8/8/4K3 b - - 0 1", engine.Black, []engine.Square{engine.D5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			var want uint64
			for _, sq := range tc.want {
				want |= 1 << sq
			}
			if got := Threatened(&p, tc.us); got != want {
				t.Errorf("Threatened = %#x, want %#x", got, want)
			}
		})
	}
}

// TestSafeChecksAreUnguardedCheckingSquares checks the squares safeChecks counts: a square
// from which an enemy piece of a type would check the king, that a piece of that type
// attacks, the king's side does not guard and no enemy piece stands on. The weights count
// knights in units, bishops in tens, rooks in hundreds and queens in thousands.
func TestSafeChecksAreUnguardedCheckingSquares(t *testing.T) {
	ws := evalWeights
	ws.SafeCheckKnight, ws.SafeCheckBishop, ws.SafeCheckRook, ws.SafeCheckQueen = 1, 10, 100, 1000
	setWeights(ws)
	defer setWeights(evalWeights)
	tests := []struct {
		name string
		fen  string
		want int
	}{
		{"a knight reaches f3, which nothing guards", "4k3/8/8/4n3/8/8/5P1P/6K1 w - - 0 1", 1},
		{"the g2 pawn guards f3", "4k3/8/8/4n3/8/8/5PPP/6K1 w - - 0 1", 0},
		{"a bishop reaches e3 on the king's diagonal", "4k3/8/8/8/8/8/7P/2b3K1 w - - 0 1", 10},
		{"a rook reaches a1 on the king's rank", "r3k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", 100},
		{"a queen reaches a1 and d1", "4k3/8/8/8/3q4/8/5PPP/6K1 w - - 0 1", 2000},
		{"a rook on the first rank is blocked by the knight on b1", "r3k3/8/8/8/8/8/5PPP/1N4K1 w - - 0 1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ei := evalBoard(t, tc.fen)
			if got := safeChecks(b, ei, engine.White); got != tc.want {
				t.Errorf("safeChecks = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestPhaseWeighsPiecesOtherThanPawnsAndKings checks the game phase the evaluation blends
// by: 1 for a knight or a bishop, 2 for a rook, 4 for a queen, 24 at the start and capped
// there when promotions add more.
func TestPhaseWeighsPiecesOtherThanPawnsAndKings(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want int
	}{
		{"the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 24},
		{"kings and pawns", "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1", 0},
		{"a queen against a rook", "4k3/8/8/8/8/8/8/Q3K2r w - - 0 1", 6},
		{"a knight and a bishop", "4k3/8/8/8/8/8/8/1N2KB2 w - - 0 1", 2},
		{"four queens each side, capped", "qqqqk3/8/8/8/8/8/8/QQQQK3 w - - 0 1", 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Phase(mustFEN(t, tc.fen)); got != tc.want {
				t.Errorf("Phase = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestTraceNamesEveryTableEntryAdded checks the tuner's trace of the fitted tables: raising
// one entry's middlegame value by the full phase (24) changes White's evaluation by the
// phase times the net count the trace gives for that entry (White's minus Black's), and its
// endgame value likewise by the rest of the phase (give or take the taper's rounding); the
// trace's phase is Phase's. The positions keep pawns on both sides and the material even, so
// that no drawish scaling or mop-up applies.
func TestTraceNamesEveryTableEntryAdded(t *testing.T) {
	fens := []string{
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
		"r2q1rk1/pp1nbppp/2p1pn2/3p1b2/2PP4/1QN1PN2/PP1B1PPP/R3KB1R b KQ - 0 9",
		"2r3k1/pp3ppp/2n1b3/8/3N4/4B3/PP3PPP/2R3K1 w - - 0 20",
		"8/5pk1/6p1/3b4/8/1B3P2/5KPP/8 b - - 0 40",
	}
	for _, fen := range fens {
		p := mustFEN(t, fen)
		var b board
		b.read(&p)
		tr := evalTrace{}
		ei := evalInfo{trace: &tr}
		white := func() int {
			var ei evalInfo
			v := evaluate(&b, &ei, false)
			if b.turn == engine.Black {
				v = -v
			}
			return v
		}
		base := white()
		net := map[int32]int{}
		evaluate(&b, &ei, false)
		kinds := map[string]bool{}
		for _, f := range tr.terms {
			net[f.idx] += int(f.sign)
			kinds[tableName(int(f.idx))] = true
		}
		if len(kinds) != 4 {
			t.Errorf("%s: the trace names entries of %d tables, want 4 (%v)", fen, len(kinds), kinds)
		}
		phase := Phase(p)
		if tr.phase != phase {
			t.Errorf("%s: the trace's phase is %d, want %d", fen, tr.phase, phase)
		}
		for idx, n := range net {
			for _, eg := range []bool{false, true} {
				e := tableEntry(int(idx), eg)
				*e += maxPhase
				setWeights(evalWeights)
				got := white() - base
				*e -= maxPhase
				setWeights(evalWeights)
				want := n * phase
				if eg {
					want = n * (maxPhase - phase)
				}
				// The taper divides with truncation towards zero: one centipawn off when the
				// score crosses zero.
				if got < want-1 || got > want+1 {
					t.Errorf("%s: entry %d (endgame %v): evaluation moved by %d, want %d", fen, idx, eg, got, want)
				}
			}
		}
	}
}

// backwardAt is backward with the pawn's own stop square.
func backwardAt(b *board, ei *evalInfo, c engine.Color, sq engine.Square) bool {
	return backward(b, ei, c, sq, stopSquare(c, sq))
}

// TestBackwardPawnBehindItsNeighbours checks the backward pawn: not isolated, every pawn of
// its side on a neighbouring file ahead of it, and its stop square guarded by an enemy pawn.
func TestBackwardPawnBehindItsNeighbours(t *testing.T) {
	checkSquares(t, "backward", backwardAt, []squareCase{
		{"d3 behind c4 and e4, d4 guarded by e5", "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1", engine.White, engine.D3, true},
		{"d4 not guarded", "4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", engine.White, engine.D3, false},
		{"a neighbour beside it", "4k3/8/8/4p3/4P3/2PP4/8/4K3 w - - 0 1", engine.White, engine.D3, false},
		{"isolated is not backward", "4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1", engine.White, engine.D3, false},
		{"black's d6 behind c5 and e5, d5 guarded by c4", "4k3/8/3p4/2p1p3/2P5/8/8/4K3 b - - 0 1", engine.Black, engine.D6, true},
	})
}

// TestRookBehindItsPawn checks the rook behind a pawn: on the pawn's file, behind it from its
// side's point of view, with nothing between them.
func TestRookBehindItsPawn(t *testing.T) {
	checkSquares(t, "rookBehind", rookBehind, []squareCase{
		{"a1 behind a5", "4k3/8/8/P7/8/8/8/R3K3 w - - 0 1", engine.White, engine.A5, true},
		{"a knight between", "4k3/8/8/P7/8/N7/8/R3K3 w - - 0 1", engine.White, engine.A5, false},
		{"in front is not behind", "R7/7k/8/P7/8/8/8/4K3 w - - 0 1", engine.White, engine.A5, false},
		{"the enemy's rook", "4k3/8/8/P7/8/8/8/r3K3 w - - 0 1", engine.White, engine.A5, false},
		{"black's h8 behind h4", "4k2r/8/8/8/7p/8/8/4K3 b - - 0 1", engine.Black, engine.H4, true},
	})
}

// TestKingWeakSquaresGuardedByNoPiece checks the squares by the king that count against it:
// attacked by the enemy, guarded by no pawn, knight, bishop or rook of the king's side, and
// only while the enemy has a queen.
func TestKingWeakSquaresGuardedByNoPiece(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		c    engine.Color
		want int
	}{
		// The bishop on b7 reaches g2, which only the king guards.
		{"a long diagonal at the castled king", "q3k3/1b6/8/8/8/8/5PPP/6K1 w - - 0 1", engine.White, 1},
		{"and a rook on the f-file reaches f2", "q3kr2/1b6/8/8/8/8/5PPP/6K1 w - - 0 1", engine.White, 2},
		{"no enemy queen", "4k3/1b6/8/8/8/8/5PPP/6K1 w - - 0 1", engine.White, 0},
		{"a knight on e3 guards g2", "q3k3/1b6/8/8/8/4N3/5PPP/6K1 w - - 0 1", engine.White, 0},
		{"black's king, a white bishop on b2 reaches g7", "6k1/5ppp/8/8/8/8/1B6/Q3K3 b - - 0 1", engine.Black, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ei := evalBoard(t, tc.fen)
			if got := kingWeak(b, ei, tc.c); got != tc.want {
				t.Errorf("kingWeak = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestThreatsCountWhatThreatenedNames checks that the evaluation's charge for threatened
// pieces counts the pieces Threatened names for the move ordering: a pawn's attacks on
// knights, bishops, rooks and queens in units, a minor piece's on rooks and queens and a
// rook's on a queen in hundreds.
func TestThreatsCountWhatThreatenedNames(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want int
	}{
		{"a knight attacked by a pawn", "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", 1},
		{"a fork by a pawn", "4k3/8/8/8/3p4/2N1B3/8/4K3 w - - 0 1", 2},
		{"a rook attacked by a knight", "4k3/8/8/8/2n5/8/3R4/4K3 w - - 0 1", 100},
		{"a queen attacked by a rook", "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", 100},
		{"a rook attacked by a rook is not", "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", 0},
		{"a knight attacked by a bishop is not", "4k3/8/8/1b6/8/3N4/8/4K3 w - - 0 1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ei := evalBoard(t, tc.fen)
			if byPawn, byMinor := threats(b, ei, b.turn); byPawn+100*byMinor != tc.want {
				t.Errorf("threats = %d by pawns, %d by minor pieces or rooks; want %d", byPawn, byMinor, tc.want)
			}
			p := mustFEN(t, tc.fen)
			if n := bits.OnesCount64(Threatened(&p, b.turn)); n != tc.want%100+tc.want/100 {
				t.Errorf("Threatened names %d pieces, threats counts %d", n, tc.want%100+tc.want/100)
			}
		})
	}
}

// TestEvaluateTurnAddsTermsOneAgainstOne checks that the terms fitted for one ply against one
// (evaluate's single) count only then: the mover pays for a piece a pawn attacks, and a
// backward pawn costs its side, with one ply left against the opponent's one (orthodox
// chess), not with two plies left (it can save the piece and still move) nor against two.
func TestEvaluateTurnAddsTermsOneAgainstOne(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		term func(b *board, ei *evalInfo, p engine.Position) int // what the terms take from White
	}{
		{"a knight attacked by a pawn", "4k3/pp6/8/3p4/4N3/8/PP6/4K3 w - - 0 1", func(b *board, ei *evalInfo, p engine.Position) int {
			byPawn, byMinor := threats(b, ei, engine.White)
			return tapered(Phase(p), byPawn*w.ThreatPawnMG+byMinor*w.ThreatMinorMG, byPawn*w.ThreatPawnEG+byMinor*w.ThreatMinorEG)
		}},
		{"a backward pawn on d3", "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1", func(b *board, ei *evalInfo, p engine.Position) int {
			return tapered(Phase(p), w.BackwardMG, w.BackwardEG)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			var b board
			b.read(&p)
			var ei evalInfo
			for _, lt := range []struct{ left, next int }{{1, 1}, {2, 1}, {1, 2}} {
				want := turnValue(&b, &ei, lt.left, lt.next, false)
				if lt.left == 1 && lt.next == 1 {
					want -= tc.term(&b, &ei, p)
				}
				if got := EvaluateTurn(p, lt.left, lt.next); abs(got-want) > 1 {
					t.Errorf("EvaluateTurn(%d, %d) = %d, want %d", lt.left, lt.next, got, want)
				}
			}
		})
	}
}
