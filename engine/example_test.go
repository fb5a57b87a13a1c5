package engine_test

import (
	"fmt"

	"github.com/plyground/plyground/engine"
)

func ExampleParseFEN() {
	p, err := engine.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	// No black pawn can take e.p., so the target is dropped.
	fmt.Println(p.FEN())
	_, err = engine.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1")
	fmt.Println(err)
	// Output:
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// fen field 3 (castling): 'x' in "KQkx" is not a castling right (K, Q, k, q, or - for none)
}

func ExamplePosition_LegalMoves() {
	p := engine.StartPosition()
	buf := make([]engine.Move, 0, 256) // reused: no allocation per call
	moves := p.LegalMoves(buf[:0])
	fmt.Println(len(moves), moves[0].UCI(), p.SAN(moves[0]))
	// Output: 20 a2a3 a3
}

func ExampleEnPassantMove() {
	// A multi-ply variant's white pawn takes e.p. on d6 although White's own first ply went
	// to d7, the square the black pawn started from: the engine keeps no target then.
	p, err := engine.ParseFEN("4k3/3N4/8/3pP3/8/8/8/4K3 w - - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	m := engine.EnPassantMove(engine.E5, engine.D6)
	fmt.Println(m.Kind(), p.SAN(m), p.Play(m).FEN())
	// Output: en passant exd6 4k3/3N4/3P4/8/8/8/8/4K3 b - - 0 1
}

func ExampleDivide() {
	for _, e := range engine.Divide(engine.StartPosition(), 3)[:3] {
		fmt.Printf("%s %s %d\n", e.UCI, e.SAN, e.Nodes)
	}
	// Output:
	// a2a3 a3 380
	// a2a4 a4 420
	// b1a3 Na3 400
}
