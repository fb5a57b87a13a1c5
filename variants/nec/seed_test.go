package nec

// The forty examples of seed 003, one test each (RULES.md section 13). The seed's pictures are
// not available: each test builds the smallest position that makes the example's text true.
// Colours: the seed's "crimson-red"/"red" player is "crimson".

import (
	"errors"
	"strings"
	"testing"
)

// --- (1)-(3): the visible board; failed captures; capture fallbacks --------------------------

// pos1: a white knight on (4,13) stands between the black rook on (10,13) and (3,13).
func pos1(t testing.TB) State {
	return build(t, []Player{player("white", North), player("black", South)},
		"white N (4,13)", "black R (10,13)")
}

// N3: only moves legal on the visible board are legal; R(3,13) is blocked by the knight even
// though the knight moves away in the same update.
func TestSeedExample01(t *testing.T) {
	s := pos1(t)
	ns, rep := play(t, s, "black: R(3,13)", "white: N(3,15)")
	wantRejected(t, s, rep, "black", ErrUnreachable, "path blocked on (4,13)")
	wantAt(t, ns, "(3,15)", "white N")
	wantAt(t, ns, "(10,13)", "black R")
	// Submitting first changes nothing (play also resolves the orders reversed).
	ns2, rep := play(t, s, "white: N(3,15)", "black: R(3,13)")
	wantRejected(t, s, rep, "black", ErrUnreachable, "path blocked")
	if !ns2.Equal(ns) {
		t.Error("the result depends on the order of submission")
	}
	// R(10,15) is legal and threatens the knight once it has landed (N6: a new threat, age 0).
	ns, _ = play(t, s, "white: N(3,15)", "black: R(10,15)")
	th, ok := threatOf(t, ns, "(10,15)", "(3,15)")
	if !ok || th.Age != 0 || th.Exempt || th.Line != (Line{Horizontal, 15}) {
		t.Errorf("threat of the rook on the knight: %+v %v", th, ok)
	}
	wantMarks(t, ns, "(3,15)", 0)
}

// pos2: green's rook on (12,13) can take crimson's knight on (12,15) or go to (7,13).
func pos2(t testing.TB) State {
	return build(t, []Player{player("green", North), player("crimson", South)},
		"green R (12,13)", "crimson N (12,15)", "crimson P (30,30)")
}

// N4: a capture fails when its target moves away; without a fallback the rook still moves.
func TestSeedExample02(t *testing.T) {
	s := pos2(t)
	ns, rep := play(t, s, "green: RxN(12,15)", "crimson: N(10,14)")
	wantAt(t, ns, "(12,15)", "green R")
	wantAt(t, ns, "(10,14)", "crimson N")
	if r := result(t, s, rep, "green"); r.Outcome != Missed || len(r.Captured) != 0 {
		t.Errorf("green: %+v", r)
	}
	if len(rep.Captures) != 0 || score(ns, "green") != 0 {
		t.Errorf("captures: %v", rep.Captures)
	}
}

// N3/N4: "Rx(12,15), if the capture fails R(7,13)".
func TestSeedExample03(t *testing.T) {
	s := pos2(t)
	t.Run("N4_knight_stays", func(t *testing.T) {
		ns, rep := play(t, s, "green: Rx(12,15) / R(7,13)", "crimson: (30,29)")
		wantAt(t, ns, "(12,15)", "green R")
		if r := result(t, s, rep, "green"); r.Outcome != Took || r.Step != 0 {
			t.Errorf("green: %+v", r)
		}
		if score(ns, "green") != 3 || len(rep.Captures) != 1 || rep.Captures[0].Piece.Kind != Knight {
			t.Errorf("captures %v, score %d", rep.Captures, score(ns, "green"))
		}
	})
	t.Run("N4_knight_dodges", func(t *testing.T) {
		ns, rep := play(t, s, "green: Rx(12,15) then R(7,13)", "crimson: N(14,16)")
		wantAt(t, ns, "(7,13)", "green R")
		wantAt(t, ns, "(14,16)", "crimson N")
		wantAt(t, ns, "(12,15)")
		r := result(t, s, rep, "green")
		if r.Outcome != Played || r.Step != 1 || len(r.Tried) != 1 || r.Tried[0] != Missed {
			t.Errorf("green: %+v", r)
		}
	})
}

// --- (4)-(8): captures on squares that are empty now; crowding; pawns ------------------------

// pos4: blue pawns on (12,-7) and (14,-7) (moving +y), green's rook on (10,-6).
func pos4(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue P (12,-7)", "blue P (14,-7)", "green R (10,-6)")
}

