package analysis

import (
	"strconv"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Line writes actions played from s in the variant's notation, as the movetext of a game
// writes them (turn.Game.Movetext): "3.Qh5,Nf3 g6,gxh5" with the plies of a turn joined by
// commas (M6), "7.Qxf7+ 8.Kxf7 ..." with every series numbered (P8), "{roll 3-5} Bc4" for a
// dice turn. A line that begins inside a turn starts with an ellipsis for the plies made:
// "3.…,Nf3" (Paired) or "7.… Qxf7#" (Series). Actions that are not legal in turn end the line.
func Line(v turn.Variant, s turn.State, actions []turn.Action) string {
	var units []string
	var buf []turn.Action
	first := true
	t := s
	for i := 0; i < len(actions); {
		start := t
		var pre, plies []string
		if start.Ply() > 0 {
			plies = append(plies, "…")
		}
		for i < len(actions) && t.Seq() == start.Seq() && !t.Ended().Over() {
			a := actions[i]
			buf = v.Actions(t, buf[:0])
			if !turn.Contains(buf, a) {
				i = len(actions)
				break
			}
			u := v.Do(t, a)
			txt := turn.ActionText(v, t, u, a)
			t = u
			i++
			if strings.HasPrefix(txt, "{") {
				if k := strings.Index(txt, "} "); k >= 0 {
					pre, txt = append(pre, txt[:k+1]), txt[k+2:]
				} else {
					pre = append(pre, txt)
					continue
				}
			}
			plies = append(plies, txt)
		}
		if len(plies) == 0 && len(pre) == 0 {
			break
		}
		num := strconv.Itoa(start.Number())
		var head string
		switch {
		case v.Style() == turn.Series || start.Mover() == engine.White:
			head = num + "."
		case first:
			head = num + "..."
		}
		sep := ","
		if v.Style() == turn.Series {
			sep = " "
		}
		body := strings.Join(plies, sep)
		if len(pre) > 0 {
			if head != "" {
				head += " "
			}
			head += strings.Join(pre, " ")
			if body != "" {
				head += " "
			}
		}
		units = append(units, head+body)
		first = false
	}
	return strings.Join(units, " ")
}

// TurnOf returns the actions of line that finish the turn under way in s (all of line when
// it ends inside the turn): the part of the best line a hint shows.
func TurnOf(v turn.Variant, s turn.State, line []turn.Action) []turn.Action {
	t := s
	for i, a := range line {
		t = v.Do(t, a)
		if t.Seq() != s.Seq() || t.Ended().Over() {
			return line[:i+1]
		}
	}
	return line
}

// ParseLine reads a line of actions as the worker sends it (turn.Action.String texts, as in
// app/worker.Analysis.Best) played one after another from s; it stops at the first text that
// is not a legal action there, and returns the actions read with the state after each.
func ParseLine(v turn.Variant, s turn.State, texts []string) (acts []turn.Action, states []turn.State) {
	for _, text := range texts {
		a, err := turn.ParseAction(v, s, text)
		if err != nil {
			break
		}
		next, err := turn.Apply(v, s, a)
		if err != nil {
			break
		}
		acts, states = append(acts, a), append(states, next)
		s = next
	}
	return acts, states
}
