package nec

import (
	"errors"
	"strings"
	"testing"
)

func three() []Player {
	return []Player{player("white", North), player("black", North), player("green", North)}
}

// mark makes the pieces on the given squares capturable (a test shortcut for N6/N7 marks).
func mark(t *testing.T, s State, squares ...string) State {
	t.Helper()
	s.pieces = s.Pieces()
	for _, x := range squares {
		i, _ := s.indexOf(the(t, s, x).ID)
		s.pieces[i].Marks |= MarkCovered
	}
	s.b = newBoard(s.pieces)
	return s
}

// N4: A's capture depends on B's move, which depends on C's move; the walks settle in dependency
// order whatever the order of the orders.
func TestN4_DependencyChain(t *testing.T) {
	s := build(t, three(), "white R (0,0)", "white P (50,50)", "black N (0,5)", "black P (60,60)", "green B (1,7)")
	ns, rep := play(t, s, "white: Rx(0,5) / (50,51)", "black: Nx(1,7) / (60,61)", "green: B(2,8)")
	wantAt(t, ns, "(0,5)", "white R")
	wantAt(t, ns, "(60,61)", "black P")
	wantAt(t, ns, "(2,8)", "green B")
	if r := result(t, s, rep, "white"); r.Outcome != Took || r.Paradox {
		t.Errorf("white: %+v", r)
	}
}

// N4: a cycle of captures in which every piece moves whatever happens is no paradox: every
// capture fails and the pieces rotate.
func TestN4_CycleRotation(t *testing.T) {
	s := build(t, three(), "white R (0,0)", "black U (2,0)", "green B (3,3)")
	ns, rep := play(t, s, "white: Rx(2,0)", "black: Ux(3,3)", "green: Bx(0,0)")
	wantAt(t, ns, "(2,0)", "white R")
	wantAt(t, ns, "(3,3)", "black U")
	wantAt(t, ns, "(0,0)", "green B")
	if len(rep.Captures) != 0 {
		t.Errorf("captures %v", rep.Captures)
	}
	for _, r := range rep.Results {
		if r.Outcome != Missed || r.Paradox {
			t.Errorf("result %+v", r)
		}
	}
}

// NEC-D13: an odd cycle with fallbacks to other pieces has no consistent answer; every capture in
// it fails and every player plays his fallback.
func TestNEC_D13_OddCycleParadox(t *testing.T) {
	s := build(t, three(), "white R (0,0)", "white P (50,50)", "black U (2,0)", "black P (60,60)", "green B (3,3)", "green P (70,70)")
	ns, rep := play(t, s, "white: Rx(2,0) / (50,51)", "black: Ux(3,3) / (60,61)", "green: Bx(0,0) / (70,71)")
	wantAt(t, ns, "(0,0)", "white R")
	wantAt(t, ns, "(2,0)", "black U")
	wantAt(t, ns, "(3,3)", "green B")
	wantAt(t, ns, "(50,51)", "white P")
	wantAt(t, ns, "(60,61)", "black P")
	wantAt(t, ns, "(70,71)", "green P")
	for _, r := range rep.Results {
		if r.Step != 1 || !r.Paradox || r.Tried[0] != Missed {
			t.Errorf("result %+v", r)
		}
	}
}

