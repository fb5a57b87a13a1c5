package board

import "github.com/plyground/plyground/engine"

// The interactive board's state machine, apart from the browser so that the host tests drive
// it: what a press, a release, a key or a new position does to the selection, the premove,
// the drawings (arrows and circles) and the keyboard cursor, and which move it asks the game
// to make. The component (interactive.go) feeds it the pointer and key events and draws it.

// Dests maps the square of each piece that may move to the squares it may go to.
type Dests map[engine.Square]engine.Bitboard

// Config is what the screen gives the board at each drawing: the position and how to show
// it, who may move and where, and the ply that led here.
type Config struct {
	// Position is the position drawn.
	Position engine.Position
	// Orientation is the side at the bottom.
	Orientation engine.Color
	// Key names the position shown (the game and the ply): drawings are kept per key, and a
	// new key may animate Last.
	Key string
	// Turn is the side whose pieces the player may pick up now; Dests says where each may go
	// (a press on any other square is still passed on as a move, for the game to refuse in
	// words). Dests nil: no one may move now.
	Turn  engine.Color
	Dests Dests
	// Premoves says where the pieces of the side waiting for its turn may be premoved (the
	// other side than Turn); nil: no premoves now.
	Premoves Dests
	// Viewing says that an earlier position is shown: a press asks to go back to the game.
	Viewing bool
	// Marks are the screen's highlights (last move, check).
	Marks Marks
	// Coords, Dots and Animate: coordinates on the edges, dots on the legal targets, slides.
	Coords, Dots, Animate bool
	// Last is the ply to animate when Key changes (a reversed ply for a step back); zero
	// when none.
	Last Ply
	// Moved draws the piece on Moved[0] on Moved[1] (a king capture, D4).
	Moved *[2]engine.Square
	// Shapes are the screen's own arrows and circles (the engine's best line, a hint), drawn
	// under the player's; the player cannot take them away.
	Shapes []Shape
}

// Ply is a move of a piece from one square to another, as the board sees it.
type Ply struct{ From, To engine.Square }

// None reports whether p is the zero Ply or names no square.
func (p Ply) None() bool {
	return p.From == p.To || p.From >= engine.NoSquare || p.To >= engine.NoSquare
}

// Brush is the colour of an arrow or a circle.
type Brush uint8

// The brushes: green by default, red with Shift, blue with Ctrl (or Cmd), yellow with Alt.
const (
	Green Brush = iota
	Red
	Blue
	Yellow
	// Engine is the brush of the engine's arrows (the best line, a hint): a pale blue no
	// modifier key chooses.
	Engine
)

var brushNames = [...]string{"green", "red", "blue", "yellow", "engine"}

// String names the brush.
func (b Brush) String() string {
	if int(b) < len(brushNames) {
		return brushNames[b]
	}
	return "brush?"
}

// BrushOf is the brush the modifier keys held choose.
func BrushOf(shift, ctrl, alt bool) Brush {
	switch {
	case shift:
		return Red
	case ctrl:
		return Blue
	case alt:
		return Yellow
	}
	return Green
}

// Shape is an arrow from one square to another, or a circle on one square (From == To).
type Shape struct {
	From, To engine.Square
	Brush    Brush
}

// Circle reports whether the shape is a circle.
func (s Shape) Circle() bool { return s.From == s.To }

// Want is what an event asks of the screen.
type Want uint8

// The wants.
const (
	// WantNothing: the board handled it (or nothing happened).
	WantNothing Want = iota
	// WantMove: play the ply From-To (the game says whether it is legal).
	WantMove
	// WantLive: go back from an earlier position to the game.
	WantLive
)

// Ask is an event's outcome: what the screen should do, and the ply.
type Ask struct {
	Want Want
	Ply  Ply
	// Premove says that the move is a premove played as the turn came.
	Premove bool
}

// State is the board's own state: the piece picked up, the premove queued, the drawings of
// each position, the keyboard cursor and the last slide.
type State struct {
	// Selected is the square of the piece picked up, or engine.NoSquare.
	Selected engine.Square
	// Premove is the premove queued; zero when none.
	Premove Ply
	// Cursor is the square the keyboard is on.
	Cursor engine.Square
	// Slide is the animation of the last ply shown.
	Slide Slide

	drawings map[string][]Shape
	key      string
	// again: the press was on the piece already picked up (a click there puts it back).
	again bool
	// dropped: the last move was a drop, which needs no slide.
	dropped bool
	// drawFrom is where a right-button drag began (engine.NoSquare when none).
	drawFrom engine.Square
}

