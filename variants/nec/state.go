package nec

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"
)

// Player limits (RULES.md N1).
const (
	MinPlayers = 2
	MaxPlayers = 8
	// MaxNameLen bounds a player's colour name, in bytes.
	MaxNameLen = 32
	// MaxPieces bounds the number of pieces of a state.
	MaxPieces = 1 << 16
)

// Player is one seat of the game: a colour name, the direction its pawns move, and its score
// (the value of the pieces it has captured).
type Player struct {
	Name  string
	Dir   Dir
	Score int64
}

// PieceID identifies a piece for the whole game; identifiers are never reused.
type PieceID uint32

// Mark is a set of reasons why a piece is capturable during the next update (RULES.md 9.3).
type Mark uint8

// The reasons a piece is capturable.
const (
	// MarkClock: it stayed under the same attack for a whole update (N6).
	MarkClock Mark = 1 << iota
	// MarkCovered: it moved onto a square an enemy covered on the visible board, which includes
	// capturing a defended piece (N7).
	MarkCovered
	// MarkPin: its own side's move uncovered an attack on it (N7).
	MarkPin
)

// String lists the reasons, e.g. "clock+pin".
func (m Mark) String() string {
	if m == 0 {
		return "none"
	}
	s := ""
	for _, x := range []struct {
		m Mark
		n string
	}{{MarkClock, "clock"}, {MarkCovered, "covered"}, {MarkPin, "pin"}} {
		if m&x.m != 0 {
			if s != "" {
				s += "+"
			}
			s += x.n
		}
	}
	return s
}

// Piece is one piece on the board.
type Piece struct {
	ID    PieceID
	Owner int
	Kind  Kind
	Sq    Square
	// Moved is set when the piece moved in the last update; From is then the square it left.
	Moved bool
	From  Square
	// Marks holds the reasons the piece is capturable during the next update (zero: it is not).
	Marks Mark
}

// Capturable reports whether the piece is capturable during the next update (N6, N7, N8).
func (p Piece) Capturable() bool { return p.Marks != 0 }

// Threat is the record of one attack pair (RULES.md 9): Attacker attacks Target, a piece of
// another player. Age counts the updates the target has stayed under this attack: 0 means it
// has the next update to get out of it; 1 or more means it failed to (it is capturable unless the
// record is exempt). Exempt records belong to two pieces that arrived on a line at the same time.
type Threat struct {
	Attacker, Target PieceID
	Line             Line
	Age              int
	Exempt           bool
}

// Limits are the optional end conditions of a game (zero: no limit).
type Limits struct {
	MaxUpdates int
	ScoreLimit int64
}

// State is the visible board between two updates. It is immutable: Resolve returns a new State.
// Build one with NewState, Setup or DecodeState; the zero State is not a game.
type State struct {
	players []Player
	pieces  []Piece  // sorted by ID
	threats []Threat // sorted by (Attacker, Target)
	update  int
	limits  Limits
	dirs    []Dir
	b       *board
	legacy  bool // the rules before N4 and N6 changed (see AsLegacy)
}

// Errors of state construction.
var (
	ErrInvalidState = errors.New("invalid state")
)

// NewState builds the state of a new game from players and pieces. The pieces get the
// identifiers 1, 2, ... in the order given; their ID, Moved, From and Marks fields are ignored.
// Every attack on the board starts a threat record of age 0 (nobody has moved yet).
func NewState(players []Player, pieces []Piece, limits Limits) (State, error) {
	ps := make([]Piece, len(pieces))
	for i, p := range pieces {
		ps[i] = Piece{ID: PieceID(i + 1), Owner: p.Owner, Kind: p.Kind, Sq: p.Sq}
	}
	s := State{players: slices.Clone(players), pieces: ps, limits: limits}
	if err := s.checkBasics(); err != nil {
		return State{}, err
	}
	s.index()
	s.threats = s.freshThreats()
	s.applyClockMarks()
	return s, nil
}

// index builds the derived fields (pawn directions and the board index).
func (s *State) index() {
	s.dirs = make([]Dir, len(s.players))
	for i, p := range s.players {
		s.dirs[i] = p.Dir
	}
	s.b = newBoard(s.pieces)
}

