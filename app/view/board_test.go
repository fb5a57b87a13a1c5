package view

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/engine"
)

// startPieces is the orthodox start position written out by hand, independent of the engine:
// square name to piece code.
func startPieces() map[string]string {
	m := map[string]string{}
	back := "RNBQKBNR"
	for f := 0; f < 8; f++ {
		file := string(rune('a' + f))
		m[file+"1"] = "w" + back[f:f+1]
		m[file+"2"] = "wP"
		m[file+"7"] = "bP"
		m[file+"8"] = "b" + back[f:f+1]
	}
	return m
}

func TestLayoutStartPosition(t *testing.T) {
	want := startPieces()
	cells := Layout(engine.StartPosition(), engine.White, nil)
	seen := map[string]bool{}
	pieces := 0
	for _, c := range cells {
		name := c.Square.String()
		if seen[name] {
			t.Fatalf("square %s drawn twice", name)
		}
		seen[name] = true
		if got := c.Piece.String(); got != want[name] {
			t.Errorf("%s: piece %q, want %q", name, got, want[name])
		}
		if c.Piece != engine.NoPiece {
			pieces++
		}
	}
	if len(seen) != 64 || pieces != 32 {
		t.Errorf("%d squares and %d pieces, want 64 and 32", len(seen), pieces)
	}
}

func TestLayoutOrientation(t *testing.T) {
	tests := []struct {
		orientation                                engine.Color
		topLeft, topRight, bottomLeft, bottomRight string
	}{
		{engine.White, "a8", "h8", "a1", "h1"},
		{engine.Black, "h1", "a1", "h8", "a8"},
	}
	for _, tt := range tests {
		t.Run(tt.orientation.String(), func(t *testing.T) {
			cells := Layout(engine.StartPosition(), tt.orientation, nil)
			corners := []struct {
				index int
				want  string
			}{{0, tt.topLeft}, {7, tt.topRight}, {56, tt.bottomLeft}, {63, tt.bottomRight}}
			for _, c := range corners {
				if got := cells[c.index].Square.String(); got != c.want {
					t.Errorf("cell %d is %s, want %s", c.index, got, c.want)
				}
			}
			for i, c := range cells {
				if c.Row != i/8 || c.Col != i%8 {
					t.Errorf("cell %d at row %d col %d", i, c.Row, c.Col)
				}
			}
		})
	}
}

func TestLayoutCoordinates(t *testing.T) {
	tests := []struct {
		orientation engine.Color
		ranks       string // left column, top to bottom
		files       string // bottom row, left to right
	}{
		{engine.White, "87654321", "abcdefgh"},
		{engine.Black, "12345678", "hgfedcba"},
	}
	for _, tt := range tests {
		t.Run(tt.orientation.String(), func(t *testing.T) {
			var ranks, files strings.Builder
			for _, c := range Layout(engine.StartPosition(), tt.orientation, nil) {
				ranks.WriteString(c.RankLabel)
				files.WriteString(c.FileLabel)
				if (c.RankLabel != "") != (c.Col == 0) {
					t.Errorf("%s: rank label %q in column %d", c.Square, c.RankLabel, c.Col)
				}
				if (c.FileLabel != "") != (c.Row == 7) {
					t.Errorf("%s: file label %q in row %d", c.Square, c.FileLabel, c.Row)
				}
			}
			if ranks.String() != tt.ranks || files.String() != tt.files {
				t.Errorf("ranks %q files %q, want %q %q", ranks.String(), files.String(), tt.ranks, tt.files)
			}
		})
	}
}

func TestSquareColours(t *testing.T) {
	// a1 and h8 are dark; h1 and a8 light; the queens start on their own colour.
	light := map[string]bool{"a1": false, "h8": false, "h1": true, "a8": true, "d1": true, "d8": false, "e4": true, "d4": false}
	for _, c := range Layout(engine.StartPosition(), engine.White, nil) {
		if want, ok := light[c.Square.String()]; ok && c.Light != want {
			t.Errorf("%s light = %v, want %v", c.Square, c.Light, want)
		}
	}
}

