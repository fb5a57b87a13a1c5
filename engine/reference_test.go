package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A deliberately simple, independent move generator: pseudo-legal moves from the mailbox,
// each tried on a copy of the board and kept when the mover's king is then not attacked
// (attacks found by walking rays square by square). It shares no code with the engine's
// generator, so agreement over many random positions checks pins, checks, e.p. and castling,
// including positions where the side not to move is in check (made by WithTurn).

type refBoard [64]Piece

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// refAttacked reports whether colour by attacks sq on board b.
func refAttacked(b *refBoard, sq Square, by Color) bool {
	f, r := sq.File(), sq.Rank()
	for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
		if onBoard(f+d[0], r+d[1]) && b[(r+d[1])*8+f+d[0]] == NewPiece(by, Knight) {
			return true
		}
	}
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if (df != 0 || dr != 0) && onBoard(f+df, r+dr) && b[(r+dr)*8+f+df] == NewPiece(by, King) {
				return true
			}
		}
	}
	// A pawn of colour by attacks sq from one rank behind (from by's point of view).
	pr := r - 1
	if by == Black {
		pr = r + 1
	}
	for _, df := range []int{-1, 1} {
		if onBoard(f+df, pr) && b[pr*8+f+df] == NewPiece(by, Pawn) {
			return true
		}
	}
	for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		diag := d[0] != 0 && d[1] != 0
		for nf, nr := f+d[0], r+d[1]; onBoard(nf, nr); nf, nr = nf+d[0], nr+d[1] {
			pc := b[nr*8+nf]
			if pc == NoPiece {
				continue
			}
			if pc.Color() == by && (pc.Type() == Queen || diag && pc.Type() == Bishop || !diag && pc.Type() == Rook) {
				return true
			}
			break
		}
	}
	return false
}

type refMove struct {
	from, to Square
	kind     MoveKind
	promo    PieceType
	capture  bool
}

