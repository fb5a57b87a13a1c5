package board

import (
	"encoding/xml"
	"io"
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

// TestBoardRender mounts the component in go-app's test engine and checks what it draws:
// the grid element, then, in the HTML of its ranks (raw elements), the rows, squares, pieces,
// labels and coordinates, read back with an XML parser.
func TestBoardRender(t *testing.T) {
	e := app.NewTestEngine()
	b := &Board{Position: engine.StartPosition(), Orientation: engine.White, Marks: Marks{engine.E4: MarkTarget}}
	if err := e.Load(b); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	grid := app.Div().Class("board").Role("grid").Aria("label", "Chess board, White at the bottom").DataSet("orientation", "white")
	if err := app.Match(grid, b, 0); err != nil {
		t.Fatalf("grid: %v", err)
	}
	cells := Layout(engine.StartPosition(), engine.White, Marks{engine.E4: MarkTarget})
	ranks := make([]htmlNode, 8)
	for r := range ranks {
		html := rankHTML(cells[r*8:r*8+8], Opts{Coords: true})
		if err := app.Match(app.Raw(html), b, 0, r); err != nil {
			t.Fatalf("rank %d: %v", r, err)
		}
		ranks[r] = parseHTML(t, html)
	}

	tests := []struct {
		name  string
		path  []int // rank (0 at the top), then child indexes
		attrs map[string]string
		text  string
	}{
		{"second row from the bottom", []int{6}, map[string]string{"class": "rank", "role": "row"}, ""},
		{"e2", []int{6, 4}, map[string]string{"class": "sq light occupied", "role": "gridcell", "data-square": "e2"}, ""},
		{"pawn on e2", []int{6, 4, 0}, map[string]string{"class": "piece", "role": "img", "data-piece": "wP", "aria-label": "e2 white pawn"}, ""},
		{"e4, empty and marked", []int{4, 4}, map[string]string{"class": "sq light target", "role": "gridcell", "data-square": "e4", "aria-label": "e4 empty"}, ""},
		{"a1", []int{7, 0}, map[string]string{"class": "sq dark occupied", "role": "gridcell", "data-square": "a1"}, ""},
		{"rook on a1", []int{7, 0, 0}, map[string]string{"class": "piece", "role": "img", "data-piece": "wR", "aria-label": "a1 white rook"}, ""},
		{"rank 1 coordinate", []int{7, 0, 1}, map[string]string{"class": "coord rank-label", "aria-hidden": "true"}, "1"},
		{"file a coordinate", []int{7, 0, 2}, map[string]string{"class": "coord file-label", "aria-hidden": "true"}, "a"},
	}
	for _, tt := range tests {
		n := ranks[tt.path[0]]
		for _, i := range tt.path[1:] {
			if i >= len(n.children) {
				t.Fatalf("%s: no child %d at %v", tt.name, i, tt.path)
			}
			n = n.children[i]
		}
		for k, v := range tt.attrs {
			if n.attrs[k] != v {
				t.Errorf("%s: %s=%q, want %q", tt.name, k, n.attrs[k], v)
			}
		}
		if n.attrs["aria-label"] != "" && tt.attrs["aria-label"] == "" {
			t.Errorf("%s: unexpected aria-label %q", tt.name, n.attrs["aria-label"])
		}
		if n.text != tt.text {
			t.Errorf("%s: text %q, want %q", tt.name, n.text, tt.text)
		}
	}
}

// TestRankHTMLSlideAndDiagram checks the parts of a rank that depend on the options: the
// sliding piece's classes and offsets, and a diagram's cells without roles or labels.
func TestRankHTMLSlideAndDiagram(t *testing.T) {
	cells := Layout(engine.StartPosition(), engine.White, nil)
	for _, tt := range []struct {
		name  string
		opts  Opts
		attrs map[string]string
	}{
		{"first ply slides", Opts{Slide: Slide{On: true, To: engine.A1, DX: 2, DY: -3}}, map[string]string{"class": "piece slide-a", "style": "--dx: 2; --dy: -3;", "role": "img"}},
		{"second ply slides", Opts{Slide: Slide{On: true, To: engine.A1, DX: 0, DY: 1, Second: true}}, map[string]string{"class": "piece slide-b", "style": "--dx: 0; --dy: 1;"}},
		{"another square slides", Opts{Slide: Slide{On: true, To: engine.B1, DX: 1}}, map[string]string{"class": "piece", "style": ""}},
		{"diagram", Opts{Diagram: true}, map[string]string{"class": "piece", "role": "", "aria-label": "", "data-piece": "wR"}},
	} {
		rank := parseHTML(t, rankHTML(cells[56:64], tt.opts))
		piece := rank.children[0].children[0]
		for k, v := range tt.attrs {
			if piece.attrs[k] != v {
				t.Errorf("%s: %s=%q, want %q", tt.name, k, piece.attrs[k], v)
			}
		}
		if tt.opts.Diagram && (rank.attrs["role"] != "" || rank.children[0].attrs["role"] != "") {
			t.Errorf("%s: roles on a diagram's row or cell: %v %v", tt.name, rank.attrs, rank.children[0].attrs)
		}
	}
}

// htmlNode is an element read back from HTML: its attributes, children and text.
type htmlNode struct {
	attrs    map[string]string
	children []htmlNode
	text     string
}

// parseHTML reads well-formed HTML (as XML) into an htmlNode tree.
func parseHTML(t *testing.T, s string) htmlNode {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var stack []*htmlNode
	var root htmlNode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("parsing %q: %v", s, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := htmlNode{attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				root = n
				stack = append(stack, &root)
				continue
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, &top.children[len(top.children)-1])
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tok)
			}
		}
	}
	return root
}

// TestScreenPosMatchesLayout: ScreenPos puts every square where Layout draws it.
func TestScreenPosMatchesLayout(t *testing.T) {
	for _, o := range []engine.Color{engine.White, engine.Black} {
		for _, c := range Layout(engine.StartPosition(), o, nil) {
			if r, col := ScreenPos(o, c.Square); r != c.Row || col != c.Col {
				t.Errorf("%v %v: ScreenPos %d,%d, layout %d,%d", o, c.Square, r, col, c.Row, c.Col)
			}
		}
	}
}
