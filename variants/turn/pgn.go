package turn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plyground/plyground/engine"
)

// Tag is a PGN header tag.
type Tag struct{ Name, Value string }

// ActionText returns the notation of action a made in state s, leading to state t: SAN for a
// ply, with "+" when it leaves the opponent in check and "#" when it ends the game by mate;
// "--" for a pass; "{roll 3-5}" for a roll; the piece, its square, "x" and the king's square
// for a king capture ("Qd8xe1"). A spend is written "{spend}" before the ply it goes with.
func ActionText(v Variant, s, t State, a Action) string {
	switch a.Kind {
	case Pass:
		return "--"
	case Roll:
		return "{roll " + a.Dice.String() + "}"
	case TakeKing:
		return takeKingText(s, a)
	case Ply:
		san := s.SAN(a.Move)
		switch {
		case t.over.Over():
			if t.over.Reason == Checkmate || t.over.Reason == ProgressiveCheckmate {
				san += "#"
			} else if t.OpponentInCheck() {
				san += "+"
			}
		case t.seq != s.seq:
			if o := v.Outcome(t); o.Reason == Checkmate || o.Reason == ProgressiveCheckmate {
				san += "#"
			} else if t.InCheck() {
				san += "+"
			}
		case t.OpponentInCheck():
			san += "+"
		}
		if a.Spend {
			return "{spend} " + san
		}
		return san
	}
	return "?"
}

func takeKingText(s State, a Action) string {
	var b strings.Builder
	if l := s.pos.PieceAt(a.From).Type(); l != engine.Pawn {
		b.WriteByte(l.Letter())
	}
	b.WriteString(a.From.String())
	b.WriteByte('x')
	b.WriteString(a.To.String())
	return b.String()
}

// Movetext returns the game's turns in the variant's notation style (without result):
// "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5" (Paired), "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#" (Series). A
// skipped turn is written "--" in its place; a dice turn is "{roll 3-5} Bc4" or
// "{roll 1-2} --".
func (g *Game) Movetext() string { return strings.Join(g.units(), " ") }

// units returns the movetext as unbreakable units (one per turn or marker).
func (g *Game) units() []string {
	style := g.v.Style()
	var units []string
	i := 0
	for i < len(g.actions) {
		s0 := g.states[i]
		j := i
		var pre, plies []string
		for j < len(g.actions) && g.states[j].seq == s0.seq && !g.states[j].over.Over() {
			txt := ActionText(g.v, g.states[j], g.states[j+1], g.actions[j])
			if strings.HasPrefix(txt, "{") {
				if k := strings.Index(txt, "} "); k >= 0 { // "{spend} e4"
					pre = append(pre, txt[:k+1])
					txt = txt[k+2:]
				} else {
					pre = append(pre, txt)
					j++
					continue
				}
			}
			plies = append(plies, txt)
			j++
		}
		if g.Hinted(i) {
			pre = append([]string{"{hint}"}, pre...)
		}
		first := len(units) == 0
		mover := s0.Mover()
		num := strconv.Itoa(s0.Number())
		if style == Paired && s0.Skipped() > 0 {
			for k := 0; k < s0.Skipped(); k++ {
				if mover == engine.Black {
					units = append(units, num+".--")
				} else {
					if first {
						units = append(units, strconv.Itoa(s0.Number()-1)+"...--")
					} else {
						units = append(units, "--")
					}
				}
				first = false
			}
		}
		var head string
		switch {
		case style == Series || mover == engine.White:
			head = num + "."
		case first:
			head = num + "..."
		}
		body := strings.Join(plies, ",")
		if style == Series {
			body = strings.Join(plies, " ")
		}
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
		i = j
	}
	return units
}

