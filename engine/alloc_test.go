package engine

import "testing"

func TestLegalMovesZeroAllocs(t *testing.T) {
	for _, fen := range []string{StartFEN, kiwipete, position3, position4} {
		p := mustFEN(t, fen)
		buf := make([]Move, 0, 256)
		if n := testing.AllocsPerRun(200, func() { buf = p.LegalMoves(buf[:0]) }); n != 0 {
			t.Errorf("%s: LegalMoves allocates %v times per run", fen, n)
		}
	}
}

func TestPlayZeroAllocs(t *testing.T) {
	p := mustFEN(t, kiwipete)
	moves := p.LegalMoves(nil)
	var sink Position
	i := 0
	if n := testing.AllocsPerRun(200, func() {
		sink = p.Play(moves[i%len(moves)])
		i++
	}); n != 0 {
		t.Errorf("Play allocates %v times per run", n)
	}
	_ = sink
}

func TestPerftZeroAllocs(t *testing.T) {
	p := StartPosition()
	if n := testing.AllocsPerRun(5, func() { Perft(p, 3) }); n != 0 {
		t.Errorf("Perft allocates %v times per run", n)
	}
	for name, f := range map[string]func(){
		"HasLegalMove": func() { p.HasLegalMove() },
		"IsLegal":      func() { p.IsLegal(NullMove) },
		"GivesCheck":   func() { p.GivesCheck(newMove(E2, E4, DoublePush, NoPieceType, false)) },
		"InCheck":      func() { p.InCheck() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per run", name, n)
		}
	}
}