// N4/N5, the seed's own orders: blue advances its pawn to (12,-6) and green submits
// "RxP(12,-6)". The square is empty on the visible board, so this is no capture: the rook moves
// there as the pawn does, both pieces are crowded, and the report says why the rook's order was
// played as a plain move. A crowded piece that stays dies, even if the other piece leaves.
func TestSeedExample04(t *testing.T) {
	s := pos4(t)
	ns, rep := play(t, s, "blue: (12,-6)", "green: RxP(12,-6)")
	wantAt(t, ns, "(12,-6)", "blue P", "green R")
	r := result(t, s, rep, "green")
	if r.Outcome != Played || !r.Unmarked || len(r.Captured) != 0 || len(rep.Captures) != 0 {
		t.Errorf("green: %+v, captures %v", r, rep.Captures)
	}
	if !strings.Contains(rep.String(), "played as a plain move: written as a capture, but (12,-6) was empty on the visible board (N4)") {
		t.Errorf("the report does not say why:\n%s", rep)
	}
	if len(rep.Crowded) != 2 || !ns.Crowded(the(t, s, "(10,-6)").ID) || !ns.Crowded(the(t, s, "(12,-7)").ID) {
		t.Errorf("crowded: %v", rep.Crowded)
	}
	// N5: even if the pawn leaves, the rook dies unless it leaves too; nobody scores.
	ns2, rep := play(t, ns, "blue: (12,-5)")
	wantAt(t, ns2, "(12,-5)", "blue P")
	wantAt(t, ns2, "(12,-6)")
	if len(rep.CrowdDeaths) != 1 || rep.CrowdDeaths[0].Kind != Rook || score(ns2, "blue") != 0 {
		t.Errorf("crowding deaths %v", rep.CrowdDeaths)
	}
	if len(ns2.CrowdedPieces()) != 0 {
		t.Errorf("still crowded: %v", ns2.CrowdedPieces())
	}
	// The rook leaving saves it.
	ns3, rep := play(t, ns, "blue: (12,-5)", "green: R(12,-10)")
	wantAt(t, ns3, "(12,-10)", "green R")
	if len(rep.CrowdDeaths) != 0 {
		t.Errorf("crowding deaths %v", rep.CrowdDeaths)
	}
}

// N3/N4: "conditional on blue pawn advancing, Rx(14,-6)" cannot be expressed; "RxP(14,-6) /
// R(10,-8)" is refused whole because there is no pawn on (14,-6): with a fallback, a capture on
// an empty square, which nothing can make fail, is not read as a plain move; the plain move
// would crowd the square (N5).
func TestSeedExample05(t *testing.T) {
	s := pos4(t)
	_, rep := play(t, s, "blue: (14,-6)", "green: RxP(14,-6) / R(10,-8)")
	wantRejected(t, s, rep, "green", ErrNothingToCapture, "step 1")
	if _, err := ParseOrderText("if blue advances: Rx(14,-6)"); err == nil {
		t.Error("a condition on another player's move parsed")
	}
	ns, _ := play(t, s, "blue: (14,-6)", "green: R(14,-6)")
	wantAt(t, ns, "(14,-6)", "blue P", "green R")
}

// N3: "(14,-7)x(13,-6)" conditional on the green pawn advancing is illegal: nothing on (13,-6).
func TestSeedExample06(t *testing.T) {
	s := build(t, []Player{player("blue", North), player("green", North)},
		"blue P (14,-7)", "green P (13,-7)")
	ns, rep := play(t, s, "blue: (14,-7)x(13,-6) / (14,-6)", "green: (13,-6)")
	wantRejected(t, s, rep, "blue", ErrNothingToCapture, "(13,-6) is empty")
	wantAt(t, ns, "(14,-7)", "blue P")
	wantAt(t, ns, "(13,-6)", "green P")
}

func pos7(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue P (14,-7)", "green P (13,-6)")
}

// N4: "(14,-7)x(13,-6) / (14,-6)" while green advances: both pawns advance one square.
func TestSeedExample07(t *testing.T) {
	s := pos7(t)
	ns, rep := play(t, s, "blue: (14,-7)x(13,-6) / (14,-6)", "green: (13,-5)")
	wantAt(t, ns, "(14,-6)", "blue P")
	wantAt(t, ns, "(13,-5)", "green P")
	if r := result(t, s, rep, "blue"); r.Step != 1 || r.Outcome != Played {
		t.Errorf("blue: %+v", r)
	}
	if _, ok := threatOf(t, ns, "(14,-6)", "(13,-5)"); !ok {
		t.Error("the blue pawn should now attack the green pawn (N6)")
	}
}

