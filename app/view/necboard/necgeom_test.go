package necboard

import (
	"math"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

func TestNECCameraRoundTrip(t *testing.T) {
	c := Camera{S: 30}.Resize(800, 600)
	for _, sq := range []nec.Square{{X: 0, Y: 0}, {X: 3, Y: -5}, {X: -12, Y: 9}} {
		x, y := c.Screen(sq)
		if got := c.Square(x, y); got != sq {
			t.Errorf("square(screen(%v)) = %v", sq, got)
		}
		if got := c.Square(x+14, y-14); got != sq {
			t.Errorf("a point inside %v reads %v", sq, got)
		}
	}
	// Up on the board is up on the screen.
	_, y0 := c.Screen(nec.Sq(0, 0))
	_, y1 := c.Screen(nec.Sq(0, 1))
	if y1 >= y0 {
		t.Error("y grows downwards")
	}
	// Far coordinates keep their precision.
	far := nec.Sq(nec.MaxCoord-3, -nec.MaxCoord+7)
	c = c.Centre(far)
	if got := c.Square(c.W/2+30, c.H/2); got != nec.Sq(far.X+1, far.Y) {
		t.Errorf("next to %v: %v", far, got)
	}
}

func TestNECCameraPanZoom(t *testing.T) {
	c := Camera{S: 20}.Resize(400, 400)
	// Drag the board 40 pixels right and 20 down: the square under the pointer follows.
	before := c.Square(100, 100)
	c2 := c.Pan(40, 20)
	if got := c2.Square(140, 120); got != before {
		t.Errorf("after the pan, %v is under the pointer, want %v", got, before)
	}
	// Zooming keeps the square under the pointer.
	under := c.Square(300, 50)
	z := c.Zoom(300, 50, 2.5)
	if z.S != 50 {
		t.Errorf("scale %v", z.S)
	}
	if got := z.Square(300, 50); got != under {
		t.Errorf("after the zoom, %v is under the pointer, want %v", got, under)
	}
	// Limits.
	if c.Zoom(0, 0, 1000).S != MaxScale || c.Zoom(0, 0, 0.0001).S != MinScale {
		t.Error("the zoom passes its limits")
	}
}

func TestNECCameraFitAndBounds(t *testing.T) {
	c := Camera{S: 10}.Resize(1000, 500)
	sqs := []nec.Square{{X: -7, Y: -12}, {X: 8, Y: 12}}
	f := c.Fit(sqs)
	for _, q := range sqs {
		if !f.Visible(q) {
			t.Errorf("%v is not visible after fit (scale %v)", q, f.S)
		}
	}
	x0, x1, y0, y1 := f.Bounds()
	if x0 > -7 || x1 < 8 || y0 > -12 || y1 < 12 {
		t.Errorf("bounds %d..%d, %d..%d", x0, x1, y0, y1)
	}
	// The start of a two-player game fits a phone's board.
	s, _ := nec.Setup(nec.Options{Players: 2})
	p := Camera{}.Resize(360, 420).Fit(Action(s, nil))
	for _, pc := range s.Pieces() {
		if !p.Visible(pc.Sq) {
			t.Errorf("%v is off the phone's board", pc.Sq)
		}
	}
}

func TestNECAction(t *testing.T) {
	s, err := nec.NewState([]nec.Player{{Name: "white", Dir: nec.North}, {Name: "black", Dir: nec.South}},
		[]nec.Piece{
			{Owner: 0, Kind: nec.Rook, Sq: nec.Sq(0, 0)},
			{Owner: 0, Kind: nec.Pawn, Sq: nec.Sq(1, 1)},
			{Owner: 1, Kind: nec.Knight, Sq: nec.Sq(3, 4)},
			{Owner: 1, Kind: nec.Rook, Sq: nec.Sq(5000, 0)}, // a stray
		}, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	got := Action(s, nil)
	if len(got) != 3 {
		t.Errorf("action %v, want the three pieces near the middle", got)
	}
}

func TestNECArrows(t *testing.T) {
	c := Camera{S: 20}.Resize(400, 300)
	ps := []nec.Piece{
		{Owner: 0, Sq: nec.Sq(0, 0)},    // on screen
		{Owner: 0, Sq: nec.Sq(50, 0)},   // east
		{Owner: 1, Sq: nec.Sq(60, 1)},   // east
		{Owner: 1, Sq: nec.Sq(0, -40)},  // south
		{Owner: 2, Sq: nec.Sq(-30, 30)}, // north-west
	}
	as := PlaceArrows(c, Arrows(c, ps, 3), ps)
	if len(as) != 3 {
		t.Fatalf("arrows %+v", as)
	}
	byDir := map[int]Arrow{}
	for _, a := range as {
		byDir[a.Dir] = a
		if a.X < 0 || a.X > c.W || a.Y < 0 || a.Y > c.H {
			t.Errorf("arrow %d at (%v,%v) is off the viewport", a.Dir, a.X, a.Y)
		}
	}
	// Each stands at its edge: its box within 10 pixels of it (the south one above the x
	// coordinates' band).
	if e := byDir[0]; e.Counts[0] != 1 || e.Counts[1] != 1 || e.Nearest != nec.Sq(50, 0) || ArrowBox(e.X, e.Y, 2).X1 < c.W-10 {
		t.Errorf("east arrow %+v", e)
	}
	if s := byDir[6]; s.Counts[1] != 1 || ArrowBox(s.X, s.Y, 1).Y1 < c.H-30 {
		t.Errorf("south arrow %+v", s)
	}
	if nw := byDir[3]; nw.Counts[2] != 1 {
		t.Errorf("north-west arrow %+v", nw)
	}
}

// TestNECArrowsCoverNothing (issue 16): the arrows at the edges never cover a piece on
// screen, a coordinate, or each other, on a phone's board crowded along its edges as on a wide
// one; each keeps to its side of the board.
func TestNECArrowsCoverNothing(t *testing.T) {
	for _, size := range [][2]float64{{390, 560}, {1000, 700}} {
		c := Camera{S: 40}.Resize(size[0], size[1])
		x0, x1, y0, y1 := c.Bounds()
		var ps []nec.Piece
		// A piece on every other square of the outer ring of the view, and armies far away in
		// all eight directions, of three players.
		for x := x0; x <= x1; x++ {
			for _, y := range []int64{y0 + 1, y1 - 1} {
				if x%2 == 0 {
					ps = append(ps, nec.Piece{Owner: int(x&1) + int(y&1), Sq: nec.Sq(x, y)})
				}
			}
		}
		for y := y0; y <= y1; y++ {
			for _, x := range []int64{x0 + 1, x1 - 1} {
				if y%3 == 0 {
					ps = append(ps, nec.Piece{Owner: 0, Sq: nec.Sq(x, y)})
				}
			}
		}
		for d := 0; d < 8; d++ {
			dx := []int64{1, 1, 0, -1, -1, -1, 0, 1}[d]
			dy := []int64{0, 1, 1, 1, 0, -1, -1, -1}[d]
			for o := range 3 {
				ps = append(ps, nec.Piece{Owner: o, Sq: nec.Sq(dx*200+int64(o), dy*200)})
			}
		}
		as := PlaceArrows(c, Arrows(c, ps, 3), ps)
		if len(as) != 8 {
			t.Fatalf("%v: %d arrows", size, len(as))
		}
		var boxes []Box
		for _, p := range ps {
			if c.Visible(p.Sq) {
				x, y := c.Screen(p.Sq)
				boxes = append(boxes, Box{x - c.S/2, y - c.S/2, x + c.S/2, y + c.S/2})
			}
		}
		for _, l := range Labels(c) {
			boxes = append(boxes, l.Box())
		}
		for _, a := range as {
			b := ArrowBox(a.X, a.Y, 3)
			for _, o := range boxes {
				if b.Overlaps(o) {
					t.Errorf("%v: the %s arrow %+v covers %+v", size, DirNames[a.Dir], b, o)
					break
				}
			}
			if b.X0 < 0 || b.Y0 < ToolbarHeight || b.X1 > c.W || b.Y1 > c.H {
				t.Errorf("%v: the %s arrow %+v is off the board or under the toolbar", size, DirNames[a.Dir], b)
			}
			// Its side: the east arrow in the right third, the north one in the top half, ...
			ang := float64(a.Dir) * math.Pi / 4
			if dx := a.X - c.W/2; math.Abs(math.Cos(ang)) > 0.5 && dx*math.Cos(ang) < c.W/6 {
				t.Errorf("%v: the %s arrow at x %v is not on its side", size, DirNames[a.Dir], a.X)
			}
			boxes = append(boxes, b)
		}
	}
}

func TestParseJump(t *testing.T) {
	for text, want := range map[string]nec.Square{"3,-5": {X: 3, Y: -5}, "(3, -5)": {X: 3, Y: -5}, " -12 40 ": {X: -12, Y: 40}} {
		got, err := ParseJump(text)
		if err != nil || got != want {
			t.Errorf("ParseJump(%q) = %v, %v", text, got, err)
		}
	}
	for _, bad := range []string{"", "3", "a,b", "1,2,3", "9999999999999999999,0", "2000000000000000000,0"} {
		if _, err := ParseJump(bad); err == nil {
			t.Errorf("ParseJump(%q) accepted", bad)
		}
	}
}

func TestNECLabelStep(t *testing.T) {
	for _, c := range []struct {
		s    float64
		want int64
	}{{60, 1}, {30, 2}, {12, 5}, {6, 10}, {1, 50}} {
		if got := LabelStep(c.s, 40); got != c.want {
			t.Errorf("LabelStep(%v) = %d, want %d", c.s, got, c.want)
		}
	}
	if floorDiv(-3, 2) != -2 || floorDiv(3, 2) != 1 || floorDiv(-4, 2) != -2 {
		t.Error("floorDiv")
	}
}

// TestNECPhoneStartView checks the first view of a game on a 390-pixel phone: the whole start
// comes out at 11-13 pixels a square, too small for a finger, so the player entering an order
// sees its own army at a touchable size (and a desktop, the whole game, as before).
func TestNECPhoneStartView(t *testing.T) {
	// The board of a 390 x 844 phone, below the toolbar and above the order panel.
	phone := Camera{}.Resize(390, 420)
	for _, players := range []int{2, 4, 6, 8} {
		s, err := nec.Setup(nec.Options{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		for own := 0; own < players; own++ {
			c := phone.View(s, nil, own)
			if c.S < TouchScale {
				t.Errorf("%d players, seat %d: %.1f px a square, want at least %.0f", players, own, c.S, TouchScale)
			}
			for _, pc := range s.Pieces() {
				if pc.Owner == own && !c.Visible(pc.Sq) {
					t.Errorf("%d players, seat %d: own piece %v off the screen", players, own, pc.Sq)
				}
			}
		}
		// A desktop's board (played with a mouse) shows the whole game.
		desk := Camera{}.Resize(800, 700)
		if c, all := desk.View(s, nil, 0), desk.Fit(Action(s, nil)); c != all {
			t.Errorf("%d players on a desktop: not the whole game", players)
		}
		// No seat entering (bots alone): the whole game, whatever its size.
		if c, all := phone.View(s, nil, -1), phone.Fit(Action(s, nil)); c != all {
			t.Errorf("%d players, no seat: %+v, want the action %+v", players, c, all)
		}
	}
}
