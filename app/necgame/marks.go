package necgame

import (
	"github.com/plyground/plyground/variants/nec"
)

// PieceMarks are what a board shows on a piece besides the piece itself.
type PieceMarks struct {
	// Crowded: it shares its square and must leave in the next update or die (N5).
	Crowded bool
	// Capturable holds the reasons it is capturable during the next update (N6, N7).
	Capturable nec.Mark
	// Clock: an enemy piece attacks it and it has this update to get out of the attack, or it
	// becomes capturable (N6). Exempt attacks (two pieces that arrived at the same time) do
	// not count.
	Clock bool
	// Attackers are the enemy pieces attacking it (threat records, exempt ones included).
	Attackers []nec.PieceID
}

// Any reports whether the piece carries a mark worth drawing.
func (m PieceMarks) Any() bool { return m.Crowded || m.Capturable != 0 || m.Clock }

// Marks returns the marks of every marked piece of s.
func Marks(s nec.State) map[nec.PieceID]PieceMarks {
	out := make(map[nec.PieceID]PieceMarks)
	for _, id := range s.CrowdedPieces() {
		m := out[id]
		m.Crowded = true
		out[id] = m
	}
	for _, pc := range s.CapturablePieces() {
		m := out[pc.ID]
		m.Capturable = pc.Marks
		out[pc.ID] = m
	}
	for _, t := range s.Threats() {
		m := out[t.Target]
		m.Attackers = append(m.Attackers, t.Attacker)
		if !t.Exempt && t.Age == 0 {
			m.Clock = true
		}
		out[t.Target] = m
	}
	return out
}

// Describe says in words what the marks mean, for a piece's accessible label and tooltip.
func (m PieceMarks) Describe() string {
	var parts []string
	if m.Crowded {
		parts = append(parts, "crowded: must leave this update")
	}
	if m.Capturable != 0 {
		parts = append(parts, "capturable ("+m.Capturable.String()+")")
	}
	if m.Clock && m.Capturable == 0 {
		parts = append(parts, "threatened: one update to get away")
	}
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ", "
		}
		s += p
	}
	return s
}