// N4: without the fallback the blue pawn switches lanes without capturing.
func TestSeedExample08(t *testing.T) {
	s := pos7(t)
	ns, rep := play(t, s, "blue: (14,-7)x(13,-6)", "green: (13,-5)")
	wantAt(t, ns, "(13,-6)", "blue P")
	wantAt(t, ns, "(13,-5)", "green P")
	if r := result(t, s, rep, "blue"); r.Outcome != Missed || len(rep.Captures) != 0 {
		t.Errorf("blue: %+v, captures %v", r, rep.Captures)
	}
}

// --- (9)-(15): the one-update clock (N6) ----------------------------------------------------

// pos9: blue's rook on (8,-10) would like to get behind green's pawn on (3,-8). A blue guard far
// away provides "some other move".
func pos9(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue R (8,-10)", "blue G (20,-20)", "green P (3,-8)")
}

// pos10: after blue R(3,-10) and green P(3,-7) (NEC-D31: the seed writes P(3,-8)).
func pos10(t testing.TB) State {
	ns, _ := play(t, pos9(t), "blue: R(3,-10)", "green: P(3,-7)")
	return ns
}

// N2/N3: the rook's legal targets reach (3,-10) along an unbounded ray; the pawn is not yet
// attacked.
func TestSeedExample09(t *testing.T) {
	s := pos9(t)
	tg, err := s.Targets(the(t, s, "(8,-10)").ID)
	if err != nil {
		t.Fatal(err)
	}
	if tgt, ok := tg.Contains(sq(t, "(3,-10)")); !ok || tgt.Capture {
		t.Errorf("(3,-10) not a plain target: %+v", tg)
	}
	for _, r := range tg.Rays {
		if r.Dir == West && r.Steps != Unbounded {
			t.Errorf("west ray should be unbounded: %+v", r)
		}
	}
	if len(s.ThreatsOn(the(t, s, "(3,-8)").ID)) != 0 {
		t.Error("the pawn is attacked")
	}
	if err := s.Validate(orders(t, s, "blue: (8,-10)x(3,-8)")[0]); !errors.Is(err, ErrUnreachable) {
		t.Errorf("capturing from (8,-10): %v", err)
	}
}

// N6: the rook behind the pawn gives it one update to get out of the attack.
func TestSeedExample10(t *testing.T) {
	s := pos10(t)
	wantAt(t, s, "(3,-10)", "blue R")
	wantAt(t, s, "(3,-7)", "green P")
	th, ok := threatOf(t, s, "(3,-10)", "(3,-7)")
	if !ok || th.Age != 0 || th.Line != (Line{Vertical, 3}) {
		t.Errorf("threat %+v %v", th, ok)
	}
	wantMarks(t, s, "(3,-7)", 0)
}

// N6/N8: the pawn advanced but stayed on the rook's file: capturable; the capture is then
// guaranteed although the pawn moves again.
func TestSeedExample11(t *testing.T) {
	s := pos10(t)
	ns, rep := play(t, s, "blue: Rx(3,-7) / G(21,-20)", "green: (3,-6)")
	if r := result(t, s, rep, "blue"); r.Step != 1 || r.Tried[0] != Missed {
		t.Errorf("blue: %+v", r)
	}
	wantAt(t, ns, "(3,-10)", "blue R")
	wantMarks(t, ns, "(3,-6)", MarkClock)
	if th, _ := threatOf(t, ns, "(3,-10)", "(3,-6)"); th.Age != 1 {
		t.Errorf("threat %+v", th)
	}
	ns2, rep := play(t, ns, "blue: Rx(3,-6)", "green: (3,-5)")
	wantAt(t, ns2, "(3,-6)", "blue R")
	wantAt(t, ns2, "(3,-5)")
	if r := result(t, ns, rep, "green"); r.Outcome != Cancelled {
		t.Errorf("green: %+v", r)
	}
	if score(ns2, "blue") != 1 {
		t.Errorf("blue score %d", score(ns2, "blue"))
	}
}

// N6: the same position again (a restatement): one chance, nothing capturable yet, the pawn may
// move.
func TestSeedExample12(t *testing.T) {
	s := pos10(t)
	if !s.Equal(pos10(t)) || s.Encode() != pos10(t).Encode() {
		t.Fatal("the position is not reproducible")
	}
	if len(s.CapturablePieces()) != 0 {
		t.Errorf("capturable: %v", s.CapturablePieces())
	}
	if err := s.Validate(orders(t, s, "green: (3,-6)")[0]); err != nil {
		t.Error(err)
	}
}

// N6: the pawn advanced and the rook left the file: no longer attacked, free to march.
func TestSeedExample13(t *testing.T) {
	s := pos10(t)
	ns, _ := play(t, s, "green: (3,-6)", "blue: R(7,-10)")
	if len(ns.Threats()) != 0 || len(ns.CapturablePieces()) != 0 {
		t.Errorf("threats %v", ns.Threats())
	}
	ns2, _ := play(t, ns, "green: (3,-5)")
	wantAt(t, ns2, "(3,-5)", "green P")
	wantMarks(t, ns2, "(3,-5)", 0)
}