// NewState returns the state of a board no one has touched.
func NewState() State {
	return State{Selected: engine.NoSquare, Cursor: engine.NoSquare, drawFrom: engine.NoSquare}
}

// premoving reports whether presses now make premoves (the other side moves).
func premoving(c *Config) bool { return c.Dests == nil && c.Premoves != nil }

// movable reports whether the piece on sq may be picked up now, and where it may go.
func movable(c *Config, sq engine.Square) (engine.Bitboard, bool) {
	if sq >= engine.NoSquare {
		return 0, false
	}
	pc := c.Position.PieceAt(sq)
	switch {
	case c.Dests != nil:
		if pc == engine.NoPiece || pc.Color() != c.Turn {
			return 0, false
		}
		return c.Dests[sq], true
	case c.Premoves != nil:
		if pc == engine.NoPiece || pc.Color() == c.Turn {
			return 0, false
		}
		return c.Premoves[sq], true
	}
	return 0, false
}

// Targets returns the squares the piece picked up may go to (or be premoved to).
func (s *State) Targets(c *Config) engine.Bitboard {
	t, _ := movable(c, s.Selected)
	return t
}

// Press is a press of the main button (or a tap) on sq: it clears the drawings of the
// position, cancels a queued premove, and picks up a piece, puts it back, or asks for a move
// (a premove is queued instead while the other side moves).
func (s *State) Press(c *Config, sq engine.Square) Ask {
	s.again = false
	s.ClearDrawings(c.Key)
	if c.Viewing {
		s.Selected = engine.NoSquare
		return Ask{Want: WantLive}
	}
	if sq >= engine.NoSquare {
		return Ask{}
	}
	hadPremove := s.Premove != (Ply{})
	s.Premove = Ply{}
	if s.Selected == engine.NoSquare {
		if _, ok := movable(c, sq); ok && !hadPremove {
			s.Selected = sq
		}
		return Ask{}
	}
	if sq == s.Selected {
		s.again = true
		return Ask{}
	}
	targets, _ := movable(c, s.Selected)
	if _, own := movable(c, sq); own && !targets.Has(sq) {
		s.Selected = sq
		return Ask{}
	}
	return s.moveTo(c, sq)
}

// moveTo asks for the move of the piece picked up to sq, or queues it as a premove.
func (s *State) moveTo(c *Config, sq engine.Square) Ask {
	from := s.Selected
	s.Selected = engine.NoSquare
	if premoving(c) {
		if targets, _ := movable(c, from); targets.Has(sq) {
			s.Premove = Ply{from, sq}
		}
		return Ask{}
	}
	if c.Dests == nil {
		return Ask{}
	}
	return Ask{Want: WantMove, Ply: Ply{from, sq}}
}

// Release ends a press of the main button on sq: a drag drops the piece there (back on its
// own square or off the board it stays picked up); a click on the piece already picked up
// puts it back.
func (s *State) Release(c *Config, sq engine.Square, dragged bool) Ask {
	again := s.again
	s.again = false
	if s.Selected == engine.NoSquare {
		return Ask{}
	}
	if !dragged {
		if again {
			s.Selected = engine.NoSquare
		}
		return Ask{}
	}
	if sq >= engine.NoSquare || sq == s.Selected {
		return Ask{}
	}
	ask := s.moveTo(c, sq)
	s.dropped = ask.Want == WantMove
	return ask
}

// Update takes the screen's new configuration: a new position clears the selection, takes
// the slide of c.Last, and, when the player's turn has come, plays the queued premove if it
// is legal now, or drops it.
func (s *State) Update(c *Config) Ask {
	if c.Key != s.key {
		s.key = c.Key
		s.Selected = engine.NoSquare
		s.again = false
		if c.Animate && !c.Last.None() && !s.dropped {
			s.Slide = SlideOf(c.Orientation, c.Last.From, c.Last.To, s.Slide)
		} else {
			s.Slide = Slide{}
		}
		s.dropped = false
	}
	if _, ok := movable(c, s.Selected); !ok {
		s.Selected = engine.NoSquare
	}
	if s.Premove != (Ply{}) && c.Dests != nil && !c.Viewing {
		p := s.Premove
		s.Premove = Ply{}
		if c.Dests[p.From].Has(p.To) {
			s.dropped = false
			return Ask{Want: WantMove, Ply: p, Premove: true}
		}
	}
	if c.Dests == nil && c.Premoves == nil {
		s.Premove = Ply{}
	}
	return Ask{}
}