// PGN returns the game in PGN with the variant's turn notation. The header holds the seven
// standard tags (from tags, or "?"), then Variant, Options and FEN (and SetUp "1" for a
// non-standard start), then any other tag given. An End is written as a comment before the
// result: "{White resigns} 0-1".
func (g *Game) PGN(tags []Tag) string {
	given := map[string]string{}
	for _, t := range tags {
		given[t.Name] = t.Value
	}
	o := g.Outcome()
	fen := g.start
	if fen == "" {
		fen = g.v.FEN(g.states[0])
	}
	fixed := []Tag{
		{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "?"}, {"Black", "?"}, {"Result", o.Result.PGN()},
		{"Variant", g.v.ID()}, {"Options", g.v.Options()}, {"FEN", fen},
	}
	if g.start != "" {
		fixed = append(fixed, Tag{"SetUp", "1"})
	}
	var b strings.Builder
	seen := map[string]bool{}
	for _, t := range fixed {
		if v, ok := given[t.Name]; ok && t.Name != "Result" && t.Name != "Variant" &&
			t.Name != "Options" && t.Name != "FEN" && t.Name != "SetUp" {
			t.Value = v
		}
		seen[t.Name] = true
		writeTag(&b, t)
	}
	for _, t := range tags {
		if !seen[t.Name] {
			seen[t.Name] = true
			writeTag(&b, t)
		}
	}
	b.WriteByte('\n')
	units := g.units()
	if g.end != NoEnd {
		units = append(units, "{"+g.end.String()+"}")
	}
	units = append(units, o.Result.PGN())
	n := 0
	for i, u := range units {
		if i > 0 {
			if n+1+len(u) > 79 {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(u)
		n += len(u)
	}
	b.WriteByte('\n')
	return b.String()
}

func writeTag(b *strings.Builder, t Tag) {
	v := strings.ReplaceAll(t.Value, `\`, `\\`)
	v = strings.ReplaceAll(v, `"`, `\"`)
	v = strings.ReplaceAll(v, "\n", " ")
	fmt.Fprintf(b, "[%s \"%s\"]\n", t.Name, v)
}

// ParsePGN reads the first game of a PGN text written by Game.PGN (or by hand in the same
// notation) and replays it, checking every action. The Variant tag (default "orthodox") and
// the Options tag choose the variant through open; FEN gives the start (read as the variant
// reads FENs today, unless the first move number shows a PGN written before the variant's
// reading changed: see FENUpgrader). Move numbers, NAGs,
// variations and other comments are skipped. Comments "{roll 3-5}" and "{spend}" and the
// token "--" are read as described for ActionText and Movetext. Errors give line and column.
func ParsePGN(text string, open Opener) (*Game, []Tag, error) {
	toks, err := lexPGN(text)
	if err != nil {
		return nil, nil, err
	}
	var tags []Tag
	k := 0
	for k < len(toks) && toks[k].kind == tkTag {
		tags = append(tags, Tag{toks[k].text, toks[k].value})
		k++
	}
	get := func(name, def string) string {
		for _, t := range tags {
			if t.Name == name {
				return t.Value
			}
		}
		return def
	}
	v, err := open(get("Variant", "orthodox"), get("Options", ""))
	if err != nil {
		return nil, tags, fmt.Errorf("pgn: tags Variant/Options: %w", err)
	}
	g, err := NewGame(v, get("FEN", ""))
	if err != nil {
		return nil, tags, fmt.Errorf("pgn: tag FEN: %w", err)
	}
	if old := olderStart(v, get("FEN", ""), g.State().Number(), toks[k:]); old != nil {
		g = old
	}
	if err := g.playTokens(toks[k:]); err != nil {
		return nil, tags, err
	}
	return g, tags, nil
}

// olderStart returns the game that starts from fen as a variant with a FENUpgrader read it
// before (PGN written by an older version: a progressive FEN whose fullmove number was the
// paired move number, P9), when the first move number of the movetext is that game's turn
// number and not number, the turn number of the FEN as it is read now; else nil.
func olderStart(v Variant, fen string, number int, toks []token) *Game {
	up, ok := v.(FENUpgrader)
	if !ok || fen == "" {
		return nil
	}
	first := -1
	for _, t := range toks {
		if t.kind == tkSymbol || t.kind == tkOpen {
			break
		}
		if t.kind == tkNumber {
			first, _ = strconv.Atoi(strings.TrimRight(t.text, "."))
			break
		}
	}
	if first < 1 || first == number {
		return nil
	}
	older, err := up.UpgradeFEN(fen)
	if err != nil {
		return nil
	}
	g, err := NewGame(v, older)
	if err != nil || g.State().Number() != first {
		return nil
	}
	return g
}

// PlayMovetext plays movetext in the game's notation from the current state: plies (SAN,
// comma-joined within a turn or not), move numbers, "--", "{roll 3-5}", "{spend}" and a
// final result are read as ParsePGN reads them. It stops at the first error, which gives the
// column; the actions played before it stay played.
func (g *Game) PlayMovetext(text string) error {
	toks, err := lexPGN(text)
	if err != nil {
		return err
	}
	return g.playTokens(toks)
}

func (g *Game) playTokens(toks []token) error {
	im := importer{g: g, skipSeq: -1}
	depth := 0
	for _, t := range toks {
		switch {
		case t.kind == tkOpen:
			depth++
			continue
		case t.kind == tkClose:
			if depth == 0 {
				return fmt.Errorf("pgn: %s: ) without (", t.where())
			}
			depth--
			continue
		case depth > 0:
			continue
		}
		switch t.kind {
		case tkTag:
			return fmt.Errorf("pgn: %s: tag %s after the moves", t.where(), t.text)
		case tkComment:
			if err := im.comment(t); err != nil {
				return err
			}
		case tkSymbol:
			for _, part := range strings.Split(t.text, ",") {
				if err := im.symbol(t, part); err != nil {
					return err
				}
			}
		case tkResult:
			if im.spend {
				return fmt.Errorf("pgn: %s: {spend} without a ply", t.where())
			}
			return im.result(t)
		}
	}
	if depth > 0 {
		return fmt.Errorf("pgn: variation not closed with )")
	}
	if im.spend {
		return fmt.Errorf("pgn: {spend} without a ply")
	}
	return nil
}

type importer struct {
	g        *Game
	spend    bool
	skipSeq  int
	skipUsed int
}

func (im *importer) apply(t token, a Action) error {
	if err := im.g.Apply(a); err != nil {
		return fmt.Errorf("pgn: %s: %q: %w", t.where(), t.text, err)
	}
	return nil
}

func (im *importer) comment(t token) error {
	words := strings.Fields(t.text)
	if len(words) == 0 || t.semicolons {
		return nil
	}
	switch strings.ToLower(words[0]) {
	case "roll":
		if len(words) != 2 {
			return fmt.Errorf("pgn: %s: want {roll a-b}", t.where())
		}
		d, err := ParseDice(words[1])
		if err != nil {
			return fmt.Errorf("pgn: %s: %v", t.where(), err)
		}
		return im.apply(t, RollAction(d))
	case "spend":
		if len(words) == 1 {
			im.spend = true
		}
		return nil
	case "hint":
		if len(words) == 1 {
			im.g.UseHint()
		}
		return nil
	}
	for e := WhiteResigns; e < numEnds; e++ {
		if strings.EqualFold(t.text, e.String()) {
			if err := im.g.Finish(e); err != nil {
				return fmt.Errorf("pgn: %s: %w", t.where(), err)
			}
		}
	}
	return nil
}

// result checks the result token against the game read so far: a game that its moves (or
// an end comment such as {White resigns}) finish must carry its own result, or "*". A result
// given for a game that goes on is taken as it is: PGN does not say how such a game ended
// (resignation, time, agreement), so the game is read as still going.
func (im *importer) result(t token) error {
	o := im.g.Outcome()
	if t.text == "*" || !o.Over() || o.Result.PGN() == t.text {
		return nil
	}
	return fmt.Errorf("pgn: %s: the result %s contradicts the game, which ends %s: %v", t.where(), t.text, o.Result.PGN(), o)
}

func (im *importer) symbol(t token, text string) error {
	g := im.g
	s := g.State()
	if text == "" {
		return fmt.Errorf("pgn: %s: empty ply in %q", t.where(), t.text)
	}
	if text == "--" {
		var buf [64]Action
		if Contains(g.v.Actions(s, buf[:0]), PassAction()) {
			return im.apply(t, PassAction())
		}
		if s.ply == 0 && s.skipped > 0 {
			if im.skipSeq != s.Seq() {
				im.skipSeq, im.skipUsed = s.Seq(), 0
			}
			if im.skipUsed < s.Skipped() {
				im.skipUsed++
				return nil
			}
		}
		return fmt.Errorf("pgn: %s: -- where no pass or skipped turn is due", t.where())
	}
	spend := im.spend
	im.spend = false
	a, err := resolve(g.v, s, text, spend)
	if err != nil {
		return fmt.Errorf("pgn: %s: %q: %w", t.where(), text, err)
	}
	return im.apply(t, a)
}

// normSAN drops check, mate, annotation and promotion signs and reads zeros in castling as O.
func normSAN(s string) string {
	s = strings.TrimSuffix(s, "e.p.")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+', '#', '!', '?', '=':
		case '0':
			b.WriteByte('O')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// resolve finds the legal action of s that text (SAN, or a king capture "Qd8xe1") names.
func resolve(v Variant, s State, text string, spend bool) (Action, error) {
	if o := v.Outcome(s); o.Over() {
		return Action{}, fmt.Errorf("%w (%v)", ErrGameOver, o)
	}
	acts := v.Actions(s, nil)
	if len(acts) > 0 && acts[0].Kind == Roll {
		return Action{}, Refuse("", "D1", "the dice must be rolled first: write {roll a-b} before the ply")
	}
	want := normSAN(text)
	for _, a := range acts {
		switch a.Kind {
		case Ply:
			if a.Spend == spend && normSAN(s.SAN(a.Move)) == want {
				return a, nil
			}
		case TakeKing:
			if normSAN(takeKingText(s, a)) == want {
				return a, nil
			}
		}
	}
	// Tolerant forms (over-disambiguation, "e8Q"): let the engine parse on every board.
	boards := []engine.Position{s.pos}
	for b := s.ep; b != 0; b &= b - 1 {
		if q, err := s.pos.WithEnPassant(b.First()); err == nil {
			boards = append(boards, q)
		}
	}
	var firstErr error
	for _, p := range boards {
		m, err := p.ParseSAN(text)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		a := Action{Kind: Ply, Move: m, Spend: spend}
		if Contains(acts, a) {
			return a, nil
		}
		return Action{}, v.Explain(s, a)
	}
	return Action{}, fmt.Errorf("%w: no legal ply matches (%v)", ErrIllegal, firstErr)
}
