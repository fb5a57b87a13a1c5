package session

import (
	"fmt"
	"strings"

	"github.com/plyground/plyground/engine"
)

// Words for a screen reader (the game screen's screen-reader mode, after lichess's blind
// mode): each ply said in words as it is made or shown, then the state of the turn.

var pieceWords = map[byte]string{'K': "king", 'Q': "queen", 'R': "rook", 'B': "bishop", 'N': "knight"}

// SpokenSAN says a ply written in SAN in words: "Nxf3+" is "knight takes f3, check", "O-O"
// "castles kingside", "e8=Q#" "pawn e8, promotes to queen, checkmate", "--" "passes". A
// king capture ("Qh5xe8", D4) and a roll ("3-5") are said too. Texts it cannot read are
// returned as they are.
func SpokenSAN(san string) string {
	t := strings.TrimSpace(san)
	suffix := ""
	switch {
	case strings.HasSuffix(t, "#"):
		suffix, t = ", checkmate", strings.TrimSuffix(t, "#")
	case strings.HasSuffix(t, "+"):
		suffix, t = ", check", strings.TrimSuffix(t, "+")
	}
	switch t {
	case "--":
		return "passes"
	case "O-O", "0-0":
		return "castles kingside" + suffix
	case "O-O-O", "0-0-0":
		return "castles queenside" + suffix
	}
	if len(t) == 3 && t[1] == '-' && t[0] >= '1' && t[0] <= '6' && t[2] >= '1' && t[2] <= '6' {
		return fmt.Sprintf("rolls %c and %c", t[0], t[2])
	}
	promo := ""
	if i := strings.IndexByte(t, '='); i > 0 && i == len(t)-2 {
		if w, ok := pieceWords[t[i+1]]; ok {
			promo = ", promotes to " + w
			t = t[:i]
		}
	}
	piece := "pawn"
	if len(t) > 0 {
		if w, ok := pieceWords[t[0]]; ok {
			piece, t = w, t[1:]
		}
	}
	if len(t) < 2 {
		return san
	}
	to := t[len(t)-2:]
	if _, err := engine.ParseSquare(to); err != nil {
		return san
	}
	rest := t[:len(t)-2]
	verb := ""
	if i := strings.IndexAny(rest, "x:"); i >= 0 {
		verb = " takes"
		rest = rest[:i] + rest[i+1:]
	}
	from := ""
	if rest != "" {
		from = " " + rest
	}
	return piece + from + verb + " " + to + promo + suffix
}

// Announcement says in words what led to the position shown and the turn's state: "White:
// knight f3. Black to move.", "Black: pawn takes d4, check. Black to move, ply 2 of 2."; at
// the start, only the state. A screen reader reads it from a live region after each ply.
func (s *Session) Announcement() string {
	var parts []string
	if said, ok := s.lastSaid(); ok {
		parts = append(parts, said+".")
	}
	p := s.Panel()
	state := p.Status
	if p.Progress != "" && !p.Over {
		state += ", " + p.Progress
	}
	if p.Check && !p.Over {
		state += ", in check"
	}
	if p.Dice && !p.Over && p.RollDue {
		state += ", to roll the dice"
	}
	parts = append(parts, state+".")
	return strings.Join(parts, " ")
}

// lastSaid is the last action before the position shown in words, with its side: "White:
// knight f3".
func (s *Session) lastSaid() (string, bool) {
	n := s.Shown()
	if n == 0 {
		return "", false
	}
	for _, r := range s.Rows() {
		for _, c := range r.Cells {
			for _, it := range c.Items {
				if it.Index == n {
					return sideName(c.Side) + ": " + SpokenSAN(it.Text), true
				}
			}
		}
	}
	return "", false
}
