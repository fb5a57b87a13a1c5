package necboard

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/plyground/plyground/variants/nec"
)

// Zoom limits of the Never-Ending Chess board, in screen pixels per square.
const (
	MinScale = 6.0
	MaxScale = 96.0
)

// Camera is the view of the unbounded board: the square at the centre of the viewport
// (an exact integer square plus a fraction, so that far coordinates lose no precision), the
// zoom (pixels per square) and the viewport's size in pixels. The board's y axis points up,
// the screen's down.
type Camera struct {
	IX, IY int64
	FX, FY float64 // in [-0.5, 0.5]
	S      float64
	W, H   float64
}

// norm moves whole squares of the fraction into the integer part.
func (c Camera) norm() Camera {
	rx, ry := math.Round(c.FX), math.Round(c.FY)
	c.IX, c.FX = clampCoord(c.IX+int64(rx)), c.FX-rx
	c.IY, c.FY = clampCoord(c.IY+int64(ry)), c.FY-ry
	return c
}

func clampCoord(v int64) int64 { return min(max(v, -nec.MaxCoord), nec.MaxCoord) }

// screen returns the screen position of the centre of square sq.
func (c Camera) Screen(sq nec.Square) (x, y float64) {
	return c.W/2 + (float64(sq.X-c.IX)-c.FX)*c.S, c.H/2 - (float64(sq.Y-c.IY)-c.FY)*c.S
}

// square returns the square under the screen point (x, y).
func (c Camera) Square(x, y float64) nec.Square {
	dx := math.Round((x-c.W/2)/c.S + c.FX)
	dy := math.Round(-(y-c.H/2)/c.S + c.FY)
	return nec.Sq(clampCoord(c.IX+int64(dx)), clampCoord(c.IY+int64(dy)))
}

// bounds returns the squares at least partly visible: x0..x1, y0..y1.
func (c Camera) Bounds() (x0, x1, y0, y1 int64) {
	hw, hh := c.W/2/c.S+1, c.H/2/c.S+1
	x0 = clampCoord(c.IX + int64(math.Floor(c.FX-hw)))
	x1 = clampCoord(c.IX + int64(math.Ceil(c.FX+hw)))
	y0 = clampCoord(c.IY + int64(math.Floor(c.FY-hh)))
	y1 = clampCoord(c.IY + int64(math.Ceil(c.FY+hh)))
	return
}

// visible reports whether square sq is at least partly in the viewport.
func (c Camera) Visible(sq nec.Square) bool {
	x, y := c.Screen(sq)
	r := c.S / 2
	return x+r > 0 && x-r < c.W && y+r > 0 && y-r < c.H
}

// pan moves the board by (dx, dy) screen pixels (the content follows the pointer).
func (c Camera) Pan(dx, dy float64) Camera {
	c.FX -= dx / c.S
	c.FY += dy / c.S
	return c.norm()
}

// zoom multiplies the scale by f (within the limits), keeping the board point under the screen
// point (x, y) in place.
func (c Camera) Zoom(x, y, f float64) Camera {
	s := min(max(c.S*f, MinScale), MaxScale)
	// The board offset of (x, y) from the centre, in squares, before and after.
	bx, by := (x-c.W/2)/c.S, (y-c.H/2)/c.S
	ax, ay := (x-c.W/2)/s, (y-c.H/2)/s
	c.FX += bx - ax
	c.FY -= by - ay
	c.S = s
	return c.norm()
}

// centre puts square sq at the centre.
func (c Camera) Centre(sq nec.Square) Camera {
	c.IX, c.IY, c.FX, c.FY = sq.X, sq.Y, 0, 0
	return c
}

// resize sets the viewport's size, keeping the centre.
func (c Camera) Resize(w, h float64) Camera {
	c.W, c.H = max(w, 1), max(h, 1)
	if c.S == 0 {
		c.S = 32
	}
	return c
}

// necTopInset is the height of the toolbar over the top of the board, in pixels.
const TopInset = 44.0

// necTouchScale is the smallest square, in pixels, that a finger picks out reliably: below it
// a phone's camera shows the player's own army rather than the whole game (View).
const TouchScale = 28.0

// necPhoneWidth is the board width, in pixels, below which the board is a phone's, played with
// a finger; a wider one is played with a mouse, which picks out smaller squares.
const PhoneWidth = 600.0

// fit returns the camera that shows every square of sqs with a margin of two squares, as
// large as the zoom limits allow, centred on them.
func (c Camera) Fit(sqs []nec.Square) Camera { return c.FitMargin(sqs, 2) }

