package engine

import "sort"

// Perft counts the leaf nodes of the legal move tree of p to the given depth (1 for depth 0).
// At the last ply the legal moves are counted without being played (bulk counting); legality
// is never skipped.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p, depth)
}

func perft(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countLegal())
	}
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	var n uint64
	for _, m := range moves {
		q := p
		q.play(m)
		n += perft(q, depth-1)
	}
	return n
}

// DivideEntry is the perft count below one root move.
type DivideEntry struct {
	Move  Move
	UCI   string // the move in UCI notation
	SAN   string // the move in SAN
	Nodes uint64 // leaf nodes below the move, Perft(p.Play(Move), depth-1)
}

// Divide returns, for each legal move of p, the perft count of the position after it at
// depth-1, sorted by UCI text. It returns nil for depth < 1.
func Divide(p Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		out = append(out, DivideEntry{Move: m, UCI: m.UCI(), SAN: p.SAN(m), Nodes: Perft(p.Play(m), depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out
}
