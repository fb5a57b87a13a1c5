package turn

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/plyground/plyground/engine"
)

func TestDice(t *testing.T) {
	seen := map[Dice]bool{}
	for i := 0; i < NumRolls; i++ {
		d := DiceFromIndex(i)
		if !d.Valid() || d.Index() != i || seen[d] {
			t.Fatalf("index %d gives %v (index %d)", i, d, d.Index())
		}
		seen[d] = true
		back, err := ParseDice(d.String())
		if err != nil || back != d {
			t.Fatalf("ParseDice(%q) = %v, %v", d.String(), back, err)
		}
	}
	d := Dice{3, 5}
	if !d.Allows(engine.Bishop) || !d.Allows(engine.Queen) || d.Allows(engine.Pawn) || d.Double() {
		t.Errorf("3-5 allows bishop and queen only")
	}
	if dd := (Dice{2, 2}); !dd.Allows(engine.King) || dd.Shows(engine.King) {
		t.Errorf("a double allows every piece but shows only its number")
	}
	for _, bad := range []string{"", "0-1", "7-1", "3-", "3x5", "3-5 "} {
		if _, err := ParseDice(bad); err == nil {
			t.Errorf("ParseDice(%q) should fail", bad)
		}
	}
	if (Dice{}).Valid() || (Dice{}).Index() != -1 {
		t.Error("the zero Dice is not a roll")
	}
}

func TestActionKeysAreUniqueAndOrdered(t *testing.T) {
	for _, fen := range []string{engine.StartFEN,
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"} {
		p, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		keys := map[uint32]Action{}
		for _, m := range p.LegalMoves(nil) {
			for _, a := range []Action{PlyAction(m), SpendAction(m)} {
				if b, dup := keys[a.Key()]; dup {
					t.Fatalf("%v and %v share key %d", a, b, a.Key())
				}
				keys[a.Key()] = a
			}
		}
	}
	for i := 0; i+1 < NumRolls; i++ {
		if RollAction(DiceFromIndex(i)).Key() >= RollAction(DiceFromIndex(i+1)).Key() {
			t.Fatal("rolls must be ordered by their index")
		}
	}
	p := engine.StartPosition()
	var a3, h4 Action
	for _, m := range p.LegalMoves(nil) {
		switch m.UCI() {
		case "a2a3":
			a3 = PlyAction(m)
		case "h2h4":
			h4 = PlyAction(m)
		}
	}
	acts := []Action{h4, a3}
	SortActions(acts)
	if acts[0] != a3 {
		t.Error("a2a3 sorts before h2h4 (by from square, then to square)")
	}
}

func TestActionText(t *testing.T) {
	p := engine.StartPosition()
	m, _ := p.ParseUCI("e2e4")
	for _, c := range []struct {
		a    Action
		want string
	}{
		{PlyAction(m), "e2e4"}, {SpendAction(m), "e2e4+spend"}, {PassAction(), "pass"},
		{RollAction(Dice{3, 5}), "roll 3-5"}, {TakeKingAction(engine.D8, engine.E1), "take d8e1"},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("%v: %q, want %q", c.a.Kind, got, c.want)
		}
	}
}

func TestOptions(t *testing.T) {
	specs := []OptionSpec{
		{Key: "tokens", Kind: Int, Default: "1", Min: 0, Max: 9},
		{Key: "swap", Kind: Bool, Default: "false"},
		{Key: "promotion", Kind: Choice, Default: "any", Values: []string{"any", "rolled"}},
	}
	vals, err := ParseOptions("swap, tokens=3", specs)
	if err != nil {
		t.Fatal(err)
	}
	if vals["swap"] != "true" || vals["tokens"] != "3" || vals["promotion"] != "any" {
		t.Errorf("values %v", vals)
	}
	if got := FormatOptions(vals, specs); got != "tokens=3,swap=true" {
		t.Errorf("canonical %q", got)
	}
	if got := FormatOptions(map[string]string{"tokens": "1", "swap": "false"}, specs); got != "" {
		t.Errorf("defaults give %q, want empty", got)
	}
	for _, bad := range []string{"nosuch=1", "tokens", "tokens=10", "tokens=x", "swap=maybe",
		"promotion=queen", "tokens=1,tokens=2"} {
		if _, err := ParseOptions(bad, specs); err == nil {
			t.Errorf("ParseOptions(%q) should fail", bad)
		}
	}
}

func TestParseFENWithSeveralEnPassantTargets(t *testing.T) {
	const fen = "4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6 0 5"
	pos, ep, full, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if ep != engine.SquareBB(engine.C6)|engine.SquareBB(engine.E6) || full != 5 {
		t.Fatalf("targets %v fullmove %d", ep.Squares(), full)
	}
	s := NewState(Setup{Position: pos, EnPassant: ep, Number: 5, Plies: 2})
	if got := FormatFEN(s, 5); got != fen {
		t.Errorf("FormatFEN = %q, want %q", got, fen)
	}
	for _, bad := range []string{
		"4k3/8/8/2pPpP2/8/8/8/4K3 w - c3 0 5",    // wrong rank
		"4k3/8/8/2pPpP2/8/8/8/4K3 w - a6 0 5",    // no pawn beyond
		"4k3/8/2n5/2pPpP2/8/8/8/4K3 w - c6 0 5",  // not empty
		"4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,c6 0 5", // twice
		"4k3/8/8/2pPpP2/8/8/8/4K3 w - c6 0 0",    // fullmove 0
		"4k3/8/8/2pPpP2/8/8/8/4K3 w - z9 0 5",
		"4k3/8/8/2pPpP2/8/8/8/4K3 w -",
	} {
		if _, _, _, err := ParseFEN(bad); err == nil || !errors.Is(err, engine.ErrFEN) {
			t.Errorf("ParseFEN(%q) should fail with engine.ErrFEN: %v", bad, err)
		}
	}
}

func TestBitStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	type item struct {
		v uint64
		n int
	}
	var items []item
	var w bitWriter
	for i := 0; i < 500; i++ {
		n := rng.IntN(12)
		v := rng.Uint64() & (1<<uint(n) - 1)
		items = append(items, item{v, n})
		w.write(v, n)
	}
	r := bitReader{data: w.flush()}
	for i, it := range items {
		v, ok := r.read(it.n)
		if !ok || v != it.v {
			t.Fatalf("item %d: read %d (%v), want %d", i, v, ok, it.v)
		}
	}
	if _, ok := r.read(8); ok {
		t.Error("reading past the end must fail")
	}
	for n, want := range map[int]int{0: 0, 1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 36: 6, 218: 8} {
		if got := width(n); got != want {
			t.Errorf("width(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestLexPGN(t *testing.T) {
	toks, err := lexPGN("[Event \"a \\\"b\\\"\"]\n% escape\n1.e4 {roll 1-2} e5,Nc6 $1 (2.d4) 12...Nf6! ; rest\n--  1/2-1/2")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, []string{"tag", "comment", "num", "sym", "nag", "result", "(", ")"}[tk.kind]+":"+tk.text+tk.value)
	}
	want := "tag:Eventa \"b\" num:1. sym:e4 comment:roll 1-2 sym:e5,Nc6 nag:$1 (:( num:2. sym:d4 ):) num:12... sym:Nf6! comment:rest sym:-- result:1/2-1/2"
	if strings.Join(got, " ") != want {
		t.Errorf("tokens\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	for _, bad := range []string{"{open", "[Event \"x", "[Event x]", "}", "$", "[ \"x\"]"} {
		if _, err := lexPGN(bad); err == nil {
			t.Errorf("lexPGN(%q) should fail", bad)
		}
	}
}

func TestOutcomeAndRuleErrorText(t *testing.T) {
	o := Outcome{Draw, ProgressiveStalemate, "P5"}
	if got := o.String(); got != "Draw: progressive stalemate (P5)" {
		t.Errorf("%q", got)
	}
	if got := (Outcome{}).String(); got != "Ongoing" {
		t.Errorf("%q", got)
	}
	err := Refuse("Italian", "P4", "check only on the last ply of a series")
	if err.Error() != "Italian rule P4: check only on the last ply of a series" || !errors.Is(err, ErrIllegal) {
		t.Errorf("%q", err)
	}
	if e := WhiteResigns.Outcome(); e.Result != BlackWins || e.Reason != Resignation {
		t.Errorf("resignation: %v", e)
	}
}

func TestClockIncrementPerTurn(t *testing.T) {
	t0 := time.Unix(0, 0)
	s := NewState(Setup{Position: engine.StartPosition(), Number: 1, Plies: 2})
	c := NewClock(time.Minute, 2*time.Second).Update(s, Outcome{}, t0)
	mid := s.Play(s.LegalPlies(nil)[0])
	c = c.Update(mid, Outcome{}, t0.Add(3*time.Second)) // same turn: no increment yet
	if got := c.Left(engine.White, t0.Add(3*time.Second)); got != 57*time.Second {
		t.Fatalf("White %v after 3 s, want 57 s", got)
	}
	end := mid.Play(mid.LegalPlies(nil)[0]).EndTurn(engine.Black, 2, 1)
	c = c.Update(end, Outcome{}, t0.Add(5*time.Second))
	if got := c.Left(engine.White, t0.Add(9*time.Second)); got != 57*time.Second {
		t.Errorf("White %v after the turn, want 55 s + 2 s increment", got)
	}
	if got := c.Left(engine.Black, t0.Add(9*time.Second)); got != 56*time.Second {
		t.Errorf("Black %v after 4 s of its turn, want 56 s", got)
	}
	if _, flagged := c.Flagged(t0.Add(66 * time.Second)); !flagged {
		t.Error("Black flags after 60 s of its turn")
	}
	c = c.Update(end, Outcome{Result: Draw}, t0.Add(10*time.Second))
	if _, running := c.Running(); running {
		t.Error("the clock stops when the game ends")
	}
}

func FuzzLexPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n1.e4 e5,Nc6 {roll 1-2} -- $3 (1...d5) 1-0")
	f.Add("{unterminated")
	f.Fuzz(func(t *testing.T, s string) {
		toks, err := lexPGN(s)
		if err == nil {
			for _, tk := range toks {
				if tk.line < 1 || tk.col < 1 {
					t.Fatalf("token %q at %d:%d", tk.text, tk.line, tk.col)
				}
			}
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	f.Add("4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6 0 5")
	f.Add(engine.StartFEN)
	f.Fuzz(func(t *testing.T, fen string) {
		pos, ep, full, err := ParseFEN(fen)
		if err != nil {
			if !errors.Is(err, engine.ErrFEN) {
				t.Fatalf("ParseFEN(%q): %v does not wrap engine.ErrFEN", fen, err)
			}
			return
		}
		s := NewState(Setup{Position: pos, EnPassant: ep, Number: full, Plies: 1})
		out := FormatFEN(s, full)
		if _, _, _, err := ParseFEN(out); err != nil {
			t.Fatalf("FormatFEN gave %q, which does not parse: %v", out, err)
		}
	})
}

// TestActionPacks checks that an Action takes 12 bytes: the search's table holds one in
// every entry, and a larger one would make every entry larger (40 bytes instead of 32).
func TestActionPacks(t *testing.T) {
	if got := unsafe.Sizeof(Action{}); got > 12 {
		t.Errorf("an Action takes %d bytes, want 12", got)
	}
}
