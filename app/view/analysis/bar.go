package analysis

import (
	"strconv"
	"strings"

	core "github.com/plyground/plyground/app/analysis"
)

// BarFraction returns the part of the evaluation bar that is White's, from 0 to 1: White's
// winning chances (core.Eval.WinChance), so that the bar moves as the chances do and a mate
// fills it.
func BarFraction(e core.Eval) float64 {
	f := e.WinChance() / 100
	switch {
	case f < 0:
		return 0
	case f > 1:
		return 1
	}
	return f
}

// Graph geometry: the evaluation graph is drawn in a box of GraphWidth by GraphHeight units,
// White's advantage up, the even line across the middle.
const (
	GraphWidth  = 100.0
	GraphHeight = 40.0
)

// GraphPoint is where the value after turn i (0: the start) is drawn.
func GraphPoint(i, n int, cp int) (x, y float64) {
	if n > 1 {
		x = GraphWidth * float64(i) / float64(n-1)
	}
	// The same logistic curve as the bar's, so that a blunder in an even position looks
	// like one and a further gain when far ahead does not.
	f := BarFraction(core.Eval{CP: cp})
	if cp >= core.GraphLimit {
		f = 1
	} else if cp <= -core.GraphLimit {
		f = 0
	}
	return x, GraphHeight * (1 - f)
}

// GraphPath returns the SVG path of the graph's points (core.Review.Graph): the line, and
// the area between it and the even line, closed, for White's fill.
func GraphPath(points []int) (line, area string) {
	if len(points) == 0 {
		return "", ""
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	var l strings.Builder
	for i, cp := range points {
		x, y := GraphPoint(i, len(points), cp)
		if i == 0 {
			l.WriteString("M")
		} else {
			l.WriteString(" L")
		}
		l.WriteString(f(x) + "," + f(y))
	}
	line = l.String()
	lastX, _ := GraphPoint(len(points)-1, len(points), 0)
	area = "M" + f(0) + "," + f(GraphHeight) + " " + strings.Replace(line, "M", "L", 1) + " L" + f(lastX) + "," + f(GraphHeight) + " Z"
	return line, area
}
