package engine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSAN(t *testing.T) {
	tests := []struct {
		fen, uci, san string
	}{
		{StartFEN, "e2e4", "e4"},
		{StartFEN, "g1f3", "Nf3"},
		// Disambiguation by file, by rank, by both.
		{"7k/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"7k/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
		{"7k/8/8/1N6/8/8/8/1N2K3 w - - 0 1", "b1c3", "N1c3"},
		{"7k/8/8/1N6/8/8/8/1N2K3 w - - 0 1", "b5c3", "N5c3"},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "e4f3", "Qe4f3"},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "e2f3", "Q2f3"},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "g4f3", "Qgf3"},
		{"2k5/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1"},
		{"2k5/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1"},
		{"2k5/8/8/8/R7/8/4K3/R7 w - - 0 1", "a1a2", "R1a2"},
		// A pinned knight does not count for disambiguation.
		{"4k3/8/8/b7/8/2N3N1/8/4K3 w - - 0 1", "g3e4", "Ne4"},
		// Pawns: captures name the file, e.p. looks like a capture, promotions.
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "axb8=Q+"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		// Castling, check and mate.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+"},
		{"6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", "d1d8", "Rd8#"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1e2", "Kxe2"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Errorf("%s: %v", tc.fen, err)
			continue
		}
		if got := p.SAN(m); got != tc.san {
			t.Errorf("%s: SAN(%s) = %q, want %q", tc.fen, tc.uci, got, tc.san)
		}
		if got, err := p.ParseSAN(tc.san); err != nil || got != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %s", tc.fen, tc.san, got, err, tc.uci)
		}
	}
}

func TestParseSANTolerant(t *testing.T) {
	tests := []struct {
		fen, san, uci string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O!", "e8c8"},
		{StartFEN, "Nf3!?", "g1f3"},
		{StartFEN, "e4!!", "e2e4"},
		{StartFEN, "Nf3+", "g1f3"}, // a wrong check sign is ignored
		{StartFEN, "Ng1f3", "g1f3"},
		{StartFEN, "Ngf3", "g1f3"},
		{StartFEN, "N1f3", "g1f3"},
		{StartFEN, "Pe4", "e2e4"},
		{StartFEN, "e2e4", "e2e4"}, // over-disambiguated, like Ng1f3
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a7a8q"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=q", "a7a8q"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8N", "a7a8n"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "ed5", "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "exd5?", "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4xd5", "e4d5"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if err != nil {
			t.Errorf("%s: ParseSAN(%q): %v", tc.fen, tc.san, err)
			continue
		}
		if m.UCI() != tc.uci {
			t.Errorf("%s: ParseSAN(%q) = %s, want %s", tc.fen, tc.san, m.UCI(), tc.uci)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	tests := []struct {
		fen, san  string
		ambiguous bool
	}{
		{"7k/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", true},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "Qf3", true},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "Qef3", true},
		{"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "Q4f3", true},
		{StartFEN, "", false},
		{StartFEN, "+", false},
		{StartFEN, "e5", false},
		{StartFEN, "Nf4", false},
		{StartFEN, "Nxf3", false}, // not a capture
		{StartFEN, "Xf3", false},
		{StartFEN, "O-O", false},
		{StartFEN, "O-O-O-O", false},
		{StartFEN, "e", false},
		{StartFEN, "xe4", false},
		{StartFEN, "Ke2", false},
		{StartFEN, "e4=Q", false},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d5", false}, // exd5 needs its file
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", false},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", false},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=P", false},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", false}, // castling is written O-O
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.san)
		if err == nil {
			t.Errorf("%s: ParseSAN(%q) = %v, want an error", tc.fen, tc.san, m)
			continue
		}
		if got := errors.Is(err, ErrAmbiguousMove); got != tc.ambiguous {
			t.Errorf("%s: ParseSAN(%q): %v; ambiguous = %v, want %v", tc.fen, tc.san, err, got, tc.ambiguous)
		}
	}
}

