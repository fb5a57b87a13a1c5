package board

import (
	"html"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/engine"
)

// Mark is a set of highlights drawn on one square; the values combine with |.
type Mark uint8

// The marks a square can carry.
const (
	// MarkLastMove tints the from and to squares of the last ply.
	MarkLastMove Mark = 1 << iota
	// MarkSelected tints the square of the piece the player picked up.
	MarkSelected
	// MarkTarget shows a legal destination: a dot on an empty square, a ring around a piece.
	MarkTarget
	// MarkCheck glows under a king in check.
	MarkCheck
	// MarkPremove tints the from and to squares of the premove queued.
	MarkPremove
	// MarkCursor outlines the square the keyboard is on.
	MarkCursor
)

// markClasses names the CSS class of each mark, in bit order.
var markClasses = [...]string{"last-move", "selected", "target", "check", "premove", "cursor"}

// Marks maps squares to the marks drawn on them; a square not in the map has none.
type Marks map[engine.Square]Mark

// Cell is one square of the board as it is drawn.
type Cell struct {
	Square engine.Square
	Piece  engine.Piece
	// Row and Col place the cell on screen: row 0 is the top, column 0 the left.
	Row, Col int
	Light    bool
	Mark     Mark
	// RankLabel is the rank digit drawn in the cells of the left column; FileLabel the file
	// letter drawn in the cells of the bottom row. Both are empty elsewhere.
	RankLabel, FileLabel string
}

// Layout returns the 64 cells of the board in reading order (top row first, left to right)
// as seen by the player of colour orientation: White sees a1 at the bottom left, Black sees
// h8 there.
func Layout(pos engine.Position, orientation engine.Color, marks Marks) [64]Cell {
	var cells [64]Cell
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			sq := SquareAt(orientation, row, col)
			c := Cell{
				Square: sq,
				Piece:  pos.PieceAt(sq),
				Row:    row,
				Col:    col,
				Light:  (sq.File()+sq.Rank())%2 == 1,
				Mark:   marks[sq],
			}
			if col == 0 {
				c.RankLabel = string(rune('1' + sq.Rank()))
			}
			if row == 7 {
				c.FileLabel = string(rune('a' + sq.File()))
			}
			cells[row*8+col] = c
		}
	}
	return cells
}

// SquareAt returns the square drawn at a screen row and column for the given orientation.
func SquareAt(orientation engine.Color, row, col int) engine.Square {
	if orientation == engine.Black {
		return engine.NewSquare(7-col, row)
	}
	return engine.NewSquare(col, 7-row)
}

// SquareLabel is the accessible name of a square: "e2 white pawn", or "e4 empty".
func SquareLabel(sq engine.Square, p engine.Piece) string {
	if p == engine.NoPiece {
		return sq.String() + " empty"
	}
	return sq.String() + " " + p.Name()
}

// Classes returns the CSS classes of the cell's square element.
func (c Cell) Classes() string {
	var b strings.Builder
	b.WriteString("sq ")
	if c.Light {
		b.WriteString("light")
	} else {
		b.WriteString("dark")
	}
	if c.Piece != engine.NoPiece {
		b.WriteString(" occupied")
	}
	for i, name := range markClasses {
		if c.Mark&(1<<i) != 0 {
			b.WriteString(" ")
			b.WriteString(name)
		}
	}
	return b.String()
}

// BoardLabel is the accessible name of the whole board.
func BoardLabel(orientation engine.Color) string {
	if orientation == engine.Black {
		return "Chess board, Black at the bottom"
	}
	return "Chess board, White at the bottom"
}

// Board draws a position as an 8 x 8 grid of squares, seen from one side, with marks on
// squares. It is an ARIA grid: eight rows of eight cells, each cell named by its square and
// its piece. Every square carries data-square="e2"; every piece is an element inside its
// square with data-piece="wP" and the square's label, drawn by web/app.css from
// web/pieces/wP.svg.
//
// With Diagram set it is a small picture instead (rules pages, home page): one image named
// by Label, without coordinates; its squares still carry data-square and data-piece.
type Board struct {
	app.Compo

	// Position is the position drawn.
	Position engine.Position
	// Orientation is the side drawn at the bottom.
	Orientation engine.Color
	// Marks are the highlights drawn on squares.
	Marks Marks
	// Diagram draws a small, non-interactive picture named by Label.
	Diagram bool
	// Label names a diagram for screen readers ("Diagram: ...").
	Label string
}

