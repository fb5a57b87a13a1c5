package nec

import (
	"errors"
	"fmt"

	"strings"
)

// MoveText is one move as written (RULES.md 11.1), before it is matched against a board.
type MoveText struct {
	// Kind is the letter written before the move; NoKind when there is none (a pawn in the short
	// form, whatever stands on the from-square in the from-square form).
	Kind    Kind
	HasFrom bool
	From    Square
	Capture bool
	// Victim is the kind written after x; NoKind when none is written.
	Victim Kind
	To     Square
}

// StepText is one step as written.
type StepText struct {
	IfCaptured bool
	Move       MoveText
}

// OrderText is an order as written: its steps, in order.
type OrderText []StepText

// SyntaxError is an error in an order's text, at byte offset Pos (0-based).
type SyntaxError struct {
	Pos int
	Msg string
}

// Error gives the position counted from 1, e.g. "position 7: expected \")\"".
func (e *SyntaxError) Error() string { return fmt.Sprintf("position %d: %s", e.Pos+1, e.Msg) }

// ErrNotation is wrapped by the errors of matching an order's text against a board.
var ErrNotation = errors.New("order text")

// String writes the move: "N(3,15)", "RxN(12,15)", "(14,-7)x(13,-6)", "N(3,12)-(3,15)".
func (m MoveText) String() string {
	var b strings.Builder
	if m.Kind != NoKind {
		b.WriteString(m.Kind.Letter())
	}
	if m.HasFrom {
		b.WriteString(m.From.String())
		if !m.Capture {
			b.WriteByte('-')
		}
	}
	if m.Capture {
		b.WriteByte('x')
		if m.Victim != NoKind {
			b.WriteString(m.Victim.Letter())
		}
	}
	b.WriteString(m.To.String())
	return b.String()
}

// String writes the order with " / " between steps and "if captured: " before if-captured
// steps.
func (t OrderText) String() string {
	var b strings.Builder
	for i, st := range t {
		if i > 0 {
			b.WriteString(" / ")
		}
		if st.IfCaptured {
			b.WriteString("if captured: ")
		}
		b.WriteString(st.Move.String())
	}
	return b.String()
}

// ParseOrderText reads an order's text (RULES.md 11.1) without looking at a board.
func ParseOrderText(s string) (OrderText, error) {
	t, _, err := parseOrderText(s)
	return t, err
}

type parser struct {
	s   string
	pos int
}

func (p *parser) errf(pos int, format string, args ...any) error {
	return &SyntaxError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) eof() bool { return p.pos >= len(p.s) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.s[p.pos]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *parser) spaces() int {
	start := p.pos
	for !p.eof() && isSpace(p.s[p.pos]) {
		p.pos++
	}
	return p.pos - start
}

