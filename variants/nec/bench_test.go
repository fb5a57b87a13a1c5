package nec

import "testing"

// benchPosition scatters 8 armies of 50 pieces (400 pieces) on a 41x41 area, and gives every
// player an order of 3 steps, captures first, with fallbacks.
func benchPosition(b *testing.B) (State, []Order) {
	rng := newRand(400)
	s := randomState(rng, 8, 50, 20)
	var os []Order
	for p := 0; p < 8; p++ {
		var best Order
		for try := 0; try < 50 && len(best.Steps) < 3; try++ {
			if o, ok := randomOrder(rng, s, p); ok && len(o.Steps) > len(best.Steps) {
				best = o
			}
		}
		os = append(os, best)
	}
	steps := 0
	for _, o := range os {
		steps += len(o.Steps)
	}
	if s.NumPieces() != 400 || steps < 16 {
		b.Fatalf("%d pieces, %d steps", s.NumPieces(), steps)
	}
	return s, os
}

// BenchmarkResolve8Players400Pieces resolves one update with 8 players and 400 pieces, every
// player submitting an order with fallbacks (target: under 1 ms).
func BenchmarkResolve8Players400Pieces(b *testing.B) {
	s, os := benchPosition(b)
	b.ReportAllocs()
	start, n := cpuTime(), 0
	for b.Loop() {
		if _, _, err := s.Resolve(os); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if start > 0 && n > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(n), "cpu-ns/op")
	}
}

// BenchmarkTargets lists the legal targets of every piece of the 400-piece position.
func BenchmarkTargets(b *testing.B) {
	s, _ := benchPosition(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range s.pieces {
			if _, err := s.Targets(p.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkEncodeDecode round-trips the 400-piece position.
func BenchmarkEncodeDecode(b *testing.B) {
	s, _ := benchPosition(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeState(s.Encode()); err != nil {
			b.Fatal(err)
		}
	}
}