// Render draws the board.
func (b *Board) Render() app.UI {
	return Draw(Opts{
		Pos:         b.Position,
		Orientation: b.Orientation,
		Marks:       b.Marks,
		Coords:      !b.Diagram,
		Diagram:     b.Diagram,
		Label:       b.Label,
	})
}

// Slide is the short animation of a piece that has just moved: it starts DX columns and DY
// rows away from its square. Two alternating names let the same square animate twice in a
// row.
type Slide struct {
	To     engine.Square
	DX, DY int
	Second bool
	On     bool
}

// Opts is what Draw draws.
type Opts struct {
	Pos         engine.Position
	Orientation engine.Color
	Marks       Marks
	Coords      bool
	Diagram     bool
	Label       string
	Slide       Slide
	// moved draws the piece on moved[0] on moved[1] instead (a king capture, which the
	// game's state does not play on its board).
	Moved *[2]engine.Square
}

// Draw draws the board's grid element; the caller may add classes and event handlers.
func Draw(o Opts) app.HTMLDiv {
	cells := Layout(o.Pos, o.Orientation, o.Marks)
	if o.Moved != nil {
		pc := o.Pos.PieceAt(o.Moved[0])
		for i := range cells {
			switch cells[i].Square {
			case o.Moved[0]:
				cells[i].Piece = engine.NoPiece
			case o.Moved[1]:
				cells[i].Piece = pc
			}
		}
	}
	// Each rank is one raw element: the browser parses its HTML in one call, where go-app
	// would create every square, piece and label and set each of their attributes by a call
	// of its own (about 120 elements and 400 attributes for a board, the biggest part of the
	// time the game screen takes to appear). go-app replaces a rank when its HTML changes.
	rows := make([]app.UI, 8)
	for r := range rows {
		rows[r] = app.Raw(rankHTML(cells[r*8:r*8+8], o))
	}
	if o.Diagram {
		return app.Div().
			Class("board diagram").
			Role("img").
			Aria("label", o.Label).
			DataSet("orientation", o.Orientation.String()).
			Body(rows...)
	}
	return app.Div().
		Class("board").
		Role("grid").
		Aria("label", BoardLabel(o.Orientation)).
		DataSet("orientation", o.Orientation.String()).
		Body(rows...)
}

// rankHTML writes one rank of cells as HTML: a row holding each square, its piece, if any,
// and its coordinates. A playing board names every cell for assistive technology (grid
// cells; the piece, or the square when empty, carries the label); a diagram is one image
// and its cells carry no roles.
func rankHTML(cells []Cell, o Opts) string {
	var b strings.Builder
	b.Grow(1600)
	if o.Diagram {
		b.WriteString(`<div class="rank">`)
	} else {
		b.WriteString(`<div class="rank" role="row">`)
	}
	for _, c := range cells {
		label := html.EscapeString(SquareLabel(c.Square, c.Piece))
		b.WriteString(`<div class="` + c.Classes() + `" data-square="` + c.Square.String() + `"`)
		if !o.Diagram {
			b.WriteString(` role="gridcell"`)
			if c.Piece == engine.NoPiece {
				b.WriteString(` aria-label="` + label + `"`)
			}
		}
		b.WriteString(`>`)
		if c.Piece != engine.NoPiece {
			// The piece names the cell; the image itself comes from the stylesheet.
			b.WriteString(`<div class="piece`)
			if sl := o.Slide; sl.On && sl.To == c.Square {
				if sl.Second {
					b.WriteString(` slide-b`)
				} else {
					b.WriteString(` slide-a`)
				}
				b.WriteString(`" style="--dx: ` + strconv.Itoa(sl.DX) + `; --dy: ` + strconv.Itoa(sl.DY) + `;`)
			}
			b.WriteString(`"`)
			if !o.Diagram {
				b.WriteString(` role="img"`)
			}
			b.WriteString(` data-piece="` + c.Piece.String() + `"`)
			if !o.Diagram {
				b.WriteString(` aria-label="` + label + `"`)
			}
			b.WriteString(`></div>`)
		}
		if o.Coords && c.RankLabel != "" {
			b.WriteString(`<span class="coord rank-label" aria-hidden="true">` + html.EscapeString(c.RankLabel) + `</span>`)
		}
		if o.Coords && c.FileLabel != "" {
			b.WriteString(`<span class="coord file-label" aria-hidden="true">` + html.EscapeString(c.FileLabel) + `</span>`)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// ScreenPos returns the row and column where square sq is drawn for the orientation.
func ScreenPos(orientation engine.Color, sq engine.Square) (row, col int) {
	if orientation == engine.Black {
		return sq.Rank(), 7 - sq.File()
	}
	return 7 - sq.Rank(), sq.File()
}