// word consumes w (ASCII, case-insensitive) when it is followed by a non-letter.
func (p *parser) word(w string) bool {
	if len(p.s)-p.pos < len(w) || !strings.EqualFold(p.s[p.pos:p.pos+len(w)], w) {
		return false
	}
	if e := p.pos + len(w); e < len(p.s) && isLetter(p.s[e]) {
		return false
	}
	p.pos += len(w)
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (p *parser) describe() string {
	if p.eof() {
		return "end of text"
	}
	r := p.s[p.pos:]
	if len(r) > 8 {
		r = r[:8] + "..."
	}
	return fmt.Sprintf("%q", r)
}

func parseOrderText(s string) (OrderText, []int, error) {
	p := &parser{s: s}
	var t OrderText
	var pos []int
	p.spaces()
	if p.eof() {
		return nil, nil, p.errf(0, "empty order")
	}
	for {
		at := p.pos
		st, err := p.step()
		if err != nil {
			return nil, nil, err
		}
		if len(t) == MaxSteps {
			return nil, nil, p.errf(at, "more than %d steps", MaxSteps)
		}
		t = append(t, st)
		pos = append(pos, at)
		ws := p.spaces()
		if p.eof() {
			return t, pos, nil
		}
		switch {
		case p.peek() == '/':
			p.pos++
		case ws > 0 && p.word("then"):
			if p.spaces() == 0 {
				return nil, nil, p.errf(p.pos, "expected a space after \"then\"")
			}
		default:
			return nil, nil, p.errf(p.pos, "expected \" / \" or \" then \" between steps, found %s", p.describe())
		}
		p.spaces()
		if p.eof() {
			return nil, nil, p.errf(p.pos, "expected a step after the separator")
		}
	}
}

func (p *parser) step() (StepText, error) {
	var st StepText
	if p.word("if") {
		if p.spaces() == 0 || !p.word("captured") {
			return st, p.errf(p.pos, "expected \"if captured:\", found %s", p.describe())
		}
		if p.peek() == ':' {
			p.pos++
		}
		p.spaces()
		st.IfCaptured = true
	}
	m, err := p.move()
	st.Move = m
	return st, err
}

// letter reads an optional piece letter.
func (p *parser) letter() Kind {
	if strings.HasPrefix(p.s[p.pos:], "TT") {
		p.pos += 2
		return TimeThief
	}
	for k := Pawn; k < TimeThief; k++ {
		if p.peek() == kindLetters[k][0] {
			p.pos++
			return k
		}
	}
	return NoKind
}

func (p *parser) move() (MoveText, error) {
	var m MoveText
	m.Kind = p.letter()
	switch p.peek() {
	case '(':
		sq, err := p.square()
		if err != nil {
			return m, err
		}
		switch p.peek() {
		case '-':
			p.pos++
			m.HasFrom, m.From = true, sq
			m.To, err = p.square()
			return m, err
		case 'x':
			p.pos++
			m.HasFrom, m.From, m.Capture = true, sq, true
			m.Victim = p.letter()
			m.To, err = p.square()
			return m, err
		}
		m.To = sq
		return m, nil
	case 'x':
		p.pos++
		m.Capture = true
		m.Victim = p.letter()
		var err error
		m.To, err = p.square()
		return m, err
	}
	return m, p.errf(p.pos, "expected a piece letter (P N B R Q G C U TT), \"(\" or \"x\", found %s", p.describe())
}

func (p *parser) square() (Square, error) {
	if p.peek() != '(' {
		return Square{}, p.errf(p.pos, "expected \"(\", found %s", p.describe())
	}
	p.pos++
	p.spaces()
	x, err := p.int()
	if err != nil {
		return Square{}, err
	}
	p.spaces()
	if p.peek() != ',' {
		return Square{}, p.errf(p.pos, "expected \",\" between coordinates, found %s", p.describe())
	}
	p.pos++
	p.spaces()
	y, err := p.int()
	if err != nil {
		return Square{}, err
	}
	p.spaces()
	if p.peek() != ')' {
		return Square{}, p.errf(p.pos, "expected \")\", found %s", p.describe())
	}
	p.pos++
	return Square{x, y}, nil
}

func (p *parser) int() (int64, error) {
	start := p.pos
	neg := false
	if c := p.peek(); c == '-' || c == '+' {
		neg = c == '-'
		p.pos++
	}
	if p.eof() || p.peek() < '0' || p.peek() > '9' {
		return 0, p.errf(p.pos, "expected a digit, found %s", p.describe())
	}
	var v uint64
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		v = v*10 + uint64(p.peek()-'0')
		if v > uint64(MaxCoord) {
			return 0, p.errf(start, "coordinate out of range (at most %d in absolute value)", MaxCoord)
		}
		p.pos++
	}
	if neg {
		return -int64(v), nil
	}
	return int64(v), nil
}

// ReadOrder matches an order's text against the visible board for player (RULES.md 11.1): it
// finds each step's piece (for the short form, the one piece of that kind able to make the
// move) and checks the captured kind when one is written. It does not check that the order is
// legal; ParseOrder does.
func (s State) ReadOrder(player int, text string) (Order, error) {
	t, pos, err := parseOrderText(text)
	if err != nil {
		return Order{}, err
	}
	if player < 0 || player >= len(s.players) {
		return Order{}, fmt.Errorf("%w: %w: %d", ErrNotation, ErrNoSuchPlayer, player)
	}
	o := Order{Player: player, Steps: make([]Step, len(t))}
	for i, st := range t {
		mv, err := s.readMove(player, st.Move)
		if err != nil {
			return Order{}, fmt.Errorf("%w: position %d (step %d, %s): %w", ErrNotation, pos[i]+1, i+1, st.Move, err)
		}
		o.Steps[i] = Step{Move: mv, IfCaptured: st.IfCaptured}
	}
	return o, nil
}