// NEC-D13: an even cycle has two consistent answers; the rule picks neither: both fallbacks.
// Without fallbacks the two rooks swap; with one fallback the cycle unties itself.
func TestNEC_D13_EvenCycle(t *testing.T) {
	pos := func() State {
		return build(t, []Player{player("white", North), player("black", South)},
			"white R (0,0)", "white P (50,50)", "black R (0,5)", "black P (60,60)")
	}
	t.Run("both_fallbacks", func(t *testing.T) {
		s := pos()
		ns, rep := play(t, s, "white: Rx(0,5) / (50,51)", "black: Rx(0,0) / (60,59)")
		wantAt(t, ns, "(0,0)", "white R")
		wantAt(t, ns, "(0,5)", "black R")
		if len(rep.Captures) != 0 || !rep.Results[0].Paradox || !rep.Results[1].Paradox {
			t.Errorf("report %v", rep)
		}
	})
	t.Run("swap", func(t *testing.T) {
		ns, rep := play(t, pos(), "white: Rx(0,5)", "black: Rx(0,0)")
		wantAt(t, ns, "(0,5)", "white R")
		wantAt(t, ns, "(0,0)", "black R")
		if len(rep.Captures) != 0 {
			t.Errorf("captures %v", rep.Captures)
		}
	})
	t.Run("one_fallback", func(t *testing.T) {
		// Black's rook moves whatever happens, so white's capture fails and white plays the pawn;
		// white's rook then stays and black's capture succeeds.
		ns, rep := play(t, pos(), "white: Rx(0,5) / (50,51)", "black: Rx(0,0)")
		wantAt(t, ns, "(0,0)", "black R")
		wantAt(t, ns, "(50,51)", "white P")
		if len(rep.Captures) != 1 || rep.Results[0].Paradox || rep.Results[1].Paradox {
			t.Errorf("report %v", rep)
		}
	})
}

// NEC-D13/N8: two capturable rooks capturing each other: the paradox rule declares both safe and
// they swap like any two failed captures; when only one is capturable, the other wins.
func TestNEC_D13_CapturablePair(t *testing.T) {
	pos := func() State {
		return build(t, []Player{player("white", North), player("black", South)},
			"white R (0,0)", "white P (50,50)", "black R (0,5)", "black P (60,60)")
	}
	s := mark(t, pos(), "(0,0)", "(0,5)")
	ns, rep := play(t, s, "white: Rx(0,5)", "black: Rx(0,0)")
	wantAt(t, ns, "(0,5)", "white R")
	wantAt(t, ns, "(0,0)", "black R")
	if len(rep.Captures) != 0 || !rep.Results[0].Paradox || !rep.Results[1].Paradox {
		t.Errorf("report %v", rep)
	}

	s = mark(t, pos(), "(0,0)")
	ns, rep = play(t, s, "white: Rx(0,5)", "black: Rx(0,0)")
	wantAt(t, ns, "(0,0)", "black R")
	wantAt(t, ns, "(0,5)")
	if r := result(t, s, rep, "white"); r.Outcome != Cancelled || r.Paradox {
		t.Errorf("white %+v", r)
	}
}

// N8: "move my capturable piece here; if it is actually captured, move this other piece instead".
func TestN8_IfCapturedFallback(t *testing.T) {
	pos := func() State {
		return build(t, []Player{player("white", North), player("black", South)},
			"white R (0,0)", "white P (50,50)", "black R (0,5)")
	}
	s := mark(t, pos(), "(0,0)")
	ns, rep := play(t, s, "white: R(0,3) / if captured: (50,51)", "black: Rx(0,0)")
	wantAt(t, ns, "(0,0)", "black R")
	wantAt(t, ns, "(50,51)", "white P")
	if r := result(t, s, rep, "white"); r.Step != 1 || r.Tried[0] != Cancelled {
		t.Errorf("white %+v", r)
	}
	// Not captured: the capturable rook moves.
	ns, _ = play(t, s, "white: R(0,3) / if captured: (50,51)")
	wantAt(t, ns, "(0,3)", "white R")
	// A piece that cannot be captured while moving cannot have an if-captured fallback.
	if _, err := pos().ParseOrder(0, "R(0,3) / if captured: (50,51)"); !errors.Is(err, ErrUnreachableStep) {
		t.Errorf("got %v", err)
	}
}

