package search

import "github.com/plyground/plyground/engine"

// The evaluation's fitted tables besides the per-square corrections (squares.go): centipawns
// added on top of the rule-based weights, each a middlegame (MG) and an endgame (EG) value
// tapered by the phase as the rest. TestTuneTables (tune_test.go) fits them, with the square
// corrections, by gradient descent on positions labelled by Stockfish (make tune): the
// evaluation is linear in every entry, so one descent fits them all at once.
var (
	// mobilityMG and mobilityEG correct the linear mobility (the Mob* weights) by piece type
	// and the count of safe squares the piece attacks: a piece with no square to go to is
	// worth less than a straight line says.
	mobilityMG = [7][28]int{
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-13, 2, 1, 1, 2, 1, -2, -5, -3, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-6, 0, 2, 6, 6, 2, 0, 0, -7, 5, 7, -11, 6, -3,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{10, 17, 16, 15, 13, 9, 4, 2, -1, -5, -11, -15, -21, 3,
			9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-4, -1, -2, -2, -2, -1, 4, 2, 2, 0, -3, 1, -3, 6,
			2, -1, -5, 0, 5, 4, 13, 10, -6, 3, -10, -13, -2, -6},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	mobilityEG = [7][28]int{
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-41, -33, -6, 4, 5, 10, 7, -4, -18, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-43, 2, 13, 13, 19, 25, 13, 7, 10, -11, -30, -19, -31, -35,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-33, -32, -21, -4, -7, 0, 8, 10, 18, 15, 19, 23, 23, -1,
			-5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-3, -4, -18, -28, -18, -27, -16, 2, 3, 6, 10, 9, 13, 3,
			23, 3, 25, 20, 4, 1, 4, -3, -22, -9, -35, -44, -6, -20},
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	// withPawnsMG and withPawnsEG add to each knight, bishop, rook and queen by the count of
	// its side's pawns (0-8): fewer pawns leave fewer winning chances, and a knight gains by
	// pawns where a rook gains by open lines.
	withPawnsMG = [7][9]int{
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-25, 13, 6, -1, -8, -4, 0, 8, 8},
		{-3, 22, 12, -6, 12, -7, -6, -2, -3},
		{43, 18, 11, -2, -10, -5, -3, -2, 13},
		{-38, -17, -6, 23, 5, 8, 1, -5, -13},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	withPawnsEG = [7][9]int{
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{-56, -43, -33, -12, 8, 22, 37, 49, 24},
		{-27, -43, -33, -26, -20, 7, 13, 18, 32},
		{-31, -61, -11, 6, 14, 18, 29, 33, 17},
		{-85, -23, -28, 14, 36, 7, 2, 15, 7},
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	// bishopPawnsMG and bishopPawnsEG add to each bishop by the count of its side's pawns on
	// squares of its colour (the bad bishop).
	bishopPawnsMG = [9]int{24, 16, 13, 7, 3, -3, -10, -27, -29}
	bishopPawnsEG = [9]int{14, 8, 2, -9, -26, -21, -51, 8, 0}
)

// darkSquares is the set of dark squares (a1 is dark).
const darkSquares bb = 0xAA55AA55AA55AA55

// The entries of the fitted tables as one index space, for the tuner's trace: the square
// corrections, then the mobility, the pieces with their pawns and the bishops with theirs.
const (
	tableSquares     = 0
	tableMobility    = tableSquares + 7*64
	tableWithPawns   = tableMobility + 7*28
	tableBishopPawns = tableWithPawns + 7*9
	tableEntries     = tableBishopPawns + 9
)

// traceTerm is one entry of the fitted tables that an evaluation added, for White (sign 1)
// or Black (-1).
type traceTerm struct {
	idx  int32
	sign int8
}

// evalTrace collects the table entries an evaluation adds (evalInfo.trace), and its phase.
type evalTrace struct {
	terms []traceTerm
	phase int // 0..maxPhase, maxPhase with every piece
}

// add notes that the evaluation added entry idx of the fitted tables for colour c; a nil
// trace (a search's evaluation) notes nothing.
func (tr *evalTrace) add(c engine.Color, idx int) {
	if tr == nil {
		return
	}
	sign := int8(1)
	if c == engine.Black {
		sign = -1
	}
	tr.terms = append(tr.terms, traceTerm{int32(idx), sign})
}

// tableEntry returns the entry idx of the fitted tables (the middlegame one, or with eg the
// endgame one), for the tuner and the tests.
func tableEntry(idx int, eg bool) *int {
	switch {
	case idx < tableMobility:
		t, sq := (idx-tableSquares)/64, (idx-tableSquares)%64
		if eg {
			return &squareEG[t][sq]
		}
		return &squareMG[t][sq]
	case idx < tableWithPawns:
		t, n := (idx-tableMobility)/28, (idx-tableMobility)%28
		if eg {
			return &mobilityEG[t][n]
		}
		return &mobilityMG[t][n]
	case idx < tableBishopPawns:
		t, n := (idx-tableWithPawns)/9, (idx-tableWithPawns)%9
		if eg {
			return &withPawnsEG[t][n]
		}
		return &withPawnsMG[t][n]
	}
	if eg {
		return &bishopPawnsEG[idx-tableBishopPawns]
	}
	return &bishopPawnsMG[idx-tableBishopPawns]
}

// fittedTable describes one fitted table in the index space: the tuner's name (-tables), the
// Go name of the pair (goName+"MG", goName+"EG"), its first entry, and rows of cols entries.
type fittedTable struct {
	name, goName     string
	base, rows, cols int
}

// fittedTables are the fitted tables in the order of the index space.
var fittedTables = []fittedTable{
	{"squares", "square", tableSquares, 7, 64},
	{"mobility", "mobility", tableMobility, 7, 28},
	{"withpawns", "withPawns", tableWithPawns, 7, 9},
	{"bishoppawns", "bishopPawns", tableBishopPawns, 1, 9},
}

// tableName returns the tuner's name of the table of entry idx of the fitted tables.
func tableName(idx int) string {
	name := ""
	for _, t := range fittedTables {
		if idx >= t.base {
			name = t.name
		}
	}
	return name
}