// N6: the position once more (a restatement): the attack runs along the file x=3, and the rook
// can move along it as far as it likes (the ray is unbounded).
func TestSeedExample14(t *testing.T) {
	s := pos10(t)
	th, _ := threatOf(t, s, "(3,-10)", "(3,-7)")
	if th.Line.String() != "x=3" {
		t.Errorf("line %v", th.Line)
	}
	tg, _ := s.Targets(the(t, s, "(3,-10)").ID)
	if _, ok := tg.Contains(sq(t, "(3,-14)")); !ok {
		t.Error("(3,-14) unreachable")
	}
	if _, ok := tg.Contains(sq(t, "(3,-1000000000000)")); !ok {
		t.Error("far square on the ray unreachable")
	}
}

// N6: the rook moved but stayed on the line of its attack: the pawn is glued.
func TestSeedExample15(t *testing.T) {
	s := pos10(t)
	ns, _ := play(t, s, "blue: R(3,-14)", "green: (3,-6)")
	wantMarks(t, ns, "(3,-6)", MarkClock)
	if th, ok := threatOf(t, ns, "(3,-14)", "(3,-6)"); !ok || th.Age != 1 {
		t.Errorf("threat %+v", th)
	}
}

// --- (16)-(20): new lines give new chances; a still attacker keeps its clock ------------------

// pos16: the seed's position (16) as it is told, with no other piece: blue's rook on (28,-6)
// has threatened green's queen on (28,-3) along the file x=28 (and, on one file, the queen
// attacks the rook as well). Where the two stood is not told; the seed's moves to (32,-3) and
// (32,-6) and its "a different file than he was previously giving check on" fit this.
func pos16(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue R (28,-6)", "green Q (28,-3)")
}

// N6: blue has threatened the queen; it gets one chance: the threat is new (age 0), and nothing
// is capturable yet.
func TestSeedExample16(t *testing.T) {
	s := pos16(t)
	th, ok := threatOf(t, s, "(28,-6)", "(28,-3)")
	if !ok || th.Age != 0 || th.Exempt || th.Line.String() != "x=28" {
		t.Errorf("rook on queen: %+v %v", th, ok)
	}
	if len(s.CapturablePieces()) != 0 {
		t.Errorf("capturable %v", s.CapturablePieces())
	}
}

// N6: green plays Q(32,-3) and blue R(32,-6): the rook follows the queen onto a new file. It
// attacked the queen before the update, so the two do not "arrive at the same time" (the
// exemption of example (35) is not for a chase): the queen gets yet another chance, one update
// long, and is capturable if it stays. Told literally, the old rule would have left the queen
// exempt forever. The queen attacks the rook along the new file too, and runs the same clock.
func TestSeedExample17(t *testing.T) {
	s := pos16(t)
	ns, _ := play(t, s, "green: Q(32,-3)", "blue: R(28,-6)-(32,-6)")
	th, ok := threatOf(t, ns, "(32,-6)", "(32,-3)")
	if !ok || th.Age != 0 || th.Exempt || th.Line.String() != "x=32" {
		t.Errorf("rook on queen: %+v %v", th, ok)
	}
	if back, ok := threatOf(t, ns, "(32,-3)", "(32,-6)"); !ok || back.Age != 0 || back.Exempt {
		t.Errorf("queen on rook: %+v %v", back, ok)
	}
	wantMarks(t, ns, "(32,-3)", 0)
	wantMarks(t, ns, "(32,-6)", 0)
	// The new chance is one update long.
	ns2, _ := play(t, ns)
	wantMarks(t, ns2, "(32,-3)", MarkClock)
	wantMarks(t, ns2, "(32,-6)", MarkClock)
	// The queen that moves off the file again gets away.
	ns3, _ := play(t, ns, "green: Q(36,-3)")
	wantMarks(t, ns3, "(36,-3)", 0)
}

// pos18: blue's chancellor on (5,-12), green's pawn running on (3,-10).
func pos18(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue C (5,-12)", "blue G (20,-20)", "green P (3,-10)")
}

// N2: the chancellor reaches (5,-9) along its file; nothing is attacked yet.
func TestSeedExample18(t *testing.T) {
	s := pos18(t)
	tg, _ := s.Targets(the(t, s, "(5,-12)").ID)
	if _, ok := tg.Contains(sq(t, "(5,-9)")); !ok {
		t.Error("(5,-9) unreachable")
	}
	if _, ok := tg.Contains(sq(t, "(4,-10)")); !ok { // a knight leap
		t.Error("knight leap missing")
	}
	if len(s.Threats()) != 0 {
		t.Errorf("threats %v", s.Threats())
	}
}