// NEC-D7: after a failure the walk goes on at the first later step whose condition matches.
func TestNEC_D7_SkipRule(t *testing.T) {
	pos := func() State {
		s := build(t, []Player{player("white", North), player("black", South)},
			"white R (0,0)", "white P (50,50)", "black R (0,5)", "black B (3,3)")
		return mark(t, s, "(0,0)")
	}
	const white = "white: Rx(0,5) / R(5,0) / if captured: (50,51)"
	s := pos()
	ns, rep := play(t, s, white, "black: Bx(0,0)")
	wantAt(t, ns, "(50,51)", "white P")
	wantAt(t, ns, "(0,0)", "black B")
	wantAt(t, ns, "(0,5)", "black R") // the cancelled capture made no capture (NEC-D15)
	if r := result(t, s, rep, "white"); r.Step != 2 || len(r.Tried) != 1 || r.Tried[0] != Cancelled {
		t.Errorf("white %+v", r)
	}
	ns, rep = play(t, s, white, "black: R(0,5)-(6,5)")
	wantAt(t, ns, "(5,0)", "white R")
	if r := result(t, s, rep, "white"); r.Step != 1 || r.Tried[0] != Missed {
		t.Errorf("white %+v", r)
	}
}

// N9/NEC-D15: a stolen piece's move is cancelled and makes no capture.
func TestNEC_D15_StolenPieceCapturesNothing(t *testing.T) {
	s := build(t, []Player{player("green", North), player("cyan", North)},
		"green TT (11,-5)", "green P (14,-2)", "green P (-20,20)", "cyan U (16,-5)")
	s, _ = play(t, s, "cyan: U(13,-4)", "green: (-20,21)")
	ns, rep := play(t, s, "green: TTx(16,-5)", "cyan: Ux(14,-2)")
	wantAt(t, ns, "(14,-2)", "green P")
	wantAt(t, ns, "(16,-5)", "green TT")
	if len(rep.Captures) != 1 || rep.Captures[0].Piece.Kind != Unicorn {
		t.Errorf("captures %v", rep.Captures)
	}
}

// NEC-D12: a moving piece that a time thief steals still dodges an ordinary capture on its square.
func TestNEC_D12_StolenPieceDodges(t *testing.T) {
	s := build(t, []Player{player("green", North), player("cyan", North), player("crimson", South)},
		"green TT (11,-5)", "green P (-20,20)", "cyan U (16,-5)", "crimson R (10,0)", "crimson P (-50,50)")
	// The rook arrives as the unicorn does, so the unicorn is not capturable (N7 needs a cover on
	// the visible board).
	s, _ = play(t, s, "cyan: U(13,-4)", "crimson: R(13,0)")
	wantMarks(t, s, "(13,-4)", 0)
	ns, rep := play(t, s, "green: TTx(16,-5)", "cyan: U(12,-6)", "crimson: Rx(13,-4) / (-50,49)")
	if r := result(t, s, rep, "crimson"); r.Step != 1 || r.Tried[0] != Missed {
		t.Errorf("crimson %+v", r)
	}
	wantAt(t, ns, "(13,0)", "crimson R")
	if score(ns, "green") != 5 || score(ns, "crimson") != 0 {
		t.Errorf("scores %d %d", score(ns, "green"), score(ns, "crimson"))
	}
}

// NEC-D14: two players capture the same piece: each scores it, and the capturers crowd (N5).
func TestNEC_D14_DoubleCapture(t *testing.T) {
	s := build(t, three(), "white R (0,-5)", "black R (5,0)", "green P (0,0)", "green P (9,9)")
	ns, rep := play(t, s, "white: Rx(0,0)", "black: Rx(0,0)")
	wantAt(t, ns, "(0,0)", "white R", "black R")
	if score(ns, "white") != 1 || score(ns, "black") != 1 || len(rep.Captures) != 2 {
		t.Errorf("captures %v", rep.Captures)
	}
	if len(ns.CrowdedPieces()) != 2 {
		t.Errorf("crowded %v", ns.CrowdedPieces())
	}
}