// refLegal returns the legal moves of p; epTarget is the e.p. target as the game history
// gives it (the square passed by a pawn that double-pushed on the previous ply, else
// NoSquare), independent of p.EnPassant.
func refLegal(p Position, epTarget Square) []refMove {
	var b refBoard
	for sq := Square(0); sq < 64; sq++ {
		b[sq] = p.PieceAt(sq)
	}
	us := p.Turn()
	them := us.Other()
	var out []refMove
	add := func(m refMove) {
		if c := b[m.to]; c != NoPiece && c.Type() == King {
			return // never capture a king
		}
		nb := b
		pc := nb[m.from]
		nb[m.from] = NoPiece
		nb[m.to] = pc
		switch m.kind {
		case EnPassant:
			nb[NewSquare(m.to.File(), m.from.Rank())] = NoPiece
		case Promotion:
			nb[m.to] = NewPiece(us, m.promo)
		case CastleShort:
			nb[m.to+1], nb[m.to-1] = NoPiece, nb[m.to+1]
		case CastleLong:
			nb[m.to-2], nb[m.to+1] = NoPiece, nb[m.to-2]
		}
		var k Square
		for sq := Square(0); sq < 64; sq++ {
			if nb[sq] == NewPiece(us, King) {
				k = sq
			}
		}
		if !refAttacked(&nb, k, them) {
			out = append(out, m)
		}
	}
	for from := Square(0); from < 64; from++ {
		pc := b[from]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		f, r := from.File(), from.Rank()
		target := func(nf, nr int) (Square, bool, bool) { // square, may move there, is capture
			if !onBoard(nf, nr) {
				return 0, false, false
			}
			sq := NewSquare(nf, nr)
			if b[sq] == NoPiece {
				return sq, true, false
			}
			return sq, b[sq].Color() == them, b[sq].Color() == them
		}
		switch pc.Type() {
		case Pawn:
			dir, startRank, lastRank := 1, 1, 7
			if us == Black {
				dir, startRank, lastRank = -1, 6, 0
			}
			addPawn := func(to Square, capture bool) {
				if to.Rank() == lastRank {
					for _, pt := range []PieceType{Queen, Rook, Bishop, Knight} {
						add(refMove{from, to, Promotion, pt, capture})
					}
					return
				}
				add(refMove{from, to, Normal, NoPieceType, capture})
			}
			if onBoard(f, r+dir) && b[NewSquare(f, r+dir)] == NoPiece {
				addPawn(NewSquare(f, r+dir), false)
				if r == startRank && b[NewSquare(f, r+2*dir)] == NoPiece {
					add(refMove{from, NewSquare(f, r+2*dir), DoublePush, NoPieceType, false})
				}
			}
			for _, df := range []int{-1, 1} {
				if !onBoard(f+df, r+dir) {
					continue
				}
				to := NewSquare(f+df, r+dir)
				if b[to] != NoPiece && b[to].Color() == them {
					addPawn(to, true)
				} else if to == epTarget && b[to] == NoPiece {
					add(refMove{from, to, EnPassant, NoPieceType, true})
				}
			}
		case Knight:
			for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
				if to, ok, c := target(f+d[0], r+d[1]); ok {
					add(refMove{from, to, Normal, NoPieceType, c})
				}
			}
		case King:
			for df := -1; df <= 1; df++ {
				for dr := -1; dr <= 1; dr++ {
					if df == 0 && dr == 0 {
						continue
					}
					if to, ok, c := target(f+df, r+dr); ok {
						add(refMove{from, to, Normal, NoPieceType, c})
					}
				}
			}
			home := E1
			short, long := WhiteShort, WhiteLong
			if us == Black {
				home, short, long = E8, BlackShort, BlackLong
			}
			if from == home && !refAttacked(&b, home, them) {
				if p.Castling()&short != 0 && b[home+1] == NoPiece && b[home+2] == NoPiece &&
					!refAttacked(&b, home+1, them) && b[home+3] == NewPiece(us, Rook) {
					add(refMove{from, home + 2, CastleShort, NoPieceType, false})
				}
				if p.Castling()&long != 0 && b[home-1] == NoPiece && b[home-2] == NoPiece && b[home-3] == NoPiece &&
					!refAttacked(&b, home-1, them) && b[home-4] == NewPiece(us, Rook) {
					add(refMove{from, home - 2, CastleLong, NoPieceType, false})
				}
			}
		default:
			var dirs [][2]int
			if pc.Type() != Bishop {
				dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0}, [2]int{0, 1}, [2]int{0, -1})
			}
			if pc.Type() != Rook {
				dirs = append(dirs, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{-1, -1})
			}
			for _, d := range dirs {
				for nf, nr := f+d[0], r+d[1]; onBoard(nf, nr); nf, nr = nf+d[0], nr+d[1] {
					to, ok, c := target(nf, nr)
					if ok {
						add(refMove{from, to, Normal, NoPieceType, c})
					}
					if b[to] != NoPiece {
						break
					}
				}
			}
		}
	}
	return out
}

func refMovesToEngine(rms []refMove) []Move {
	out := make([]Move, len(rms))
	for i, m := range rms {
		out[i] = newMove(m.from, m.to, m.kind, m.promo, m.capture)
	}
	slices.Sort(out)
	return out
}

// playoutStarts are the positions random games start from.
var playoutStarts = []string{
	StartFEN, kiwipete, position3, position4, position5, position6,
	"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
	"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
	"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
	"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
	"8/2p5/8/KP1p3r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
	"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
}

// randomWalk plays random legal moves from start and calls visit with each position and the
// e.p. target its history gives. With flip > 0, about one ply in flip is followed by WithTurn
// giving the mover another ply (as in the multi-ply variants), so the side not to move may be
// in check.
func randomWalk(t *testing.T, rng *rand.Rand, start Position, plies, flip int, visit func(p Position, ep Square)) {
	t.Helper()
	p := start
	ep := start.EnPassant() // the start positions used here have none
	var buf [maxMoves]Move
	for i := 0; i < plies; i++ {
		visit(p, ep)
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		p = p.Play(m)
		ep = NoSquare
		if m.Kind() == DoublePush {
			ep = (m.From() + m.To()) / 2
		}
		if flip > 0 && rng.IntN(flip) == 0 {
			p = p.WithTurn(p.Turn().Other())
			ep = NoSquare
		}
	}
}

func TestLegalMovesMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	positions, otherInCheck, epPositions := 0, 0, 0
	for round := 0; round < 40; round++ {
		for _, fen := range playoutStarts {
			start, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			flip := 0
			if round%2 == 1 {
				flip = 4
			}
			randomWalk(t, rng, start, 120, flip, func(p Position, ep Square) {
				positions++
				if p.Attacked(p.KingSquare(p.Turn().Other()), p.Turn()) {
					otherInCheck++
				}
				if p.EnPassant() != NoSquare {
					epPositions++
				}
				got := slices.Sorted(slices.Values(p.LegalMoves(nil)))
				want := refMovesToEngine(refLegal(p, ep))
				if !slices.Equal(got, want) {
					t.Fatalf("%s (history e.p. %v):\n got %v\nwant %v", p.FEN(), ep, got, want)
				}
				// The e.p. target is kept exactly when an e.p. capture is legal.
				hasEP := false
				for _, m := range got {
					hasEP = hasEP || m.Kind() == EnPassant
				}
				if hasEP != (p.EnPassant() != NoSquare) {
					t.Fatalf("%s: EnPassant() = %v but e.p. capture legal = %v", p.FEN(), p.EnPassant(), hasEP)
				}
				if p.HasLegalMove() != (len(got) > 0) {
					t.Fatalf("%s: HasLegalMove disagrees with LegalMoves", p.FEN())
				}
				if n := p.countLegal(); n != len(got) {
					t.Fatalf("%s: countLegal %d, LegalMoves %d", p.FEN(), n, len(got))
				}
			})
		}
	}
	t.Logf("%d positions checked, %d with the side not to move in check, %d with an e.p. capture", positions, otherInCheck, epPositions)
	if otherInCheck == 0 || epPositions == 0 {
		t.Error("the random walks missed a case they are meant to cover")
	}
}

// TestHashIncremental checks that the key Play and WithTurn maintain equals the key computed
// from scratch, and that FEN round trips give back the same position.
func TestHashIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, fen := range playoutStarts {
		start, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		randomWalk(t, rng, start, 200, 5, func(p Position, _ Square) {
			if h := p.computeHash(); h != p.Hash() {
				t.Fatalf("%s: incremental hash %x, from scratch %x", p.FEN(), p.Hash(), h)
			}
			q, err := ParseFEN(p.FEN())
			them := p.Turn().Other()
			if p.Attacked(p.KingSquare(them), p.Turn()) {
				if err == nil {
					t.Fatalf("%s: ParseFEN accepted a position whose side not to move is in check", p.FEN())
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseFEN(%s): %v", p.FEN(), err)
			}
			if q != p {
				t.Fatalf("FEN round trip changed the position: %s -> %s", p.FEN(), q.FEN())
			}
		})
	}
}

func TestSlidingAttacksMatchRayWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		if i%3 == 0 {
			occ &= Bitboard(rng.Uint64())
		}
		sq := Square(rng.IntN(64))
		if got, want := rookAttacks(sq, occ), slowAttacks(sq, occ, &rookDirs); got != want {
			t.Fatalf("rook %v occ %x: %x, want %x", sq, uint64(occ), uint64(got), uint64(want))
		}
		if got, want := bishopAttacks(sq, occ), slowAttacks(sq, occ, &bishopDirs); got != want {
			t.Fatalf("bishop %v occ %x: %x, want %x", sq, uint64(occ), uint64(got), uint64(want))
		}
	}
}

// slowAttacks walks the rays from sq, stopping at (and including) the first blocker: the
// plain reference for the magic tables and for rayAttacks, which fills them.
func slowAttacks(sq Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := Square(r*8 + f)
			att |= 1 << s
			if occ.Has(s) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}
