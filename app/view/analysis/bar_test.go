package analysis

import (
	"strings"
	"testing"

	core "github.com/plyground/plyground/app/analysis"
)

func TestBarFraction(t *testing.T) {
	tests := []struct {
		name     string
		e        core.Eval
		min, max float64
	}{
		{"even is half", core.Eval{}, 0.5, 0.5},
		{"white better fills more than half", core.Eval{CP: 150}, 0.6, 0.9},
		{"black better fills less than half", core.Eval{CP: -150}, 0.1, 0.4},
		{"white mates fills it", core.Eval{Mate: 3}, 1, 1},
		{"black mates empties it", core.Eval{Mate: -1}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := BarFraction(tt.e); got < tt.min || got > tt.max {
				t.Errorf("BarFraction(%+v) = %v, want in [%v, %v]", tt.e, got, tt.min, tt.max)
			}
		})
	}
	if BarFraction(core.Eval{CP: 300}) <= BarFraction(core.Eval{CP: 100}) {
		t.Error("the bar does not grow with White's advantage")
	}
}

func TestGraphPath(t *testing.T) {
	if l, a := GraphPath(nil); l != "" || a != "" {
		t.Errorf("GraphPath(nil) = %q, %q", l, a)
	}
	line, area := GraphPath([]int{0, core.GraphLimit, -core.GraphLimit})
	if line != "M0.00,20.00 L50.00,0.00 L100.00,40.00" {
		t.Errorf("line = %q", line)
	}
	if !strings.HasPrefix(area, "M0.00,40.00 L0.00,20.00") || !strings.HasSuffix(area, "L100.00,40.00 Z") {
		t.Errorf("area = %q", area)
	}
	// One point sits at the left edge.
	if x, y := GraphPoint(0, 1, 0); x != 0 || y != GraphHeight/2 {
		t.Errorf("GraphPoint(0, 1, 0) = %v, %v", x, y)
	}
}