func TestUCI(t *testing.T) {
	p := mustFEN(t, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, tc := range []struct{ in, out string }{
		{"e1g1", "e1g1"}, {"e1c1", "e1c1"}, {"b7a8q", "b7a8q"}, {"b7b8n", "b7b8n"}, {"b7b8Q", "b7b8q"}, {"a1a8", "a1a8"},
	} {
		m, err := p.ParseUCI(tc.in)
		if err != nil {
			t.Errorf("ParseUCI(%q): %v", tc.in, err)
			continue
		}
		if m.UCI() != tc.out || m.String() != tc.out {
			t.Errorf("ParseUCI(%q).UCI() = %q, want %q", tc.in, m.UCI(), tc.out)
		}
	}
	for _, bad := range []string{"", "e1", "e1g", "e1g1qq", "e1h1", "b7b8", "b7b8k", "b7b8p", "i1g1", "e1g9", "e2e4", "0000"} {
		if m, err := p.ParseUCI(bad); err == nil {
			t.Errorf("ParseUCI(%q) = %v, want an error", bad, m)
		}
	}
	if NullMove.UCI() != "0000" {
		t.Error("NullMove.UCI()")
	}
}

// sanPositions returns the perft positions and positions reached from them by random play.
func sanPositions(t testing.TB) []Position {
	t.Helper()
	var out []Position
	rng := rand.New(rand.NewPCG(7, 8))
	for _, fen := range playoutStarts {
		p := mustFEN(t, fen)
		for i := 0; i < 60; i++ {
			out = append(out, p)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// TestSANRoundTrip formats every legal move of many positions and parses it back.
func TestSANRoundTrip(t *testing.T) {
	n := 0
	for _, p := range sanPositions(t) {
		seen := map[string]Move{}
		for _, m := range p.LegalMoves(nil) {
			s := p.SAN(m)
			if prev, dup := seen[s]; dup {
				t.Errorf("%s: %v and %v both written %q", p.FEN(), prev, m, s)
			}
			seen[s] = m
			got, err := p.ParseSAN(s)
			if err != nil || got != m {
				t.Errorf("%s: ParseSAN(SAN(%v) = %q) = %v, %v", p.FEN(), m, s, got, err)
			}
			if u, err := p.ParseUCI(m.UCI()); err != nil || u != m {
				t.Errorf("%s: ParseUCI(%q) = %v, %v", p.FEN(), m.UCI(), u, err)
			}
			if strings.HasSuffix(s, "#") != (p.GivesCheck(m) && !p.Play(m).HasLegalMove()) {
				t.Errorf("%s: %q and the mate state disagree", p.FEN(), s)
			}
			n++
		}
	}
	t.Logf("%d moves round-tripped", n)
}

// FuzzParseSAN feeds random text to ParseSAN in several positions: it never panics, and a
// move it returns is legal and written in SAN parses back to itself.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6", "e8=Q+", "Qxf7#", "Nbd7", "R1a2", "Qe4f3", "a8Q", "Kxe2!?", ""} {
		f.Add(uint8(0), s)
	}
	fens := []string{StartFEN, kiwipete, position3, position4, position5, position6,
		"7k/8/8/8/4Q1Q1/8/4Q3/K7 w - - 0 1", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"}
	positions := make([]Position, len(fens))
	for i, fen := range fens {
		positions[i] = mustFEN(f, fen)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseSAN(s)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseSAN(%q) = %v, not legal", p.FEN(), s, m)
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: ParseSAN(%q) = %v; its SAN %q parses to %v, %v", p.FEN(), s, m, san, back, err)
		}
	})
}

// FuzzParseUCI: never panics; a returned move is legal and its UCI text parses back to it.
func FuzzParseUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e7e8q", "a7b8N", "0000", "", "e2e9"} {
		f.Add(uint8(0), s)
	}
	fens := []string{StartFEN, kiwipete, position4, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"}
	positions := make([]Position, len(fens))
	for i, fen := range fens {
		positions[i] = mustFEN(f, fen)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseUCI(s)
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseUCI(%q) = %v, not legal", p.FEN(), s, m)
		}
		if back, err := p.ParseUCI(m.UCI()); err != nil || back != m {
			t.Fatalf("%s: ParseUCI(%q) = %v, but %q gives %v, %v", p.FEN(), s, m, m.UCI(), back, err)
		}
	})
}