func pos19(t testing.TB) State {
	ns, _ := play(t, pos18(t), "blue: C(5,-9)", "green: (3,-9)")
	return ns
}

// N6: the chancellor and the pawn meet on rank -9: one chance.
func TestSeedExample19(t *testing.T) {
	s := pos19(t)
	th, ok := threatOf(t, s, "(5,-9)", "(3,-9)")
	if !ok || th.Age != 0 || th.Line.String() != "y=-9" {
		t.Errorf("threat %+v %v", th, ok)
	}
	wantMarks(t, s, "(3,-9)", 0)
}

// N6/N8: the pawn advanced but the chancellor, unmoved, still attacks it (now with a knight
// leap): capturable, and the capture succeeds although the pawn moves. (The pawn also stepped
// onto a square the chancellor covered, so N7 marks it too.)
func TestSeedExample20(t *testing.T) {
	s := pos19(t)
	ns, _ := play(t, s, "green: (3,-8)", "blue: G(21,-20)")
	wantMarks(t, ns, "(3,-8)", MarkClock|MarkCovered)
	if th, _ := threatOf(t, ns, "(5,-9)", "(3,-8)"); th.Age != 1 || th.Line.Orient != NoLine {
		t.Errorf("threat %+v", th)
	}
	ns2, _ := play(t, ns, "blue: Cx(3,-8)", "green: (3,-7)")
	wantAt(t, ns2, "(3,-8)", "blue C")
	wantAt(t, ns2, "(3,-7)")
}

// --- (21)-(29): capturing defended pieces, covered squares, pre-defence ----------------------

// pos21: green's pawn on (10,10) is defended by the rook on (10,14); blue's guard on (11,9).
func pos21(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue G (11,9)", "blue P (-30,-30)", "green P (10,10)", "green R (10,14)", "green P (30,30)")
}

// N7: the pawn is defended: the rook covers (10,10).
func TestSeedExample21(t *testing.T) {
	s := pos21(t)
	if !s.b.covered(sq(t, "(10,10)"), 0, s.dirs) {
		t.Error("(10,10) not covered against blue")
	}
	if err := s.Validate(orders(t, s, "blue: Gx(10,10)")[0]); err != nil {
		t.Error(err)
	}
}

func pos22(t testing.TB) State {
	ns, _ := play(t, pos21(t), "blue: GxP(10,10)", "green: (30,31)")
	return ns
}

// N7: a guard that captured a defended pawn is capturable at once.
func TestSeedExample22(t *testing.T) {
	s := pos22(t)
	wantAt(t, s, "(10,10)", "blue G")
	wantMarks(t, s, "(10,10)", MarkCovered)
	if score(s, "blue") != 1 {
		t.Errorf("blue score %d", score(s, "blue"))
	}
}

// N7/N8: green recaptures.
func TestSeedExample23(t *testing.T) {
	s := pos22(t)
	ns, rep := play(t, s, "green: RxG(10,10)", "blue: (-30,-29)")
	wantAt(t, ns, "(10,10)", "green R")
	if len(rep.Captures) != 1 || rep.Captures[0].Piece.Kind != Guard || score(ns, "green") != 3 {
		t.Errorf("captures %v", rep.Captures)
	}
	// The guard could not have escaped either: a capture made on a capturable piece wins (N8).
	ns, _ = play(t, s, "green: RxG(10,10)", "blue: G(11,11)")
	wantAt(t, ns, "(10,10)", "green R")
	wantAt(t, ns, "(11,11)")
}

// pos24: blue's rook on (33,6) can stop green's pawn on (27,4); green's rook on (27,12) covers
// (27,6).
func pos24(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue R (33,6)", "blue P (-30,-30)", "green P (27,4)", "green R (27,12)")
}

// N7: (27,6) is covered by green's rook.
func TestSeedExample24(t *testing.T) {
	s := pos24(t)
	if !s.b.covered(sq(t, "(27,6)"), 0, s.dirs) {
		t.Error("(27,6) not covered")
	}
	if len(s.Threats()) != 0 {
		t.Errorf("threats %v", s.Threats())
	}
}

func pos25(t testing.TB) State {
	ns, _ := play(t, pos24(t), "blue: R(27,6)", "green: (27,5)")
	return ns
}

// N7: moving onto a covered square makes the rook capturable at once.
func TestSeedExample25(t *testing.T) {
	s := pos25(t)
	wantMarks(t, s, "(27,6)", MarkCovered)
	wantMarks(t, s, "(27,5)", 0)
}

