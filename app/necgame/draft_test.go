package necgame

import (
	"errors"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

// TestN4_DraftIfFailsFallback enters seed example (3): "Rx(12,15), if the capture fails
// R(7,13)", by picking pieces and squares.
func TestN4_DraftIfFailsFallback(t *testing.T) {
	s := build(t, "white R (7,15)", "black N (12,15)")
	d := NewDraft(s, 0)
	if d.CanAdd(IfFails) || d.CanAdd(IfCaptured) {
		t.Error("fallbacks offered for an empty order")
	}
	if err := d.SelectAt(sq(t, "(7,15)")); err != nil {
		t.Fatal(err)
	}
	if _, ok := d.Targets(); !ok {
		t.Fatal("no targets")
	}
	if err := d.Pick(sq(t, "(12,15)")); err != nil {
		t.Fatal(err)
	}
	if !d.CanAdd(IfFails) {
		t.Error("no if-fails fallback offered after a capture")
	}
	if d.CanAdd(IfCaptured) {
		t.Error("an if-captured fallback offered for a piece that cannot be captured while moving")
	}
	if err := d.SetCond(IfCaptured); !errors.Is(err, ErrNoFallback) {
		t.Errorf("SetCond(IfCaptured) = %v", err)
	}
	if err := d.SetCond(IfFails); err != nil {
		t.Fatal(err)
	}
	d.SelectAt(sq(t, "(7,15)"))
	if err := d.Pick(sq(t, "(7,13)")); err != nil {
		t.Fatal(err)
	}
	o := d.Order()
	if len(o.Steps) != 2 || o.Steps[1].IfCaptured || o.Steps[1].Move.To != sq(t, "(7,13)") {
		t.Fatalf("order %+v", o)
	}
	// The text reads back to the same order, in the seed's notation.
	text := d.Text()
	if !strings.Contains(text, "(12,15)") || !strings.Contains(text, " / ") {
		t.Errorf("text %q", text)
	}
	back, err := s.ParseOrder(0, text)
	if err != nil || len(back.Steps) != 2 || back.Steps[1] != o.Steps[1] || back.Steps[0] != o.Steps[0] {
		t.Errorf("text %q reads back as %+v, %v", text, back, err)
	}
	// After a non-capture fallback no further if-fails step can be played.
	if d.CanAdd(IfFails) {
		t.Error("a second if-fails fallback offered after a plain move")
	}
	d.Undo()
	if len(d.Steps()) != 1 || !d.CanAdd(IfFails) {
		t.Error("undo did not remove the fallback")
	}
	// A pick without a condition replaces the order.
	d.SelectAt(sq(t, "(7,15)"))
	d.Pick(sq(t, "(7,10)"))
	if st := d.Steps(); len(st) != 1 || st[0].Move.To != sq(t, "(7,10)") {
		t.Errorf("steps %+v, want the one new move", st)
	}
}

// TestN8_DraftIfCapturedFallback: a capturable piece's move may carry "if it is captured, move
// this other piece" (seed's UPDATE note).
func TestN8_DraftIfCapturedFallback(t *testing.T) {
	s := build(t, "white N (0,0)", "white B (5,-5)", "black R (0,7)")
	s, _, err := s.Resolve(nil) // the knight stays attacked: capturable by the clock
	if err != nil {
		t.Fatal(err)
	}
	d := NewDraft(s, 0)
	d.SelectAt(nec.Sq(0, 0))
	if err := d.Pick(nec.Sq(1, 2)); err != nil {
		t.Fatal(err)
	}
	if !d.CanAdd(IfCaptured) || d.CanAdd(IfFails) {
		t.Fatalf("fallbacks offered: if captured %v, if fails %v", d.CanAdd(IfCaptured), d.CanAdd(IfFails))
	}
	d.SetCond(IfCaptured)
	d.SelectAt(nec.Sq(5, -5))
	if err := d.Pick(nec.Sq(6, -4)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text(), "if captured") {
		t.Errorf("text %q", d.Text())
	}
	_, rep, err := s.Resolve([]nec.Order{d.Order(), mustParse(t, s, 1, "Rx(0,0)")})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := rep.Result(0); r.Step != 1 {
		t.Errorf("result %+v: want the if-captured step played", r)
	}
}

func mustParse(t *testing.T, s nec.State, p int, text string) nec.Order {
	t.Helper()
	o, err := s.ParseOrder(p, text)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestN3_DraftRejectsIllegalPicks: only the player's pieces, only targets on the visible board
// (seed example (1): the path is checked on the board as it stands).
func TestN3_DraftRejectsIllegalPicks(t *testing.T) {
	s := build(t, "black R (3,10)", "white N (3,12)", "white P (0,0)")
	d := NewDraft(s, 1)
	if err := d.SelectAt(nec.Sq(3, 12)); !errors.Is(err, ErrNotYours) {
		t.Errorf("selecting white's knight: %v", err)
	}
	if err := d.Pick(nec.Sq(3, 11)); !errors.Is(err, ErrNoSelection) {
		t.Errorf("pick without a piece: %v", err)
	}
	d.SelectAt(nec.Sq(3, 10))
	if err := d.Pick(nec.Sq(3, 13)); !errors.Is(err, ErrNotATarget) {
		t.Errorf("R(3,13) through the knight: %v", err)
	}
	if err := d.SetText("R(3,13)"); err == nil {
		t.Error("SetText accepted R(3,13)")
	}
	if len(d.Steps()) != 0 {
		t.Error("a rejected pick changed the order")
	}
	mov := d.Movable()
	if len(mov) != 1 {
		t.Errorf("movable %v", mov)
	}
}
