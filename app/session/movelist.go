package session

import (
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Item is one entry of a turn in the move list: a ply, a pass, a king capture or a roll.
type Item struct {
	Text  string // "e4", "Qxf7#", "--" (pass), "Qh5xe8" (king capture), "3-5" (roll)
	Roll  bool   // a dice roll (shown apart from the plies)
	Spend bool   // a Sacrifice Token was spent with this ply
	Index int    // the number of actions up to and including this one: ViewAt(Index) shows it
}

// Cell is one turn of one side in the move list.
type Cell struct {
	Side    engine.Color
	Empty   bool   // no turn here (Black's cell of an unfinished row, White's of a Black start)
	Skipped bool   // the turn was skipped (SDM): written "--"
	Items   []Item // the roll first, if any, then the plies
	Start   int    // the index of the turn's first action
	End     int    // the number of actions up to the end of the turn
	Current bool   // the position shown lies in this turn
	Hint    bool   // the turn was played with a hint (turn.Game.UseHint): "{hint}" before it
}

// Text returns the cell in the variant's notation: plies joined by commas (M6) or spaces
// (P8), "{hint}", "{spend}" and "{roll 3-5}" before them as in the record's PGN.
func (c Cell) Text(style turn.Style) string {
	if c.Skipped {
		return "--"
	}
	var pre, plies []string
	if c.Hint {
		pre = append(pre, "{hint}")
	}
	for _, it := range c.Items {
		switch {
		case it.Roll:
			pre = append(pre, "{roll "+it.Text+"}")
		case it.Spend:
			pre = append(pre, "{spend}")
			plies = append(plies, it.Text)
		default:
			plies = append(plies, it.Text)
		}
	}
	sep := ","
	if style == turn.Series {
		sep = " "
	}
	return strings.TrimSpace(strings.Join(pre, " ") + " " + strings.Join(plies, sep))
}

// Row is one numbered line of the move list: White's and Black's turn for paired notation
// (M6), a single series for progressive chess (P8).
type Row struct {
	Number int
	Cells  []Cell
}

// turnSpan is one played turn: actions [start, end) of one side.
type turnSpan struct {
	start, end int
	mover      engine.Color
	number     int
	skipped    int
}

// rowsKey says which game the cached rows were computed for.
type rowsKey struct {
	gen, shown int
}

// Rows returns the move list in the variant's notation, marking the turn of the position
// shown. The rows are kept until the game or the position shown changes (a clock redraws
// the screen ten times a second). Callers must not change them.
func (s *Session) Rows() []Row {
	k := rowsKey{gen: s.gen, shown: s.Shown()}
	if s.rows.ok && s.rows.key == k {
		return s.rows.rows
	}
	rows := s.rowsNow()
	s.rows.key, s.rows.rows, s.rows.ok = k, rows, true
	return rows
}

func (s *Session) rowsNow() []Row {
	g := s.game
	v := g.Variant()
	states := g.States()
	acts := g.Actions()
	shown := s.Shown()

	var spans []turnSpan
	for i := 0; i < len(acts); {
		s0 := states[i]
		j := i
		for j < len(acts) && states[j].Seq() == s0.Seq() && !states[j].Ended().Over() {
			j++
		}
		if j == i { // an action after an end inside a turn cannot happen; be safe
			j = i + 1
		}
		spans = append(spans, turnSpan{i, j, s0.Mover(), s0.Number(), s0.Skipped()})
		i = j
	}

	cellOf := func(sp turnSpan) Cell {
		c := Cell{Side: sp.mover, Start: sp.start, End: sp.end, Hint: g.Hinted(sp.start)}
		for k := sp.start; k < sp.end; k++ {
			a := acts[k]
			it := Item{Index: k + 1}
			switch a.Kind {
			case turn.Roll:
				it.Text, it.Roll = a.Dice.String(), true
			default:
				it.Text = turn.ActionText(v, states[k], states[k+1], a)
				if a.Spend {
					it.Text = strings.TrimPrefix(it.Text, "{spend} ")
					it.Spend = true
				}
			}
			c.Items = append(c.Items, it)
		}
		c.Current = shown > sp.start && shown <= sp.end
		return c
	}

	if v.Style() == turn.Series {
		rows := make([]Row, 0, len(spans))
		for _, sp := range spans {
			rows = append(rows, Row{Number: sp.number, Cells: []Cell{cellOf(sp)}})
		}
		return rows
	}

	var rows []Row
	at := map[int]int{} // move number to row index
	row := func(n int) *Row {
		i, ok := at[n]
		if !ok {
			i = len(rows)
			at[n] = i
			rows = append(rows, Row{Number: n, Cells: []Cell{
				{Side: engine.White, Empty: true}, {Side: engine.Black, Empty: true}}})
		}
		return &rows[i]
	}
	for _, sp := range spans {
		if sp.skipped > 0 {
			n := sp.number
			if sp.mover == engine.White {
				n--
			}
			if n >= 1 {
				row(n).Cells[sp.mover.Other()] = Cell{Side: sp.mover.Other(), Skipped: true, Start: sp.start, End: sp.start}
			}
		}
		row(sp.number).Cells[sp.mover] = cellOf(sp)
	}
	return rows
}

// Movetext returns the whole game in the variant's notation ("1.e4 e5,Nc6 2.Qh5,Nf3").
func (s *Session) Movetext() string {
	k := rowsKey{gen: s.gen}
	if s.text.ok && s.text.key == k {
		return s.text.text
	}
	t := s.game.Movetext()
	s.text.key, s.text.text, s.text.ok = k, t, true
	return t
}

// LastPlies returns the plies to highlight in the position shown: those of the turn in
// progress and those of the turn before it, so that every ply of the last turn shows.
// King captures are included as moves from the attacker to the king.
func (s *Session) LastPlies() [][2]engine.Square {
	n := s.Shown()
	if n == 0 {
		return nil
	}
	states := s.game.States()
	acts := s.game.Actions()
	var out [][2]engine.Square
	add := func(a turn.Action) {
		switch a.Kind {
		case turn.Ply:
			out = append(out, [2]engine.Square{a.Move.From(), a.Move.To()})
		case turn.TakeKing:
			out = append(out, [2]engine.Square{a.From, a.To})
		}
	}
	i := n - 1
	cur := states[n].Seq()
	for ; i >= 0 && states[i].Seq() == cur; i-- {
		add(acts[i])
	}
	if i >= 0 {
		prev := states[i].Seq()
		for ; i >= 0 && states[i].Seq() == prev; i-- {
			add(acts[i])
		}
	}
	return out
}

// LastAction returns the action that led to the position shown, if any.
func (s *Session) LastAction() (turn.Action, bool) {
	n := s.Shown()
	if n == 0 {
		return turn.Action{}, false
	}
	return s.game.Actions()[n-1], true
}

// Checked returns the squares of kings in check in the position shown: the mover's, and
// the other side's when a ply or a pass left it attacked (dice chess, D4).
func (s *Session) Checked() engine.Bitboard {
	st := s.ShownState()
	p := st.Position()
	var out engine.Bitboard
	if st.InCheck() {
		out |= engine.SquareBB(p.KingSquare(st.Mover()))
	}
	if st.OpponentInCheck() {
		out |= engine.SquareBB(p.KingSquare(st.Mover().Other()))
	}
	return out
}

// KingTaken returns the squares of the king capture that led to the position shown, if it
// was one (dice chess, D4). The state keeps the board as it was; a screen draws the
// capturing piece on the king's square.
func (s *Session) KingTaken() (from, to engine.Square, ok bool) {
	a, ok := s.LastAction()
	if !ok || a.Kind != turn.TakeKing {
		return engine.NoSquare, engine.NoSquare, false
	}
	return a.From, a.To, true
}
