package view

import (
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
)

// markClasses names the CSS class of each mark, in bit order.
var markClasses = [...]string{"last-move", "selected", "target", "check"}

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
			sq := squareAt(orientation, row, col)
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

// squareAt returns the square drawn at a screen row and column for the given orientation.
func squareAt(orientation engine.Color, row, col int) engine.Square {
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
type Board struct {
	app.Compo

	// Position is the position drawn.
	Position engine.Position
	// Orientation is the side drawn at the bottom.
	Orientation engine.Color
	// Marks are the highlights drawn on squares.
	Marks Marks
}

// Render draws the board.
func (b *Board) Render() app.UI {
	cells := Layout(b.Position, b.Orientation, b.Marks)
	rows := make([]app.UI, 8)
	for r := range rows {
		squares := make([]app.UI, 8)
		for c := range squares {
			squares[c] = renderCell(cells[r*8+c])
		}
		rows[r] = app.Div().Class("rank").Role("row").Body(squares...)
	}
	return app.Div().
		Class("board").
		Role("grid").
		Aria("label", BoardLabel(b.Orientation)).
		DataSet("orientation", b.Orientation.String()).
		Body(rows...)
}

// renderCell draws one square: its piece, if any, and its coordinates.
func renderCell(c Cell) app.UI {
	label := SquareLabel(c.Square, c.Piece)
	sq := app.Div().
		Class(c.Classes()).
		Role("gridcell").
		DataSet("square", c.Square.String())
	var body []app.UI
	if c.Piece == engine.NoPiece {
		sq = sq.Aria("label", label)
	} else {
		// The piece names the cell; the image itself comes from the stylesheet.
		body = append(body, app.Div().
			Class("piece").
			Role("img").
			DataSet("piece", c.Piece.String()).
			Aria("label", label))
	}
	if c.RankLabel != "" {
		body = append(body, app.Span().Class("coord rank-label").Aria("hidden", true).Text(c.RankLabel))
	}
	if c.FileLabel != "" {
		body = append(body, app.Span().Class("coord file-label").Aria("hidden", true).Text(c.FileLabel))
	}
	return sq.Body(body...)
}
