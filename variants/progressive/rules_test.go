package progressive

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

func game(t *testing.T, set RuleSet, fen, movetext string) *turn.Game {
	t.Helper()
	g, err := turn.NewGame(New(set, Options{}), fen)
	if err != nil {
		t.Fatalf("start %q: %v", fen, err)
	}
	if err := g.PlayMovetext(movetext); err != nil {
		t.Fatalf("play %q: %v", movetext, err)
	}
	return g
}

func wantRule(t *testing.T, err error, rule string) *turn.RuleError {
	t.Helper()
	var re *turn.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("error %v: want a rule error %s", err, rule)
	}
	if re.Rule != rule {
		t.Fatalf("error %q: rule %s, want %s", err, re.Rule, rule)
	}
	return re
}

func wantOutcome(t *testing.T, g *turn.Game, r turn.Result, reason turn.Reason, rule string) {
	t.Helper()
	o := g.Outcome()
	if o.Result != r || o.Reason != reason || o.Rule != rule {
		t.Fatalf("outcome %v, want %v: %v (%s)", o, r, reason, rule)
	}
}

func TestP1_SeriesLengths(t *testing.T) {
	for _, set := range []RuleSet{Italian, Scottish} {
		g := game(t, set, "", "")
		for n, text := range []string{"e4", "e5 Nc6", "Nf3 Bc4 d3", "Nf6 Be7 d6 O-O"} {
			s := g.State()
			if s.Plies() != n+1 || s.Number() != n+1 || s.Ply() != 0 {
				t.Fatalf("%s series %d: plies %d number %d ply %d", set, n+1, s.Plies(), s.Number(), s.Ply())
			}
			if err := g.PlayMovetext(text); err != nil {
				t.Fatal(err)
			}
		}
		sched := g.Variant().Schedule(g.State(), 3)
		want := []turn.Slot{{Side: engine.Black, Plies: 6}, {Side: engine.White, Plies: 7}, {Side: engine.Black, Plies: 8}}
		for i := range want {
			if sched[i] != want[i] {
				t.Fatalf("schedule %v, want %v", sched, want)
			}
		}
	}
}

func TestP1_SeriesFromFEN(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3"
	w, err := Open(Scottish, "series=5")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := w.Start(fen); s.Plies() != 5 {
		t.Errorf("series=5: plies %d", s.Plies())
	}
	if _, err := Open(Italian, "series=0"); err == nil {
		t.Error("series=0 should be refused")
	}
}

// TestP9FullmoveIsSeriesNumber: the fullmove number of a progressive FEN is the series number
// of the side to move, as problem collections write it, and FEN writes it back.
func TestP9FullmoveIsSeriesNumber(t *testing.T) {
	cases := []struct {
		fen    string
		mover  engine.Color
		series int
	}{
		{"r6r/pppk1pp1/2n5/7p/3b4/4p3/PPPK2PP/RN3BNR w - - 0 7", engine.White, 7},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3", engine.White, 3},
		{"4kb2/4Q3/3P4/8/7K/8/8/8 b - - 0 2", engine.Black, 2},
		// Any series may start a game from a FEN, whichever side has it.
		{"4kb2/4Q3/3P4/8/7K/8/8/8 b - - 0 7", engine.Black, 7},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4", engine.White, 4},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", engine.White, 1},
	}
	for _, c := range cases {
		for _, set := range []RuleSet{Italian, Scottish} {
			v := New(set, Options{})
			s, err := v.Start(c.fen)
			if err != nil {
				t.Fatalf("%s: %v", c.fen, err)
			}
			if s.Mover() != c.mover || s.Plies() != c.series || s.Number() != c.series || s.Ply() != 0 {
				t.Errorf("%s %s: %v to move, series %d of %d plies; want %v's series %d", set, c.fen,
					s.Mover(), s.Number(), s.Plies(), c.mover, c.series)
			}
			if got := v.FEN(s); got != c.fen {
				t.Errorf("%s: FEN %q, want %q back", set, got, c.fen)
			}
		}
	}
	// The series of a game from a FEN is numbered from it in notation (P8).
	g := game(t, Scottish, "4kb2/4Q3/3P4/8/7K/8/8/8 b - - 0 7", "Bxe7+")
	if got := g.Movetext(); got != "7.Bxe7+" {
		t.Errorf("movetext %q, want 7.Bxe7+", got)
	}
	if s := g.State(); s.Mover() != engine.White || s.Plies() != 8 {
		t.Errorf("next: %v's series of %d, want White's series 8", s.Mover(), s.Plies())
	}
}

