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