// N7/N8: green takes the rook.
func TestSeedExample26(t *testing.T) {
	s := pos25(t)
	ns, _ := play(t, s, "green: RxR(27,6)", "blue: (-30,-29)")
	wantAt(t, ns, "(27,6)", "green R")
	if score(ns, "green") != 5 {
		t.Errorf("green score %d", score(ns, "green"))
	}
}

// pos27: blue's rook has just moved behind green's pawn on (30,6).
func pos27(t testing.TB) State {
	s := build(t, []Player{player("blue", North), player("green", North)},
		"blue R (26,2)", "blue P (-30,-30)", "green P (30,6)", "green R (25,10)")
	ns, _ := play(t, s, "blue: R(30,2)")
	return ns
}

// N4/N6: the pawn dodges; blue's fallback is played and the pawn, still on the file, is glued.
func TestSeedExample27(t *testing.T) {
	s := pos27(t)
	if th, ok := threatOf(t, s, "(30,2)", "(30,6)"); !ok || th.Age != 0 {
		t.Fatalf("threat %+v", th)
	}
	ns, rep := play(t, s, "blue: Rx(30,6) / (-30,-29)", "green: (30,7)")
	if r := result(t, s, rep, "blue"); r.Step != 1 {
		t.Errorf("blue: %+v", r)
	}
	wantAt(t, ns, "(30,2)", "blue R")
	wantMarks(t, ns, "(30,7)", MarkClock)
}

func pos28(t testing.TB) State {
	ns, _ := play(t, pos27(t), "blue: Rx(30,6) / (-30,-29)", "green: R(25,6)")
	return ns
}

// N7 (NEC-D24): defending at the same time does not save the pawn, and the capturing rook is not
// capturable: the visible board showed the pawn undefended. The two rooks arrived on rank 6 at
// the same time (N6): neither is capturable by the other.
func TestSeedExample28(t *testing.T) {
	s := pos28(t)
	wantAt(t, s, "(30,6)", "blue R")
	wantMarks(t, s, "(30,6)", 0)
	if score(s, "blue") != 1 {
		t.Errorf("blue score %d", score(s, "blue"))
	}
	a, _ := threatOf(t, s, "(25,6)", "(30,6)")
	b, _ := threatOf(t, s, "(30,6)", "(25,6)")
	if !a.Exempt || !b.Exempt {
		t.Errorf("records %+v %+v", a, b)
	}
}

// N4: green's revenge fails: the blue rook dodges.
func TestSeedExample29(t *testing.T) {
	s := pos28(t)
	ns, rep := play(t, s, "green: Rx(30,6)", "blue: R(30,10)")
	wantAt(t, ns, "(30,10)", "blue R")
	wantAt(t, ns, "(30,6)", "green R")
	if len(rep.Captures) != 0 {
		t.Errorf("captures %v", rep.Captures)
	}
}

// --- (30)-(33): pins and discovered attacks ---------------------------------------------------

// pos30: blue's rook on (35,26) pins green's knight (39,26) to green's queen (44,26).
func pos30(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue R (35,26)", "blue P (-30,-30)", "green N (39,26)", "green Q (44,26)")
}

// N7: the pin: the rook's ray ends on the knight, the queen behind it is not attacked; moving the
// knight is still legal.
func TestSeedExample30(t *testing.T) {
	s := pos30(t)
	tg, _ := s.Targets(the(t, s, "(35,26)").ID)
	for _, r := range tg.Rays {
		if r.Dir == East && (r.Steps != 3 || !r.Capture) {
			t.Errorf("east ray %+v", r)
		}
	}
	if len(s.ThreatsOn(the(t, s, "(44,26)").ID)) != 0 {
		t.Error("queen attacked")
	}
	if err := s.Validate(orders(t, s, "green: N(40,28)")[0]); err != nil {
		t.Error(err)
	}
}

// N7/N8: moving the pinned knight glues the queen at once; the blue rook, uncovered by green's
// move, only gets a new threat (age 0).
func TestSeedExample31(t *testing.T) {
	s := pos30(t)
	ns, _ := play(t, s, "green: N(40,28)", "blue: (-30,-29)")
	wantMarks(t, ns, "(44,26)", MarkPin)
	wantMarks(t, ns, "(35,26)", 0)
	if th, ok := threatOf(t, ns, "(44,26)", "(35,26)"); !ok || th.Age != 0 {
		t.Errorf("queen on rook %+v", th)
	}
	ns2, rep := play(t, ns, "blue: Rx(44,26)", "green: Q(44,30)")
	wantAt(t, ns2, "(44,26)", "blue R")
	if len(rep.Captures) != 1 || score(ns2, "blue") != 9 {
		t.Errorf("captures %v", rep.Captures)
	}
}