// N5/NEC-D18/NEC-D19: a capture onto a crowded square hits the pieces that stay; the ones that leave
// escape; a captured crowded piece counts as captured, not as dead of crowding.
func TestNEC_D19_CaptureOnCrowdedSquare(t *testing.T) {
	s := build(t, []Player{player("blue", North), player("green", North), player("crimson", South)},
		"blue P (12,-7)", "blue P (14,-7)", "green R (10,-6)", "crimson R (8,0)")
	s, _ = play(t, s, "blue: (12,-6)", "green: R(12,-6)", "crimson: R(12,0)")
	// (The pawn stepped onto a square the green rook covered: it is capturable, N7.)
	ns, rep := play(t, s, "green: R(12,-10)", "crimson: Rx(12,-6)")
	wantAt(t, ns, "(12,-6)", "crimson R")
	wantAt(t, ns, "(12,-10)", "green R")
	if len(rep.Captures) != 1 || rep.Captures[0].Piece.Kind != Pawn || len(rep.CrowdDeaths) != 0 {
		t.Errorf("report %v", rep)
	}
}

// N6/NEC-D21: a target that stays under the same attack stays capturable; the age saturates.
func TestNEC_D21_ClockSaturates(t *testing.T) {
	s := build(t, []Player{player("blue", North), player("green", North)}, "blue R (0,0)", "green N (0,5)")
	for i, want := range []int{0, 1, 2, 2} {
		th, _ := threatOf(t, s, "(0,0)", "(0,5)")
		if th.Age != want || the(t, s, "(0,5)").Capturable() != (want > 0) {
			t.Errorf("after %d updates: %+v", i, th)
		}
		s, _ = play(t, s)
	}
}

// N6: every attacker has its own clock.
func TestN6_NewAttackerOwnClock(t *testing.T) {
	s := build(t, []Player{player("blue", North), player("green", North)},
		"blue R (0,0)", "blue B (2,-1)", "green N (0,5)")
	s, _ = play(t, s, "blue: B(4,1)") // the bishop now attacks (0,5) as well
	a, _ := threatOf(t, s, "(0,0)", "(0,5)")
	b, _ := threatOf(t, s, "(4,1)", "(0,5)")
	if a.Age != 1 || b.Age != 0 {
		t.Errorf("ages %d %d", a.Age, b.Age)
	}
}

// TestN6ChaseGivesNewChanceNotExemption: two pieces that come to attack each other in one update
// are exempt from each other only if neither attacked the other before it (NEC-D32). An attacker
// that follows its target onto a new line gives it a new one-update chance instead.
func TestN6ChaseGivesNewChanceNotExemption(t *testing.T) {
	cases := []struct {
		name   string
		start  State
		orders []string
		a, b   string // the two pieces after the update
		exempt bool   // their records are exempt
	}{
		{"the seed's chase (16)-(17)", pos16(t), []string{"green: Q(32,-3)", "blue: R(28,-6)-(32,-6)"},
			"(32,-6)", "(32,-3)", false},
		{"a one-way attack before: a queen chases a guard", build(t, []Player{player("blue", North), player("green", North)},
			"blue Q (0,5)", "green G (0,0)"), []string{"green: G(1,1)", "blue: Q(0,2)"},
			"(0,2)", "(1,1)", false},
		{"no attack before: simultaneous arrival (34)-(35)", pos34(t), []string{"green: Q(27,-5)", "crimson: R(32,-5)"},
			"(32,-5)", "(27,-5)", true},
		// Records written under the old rules replay under them: the chase was exempt.
		{"the seed's chase under the old rules", pos16(t).AsLegacy(), []string{"green: Q(32,-3)", "blue: R(28,-6)-(32,-6)"},
			"(32,-6)", "(32,-3)", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ns, _ := play(t, c.start, c.orders...)
			for _, pair := range [][2]string{{c.a, c.b}, {c.b, c.a}} {
				th, ok := threatOf(t, ns, pair[0], pair[1])
				if !ok || th.Age != 0 || th.Exempt != c.exempt {
					t.Errorf("%s on %s: %+v %v, want age 0, exempt %v", pair[0], pair[1], th, ok, c.exempt)
				}
			}
			// One update later, without moving: capturable unless exempt.
			ns2, _ := play(t, ns)
			var want Mark
			if !c.exempt {
				want = MarkClock
			}
			wantMarks(t, ns2, c.b, want)
		})
	}
}

