package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// The move box: a player types a ply in SAN ("Nf3", "exd5", "O-O", "e8=Q") or in UCI
// ("g1f3", "e7e8q"), or a variant's action word ("roll", "spend", "pass"), and the session
// plays it as a click-click move would, with the same refusals in words. Completion lists the
// legal entries that begin with what was typed.

// ErrAmbiguous is returned by Enter for a text that names several legal plies.
var ErrAmbiguous = errors.New("ambiguous move")

// ErrUnknownEntry is returned by Enter for a text that is neither a move nor an action word.
var ErrUnknownEntry = errors.New("not a move")

// Entries returns the texts the move box accepts now, each naming one legal entry: the SAN of
// every legal ply (with a token spent, "Nf3 spend", when the spend toggle is off and a spend
// is allowed), and the action words the position allows ("roll", "spend"). They are sorted;
// none when no person may act.
func (s *Session) Entries() []string {
	if !s.HumanToMove() || s.promo.active {
		return nil
	}
	st := s.game.State()
	spend := s.spending()
	var out []string
	for _, a := range s.actions() {
		switch a.Kind {
		case turn.Ply:
			san := st.SAN(a.Move)
			switch {
			case a.Spend == spend:
				out = append(out, san)
			case a.Spend:
				out = append(out, san+" spend")
			}
		case turn.Roll:
			out = append(out, "roll")
		case turn.Pass:
			out = append(out, "pass")
		case turn.TakeKing:
			out = append(out, "take "+a.To.String())
		}
	}
	if s.CanSpend() && !spend {
		out = append(out, "spend")
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Complete returns the entries (Entries) that begin with prefix, compared without the check
// signs and the "=" of a promotion, letters of piece names in either case; at most max of them
// (all when max <= 0).
func (s *Session) Complete(prefix string, max int) []string {
	p := normEntry(prefix)
	if p == "" {
		return nil
	}
	var out []string
	for _, e := range s.Entries() {
		if strings.HasPrefix(normEntry(e), p) {
			out = append(out, e)
			if max > 0 && len(out) == max {
				break
			}
		}
	}
	return out
}

// normEntry is a text of the move box in the form entries are compared in: trimmed, check
// and annotation signs and "=" dropped, castling with letter O, lower case but for piece
// letters at the start.
func normEntry(t string) string {
	t = strings.TrimSpace(t)
	t = strings.Map(func(r rune) rune {
		switch r {
		case '+', '#', '!', '?', '=':
			return -1
		case '0':
			return 'O'
		}
		return r
	}, t)
	return t
}

// Enter plays what the player typed in the move box. It returns the effect as Click does
// (Played, Promoting when a promotion piece must still be chosen, Selected when "spend"
// turned the toggle on); for a text the session cannot play it returns Refused or Nothing
// with an error that says why in words: ErrUnknownEntry for a text that is not a move,
// ErrAmbiguous naming the candidates, or the rule that forbids the ply (the same notice as a
// click).
func (s *Session) Enter(text string) (Effect, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return Nothing, fmt.Errorf("%w: type a move such as e4 or Nf3", ErrUnknownEntry)
	}
	if s.view >= 0 {
		s.ViewAt(-1)
	}
	if !s.HumanToMove() {
		if s.Over() {
			return Nothing, turn.ErrGameOver
		}
		return Nothing, errors.New("it is not your turn")
	}
	if s.promo.active {
		s.CancelPromotion()
	}
	word := strings.ToLower(t)
	switch {
	case word == "roll":
		if err := s.Roll(); err != nil {
			return Refused, fmt.Errorf("no roll now: %w", err)
		}
		return Played, nil
	case word == "spend":
		if !s.CanSpend() {
			if r := s.SpendReason(); r != "" {
				return Refused, errors.New(r)
			}
			return Refused, errors.New("no Sacrifice Token can be spent now")
		}
		s.SetSpend(true)
		return Selected, nil
	case word == "pass":
		for _, a := range s.actions() {
			if a.Kind == turn.Pass {
				if err := s.apply(a); err != nil {
					return Refused, err
				}
				return Played, nil
			}
		}
		return Refused, errors.New("no pass now: a pass is only made when the roll allows no move (D3)")
	case strings.HasPrefix(word, "take "):
		to, err := engine.ParseSquare(strings.TrimSpace(word[5:]))
		if err != nil {
			return Nothing, fmt.Errorf("%w: %q names no square", ErrUnknownEntry, t)
		}
		for _, a := range s.actions() {
			if a.Kind == turn.TakeKing && a.To == to {
				return s.effectOf(s.apply(a))
			}
		}
		return Refused, fmt.Errorf("no king can be taken on %v", to)
	}
	spend := false
	if rest, ok := cutWord(t, "spend"); ok {
		t, spend = rest, true
	}
	if spend && !s.spending() {
		if !s.CanSpend() {
			return Refused, errors.New("no Sacrifice Token can be spent now")
		}
		s.SetSpend(true)
	}
	from, to, promo, err := s.resolveEntry(t)
	if err != nil {
		return Refused, err
	}
	var e Effect
	if promo == engine.NoPieceType {
		e = s.move(from, to)
	} else {
		e = s.play(from, to, promo)
	}
	if e == Refused {
		return e, errors.New(s.notice.Text)
	}
	return e, nil
}

// effectOf is Played, or Refused with the error.
func (s *Session) effectOf(err error) (Effect, error) {
	if err != nil {
		return Refused, err
	}
	return Played, nil
}

// cutWord removes the word w (any case) from the start or the end of t, or from its "+w"
// suffix as an action's text writes it ("e2e4+spend").
func cutWord(t, w string) (string, bool) {
	l := strings.ToLower(t)
	switch {
	case strings.HasPrefix(l, w+" "):
		return strings.TrimSpace(t[len(w)+1:]), true
	case strings.HasSuffix(l, " "+w):
		return strings.TrimSpace(t[:len(t)-len(w)-1]), true
	case strings.HasSuffix(l, "+"+w):
		return strings.TrimSpace(t[:len(t)-len(w)-1]), true
	}
	return t, false
}

// resolveEntry finds the ply a SAN or UCI text names among the legal plies now. A text that
// names an orthodox move the variant forbids resolves too, so that playing it gives the
// variant's reason.
func (s *Session) resolveEntry(t string) (from, to engine.Square, promo engine.PieceType, err error) {
	if f, tt, p, ok := parseUCI(t); ok {
		return f, tt, p, nil
	}
	want, err := parseSANEntry(t)
	if err != nil {
		return engine.NoSquare, engine.NoSquare, engine.NoPieceType, err
	}
	st := s.game.State()
	pos := st.Position()
	spend := s.spending()
	var found []turn.Action
	for _, a := range s.actions() {
		if a.Kind == turn.Ply && a.Spend == spend && want.matches(pos, a.Move) {
			found = append(found, a)
		}
	}
	switch len(found) {
	case 1:
		m := found[0].Move
		return m.From(), m.To(), m.Promotion(), nil
	case 0:
		// An orthodox move the variant does not allow: let the variant say why.
		if m, perr := pos.ParseSAN(t); perr == nil {
			return m.From(), m.To(), m.Promotion(), nil
		}
		return engine.NoSquare, engine.NoSquare, engine.NoPieceType, fmt.Errorf("%s is not a legal move here", strings.TrimSpace(t))
	}
	// Promotions to several pieces are one ply whose piece is asked for.
	if want.promo == engine.NoPieceType && samePly(found) {
		m := found[0].Move
		return m.From(), m.To(), engine.NoPieceType, nil
	}
	names := make([]string, len(found))
	for i, a := range found {
		names[i] = st.SAN(a.Move)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	return engine.NoSquare, engine.NoSquare, engine.NoPieceType, fmt.Errorf("%w: %s could be %s", ErrAmbiguous, strings.TrimSpace(t), orList(names))
}

// samePly reports whether every action moves between the same two squares (promotions to
// different pieces).
func samePly(acts []turn.Action) bool {
	for _, a := range acts[1:] {
		if a.Move.From() != acts[0].Move.From() || a.Move.To() != acts[0].Move.To() {
			return false
		}
	}
	return true
}

// orList writes "a", "a or b", "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// parseUCI reads a ply in UCI ("e2e4", "e7e8q"); ok is false for any other text.
func parseUCI(t string) (from, to engine.Square, promo engine.PieceType, ok bool) {
	t = strings.ToLower(strings.TrimSpace(t))
	if len(t) != 4 && len(t) != 5 {
		return engine.NoSquare, engine.NoSquare, engine.NoPieceType, false
	}
	f, err1 := engine.ParseSquare(t[:2])
	tt, err2 := engine.ParseSquare(t[2:4])
	if err1 != nil || err2 != nil {
		return engine.NoSquare, engine.NoSquare, engine.NoPieceType, false
	}
	promo = engine.NoPieceType
	if len(t) == 5 {
		promo = promoLetter(t[4])
		if promo == engine.NoPieceType {
			return engine.NoSquare, engine.NoSquare, engine.NoPieceType, false
		}
	}
	return f, tt, promo, true
}

// promoLetter is the piece a promotion letter names (either case), or NoPieceType.
func promoLetter(c byte) engine.PieceType {
	switch c {
	case 'q', 'Q':
		return engine.Queen
	case 'r', 'R':
		return engine.Rook
	case 'b', 'B':
		return engine.Bishop
	case 'n', 'N':
		return engine.Knight
	}
	return engine.NoPieceType
}

// sanEntry is what a SAN text says of a ply: the piece, the destination, what disambiguates
// it and the promotion; castle is 'K' or 'Q' for castling.
type sanEntry struct {
	piece      engine.PieceType
	to         engine.Square
	file, rank int // -1 when not given
	promo      engine.PieceType
	castle     byte
}

// parseSANEntry reads a SAN text, forgiving as a player types: any case for the piece letter
// but "b" (a file), optional "x", "=" and check signs, "0-0" for castling.
func parseSANEntry(t string) (sanEntry, error) {
	orig := strings.TrimSpace(t)
	n := normEntry(orig)
	switch strings.ToUpper(n) {
	case "O-O", "OO":
		return sanEntry{castle: 'K'}, nil
	case "O-O-O", "OOO":
		return sanEntry{castle: 'Q'}, nil
	}
	e := sanEntry{piece: engine.Pawn, file: -1, rank: -1, promo: engine.NoPieceType, to: engine.NoSquare}
	s := strings.ReplaceAll(n, "-", "") // long algebraic: "Ng1-f3", "e2-e4"
	if s == "" {
		return e, fmt.Errorf("%w: type a move such as e4 or Nf3", ErrUnknownEntry)
	}
	if c := s[0]; strings.IndexByte("KQRBN", c) >= 0 || strings.IndexByte("kqrn", c) >= 0 {
		e.piece = map[byte]engine.PieceType{'K': engine.King, 'Q': engine.Queen, 'R': engine.Rook, 'B': engine.Bishop, 'N': engine.Knight}[c&^0x20]
		s = s[1:]
	}
	if k := len(s); k >= 3 && promoLetter(s[k-1]) != engine.NoPieceType && s[k-2] >= '1' && s[k-2] <= '8' {
		e.promo = promoLetter(s[k-1])
		s = s[:k-1]
	}
	if len(s) < 2 {
		return e, fmt.Errorf("%w: %q names no square to go to", ErrUnknownEntry, orig)
	}
	to, err := engine.ParseSquare(strings.ToLower(s[len(s)-2:]))
	if err != nil {
		return e, fmt.Errorf("%w: %q does not end with a square such as f3", ErrUnknownEntry, orig)
	}
	e.to = to
	s = strings.TrimRight(s[:len(s)-2], "x:")
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'h' && e.file < 0:
			e.file = int(c - 'a')
		case c >= '1' && c <= '8' && e.rank < 0:
			e.rank = int(c - '1')
		default:
			return e, fmt.Errorf("%w: %q is not a move", ErrUnknownEntry, orig)
		}
	}
	return e, nil
}

// matches reports whether the legal ply m of pos is the one e names.
func (e sanEntry) matches(pos engine.Position, m engine.Move) bool {
	if e.castle != 0 {
		return (e.castle == 'K' && m.Kind() == engine.CastleShort) || (e.castle == 'Q' && m.Kind() == engine.CastleLong)
	}
	if m.Kind() == engine.CastleShort || m.Kind() == engine.CastleLong {
		// "Kg1" for a castling is not accepted: castling is written O-O.
		return false
	}
	if pos.PieceAt(m.From()).Type() != e.piece || m.To() != e.to {
		return false
	}
	if e.file >= 0 && m.From().File() != e.file || e.rank >= 0 && m.From().Rank() != e.rank {
		return false
	}
	if e.promo != engine.NoPieceType && m.Promotion() != e.promo {
		return false
	}
	return true
}
