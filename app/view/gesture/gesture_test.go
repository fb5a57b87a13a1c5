package gesture

import "testing"

// TestPressClickOrDrag: a press within the threshold is a click; one that goes past it is a
// drag from then on, even back within it; another pointer changes nothing.
func TestPressClickOrDrag(t *testing.T) {
	type move struct {
		id   int
		x, y float64
	}
	tests := []struct {
		name      string
		moves     []move
		end       int
		dragging  bool // after the last move
		ended     bool
		click     bool
		lastDelta [2]float64
	}{
		{"still", nil, 1, false, true, true, [2]float64{}},
		{"within the threshold", []move{{1, 3, 3}}, 1, false, true, true, [2]float64{}},
		{"past the threshold", []move{{1, 6, 0}}, 1, true, true, false, [2]float64{6, 0}},
		{"back within the threshold", []move{{1, 10, 0}, {1, 2, 0}}, 1, true, true, false, [2]float64{-8, 0}},
		{"another pointer moves", []move{{2, 50, 50}}, 1, false, true, true, [2]float64{}},
		{"another pointer ends", []move{{1, 20, 0}}, 2, true, false, false, [2]float64{20, 0}},
	}
	for _, tt := range tests {
		p := Start(1, 0, 0)
		var dragging bool
		var d [2]float64
		for _, m := range tt.moves {
			dx, dy, ok := p.Move(m.id, m.x, m.y, 5)
			dragging, d = ok, [2]float64{dx, dy}
		}
		if dragging != tt.dragging || d != tt.lastDelta {
			t.Errorf("%s: dragging %v moved %v, want %v %v", tt.name, dragging, d, tt.dragging, tt.lastDelta)
		}
		ended, click := p.End(tt.end)
		if ended != tt.ended || click != tt.click {
			t.Errorf("%s: end %v click %v, want %v %v", tt.name, ended, click, tt.ended, tt.click)
		}
		if ended && p.Active {
			t.Errorf("%s: the press is still active after its end", tt.name)
		}
	}
}

// TestNoPress: the zero Press follows no pointer.
func TestNoPress(t *testing.T) {
	var p Press
	if _, _, ok := p.Move(0, 100, 100, 5); ok {
		t.Error("the zero press dragged")
	}
	if ended, _ := p.End(0); ended {
		t.Error("the zero press ended")
	}
}