// NEC-D23: an exempt record whose pair is no longer mutual restarts on the one-update clock.
func TestNEC_D23_ExemptLostWhenNotMutual(t *testing.T) {
	s := pos35(t)
	ns, _ := play(t, s, "crimson: R(32,0)") // onto the queen's diagonal: the rook no longer attacks the queen
	th, ok := threatOf(t, ns, "(27,-5)", "(32,0)")
	if !ok || th.Exempt || th.Age != 0 {
		t.Errorf("record %+v %v", th, ok)
	}
	ns2, _ := play(t, ns)
	if the(t, ns2, "(32,0)").Marks&MarkClock == 0 {
		t.Error("the rook's clock did not run")
	}
}

// NEC-D25: a pin needs an attacker that did not move; otherwise the uncovered piece gets the
// normal one update.
func TestNEC_D25_PinNeedsStillAttacker(t *testing.T) {
	ns, _ := play(t, pos30(t), "green: N(40,28)", "blue: R(34,26)")
	wantMarks(t, ns, "(44,26)", 0)
	if th, ok := threatOf(t, ns, "(34,26)", "(44,26)"); !ok || th.Age != 0 {
		t.Errorf("threat %+v %v", th, ok)
	}
}

// N8: a capturable piece may move, and escapes when nobody captures it.
func TestN8_CapturableMayMove(t *testing.T) {
	ns, _ := play(t, pos25(t), "blue: R(40,6)")
	wantAt(t, ns, "(40,6)", "blue R")
}

// N3/NEC-D9: two orders from one player are all rejected, whichever came first.
func TestNEC_D9_DuplicateOrders(t *testing.T) {
	s := pos2(t)
	ns, rep := play(t, s, "green: R(7,13)", "green: Rx(12,15)", "crimson: N(10,14)")
	wantAt(t, ns, "(12,13)", "green R")
	if len(rep.Rejected) != 2 || !errors.Is(rep.Rejected[0].Err, ErrDuplicateOrder) {
		t.Errorf("rejected %v", rep.Rejected)
	}
}

// N3, RULES.md 5: order validation.
func TestN3_Validation(t *testing.T) {
	s := build(t, []Player{player("white", North), player("black", South), player("green", East)},
		"white R (0,0)", "white P (0,1)", "white P (5,5)", "white N (9,9)", "black R (0,5)", "black P (6,6)")
	mv := func(a, b string, x bool) Step { return Step{Move: Move{From: sq(t, a), To: sq(t, b), Capture: x}} }
	many := make([]Step, MaxSteps+1)
	for i := range many {
		many[i] = mv("(9,9)", "(10,11)", false)
	}
	cases := []struct {
		name  string
		order Order
		want  error
	}{
		{"no_player", Order{Player: 7, Steps: []Step{mv("(0,0)", "(3,0)", false)}}, ErrNoSuchPlayer},
		{"eliminated", Order{Player: 2, Steps: []Step{mv("(0,0)", "(3,0)", false)}}, ErrEliminated},
		{"empty", Order{Player: 0}, ErrEmptyOrder},
		{"too_many", Order{Player: 0, Steps: many}, ErrTooManySteps},
		{"no_piece", Order{Player: 0, Steps: []Step{mv("(1,1)", "(3,1)", false)}}, ErrNoPiece},
		{"enemy_piece", Order{Player: 0, Steps: []Step{mv("(0,5)", "(0,4)", false)}}, ErrNoPiece},
		{"own_piece", Order{Player: 0, Steps: []Step{mv("(0,0)", "(0,1)", false)}}, ErrOwnPiece},
		{"blocked", Order{Player: 0, Steps: []Step{mv("(0,0)", "(0,3)", false)}}, ErrUnreachable},
		{"geometry", Order{Player: 0, Steps: []Step{mv("(0,0)", "(1,2)", false)}}, ErrUnreachable},
		{"out_of_bounds", Order{Player: 0, Steps: []Step{{Move: Move{From: sq(t, "(0,0)"), To: Sq(MaxCoord+1, 0)}}}}, ErrOutOfBounds},
		{"unmarked_capture", Order{Player: 0, Steps: []Step{mv("(5,5)", "(6,6)", false)}}, ErrUnmarkedCapture},
		{"x_on_empty_with_fallback", Order{Player: 0, Steps: []Step{mv("(0,0)", "(-3,0)", true), mv("(0,0)", "(-4,0)", false)}}, ErrNothingToCapture},
		{"x_on_empty_alone", Order{Player: 0, Steps: []Step{mv("(0,0)", "(-3,0)", true)}}, nil}, // N4: a plain move
		{"pawn_diagonal_empty", Order{Player: 0, Steps: []Step{mv("(5,5)", "(4,6)", false)}}, ErrNothingToCapture},
		{"pawn_forward_blocked", Order{Player: 1, Steps: []Step{mv("(6,6)", "(6,5)", false)}}, nil},
		{"first_condition", Order{Player: 0, Steps: []Step{{Move: Move{From: sq(t, "(0,0)"), To: sq(t, "(3,0)")}, IfCaptured: true}}}, ErrFirstStepCondition},
		{"unreachable_fallback", Order{Player: 0, Steps: []Step{mv("(0,0)", "(3,0)", false), mv("(0,0)", "(4,0)", false)}}, ErrUnreachableStep},
		{"reachable_fallback", Order{Player: 0, Steps: []Step{mv("(5,5)", "(6,6)", true), mv("(0,0)", "(4,0)", false)}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := s.Validate(c.order)
			if c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("got %v, want %v", err, c.want)
			}
		})
	}
	if err := s.Validate(Order{Player: 0, Steps: []Step{mv("(0,1)", "(0,2)", false)}}); err != nil {
		t.Error(err)
	}
	if err := s.Validate(Order{Player: 1, Steps: []Step{mv("(0,5)", "(0,1)", false)}}); !errors.Is(err, ErrUnmarkedCapture) {
		t.Error(err)
	}
}