// Flipped tells the state that the board was turned: a slide under way would go the wrong
// way.
func (s *State) Flipped() { s.Slide = Slide{} }

// --- Drawings ---------------------------------------------------------------------------------

// DrawStart is a press of the secondary button on sq.
func (s *State) DrawStart(sq engine.Square) { s.drawFrom = sq }

// DrawEnd is the release of the secondary button on sq: a circle when it is where the press
// was, else an arrow; drawing the same shape again takes it away, and a shape of another
// brush on the same squares is replaced.
func (s *State) DrawEnd(key string, sq engine.Square, b Brush) {
	from := s.drawFrom
	s.drawFrom = engine.NoSquare
	if from >= engine.NoSquare || sq >= engine.NoSquare {
		return
	}
	if s.drawings == nil {
		s.drawings = map[string][]Shape{}
	}
	shapes := s.drawings[key]
	for i, sh := range shapes {
		if sh.From == from && sh.To == sq {
			shapes = append(shapes[:i:i], shapes[i+1:]...)
			if sh.Brush != b {
				shapes = append(shapes, Shape{from, sq, b})
			}
			s.setDrawings(key, shapes)
			return
		}
	}
	s.setDrawings(key, append(shapes, Shape{from, sq, b}))
}

func (s *State) setDrawings(key string, shapes []Shape) {
	if len(shapes) == 0 {
		delete(s.drawings, key)
		return
	}
	s.drawings[key] = shapes
}

// Drawings returns the arrows and circles drawn on the position key.
func (s *State) Drawings(key string) []Shape { return s.drawings[key] }

// ClearDrawings takes away the arrows and circles of the position key.
func (s *State) ClearDrawings(key string) { delete(s.drawings, key) }

// --- Keyboard ---------------------------------------------------------------------------------

// Key is a key pressed while the board has the focus: the arrows move the cursor over the
// squares as they are drawn, Enter or Space press the square under it (as a click does), and
// Escape puts the piece back and cancels the premove. handled is false for other keys.
func (s *State) Key(c *Config, key string) (ask Ask, handled bool) {
	if s.Cursor >= engine.NoSquare {
		s.Cursor = s.homeCursor(c)
	}
	row, col := ScreenPos(c.Orientation, s.Cursor)
	switch key {
	case "ArrowUp":
		row = max(row-1, 0)
	case "ArrowDown":
		row = min(row+1, 7)
	case "ArrowLeft":
		col = max(col-1, 0)
	case "ArrowRight":
		col = min(col+1, 7)
	case "Enter", " ":
		ask := s.Press(c, s.Cursor)
		if ask.Want == WantNothing {
			ask = s.Release(c, s.Cursor, false)
		}
		return ask, true
	case "Escape":
		s.Selected, s.Premove = engine.NoSquare, Ply{}
		return Ask{}, true
	default:
		return Ask{}, false
	}
	s.Cursor = SquareAt(c.Orientation, row, col)
	return Ask{}, true
}

// homeCursor is where the cursor starts: the piece picked up, or the king of the side at the
// bottom.
func (s *State) homeCursor(c *Config) engine.Square {
	if s.Selected < engine.NoSquare {
		return s.Selected
	}
	if k := c.Position.KingSquare(c.Orientation); k < engine.NoSquare {
		return k
	}
	return SquareAt(c.Orientation, 7, 4)
}

// Marks returns the marks to draw: the screen's, with the piece picked up, its targets (when
// dots are on), the premove and the cursor.
func (s *State) Marks(c *Config) Marks {
	m := make(Marks, len(c.Marks)+8)
	for sq, v := range c.Marks {
		m[sq] = v
	}
	if s.Selected < engine.NoSquare {
		m[s.Selected] |= MarkSelected
		if c.Dots {
			for b := s.Targets(c); b != 0; b &= b - 1 {
				m[b.First()] |= MarkTarget
			}
		}
	}
	if p := s.Premove; p != (Ply{}) {
		m[p.From] |= MarkPremove
		m[p.To] |= MarkPremove
	}
	if s.Cursor < engine.NoSquare {
		m[s.Cursor] |= MarkCursor
	}
	return m
}
