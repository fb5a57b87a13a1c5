// Package enginetest is an engine-only reference for the variants' tests: the plies of a
// position with en passant captures on targets the engine's own rules would not offer
// (a pawn that double-stepped earlier in a multi-ply turn), and playing them. The turn
// variants' tests count turns with it, written straight from RULES.md without package turn,
// to check turn-perft; and the table of insufficient-material positions (RULES.md O2) that the
// engine's and orthodox chess's tests share. No program imports it.
package enginetest

import (
	"os"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
)

// Plies returns the legal plies of p (mover to move) plus e.p. captures on targets ep.
func Plies(p engine.Position, ep []engine.Square) []engine.Move {
	ms := p.LegalMoves(nil)
	for _, sq := range ep {
		ms = append(ms, EnPassant(p, sq)...)
	}
	return ms
}

// EnPassant returns the e.p. captures on target sq. When the engine refuses the target
// because a piece stands on the pawn's start square (it moved there later in the same turn),
// the captures are made with engine.EnPassantMove by each of the mover's pawns beside the
// square beyond sq, and kept when they do not leave the mover's king attacked.
func EnPassant(p engine.Position, sq engine.Square) []engine.Move {
	var out []engine.Move
	if q, err := p.WithEnPassant(sq); err == nil {
		for _, m := range q.LegalMoves(nil) {
			if m.Kind() == engine.EnPassant && m.To() == sq {
				out = append(out, m)
			}
		}
		return out
	}
	if sq >= engine.NoSquare || p.PieceAt(sq) != engine.NoPiece {
		return nil
	}
	us := p.Turn()
	pawnRank := sq.Rank() - 1
	if us == engine.Black {
		pawnRank = sq.Rank() + 1
	}
	for _, df := range []int{-1, 1} {
		from := engine.NewSquare(sq.File()+df, pawnRank)
		if p.PieceAt(from) != engine.NewPiece(us, engine.Pawn) {
			continue
		}
		m := engine.EnPassantMove(from, sq)
		if m == engine.NullMove {
			continue
		}
		if after := p.Play(m); after.Attacked(after.KingSquare(us), us.Other()) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// Play plays m on p. It is p.Play(m): the engine plays an e.p. capture on any target, one it
// does not know included.
func Play(p engine.Position, m engine.Move) engine.Position { return p.Play(m) }

// MaterialCase is one position of the insufficient-material table (RULES.md O2).
type MaterialCase struct {
	FEN  string
	Draw bool // a dead draw by insufficient material
}

// InsufficientMaterial reads the table of engine/testdata/insufficient-material.txt from
// path: one FEN a line, a tab, then "draw" or "play"; "#" starts a comment.
func InsufficientMaterial(t testing.TB, path string) []MaterialCase {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []MaterialCase
	for i, line := range strings.Split(string(b), "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		fen, verdict, ok := strings.Cut(line, "\t")
		verdict = strings.TrimSpace(verdict)
		if !ok || (verdict != "draw" && verdict != "play") {
			t.Fatalf("%s:%d: want a FEN, a tab and draw or play: %q", path, i+1, line)
		}
		out = append(out, MaterialCase{FEN: strings.TrimSpace(fen), Draw: verdict == "draw"})
	}
	if len(out) == 0 {
		t.Fatalf("%s: no positions", path)
	}
	return out
}
