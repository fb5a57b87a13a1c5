package necgame

import (
	"fmt"
	"strings"

	"github.com/plyground/plyground/variants/nec"
)

// Line is one line of an update's description.
type Line struct {
	// Player is the player the line is about (-1: none in particular).
	Player int
	Text   string
}

// Describe tells what an update did, in order: each player's order revealed with what became
// of it, then the captures, the crowding deaths, the crowded squares, the new capturable
// marks and the players out. before is the board the orders were given on, after the board
// that followed.
func Describe(before, after nec.State, rep nec.Report) []Line {
	var lines []Line
	name := func(p int) string { return Colour(before, p) }
	piece := func(pc nec.Piece) string {
		return fmt.Sprintf("%s %s on %v", name(pc.Owner), pc.Kind, pc.Sq)
	}
	for p := 0; p < before.NumPlayers(); p++ {
		if !before.Alive(p) {
			continue
		}
		if r, ok := rep.Result(p); ok {
			lines = append(lines, Line{p, fmt.Sprintf("%s: %s — %s", name(p), before.FormatOrder(r.Order), outcome(before, r))})
			continue
		}
		if rj, ok := rep.Rejection(p); ok {
			lines = append(lines, Line{p, fmt.Sprintf("%s: %s — rejected (%v)", name(p), before.FormatOrder(rj.Order), rj.Err)})
			continue
		}
		lines = append(lines, Line{p, name(p) + " passed"})
	}
	for _, c := range rep.Captures {
		verb := "captured"
		if c.Steal {
			verb = "stole"
		}
		lines = append(lines, Line{c.By, fmt.Sprintf("%s %s the %s", name(c.By), verb, piece(c.Piece))})
	}
	for _, pc := range rep.CrowdDeaths {
		lines = append(lines, Line{pc.Owner, fmt.Sprintf("The %s died of crowding", piece(pc))})
	}
	seen := map[nec.Square]bool{}
	for _, id := range rep.Crowded {
		pc, ok := after.Piece(id)
		if !ok || seen[pc.Sq] {
			continue
		}
		seen[pc.Sq] = true
		var who []string
		for _, q := range after.At(pc.Sq) {
			who = append(who, name(q.Owner)+" "+q.Kind.String())
		}
		lines = append(lines, Line{-1, fmt.Sprintf("Crowded on %v: %s must leave", pc.Sq, strings.Join(who, ", "))})
	}
	for _, pc := range rep.Marked {
		lines = append(lines, Line{pc.Owner, fmt.Sprintf("The %s is capturable (%v)", piece(pc), pc.Marks)})
	}
	for _, p := range rep.Eliminated {
		lines = append(lines, Line{p, name(p) + " has no pieces left"})
	}
	return lines
}

// outcome says what became of an order.
func outcome(s nec.State, r nec.Result) string {
	var b strings.Builder
	cur := 0 // the walk's step (Tried is in walk order, RULES.md 4.2)
	for _, t := range r.Tried {
		step := stepText(s, r.Order, cur)
		cur = nextStep(r.Order.Steps, cur, t == nec.Cancelled)
		switch t {
		case nec.Missed:
			fmt.Fprintf(&b, "%s failed (the target moved), ", step)
		case nec.Cancelled:
			fmt.Fprintf(&b, "the piece of %s was captured, ", step)
		}
	}
	played := stepText(s, r.Order, r.Step)
	switch r.Outcome {
	case nec.Played:
		fmt.Fprintf(&b, "played %s", played)
		if r.Unmarked {
			fmt.Fprintf(&b, " as a plain move: %v was empty when the order was given, so there was nothing to capture (N4)", r.To)
		}
	case nec.Took:
		fmt.Fprintf(&b, "%s took", played)
	case nec.Missed:
		fmt.Fprintf(&b, "%s missed (the target moved away); the piece went to %v", played, r.To)
	case nec.Cancelled:
		fmt.Fprintf(&b, "%s was cancelled: the piece was captured", played)
	default:
		b.WriteString(r.Outcome.String())
	}
	return b.String()
}

// stepText writes step i of o alone.
func stepText(s nec.State, o nec.Order, i int) string {
	if i < 0 || i >= len(o.Steps) {
		return "?"
	}
	return s.FormatOrder(nec.Order{Player: o.Player, Steps: []nec.Step{{Move: o.Steps[i].Move}}})
}

// nextStep returns the first step after cur with the condition ifCaptured, or len(steps).
func nextStep(steps []nec.Step, cur int, ifCaptured bool) int {
	for j := cur + 1; j < len(steps); j++ {
		if steps[j].IfCaptured == ifCaptured {
			return j
		}
	}
	return len(steps)
}
