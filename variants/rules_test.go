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

// TestRecordV1KeepsItsRules: a record of version 1 that today's rules would read as another game
// (here: it goes on after a position that is a threefold repetition today, O2) keeps the rules it
// was written under: it replays from its Record, plays on under them, and is written back as
// version 1.
func TestRecordV1KeepsItsRules(t *testing.T) {
	const text = "AQEAAAAKbFpLRaS0gA" // 1.e4 Nc6 2.Nf3 Nb8 3.Ng1 Nc6 4.Nf3 Nb8 5.Ng1 Nf6
	g, err := Decode(text)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Legacy() || g.Outcome().Over() {
		t.Fatalf("legacy %v, outcome %v", g.Legacy(), g.Outcome())
	}
	again, err := Replay(g.Record())
	if err != nil || !again.Legacy() || again.Encode() != text {
		t.Fatalf("replayed from its Record: %v", err)
	}
	// It plays on: 6...Ng8 brings back the position after 2...Nb8 and 4...Nb8 a third time.
	if err := g.PlayMovetext("6.Nf3"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Over() {
		t.Fatalf("over: %v", o)
	}
	if err := g.PlayMovetext("Ng8"); err != nil {
		t.Fatal(err)
	}
	if got := g.Outcome().String(); got != "Draw: threefold repetition (O2)" {
		t.Errorf("outcome %q", got)
	}
	if v := recordVersion(t, g.Encode()); v != 1 {
		t.Errorf("written as version %d", v)
	}
	back, err := Decode(g.Encode())
	if err != nil || back.Movetext() != g.Movetext() || !back.Legacy() {
		t.Errorf("round trip: %v", err)
	}
}
