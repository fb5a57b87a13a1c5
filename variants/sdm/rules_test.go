package sdm

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

func game(t *testing.T, o Options, fen, movetext string) *turn.Game {
	t.Helper()
	g, err := turn.NewGame(New(o), fen)
	if err != nil {
		t.Fatalf("start %q: %v", fen, err)
	}
	if err := g.PlayMovetext(movetext); err != nil {
		t.Fatalf("play %q: %v", movetext, err)
	}
	return g
}

func wantRule(t *testing.T, err error, rule string) {
	t.Helper()
	var re *turn.RuleError
	if !errors.As(err, &re) || re.Rule != rule {
		t.Fatalf("error %v: want rule %s", err, rule)
	}
}

func spend(t *testing.T, s turn.State, uci string) turn.Action {
	t.Helper()
	for _, m := range s.LegalPlies(nil) {
		if m.UCI() == uci {
			return turn.SpendAction(m)
		}
	}
	t.Fatalf("no ply %s", uci)
	return turn.Action{}
}

// movers returns the side of each ply of g, as "W" and "B".
func movers(g *turn.Game) string {
	out := ""
	for _, s := range g.States()[:g.Len()] {
		out += string("WB"[s.Mover()])
	}
	return out
}

func TestS1_TokensPerSide(t *testing.T) {
	for _, c := range []struct {
		opts string
		want int
	}{{"", 1}, {"tokens=0", 0}, {"tokens=9", 9}} {
		v, err := Open(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := v.Start("")
		if s.Tokens(engine.White) != c.want || s.Tokens(engine.Black) != c.want {
			t.Errorf("%q: tokens %d/%d, want %d", c.opts, s.Tokens(engine.White), s.Tokens(engine.Black), c.want)
		}
	}
	if _, err := Open("tokens=10"); err == nil {
		t.Error("tokens=10 should be refused")
	}
	// Without tokens SDM is orthodox chess: turn-perft equals the published perft counts.
	v := New(Options{Tokens: 0})
	s, _ := v.Start("")
	if n, _ := turn.Perft(v, s, 3); n != 8902 {
		t.Errorf("tokens=0 turn-perft depth 3 = %d, want 8902", n)
	}
}

func TestS2_SpendRules(t *testing.T) {
	g := game(t, DefaultOptions(), "", "")
	if err := g.Apply(spend(t, g.State(), "e2e4")); err != nil {
		t.Fatalf("spend with 1.e4: %v", err)
	}
	if g.State().Tokens(engine.White) != 0 {
		t.Fatal("the token was not taken")
	}
	// Black's Double Move: no spend.
	wantRule(t, g.Apply(spend(t, g.State(), "e7e5")), "S2")
	if err := g.PlayMovetext("e5,Nc6"); err != nil {
		t.Fatal(err)
	}
	// White is skipped; Black moves and may spend; then White has no token left.
	if err := g.PlayMovetext("{spend} Nf6"); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext("Nf3,Nc3"); err != nil { // White's Double Move
		t.Fatal(err)
	}
	// Black is skipped: White again, without a token.
	s := g.State()
	if s.Mover() != engine.White || s.Skipped() != 1 {
		t.Fatalf("mover %v skipped %d, want White after Black's skipped turn", s.Mover(), s.Skipped())
	}
	wantRule(t, g.Apply(spend(t, s, "d2d4")), "S2")
	// In check: no spend.
	g = game(t, DefaultOptions(), "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "Bb5+")
	wantRule(t, g.Apply(spend(t, g.State(), "c7c6")), "S2")
	// A next turn already to be skipped (a state built by hand: play cannot reach it).
	v := New(Options{Tokens: 2})
	st, _ := v.Start("")
	st = st.WithQueue([]turn.Slot{{Side: engine.Black, Plies: 1}, {Side: engine.White, Plies: 0}})
	wantRule(t, v.Explain(st, spend(t, st, "e2e4")), "S2")
}

func TestS3_DoubleMoveThenSkip(t *testing.T) {
	g := game(t, DefaultOptions(), "", "{spend} e4")
	want := []turn.Slot{{Side: engine.Black, Plies: 2}, {Side: engine.White, Plies: 0}, {Side: engine.Black, Plies: 1}, {Side: engine.White, Plies: 1}}
	sched := g.Variant().Schedule(g.State(), 3)
	if s := g.State(); s.Mover() != engine.Black || s.Plies() != 2 {
		t.Fatalf("after the spend: mover %v plies %d, want Black's Double Move", s.Mover(), s.Plies())
	}
	for i, sl := range sched {
		if sl != want[i+1] {
			t.Fatalf("schedule %v, want %v", sched, want[1:])
		}
	}
	if err := g.PlayMovetext("e5,Nc6 Nf6 Nf3"); err != nil {
		t.Fatal(err)
	}
	if got := movers(g); got != "WBBBW" {
		t.Errorf("plies by %s, want WBBBW (White ply, Black ply, Black ply, White skipped, Black ply, White ply)", got)
	}
	if got := g.Movetext(); got != "1. {spend} e4 e5,Nc6 2.-- Nf6 3.Nf3" {
		t.Errorf("movetext %q", got)
	}
}

func TestS3_TempoSwap(t *testing.T) {
	g := game(t, Options{Tokens: 1, Swap: true}, "", "{spend} e4 e5,Nc6 Nf3 Nf6")
	if got := movers(g); got != "WBBWB" {
		t.Errorf("plies by %s, want WBBWB", got)
	}
	if got := g.Movetext(); got != "1. {spend} e4 e5,Nc6 2.Nf3 Nf6" {
		t.Errorf("movetext %q", got)
	}
}

func TestS3_EffectsInOrder(t *testing.T) {
	// Both sides spend in turn: each Double Move and skip comes in the order of the spends.
	g := game(t, Options{Tokens: 2}, "", "{spend} e4 e5,Nc6 {spend} Nf6 Nf3,Nc3 {spend} d4 d6,Be7 Bg4 Bd3")
	if got := movers(g); got != "WBBBWWWBBBW" {
		t.Errorf("plies by %s, want WBBBWWWBBBW", got)
	}
	if w, b := g.State().Tokens(engine.White), g.State().Tokens(engine.Black); w != 0 || b != 1 {
		t.Errorf("tokens %d/%d, want 0/1", w, b)
	}
}

// The S4 position: White spends with b3 and Black's Double Move follows.
const s4FEN = "8/8/2p5/p5n1/Pp6/8/1P3k2/7K w - - 0 10"

func TestS4_FirstPlyMateEndsGame(t *testing.T) {
	g := game(t, DefaultOptions(), "r5k1/5ppp/8/1N6/8/8/5PPP/6K1 w - - 0 20", "{spend} Nd4 Ra1#")
	o := g.Outcome()
	if o.Result != turn.BlackWins || o.Reason != turn.Checkmate || o.Rule != "S4" {
		t.Fatalf("outcome %v, want Black wins by checkmate (S4)", o)
	}
	if len(g.Variant().Actions(g.State(), nil)) != 0 {
		t.Error("the second ply must not be played")
	}
	// Turn-perft does not count the mate as a turn (the Double Move was not completed): the
	// Double Moves starting with Ra1# are missing from the count.
	v := New(DefaultOptions())
	s, _ := v.Start("r5k1/5ppp/8/1N6/8/8/5PPP/6K1 w - - 0 20")
	s = v.Do(s, spend(t, s, "b5d4"))
	entries, err := turn.Divide(v, s, 1)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range entries {
		if e.Text == "a8a1" {
			found = true
			if e.Nodes != 0 {
				t.Errorf("turn-perft counts %d turns starting with the mate Ra1#, want 0", e.Nodes)
			}
		} else if e.Nodes == 0 {
			t.Errorf("first ply %s: no complete Double Move", e.Text)
		}
	}
	if !found {
		t.Error("Ra1 is not among Black's first plies")
	}
}

func TestS4_FirstPlyCheckDoesNotEndTurn(t *testing.T) {
	// With a rook to interpose, Ra1+ is only check: Black still plays its second ply.
	g := game(t, Options{Tokens: 1, Swap: true}, "r5k1/5ppp/8/1N6/8/3R4/5PPP/6K1 w - - 0 20", "{spend} Nd4 Ra1+")
	s := g.State()
	if g.Outcome().Over() || s.Mover() != engine.Black || s.Ply() != 1 {
		t.Fatalf("outcome %v mover %v ply %d, want Black's second ply", g.Outcome(), s.Mover(), s.Ply())
	}
	if err := g.PlayMovetext("h6"); err != nil {
		t.Fatal(err)
	}
	if !g.State().InCheck() {
		t.Error("White should now answer the check")
	}
}

func TestS4_FirstPlyStalemateJudgedAtTurnEnd(t *testing.T) {
	// Black's first ply Nf3 leaves White without a legal ply; the second ply is played.
	g := game(t, Options{Tokens: 1, Swap: true}, s4FEN, "{spend} b3 Nf3")
	if o := g.Outcome(); o.Over() {
		t.Fatalf("after the first ply: %v; the position is judged when the turn ends", o)
	}
	g2 := game(t, Options{Tokens: 1, Swap: true}, s4FEN, "{spend} b3 Nf3,Ke2")
	if o := g2.Outcome(); o.Over() {
		t.Fatalf("Ke2 frees White's king: %v", o)
	}
	if err := g.PlayMovetext("c5"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != turn.Draw || o.Reason != turn.Stalemate {
		t.Fatalf("after c5 White is stalemated: %v", o)
	}
	// Without tempo swap White's turn is skipped: Black moves on and nothing is judged.
	g = game(t, DefaultOptions(), s4FEN, "{spend} b3 Nf3,c5")
	if o := g.Outcome(); o.Over() || g.State().Mover() != engine.Black {
		t.Fatalf("outcome %v mover %v, want Black to move after White's skipped turn", o, g.State().Mover())
	}
}

// TestS4MateOnSecondPlyOfDoubleMove: at the end of every turn the side just moved against is
// judged for checkmate, also when its next turn is skipped (S4).
func TestS4MateOnSecondPlyOfDoubleMove(t *testing.T) {
	cases := []struct {
		name, fen, movetext, want string
		opts                      Options
	}{
		// White's next turn is skipped: the mate still ends the game.
		{"the issue's game", "r5k1/5ppp/8/1N6/8/8/5PPP/6K1 w - - 0 20", "{spend} Nd4 h6,Ra1",
			"Black wins: checkmate (S4)", DefaultOptions()},
		// With tempo swap White moves next and is checkmated as in orthodox chess.
		{"tempo swap", "r5k1/5ppp/8/1N6/8/8/5PPP/6K1 w - - 0 20", "{spend} Nd4 h6,Ra1",
			"Black wins: checkmate (O1)", Options{Tokens: 1, Swap: true}},
		// A rook can interpose: only check, and Black plays on while White is skipped.
		{"check only", "r5k1/5ppp/8/1N6/8/3R4/5PPP/6K1 w - - 0 20", "{spend} Nd4 h6,Ra1",
			"Ongoing", DefaultOptions()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := game(t, c.opts, c.fen, c.movetext)
			if got := g.Outcome().String(); got != c.want {
				t.Fatalf("outcome %q, want %q", got, c.want)
			}
			if !g.Outcome().Over() {
				if s := g.State(); s.Mover() != engine.Black || !s.OpponentInCheck() {
					t.Errorf("mover %v: want Black to play on with White in check", s.Mover())
				}
				return
			}
			if n := len(g.Variant().Actions(g.State(), nil)); n != 0 {
				t.Errorf("%d actions after the mate, want none", n)
			}
			if err := g.PlayMovetext("Ra2"); !errors.Is(err, turn.ErrGameOver) {
				t.Errorf("a ply after the mate: %v, want ErrGameOver", err)
			}
			if !strings.HasSuffix(g.Movetext(), "Ra1#") {
				t.Errorf("movetext %q, want the mate marked", g.Movetext())
			}
		})
	}
}

func TestS5_EnPassantAfterEitherPly(t *testing.T) {
	// Black's Double Move d7-d5 (first ply) then f7-f5: White may take either pawn e.p.
	const fen = "4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10"
	for _, take := range []string{"exd6", "exf6"} {
		g := game(t, Options{Tokens: 1, Swap: true}, fen, "{spend} Kd1 d5,f5")
		if err := g.PlayMovetext(take); err != nil {
			t.Errorf("%s e.p. after the Double Move: %v", take, err)
		}
	}
	// The pawn that moved again is not taken e.p.
	g := game(t, Options{Tokens: 1, Swap: true}, fen, "{spend} Kd1 d5,d4")
	if g.State().EnPassant() != 0 {
		t.Errorf("targets %v after d5,d4", g.State().EnPassant().Squares())
	}
}

// TestS5EnPassantAcrossSkippedTurn: a double step stays open to e.p. when the opponent's turn
// after it is skipped: the opponent's next turn is its "next opportunity" (S5), as long as the
// pawn has not moved again.
func TestS5EnPassantAcrossSkippedTurn(t *testing.T) {
	cases := []struct {
		name, fen, movetext string
		legal, illegal      []string // e.p. captures that White's first ply may and may not be
	}{
		{"the issue's game", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 10", "{spend} Kd1 Kf7,d5 Kg6",
			[]string{"exd6"}, nil},
		{"both plies of the Double Move", "4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10", "{spend} Kd1 d5,f5 Ke7",
			[]string{"exd6", "exf6"}, nil},
		{"a double step in each of Black's turns", "4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10", "{spend} Kd1 Ke7,d5 f5",
			[]string{"exd6", "exf6"}, nil},
		{"the pawn moved again", "4k3/3p1p2/8/4P3/8/8/8/4K3 w - - 0 10", "{spend} Kd1 Ke7,d5 d4",
			nil, []string{"exd6"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, take := range c.legal {
				g := game(t, DefaultOptions(), c.fen, c.movetext)
				if s := g.State(); s.Mover() != engine.White || s.Ply() != 0 {
					t.Fatalf("mover %v ply %d, want White's turn after the skip", s.Mover(), s.Ply())
				}
				if err := g.PlayMovetext(take); err != nil {
					t.Errorf("%s: %v", take, err)
				}
			}
			for _, take := range c.illegal {
				g := game(t, DefaultOptions(), c.fen, c.movetext)
				from, _ := engine.ParseSquare(take[:1] + "5")
				to, _ := engine.ParseSquare(take[2:])
				if _, err := turn.Find(g.Variant(), g.State(), from, to, engine.NoPieceType, false); !errors.Is(err, turn.ErrIllegal) {
					t.Errorf("%s: %v, want it refused", take, err)
				}
				if ep := g.State().EnPassant(); ep != 0 {
					t.Errorf("e.p. targets %v", ep.Squares())
				}
			}
		})
	}
}

func TestS6_FiftyMovesCountPliesNotSkips(t *testing.T) {
	g := game(t, DefaultOptions(), "4k3/8/8/8/8/8/8/R3K3 w - - 90 60", "{spend} Ra2 Kd8,Kd7 Kc7")
	// 4 plies were made (the skipped turn is none): 94.
	if got := g.State().Position().HalfmoveClock(); got != 94 {
		t.Fatalf("halfmove clock %d, want 94", got)
	}
	if err := g.PlayMovetext("Ra3 Kb7 Ra4 Kc7 Ra5 Kb7"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Reason != turn.FiftyMoves || o.Rule != "S6" {
		t.Fatalf("outcome %v, want the fifty-move rule (S6)", o)
	}
}

func TestS6_RepetitionCountsTheSchedule(t *testing.T) {
	v := New(Options{Tokens: 2})
	a, _ := v.Start("")
	b := a.WithTokens(1, 2)
	if a.Key() == b.Key() {
		t.Error("states with different tokens must not count as the same position")
	}
	g := game(t, DefaultOptions(), "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if o := g.Outcome(); o.Reason != turn.Repetition || o.Rule != "S6" {
		t.Fatalf("outcome %v, want threefold repetition (S6)", o)
	}
}

func TestS7_SkippedTurnCostsNoTime(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	g := game(t, DefaultOptions(), "", "")
	c := turn.NewClock(5*time.Minute, 0).Update(g.State(), g.Outcome(), at(0))
	play := func(text string, sec int) {
		t.Helper()
		if err := g.PlayMovetext(text); err != nil {
			t.Fatal(err)
		}
		c = c.Update(g.State(), g.Outcome(), at(sec))
	}
	play("{spend} e4", 10) // White thinks 10 s
	play("e5", 20)         // Black's Double Move: 10 s...
	play("Nc6", 35)        // ...and 15 s
	if side, ok := c.Running(); !ok || side != engine.Black {
		t.Fatalf("after the Double Move the clock of %v runs (%v), want Black's: White's turn is skipped", side, ok)
	}
	play("Nf6", 50) // Black again, 15 s
	if got := c.Left(engine.White, at(50)); got != 5*time.Minute-10*time.Second {
		t.Errorf("White has %v, want 4m50s: the skipped turn costs nothing", got)
	}
	if got := c.Left(engine.Black, at(50)); got != 5*time.Minute-40*time.Second {
		t.Errorf("Black has %v, want 4m20s", got)
	}
	if side, _ := c.Running(); side != engine.White {
		t.Errorf("White's clock should run now")
	}
	if _, flagged := c.Flagged(at(50 + 300)); !flagged {
		t.Error("White should flag after 5 more minutes")
	}
}