// View returns the camera that shows the game: the action (Action), unless the board is
// a phone's (narrower than necPhoneWidth) and the action's squares come out smaller than a
// finger picks out: then the army of player own (the seat entering an order), so that a
// phone's first view of a game is the player's pieces at a size a finger can play, not every
// army at a dozen pixels a square. own < 0 (no seat entering, or one with no pieces) always
// shows the action.
func (c Camera) View(s nec.State, last *nec.Report, own int) Camera {
	all := c.Fit(Action(s, last))
	if all.S >= TouchScale || c.W >= PhoneWidth || own < 0 {
		return all
	}
	var army []nec.Square
	for _, pc := range s.Pieces() {
		if pc.Owner == own {
			army = append(army, pc.Sq)
		}
	}
	if len(army) == 0 {
		return all
	}
	return c.FitMargin(army, 2)
}

// fitMargin is fit with a margin of margin squares around sqs.
func (c Camera) FitMargin(sqs []nec.Square, margin int) Camera {
	if len(sqs) == 0 {
		return c.Centre(nec.Sq(0, 0))
	}
	x0, x1, y0, y1 := sqs[0].X, sqs[0].X, sqs[0].Y, sqs[0].Y
	for _, q := range sqs[1:] {
		x0, x1 = min(x0, q.X), max(x1, q.X)
		y0, y1 = min(y0, q.Y), max(y1, q.Y)
	}
	spanX, spanY := float64(x1-x0+1)+2*float64(margin), float64(y1-y0+1)+2*float64(margin)
	free := max(c.H-TopInset, 1) // the toolbar covers the top
	c.S = min(max(min(c.W/spanX, free/spanY), MinScale), MaxScale)
	// The centre of the box: x0 + (x1-x0)/2 without overflow, drawn in the middle of the
	// part under the toolbar.
	c.IX, c.IY = x0+(x1-x0)/2, y0+(y1-y0)/2
	c.FX, c.FY = float64((x1-x0)%2)/2, float64((y1-y0)%2)/2+TopInset/2/c.S
	return c.norm()
}

// actionRadius is how far from the middle of the pieces a piece still counts as part of the
// action.
const actionRadius = 24

