package nec

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// N3, RULES.md 11.1: the notation reads the seed's forms and writes a canonical one.
func TestNEC_D28_ParseOrderText(t *testing.T) {
	cases := []struct{ in, out string }{
		{"N(3,15)", "N(3,15)"},
		{"Rx(12,15)", "Rx(12,15)"},
		{"RxN(12,15)", "RxN(12,15)"},
		{"TTx(16,-5)", "TTx(16,-5)"},
		{"TTxU(16,-5)", "TTxU(16,-5)"},
		{"(14,-7)x(13,-6)", "(14,-7)x(13,-6)"},
		{"N(3,12)-(3,15)", "N(3,12)-(3,15)"},
		{"(3,12)-(3,15)", "(3,12)-(3,15)"},
		{"(12,-6)", "(12,-6)"},
		{"P(3,-8)", "P(3,-8)"},
		{"x(13,-6)", "x(13,-6)"},
		{"xP(13,-6)", "xP(13,-6)"},
		{"Rx(12,15) then R(7,13)", "Rx(12,15) / R(7,13)"},
		{"Rx(12,15) THEN R(7,13)", "Rx(12,15) / R(7,13)"},
		{"Rx(12,15)/R(7,13)", "Rx(12,15) / R(7,13)"},
		{"  R(0,3)  /  if captured: (50,51) ", "R(0,3) / if captured: (50,51)"},
		{"R(0,3) / If Captured (50,51)", "R(0,3) / if captured: (50,51)"},
		{"R(0,3) then if captured: B(1,1)-(4,4)", "R(0,3) / if captured: B(1,1)-(4,4)"},
		{"( 3 , -15 )", "(3,-15)"},
		{"G(+3,-0)", "G(3,0)"},
		{"UxQ(14,-3) / UxR(18,-5) / UxP(17,-5) / (-30,-29)", "UxQ(14,-3) / UxR(18,-5) / UxP(17,-5) / (-30,-29)"},
		{"Q(-1152921504606846976,1152921504606846976)", "Q(-1152921504606846976,1152921504606846976)"},
		{"TT(1,1)-(2,2)", "TT(1,1)-(2,2)"},
		{"C(1,1)xTT(2,2)", "C(1,1)xTT(2,2)"},
	}
	for _, c := range cases {
		ot, err := ParseOrderText(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := ot.String(); got != c.out {
			t.Errorf("%q: got %q, want %q", c.in, got, c.out)
		}
		back, err := ParseOrderText(ot.String())
		if err != nil || !slices.Equal(back, ot) {
			t.Errorf("%q: round trip %v %v", c.in, back, err)
		}
	}
	ot, _ := ParseOrderText("RxN(12,15) / if captured: (14,-7)x(13,-6)")
	want := OrderText{
		{Move: MoveText{Kind: Rook, Capture: true, Victim: Knight, To: Sq(12, 15)}},
		{IfCaptured: true, Move: MoveText{HasFrom: true, From: Sq(14, -7), Capture: true, To: Sq(13, -6)}},
	}
	if !slices.Equal(ot, want) {
		t.Errorf("got %+v", ot)
	}
}

// RULES.md 11.1: errors say where.
func TestNEC_D28_ParseErrors(t *testing.T) {
	cases := []struct {
		in   string
		pos  int // 1-based, as printed
		text string
	}{
		{"", 1, "empty order"},
		{"   ", 1, "empty order"},
		{"R(3,15", 7, "expected \")\""},
		{"R(3;15)", 4, "expected \",\""},
		{"Z(1,2)", 1, "expected a piece letter"},
		{"R(1,2) R(3,4)", 8, "between steps"},
		{"R(1,2) /", 9, "expected a step"},
		{"R(1,2) / ", 10, "expected a step"},
		{"R(11529215046068469770,0)", 3, "out of range"},
		{"R(1152921504606846977,0)", 3, "out of range"},
		{"R(-,0)", 4, "expected a digit"},
		{"if (1,2)", 4, "if captured"},
		{"R(1,2)then R(3,4)", 7, "between steps"},
		{"R(1,2) thenR(3,4)", 8, "between steps"},
		{"Rx", 3, "expected \"(\""},
		{"R(1,2)-", 8, "expected \"(\""},
		{"Rx(1,2) / N(3,4) extra", 18, "between steps"},
	}
	for _, c := range cases {
		_, err := ParseOrderText(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a syntax error", c.in, err)
			continue
		}
		if se.Pos+1 != c.pos || !strings.Contains(se.Msg, c.text) {
			t.Errorf("%q: got %v, want position %d and %q", c.in, err, c.pos, c.text)
		}
	}
	many := strings.Repeat("R(1,2) / ", MaxSteps) + "R(1,2)"
	if _, err := ParseOrderText(many); err == nil {
		t.Error("more than MaxSteps steps parsed")
	}
}

// rooksAndQueen: blue rooks on (28,-6) and (40,-6), a green queen on (28,-3); the two rooks can
// reach the same squares of rank -6.
func rooksAndQueen(t testing.TB) State {
	return build(t, []Player{player("blue", North), player("green", North)},
		"blue R (28,-6)", "blue R (40,-6)", "green Q (28,-3)")
}

// RULES.md 11.1: reading against a board finds the piece, refuses ambiguity and checks the
// captured kind; formatting writes the shortest unambiguous text and reads back.
func TestNEC_D28_ReadAndFormat(t *testing.T) {
	s := rooksAndQueen(t)
	blue, _ := s.PlayerIndex("blue")
	o, err := s.ReadOrder(blue, "R(28,-6)-(32,-6)")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.FormatOrder(o); got != "R(28,-6)-(32,-6)" {
		t.Errorf("format %q", got)
	}
	if _, err := s.ReadOrder(blue, "R(32,-6)"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("ambiguity: %v", err)
	}
	o, err = s.ReadOrder(blue, "Rx(28,-3)")
	if err != nil || o.Steps[0].Move.From != Sq(28, -6) {
		t.Fatalf("%+v %v", o, err)
	}
	if got := s.FormatOrder(o); got != "Rx(28,-3)" {
		t.Errorf("format %q", got)
	}
	if _, err := s.ReadOrder(blue, "RxN(28,-3)"); err == nil || !strings.Contains(err.Error(), "no knight") {
		t.Errorf("victim: %v", err)
	}
	if _, err := s.ReadOrder(blue, "Nx(28,-3)"); !errors.Is(err, ErrNoPiece) {
		t.Errorf("no knight: %v", err)
	}
	if _, err := s.ReadOrder(blue, "Q(28,-6)-(28,-4)"); err == nil || !strings.Contains(err.Error(), "is a rook") {
		t.Errorf("wrong letter: %v", err)
	}
	if _, err := s.ReadOrder(blue, "R(1,1)-(1,2)"); !errors.Is(err, ErrNoPiece) || !strings.Contains(err.Error(), "position 1") {
		t.Errorf("no piece: %v", err)
	}
	if _, err := s.ReadOrder(blue, "R(28,-6)-(28,-4) / R(1,1)-(1,2)"); err == nil || !strings.Contains(err.Error(), "position 20 (step 2") {
		t.Errorf("position of step 2: %v", err)
	}
	if _, err := s.ParseOrder(blue, "R(28,-6)-(28,-2)"); !errors.Is(err, ErrUnreachable) {
		t.Errorf("parse validates: %v", err)
	}
	// Pawns: bare squares, captures with their from-square.
	p7 := pos7(t)
	o, _ = p7.ReadOrder(0, "x(13,-6) / (14,-6)")
	if got := p7.FormatOrder(o); got != "(14,-7)x(13,-6) / (14,-6)" {
		t.Errorf("format %q", got)
	}
	// The time thief's steal.
	s38, _ := play(t, pos37(t), "green: (-20,21)", "cyan: U(13,-4)")
	o, err = s38.ReadOrder(0, "TTxU(16,-5)")
	if err != nil {
		t.Fatal(err)
	}
	if got := s38.FormatOrder(o); got != "TTx(16,-5)" {
		t.Errorf("format %q", got)
	}
	if _, err := s38.ReadOrder(0, "TTxR(16,-5)"); err == nil {
		t.Error("wrong stolen kind accepted")
	}
}

// FormatOrder and ReadOrder are inverse on random legal orders of random positions.
func TestNEC_D28_FormatRoundTrip(t *testing.T) {
	rng := newRand(7)
	n := 0
	for g := 0; g < 40; g++ {
		s := randomState(rng, 2+rng.IntN(7), 12, 6)
		for u := 0; u < 8 && !s.End().Over; u++ {
			var os []Order
			for p := range s.players {
				o, ok := randomOrder(rng, s, p)
				if !ok {
					continue
				}
				text := s.FormatOrder(o)
				back, err := s.ReadOrder(p, text)
				if err != nil || !equalOrder(back, o) {
					t.Fatalf("%q: %+v %v, want %+v", text, back, err, o)
				}
				n++
				os = append(os, o)
			}
			s, _, _ = s.Resolve(os)
		}
	}
	if n < 500 {
		t.Errorf("only %d orders checked", n)
	}
}

func equalOrder(a, b Order) bool { return a.Player == b.Player && slices.Equal(a.Steps, b.Steps) }

// FuzzParseOrder: the parser never panics, and what it reads it writes back to the same text
// tree.
func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{"N(3,15)", "Rx(12,15) / R(7,13)", "TTxU(16,-5)", "(14,-7)x(13,-6) then (14,-6)",
		"R(0,3) / if captured: B(1,1)-(4,4)", "( 3 , -15 )", "Rx(", "if captured", "x(1,2)", "R(1,2)/ /"} {
		f.Add(s)
	}
	s := rooksAndQueen(f)
	f.Fuzz(func(t *testing.T, in string) {
		ot, err := ParseOrderText(in)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Pos < 0 || se.Pos > len(in) {
				t.Fatalf("%q: bad error %v", in, err)
			}
			return
		}
		back, err := ParseOrderText(ot.String())
		if err != nil || !slices.Equal(back, ot) {
			t.Fatalf("%q: round trip %q: %v", in, ot.String(), err)
		}
		// Matching against a board must not panic either.
		if o, err := s.ReadOrder(0, in); err == nil {
			_ = s.Validate(o)
			_ = s.FormatOrder(o)
		}
	})
}