func TestSquareLabel(t *testing.T) {
	tests := []struct {
		sq    engine.Square
		piece engine.Piece
		want  string
	}{
		{engine.E2, engine.WhitePawn, "e2 white pawn"},
		{engine.G8, engine.BlackKnight, "g8 black knight"},
		{engine.D1, engine.WhiteQueen, "d1 white queen"},
		{engine.E4, engine.NoPiece, "e4 empty"},
	}
	for _, tt := range tests {
		if got := SquareLabel(tt.sq, tt.piece); got != tt.want {
			t.Errorf("SquareLabel(%s, %v) = %q, want %q", tt.sq, tt.piece, got, tt.want)
		}
	}
}

func TestCellClasses(t *testing.T) {
	tests := []struct {
		cell Cell
		want string
	}{
		{Cell{Light: true}, "sq light"},
		{Cell{Piece: engine.WhiteKing}, "sq dark occupied"},
		{Cell{Light: true, Mark: MarkLastMove}, "sq light last-move"},
		{Cell{Mark: MarkTarget, Piece: engine.BlackRook}, "sq dark occupied target"},
		{Cell{Mark: MarkSelected | MarkCheck}, "sq dark selected check"},
		{Cell{Mark: MarkLastMove | MarkSelected | MarkTarget | MarkCheck}, "sq dark last-move selected target check"},
	}
	for _, tt := range tests {
		if got := tt.cell.Classes(); got != tt.want {
			t.Errorf("%+v: classes %q, want %q", tt.cell, got, tt.want)
		}
	}
}

func TestLayoutMarks(t *testing.T) {
	marks := Marks{engine.E2: MarkLastMove, engine.E4: MarkLastMove | MarkSelected}
	for _, c := range Layout(engine.StartPosition(), engine.Black, marks) {
		if c.Mark != marks[c.Square] {
			t.Errorf("%s: mark %b, want %b", c.Square, c.Mark, marks[c.Square])
		}
	}
}

// TestBoardRender mounts the component in go-app's test engine and checks the elements it
// draws: the grid, a rank row, an occupied and an empty square, a piece.
func TestBoardRender(t *testing.T) {
	e := app.NewTestEngine()
	b := &Board{Position: engine.StartPosition(), Orientation: engine.White, Marks: Marks{engine.E4: MarkTarget}}
	if err := e.Load(b); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()

	tests := []struct {
		name string
		want app.UI
		path []int
	}{
		{"grid", app.Div().Class("board").Role("grid").Aria("label", "Chess board, White at the bottom").DataSet("orientation", "white"), []int{0}},
		{"second row from the bottom", app.Div().Class("rank").Role("row"), []int{0, 6}},
		{"e2", app.Div().Class("sq light occupied").Role("gridcell").DataSet("square", "e2"), []int{0, 6, 4}},
		{"pawn on e2", app.Div().Class("piece").Role("img").DataSet("piece", "wP").Aria("label", "e2 white pawn"), []int{0, 6, 4, 0}},
		{"e4, empty and marked", app.Div().Class("sq light target").Role("gridcell").DataSet("square", "e4").Aria("label", "e4 empty"), []int{0, 4, 4}},
		{"a1", app.Div().Class("sq dark occupied").Role("gridcell").DataSet("square", "a1"), []int{0, 7, 0}},
		{"rook on a1", app.Div().Class("piece").Role("img").DataSet("piece", "wR").Aria("label", "a1 white rook"), []int{0, 7, 0, 0}},
		{"rank 1 coordinate", app.Text("1"), []int{0, 7, 0, 1, 0}},
		{"file a coordinate", app.Text("a"), []int{0, 7, 0, 2, 0}},
	}
	for _, tt := range tests {
		if err := app.Match(tt.want, b, tt.path...); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

func TestHomeRender(t *testing.T) {
	e := app.NewTestEngine()
	h := &Home{}
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// shell > header > brand link > h1 > text
	if err := app.Match(app.Text(AppName), h, 0, 0, 0, 1, 0); err != nil {
		t.Errorf("app name: %v", err)
	}
	// shell > main (after the header and the update banner) > variant list > first card >
	// card body > title > text
	if err := app.Match(app.Text("Orthodox chess"), h, 0, 2, 1, 0, 1, 0, 0); err != nil {
		t.Errorf("first variant: %v", err)
	}
	// shell > main > variant list > first card > diagram link > board
	if err := app.Match(app.Div().Class("board diagram").Role("img").Aria("label", "Diagram: En passant").
		DataSet("orientation", "white"), h, 0, 2, 1, 0, 0, 0, 0); err != nil {
		t.Errorf("diagram: %v", err)
	}
}
