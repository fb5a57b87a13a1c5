package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

func sqs(t *testing.T, names string) []engine.Square {
	t.Helper()
	var out []engine.Square
	for _, n := range strings.Fields(names) {
		s, err := engine.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// startConfig is the start position with White to move: the knights and the e-pawn may move
// (a few of the legal targets are enough for the tests), or, with premove, Black's pieces
// may be premoved while White moves.
func startConfig(premove bool) Config {
	dests := Dests{
		engine.G1: engine.SquareBB(engine.F3) | engine.SquareBB(engine.H3),
		engine.E2: engine.SquareBB(engine.E3) | engine.SquareBB(engine.E4),
	}
	c := Config{Position: engine.StartPosition(), Orientation: engine.White, Key: "start", Turn: engine.White, Dests: dests, Dots: true, Animate: true}
	if premove {
		c.Dests = nil
		c.Premoves = Dests{
			engine.E7: engine.SquareBB(engine.E6) | engine.SquareBB(engine.E5),
			engine.G8: engine.SquareBB(engine.F6),
		}
	}
	return c
}

// TestBoardClicksAndDrags: the main button picks up a piece of the side to move, puts it
// back, picks up another, and asks for a move by a press on a target or a drop; a press on
// any other square still asks (the game says why it is illegal); a drop on the piece's own
// square or off the board keeps it picked up.
func TestBoardClicksAndDrags(t *testing.T) {
	type step struct {
		op      string // "press", "click" (press and release), "drop" (press on the first, drag to the second)
		squares string
		want    Want
		sel     string // the square picked up after the step ("" for none)
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"click, click: a move", []step{{"click", "e2", WantNothing, "e2"}, {"click", "e4", WantMove, ""}}},
		{"a click on the piece again puts it back", []step{{"click", "e2", WantNothing, "e2"}, {"click", "e2", WantNothing, ""}}},
		{"another own piece is picked up instead", []step{{"click", "e2", WantNothing, "e2"}, {"click", "g1", WantNothing, "g1"}}},
		{"a piece with no target may be picked up (the game explains)", []step{{"click", "a1", WantNothing, "a1"}, {"click", "a3", WantMove, ""}}},
		{"an illegal square still asks the game", []step{{"click", "e2", WantNothing, "e2"}, {"click", "e5", WantMove, ""}}},
		{"the other side's piece is not picked up", []step{{"click", "e7", WantNothing, ""}}},
		{"an empty square picks up nothing", []step{{"click", "e4", WantNothing, ""}}},
		{"drag and drop: a move", []step{{"drop", "g1 f3", WantMove, ""}}},
		{"a drop back on its square keeps it picked up", []step{{"drop", "g1 g1", WantNothing, "g1"}}},
		{"a drop off the board keeps it picked up", []step{{"drop", "g1 -", WantNothing, "g1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startConfig(false)
			s := NewState()
			s.Update(&c)
			for i, st := range tt.steps {
				var a Ask
				names := strings.Fields(st.squares)
				from := sqs(t, names[0])[0]
				switch st.op {
				case "click":
					a = s.Press(&c, from)
					if a.Want == WantNothing {
						a = s.Release(&c, from, false)
					}
				case "drop":
					to := engine.NoSquare
					if names[1] != "-" {
						to = sqs(t, names[1])[0]
					}
					if a = s.Press(&c, from); a.Want == WantNothing {
						a = s.Release(&c, to, true)
					}
				}
				if a.Want != st.want {
					t.Errorf("step %d (%s %s): asks %v, want %v", i, st.op, st.squares, a.Want, st.want)
				}
				if got := squareName(s.Selected); got != st.sel {
					t.Errorf("step %d (%s %s): picked up %q, want %q", i, st.op, st.squares, got, st.sel)
				}
			}
		})
	}
}

// TestBoardMarks: the piece picked up is marked with its targets (dots only when the setting
// is on), the premove and the cursor are marked, and the screen's own marks are kept.
func TestBoardMarks(t *testing.T) {
	c := startConfig(false)
	c.Marks = Marks{engine.D2: MarkLastMove}
	s := NewState()
	s.Update(&c)
	s.Press(&c, engine.G1)
	m := s.Marks(&c)
	if m[engine.G1] != MarkSelected || m[engine.F3] != MarkTarget || m[engine.H3] != MarkTarget || m[engine.D2] != MarkLastMove {
		t.Errorf("marks %v", m)
	}
	c.Dots = false
	if m := s.Marks(&c); m[engine.F3] != 0 {
		t.Errorf("dots drawn with the setting off: %v", m)
	}
	if _, ok := s.Key(&c, "ArrowUp"); !ok {
		t.Fatal("ArrowUp not handled")
	}
	if m := s.Marks(&c); m[engine.G2]&MarkCursor == 0 {
		t.Errorf("cursor not marked on g2: %v", m)
	}
}

// TestBoardPremoves (issue 16): while the other side moves, a piece may be picked up and a
// premove queued (marked), a press cancels it; when the turn comes the premove is asked for at
// once if it is legal then, and silently dropped if not.
func TestBoardPremoves(t *testing.T) {
	wait := startConfig(true)
	s := NewState()
	s.Update(&wait)
	if a := s.Press(&wait, engine.E2); a.Want != WantNothing || s.Selected != engine.NoSquare {
		t.Fatalf("the side to move's piece was picked up for a premove: %+v %v", a, s.Selected)
	}
	s.Press(&wait, engine.E7)
	if a := s.Press(&wait, engine.E5); a.Want != WantNothing {
		t.Fatalf("a premove asked for a move at once: %+v", a)
	}
	if s.Premove != (Ply{engine.E7, engine.E5}) {
		t.Fatalf("premove %v, want e7e5", s.Premove)
	}
	if m := s.Marks(&wait); m[engine.E7]&MarkPremove == 0 || m[engine.E5]&MarkPremove == 0 {
		t.Errorf("the premove is not marked: %v", m)
	}
	// A click cancels it.
	s.Press(&wait, engine.A4)
	if s.Premove != (Ply{}) || s.Selected != engine.NoSquare {
		t.Errorf("a press did not cancel the premove: %v, picked up %v", s.Premove, s.Selected)
	}

	// Queued again, by a drag; the turn comes and e7-e5 is legal: asked for at once.
	s.Press(&wait, engine.E7)
	s.Release(&wait, engine.E5, true)
	turn := Config{Position: engine.StartPosition(), Orientation: engine.White, Key: "after e4", Turn: engine.Black,
		Dests: Dests{engine.E7: engine.SquareBB(engine.E5) | engine.SquareBB(engine.E6)}}
	a := s.Update(&turn)
	if a.Want != WantMove || a.Ply != (Ply{engine.E7, engine.E5}) || !a.Premove {
		t.Errorf("the turn came: %+v, want the premove e7e5", a)
	}
	if s.Premove != (Ply{}) {
		t.Errorf("the premove stays queued after it was played")
	}

	// Queued, and illegal when the turn comes (the pawn's way is blocked): dropped, silently.
	s = NewState()
	s.Update(&wait)
	s.Press(&wait, engine.G8)
	s.Press(&wait, engine.F6)
	blocked := turn
	blocked.Dests = Dests{engine.E7: engine.SquareBB(engine.E5)}
	if a := s.Update(&blocked); a.Want != WantNothing || s.Premove != (Ply{}) {
		t.Errorf("an illegal premove: %+v, still queued %v", a, s.Premove)
	}
}

// TestBoardDrawings (issue 16): a right-button drag draws an arrow and a click a circle, in
// the brush of the modifier keys; the same shape again takes it away, another brush replaces
// it; drawings are kept per position and a main-button press clears the position's.
func TestBoardDrawings(t *testing.T) {
	c := startConfig(false)
	s := NewState()
	s.Update(&c)
	draw := func(key, from, to string, b Brush) {
		s.DrawStart(sqs(t, from)[0])
		s.DrawEnd(key, sqs(t, to)[0], b)
	}
	draw("start", "e2", "e4", BrushOf(false, false, false))
	draw("start", "d5", "d5", BrushOf(true, false, false))
	draw("other", "a1", "a8", BrushOf(false, true, false))
	if got, want := shapesText(s.Drawings("start")), "e2e4:green d5d5:red"; got != want {
		t.Errorf("drawings %q, want %q", got, want)
	}
	if got := s.Drawings("start"); !got[1].Circle() || got[0].Circle() {
		t.Errorf("circle/arrow: %v", got)
	}
	if got, want := shapesText(s.Drawings("other")), "a1a8:blue"; got != want {
		t.Errorf("other position: %q, want %q", got, want)
	}
	draw("start", "e2", "e4", Yellow) // another brush replaces it
	if got, want := shapesText(s.Drawings("start")), "d5d5:red e2e4:yellow"; got != want {
		t.Errorf("after a yellow e2e4: %q, want %q", got, want)
	}
	draw("start", "d5", "d5", Red) // the same again takes it away
	if got, want := shapesText(s.Drawings("start")), "e2e4:yellow"; got != want {
		t.Errorf("after a second red d5: %q, want %q", got, want)
	}
	s.Press(&c, engine.A5)
	if len(s.Drawings("start")) != 0 || len(s.Drawings("other")) != 1 {
		t.Errorf("a press cleared %v and kept %v", s.Drawings("start"), s.Drawings("other"))
	}
	if BrushOf(false, false, true) != Yellow || BrushOf(true, true, true) != Red {
		t.Error("brushes of the modifiers")
	}
}

// TestBoardKeyboard (issue 16): the arrows move the cursor over the squares as drawn (from
// either side), Enter picks up and moves as clicks do, Escape puts the piece back.
func TestBoardKeyboard(t *testing.T) {
	c := startConfig(false)
	s := NewState()
	s.Update(&c)
	var visited []string
	for _, k := range []string{"ArrowUp", "ArrowUp", "ArrowLeft", "ArrowDown"} {
		if _, ok := s.Key(&c, k); !ok {
			t.Fatalf("%s not handled", k)
		}
		visited = append(visited, s.Cursor.String())
	}
	// From White's side the cursor starts on the king, e1.
	if want := []string{"e2", "e3", "d3", "d2"}; !slices.Equal(visited, want) {
		t.Errorf("cursor went %v, want %v", visited, want)
	}
	s.Key(&c, "ArrowRight")
	if a, _ := s.Key(&c, "Enter"); a.Want != WantNothing || s.Selected != engine.E2 {
		t.Fatalf("Enter on e2: %+v, picked up %v", a, s.Selected)
	}
	s.Key(&c, "ArrowUp")
	s.Key(&c, "ArrowUp")
	if a, _ := s.Key(&c, "Enter"); a.Want != WantMove || a.Ply != (Ply{engine.E2, engine.E4}) {
		t.Errorf("Enter on e4: %+v, want the move e2e4", a)
	}
	s.Key(&c, "Enter") // e4 is empty: nothing picked up
	s.Selected = engine.G1
	if _, ok := s.Key(&c, "Escape"); !ok || s.Selected != engine.NoSquare {
		t.Errorf("Escape: picked up %v", s.Selected)
	}
	if _, ok := s.Key(&c, "x"); ok {
		t.Error("x handled")
	}
	// From Black's side up is towards White's first rank.
	b := c
	b.Orientation = engine.Black
	bs := NewState()
	bs.Key(&b, "ArrowUp")
	if bs.Cursor != engine.E7 {
		t.Errorf("from Black's side ArrowUp from e8 went to %v, want e7", bs.Cursor)
	}
	bs.Key(&b, "ArrowLeft")
	if bs.Cursor != engine.F7 {
		t.Errorf("from Black's side ArrowLeft from e7 went to %v, want f7", bs.Cursor)
	}
}

// TestBoardSlides: a new position slides the ply that led to it, in the board's orientation;
// not after the player's own drop, nor without animation, nor when the key stays.
func TestBoardSlides(t *testing.T) {
	c := startConfig(false)
	s := NewState()
	s.Update(&c)
	if s.Slide.On {
		t.Error("the first position slides with no ply")
	}
	next := c
	next.Key, next.Last = "after e4", Ply{engine.E2, engine.E4}
	s.Update(&next)
	if !s.Slide.On || s.Slide.To != engine.E4 || s.Slide.DY != 2 || s.Slide.DX != 0 {
		t.Errorf("slide %+v, want e4 from two rows below", s.Slide)
	}
	second := s.Slide.Second
	s.Update(&next)
	if s.Slide.Second != second {
		t.Error("the same key slid again")
	}
	// A drop needs no slide.
	s.Press(&next, engine.G1)
	s.Release(&next, engine.F3, true)
	dropped := next
	dropped.Key, dropped.Last = "after Nf3", Ply{engine.G1, engine.F3}
	s.Update(&dropped)
	if s.Slide.On {
		t.Errorf("a drop slid: %+v", s.Slide)
	}
	still := dropped
	still.Key, still.Animate = "later", false
	still.Last = Ply{engine.E7, engine.E5}
	s.Update(&still)
	if s.Slide.On {
		t.Error("slid with animation off")
	}
	flipped := still
	flipped.Key, flipped.Animate, flipped.Orientation = "flipped", true, engine.Black
	s.Update(&flipped)
	if s.Slide.DY != 2 || s.Slide.DX != 0 || s.Slide.To != engine.E5 {
		t.Errorf("from Black's side e7-e5 slides %+v, want it from two rows below", s.Slide)
	}
}

// TestBoardViewing: on an earlier position a press asks to go back to the game.
func TestBoardViewing(t *testing.T) {
	c := startConfig(false)
	c.Dests, c.Viewing = nil, true
	s := NewState()
	s.Update(&c)
	if a := s.Press(&c, engine.E2); a.Want != WantLive {
		t.Errorf("press while viewing: %+v", a)
	}
}

// D4: a king capture is drawn as the capturing piece's move; a roll and a pass move nothing.
func TestD4_PlyOfActions(t *testing.T) {
	e2e4, err := engine.StartPosition().ParseUCI("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		a    turn.Action
		want Ply
	}{
		{"a ply", turn.PlyAction(e2e4), Ply{engine.E2, engine.E4}},
		{"a king capture", turn.TakeKingAction(engine.D1, engine.E8), Ply{engine.D1, engine.E8}},
		{"a roll", turn.RollAction(turn.Dice{A: 1, B: 2}), Ply{}},
		{"a pass", turn.PassAction(), Ply{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlyOf(tt.a); got != tt.want {
				t.Errorf("PlyOf = %v, want %v", got, tt.want)
			}
		})
	}
	arrows := EngineArrows([]turn.Action{tests[0].a, tests[2].a, tests[1].a})
	if len(arrows) != 2 || arrows[1] != (Shape{engine.D1, engine.E8, Engine}) {
		t.Errorf("EngineArrows = %v", arrows)
	}
}
