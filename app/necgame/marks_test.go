package necgame

import (
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

// TestN5_N6_Marks: crowded pieces, capturable pieces and pieces on a threat clock are marked.
func TestN5_N6_Marks(t *testing.T) {
	s := build(t, "white R (0,0)", "black N (0,6)", "white N (10,0)", "black P (11,3)")
	m := Marks(s)
	kn := s.At(nec.Sq(0, 6))[0]
	if !m[kn.ID].Clock || m[kn.ID].Capturable != 0 {
		t.Errorf("the attacked knight: %+v, want on the clock only", m[kn.ID])
	}
	// Both pass: the clock runs out (N6); the white knight and the black pawn crowd (N5).
	s, _, err := s.Resolve([]nec.Order{
		{Player: 0, Steps: []nec.Step{{Move: nec.Move{From: nec.Sq(10, 0), To: nec.Sq(11, 2)}}}},
		{Player: 1, Steps: []nec.Step{{Move: nec.Move{From: nec.Sq(11, 3), To: nec.Sq(11, 2)}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m = Marks(s)
	if m[kn.ID].Capturable&nec.MarkClock == 0 {
		t.Errorf("the knight: %+v, want capturable by the clock", m[kn.ID])
	}
	if !strings.Contains(m[kn.ID].Describe(), "capturable") {
		t.Errorf("describe: %q", m[kn.ID].Describe())
	}
	crowded := 0
	for _, pc := range s.At(nec.Sq(11, 2)) {
		if m[pc.ID].Crowded {
			crowded++
		}
	}
	if crowded != 2 {
		t.Errorf("%d crowded pieces on (11,2), want 2", crowded)
	}
	rook := s.At(nec.Sq(0, 0))[0]
	if m[rook.ID].Any() {
		t.Errorf("the rook is marked: %+v", m[rook.ID])
	}
}

// TestN4_Describe: seed example (3) with the knight dodging: the capture fails and the
// fallback is played; the description says so.
func TestN4_Describe(t *testing.T) {
	s := build(t, "white R (7,15)", "black N (12,15)", "black P (20,20)")
	o1, err := s.ParseOrder(0, "Rx(12,15) / R(7,13)")
	if err != nil {
		t.Fatal(err)
	}
	o2, err := s.ParseOrder(1, "N(14,16)")
	if err != nil {
		t.Fatal(err)
	}
	after, rep, err := s.Resolve([]nec.Order{o1, o2})
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, l := range Describe(s, after, rep) {
		text = append(text, l.Text)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"White: ", "failed", "played R(7,13)", "Black: N(14,16)"} {
		if !strings.Contains(all, want) {
			t.Errorf("description lacks %q:\n%s", want, all)
		}
	}
}

// TestN4_DescribeUnmarkedCapture: seed example (4): "RxP(12,-6)" onto a square empty when the
// order was given is played as a plain move, and the description says why.
func TestN4_DescribeUnmarkedCapture(t *testing.T) {
	s := build(t, "white R (10,-6)", "black P (12,-5)", "black P (20,20)") // black pawns move -y
	o1, err := s.ParseOrder(0, "RxP(12,-6)")
	if err != nil {
		t.Fatal(err)
	}
	o2, err := s.ParseOrder(1, "(12,-5)-(12,-6)")
	if err != nil {
		t.Fatal(err)
	}
	after, rep, err := s.Resolve([]nec.Order{o1, o2})
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, l := range Describe(s, after, rep) {
		text = append(text, l.Text)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"as a plain move", "(12,-6) was empty when the order was given", "Crowded on (12,-6)"} {
		if !strings.Contains(all, want) {
			t.Errorf("description lacks %q:\n%s", want, all)
		}
	}
}