// pos32: blue's rook on (38,24) threatens green's bishop (42,24); crimson's knight is behind it.
func pos32(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North), player("crimson", South)},
		"blue R (38,24)", "green B (42,24)", "crimson N (45,24)")
}

// N6: the rook threatens the bishop, not the knight behind it.
func TestSeedExample32(t *testing.T) {
	s := pos32(t)
	if _, ok := threatOf(t, s, "(38,24)", "(42,24)"); !ok {
		t.Error("bishop not threatened")
	}
	if len(s.ThreatsOn(the(t, s, "(45,24)").ID)) != 0 {
		t.Error("knight threatened")
	}
}

// N7: green's move uncovers an attack on crimson's knight: not glued, it gets its chance.
func TestSeedExample33(t *testing.T) {
	s := pos32(t)
	ns, _ := play(t, s, "green: B(40,22)")
	wantMarks(t, ns, "(45,24)", 0)
	if th, ok := threatOf(t, ns, "(38,24)", "(45,24)"); !ok || th.Age != 0 {
		t.Errorf("threat %+v", th)
	}
	ns2, _ := play(t, ns)
	wantMarks(t, ns2, "(45,24)", MarkClock)
}

// --- (34)-(36): arriving on a line at the same time; stabilized priority ---------------------

// pos34: green's queen on (27,-9), crimson's rook on (32,-1) and knight on (35,-3).
func pos34(t testing.TB) State {
	return build(t, []Player{player("green", North), player("crimson", South)},
		"green Q (27,-9)", "crimson R (32,-1)", "crimson N (35,-3)")
}

// N6: nothing is attacked yet.
func TestSeedExample34(t *testing.T) {
	s := pos34(t)
	if len(s.Threats()) != 0 {
		t.Errorf("threats %v", s.Threats())
	}
}

func pos35(t testing.TB) State {
	ns, _ := play(t, pos34(t), "green: Q(27,-5)", "crimson: R(32,-5)")
	return ns
}

// N6: both arrive on rank -5 at the same time: neither is glued, even if neither gets out, and
// they can dodge each other along the rank forever.
func TestSeedExample35(t *testing.T) {
	s := pos35(t)
	for _, p := range []string{"(27,-5)", "(32,-5)"} {
		for _, th := range s.ThreatsOn(the(t, s, p).ID) {
			if !th.Exempt {
				t.Errorf("record %+v not exempt", th)
			}
		}
	}
	ns, _ := play(t, s)
	if len(ns.CapturablePieces()) != 0 {
		t.Errorf("capturable after staying: %v", ns.CapturablePieces())
	}
	ns, _ = play(t, s, "green: Q(26,-5)", "crimson: R(33,-5)")
	if len(ns.CapturablePieces()) != 0 {
		t.Errorf("capturable after dodging: %v", ns.CapturablePieces())
	}
	ns, _ = play(t, ns)
	if len(ns.CapturablePieces()) != 0 {
		t.Errorf("capturable after dodging and staying: %v", ns.CapturablePieces())
	}
}

// N6 (NEC-D22): the rook stabilizes itself on (34,-5), covered by its knight: the queen now runs
// on the one-update clock.
func TestSeedExample36(t *testing.T) {
	s := pos35(t)
	ns, rep := play(t, s, "green: Qx(32,-5)", "crimson: Rx(27,-5) / R(34,-5)")
	wantAt(t, ns, "(32,-5)", "green Q")
	wantAt(t, ns, "(34,-5)", "crimson R")
	if len(rep.Captures) != 0 || len(ns.CapturablePieces()) != 0 {
		t.Errorf("captures %v capturable %v", rep.Captures, ns.CapturablePieces())
	}
	onQueen, _ := threatOf(t, ns, "(34,-5)", "(32,-5)")
	onRook, _ := threatOf(t, ns, "(32,-5)", "(34,-5)")
	if onQueen.Exempt || onQueen.Age != 0 || !onRook.Exempt {
		t.Errorf("records %+v %+v", onQueen, onRook)
	}
	ns2, _ := play(t, ns)
	wantMarks(t, ns2, "(32,-5)", MarkClock)
	wantMarks(t, ns2, "(34,-5)", 0)
}

// --- (37)-(38): the time thief (N9) -----------------------------------------------------------

func pos37(t testing.TB) State {
	return build(t, []Player{player("green", North), player("cyan", North)},
		"green TT (11,-5)", "green P (-20,20)", "cyan U (16,-5)", "cyan P (-40,-40)")
}