// ParseOrder reads an order (ReadOrder) and validates it (Validate).
func (s State) ParseOrder(player int, text string) (Order, error) {
	o, err := s.ReadOrder(player, text)
	if err != nil {
		return Order{}, err
	}
	if err := s.Validate(o); err != nil {
		return Order{}, err
	}
	return o, nil
}

func (s *State) readMove(player int, m MoveText) (Move, error) {
	mv := Move{From: m.From, To: m.To, Capture: m.Capture}
	if m.HasFrom {
		var pc *Piece
		s.b.piecesAt(m.From, func(i int32) {
			if s.pieces[i].Owner == player {
				pc = &s.pieces[i]
			}
		})
		if pc == nil {
			return Move{}, fmt.Errorf("%w: %v", ErrNoPiece, m.From)
		}
		if m.Kind != NoKind && pc.Kind != m.Kind {
			return Move{}, fmt.Errorf("the piece on %v is a %s, not a %s", m.From, pc.Kind, m.Kind)
		}
	} else {
		kind := m.Kind
		if kind == NoKind {
			kind = Pawn
		}
		var all, legal []Square
		var firstErr error
		for i := range s.pieces {
			pc := &s.pieces[i]
			if pc.Owner != player || pc.Kind != kind {
				continue
			}
			all = append(all, pc.Sq)
			_, err := s.checkMove(player, Move{From: pc.Sq, To: m.To, Capture: m.Capture})
			if err == nil {
				legal = append(legal, pc.Sq)
			} else if firstErr == nil {
				firstErr = err
			}
		}
		switch {
		case len(legal) == 1:
			mv.From = legal[0]
		case len(legal) > 1:
			return Move{}, fmt.Errorf("ambiguous: the %ss on %v can all make this move; write the from-square", kind, legal)
		case len(all) == 1:
			// The only piece of that kind: keep the move so that validation says what is wrong.
			mv.From = all[0]
		case len(all) == 0:
			return Move{}, fmt.Errorf("%w: the player has no %s", ErrNoPiece, kind)
		default:
			return Move{}, fmt.Errorf("none of the %ss on %v can make this move (%v)", kind, all, firstErr)
		}
	}
	if m.Victim != NoKind {
		if err := s.checkVictim(player, mv, m.Victim); err != nil {
			return Move{}, err
		}
	}
	return mv, nil
}

// checkVictim checks the captured kind written after x, when the board has something there.
func (s *State) checkVictim(player int, mv Move, victim Kind) error {
	found, any := false, false
	s.b.piecesAt(mv.To, func(i int32) {
		if s.pieces[i].Owner != player {
			any = true
			found = found || s.pieces[i].Kind == victim
		}
	})
	if !any {
		for _, p := range s.pieces {
			if p.Moved && p.From == mv.To && p.Owner != player {
				any = true
				found = found || p.Kind == victim
			}
		}
	}
	if any && !found {
		return fmt.Errorf("no %s to capture on %v", victim, mv.To)
	}
	return nil
}

// FormatOrder writes an order in the shortest unambiguous notation for the visible board
// (RULES.md 11.1): ReadOrder reads it back to the same order.
func (s State) FormatOrder(o Order) string {
	t := make(OrderText, len(o.Steps))
	for i, st := range o.Steps {
		t[i] = StepText{IfCaptured: st.IfCaptured, Move: s.moveText(o.Player, st.Move)}
	}
	return t.String()
}

func (s *State) moveText(player int, mv Move) MoveText {
	m := MoveText{HasFrom: true, From: mv.From, To: mv.To, Capture: mv.Capture}
	if s.b == nil {
		return m
	}
	var pc *Piece
	s.b.piecesAt(mv.From, func(i int32) {
		if s.pieces[i].Owner == player {
			pc = &s.pieces[i]
		}
	})
	if pc == nil {
		return m
	}
	if pc.Kind != Pawn {
		m.Kind = pc.Kind
	}
	if pc.Kind == Pawn && mv.Capture {
		return m // pawn captures keep their from-square, as the seed writes them
	}
	if _, err := s.checkMove(player, mv); err != nil {
		return m
	}
	n := 0
	for i := range s.pieces {
		q := &s.pieces[i]
		if q.Owner == player && q.Kind == pc.Kind {
			if _, err := s.checkMove(player, Move{From: q.Sq, To: mv.To, Capture: mv.Capture}); err == nil {
				n++
			}
		}
	}
	if n == 1 {
		m.HasFrom, m.From = false, Square{}
	}
	return m
}
