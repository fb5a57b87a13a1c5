package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/gesture"
	"github.com/plyground/plyground/engine"
)

// Interactive is the board a player plays on, for every 8x8 variant: the screen gives it a
// Config at each drawing (the position, who may move where, the marks, the ply to animate)
// and OnAsk; the board owns the selection, the drag, the slide, the premove, the arrows and
// circles, the keyboard cursor and the coordinates, and asks the screen for a move (or for
// going back to the game) through OnAsk. Its logic is State (state.go), tested on the host;
// this file turns the browser's pointer and key events into State's calls and draws it:
//
//   - main button: press a piece to pick it up, press a target (or drag the piece there) to
//     move; while the other side moves, the same queues a premove, which any press cancels;
//   - secondary button: drag for an arrow, click for a circle (Shift red, Ctrl or Cmd blue,
//     Alt yellow; the same shape again takes it away); a main-button press clears them;
//   - keys, when the board has the focus: the arrows move the cursor, Enter or Space press
//     the square under it, Escape puts the piece back.
type Interactive struct {
	app.Compo

	// Config is what to draw and who may move.
	Config Config
	// OnAsk is called when the board asks the screen to play a ply or to go back to the game.
	OnAsk func(ctx app.Context, a Ask)

	st    State
	ready bool
	drag  dragState
}

// dragState follows the main-button pointer pressed on a piece.
type dragState struct {
	gesture.Press
	from   engine.Square
	cx, cy float64 // the centre of the piece when the drag began
	piece  app.Value
}

// dragThreshold is how far (in CSS pixels) a pointer pressed on a piece moves before the
// piece follows it: less is a click.
const dragThreshold = 5

// State returns the board's state (for the screen's tests and its screen-reader words).
func (b *Interactive) State() State { return b.st }

// OnUpdate takes a new Config from the screen; a premove whose turn has come is played.
func (b *Interactive) OnUpdate(ctx app.Context) {
	b.init()
	if a := b.st.Update(&b.Config); a.Want != WantNothing {
		ctx.Dispatch(func(ctx app.Context) { b.ask(ctx, a) })
	}
}

// init starts the state once, with the first Config.
func (b *Interactive) init() {
	if !b.ready {
		b.st = NewState()
		b.st.Update(&b.Config)
		b.ready = true
	}
}

// ask passes an Ask to the screen.
func (b *Interactive) ask(ctx app.Context, a Ask) {
	if a.Want != WantNothing && b.OnAsk != nil {
		b.OnAsk(ctx, a)
	}
}

// Render draws the grid (board.Draw) with the state's marks and slide, and the arrows and
// circles over it.
func (b *Interactive) Render() app.UI {
	b.init()
	c := &b.Config
	grid := Draw(Opts{
		Pos:         c.Position,
		Orientation: c.Orientation,
		Marks:       b.st.Marks(c),
		Coords:      c.Coords,
		Slide:       b.st.Slide,
		Moved:       c.Moved,
	}).
		Class("interactive").
		TabIndex(0).
		Aria("roledescription", "chess board").
		DataSet("selected", squareName(b.st.Selected)).
		DataSet("premove", plyName(b.st.Premove)).
		DataSet("cursor", squareName(b.st.Cursor)).
		DataSet("shapes", shapesText(b.st.Drawings(c.Key))).
		DataSet("engine-shapes", shapesText(c.Shapes)).
		On("pointerdown", b.onPointerDown).
		On("pointermove", b.onPointerMove).
		On("pointerup", b.onPointerUp).
		On("pointercancel", b.onPointerCancel).
		On("lostpointercapture", b.onPointerCancel).
		On("contextmenu", func(ctx app.Context, e app.Event) { e.PreventDefault(); ctx.PreventUpdate() }).
		On("keydown", b.onKey).
		On("blur", b.onBlur)
	return app.Div().Class("board-layer").Body(grid, drawShapes(c.Orientation, append(append([]Shape(nil), c.Shapes...), b.st.Drawings(c.Key)...)))
}

