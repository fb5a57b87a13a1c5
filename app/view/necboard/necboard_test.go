package necboard

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/variants/nec"
)

// necTestState: a white rook attacking a black knight, a far black pawn, a white pawn.
func necTestState(t *testing.T) nec.State {
	t.Helper()
	s, err := nec.NewState([]nec.Player{{Name: "white", Dir: nec.North}, {Name: "black", Dir: nec.South}},
		[]nec.Piece{
			{Owner: 0, Kind: nec.Rook, Sq: nec.Sq(0, 0)},
			{Owner: 1, Kind: nec.Knight, Sq: nec.Sq(0, 4)},
			{Owner: 1, Kind: nec.Pawn, Sq: nec.Sq(500, 500)},
			{Owner: 0, Kind: nec.Pawn, Sq: nec.Sq(2, -1)},
		}, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestNECBoardDrawsVisibleOnly: the board draws the pieces and the targets on the screen only
// (the board being unbounded), with the marks of RULES.md N5-N7.
func TestNECBoardDrawsVisibleOnly(t *testing.T) {
	s := necTestState(t)
	cam := Camera{S: 40}.Resize(400, 400) // squares -5..5 around (0,0)
	rook := s.At(nec.Sq(0, 0))[0]
	tg, err := s.Targets(rook.ID)
	if err != nil {
		t.Fatal(err)
	}
	b := Board{Cam: cam, State: s, Marks: necgame.Marks(s), Player: 0, Sel: rook.ID, Targets: &tg}
	html := app.HTMLString(b.Render())
	for _, want := range []string{
		`data-square="(0,0)"`, `data-square="(0,4)"`, `data-square="(2,-1)"`,
		`data-target="(0,3)"`, `data-target="(5,0)"`, `data-target="(0,-5)"`,
		`class="nec-target capture"`, // the knight
		`nec-badge clk`,              // the knight is on the clock (N6)
		`data-piece="Black knight"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the board lacks %s", want)
		}
	}
	for _, unwanted := range []string{`data-square="(500,500)"`, `data-target="(7,0)"`, `data-target="(0,5)"`, `data-target="(0,-8)"`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("the board draws %s, off the screen or beyond the capture", unwanted)
		}
	}
	// Far away, nothing is drawn but the background.
	far := b
	far.Cam = cam.Centre(nec.Sq(1000, -1000))
	far.Targets = nil
	if html := app.HTMLString(far.Render()); strings.Contains(html, "data-square") {
		t.Error("pieces drawn far from the camera")
	}
	// The arrows count the far pawn.
	as := Arrows(cam, s.Pieces(), 2)
	if len(as) != 1 || as[0].Dir != 1 || as[0].Counts[1] != 1 {
		t.Errorf("arrows %+v, want one north-east with the black pawn", as)
	}
}

// TestNECBoardAnimation: the update shown slides every moved piece from where it was, shows the
// captured piece fading and marks the failed capture (N4).
func TestNECBoardAnimation(t *testing.T) {
	s := necTestState(t)
	rk, err := s.ParseOrder(0, "Rx(0,4) / R(0,-3)")
	if err != nil {
		t.Fatal(err)
	}
	kn, err := s.ParseOrder(1, "N(1,2)")
	if err != nil {
		t.Fatal(err)
	}
	after, rep, err := s.Resolve([]nec.Order{rk, kn})
	if err != nil {
		t.Fatal(err)
	}
	cam := Camera{S: 40}.Resize(400, 400)
	b := Board{Cam: cam, State: after, Marks: necgame.Marks(after), Player: -1, Anim: &Anim{Before: s, Rep: rep, Live: true}}
	html := app.HTMLString(b.Render())
	for _, want := range []string{`nec-slide anim-a`, `data-missed="(0,4)"`, `nec-trail p0`, `nec-trail p1`} {
		if !strings.Contains(html, want) {
			t.Errorf("the animation lacks %s", want)
		}
	}
	// Once the animation is over, the trails stay and nothing plays again when the pieces are
	// drawn anew.
	over := b
	over.Anim = &Anim{Before: s, Rep: rep}
	html = app.HTMLString(over.Render())
	if !strings.Contains(html, `nec-trail p0`) || strings.Contains(html, "nec-slide") || strings.Contains(html, "anim-a") {
		t.Error("the board after the animation: want the trails, no slide")
	}
	// A capture that succeeds leaves a fading ghost, under the other animation name.
	kn2, _ := s.ParseOrder(1, "(500,499)")
	after2, rep2, err := s.Resolve([]nec.Order{rk, kn2})
	if err != nil {
		t.Fatal(err)
	}
	b2 := Board{Cam: cam, State: after2, Marks: necgame.Marks(after2), Player: -1, Anim: &Anim{Before: s, Rep: rep2, Second: true, Live: true}}
	if html := app.HTMLString(b2.Render()); !strings.Contains(html, `data-ghost="captured"`) || !strings.Contains(html, "anim-b") {
		t.Error("no ghost of the captured knight")
	}
}
