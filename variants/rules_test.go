package variants

import "testing"

// TestO2RepetitionAfterUntakableDoubleStep plays, in every 8x8 variant that has repetition,
// a game whose double step cannot be taken e.p.: the position after it is the same as the
// one reached again two cycles later (O2, FIDE 9.2), so the third occurrence ends the game,
// and the position one action earlier does not.
func TestO2RepetitionAfterUntakableDoubleStep(t *testing.T) {
	for _, s := range readSamples(t, "testdata/o2-repetition.txt") {
		f := s.fields
		t.Run(f["variant"], func(t *testing.T) {
			g, err := NewGame(f["variant"], f["options"], f["start"])
			if err != nil {
				t.Fatalf("line %d: %v", s.line, err)
			}
			if err := g.PlayMovetext(f["movetext"]); err != nil {
				t.Fatalf("line %d: %v", s.line, err)
			}
			if got := g.Outcome().String(); got != f["outcome"] {
				t.Errorf("line %d: outcome %q, want %q", s.line, got, f["outcome"])
			}
			g.Undo()
			if o := g.Outcome(); o.Over() {
				t.Errorf("line %d: over one action before the end: %v", s.line, o)
			}
		})
	}
}

// TestP9OldRecordsAndPGNKeepTheirGames: records and PGN written before P9 read a progressive
// FEN's fullmove number as the paired move number; they still open to the same game (the
// version 1 record samples are checked by TestRecordSamplesDecodeForever). A PGN says which
// reading it was written with by its first move number, the series number.
func TestP9OldRecordsAndPGNKeepTheirGames(t *testing.T) {
	const moves = "3.Qh5 Qxf7+ 4.Kxf7 Nf6 d6 Be6"
	const today = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3"
	cases := []struct {
		name, fen, movetext, start string
	}{
		{"PGN exported before P9", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", moves, today},
		{"PGN exported now", today, moves, today},
		// A series of 2 for White, as the FEN says today and the movetext confirms.
		{"an even series for White", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", "2.Qh5 Qxf7+ 3.Kxf7 Nf6 d6",
			"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pgn := "[Variant \"progressive-scottish\"]\n[FEN \"" + c.fen + "\"]\n[SetUp \"1\"]\n\n" + c.movetext + " *\n"
			g, _, err := ParsePGN(pgn)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Movetext(); got != c.movetext {
				t.Errorf("movetext %q, want %q", got, c.movetext)
			}
			if got := g.Start(); got != c.start {
				t.Errorf("start %q, want %q", got, c.start)
			}
		})
	}
}
