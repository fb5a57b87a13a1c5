package analysis

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

func game(t *testing.T, id, fen, movetext string) *turn.Game {
	t.Helper()
	g, err := variants.NewGame(id, "", fen)
	if err != nil {
		t.Fatal(err)
	}
	if movetext != "" {
		if err := g.PlayMovetext(movetext); err != nil {
			t.Fatalf("%s: %v", movetext, err)
		}
	}
	return g
}

// TestEvalText: evaluations are written from White's side, mates as #N turns.
func TestEvalText(t *testing.T) {
	for _, c := range []struct {
		e    Eval
		want string
	}{
		{Eval{CP: 35}, "+0.35"}, {Eval{CP: -120}, "-1.20"}, {Eval{}, "0.00"},
		{Eval{Mate: 3}, "#3"}, {Eval{Mate: -2}, "#-2"}, {Eval{CP: 1005}, "+10.05"},
	} {
		if got := c.e.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
	if w := (Eval{}).WinChance(); w != 50 {
		t.Errorf("even position: %v%%, want 50", w)
	}
	if a, b := (Eval{CP: 100}).WinChance(), (Eval{CP: 300}).WinChance(); !(a > 50 && b > a && b < 100) {
		t.Errorf("win chances not increasing: +1 %v, +3 %v", a, b)
	}
	if (Eval{Mate: -1}).For(engine.Black) != 100 {
		t.Error("Black mating: Black's chances are not 100")
	}
}

// TestClassifyThresholds: the classes change exactly at the stated thresholds.
func TestClassifyThresholds(t *testing.T) {
	for _, c := range []struct {
		loss float64
		want Class
	}{
		{0, Good}, {InaccuracyLoss - 0.1, Good}, {InaccuracyLoss, Inaccuracy}, {MistakeLoss - 0.1, Inaccuracy},
		{MistakeLoss, Mistake}, {BlunderLoss - 0.1, Mistake}, {BlunderLoss, Blunder}, {100, Blunder},
	} {
		if got := Classify(c.loss); got != c.want {
			t.Errorf("loss %v: %v, want %v", c.loss, got, c.want)
		}
	}
}

// TestAnalyseReportsEachDepth: the analysis of a Marseillais position reports depth 1, 2, ...
// with growing node counts, a legal best line written with M6 commas, and ends with a final
// report.
func TestAnalyseReportsEachDepth(t *testing.T) {
	g := game(t, "marseillais", "", "1.e4 e5,Nc6")
	a := New(g.Variant(), 16)
	var reps []Report
	r, err := a.AnalyseGame(g, Options{Depth: 4}, func(r Report) { reps = append(reps, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) < 2 || !reps[len(reps)-1].Final || !r.Final {
		t.Fatalf("reports %+v", reps)
	}
	for i, rep := range reps[:len(reps)-1] {
		if rep.Depth != i+1 || (i > 0 && rep.Nodes < reps[i-1].Nodes) {
			t.Errorf("report %d: depth %d, nodes %d", i, rep.Depth, rep.Nodes)
		}
	}
	if r.Depth != 4 || len(r.Line) < 2 {
		t.Fatalf("final %+v", r)
	}
	if !strings.HasPrefix(r.Text, "2.") || !strings.Contains(r.Text, ",") {
		t.Errorf("line %q: want White's second turn, plies joined by commas (M6)", r.Text)
	}
	if best := r.Best(g.Variant(), g.State()); len(best) != 2 {
		t.Errorf("best turn %v: want White's two plies", best)
	}
}

// TestAnalyseMate: a mate is reported in the mating side's turns, from White's side.
func TestAnalyseMate(t *testing.T) {
	for _, c := range []struct {
		name, id, fen string
		want          int
	}{
		{"orthodox, White mates in 1", "orthodox", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
		{"orthodox, Black mates in 1", "orthodox", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", -1},
		{"Marseillais, a two-ply mate is one turn", "marseillais", "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 5", 1},
		{"orthodox, mate in 2", "orthodox", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := game(t, c.id, c.fen, "")
			r, err := New(g.Variant(), 14).AnalyseGame(g, Options{Depth: 6}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Eval.Mate != c.want {
				t.Errorf("eval %v (line %s), want #%d", r.Eval, r.Text, c.want)
			}
		})
	}
}

// TestAnalyseStop: a stop ends a continuous analysis (no budget) with a final report.
func TestAnalyseStop(t *testing.T) {
	g := game(t, "sdm", "", "")
	var stop atomic.Bool
	a := New(g.Variant(), 14)
	done := make(chan Report, 1)
	go func() {
		r, err := a.AnalyseGame(g, Options{Stop: &stop}, func(r Report) {
			if r.Depth >= 3 {
				stop.Store(true)
			}
		})
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	select {
	case r := <-done:
		if !r.Final || len(r.Line) == 0 {
			t.Errorf("final report %+v", r)
		}
	case <-time.After(20 * time.Second):
		stop.Store(true)
		t.Fatal("the analysis did not stop")
	}
}

// diceCheck is a dice position before Black's roll: the White king stands in check from the
// rook on e2 after passing (D3), so that every roll allowing the rook (a 4) or a double lets
// Black take the king (D4).
const diceCheck = "{roll 4-3} Re2+ {roll 1-2} --"

// TestD1_RollTable: before the roll the analysis gives the 21 distinct rolls with their
// chances (1/36 for a double, 2/36 otherwise) and values; the rolls that take the king are
// won for Black; the evaluation is the expectation over the rolls.
func TestD1_RollTable(t *testing.T) {
	g := game(t, "dice", "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10", diceCheck)
	r, err := New(g.Variant(), 14).AnalyseGame(g, Options{Depth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Rolls) != 21 {
		t.Fatalf("%d rolls, want 21", len(r.Rolls))
	}
	weights, wins := 0, 0
	seen := map[turn.Dice]bool{}
	for _, rv := range r.Rolls {
		weights += rv.Weight
		if seen[rv.Roll] {
			t.Errorf("roll %v twice", rv.Roll)
		}
		seen[rv.Roll] = true
		takes := rv.Roll.Double() || rv.Roll.A == 4 || rv.Roll.B == 4
		if takes != (rv.Eval.Mate < 0) {
			t.Errorf("roll %v: %v (%s); a king capture: %v", rv.Roll, rv.Eval, rv.Text, takes)
		}
		if takes {
			wins++
			if !strings.Contains(rv.Text, "xe1") {
				t.Errorf("roll %v: best %q, want the king taken", rv.Roll, rv.Text)
			}
		}
	}
	if weights != 36 || wins != 11 {
		t.Errorf("weights %d (want 36), king captures %d (want 11)", weights, wins)
	}
	if want := expectation(r.Rolls); r.Eval != want || r.Eval.CP >= 0 {
		t.Errorf("eval %v, want the expectation %v, good for Black", r.Eval, want)
	}
}

// TestD1_BestPlyForTheRoll: after the roll, the analysis gives the best ply that roll allows.
func TestD1_BestPlyForTheRoll(t *testing.T) {
	g := game(t, "dice", "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10", diceCheck+" {roll 4-1}")
	r, err := New(g.Variant(), 14).AnalyseGame(g, Options{Depth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Rolls) != 0 || len(r.Line) == 0 || r.Line[0].Kind != turn.TakeKing || r.Eval.Mate >= 0 {
		t.Errorf("after 4-1: %+v, want the king taken", r)
	}
}

// TestAnalyseProgressive: a progressive position is analysed by series, written with P8
// numbers, and a mating series is found.
func TestAnalyseProgressive(t *testing.T) {
	g := game(t, "progressive-italian", "", "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#")
	if !g.Outcome().Over() {
		t.Fatal("the reference game does not end in mate")
	}
	g = game(t, "progressive-italian", "", "1.e4 2.e5 Nf6")
	r, err := New(g.Variant(), 14).AnalyseGame(g, Options{Nodes: 200_000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Eval.Mate != 1 || !strings.HasPrefix(r.Text, "3.") || !strings.HasSuffix(r.Text, "#") {
		t.Errorf("analysis %v %q, want White's mating series", r.Eval, r.Text)
	}
}

// TestLineStartsInsideATurn: a line from the middle of a turn shows the plies made as an
// ellipsis (M6).
func TestLineStartsInsideATurn(t *testing.T) {
	g := game(t, "marseillais", "", "1.e4 e5")
	s, v := g.State(), g.Variant()
	nc6, err := turn.Find(v, s, engine.B8, engine.C6, engine.NoPieceType, false)
	if err != nil {
		t.Fatal(err)
	}
	nf3, err := turn.Find(v, v.Do(s, nc6), engine.G1, engine.F3, engine.NoPieceType, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Line(v, s, []turn.Action{nc6, nf3}), "1...…,Nc6 2.Nf3"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestHintIsTheBestTurn: a hint is the turn that mates when one does, all of the turn's
// plies (M1: two in Marseillais, where no single ply mates: the knight on a8 blocks the
// rook); before a dice roll there is none.
func TestHintIsTheBestTurn(t *testing.T) {
	g := game(t, "marseillais", "N5k1/5ppp/8/8/8/8/8/R5K1 w - - 0 5", "")
	a := New(g.Variant(), 14)
	best, r, err := a.Hint(g, Options{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(best) != 2 || r.Eval.Mate != 1 {
		t.Fatalf("hint %v (%s, %v), want a mating turn of two plies", best, r.Text, r.Eval)
	}
	for _, x := range best {
		if err := g.Apply(x); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); o.Result != turn.WhiteWins {
		t.Errorf("the hinted turn ends %v", o)
	}
	d := game(t, "dice", "", "")
	if _, _, err := New(d.Variant(), 10).Hint(d, Options{}); err != ErrRollFirst {
		t.Errorf("dice before the roll: %v", err)
	}
}
