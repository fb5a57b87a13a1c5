package dice

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

func start(t *testing.T, o Options, fen string) (Variant, turn.State) {
	t.Helper()
	v := New(o)
	s, err := v.Start(fen)
	if err != nil {
		t.Fatal(err)
	}
	return v, s
}

func roll(t *testing.T, v Variant, s turn.State, a, b uint8) turn.State {
	t.Helper()
	next, err := turn.Apply(v, s, turn.RollAction(turn.Dice{A: a, B: b}))
	if err != nil {
		t.Fatalf("roll %d-%d: %v", a, b, err)
	}
	return next
}

func plies(v Variant, s turn.State) (n int, kinds map[turn.Kind]int) {
	kinds = map[turn.Kind]int{}
	for _, a := range v.Actions(s, nil) {
		kinds[a.Kind]++
		if a.Kind == turn.Ply {
			n++
		}
	}
	return n, kinds
}

func find(t *testing.T, v Variant, s turn.State, uci string) turn.Action {
	t.Helper()
	for _, m := range s.LegalPlies(nil) {
		if m.UCI() == uci {
			return turn.PlyAction(m)
		}
	}
	t.Fatalf("%s is not an orthodox ply", uci)
	return turn.Action{}
}

func wantRule(t *testing.T, err error, rule string) {
	t.Helper()
	var re *turn.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Fatalf("error %v: want rule %s", err, rule)
	}
}

func TestD1_RollChoosesPieceTypes(t *testing.T) {
	v, s := start(t, Options{}, "")
	if acts := v.Actions(s, nil); len(acts) != turn.NumRolls || acts[0].Kind != turn.Roll {
		t.Fatalf("a turn starts with one of the 36 rolls, got %d actions", len(acts))
	}
	for _, c := range []struct {
		a, b uint8
		want int
	}{{1, 2, 20}, {1, 1, 20}, {5, 5, 20}, {1, 6, 16}, {2, 6, 4}, {3, 4, 0}} {
		n, kinds := plies(v, roll(t, v, s, c.a, c.b))
		if n != c.want {
			t.Errorf("roll %d-%d: %d plies, want %d", c.a, c.b, n, c.want)
		}
		if c.want == 0 && kinds[turn.Pass] != 1 {
			t.Errorf("roll %d-%d: want the pass alone, got %v", c.a, c.b, kinds)
		}
	}
}