// TestN4CaptureMarkedOnEmptySquare: an order that marks a capture on a square that is empty on
// the visible board is no capture. Alone, it is played as the plain move there, and the report
// says so; with a fallback it is refused whole (nothing there can fail); when the plain move is
// not legal either (a pawn moves diagonally only to capture), it is refused.
func TestN4CaptureMarkedOnEmptySquare(t *testing.T) {
	s := build(t, []Player{player("blue", North), player("green", North)},
		"blue P (12,-7)", "blue P (20,-7)", "green R (10,-6)", "green P (30,30)")
	cases := []struct {
		name, blue, green string
		rejected          error    // green's order refused with this, or nil
		at                []string // then (12,-6) holds these pieces
	}{
		{"the pawn arrives: crowded", "(12,-6)", "RxP(12,-6)", nil, []string{"blue P", "green R"}},
		{"nobody arrives: the rook just moves", "(20,-6)", "Rx(12,-6)", nil, []string{"green R"}},
		{"with a fallback: refused", "(12,-6)", "RxP(12,-6) / R(10,-8)", ErrNothingToCapture, []string{"blue P"}},
		{"a pawn's diagonal: refused", "(20,-6)", "(30,30)x(31,31)", ErrNothingToCapture, nil},
		// Records written under the old rules replay under them: such an order was refused.
		{"under the old rules: refused", "(12,-6)", "RxP(12,-6)", ErrNothingToCapture, []string{"blue P"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := s
			if strings.HasPrefix(c.name, "under the old rules") {
				s = s.AsLegacy()
			}
			ns, rep := play(t, s, "blue: "+c.blue, "green: "+c.green)
			if c.rejected != nil {
				wantRejected(t, s, rep, "green", c.rejected, "is empty")
			} else {
				r := result(t, s, rep, "green")
				if r.Outcome != Played || !r.Unmarked || len(rep.Captures) != 0 {
					t.Errorf("green: %+v, captures %v", r, rep.Captures)
				}
				if !strings.Contains(rep.String(), "played as a plain move") {
					t.Errorf("the report does not say why:\n%s", rep)
				}
			}
			wantAt(t, ns, "(12,-6)", c.at...)
		})
	}
}