// checkBasics validates players, limits and pieces (not the threat records).
func (s *State) checkBasics() error {
	n := len(s.players)
	if n < MinPlayers || n > MaxPlayers {
		return fmt.Errorf("%w: %d players (want %d to %d)", ErrInvalidState, n, MinPlayers, MaxPlayers)
	}
	for i, p := range s.players {
		if err := checkPlayer(p); err != nil {
			return fmt.Errorf("%w: player %d: %v", ErrInvalidState, i, err)
		}
		for j := 0; j < i; j++ {
			if s.players[j].Name == p.Name {
				return fmt.Errorf("%w: players %d and %d are both named %q", ErrInvalidState, j, i, p.Name)
			}
		}
	}
	if s.limits.MaxUpdates < 0 || s.limits.ScoreLimit < 0 || s.limits.MaxUpdates > maxCount || s.limits.ScoreLimit > maxCount {
		return fmt.Errorf("%w: limits %+v out of range (0 to %d)", ErrInvalidState, s.limits, int64(maxCount))
	}
	if s.update < 0 || s.update > maxCount {
		return fmt.Errorf("%w: update count %d out of range", ErrInvalidState, s.update)
	}
	if len(s.pieces) > MaxPieces {
		return fmt.Errorf("%w: %d pieces (at most %d)", ErrInvalidState, len(s.pieces), MaxPieces)
	}
	for i, p := range s.pieces {
		if err := checkPiece(p, n); err != nil {
			return fmt.Errorf("%w: piece %d: %v", ErrInvalidState, p.ID, err)
		}
		if i > 0 && p.ID <= s.pieces[i-1].ID {
			return fmt.Errorf("%w: piece identifiers not increasing at %d", ErrInvalidState, p.ID)
		}
	}
	// No two pieces of one player on one square.
	type key struct {
		sq    Square
		owner int
	}
	seen := make(map[key]PieceID, len(s.pieces))
	for _, p := range s.pieces {
		k := key{p.Sq, p.Owner}
		if q, dup := seen[k]; dup {
			return fmt.Errorf("%w: pieces %d and %d of player %d share %v", ErrInvalidState, q, p.ID, p.Owner, p.Sq)
		}
		seen[k] = p.ID
	}
	return nil
}

func checkPlayer(p Player) error {
	if p.Name == "" || len(p.Name) > MaxNameLen || !utf8.ValidString(p.Name) {
		return fmt.Errorf("name %q must be 1 to %d bytes of UTF-8", p.Name, MaxNameLen)
	}
	if !p.Dir.Valid() {
		return fmt.Errorf("direction %d out of range", p.Dir)
	}
	if p.Score < 0 || p.Score > maxCount {
		return fmt.Errorf("score %d out of range (0 to %d)", p.Score, int64(maxCount))
	}
	return nil
}

func checkPiece(p Piece, players int) error {
	if p.ID == 0 {
		return errors.New("identifier 0")
	}
	if p.Owner < 0 || p.Owner >= players {
		return fmt.Errorf("owner %d out of range (%d players)", p.Owner, players)
	}
	if !p.Kind.Valid() {
		return fmt.Errorf("kind %d out of range", p.Kind)
	}
	if !p.Sq.Valid() {
		return fmt.Errorf("square %v out of bounds", p.Sq)
	}
	if p.Moved && (!p.From.Valid() || p.From == p.Sq) {
		return fmt.Errorf("left square %v invalid", p.From)
	}
	if !p.Moved && p.From != (Square{}) {
		return errors.New("left square set but the piece did not move")
	}
	if p.Marks&^(MarkClock|MarkCovered|MarkPin) != 0 {
		return fmt.Errorf("unknown marks %#x", uint8(p.Marks))
	}
	return nil
}

// Players returns a copy of the players.
func (s State) Players() []Player { return slices.Clone(s.players) }

// NumPlayers returns the number of players.
func (s State) NumPlayers() int { return len(s.players) }

// Player returns player i, which must be in 0 .. NumPlayers()-1.
func (s State) Player(i int) Player { return s.players[i] }

// Pieces returns a copy of the pieces, sorted by identifier.
func (s State) Pieces() []Piece { return slices.Clone(s.pieces) }

// NumPieces returns the number of pieces on the board.
func (s State) NumPieces() int { return len(s.pieces) }

// Threats returns a copy of the threat records, sorted by attacker then target.
func (s State) Threats() []Threat { return slices.Clone(s.threats) }

// Update returns the number of updates resolved so far.
func (s State) Update() int { return s.update }

// Limits returns the game's end conditions.
func (s State) Limits() Limits { return s.limits }

// Piece returns the piece with identifier id.
func (s State) Piece(id PieceID) (Piece, bool) {
	i, ok := s.indexOf(id)
	if !ok {
		return Piece{}, false
	}
	return s.pieces[i], true
}

func (s State) indexOf(id PieceID) (int, bool) {
	return slices.BinarySearchFunc(s.pieces, id, func(p Piece, id PieceID) int {
		switch {
		case p.ID < id:
			return -1
		case p.ID > id:
			return 1
		}
		return 0
	})
}

