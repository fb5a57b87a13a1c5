package necboard

import (
	"fmt"
	"hash/fnv"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/variants/nec"
)

// necPictureSize is the side of a Never-Ending Chess picture in the saved-games list, in
// the units of its view box (it is drawn at the size of the 8x8 pictures next to it).
const necPictureSize = 120.0

// necPictureMinCell is the smallest square, in view-box units, drawn as a checkerboard.
const necPictureMinCell = 7.0

// Picture draws a small still picture of a Never-Ending Chess board for the saved-games
// list: the squares around the action and the pieces there, in the piece art of the game
// screen (writeUse; the page must hold Defs). It draws no marks and takes no input, and is
// written as one piece of SVG text, as the game screen writes its pieces.
func Picture(s nec.State, label string) app.UI {
	sqs := Action(s, nil)
	x0, x1, y0, y1 := int64(-4), int64(4), int64(-4), int64(4)
	if len(sqs) > 0 {
		x0, x1, y0, y1 = sqs[0].X, sqs[0].X, sqs[0].Y, sqs[0].Y
		for _, q := range sqs[1:] {
			x0, x1 = min(x0, q.X), max(x1, q.X)
			y0, y1 = min(y0, q.Y), max(y1, q.Y)
		}
	}
	span := float64(max(x1-x0, y1-y0) + 2)
	cell := necPictureSize / span
	// The centre square, and where square (x, y)'s centre falls.
	cx, cy := x0+(x1-x0)/2, y0+(y1-y0)/2
	ox := necPictureSize/2 - float64((x1-x0)%2)*cell/2
	oy := necPictureSize/2 + float64((y1-y0)%2)*cell/2
	at := func(q nec.Square) (float64, float64) {
		return ox + float64(q.X-cx)*cell, oy - float64(q.Y-cy)*cell
	}
	size := Fmt(necPictureSize)
	var w strings.Builder
	fmt.Fprintf(&w, `<svg class="nec-picture" viewBox="0 0 %s %s" role="img" aria-label="%s">`, size, size, html.EscapeString(label))
	// Squares smaller than a few pixels make a grey blur of a checkerboard: the board is then
	// drawn plain, and the pieces a little larger, so that they read.
	grow := 0.94
	if cell < necPictureMinCell {
		grow = 1.2
		fmt.Fprintf(&w, `<rect class="nec-light" width="%s" height="%s"></rect>`, size, size)
	} else {
		// The pattern's name is the picture's own, so that the pictures of a page do not
		// share one (each has its scale and offset).
		h := fnv.New32a()
		fmt.Fprint(h, s.Encode())
		id := fmt.Sprintf("nec-pic-%08x", h.Sum32())
		px, py := at(nec.Sq(0, 0))
		two, one := Fmt(2*cell), Fmt(cell)
		fmt.Fprintf(&w, `<defs><pattern id="%s" patternUnits="userSpaceOnUse" x="%s" y="%s" width="%s" height="%s">`+
			`<rect class="nec-light" width="%s" height="%s"></rect><rect class="nec-dark" width="%s" height="%s"></rect>`+
			`<rect class="nec-dark" x="%s" y="%s" width="%s" height="%s"></rect></pattern></defs>`,
			id, Fmt(px-cell/2), Fmt(py-cell/2), two, two, two, two, one, one, one, one, one, one)
		fmt.Fprintf(&w, `<rect width="%s" height="%s" fill="url(#%s)"></rect>`, size, size, id)
	}
	count := map[nec.Square]int{}
	for _, pc := range s.Pieces() {
		count[pc.Sq]++
	}
	for _, pc := range s.Pieces() {
		x, y := at(pc.Sq)
		if x < -cell || y < -cell || x > necPictureSize+cell || y > necPictureSize+cell {
			continue
		}
		d := cell * grow
		if count[pc.Sq] > 1 {
			d *= 0.66
		}
		fmt.Fprintf(&w, `<g class="nec-pic-piece p%d" transform="translate(%s %s)">`, pc.Owner, Fmt(x), Fmt(y))
		writeUse(&w, pc, d)
		w.WriteString(`</g>`)
	}
	w.WriteString(`</svg>`)
	return app.Raw(w.String())
}