// Action returns the squares "back to the action" shows: the pieces within actionRadius of
// the median piece (the middle of the game, whatever strays far away), and the squares of the
// last update's moves.
func Action(s nec.State, last *nec.Report) []nec.Square {
	ps := s.Pieces()
	if len(ps) == 0 {
		return nil
	}
	xs, ys := make([]int64, len(ps)), make([]int64, len(ps))
	for i, p := range ps {
		xs[i], ys[i] = p.Sq.X, p.Sq.Y
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	sort.Slice(ys, func(i, j int) bool { return ys[i] < ys[j] })
	mx, my := xs[len(xs)/2], ys[len(ys)/2]
	near := func(q nec.Square) bool {
		return absDiff(q.X, mx) <= actionRadius && absDiff(q.Y, my) <= actionRadius
	}
	var out []nec.Square
	for _, p := range ps {
		if near(p.Sq) {
			out = append(out, p.Sq)
		}
	}
	if last != nil {
		for _, r := range last.Results {
			if near(r.To) {
				out = append(out, r.To)
			}
		}
	}
	return out
}

// absDiff returns |a-b|, saturating instead of overflowing.
func absDiff(a, b int64) int64 {
	d := a - b
	if (a >= b) != (d >= 0) { // overflow
		return math.MaxInt64
	}
	if d < 0 {
		return -d
	}
	return d
}

// necArrow is a pointer at the edge of the viewport towards pieces off screen in one of eight
// directions, with how many pieces of each player lie that way.
type Arrow struct {
	// Dir is the direction, counter-clockwise from east (0) in steps of 45 degrees.
	Dir int
	// X, Y place the arrow's centre on the screen.
	X, Y float64
	// Counts holds the number of pieces of each player.
	Counts []int
	// Nearest is the off-screen piece of this direction closest to the centre.
	Nearest nec.Square
}

// Arrows groups the pieces outside the viewport by direction from its centre.
func Arrows(c Camera, pieces []nec.Piece, players int) []Arrow {
	var arrows [8]*Arrow
	best := [8]float64{}
	for _, p := range pieces {
		if c.Visible(p.Sq) {
			continue
		}
		x, y := c.Screen(p.Sq)
		dx, dy := x-c.W/2, c.H/2-y
		ang := math.Atan2(dy, dx)
		d := int(math.Round(ang/(math.Pi/4))+8) % 8
		a := arrows[d]
		if a == nil {
			a = &Arrow{Dir: d, Counts: make([]int, players)}
			arrows[d] = a
			best[d] = math.Inf(1)
		}
		if p.Owner >= 0 && p.Owner < players {
			a.Counts[p.Owner]++
		}
		if dist := math.Hypot(dx, dy); dist < best[d] {
			best[d], a.Nearest = dist, p.Sq
		}
	}
	var out []Arrow
	for _, a := range arrows {
		if a != nil {
			out = append(out, *a)
		}
	}
	return out
}

// Box is a rectangle of the screen, in pixels.
type Box struct{ X0, Y0, X1, Y1 float64 }

// Overlaps reports whether the two boxes share some area.
func (a Box) Overlaps(b Box) bool { return a.X0 < b.X1 && b.X0 < a.X1 && a.Y0 < b.Y1 && b.Y0 < a.Y1 }

// overlap is the area the two boxes share.
func (a Box) overlap(b Box) float64 {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// ArrowBox is the box of an arrow with chips players' counts centred on (x, y): a little more
// than web/nec.css draws (.nec-arrow: the head, then a swatch and a number a player).
func ArrowBox(x, y float64, chips int) Box {
	w, h := arrowSize(chips)
	return Box{x - w/2, y - h/2, x + w/2, y + h/2}
}

func arrowSize(chips int) (w, h float64) { return 30 + 34*float64(max(chips, 1)), 30 }

// Label is a coordinate written along the board's left (a y) or bottom (an x) edge.
type Label struct {
	X, Y   float64 // where the text is anchored (its baseline)
	Text   string
	Middle bool // anchored at its middle (the x labels), else at its start
}

// labelFont is the size of the coordinates' font in pixels (.nec-coord in web/nec.css).
const labelFont = 11

// Box is the box the label's text takes, with a margin of its outline.
func (l Label) Box() Box {
	w := float64(len(l.Text))*labelFont*0.62 + 4
	x0 := l.X - 2
	if l.Middle {
		x0 = l.X - w/2
	}
	return Box{x0, l.Y - labelFont - 1, x0 + w, l.Y + 3}
}

// Labels returns the coordinates written along the bottom (x) and left (y) edges.
func Labels(c Camera) []Label {
	step := LabelStep(c.S, 36)
	x0, x1, y0, y1 := c.Bounds()
	var out []Label
	for x := floorDiv(x0, step) * step; x <= x1; x += step {
		px, _ := c.Screen(nec.Sq(x, 0))
		if px < 18 || px > c.W-8 {
			continue
		}
		out = append(out, Label{X: px, Y: c.H - 4, Text: strconv.FormatInt(x, 10), Middle: true})
	}
	for y := floorDiv(y0, step) * step; y <= y1; y += step {
		_, py := c.Screen(nec.Sq(0, y))
		if py < 10 || py > c.H-18 {
			continue
		}
		out = append(out, Label{X: 4, Y: py + 4, Text: strconv.FormatInt(y, 10)})
	}
	return out
}

// ToolbarHeight is the band along the top of the board that the toolbar covers.
const ToolbarHeight = 64.0

// PlaceArrows places the arrows at the edges of the board where they cover no piece on
// screen and no coordinate: each starts where its direction's ray from the middle leaves the
// room left between the coordinates' bands (and the toolbar), then slides along that edge, as
// little as it can, to the first place whose box covers no piece, no label and no arrow placed
// before it; when there is none, it takes the place that covers least. It returns the
// arrows placed.
func PlaceArrows(c Camera, arrows []Arrow, pieces []nec.Piece) []Arrow {
	var obstacles []Box
	for _, p := range pieces {
		if !c.Visible(p.Sq) {
			continue
		}
		x, y := c.Screen(p.Sq)
		r := c.S / 2
		obstacles = append(obstacles, Box{x - r, y - r, x + r, y + r})
	}
	left, bottom := 4.0, 4.0
	for _, l := range Labels(c) {
		obstacles = append(obstacles, l.Box())
		if l.Middle {
			bottom = max(bottom, c.H-l.Box().Y0)
		} else {
			left = max(left, l.Box().X1)
		}
	}
	out := make([]Arrow, len(arrows))
	for i, a := range arrows {
		chips := 0
		for _, n := range a.Counts {
			if n > 0 {
				chips++
			}
		}
		w, h := arrowSize(chips)
		// The rectangle the arrow's centre may take.
		r := Box{left + 2 + w/2, ToolbarHeight + h/2, c.W - 4 - w/2, c.H - bottom - 2 - h/2}
		if r.X1 < r.X0 {
			r.X0, r.X1 = c.W/2, c.W/2
		}
		if r.Y1 < r.Y0 {
			r.Y0, r.Y1 = c.H/2, c.H/2
		}
		best, bestCost := Box{}, math.Inf(1)
		var bx, by float64
		for _, pt := range edgePoints(r, a.Dir) {
			b := ArrowBox(pt[0], pt[1], chips)
			cost := 0.0
			for _, o := range obstacles {
				cost += b.overlap(o)
			}
			if cost < bestCost {
				best, bestCost, bx, by = b, cost, pt[0], pt[1]
				if cost == 0 {
					break
				}
			}
		}
		a.X, a.Y = bx, by
		obstacles = append(obstacles, best)
		out[i] = a
	}
	return out
}

// maxEdgePoints bounds the places tried for one arrow.
const maxEdgePoints = 400

// edgePoints lists where an arrow of direction dir may stand in the rectangle r (its
// centre's room), nearest its ideal place first: where the ray from r's middle in that
// direction leaves r, then farther and farther along the edge each way (within a third of
// the edge's length for the sides, along both edges of its corner for the diagonals), and,
// where the edge is crowded, nearer the middle, up to half-way.
func edgePoints(r Box, dir int) [][2]float64 {
	cx, cy := (r.X0+r.X1)/2, (r.Y0+r.Y1)/2
	hw, hh := (r.X1-r.X0)/2, (r.Y1-r.Y0)/2
	ang := float64(dir) * math.Pi / 4
	ux, uy := math.Cos(ang), -math.Sin(ang)
	t := math.Inf(1)
	if math.Abs(ux) > 1e-9 {
		t = min(t, hw/math.Abs(ux))
	}
	if math.Abs(uy) > 1e-9 {
		t = min(t, hh/math.Abs(uy))
	}
	if math.IsInf(t, 1) {
		t = 0
	}
	x0, y0 := cx+ux*t, cy+uy*t
	const step = 6.0
	type cand struct {
		x, y, cost float64
	}
	var cands []cand
	add := func(x, y, cost float64) {
		if x >= r.X0-0.01 && x <= r.X1+0.01 && y >= r.Y0-0.01 && y <= r.Y1+0.01 {
			cands = append(cands, cand{x, y, cost})
		}
	}
	// in is the way towards the middle: along one axis for the sides, both for the corners.
	inX, inY := -math.Round(ux), -math.Round(uy)
	for m := 0.0; m*step <= max(hw, hh)/2; m++ {
		ix, iy := x0+inX*m*step, y0+inY*m*step
		inward := 2 * m * step // moving in costs more than moving along
		add(ix, iy, inward)
		switch dir % 4 {
		case 0: // east and west: along the side
			for k := 1.0; k*step <= hh*2/3+step; k++ {
				add(ix, iy-k*step, inward+k*step)
				add(ix, iy+k*step, inward+k*step)
			}
		case 2: // north and south: along the top or bottom
			for k := 1.0; k*step <= hw*2/3+step; k++ {
				add(ix-k*step, iy, inward+k*step)
				add(ix+k*step, iy, inward+k*step)
			}
		default: // the corners: along both edges, towards the middle of each
			for k := 1.0; k*step <= max(hw, hh); k++ {
				add(ix+inX*k*step, iy, inward+k*step)
				add(ix, iy+inY*k*step, inward+k*step)
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].cost < cands[j].cost })
	// The nearest places are enough: the board is drawn again at every step of a pan.
	cands = cands[:min(len(cands), maxEdgePoints)]
	pts := make([][2]float64, len(cands))
	for i, c := range cands {
		pts[i] = [2]float64{c.x, c.y}
	}
	return pts
}

// necDirNames names the eight directions of the arrows.
var DirNames = [8]string{"east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east"}

// ParseJump reads a square typed into the jump box: "3,-5", "(3, -5)" or "3 -5".
func ParseJump(text string) (nec.Square, error) {
	t := strings.TrimSpace(text)
	t = strings.TrimPrefix(t, "(")
	t = strings.TrimSuffix(t, ")")
	f := strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	if len(f) != 2 {
		return nec.Square{}, fmt.Errorf("write a square as x,y, for example 3,-5")
	}
	x, err1 := strconv.ParseInt(f[0], 10, 64)
	y, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return nec.Square{}, fmt.Errorf("%q is not two whole numbers", text)
	}
	sq := nec.Sq(x, y)
	if !sq.Valid() {
		return nec.Square{}, fmt.Errorf("(%d,%d) is beyond the board's limit of ±2^60", x, y)
	}
	return sq, nil
}

// LabelStep returns the step between coordinate labels so that they stand at least minGap
// pixels apart at scale s: 1, 2, 5, 10, 20, 50, ...
func LabelStep(s, minGap float64) int64 {
	step := int64(1)
	for i := 0; float64(step)*s < minGap && i < 40; i++ {
		switch {
		case step%10 == 1 || step == 1:
			step *= 2
		case strings.HasPrefix(strconv.FormatInt(step, 10), "2"):
			step = step / 2 * 5
		default:
			step *= 2
		}
	}
	return step
}

// floorDiv returns a/b rounded down (b > 0).
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