// N9: the time thief cannot capture the unicorn that is still on (16,-5).
func TestSeedExample37(t *testing.T) {
	s := pos37(t)
	_, rep := play(t, s, "green: TTxU(16,-5) / (-20,21)", "cyan: U(13,-4)")
	wantRejected(t, s, rep, "green", ErrTimeThiefCapture, "step 1")
	tg, _ := s.Targets(the(t, s, "(11,-5)").ID)
	if _, ok := tg.Contains(sq(t, "(16,-5)")); ok {
		t.Error("the time thief may move onto the unicorn")
	}
}

// N9: after the unicorn left (16,-5), the time thief steals it there; the unicorn's own capture
// of the time thief fails (the thief dodged) and its move is undone.
func TestSeedExample38(t *testing.T) {
	s, _ := play(t, pos37(t), "green: (-20,21)", "cyan: U(13,-4)")
	tg, _ := s.Targets(the(t, s, "(11,-5)").ID)
	if x, ok := tg.Contains(sq(t, "(16,-5)")); !ok || !x.Steal {
		t.Fatalf("no steal on (16,-5): %+v", tg)
	}
	ns, rep := play(t, s, "green: TTxU(16,-5)", "cyan: UxTT(11,-5)")
	wantAt(t, ns, "(16,-5)", "green TT")
	wantAt(t, ns, "(11,-5)")
	wantAt(t, ns, "(13,-4)")
	if len(rep.Captures) != 1 || !rep.Captures[0].Steal || score(ns, "green") != 5 {
		t.Errorf("captures %v", rep.Captures)
	}
	if r := result(t, s, rep, "cyan"); r.Outcome != Cancelled {
		t.Errorf("cyan: %+v", r)
	}
	// NEC-D24: the thief landed on a square the unicorn covered on the visible board.
	wantMarks(t, ns, "(16,-5)", MarkCovered)
}

// --- (39)-(40): forks and chains of fallbacks ------------------------------------------------

func pos39(t testing.TB) State {
	return build(t, []Player{player("green", North), player("blue", North)},
		"green N (15,-6)", "blue R (17,-5)", "blue R (14,-4)", "blue P (-30,-30)")
}

// N3/N4: "NxR(17,-5) / NxR(14,-4)" wins a rook whatever blue does.
func TestSeedExample39(t *testing.T) {
	for _, c := range []struct{ name, blue, took string }{
		{"N4_rook17_flees", "blue: R(20,-5)", "(14,-4)"},
		{"N4_rook14_flees", "blue: R(14,0)", "(17,-5)"},
		{"N4_other_move", "blue: (-30,-29)", "(17,-5)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := pos39(t)
			ns, rep := play(t, s, "green: NxR(17,-5) / NxR(14,-4)", c.blue)
			wantAt(t, ns, c.took, "green N")
			if len(rep.Captures) != 1 || rep.Captures[0].Piece.Kind != Rook || score(ns, "green") != 5 {
				t.Errorf("captures %v", rep.Captures)
			}
		})
	}
}

// N3/N4: a chain of three conditional captures and a last move.
func TestSeedExample40(t *testing.T) {
	const blue = "blue: UxQ(14,-3) / UxR(18,-5) / UxP(17,-5) / (-30,-29)"
	pos := func(t *testing.T) State {
		return build(t, []Player{player("blue", North), player("green", North), player("crimson", South), player("cyan", North)},
			"blue U (15,-6)", "blue P (-30,-30)", "green Q (14,-3)", "crimson R (18,-5)", "cyan P (17,-5)")
	}
	for _, c := range []struct {
		name   string
		others []string
		step   int
		took   string
	}{
		{"N4_nobody_moves", nil, 0, "(14,-3)"},
		{"N4_queen_moves", []string{"green: Q(14,3)"}, 1, "(18,-5)"},
		{"N4_queen_rook_move", []string{"green: Q(14,3)", "crimson: R(18,0)"}, 2, "(17,-5)"},
		{"N4_all_move", []string{"green: Q(14,3)", "crimson: R(18,0)", "cyan: (17,-4)"}, 3, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := pos(t)
			ns, rep := play(t, s, append([]string{blue}, c.others...)...)
			r := result(t, s, rep, "blue")
			if r.Step != c.step || len(r.Tried) != c.step {
				t.Errorf("blue: %+v", r)
			}
			if c.took == "" {
				wantAt(t, ns, "(15,-6)", "blue U")
				wantAt(t, ns, "(-30,-29)", "blue P")
				if len(rep.Captures) != 0 {
					t.Errorf("captures %v", rep.Captures)
				}
				return
			}
			wantAt(t, ns, c.took, "blue U")
			if len(rep.Captures) != 1 || r.Outcome != Took {
				t.Errorf("captures %v", rep.Captures)
			}
		})
	}
}