func squareName(sq engine.Square) string {
	if sq >= engine.NoSquare {
		return ""
	}
	return sq.String()
}

func plyName(p Ply) string {
	if p == (Ply{}) {
		return ""
	}
	return p.From.String() + p.To.String()
}

// shapesText lists the shapes for the page's tests: "e2e4:green d5d5:red".
func shapesText(shapes []Shape) string {
	parts := make([]string, len(shapes))
	for i, s := range shapes {
		parts[i] = s.From.String() + s.To.String() + ":" + s.Brush.String()
	}
	return strings.Join(parts, " ")
}

// squareAt returns the square under the viewport point (x, y) of the grid element el.
func (b *Interactive) squareAt(el app.Value, x, y float64) engine.Square {
	r := el.Call("getBoundingClientRect")
	box := Rect{Left: r.Get("left").Float(), Top: r.Get("top").Float(), Width: r.Get("width").Float(), Height: r.Get("height").Float()}
	return SquareAtPoint(b.Config.Orientation, box, x, y)
}

func (b *Interactive) onPointerDown(ctx app.Context, e app.Event) {
	b.init()
	grid := e.Get("currentTarget")
	x, y := e.Get("clientX").Float(), e.Get("clientY").Float()
	sq := b.squareAt(grid, x, y)
	if sq == engine.NoSquare {
		ctx.PreventUpdate()
		return
	}
	if btn := e.Get("button"); btn.Truthy() && btn.Int() != 0 {
		if btn.Int() == 2 {
			e.PreventDefault()
			b.st.DrawStart(sq)
		}
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	a := b.st.Press(&b.Config, sq)
	if b.st.Selected == sq {
		id := e.Get("pointerId").Int()
		b.drag = dragState{Press: gesture.Start(id, x, y), from: sq}
		gesture.Capture(grid, id)
	}
	b.ask(ctx, a)
}

func (b *Interactive) onPointerMove(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	d := &b.drag
	if !d.Active || e.Get("pointerId").Int() != d.ID {
		return
	}
	x, y := e.Get("clientX").Float(), e.Get("clientY").Float()
	began := !d.Moved
	if _, _, dragging := d.Move(d.ID, x, y, dragThreshold); !dragging {
		return
	}
	grid := e.Get("currentTarget")
	if began || !d.piece.Get("isConnected").Bool() {
		// The drag begins, or the rank was drawn again (its HTML changed) while the piece was
		// held: follow the piece's image.
		piece := grid.Call("querySelector", fmt.Sprintf(`[data-square="%s"] .piece`, d.from))
		if !piece.Truthy() {
			if began {
				d.Active = false
			}
			return
		}
		if began {
			r := piece.Call("getBoundingClientRect")
			d.cx = r.Get("left").Float() + r.Get("width").Float()/2
			d.cy = r.Get("top").Float() + r.Get("height").Float()/2
		}
		d.piece = piece
		piece.Get("classList").Call("add", "dragging")
	}
	d.piece.Get("style").Call("setProperty", "transform", fmt.Sprintf("translate(%.1fpx, %.1fpx)", x-d.cx, y-d.cy))
}

// endDrag puts the dragged piece's image back in its square.
func (d *dragState) endDrag() {
	if d.piece != nil && d.piece.Truthy() {
		d.piece.Get("style").Call("removeProperty", "transform")
		d.piece.Get("classList").Call("remove", "dragging")
	}
}

func (b *Interactive) onPointerUp(ctx app.Context, e app.Event) {
	grid := e.Get("currentTarget")
	sq := b.squareAt(grid, e.Get("clientX").Float(), e.Get("clientY").Float())
	if e.Get("button").Int() == 2 {
		b.st.DrawEnd(b.Config.Key, sq, BrushOf(e.Get("shiftKey").Bool(), e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool(), e.Get("altKey").Bool()))
		return
	}
	d := b.drag
	b.drag = dragState{}
	if !d.Active || e.Get("pointerId").Int() != d.ID {
		// No PreventUpdate here: it would cancel the update the press asked for, when both
		// come before the next drawing (a press that cancelled a premove).
		return
	}
	d.endDrag()
	b.ask(ctx, b.st.Release(&b.Config, sq, d.Moved))
}

func (b *Interactive) onPointerCancel(ctx app.Context, e app.Event) {
	b.drag.endDrag()
	b.drag = dragState{}
}

func (b *Interactive) onKey(ctx app.Context, e app.Event) {
	if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
		ctx.PreventUpdate()
		return
	}
	a, handled := b.st.Key(&b.Config, e.Get("key").String())
	if !handled {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault()
	e.Call("stopPropagation")
	b.ask(ctx, a)
}

// onBlur hides the keyboard cursor when the board loses the focus.
func (b *Interactive) onBlur(ctx app.Context, e app.Event) {
	if b.st.Cursor == engine.NoSquare {
		ctx.PreventUpdate()
		return
	}
	b.st.Cursor = engine.NoSquare
}

// brushColours are the colours of the brushes, as lichess's: green, red, blue, yellow.
// The engine's brush is lichess's pale blue.
var brushColours = [...]string{"#15781b", "#882020", "#003088", "#e68f00", "#003088"}

// opacity is the opacity of a shape of brush b: the engine's are paler than the player's.
func opacity(b Brush, player float64) string {
	if b == Engine {
		return "0.45"
	}
	return strconv.FormatFloat(player, 'f', 2, 64)
}

// drawShapes draws the arrows and circles over the board: one SVG in squares (the board is
// 8 by 8 units), which takes no pointer events.
func drawShapes(orientation engine.Color, shapes []Shape) app.UI {
	var b strings.Builder
	b.WriteString(`<svg class="board-shapes" viewBox="0 0 8 8" aria-hidden="true"><defs>`)
	for i, c := range brushColours {
		b.WriteString(`<marker id="arrowhead-` + brushNames[i] + `" orient="auto" markerWidth="4" markerHeight="8" refX="2.05" refY="2.01"><path d="M0,0 V4 L3,2 Z" fill="` + c + `"></path></marker>`)
	}
	b.WriteString(`</defs>`)
	centre := func(sq engine.Square) (float64, float64) {
		row, col := ScreenPos(orientation, sq)
		return float64(col) + 0.5, float64(row) + 0.5
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	for _, s := range shapes {
		colour := brushColours[s.Brush%Brush(len(brushColours))]
		x1, y1 := centre(s.From)
		if s.Circle() {
			b.WriteString(`<circle class="shape circle" data-brush="` + s.Brush.String() + `" cx="` + f(x1) + `" cy="` + f(y1) + `" r="0.45" fill="none" stroke="` + colour + `" stroke-width="0.0625" opacity="` + opacity(s.Brush, 0.85) + `"></circle>`)
			continue
		}
		x2, y2 := centre(s.To)
		// The line stops short of the target's centre, where the arrowhead's tip lands.
		dx, dy := x2-x1, y2-y1
		l := dx*dx + dy*dy
		if l > 0 {
			k := 0.2 / math.Sqrt(l)
			x2, y2 = x2-dx*k, y2-dy*k
		}
		b.WriteString(`<line class="shape arrow" data-brush="` + s.Brush.String() + `" x1="` + f(x1) + `" y1="` + f(y1) + `" x2="` + f(x2) + `" y2="` + f(y2) + `" stroke="` + colour + `" stroke-width="0.15625" stroke-linecap="round" marker-end="url(#arrowhead-` + s.Brush.String() + `)" opacity="` + opacity(s.Brush, 0.8) + `"></line>`)
	}
	b.WriteString(`</svg>`)
	return app.Raw(b.String())
}
