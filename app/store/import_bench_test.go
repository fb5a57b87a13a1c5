package store

import (
	"strings"
	"testing"
)

// shortGames returns a PGN text of n games of two moves each, from four openings.
func shortGames(n int) []byte {
	openings := []string{"1. e4 e5 2. Nf3 Nc6 *", "1. d4 d5 2. c4 e6 *", "1. c4 c5 2. Nc3 Nc6 *", "1. Nf3 d5 2. g3 Nf6 *"}
	var text strings.Builder
	for i := range n {
		text.WriteString(openings[i%len(openings)])
		text.WriteString("\n\n")
	}
	return []byte(text.String())
}

// BenchmarkImportPGN imports a PGN text of 1,000 short games into an empty Memory, as the
// saved-games screen imports a file (tests/browser/store-many.test.mjs imports 10,000 so).
func BenchmarkImportPGN(b *testing.B) {
	data := shortGames(1000)
	b.ReportAllocs()
	for b.Loop() {
		st, _ := newStore(b)
		im, err := st.NewImport(data)
		if err != nil {
			b.Fatal(err)
		}
		for !im.Step(8) {
		}
		if rep, err := im.Report(); err != nil || len(rep.Added) != 1000 {
			b.Fatalf("%d added, %v", len(rep.Added), err)
		}
	}
}

// BenchmarkIndex10000 lists 10,000 saved games (imported from PGN), as the saved-games
// screen does when it opens and after an import.
func BenchmarkIndex10000(b *testing.B) {
	st, _ := newStore(b)
	im, err := st.NewImport(shortGames(10000))
	if err != nil {
		b.Fatal(err)
	}
	im.Step(im.Total())
	b.ReportAllocs()
	for b.Loop() {
		l, err := st.Index()
		if err != nil || len(l) != 10000 {
			b.Fatalf("%d listed, %v", len(l), err)
		}
	}
}
