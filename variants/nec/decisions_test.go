package nec

import (
	"errors"
	"testing"
)

// NEC-D1: coordinates are bounded by MaxCoord; rays that meet no piece are unbounded up to it.
func TestNEC_D1_CoordinateBounds(t *testing.T) {
	if !Sq(MaxCoord, -MaxCoord).Valid() || Sq(MaxCoord+1, 0).Valid() || Sq(0, -MaxCoord-1).Valid() {
		t.Error("Valid")
	}
	players := []Player{player("white", North), player("black", South)}
	if _, err := NewState(players, []Piece{{Owner: 0, Kind: Rook, Sq: Sq(MaxCoord+1, 0)}}, Limits{}); !errors.Is(err, ErrInvalidState) {
		t.Errorf("piece out of bounds: %v", err)
	}
	s, err := NewState(players, []Piece{{Owner: 0, Kind: Rook, Sq: Sq(MaxCoord-1, 0)}, {Owner: 1, Kind: Queen, Sq: Sq(-MaxCoord, MaxCoord)}}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := s.Targets(1)
	if _, ok := tg.Contains(Sq(MaxCoord, 0)); !ok {
		t.Error("edge square unreachable")
	}
	if _, ok := tg.Contains(Sq(MaxCoord+1, 0)); ok {
		t.Error("square beyond the edge reachable")
	}
	ns, rep, err := s.Resolve([]Order{
		{Player: 0, Steps: []Step{{Move: Move{From: Sq(MaxCoord-1, 0), To: Sq(MaxCoord, 0)}}}},
		{Player: 1, Steps: []Step{{Move: Move{From: Sq(-MaxCoord, MaxCoord), To: Sq(MaxCoord, -MaxCoord)}}}},
	})
	if err != nil || len(rep.Rejected) != 0 {
		t.Fatalf("%v %v", err, rep.Rejected)
	}
	back, err := DecodeState(ns.Encode())
	if err != nil || !back.Equal(ns) {
		t.Fatalf("round trip at the edges: %v", err)
	}
}

// NEC-D2: a pawn with a diagonal direction steps diagonally and captures orthogonally.
func TestNEC_D2_DiagonalPawn(t *testing.T) {
	s := build(t, []Player{player("white", NorthEast), player("black", South)},
		"white P (0,0)", "black N (1,0)", "black N (0,1)", "black N (-1,0)")
	tg, _ := s.Targets(the(t, s, "(0,0)").ID)
	for _, c := range []struct {
		sq      string
		ok, cap bool
	}{{"(1,1)", true, false}, {"(1,0)", true, true}, {"(0,1)", true, true}, {"(-1,0)", false, false}, {"(1,-1)", false, false}} {
		x, ok := tg.Contains(sq(t, c.sq))
		if ok != c.ok || x.Capture != c.cap {
			t.Errorf("%s: %+v %v", c.sq, x, ok)
		}
	}
	if len(s.ThreatsOn(the(t, s, "(1,0)").ID)) != 1 || len(s.ThreatsOn(the(t, s, "(-1,0)").ID)) != 0 {
		t.Errorf("threats %v", s.Threats())
	}
}

// NEC-D4: the values a capture scores.
func TestNEC_D4_Values(t *testing.T) {
	want := map[Kind]int64{Pawn: 1, Knight: 3, Bishop: 3, Rook: 5, Queen: 9, Guard: 3, Chancellor: 8, Unicorn: 5, TimeThief: 6}
	for k, v := range want {
		if k.Value() != v {
			t.Errorf("%v: %d, want %d", k, k.Value(), v)
		}
	}
}

// NEC-D5: the time thief attacks, covers and defends nothing, and cannot capture normally.
func TestNEC_D5_TimeThiefAttacksNothing(t *testing.T) {
	s := build(t, []Player{player("white", North), player("black", South)},
		"white TT (0,0)", "white N (3,3)", "black R (0,5)")
	ts := s.Threats()
	if len(ts) != 1 || ts[0].Target != the(t, s, "(0,0)").ID {
		t.Errorf("threats %v", ts)
	}
	if s.b.covered(sq(t, "(0,3)"), 1, s.dirs) || s.b.defended(int32(1), s.dirs) {
		t.Error("the time thief covers or defends")
	}
	if err := s.Validate(orders(t, s, "white: TT(0,0)-(0,5)")[0]); !errors.Is(err, ErrUnmarkedCapture) && !errors.Is(err, ErrTimeThiefCapture) {
		t.Errorf("plain move onto a piece: %v", err)
	}
	if err := s.Validate(orders(t, s, "white: TT(0,0)x(0,5)")[0]); !errors.Is(err, ErrTimeThiefCapture) {
		t.Errorf("capture: %v", err)
	}
}

// NEC-D16: a steal square must be empty on the visible board.
func TestNEC_D16_StealSquareMustBeEmpty(t *testing.T) {
	s := build(t, []Player{player("green", North), player("cyan", North), player("crimson", South)},
		"green TT (11,-5)", "cyan U (16,-5)", "crimson R (16,0)")
	s, _ = play(t, s, "cyan: U(13,-4)", "crimson: Rx(16,-5)")
	wantAt(t, s, "(16,-5)", "crimson R")
	tg, _ := s.Targets(the(t, s, "(11,-5)").ID)
	for _, p := range tg.Points {
		if p.Steal && p.Sq == sq(t, "(16,-5)") {
			t.Errorf("steal %+v", p)
		}
	}
	// (The rook left (16,0), which the thief can reach: that one is a steal square.)
	if x, ok := tg.Contains(sq(t, "(16,0)")); !ok || !x.Steal {
		t.Errorf("no steal on (16,0): %+v", x)
	}
	o, err := s.ReadOrder(0, "TTx(16,-5)")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(o); !errors.Is(err, ErrTimeThiefCapture) {
		t.Errorf("got %v", err)
	}
}

// NEC-D26: marks last one update: a capturable piece that gets away is no longer marked.
func TestNEC_D26_MarksLastOneUpdate(t *testing.T) {
	s := pos25(t)
	wantMarks(t, s, "(27,6)", MarkCovered)
	ns, _ := play(t, s, "blue: R(40,6)")
	wantMarks(t, ns, "(40,6)", 0)
}

// The zero State is not a game, but its methods return errors rather than panic.
func TestZeroState(t *testing.T) {
	var s State
	if _, _, err := s.Resolve(nil); !errors.Is(err, ErrGameOver) {
		t.Error(err)
	}
	if _, err := s.Targets(1); err == nil {
		t.Error("targets")
	}
	if err := s.Validate(Order{}); err == nil {
		t.Error("validate")
	}
	_ = s.CrowdedPieces()
	_ = s.FormatOrder(Order{Steps: []Step{{}}})
	_ = s.At(Sq(0, 0))
	if _, err := DecodeState(s.Encode()); err == nil {
		t.Error("the zero state decoded")
	}
}