func TestD1_MovingIsCompulsory(t *testing.T) {
	v, s := start(t, Options{}, "")
	s = roll(t, v, s, 1, 2)
	_, err := turn.Apply(v, s, turn.PassAction())
	wantRule(t, err, "D1")
	v2, s2 := start(t, Options{}, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	s2 = roll(t, v2, s2, 1, 2)
	_, err = turn.Apply(v2, s2, find(t, v2, s2, "f1c4"))
	wantRule(t, err, "D1")
}

func TestD2_CastlingOnFourSixOrDouble(t *testing.T) {
	v, s := start(t, Options{}, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	castle := find(t, v, s, "e1g1")
	for _, c := range []struct {
		a, b uint8
		ok   bool
	}{{4, 1, true}, {2, 6, true}, {3, 3, true}, {3, 5, false}, {1, 2, false}} {
		_, err := turn.Apply(v, roll(t, v, s, c.a, c.b), castle)
		if c.ok && err != nil {
			t.Errorf("roll %d-%d: castling refused: %v", c.a, c.b, err)
		}
		if !c.ok {
			wantRule(t, err, "D2")
		}
	}
}

func TestD2_EnPassantOnOneOrDouble(t *testing.T) {
	v, s := start(t, Options{}, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 10")
	ep := find(t, v, s, "e5d6")
	if _, err := turn.Apply(v, roll(t, v, s, 1, 4), ep); err != nil {
		t.Errorf("e.p. on a 1: %v", err)
	}
	if _, err := turn.Apply(v, roll(t, v, s, 5, 5), ep); err != nil {
		t.Errorf("e.p. on a double: %v", err)
	}
	_, err := turn.Apply(v, roll(t, v, s, 2, 3), ep)
	wantRule(t, err, "D2")
	// The right lapses after the turn right after the double step (here White passes).
	g, _ := turn.NewGame(v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 10")
	if err := g.PlayMovetext("{roll 2-3} -- {roll 6-2} Kd7 {roll 1-1}"); err != nil {
		t.Fatal(err)
	}
	_, err = turn.Find(v, g.State(), engine.E5, engine.D6, engine.NoPieceType, false)
	wantRule(t, err, "D2")
}

func TestD3_PassInCheck(t *testing.T) {
	g, _ := turn.NewGame(New(Options{}), "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10")
	// Black checks with Re2+... the rook on d2 moves to e2 on a 4.
	if err := g.PlayMovetext("{roll 4-3} Re2+ {roll 1-2}"); err != nil {
		t.Fatal(err)
	}
	acts := g.Variant().Actions(g.State(), nil)
	if len(acts) != 1 || acts[0] != turn.PassAction() {
		t.Fatalf("in check with 1-2: actions %v, want the pass alone", acts)
	}
	if err := g.Apply(turn.PassAction()); err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over() {
		t.Fatalf("passing in check does not lose: %v", g.Outcome())
	}
}

func TestD4_KingCapture(t *testing.T) {
	g, _ := turn.NewGame(New(Options{}), "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10")
	if err := g.PlayMovetext("{roll 4-3} Re2+ {roll 1-2} -- {roll 4-2}"); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	acts := g.Variant().Actions(s, nil)
	if len(acts) != 1 || acts[0].Kind != turn.TakeKing || acts[0].From != engine.E2 || acts[0].To != engine.E1 {
		t.Fatalf("actions %v, want the rook taking the king", acts)
	}
	for _, a := range []turn.Action{turn.PassAction()} {
		wantRule(t, g.Apply(a), "D4")
	}
	if err := g.PlayMovetext("Re2xe1"); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome()
	if o.Result != turn.BlackWins || o.Reason != turn.KingCaptured || o.Rule != "D4" {
		t.Fatalf("outcome %v, want Black wins, king captured (D4)", o)
	}
	// A roll without a rook (or a double): the king is not taken.
	g, _ = turn.NewGame(New(Options{}), "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10")
	if err := g.PlayMovetext("{roll 4-3} Re2+ {roll 1-2} -- {roll 6-2}"); err != nil {
		t.Fatal(err)
	}
	for _, a := range g.Variant().Actions(g.State(), nil) {
		if a.Kind == turn.TakeKing {
			t.Fatal("6-2 shows no rook: no king capture")
		}
	}
}

func TestD4_MateAndStalemateWhateverTheRoll(t *testing.T) {
	v, s := start(t, Options{}, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if o := v.Outcome(s); o.Result != turn.BlackWins || o.Reason != turn.Checkmate || o.Rule != "D4" {
		t.Errorf("fool's mate before the roll: %v", o)
	}
	if len(v.Actions(s, nil)) != 0 {
		t.Error("no roll after the mate")
	}
	v, s = start(t, Options{}, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if o := v.Outcome(s); o.Result != turn.Draw || o.Reason != turn.Stalemate || o.Rule != "D4" {
		t.Errorf("stalemate before the roll: %v", o)
	}
}

func TestD5_Promotion(t *testing.T) {
	const fen = "8/P6k/8/8/8/8/8/4K3 w - - 0 1"
	count := func(o Options, a, b uint8) (promos []engine.PieceType) {
		v, s := start(t, o, fen)
		for _, act := range v.Actions(roll(t, v, s, a, b), nil) {
			if act.Kind == turn.Ply && act.Move.Promotion() != engine.NoPieceType {
				promos = append(promos, act.Move.Promotion())
			}
		}
		return promos
	}
	if got := count(Options{}, 1, 3); len(got) != 4 {
		t.Errorf("default, 1-3: promotions %v, want all four", got)
	}
	if got := count(Options{}, 2, 3); len(got) != 0 {
		t.Errorf("default, 2-3: promotions %v, want none (no pawn rolled)", got)
	}
	rolled := Options{RolledPromotion: true}
	if got := count(rolled, 1, 3); len(got) != 1 || got[0] != engine.Bishop {
		t.Errorf("rolled, 1-3: promotions %v, want the bishop only", got)
	}
	if got := count(rolled, 2, 6); len(got) != 1 || got[0] != engine.Knight {
		t.Errorf("rolled, 2-6: promotions %v, want the knight only", got)
	}
	if got := count(rolled, 1, 6); len(got) != 0 {
		t.Errorf("rolled, 1-6: promotions %v, want none", got)
	}
	if got := count(rolled, 4, 4); len(got) != 4 {
		t.Errorf("rolled, 4-4: promotions %v, want all four", got)
	}
	v, s := start(t, rolled, fen)
	s = roll(t, v, s, 1, 3)
	for _, m := range s.LegalPlies(nil) {
		if m.Promotion() == engine.Queen {
			_, err := turn.Apply(v, s, turn.PlyAction(m))
			wantRule(t, err, "D5")
		}
	}
	if v.Options() != "promotion=rolled" {
		t.Errorf("options %q", v.Options())
	}
}

func TestD6_RollsAreRecordedAndNeverRerolled(t *testing.T) {
	open := func(id, opts string) (turn.Variant, error) { return Open(opts) }
	g, _ := turn.NewGame(New(Options{}), "")
	src := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60 && !g.Outcome().Over(); i++ {
		if rolled, err := RollIfDue(g, src); err != nil || !rolled {
			t.Fatalf("roll: %v %v", rolled, err)
		}
		acts := g.Variant().Actions(g.State(), nil)
		if err := g.Apply(acts[src.IntN(len(acts))]); err != nil {
			t.Fatal(err)
		}
	}
	back, err := turn.Decode(g.Encode(), open)
	if err != nil {
		t.Fatal(err)
	}
	want, got := g.Actions(), back.Actions()
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("action %d: %v after decoding, want %v", i, got[i], want[i])
		}
	}
	// Undo takes back the ply but keeps the roll.
	g, _ = turn.NewGame(New(Options{}), "")
	if err := g.PlayMovetext("{roll 2-2}"); err != nil {
		t.Fatal(err)
	}
	before := g.State().Roll()
	acts := g.Variant().Actions(g.State(), nil)
	if err := g.Apply(acts[0]); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	if g.State().Roll() != before || before != (turn.Dice{A: 2, B: 2}) {
		t.Errorf("after undo the roll is %v, want %v", g.State().Roll(), before)
	}
	var c CryptoSource
	for i := 0; i < 200; i++ {
		d := Throw(c)
		if !d.Valid() {
			t.Fatalf("crypto roll %v", d)
		}
	}
}

func TestD7_PassesDoNotRepeatPositions(t *testing.T) {
	const passes = "{roll 3-4} -- {roll 3-4} -- {roll 3-4} -- {roll 3-4} --" // no bishop or rook can move
	cases := []struct {
		name, movetext, want string
	}{
		// The start comes back after every second pass: positions reached by a pass do not count.
		{"four passes", passes, "Ongoing"},
		{"eight passes", passes + " " + passes, "Ongoing"},
		// The knights' dance repeats the start by plies: its third occurrence draws; the
		// passes in between (no bishop, rook or queen can move) change nothing.
		{"plies between passes", "{roll 2-3} Nf3 {roll 2-3} Nf6 {roll 3-5} -- {roll 3-5} -- {roll 2-3} Ng1 {roll 2-3} Ng8 " +
			"{roll 2-3} Nf3 {roll 2-3} Nf6 {roll 2-3} Ng1 {roll 3-5} -- {roll 3-5} -- {roll 2-3} Ng8",
			"Draw: threefold repetition (D7)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := turn.NewGame(New(Options{}), "")
			if err != nil {
				t.Fatal(err)
			}
			if err := g.PlayMovetext(c.movetext); err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome().String(); got != c.want {
				t.Errorf("outcome %q, want %q", got, c.want)
			}
		})
	}
}