func TestP2_EscapeCheckWithFirstPly(t *testing.T) {
	// Scottish: 3.Qh5 Qxf7+ ends White's series; Black must escape with its first ply.
	g := game(t, Scottish, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3", "Qh5 Qxf7+")
	s := g.State()
	if !s.InCheck() || s.Mover() != engine.Black {
		t.Fatal("Black should be in check")
	}
	_, err := turn.Find(g.Variant(), s, engine.A7, engine.A6, engine.NoPieceType, false)
	wantRule(t, err, "P2")
	if err := g.PlayMovetext("Kxf7"); err != nil {
		t.Fatal(err)
	}
	// Fool's mate: White cannot escape with its first ply.
	g = game(t, Italian, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 5", "")
	wantOutcome(t, g, turn.BlackWins, turn.Checkmate, "P2")
}

func TestP3_ScottishCheckEndsSeries(t *testing.T) {
	g := game(t, Scottish, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3", "Qh5 Qxf7+")
	s := g.State()
	if s.Mover() != engine.Black || s.Plies() != 4 || s.Number() != 4 {
		t.Fatalf("after a check on ply 2 of 3: mover %v plies %d number %d; want Black's full series 4",
			s.Mover(), s.Plies(), s.Number())
	}
	if got := g.Movetext(); got != "3.Qh5 Qxf7+" {
		t.Errorf("movetext %q", got)
	}
}

func TestP4_ItalianCheckOnlyOnLastPly(t *testing.T) {
	g := game(t, Italian, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3", "Qh5")
	s := g.State()
	_, err := turn.Find(g.Variant(), s, engine.H5, engine.F7, engine.NoPieceType, false)
	re := wantRule(t, err, "P4")
	if got, want := re.Error(), "Italian rule P4: check only on the last ply of a series"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	// On the last ply the check is legal.
	if err := g.PlayMovetext("Bc4 Qxf7#"); err != nil {
		t.Fatal(err)
	}
	wantOutcome(t, g, turn.WhiteWins, turn.Checkmate, "P2")
}

func TestP4_ProgressiveCheckmate(t *testing.T) {
	// Black's only escape, Bxe7, gives check: illegal in Italian (series 2), so Black loses.
	const fen = "4kb2/4Q3/3P4/8/7K/8/8/8 b - - 0 2"
	g := game(t, Italian, fen, "")
	wantOutcome(t, g, turn.WhiteWins, turn.ProgressiveCheckmate, "P4")
	// Scottish allows it.
	g = game(t, Scottish, fen, "Bxe7+")
	if g.Outcome().Over() || g.State().Mover() != engine.White {
		t.Fatalf("Scottish: outcome %v, mover %v", g.Outcome(), g.State().Mover())
	}
}

func TestP5_ProgressiveStalemateInsideSeries(t *testing.T) {
	// White's series 3: a5, then White has no legal ply and is not in check: a draw, not the
	// end of the series.
	const fen = "8/8/p7/8/P7/5n2/5k2/7K w - - 0 3"
	for _, set := range []RuleSet{Italian, Scottish} {
		g := game(t, set, fen, "a5")
		wantOutcome(t, g, turn.Draw, turn.ProgressiveStalemate, "P5")
		if s := g.State(); s.Mover() != engine.White || s.Ply() != 1 {
			t.Errorf("the series must not have been ended: mover %v ply %d", s.Mover(), s.Ply())
		}
		v := New(set, Options{})
		s, _ := v.Start(fen)
		if n, _ := turn.Perft(v, s, 1); n != 0 {
			t.Errorf("%s turn-perft = %d, want 0", v.ID(), n)
		}
	}
}

func TestP6_EnPassantOnlyOnFirstPly(t *testing.T) {
	// Black double-stepped d7-d5 and f7-f5 in its last series (White's series 9 now).
	const fen = "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 9"
	g := game(t, Scottish, fen, "exd6")
	s := g.State()
	_, err := turn.Find(g.Variant(), s, engine.G5, engine.F6, engine.NoPieceType, false)
	wantRule(t, err, "P6")
	// A pawn that advanced twice in its series cannot be taken.
	g = game(t, Italian, "4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 2", "c5 c4")
	if g.State().EnPassant() != 0 {
		t.Errorf("e.p. targets %v after c5 c4", g.State().EnPassant().Squares())
	}
	g = game(t, Italian, "4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 2", "c5 Kf7")
	if err := g.PlayMovetext("bxc6"); err != nil {
		t.Errorf("bxc6 e.p. on the first ply: %v", err)
	}
}

// TestP7NoRepetition: repetition does not apply in progressive chess. The rooks shuttle:
// White's odd series leave its rook on a1 and b1 in turn, Black's even series bring its rook
// back, so White's series 1, 5 and 9 start from the same placement, and nothing is drawn.
func TestP7NoRepetition(t *testing.T) {
	for _, set := range []RuleSet{Italian, Scottish} {
		g := game(t, set, "r6k/8/8/8/8/8/8/R6K w - - 0 1", "")
		rook := func(c engine.Color, n int) string {
			moves := [2][2]string{{"Rb1", "Ra1"}, {"Rb8", "Ra8"}}
			out := ""
			at := 0
			if c == engine.White {
				at = (n / 2) % 2 // White's rook starts series n on a1 (0) or b1 (1)
			}
			for i := 0; i < n; i++ {
				out += moves[c][(at+i)%2] + " "
			}
			return out
		}
		for n := 1; n <= 8; n++ {
			c := engine.Color((n + 1) % 2)
			if o := g.Outcome(); o.Over() {
				t.Fatalf("%s: over before series %d: %v", set, n, o)
			}
			if err := g.PlayMovetext(rook(c, n)); err != nil {
				t.Fatalf("%s: series %d: %v", set, n, err)
			}
		}
		if o := g.Outcome(); o.Over() {
			t.Errorf("%s: %v at the start of series 9", set, o)
		}
	}
}

// TestP7TenQuietSeriesUnlessMate plays the cases of testdata/p7.txt: after ten quiet series
// the draw waits while the side to move can mate with its coming series.
func TestP7TenQuietSeriesUnlessMate(t *testing.T) {
	for _, c := range readCases(t, "testdata/p7.txt") {
		for _, set := range []RuleSet{Italian, Scottish} {
			t.Run(set.String()+": "+c["name"], func(t *testing.T) {
				g := game(t, set, c["start"], c["ten"])
				if s := g.State(); s.Seq() != 10 || s.Quiet() != 10 || s.Ply() != 0 {
					t.Fatalf("after the ten series: seq %d, quiet %d, ply %d", s.Seq(), s.Quiet(), s.Ply())
				}
				if got := g.Outcome().String(); got != c["after ten"] {
					t.Fatalf("after ten series: %q, want %q", got, c["after ten"])
				}
				if c["eleventh"] == "" {
					return
				}
				if err := g.PlayMovetext(c["eleventh"]); err != nil {
					t.Fatal(err)
				}
				if got := g.Outcome().String(); got != c["outcome"] {
					t.Errorf("after the eleventh series: %q, want %q", got, c["outcome"])
				}
				if len(g.Variant().Actions(g.State(), nil)) != 0 && g.Outcome().Over() {
					t.Error("the game is over, yet actions are offered")
				}
			})
		}
	}
	// The rules pages state the solver's bound.
	bound := "1,000,000"
	if TenSeriesMateNodes != 1_000_000 {
		t.Fatalf("bound %d: the rules pages say %s", TenSeriesMateNodes, bound)
	}
	for _, text := range []string{ItalianRules, ScottishRules} {
		if !strings.Contains(text, bound) {
			t.Errorf("the rules text does not state the bound %s:\n%s", bound, text)
		}
	}
}

// readCases reads "key: value" lines into cases separated by blank lines ("#" lines are
// comments).
func readCases(t *testing.T, path string) []map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	cur := map[string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.TrimSpace(line) == "":
			if len(cur) > 0 {
				out = append(out, cur)
				cur = map[string]string{}
			}
		default:
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				t.Fatalf("%s:%d: want key: value", path, n+1)
			}
			cur[k] = strings.TrimSpace(v)
		}
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

func TestP7_TenQuietSeries(t *testing.T) {
	// White, to move after the ten series, has its king alone: it cannot mate (P7).
	g := game(t, Scottish, "r3k3/8/8/8/8/8/8/4K3 w - - 0 1", "")
	v := g.Variant()
	rng := rand.New(rand.NewPCG(7, 7))
	for g.State().Seq() < 10 {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("over after %d series: %v", g.State().Seq(), o)
		}
		s := g.State()
		var quiet []turn.Action
		for _, a := range v.Actions(s, nil) {
			if !a.Move.IsCapture() && !s.GivesCheck(a.Move) {
				quiet = append(quiet, a)
			}
		}
		if len(quiet) == 0 {
			t.Fatal("no quiet ply")
		}
		if err := g.Apply(quiet[rng.IntN(len(quiet))]); err != nil {
			t.Fatal(err)
		}
		if g.State().Seq() < 10 && g.Outcome().Reason == turn.TenSeries {
			t.Fatalf("P7 draw after only %d series", g.State().Seq())
		}
	}
	wantOutcome(t, g, turn.Draw, turn.TenSeries, "P7")
}

func TestP8_Notation(t *testing.T) {
	const text = "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#"
	g := game(t, Italian, "", text)
	if got := g.Movetext(); got != text {
		t.Errorf("movetext %q, want %q", got, text)
	}
	wantOutcome(t, g, turn.WhiteWins, turn.Checkmate, "P2")
	open := func(id, opts string) (turn.Variant, error) { return Open(Italian, opts) }
	back, _, err := turn.ParsePGN(g.PGN(nil), open)
	if err != nil {
		t.Fatal(err)
	}
	if back.Movetext() != text || back.Outcome() != g.Outcome() {
		t.Errorf("PGN round trip: %q, %v", back.Movetext(), back.Outcome())
	}
}