// N1/NEC-D27: the end of a game.
func TestN1_End(t *testing.T) {
	s := pos2(t)
	ns, _ := play(t, s, "green: Rx(12,15)", "crimson: (30,29)")
	if e := ns.End(); e.Over {
		t.Errorf("over: %+v", e)
	}
	ns, rep := play(t, ns, "green: R(12,15)-(12,29)")
	_ = ns
	ns, rep = play(t, ns, "green: Rx(30,29)")
	if e := ns.End(); !e.Over || len(e.Winners) != 1 || e.Winners[0] != 0 || e.Reason != "last player standing" {
		t.Errorf("end %+v", e)
	}
	if len(rep.Eliminated) != 1 || rep.Eliminated[0] != 1 {
		t.Errorf("eliminated %v", rep.Eliminated)
	}
	if _, _, err := ns.Resolve(nil); !errors.Is(err, ErrGameOver) {
		t.Errorf("resolve after the end: %v", err)
	}

	players := []Player{player("white", North), player("black", South)}
	lim, _ := NewState(players, []Piece{{Owner: 0, Kind: Rook, Sq: Sq(0, 0)}, {Owner: 1, Kind: Pawn, Sq: Sq(0, 5)}, {Owner: 1, Kind: Pawn, Sq: Sq(9, 5)}}, Limits{MaxUpdates: 2, ScoreLimit: 1})
	ns, _ = play(t, lim)
	if ns.End().Over {
		t.Error("over after one update")
	}
	ns, _ = play(t, lim, "white: Rx(0,5)")
	if e := ns.End(); !e.Over || e.Reason != "score limit" || e.Winners[0] != 0 {
		t.Errorf("end %+v", e)
	}
	ns, _ = play(t, lim)
	ns, _ = play(t, ns)
	if e := ns.End(); !e.Over || e.Reason != "update limit" || len(e.Winners) != 2 {
		t.Errorf("end %+v", e)
	}
}

// Replay gives the same states as resolving update by update.
func TestReplay(t *testing.T) {
	s := pos10(t)
	ups := [][]Order{orders(t, s, "blue: Rx(3,-7) / G(21,-20)", "green: (3,-6)")}
	s1, _ := play(t, s, "blue: Rx(3,-7) / G(21,-20)", "green: (3,-6)")
	ups = append(ups, orders(t, s1, "blue: Rx(3,-6)", "green: (3,-5)"))
	states, reps, err := Replay(s, ups)
	if err != nil || len(states) != 2 || len(reps) != 2 || !states[0].Equal(s1) || score(states[1], "blue") != 1 {
		t.Fatalf("replay: %v", err)
	}
	if _, _, err := Replay(states[1], ups[:1]); !errors.Is(err, ErrGameOver) {
		t.Errorf("replay after the end: %v", err)
	}
}

// NEC-D13: only the closed cycle gets the default answer; a capture that merely depends on the
// cycle waits for its outcome and is then decided by the ordinary rules.
func TestNEC_D13_DownstreamOfCycle(t *testing.T) {
	s := build(t, three(), "white R (0,0)", "white P (50,50)", "black R (0,5)", "black P (60,60)",
		"green B (3,3)", "green P (70,70)")
	ns, rep := play(t, s, "white: Rx(0,5) / (50,51)", "black: Rx(0,0) / (60,61)", "green: Bx(0,0) / (70,71)")
	wantAt(t, ns, "(0,0)", "green B")
	wantAt(t, ns, "(0,5)", "black R")
	wantAt(t, ns, "(50,51)", "white P")
	wantAt(t, ns, "(60,61)", "black P")
	if r := result(t, s, rep, "green"); r.Outcome != Took || r.Paradox {
		t.Errorf("green %+v", r)
	}
	if !result(t, s, rep, "white").Paradox || !result(t, s, rep, "black").Paradox || score(ns, "green") != 5 {
		t.Errorf("report %v", rep)
	}
}
