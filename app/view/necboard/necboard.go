package necboard

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/view/pieces"
	"github.com/plyground/plyground/variants/nec"
)

// svgNS is the SVG namespace: elements of the board are created in it.
const svgNS = "http://www.w3.org/2000/svg"

// svgEl returns an SVG element.
func svgEl(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// necStyle is how a player's pieces look: a colour and, so that colour-blind players and
// grey-scale screens tell them apart too, a pattern over the body and a shape for the badge
// next to the player's name.
type Style struct {
	Fill, Line, Detail string
	// Pattern names the overlay pattern ("" for plain).
	Pattern string
	// Look describes the colour and pattern in words.
	Look string
}

// Styles holds the styles of the eight seats, in the order of nec.Colours. White and black
// are the two sides of web/pieces/; the others carry stripes, dots, a grid or checks.
var Styles = [nec.MaxPlayers]Style{
	{pieces.White.Fill, pieces.White.Line, pieces.White.Detail, "", "white, plain"},
	{pieces.Black.Fill, pieces.Black.Line, pieces.Black.Detail, "", "black, plain"},
	{"#46a758", "#1c1b1a", "#1c1b1a", "diag", "green, diagonal stripes"},
	{"#d8475a", "#1c1b1a", "#1c1b1a", "dots", "crimson, dots"},
	{"#4a7fe0", "#1c1b1a", "#1c1b1a", "hstripes", "blue, horizontal stripes"},
	{"#4fd0de", "#1c1b1a", "#1c1b1a", "grid", "cyan, grid"},
	{"#f2b441", "#1c1b1a", "#1c1b1a", "vstripes", "amber, vertical stripes"},
	{"#a273e0", "#1c1b1a", "#1c1b1a", "checks", "violet, checks"},
}

// Defs is a hidden SVG element holding what every board of the page refers to: the
// players' overlay patterns ("nec-pat-<name>", in the 100-unit space of a piece) and every kind
// as two symbols: "nec-k-<Letter>", the whole piece (the body takes the fill and stroke of the
// <use>, the details its colour), and "nec-b-<Letter>", the body alone, for the pattern
// overlay. It is one raw element, parsed by the browser as SVG, built on first use (not at start-up).
var Defs = sync.OnceValue(func() string {
	const ink = "rgba(20,18,16,0.42)"
	var b strings.Builder
	b.WriteString(`<svg class="nec-defs" xmlns="` + svgNS + `" width="0" height="0" aria-hidden="true" focusable="false"><defs>`)
	pat := func(id string, size int, body string) {
		fmt.Fprintf(&b, `<pattern id="nec-pat-%s" patternUnits="userSpaceOnUse" width="%d" height="%d">%s</pattern>`, id, size, size, body)
	}
	line := func(x1, y1, x2, y2, w float64) string {
		return fmt.Sprintf(`<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>`, x1, y1, x2, y2, ink, w)
	}
	pat("diag", 12, line(-3, 15, 15, -3, 4)+line(-3, 3, 3, -3, 4)+line(9, 15, 15, 9, 4))
	pat("dots", 12, `<circle cx="6" cy="6" r="2.8" fill="`+ink+`"/>`)
	pat("hstripes", 11, line(0, 5.5, 11, 5.5, 4))
	pat("grid", 12, line(0, 6, 12, 6, 2.4)+line(6, 0, 6, 12, 2.4))
	pat("vstripes", 11, line(5.5, 0, 5.5, 11, 4))
	pat("checks", 14, `<rect width="7" height="7" fill="`+ink+`"/><rect x="7" y="7" width="7" height="7" fill="`+ink+`"/>`)
	for k := nec.Pawn; k <= nec.TimeThief; k++ {
		a := pieces.Drawings[k.Letter()]
		fmt.Fprintf(&b, `<symbol id="nec-k-%s" viewBox="0 0 100 100">`, k.Letter())
		b.WriteString(`<g stroke-width="3" stroke-linejoin="round" stroke-linecap="round">` + strings.Join(a.Body, "") + `</g>`)
		b.WriteString(`<g fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">` + strings.Join(a.Lines, "") + `</g>`)
		b.WriteString(`<g fill="currentColor" stroke="none">` + strings.Join(a.Dots, "") + `</g></symbol>`)
		fmt.Fprintf(&b, `<symbol id="nec-b-%s" viewBox="0 0 100 100"><g stroke="none">%s</g></symbol>`, k.Letter(), strings.Join(a.Body, ""))
	}
	b.WriteString(`</defs></svg>`)
	return b.String()
})

// Board is what the Never-Ending Chess board draws.
type Board struct {
	Cam   Camera
	State nec.State
	Marks map[nec.PieceID]necgame.PieceMarks
	// player is the seat entering an order on this board (-1: nobody).
	Player  int
	Sel     nec.PieceID
	Targets *nec.Targets
	Steps   []nec.Step
	// anim is the update to show as just played (nil: none).
	Anim *Anim
	// hover is the square under the pointer (nil: none).
	Hover *nec.Square
}

// Anim is an update drawn as just played: its board before, its report, which of the two
// alternating animation names to use (so that the next update animates again), and whether
// the animation still plays (the trails of the moves stay after it).
type Anim struct {
	Before nec.State
	Rep    nec.Report
	Second bool
	Live   bool
}

func (a *Anim) Class() string {
	if a.Second {
		return "anim-b"
	}
	return "anim-a"
}

func Fmt(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// pieceName says "White knight".
func PieceName(s nec.State, pc nec.Piece) string {
	return necgame.Colour(s, pc.Owner) + " " + pc.Kind.String()
}

// render draws the board as an SVG element of the camera's size.
func (b Board) Render() app.UI {
	c := b.Cam
	kids := []app.UI{b.defs()}
	kids = append(kids, svgEl("rect").Class("nec-bg").Attr("width", Fmt(c.W)).Attr("height", Fmt(c.H)).Attr("fill", "url(#nec-checker)"))
	kids = append(kids, b.highlights()...)
	kids = append(kids, b.coords()...)
	if b.Anim != nil {
		kids = append(kids, b.trails()...)
	}
	kids = append(kids, b.draftArrows()...)
	kids = append(kids, b.targets()...)
	kids = append(kids, b.piecesLayer())
	if b.Hover != nil {
		x, y := c.Screen(*b.Hover)
		kids = append(kids, svgEl("rect").Class("nec-hover").
			Attr("x", Fmt(x-c.S/2)).Attr("y", Fmt(y-c.S/2)).Attr("width", Fmt(c.S)).Attr("height", Fmt(c.S)))
	}
	return svgEl("svg").Class("nec-svg").
		Attr("width", Fmt(c.W)).Attr("height", Fmt(c.H)).
		Attr("viewBox", "0 0 "+Fmt(c.W)+" "+Fmt(c.H)).
		Body(kids...)
}

// defs holds the checkerboard, which follows the camera (the rest is in Defs).
func (b Board) defs() app.UI {
	c := b.Cam
	// The tile is two squares wide; its top-left square is (0,0) or a square of the same
	// colour, whose top-left corner is the pattern's origin.
	x, y := c.Screen(nec.Sq(0, 0))
	ox, oy := x-c.S/2, y-c.S/2
	two := 2 * c.S
	checker := svgEl("pattern").ID("nec-checker").Attr("patternUnits", "userSpaceOnUse").
		Attr("x", Fmt(ox)).Attr("y", Fmt(oy)).Attr("width", Fmt(two)).Attr("height", Fmt(two)).Body(
		svgEl("rect").Class("nec-light").Attr("width", Fmt(two)).Attr("height", Fmt(two)),
		svgEl("rect").Class("nec-dark").Attr("width", Fmt(c.S)).Attr("height", Fmt(c.S)),
		svgEl("rect").Class("nec-dark").Attr("x", Fmt(c.S)).Attr("y", Fmt(c.S)).Attr("width", Fmt(c.S)).Attr("height", Fmt(c.S)),
	)
	return svgEl("defs").Body(checker)
}

// square returns the rectangle of square sq.
func (b Board) squareRect(sq nec.Square, class string) app.UI {
	x, y := b.Cam.Screen(sq)
	s := b.Cam.S
	return svgEl("rect").Class(class).
		Attr("x", Fmt(x-s/2)).Attr("y", Fmt(y-s/2)).Attr("width", Fmt(s)).Attr("height", Fmt(s))
}

// highlights marks the selected piece's square and, for the update shown, the squares left
// and reached.
func (b Board) highlights() []app.UI {
	var out []app.UI
	if b.Anim != nil {
		for _, r := range b.Anim.Rep.Results {
			if r.Outcome == nec.Cancelled {
				continue
			}
			for _, sq := range []nec.Square{r.From, r.To} {
				if b.Cam.Visible(sq) {
					out = append(out, b.squareRect(sq, "nec-last"))
				}
			}
		}
	}
	if b.Sel != 0 {
		if pc, ok := b.State.Piece(b.Sel); ok && b.Cam.Visible(pc.Sq) {
			out = append(out, b.squareRect(pc.Sq, "nec-selected"))
		}
	}
	return out
}

// coords writes the coordinates along the bottom (x) and left (y) edges.
func (b Board) coords() []app.UI {
	var out []app.UI
	for _, l := range Labels(b.Cam) {
		t := svgEl("text").Class("nec-coord").Attr("x", Fmt(l.X)).Attr("y", Fmt(l.Y))
		if l.Middle {
			t = t.Attr("text-anchor", "middle")
		}
		out = append(out, t.Text(l.Text))
	}
	return out
}

// arrowLine draws a line from square a to square b with an arrow head.
func (b Board) arrowLine(a, z nec.Square, class string) app.UI {
	x1, y1 := b.Cam.Screen(a)
	x2, y2 := b.Cam.Screen(z)
	// Stop short of the target's centre.
	dx, dy := x2-x1, y2-y1
	d := math.Hypot(dx, dy)
	if d > 0 {
		k := max(d-b.Cam.S*0.3, d*0.5) / d
		x2, y2 = x1+dx*k, y1+dy*k
	}
	w := max(b.Cam.S*0.09, 1.5)
	ang := math.Atan2(y2-y1, x2-x1)
	hl := max(b.Cam.S*0.28, 5.0)
	hx1, hy1 := x2-hl*math.Cos(ang-0.45), y2-hl*math.Sin(ang-0.45)
	hx2, hy2 := x2-hl*math.Cos(ang+0.45), y2-hl*math.Sin(ang+0.45)
	return svgEl("g").Class(class).Body(
		svgEl("line").Attr("x1", Fmt(x1)).Attr("y1", Fmt(y1)).Attr("x2", Fmt(x2)).Attr("y2", Fmt(y2)).
			Attr("stroke-width", Fmt(w)),
		svgEl("path").Attr("d", fmt.Sprintf("M%s %s L%s %s L%s %s Z", Fmt(x2), Fmt(y2), Fmt(hx1), Fmt(hy1), Fmt(hx2), Fmt(hy2))),
	)
}

// onScreen reports whether the segment from a to z may cross the viewport (cheap test on its
// bounding box).
func (b Board) onScreen(a, z nec.Square) bool {
	x1, y1 := b.Cam.Screen(a)
	x2, y2 := b.Cam.Screen(z)
	return max(x1, x2) > 0 && min(x1, x2) < b.Cam.W && max(y1, y2) > 0 && min(y1, y2) < b.Cam.H
}

// trails draws the moves of the update shown.
func (b Board) trails() []app.UI {
	var out []app.UI
	for _, r := range b.Anim.Rep.Results {
		if r.Outcome == nec.Cancelled || r.From == r.To || !b.onScreen(r.From, r.To) {
			continue
		}
		out = append(out, b.arrowLine(r.From, r.To, fmt.Sprintf("nec-trail p%d", r.Player)))
	}
	return out
}

// draftArrows draws the steps of the order being entered, numbered.
func (b Board) draftArrows() []app.UI {
	var out []app.UI
	for i, st := range b.Steps {
		if !b.onScreen(st.Move.From, st.Move.To) {
			continue
		}
		class := "nec-draft"
		if i > 0 {
			class += " fallback"
		}
		out = append(out, b.arrowLine(st.Move.From, st.Move.To, class))
		x, y := b.Cam.Screen(st.Move.To)
		r := max(b.Cam.S*0.2, 7)
		out = append(out, svgEl("g").Class("nec-step-no").Body(
			svgEl("circle").Attr("cx", Fmt(x+b.Cam.S*0.3)).Attr("cy", Fmt(y-b.Cam.S*0.3)).Attr("r", Fmt(r)),
			svgEl("text").Attr("x", Fmt(x+b.Cam.S*0.3)).Attr("y", Fmt(y-b.Cam.S*0.3+r*0.45)).
				Attr("text-anchor", "middle").Attr("font-size", Fmt(r*1.3)).Text(strconv.Itoa(i+1)),
		))
	}
	return out
}

// maxRayDots bounds the dots drawn along one ray; beyond it the ray is drawn as a band.
const maxRayDots = 120

// targets draws the legal targets of the selected piece that lie on the screen: single squares
// and the squares of its rays.
func (b Board) targets() []app.UI {
	if b.Targets == nil {
		return nil
	}
	c := b.Cam
	var out []app.UI
	dot := func(sq nec.Square, capture bool) app.UI {
		x, y := c.Screen(sq)
		if capture {
			return svgEl("circle").Class("nec-target capture").DataSet("target", sq.String()).
				Attr("cx", Fmt(x)).Attr("cy", Fmt(y)).Attr("r", Fmt(c.S*0.44)).Attr("stroke-width", Fmt(max(c.S*0.08, 1.5)))
		}
		return svgEl("circle").Class("nec-target").DataSet("target", sq.String()).
			Attr("cx", Fmt(x)).Attr("cy", Fmt(y)).Attr("r", Fmt(max(c.S*0.16, 2.5)))
	}
	for _, p := range b.Targets.Points {
		if c.Visible(p.Sq) {
			out = append(out, dot(p.Sq, p.Capture))
		}
	}
	from := b.Targets.From
	for _, r := range b.Targets.Rays {
		dx, dy := r.Dir.Vec()
		lo, hi := c.rayRange(from, dx, dy)
		last := r.Steps
		if last == nec.Unbounded {
			last = math.MaxInt64
		}
		hiDots := min(hi, last)
		if hiDots >= lo {
			if hiDots-lo+1 > maxRayDots {
				a := nec.Sq(from.X+lo*dx, from.Y+lo*dy)
				z := nec.Sq(from.X+hiDots*dx, from.Y+hiDots*dy)
				x1, y1 := c.Screen(a)
				x2, y2 := c.Screen(z)
				out = append(out, svgEl("line").Class("nec-ray").
					Attr("x1", Fmt(x1)).Attr("y1", Fmt(y1)).Attr("x2", Fmt(x2)).Attr("y2", Fmt(y2)).
					Attr("stroke-width", Fmt(max(c.S*0.3, 3))))
			} else {
				for k := lo; k <= hiDots; k++ {
					out = append(out, dot(nec.Sq(from.X+k*dx, from.Y+k*dy), false))
				}
			}
		}
		if r.Capture {
			sq := nec.Sq(from.X+(r.Steps+1)*dx, from.Y+(r.Steps+1)*dy)
			if c.Visible(sq) {
				out = append(out, dot(sq, true))
			}
		}
	}
	return out
}

// rayRange returns the steps k >= 1 for which from + k*(dx,dy) is at least partly visible
// (lo > hi when none).
func (c Camera) rayRange(from nec.Square, dx, dy int64) (lo, hi int64) {
	x0, y0 := c.Screen(from)
	lo, hi = 1, math.MaxInt64
	clip := func(p0, v, a, z float64) bool {
		// Solve a <= p0 + k*v <= z for k.
		if v == 0 {
			return p0 >= a && p0 <= z
		}
		k1, k2 := (a-p0)/v, (z-p0)/v
		if k1 > k2 {
			k1, k2 = k2, k1
		}
		lo = max(lo, int64(math.Ceil(k1)))
		if k2 < float64(math.MaxInt64/2) {
			hi = min(hi, int64(math.Floor(k2)))
		}
		return true
	}
	r := c.S / 2
	if !clip(x0, float64(dx)*c.S, -r, c.W+r) || !clip(y0, -float64(dy)*c.S, -r, c.H+r) {
		return 1, 0
	}
	return lo, hi
}

// pieces draws the pieces on the screen, several on a crowded square side by side.
// piecesLayer draws the pieces and, for the update shown, the ghosts of what it removed, as
// one piece of SVG text in a layer of the board's size. The pieces are most of the board's
// elements: written as text, the browser builds them at once, where go-app would compare and
// build them one by one through syscall/js (a game of 8 players took 60 to 250 ms of the page's
// thread to draw each update). The layer is built anew whenever it changes: so that a change
// does not play the update's animation again, the page draws it without anim once the
// animation is over.
func (b Board) piecesLayer() app.UI {
	c := b.Cam
	var w strings.Builder
	fmt.Fprintf(&w, `<svg class="nec-pieces" x="0" y="0" width="%s" height="%s">`, Fmt(c.W), Fmt(c.H))
	b.writePieces(&w)
	if b.Anim != nil && b.Anim.Live {
		b.writeGhosts(&w)
	}
	w.WriteString(`</svg>`)
	return app.Raw(w.String())
}

// writePieces writes the pieces on the screen, the pieces of a crowded square around its
// centre.
func (b Board) writePieces(w *strings.Builder) {
	c := b.Cam
	bySquare := map[nec.Square][]nec.Piece{}
	var order []nec.Square
	for _, pc := range b.State.Pieces() {
		if !c.Visible(pc.Sq) {
			continue
		}
		if _, ok := bySquare[pc.Sq]; !ok {
			order = append(order, pc.Sq)
		}
		bySquare[pc.Sq] = append(bySquare[pc.Sq], pc)
	}
	moved := map[nec.PieceID]nec.Square{}
	if b.Anim != nil && b.Anim.Live {
		for _, r := range b.Anim.Rep.Results {
			if r.Outcome != nec.Cancelled && r.From != r.To {
				moved[r.Piece] = r.From
			}
		}
	}
	for _, sq := range order {
		ps := bySquare[sq]
		x, y := c.Screen(sq)
		size := c.S * 0.94
		if len(ps) > 1 {
			size = c.S * 0.62
		}
		for i, pc := range ps {
			px, py := x, y
			if len(ps) > 1 {
				ang := float64(i) / float64(len(ps)) * 2 * math.Pi
				px += math.Cos(ang) * c.S * 0.2
				py += math.Sin(ang) * c.S * 0.2
			}
			var from *nec.Square
			if f, ok := moved[pc.ID]; ok {
				from = &f
			}
			b.writePiece(w, pc, px, py, size, from)
		}
	}
}

// writeUse writes a piece's picture centred on (0,0).
func writeUse(w *strings.Builder, pc nec.Piece, size float64) {
	st := Styles[pc.Owner%nec.MaxPlayers]
	h := Fmt(size)
	o := Fmt(-size / 2)
	fmt.Fprintf(w, `<use href="#nec-k-%s" x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" color="%s"></use>`,
		pc.Kind.Letter(), o, o, h, h, st.Fill, st.Line, st.Detail)
	if st.Pattern != "" {
		fmt.Fprintf(w, `<use href="#nec-b-%s" x="%s" y="%s" width="%s" height="%s" fill="url(#nec-pat-%s)"></use>`,
			pc.Kind.Letter(), o, o, h, h, st.Pattern)
	}
}

// writePiece writes one piece at (x, y) with its marks; from is the square it came from in the
// update shown.
func (b Board) writePiece(w *strings.Builder, pc nec.Piece, x, y, size float64, from *nec.Square) {
	c := b.Cam
	m := b.Marks[pc.ID]
	classes := []string{"nec-piece", fmt.Sprintf("p%d", pc.Owner)}
	if m.Capturable != 0 {
		classes = append(classes, "capturable")
	}
	if m.Clock {
		classes = append(classes, "clock")
	}
	if m.Crowded {
		classes = append(classes, "crowded")
	}
	if pc.ID == b.Sel {
		classes = append(classes, "selected")
	}
	if b.Player >= 0 && pc.Owner == b.Player {
		classes = append(classes, "own")
	}
	label := PieceName(b.State, pc) + " on " + pc.Sq.String()
	if d := m.Describe(); d != "" {
		label += ", " + d
	}
	label = html.EscapeString(label)
	fmt.Fprintf(w, `<g class="%s" transform="translate(%s %s)" data-piece="%s" data-square="%s" data-id="%d" role="img" aria-label="%s">`,
		strings.Join(classes, " "), Fmt(x), Fmt(y), html.EscapeString(necgame.Colour(b.State, pc.Owner)+" "+pc.Kind.String()),
		pc.Sq.String(), pc.ID, label)
	r := size / 2
	if m.Capturable != 0 {
		fresh := ""
		if b.Anim != nil && b.Anim.Live {
			for _, mk := range b.Anim.Rep.Marked {
				if mk.ID == pc.ID {
					fresh = " fresh " + b.Anim.Class()
				}
			}
		}
		fmt.Fprintf(w, `<circle class="nec-ring%s" r="%s" stroke-width="%s"></circle>`, fresh, Fmt(r*1.02), Fmt(max(size*0.07, 1.5)))
	}
	if from != nil && b.Anim != nil {
		fx, fy := c.Screen(*from)
		tx, ty := c.Screen(pc.Sq)
		fmt.Fprintf(w, `<g class="nec-slide %s" style="--dx:%spx;--dy:%spx">`, b.Anim.Class(), Fmt(fx-tx), Fmt(fy-ty))
	} else {
		w.WriteString(`<g class="nec-body">`)
	}
	writeUse(w, pc, size)
	w.WriteString(`</g>`)
	badge := max(size*0.2, 5)
	if m.Capturable != 0 {
		writeBadge(w, "nec-badge cap", r*0.72, -r*0.72, badge, "!")
	} else if m.Clock {
		writeBadge(w, "nec-badge clk", r*0.72, -r*0.72, badge, "⏱")
	}
	if m.Crowded {
		writeBadge(w, "nec-badge crowd", r*0.72, r*0.72, badge, "×")
	}
	fmt.Fprintf(w, `<title>%s</title></g>`, label)
}

// writeBadge writes a small round badge with a sign.
func writeBadge(w *strings.Builder, class string, x, y, size float64, sign string) {
	fmt.Fprintf(w, `<g class="%s" transform="translate(%s %s)"><circle r="%s"></circle><text y="%s" text-anchor="middle" font-size="%s">%s</text></g>`,
		class, Fmt(x), Fmt(y), Fmt(size), Fmt(size*0.42), Fmt(size*1.3), sign)
}

// writeGhosts writes what the update shown removed: captured pieces (fading, with a cross),
// pieces dead of crowding, and the squares where a capture failed.
func (b Board) writeGhosts(w *strings.Builder) {
	c := b.Cam
	cls := b.Anim.Class()
	ghost := func(pc nec.Piece, kind string) {
		if !c.Visible(pc.Sq) {
			return
		}
		x, y := c.Screen(pc.Sq)
		size := c.S * 0.94
		fmt.Fprintf(w, `<g class="nec-ghost %s %s" transform="translate(%s %s)" data-ghost="%s" data-square="%s">`,
			kind, cls, Fmt(x), Fmt(y), kind, pc.Sq.String())
		writeUse(w, pc, size)
		fmt.Fprintf(w, `<path class="nec-cross" d="M%s %s L%s %s M%s %s L%s %s" stroke-width="%s"></path></g>`,
			Fmt(-size*0.32), Fmt(-size*0.32), Fmt(size*0.32), Fmt(size*0.32),
			Fmt(size*0.32), Fmt(-size*0.32), Fmt(-size*0.32), Fmt(size*0.32), Fmt(max(size*0.09, 2)))
	}
	for _, cp := range b.Anim.Rep.Captures {
		ghost(cp.Piece, "captured")
	}
	for _, pc := range b.Anim.Rep.CrowdDeaths {
		ghost(pc, "crowd-death")
	}
	// Failed captures: every capture step the walk left because its target moved away, and
	// captures that missed.
	for _, r := range b.Anim.Rep.Results {
		cur := 0
		var missed []nec.Square
		for _, t := range r.Tried {
			if t == nec.Missed {
				missed = append(missed, r.Order.Steps[cur].Move.To)
			}
			cur = nextStepIndex(r.Order.Steps, cur, t == nec.Cancelled)
			if cur >= len(r.Order.Steps) {
				break
			}
		}
		if r.Outcome == nec.Missed {
			missed = append(missed, r.To)
		}
		for _, sq := range missed {
			if !c.Visible(sq) {
				continue
			}
			x, y := c.Screen(sq)
			fmt.Fprintf(w, `<g class="nec-missed %s" data-missed="%s" transform="translate(%s %s)"><circle r="%s" stroke-width="%s"></circle><title>A capture on %s failed: the target moved away</title></g>`,
				cls, sq.String(), Fmt(x), Fmt(y), Fmt(c.S*0.42), Fmt(max(c.S*0.06, 1.5)), sq.String())
		}
	}
}

// nextStepIndex returns the first step after cur with the condition ifCaptured.
func nextStepIndex(steps []nec.Step, cur int, ifCaptured bool) int {
	for j := cur + 1; j < len(steps); j++ {
		if steps[j].IfCaptured == ifCaptured {
			return j
		}
	}
	return len(steps)
}

// Stylesheet links web/nec.css; the Never-Ending Chess screens draw it themselves.
func Stylesheet() app.UI { return app.Link().Rel("stylesheet").Href("/web/nec.css") }
