package turn_test

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

func open(t testing.TB, id, options string) turn.Variant {
	t.Helper()
	v, err := variants.Open(id, options)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func start(t testing.TB, v turn.Variant, fen string) turn.State {
	t.Helper()
	s, err := v.Start(fen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// afterE4E5Nf6 is progressive chess after 1.e4 2.e5 Nf6: White's series 3.
const afterE4E5Nf6 = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3"

// TestP4_SolveSeriesExample checks the example in both rule sets: after 1.e4 2.e5 Nf6
// White mates with a three-ply series. The series is replayed through the rules (Apply), which
// must end the game by checkmate.
func TestP4_SolveSeriesExample(t *testing.T) {
	for _, id := range []string{"progressive-italian", "progressive-scottish"} {
		v := open(t, id, "")
		s := start(t, v, afterE4E5Nf6)
		r := search.SolveSeries[turn.State, turn.Action](turn.NewSearchGame(v), s, search.Budget{Nodes: 1_000_000})
		if !r.Mate || len(r.Actions) != 3 {
			t.Fatalf("%s: mate %v, actions %v", id, r.Mate, r.Actions)
		}
		for _, a := range r.Actions {
			var err error
			if s, err = turn.Apply(v, s, a); err != nil {
				t.Fatalf("%s: %v: %v", id, a, err)
			}
		}
		if o := v.Outcome(s); o.Result != turn.WhiteWins || o.Reason != turn.Checkmate {
			t.Errorf("%s: after %v the outcome is %v", id, r.Actions, o)
		}
	}
}

// bruteMate reports whether the mover of s has a series ending its turn with the opponent lost
// at once (checkmate or progressive checkmate), by trying every sequence of actions.
func bruteMate(v turn.Variant, s turn.State) bool {
	us := s.Mover()
	for _, a := range v.Actions(s, nil) {
		t := v.Do(s, a)
		if t.Seq() != s.Seq() || t.Ended().Over() {
			if o := v.Outcome(t); o.Result == turn.Win(us) {
				return true
			}
			continue
		}
		if bruteMate(v, t) {
			return true
		}
	}
	return false
}

// TestP2_SolveSeriesAgreesWithBruteForce checks the series-mate solver against an exhaustive
// search over every series, in positions reached by random play, with series of one to three
// plies (P1), under both rule sets (P3, P4).
func TestP2_SolveSeriesAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	mates, cases := 0, 0
	for game := 0; game < 48; game++ {
		id := "progressive-italian"
		if game%2 == 1 {
			id = "progressive-scottish"
		}
		v := open(t, id, "")
		s := start(t, v, "")
		// Random play for a few series.
		for series := 0; series < 3+game%3; series++ {
			seq := s.Seq()
			for s.Seq() == seq && !v.Outcome(s).Over() {
				acts := v.Actions(s, nil)
				s = v.Do(s, acts[rng.IntN(len(acts))])
			}
		}
		if v.Outcome(s).Over() {
			continue
		}
		fen := v.FEN(s)
		for n := 1; n <= 2+game%2; n++ {
			w := open(t, id, fmt.Sprintf("series=%d", n))
			u, err := w.Start(fen)
			if err != nil || w.Outcome(u).Over() {
				continue
			}
			want := bruteMate(w, u)
			got := search.SolveSeries[turn.State, turn.Action](turn.NewSearchGame(w), u, search.Budget{})
			cases++
			if want {
				mates++
			}
			if got.Mate != want || (!got.Mate && !got.Proved) {
				t.Errorf("%s series %d %s: solver mate %v proved %v, brute force %v", id, n, fen, got.Mate, got.Proved, want)
				continue
			}
			if got.Mate {
				for _, a := range got.Actions {
					if u, err = turn.Apply(w, u, a); err != nil {
						t.Fatalf("%s %s: solver line %v: %v", id, fen, got.Actions, err)
					}
				}
				if o := w.Outcome(u); o.Result != turn.Win(u.Mover().Other()) {
					t.Errorf("%s %s: solver line %v ends with %v", id, fen, got.Actions, o)
				}
			}
		}
	}
	t.Logf("%d positions, %d with a mate", cases, mates)
	if mates < 3 || cases < 50 {
		t.Errorf("too few cases to be meaningful: %d positions, %d with a mate", cases, mates)
	}
}

// playTurn applies the player's whole turn and returns the state after it.
func playTurn(t *testing.T, g *turn.Game, p *turn.Player, o turn.ThinkOptions) turn.Thought {
	t.Helper()
	seq := g.State().Seq()
	th, err := p.Think(g, o)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range th.Actions {
		if g.State().Seq() != seq {
			t.Fatalf("action %d (%v) after the end of the turn", i, a)
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("action %d (%v): %v", i, a, err)
		}
	}
	if g.State().Seq() == seq && !g.Outcome().Over() {
		t.Fatalf("the turn is not complete after %v", th.Actions)
	}
	return th
}

// TestM1_ThinkPlaysWholeTurn checks that the player completes a two-ply Marseillais turn
// (M1) and a progressive series (P1) with legal actions, the same side playing every ply.
func TestM1_ThinkPlaysWholeTurn(t *testing.T) {
	for _, id := range []string{"marseillais", "progressive-italian", "progressive-scottish", "sdm", "orthodox"} {
		g, err := variants.NewGame(id, "", "")
		if err != nil {
			t.Fatal(err)
		}
		p := turn.NewPlayer(g.Variant(), 12)
		for i := 0; i < 4 && !g.Outcome().Over(); i++ {
			playTurn(t, g, p, turn.ThinkOptions{Level: 1, Seed: uint64(i)})
		}
	}
}

// TestM2_DoubleMoveTakesAndRetreats checks that the search knows a double move: in
// Marseillais chess the queen takes a knight guarded by a pawn and steps back before the pawn
// can recapture, which in orthodox chess would lose the queen.
func TestM2_DoubleMoveTakesAndRetreats(t *testing.T) {
	const fen = "4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 5"
	for _, tc := range []struct {
		id   string
		take bool
	}{{"marseillais", true}, {"orthodox", false}} {
		v := open(t, tc.id, "")
		g, err := turn.NewGame(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		p := turn.NewPlayer(v, 16)
		playTurn(t, g, p, turn.ThinkOptions{Level: 4, Nodes: 40_000})
		pos := g.State().Position()
		knight := pos.Pieces(engine.Black, engine.Knight) != 0
		queen := pos.Pieces(engine.White, engine.Queen) != 0
		if tc.take && (knight || !queen) {
			t.Errorf("%s: knight left %v, queen kept %v after %s", tc.id, knight, queen, g.Movetext())
		}
		if !tc.take && !queen {
			t.Errorf("%s: the queen was lost: %s", tc.id, g.Movetext())
		}
		if !tc.take && !knight {
			// Taking the knight in orthodox chess is a blunder: exd5 wins the queen.
			t.Errorf("%s: took the guarded knight: %s", tc.id, g.Movetext())
		}
	}
}

// TestS2_SpendIsConsidered checks that a Sacrifice Token spend (S2) is a root candidate of the
// SDM search, scored like any other action.
func TestS2_SpendIsConsidered(t *testing.T) {
	v := open(t, "sdm", "")
	s := start(t, v, "")
	x := search.New[turn.State, turn.Action](turn.NewSearchGame(v), 14)
	r, err := x.Search(s, search.Options{Budget: search.Budget{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	spends := 0
	for _, rs := range r.Root {
		if rs.Action.Spend && rs.Depth > 0 && rs.Score > -search.Inf {
			spends++
		}
	}
	if spends != 20 {
		t.Errorf("%d of the 20 spends were scored at the root", spends)
	}
	if r.Action.Spend {
		t.Errorf("spent a token on the first move (%v, score %d)", r.Action, r.Score)
	}
}

// TestD1_RollsMerged checks the chance node of a dice-chess turn (D1): from the start only
// pawns (1) and knights (2) can move, so the 36 rolls fall into four classes: every ply
// (a double or 1-2: 8 in 36), pawns only (1 with 3..6: 8), knights only (8) and a pass (12).
func TestD1_RollsMerged(t *testing.T) {
	v := open(t, "dice", "")
	g := turn.NewSearchGame(v)
	node, branches := g.Expand(start(t, v, ""), nil)
	if node.Kind != search.Chance {
		t.Fatalf("kind %v, want a chance node", node.Kind)
	}
	var weights []int
	total := 0
	for _, b := range branches {
		weights = append(weights, int(b.Weight))
		total += int(b.Weight)
	}
	count := map[int]int{}
	for _, w := range weights {
		count[w]++
	}
	if total != 36 || len(branches) != 4 || count[8] != 3 || count[12] != 1 {
		t.Errorf("weights %v (total %d), want 8, 8, 8, 12", weights, total)
	}
}

// TestD1_RollsMergedAsTheirActions checks the chance nodes of dice chess (D1-D5) in positions
// reached by random play, passes and king captures included, and in positions built for the
// plies whose roll is not their piece's (castling on a king or a rook, D2; promotion on the
// promoted piece's number with rolled promotion; en passant): the search's branches (the
// actions after a double filtered by each roll) are the rolls grouped by the set of actions
// each allows, as Variant.Actions lists them after that roll, each group's weight its number
// of rolls in 36 and its first roll standing for it; and the split of the node by class
// (SearchGame.Classes) gives each roll the actions of its units together.
func TestD1_RollsMergedAsTheirActions(t *testing.T) {
	built := []string{
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", // castling both ways
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", // Black's castling
		"1n5k/P1P5/8/8/8/8/p1p5/1N5K w - - 0 1",              // promotions, with captures
		"1n5k/P1P5/8/8/8/8/p1p5/1N5K b - - 0 1",              // Black's promotions
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",                  // en passant
		"r3k2r/1P6/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1",       // all of them at once
	}
	for _, opts := range []string{"", "promotion=rolled"} {
		v, err := variants.Open("dice", opts)
		if err != nil {
			t.Skipf("options %q: %v", opts, err)
		}
		g := turn.NewSearchGame(v)
		for _, fen := range built {
			s := start(t, v, fen)
			if node, _ := g.Expand(s, nil); node.Kind != search.Chance {
				t.Fatalf("%s: kind %v, want a chance node", fen, node.Kind)
			}
			checkChanceNode(t, v, g, s)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		checked := 0
		for game := 0; game < 30; game++ {
			s := start(t, v, "")
			for ply := 0; ply < 200 && !v.Outcome(s).Over(); ply++ {
				if checkChanceNode(t, v, g, s) {
					checked++
				}
				acts := v.Actions(s, nil)
				if len(acts) == 0 {
					break
				}
				s = v.Do(s, acts[rng.IntN(len(acts))])
			}
		}
		if checked < 1000 {
			t.Errorf("options %q: only %d chance nodes checked", opts, checked)
		}
	}
}

// TestD1_UnitsOrderedByCapture checks the order of a dice chess chance node's units
// (SearchGame.Classes; D1: a die allows the plies of its type): the types that can take the
// most valuable victim (or promote) come first, then the others strongest first, so that the
// search by type meets the rolls' best plies early and its windows close sooner.
func TestD1_UnitsOrderedByCapture(t *testing.T) {
	v := open(t, "dice", "")
	g := turn.NewSearchGame(v)
	tests := []struct {
		name string
		fen  string
		want string // the units' types, in order
	}{
		// No capture: queen, rook, bishop, knight, pawn, king.
		{"quiet", "4k3/8/8/8/8/8/P7/QRBNK3 w - - 0 1", "QRBNPK"},
		// The pawn takes the queen, the bishop the rook, the knight a pawn; the queen, the
		// rook and the king take nothing.
		{"captures", "4k3/8/1r6/B1q5/1P6/5p2/Q7/R5NK w - - 0 1", "PBNQRK"},
		// The pawn promotes: it goes first. Rolls of a knight or a bishop (none on the board)
		// allow no ply: the pass (D3), a unit of its own after the types.
		{"promotion", "4k3/P7/8/8/8/8/8/QR2K3 w - - 0 1", "PQRK-"},
	}
	letters := map[uint8]string{1: "P", 2: "N", 3: "B", 4: "R", 5: "Q", 6: "K"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, v, tc.fen)
			node, outcomes := g.Expand(s, nil)
			if node.Kind != search.Chance {
				t.Fatalf("not a chance node: %v", node.Kind)
			}
			masks := make([]uint8, len(outcomes))
			units := make([]turn.Action, 8)
			n, ok := g.Classes(s, outcomes, masks, units, nil)
			if !ok {
				t.Fatal("not split by type")
			}
			got := ""
			for _, u := range units[:n] {
				if u.Dice.B != 0 { // a roll of two dice: the pass
					got += "-"
					continue
				}
				got += letters[u.Dice.A]
			}
			if got != tc.want {
				t.Errorf("units %s, want %s", got, tc.want)
			}
		})
	}
}

// checkChanceNode checks the search's branches of s against every roll's actions when s is
// a chance node (TestD1_RollsMergedAsTheirActions); it reports whether s is one.
func checkChanceNode(t *testing.T, v turn.Variant, g *turn.SearchGame, s turn.State) bool {
	t.Helper()
	node, branches := g.Expand(s, nil)
	if node.Kind != search.Chance {
		return false
	}
	// The reference: every roll's actions, grouped by their set.
	type group struct {
		roll   turn.Dice
		weight int32
	}
	var groups []group
	var sets []map[turn.Action]bool
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			d := turn.Dice{A: a, B: b}
			set := map[turn.Action]bool{}
			for _, x := range v.Actions(v.Do(s, turn.RollAction(d)), nil) {
				set[x] = true
			}
			w := int32(2)
			if a == b {
				w = 1
			}
			found := false
			for i := range sets {
				if maps.Equal(sets[i], set) {
					groups[i].weight += w
					found = true
					break
				}
			}
			if !found {
				sets = append(sets, set)
				groups = append(groups, group{d, w})
			}
		}
	}
	if len(groups) != len(branches) {
		t.Fatalf("%s: %d branches, want %d groups", turn.FormatFEN(s, 1), len(branches), len(groups))
	}
	for i, b := range branches {
		if b.Action != turn.RollAction(groups[i].roll) || b.Weight != groups[i].weight {
			t.Fatalf("%s: branch %d is %v weight %d, want %v weight %d", turn.FormatFEN(s, 1), i,
				b.Action, b.Weight, groups[i].roll, groups[i].weight)
		}
	}
	// The split by class: each roll's actions are those of its units together, and the
	// node is not split only when a king may be taken (D4).
	masks := make([]uint8, len(branches))
	units := make([]turn.Action, 8)
	floors := make([]int, len(branches))
	n, ok := g.Classes(s, branches, masks, units, floors)
	if !ok {
		after := v.Actions(v.Do(s, turn.RollAction(turn.Dice{A: 1, B: 1})), nil)
		if len(after) > 0 && after[0].Kind != turn.TakeKing {
			t.Fatalf("%s: not split by class, and no king can be taken", turn.FormatFEN(s, 1))
		}
		return true
	}
	for i, m := range masks {
		union := map[turn.Action]bool{}
		for u := range n {
			if m&(1<<u) == 0 {
				continue
			}
			for _, x := range v.Actions(v.Do(s, units[u]), nil) {
				union[x] = true
			}
		}
		if !maps.Equal(union, sets[i]) {
			t.Fatalf("%s: roll %v allows %d actions, its units (mask %b of %v) %d", turn.FormatFEN(s, 1),
				groups[i].roll, len(sets[i]), m, units[:n], len(union))
		}
		// The floor: the roll's stand pat, and no unit of the roll stands pat higher.
		rolled := v.Do(s, branches[i].Action)
		if s.Position().InCheck() {
			if floors[i] != -search.Inf {
				t.Fatalf("%s: in check, roll %v has floor %d", turn.FormatFEN(s, 1), groups[i].roll, floors[i])
			}
			continue
		}
		if want := g.Evaluate(rolled); floors[i] != want {
			t.Fatalf("%s: roll %v has floor %d, Evaluate after it %d", turn.FormatFEN(s, 1), groups[i].roll, floors[i], want)
		}
		for u := range n {
			if e := g.Evaluate(v.Do(s, units[u])); m&(1<<u) != 0 && e > floors[i] {
				t.Fatalf("%s: roll %v has floor %d, its unit %v stands pat on %d", turn.FormatFEN(s, 1),
					groups[i].roll, floors[i], units[u], e)
			}
		}
	}
	return true
}

// TestD4_TakeKingAndRollFirst checks the dice-chess turn: the player asks for the roll first
// (D6), and takes a king left in check by a pass when the roll allows (D3, D4).
func TestD4_TakeKingAndRollFirst(t *testing.T) {
	v := open(t, "dice", "")
	g, err := turn.NewGame(v, "4k3/8/8/8/8/8/8/4RK2 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p := turn.NewPlayer(v, 12)
	if _, err := p.Think(g, turn.ThinkOptions{Level: 1}); !errors.Is(err, turn.ErrRollFirst) {
		t.Fatalf("before the roll: %v, want ErrRollFirst", err)
	}
	for _, a := range []turn.Action{turn.RollAction(turn.Dice{A: 1, B: 2}), turn.PassAction(), turn.RollAction(turn.Dice{A: 4, B: 5})} {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	th, err := p.Think(g, turn.ThinkOptions{Level: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(th.Actions) != 1 || th.Actions[0].Kind != turn.TakeKing {
		t.Fatalf("actions %v, want the king capture", th.Actions)
	}
}

// TestThinkDeterministic checks that a node-bounded level gives the same turn for the same
// seed.
func TestThinkDeterministic(t *testing.T) {
	for _, id := range []string{"orthodox", "marseillais", "dice", "progressive-italian"} {
		var first []turn.Action
		for i := 0; i < 2; i++ {
			g, err := variants.NewGame(id, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if id == "dice" {
				if err := g.Apply(turn.RollAction(turn.Dice{A: 1, B: 2})); err != nil {
					t.Fatal(err)
				}
			}
			// A clock that stands still: the level's time cap never binds, so that only the
			// node budget ends the search and a loaded machine cannot change the answer.
			still := func() time.Time { return time.Unix(0, 0) }
			th, err := turn.NewPlayer(g.Variant(), 14).Think(g, turn.ThinkOptions{Level: 3, Nodes: 8000, Seed: 9, Now: still})
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = th.Actions
				continue
			}
			if len(first) != len(th.Actions) {
				t.Fatalf("%s: %v then %v", id, first, th.Actions)
			}
			for j := range first {
				if first[j] != th.Actions[j] {
					t.Errorf("%s: %v then %v", id, first, th.Actions)
				}
			}
		}
	}
}

// TestThinkSpendsFixedTime checks who may begin an iteration late in the time
// (search.Budget.Fixed): with a clock that reads 80% of the time spent once the first
// iteration ends, an orthodox turn with a fixed time searches on to its depth bound, while a
// time that is a share of a game clock (ThinkOptions.Clock) and a Marseillais turn of two
// plies (M1), which keeps time for the ply its first search may leave, stop after the first
// iteration.
func TestThinkSpendsFixedTime(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		clock         bool
		want          int
	}{
		{"orthodox, fixed time", "orthodox", false, 4},
		{"orthodox, share of a clock", "orthodox", true, 1},
		{"Marseillais turn of two plies", "marseillais", false, 1},
	} {
		g, err := variants.NewGame(tc.variant, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if tc.variant == "marseillais" { // White's first turn has one ply, Black's two (M1)
			playTurn(t, g, turn.NewPlayer(g.Variant(), 12), turn.ThinkOptions{Level: 1})
		}
		start, late := time.Unix(0, 0), false
		clock := func() time.Time {
			if late {
				return start.Add(80 * time.Millisecond)
			}
			return start
		}
		th, err := turn.NewPlayer(g.Variant(), 14).Think(g, turn.ThinkOptions{Level: 5, Time: 100 * time.Millisecond,
			Depth: 4, Now: clock, Clock: tc.clock, Progress: func(search.Progress[turn.Action]) { late = true }})
		if err != nil {
			t.Fatal(err)
		}
		if th.Depth != tc.want {
			t.Errorf("%s: depth %d, want %d", tc.name, th.Depth, tc.want)
		}
	}
}

// TestThinkMatesProgressive checks that the player finds the example's mate itself.
func TestThinkMatesProgressive(t *testing.T) {
	v := open(t, "progressive-italian", "")
	g, err := turn.NewGame(v, afterE4E5Nf6)
	if err != nil {
		t.Fatal(err)
	}
	th := playTurn(t, g, turn.NewPlayer(v, 12), turn.ThinkOptions{Level: 2})
	if o := g.Outcome(); o.Result != turn.WhiteWins || !th.Mate {
		t.Errorf("after %v: %v (mate reported %v)", th.Actions, o, th.Mate)
	}
}

// TestD1_QuiescenceWeighsTheRoll checks the quiescence search at a dice roll: a queen that
// takes a knight guarded by a pawn is lost whenever the opponent's roll allows a pawn (D1: a
// 1 or a double, 16 times in 36), so even a one-ply search must not take it.
func TestD1_QuiescenceWeighsTheRoll(t *testing.T) {
	v := open(t, "dice", "")
	s := start(t, v, "7k/6pp/4p3/3n4/8/8/8/3QK3 w - - 0 1")
	s = v.Do(s, turn.RollAction(turn.Dice{A: 5, B: 5}))
	x := search.New[turn.State, turn.Action](turn.NewSearchGame(v), 12)
	r, err := x.Search(s, search.Options{Budget: search.Budget{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Action.Move.UCI() == "d1d5" {
		t.Errorf("took the guarded knight (score %d; root %v)", r.Score, r.Root)
	}
}

// TestP2_PlanAvoidsMatingReply checks that the series planner spends its budget on the
// opponent's mating replies to the series it may play: in these openings the greedy series
// (taking the queen, or developing) lets the opponent mate with its longer series (after
// 1.d3 2.g5 d5 3.Bxg5 Bxe7 Bxd8 Black mates by 4.Bc5 Nf6 Ne4 Bxf2#), and with the node budget
// of a short turn (about 50 ms) the planner must find a series after which the solver finds
// no mating reply within a much larger budget.
func TestP2_PlanAvoidsMatingReply(t *testing.T) {
	for _, tc := range []struct{ name, fen string }{
		{"1.d3 2.g5 d5", "rnbqkbnr/ppp1pp1p/8/3p2p1/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 3"},
		{"1.a3 2.Nf6 Nc6", "r1bqkb1r/pppppppp/2n2n2/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - 0 3"},
	} {
		for _, id := range []string{"progressive-italian", "progressive-scottish"} {
			v := open(t, id, "")
			g := turn.NewSearchGame(v)
			s := start(t, v, tc.fen)
			lv := search.LevelOf(search.MaxLevel)
			plan, err := search.PlanSeries[turn.State, turn.Action](g, s, search.PlanOptions{
				Budget: search.Budget{Nodes: 40_000}, MateNodes: lv.MateNodes, Width: lv.Width,
				ReplyWidth: 2 + lv.Width/16,
			})
			if err != nil {
				t.Fatalf("%s %s: %v", id, tc.name, err)
			}
			u := s
			for _, a := range plan.Actions {
				if u, err = turn.Apply(v, u, a); err != nil {
					t.Fatalf("%s %s: %v: %v", id, tc.name, a, err)
				}
			}
			if r := search.SolveSeries[turn.State, turn.Action](g, u, search.Budget{Nodes: 2_000_000}); r.Mate {
				t.Errorf("%s %s: after %v the opponent mates by %v", id, tc.name, plan.Actions, r.Actions)
			}
		}
	}
}

// TestD1_ChanceTechniquesSaveNodes checks what the techniques of the chance nodes save in
// dice chess: over positions of three seeded games, searched to depth 2 after a roll, the
// search by piece type (search.ChanceClasses) at least halves the nodes, and its Star2 probes
// (search.ChanceProbe, each type's first action) save at least a fifth. Where the rolls are
// searched one by one (ChanceClasses off), the Star2 probes (search.ChanceProbe) at least
// halve the nodes, and the killers from the outcomes' best actions (search.ChanceKillers)
// save some. (One game is too few: what the killers save over 30 turns of one game ranged
// from 9% to none with the evaluation of 2026-11-27, by the game.) The quiescence search's
// roll (search.QuiescenceRolls) costs nodes: without it a roll at the horizon is evaluated
// as it stands, and the same searches need less than a third of the nodes.
func TestD1_ChanceTechniquesSaveNodes(t *testing.T) {
	v := open(t, "dice", "")
	byRoll := search.ChanceClasses
	techniques := []search.Technique{0, byRoll, byRoll | search.ChanceProbe, byRoll | search.ChanceKillers, search.QuiescenceRolls, search.ChanceProbe}
	nodes := make([]int64, len(techniques))
	for seed := uint64(3); seed <= 5; seed++ {
		playDice(t, v, seed, 12, func(game *turn.Game, _ int) {
			for i, off := range techniques {
				th, err := turn.NewPlayer(v, 16).Think(game, turn.ThinkOptions{Level: 5, Depth: 2, Time: time.Hour, Disable: off})
				if err != nil {
					t.Fatal(err)
				}
				nodes[i] += th.Nodes
			}
		})
	}
	t.Logf("nodes to depth 2: %d with all, %d by type without the probes, %d by roll, %d by roll without the probes, %d by roll without the chance killers, %d without the quiescence search's roll",
		nodes[0], nodes[5], nodes[1], nodes[2], nodes[3], nodes[4])
	if nodes[0]*2 > nodes[1] {
		t.Errorf("nodes to depth 2: %d by piece type, %d by roll", nodes[0], nodes[1])
	}
	if nodes[0]*5 > nodes[5]*4 {
		t.Errorf("nodes to depth 2 by piece type: %d with the probes, %d without", nodes[0], nodes[5])
	}
	if nodes[1]*2 > nodes[2] {
		t.Errorf("nodes to depth 2 by roll: %d with the probes, %d without", nodes[1], nodes[2])
	}
	if nodes[1] >= nodes[3] {
		t.Errorf("nodes to depth 2 by roll: %d with the chance killers, %d without", nodes[1], nodes[3])
	}
	if nodes[4]*3 > nodes[0] {
		t.Errorf("nodes to depth 2: %d with the quiescence search's roll, %d without", nodes[0], nodes[4])
	}
}

// TestD4_ChecksAreNoisy checks that the search of dice chess treats a check as noisy (D3,
// D4: the opponent may roll no answer and lose its king): played by the quiescence search and
// never pruned, ordered after the winning captures and before the quiet moves.
func TestD4_ChecksAreNoisy(t *testing.T) {
	v := open(t, "dice", "")
	s := start(t, v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	s = v.Do(s, turn.RollAction(turn.Dice{A: 4, B: 5}))
	_, branches := turn.NewSearchGame(v).Expand(s, nil)
	seen := 0
	for _, b := range branches {
		switch b.Action.Move.UCI() {
		case "a1a8":
			seen++
			if !b.Noisy || b.Order <= 0 || b.Order >= 1<<20 {
				t.Errorf("the check Ra8+: noisy %v, order %d", b.Noisy, b.Order)
			}
		case "a1a2":
			seen++
			if b.Noisy || b.Order != 0 {
				t.Errorf("the quiet Ra2: noisy %v, order %d", b.Noisy, b.Order)
			}
		}
	}
	if seen != 2 {
		t.Fatalf("branches %v: Ra8 and Ra2 not both found", branches)
	}
}

// TestM1_CalmAndNoisyAgreeWithExpand plays random games of every variant and checks, in each
// state, that the search's shortcut views agree with Expand: Calm gives Expand's Node when it
// answers (never in check, never where Expand ends the game other than by stalemate), and
// Noisy gives the noisy branches of Expand, in the PlainPlier variants (orthodox, SDM and
// Marseillais, whose second ply M1 keeps in the same turn); the others are never Calm.
func TestM1_CalmAndNoisyAgreeWithExpand(t *testing.T) {
	for _, id := range []string{"orthodox", "sdm", "marseillais", "dice", "progressive-italian", "progressive-scottish"} {
		t.Run(id, func(t *testing.T) {
			v := open(t, id, "")
			_, plain := v.(turn.PlainPlier)
			g := turn.NewSearchGame(v)
			rng := rand.New(rand.NewPCG(7, uint64(len(id))))
			calm := 0
			for game := 0; game < 6; game++ {
				s, err := v.Start("")
				if err != nil {
					t.Fatal(err)
				}
				for step := 0; step < 160; step++ {
					node, branches := g.Expand(s, nil)
					cn, ok := g.Calm(s)
					if ok {
						calm++
						if !plain {
							t.Fatalf("%s is Calm without being a PlainPlier", v.FEN(s))
						}
						if node.Kind == search.Terminal {
							if node.InCheck || node.Outcome != search.Draw || len(branches) != 0 {
								t.Fatalf("%s: Calm where Expand ends the game: %+v", v.FEN(s), node)
							}
						} else if cn != node {
							t.Fatalf("%s: Calm gives %+v, Expand %+v", v.FEN(s), cn, node)
						}
						want := map[turn.Action]search.Branch[turn.Action]{}
						for _, b := range branches {
							if b.Noisy {
								want[b.Action] = b
							}
						}
						got := map[turn.Action]search.Branch[turn.Action]{}
						for _, b := range g.Noisy(s, nil) {
							got[b.Action] = b
						}
						if !maps.Equal(got, want) {
							t.Fatalf("%s: Noisy gives %v, Expand's noisy branches are %v", v.FEN(s), got, want)
						}
					} else if plain && node.Kind == search.Decision && !node.InCheck && s.Ply() > 0 {
						t.Fatalf("%s: a decision inside a turn without check is not Calm", v.FEN(s))
					}
					if node.Kind == search.Terminal || len(branches) == 0 {
						break
					}
					s = g.Do(s, branches[rng.IntN(len(branches))].Action)
				}
			}
			if plain && calm < 200 {
				t.Fatalf("only %d calm states met", calm)
			}
		})
	}
}

// TestD1_ExchangeIsTheExchangeEvaluationButUnderDice checks search.Exchanger, which lets the
// search skip late plies that lose material: a ply is worth its exchange evaluation, except
// in dice chess, where the roll decides which pieces may answer (D1), and it is 0.
func TestD1_ExchangeIsTheExchangeEvaluationButUnderDice(t *testing.T) {
	const fen = "4k3/8/8/4p3/3n4/8/8/3QK3 w - - 0 1"
	const epFEN = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2" // after 1...d7d5
	cases := []struct {
		fen, move string
		want      int // by the nominal values: pawn 100, knight 320, queen 950
	}{
		{fen, "d1d4", 320 - 950}, // the pawn takes back
		{fen, "d1c2", -950},      // the knight takes
		{fen, "d1e2", 320 - 950}, // the knight takes, the king takes back
		{fen, "d1a4", 0},
		{fen, "d1d3", 0},
		{epFEN, "e5d6", 100}, // e.p.: the pawn taken is not on the target square
	}
	for _, id := range []string{"orthodox", "sdm", "marseillais", "dice"} {
		t.Run(id, func(t *testing.T) {
			v := open(t, id, "")
			g := turn.NewSearchGame(v)
			for _, c := range cases {
				s := start(t, v, c.fen)
				if id == "dice" {
					s = g.Do(s, turn.RollAction(turn.Dice{5, 5})) // a double allows every ply
				}
				p, err := engine.ParseFEN(c.fen) // the state keeps the e.p. target apart
				if err != nil {
					t.Fatal(err)
				}
				m, err := p.ParseUCI(c.move)
				if err != nil {
					t.Fatal(err)
				}
				want := c.want
				if id == "dice" {
					want = 0
				}
				if got := g.Exchange(s, turn.PlyAction(m)); got != want {
					t.Errorf("%s: Exchange = %d, want %d", c.move, got, want)
				}
			}
		})
	}
}

// TestD1_HorizonAgreesWithExpand checks search.Horizon, which lets the quiescence search
// evaluate a dice roll to come without listing the rolls (D1): in dice chess it answers for
// every state awaiting its roll, checkmates and king captures (D4) and draws included, with
// the Node Expand gives, and never for a decision; in the other variants it never answers.
func TestD1_HorizonAgreesWithExpand(t *testing.T) {
	for _, id := range []string{"dice", "orthodox", "marseillais", "sdm", "progressive-italian"} {
		t.Run(id, func(t *testing.T) {
			v := open(t, id, "")
			g := turn.NewSearchGame(v)
			rng := rand.New(rand.NewPCG(11, uint64(len(id))))
			kinds := map[search.Kind]int{}
			for game := 0; game < 40; game++ {
				s := start(t, v, "")
				for step := 0; step < 600; step++ {
					node, branches := g.Expand(s, nil)
					hn, ok := g.Horizon(s)
					switch {
					case id != "dice" && ok:
						t.Fatalf("%s: Horizon answers outside dice chess: %+v", v.FEN(s), hn)
					case id == "dice" && !ok && (node.Kind == search.Chance || node.Kind == search.Terminal && s.Roll() == (turn.Dice{})):
						t.Fatalf("%s: Horizon does not answer where Expand gives a %v node", v.FEN(s), node.Kind)
					case ok && node.Kind == search.Decision:
						t.Fatalf("%s: Horizon answers %+v for a decision", v.FEN(s), hn)
					case ok && hn != node:
						t.Fatalf("%s: Horizon gives %+v, Expand %+v", v.FEN(s), hn, node)
					}
					if ok {
						kinds[hn.Kind]++
					}
					if node.Kind == search.Terminal || len(branches) == 0 {
						break
					}
					s = g.Do(s, branches[rng.IntN(len(branches))].Action)
				}
			}
			if id == "dice" && (kinds[search.Chance] < 1000 || kinds[search.Terminal] < 6) {
				t.Fatalf("met %d rolls to come and %d ends of the game, too few", kinds[search.Chance], kinds[search.Terminal])
			}
		})
	}
}

// hiddenHorizon is a dice SearchGame that never answers search.Horizon.
type hiddenHorizon struct{ *turn.SearchGame }

func (hiddenHorizon) Horizon(turn.State) (search.Node, bool) { return search.Node{}, false }

// TestD1_HorizonChangesNoResult checks that search.Horizon saves work alone: the same
// searches of dice chess positions (D1), with the quiescence search's roll and without it
// (the technique qroll), give the same score, action and node count whether the game
// answers Horizon or not.
func TestD1_HorizonChangesNoResult(t *testing.T) {
	v := open(t, "dice", "")
	checked := 0
	playDice(t, v, 5, 14, func(game *turn.Game, _ int) {
		s := game.State()
		for _, off := range []search.Technique{0, search.QuiescenceRolls} {
			var results [2]search.Result[turn.Action]
			for i, g := range []search.Game[turn.State, turn.Action]{turn.NewSearchGame(v), hiddenHorizon{turn.NewSearchGame(v)}} {
				x := search.New(g, 14)
				r, err := x.Search(s, search.Options{Budget: search.Budget{Depth: 2}, Disable: off})
				if err != nil {
					t.Fatal(err)
				}
				results[i] = r
			}
			a, b := results[0], results[1]
			if a.Score != b.Score || a.Action != b.Action || a.Nodes != b.Nodes {
				t.Fatalf("%s (off %v): with Horizon %v %d in %d nodes, without %v %d in %d nodes",
					v.FEN(s), off, a.Action, a.Score, a.Nodes, b.Action, b.Score, b.Nodes)
			}
			checked++
		}
	})
	if checked < 16 {
		t.Fatalf("only %d searches compared", checked)
	}
}

// playDice plays a dice chess game of up to turns turns from the start: each turn a roll
// drawn from seed, then level 5's ply at 2,000 nodes. It calls visit after each roll that
// does not end the game, with the turn's number from 0.
func playDice(tb testing.TB, v turn.Variant, seed uint64, turns int, visit func(game *turn.Game, n int)) {
	tb.Helper()
	game, err := turn.NewGame(v, "")
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 4))
	mover := turn.NewPlayer(v, 16)
	for n := 0; n < turns && !game.Outcome().Over(); n++ {
		if err := game.Apply(turn.RollAction(turn.Dice{A: uint8(rng.IntN(6) + 1), B: uint8(rng.IntN(6) + 1)})); err != nil {
			tb.Fatal(err)
		}
		if game.Outcome().Over() {
			break
		}
		visit(game, n)
		th, err := mover.Think(game, turn.ThinkOptions{Level: 5, Nodes: 2000})
		if err != nil {
			tb.Fatal(err)
		}
		for _, a := range th.Actions {
			if err := game.Apply(a); err != nil {
				tb.Fatal(err)
			}
		}
	}
}