// At returns the pieces standing on sq (more than one only on a crowded square), by identifier.
func (s State) At(sq Square) []Piece {
	var out []Piece
	if s.b == nil {
		return nil
	}
	s.b.piecesAt(sq, func(i int32) { out = append(out, s.pieces[i]) })
	slices.SortFunc(out, func(a, b Piece) int { return int(a.ID) - int(b.ID) })
	return out
}

// Crowded reports whether the piece shares its square with another piece: it must leave in
// the next update or die (N5).
func (s State) Crowded(id PieceID) bool {
	i, ok := s.indexOf(id)
	if !ok {
		return false
	}
	lo, hi := s.b.at(s.pieces[i].Sq)
	return hi-lo > 1
}

// CrowdedPieces returns the identifiers of all crowded pieces, in increasing order.
func (s State) CrowdedPieces() []PieceID {
	var out []PieceID
	if s.b == nil {
		return nil
	}
	s.b.crowded(func(i int32) { out = append(out, s.pieces[i].ID) })
	slices.Sort(out)
	return out
}

// CapturablePieces returns the pieces that are capturable during the next update, by
// identifier.
func (s State) CapturablePieces() []Piece {
	n := 0
	for _, p := range s.pieces {
		if p.Marks != 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Piece, 0, n)
	for _, p := range s.pieces {
		if p.Marks != 0 {
			out = append(out, p)
		}
	}
	return out
}

// ThreatsOn returns the threat records whose target is id.
func (s State) ThreatsOn(id PieceID) []Threat {
	var out []Threat
	for _, t := range s.threats {
		if t.Target == id {
			out = append(out, t)
		}
	}
	return out
}

// Alive reports whether player i still has pieces.
func (s State) Alive(i int) bool {
	for _, p := range s.pieces {
		if p.Owner == i {
			return true
		}
	}
	return false
}

// PlayerIndex returns the index of the player with the given colour name.
func (s State) PlayerIndex(name string) (int, bool) {
	for i, p := range s.players {
		if p.Name == name {
			return i, true
		}
	}
	return 0, false
}

// Equal reports whether two states are the same game state. It does not compare the rules the
// states follow (Legacy).
func (s State) Equal(t State) bool {
	return s.update == t.update && s.limits == t.limits &&
		slices.Equal(s.players, t.players) && slices.Equal(s.pieces, t.pieces) &&
		slices.Equal(s.threats, t.threats)
}

// Legacy reports whether the state resolves updates under the rules as they were before RULES.md
// changed N4 and N6 (see AsLegacy).
func (s State) Legacy() bool { return s.legacy }

// AsLegacy returns s resolving its update, and every update after it, under the rules as they
// were before RULES.md changed N4 and N6, so that games recorded under them replay the same:
//   - an order written as a capture on a square empty on the visible board is rejected even
//     when it has no fallback (RULES.md 5.4 before);
//   - two pieces that come to attack each other in one update are exempt from each other even
//     when one of them attacked the other before (RULES.md 9.2 before, NEC-D32).
//
// The encoding (Encode) does not keep it: the game record does.
func (s State) AsLegacy() State {
	s.legacy = true
	return s
}

// freshThreats returns a record of age 0 for every attack pair on the board.
func (s *State) freshThreats() []Threat {
	var out []Threat
	s.eachAttack(func(a, t int32, l Line) {
		out = append(out, Threat{Attacker: s.pieces[a].ID, Target: s.pieces[t].ID, Line: l})
	})
	sortThreats(out)
	return out
}

// eachAttack calls f for every attack pair (attacker and target of different owners).
func (s *State) eachAttack(f func(a, t int32, l Line)) {
	for i := range s.pieces {
		ai := int32(i)
		s.b.attacks(ai, s.dirs, func(t int32, l Line) {
			if s.pieces[t].Owner != s.pieces[ai].Owner {
				f(ai, t, l)
			}
		})
	}
}

func cmpThreat(a, b Threat) int {
	switch {
	case a.Attacker != b.Attacker:
		if a.Attacker < b.Attacker {
			return -1
		}
		return 1
	case a.Target != b.Target:
		if a.Target < b.Target {
			return -1
		}
		return 1
	}
	return 0
}

func sortThreats(ts []Threat) { slices.SortFunc(ts, cmpThreat) }

// applyClockMarks sets MarkClock on every piece that is the target of a non-exempt record of
// age 1 or more, and clears it elsewhere.
func (s *State) applyClockMarks() {
	for i := range s.pieces {
		s.pieces[i].Marks &^= MarkClock
	}
	for _, t := range s.threats {
		if !t.Exempt && t.Age >= 1 {
			if i, ok := s.indexOf(t.Target); ok {
				s.pieces[i].Marks |= MarkClock
			}
		}
	}
}
