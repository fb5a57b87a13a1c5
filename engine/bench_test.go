package engine

import "testing"

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += Perft(p, depth)
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(nodes)/s, "nodes/s")
	}
}

// BenchmarkPerftStartPosition5 measures perft from the start position at depth 5 (4,865,609
// leaves, bulk counted at the last ply).
func BenchmarkPerftStartPosition5(b *testing.B) { benchPerft(b, StartFEN, 5) }

// BenchmarkPerftKiwipete4 measures perft of Kiwipete at depth 4 (4,085,603 leaves).
func BenchmarkPerftKiwipete4(b *testing.B) { benchPerft(b, kiwipete, 4) }

// BenchmarkPerftPosition3Depth5 measures an endgame with en passant pins (674,624 leaves).
func BenchmarkPerftPosition3Depth5(b *testing.B) { benchPerft(b, position3, 5) }

func BenchmarkLegalMoves(b *testing.B) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]Move, 0, maxMoves)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.LegalMoves(buf[:0])
	}
}

func BenchmarkPlay(b *testing.B) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		b.Fatal(err)
	}
	moves := p.LegalMoves(nil)
	b.ReportAllocs()
	var sink Position
	for i := 0; i < b.N; i++ {
		sink = p.Play(moves[i%len(moves)])
	}
	_ = sink
}

// BenchmarkBuildMagics measures the start-up cost of the sliding-attack tables (the page
// builds them before its first drawing).
func BenchmarkBuildMagics(b *testing.B) {
	for b.Loop() {
		buildMagics(false)
	}
}
