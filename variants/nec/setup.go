package nec

import (
	"fmt"
	"slices"
)

// Colours are the players' colour names, in seat order (RULES.md 11.3).
var Colours = [MaxPlayers]string{"white", "black", "green", "crimson", "blue", "cyan", "amber", "violet"}

// Options configure a new game.
type Options struct {
	Players int
	// Fairy replaces the orthodox back row R N B Q G B N R with R U B C TT Q N R.
	Fairy  bool
	Limits Limits
}

var (
	orthodoxRow = [8]Kind{Rook, Knight, Bishop, Queen, Guard, Bishop, Knight, Rook}
	fairyRow    = [8]Kind{Rook, Unicorn, Bishop, Chancellor, TimeThief, Queen, Knight, Rook}
)

// ringDepth is the distance from the centre to the back row of an army (RULES.md 11.3).
const ringDepth = 12

// Setup returns the start of a game for 2 to 8 players (RULES.md 11.3, NEC-D30): one army per
// player on the sides of a square ring (south, north, east, west, then a second army on the
// south, north, east and west sides), pawns facing the centre.
func Setup(o Options) (State, error) {
	n := o.Players
	if n < MinPlayers || n > MaxPlayers {
		return State{}, fmt.Errorf("%w: %d players (want %d to %d)", ErrInvalidState, n, MinPlayers, MaxPlayers)
	}
	row := orthodoxRow
	if o.Fairy {
		row = fairyRow
	}
	// Side s in 0..3 = south, north, east, west; rot maps the south frame onto that side.
	rot := [4]func(x, y int64) Square{
		func(x, y int64) Square { return Square{x, y} },
		func(x, y int64) Square { return Square{-x, -y} },
		func(x, y int64) Square { return Square{-y, x} },
		func(x, y int64) Square { return Square{y, -x} },
	}
	pawnDir := [4]Dir{North, South, West, East}
	doubled := max(n-4, 0) // sides 0..doubled-1 hold two armies
	players := make([]Player, n)
	var pieces []Piece
	for p := 0; p < n; p++ {
		side, second := p%4, p >= 4
		along, depth := int64(0), int64(ringDepth)
		if side < doubled {
			along = -5
			if second {
				along, depth = 5, ringDepth+2
			}
		}
		players[p] = Player{Name: Colours[p], Dir: pawnDir[side]}
		for k := int64(0); k < 8; k++ {
			x := along + k - 3
			pieces = append(pieces,
				Piece{Owner: p, Kind: row[k], Sq: rot[side](x, -depth)},
				Piece{Owner: p, Kind: Pawn, Sq: rot[side](x, -depth+1)})
		}
	}
	return NewState(players, pieces, o.Limits)
}

// End is the end of a game (RULES.md 10.2).
type End struct {
	Over bool
	// Winners are the winning players (several when tied).
	Winners []int
	// Reason says why the game ended: "last player standing", "update limit" or "score limit".
	Reason string
}

// End reports whether the game is over and who won (RULES.md 10.2, NEC-D27).
func (s State) End() End {
	var alive []int
	for p := range s.players {
		if s.Alive(p) {
			alive = append(alive, p)
		}
	}
	switch {
	case len(alive) == 1:
		return End{Over: true, Winners: alive, Reason: "last player standing"}
	case len(alive) == 0:
		return End{Over: true, Winners: s.topScores(nil), Reason: "last player standing"}
	case s.limits.MaxUpdates > 0 && s.update >= s.limits.MaxUpdates:
		return End{Over: true, Winners: s.topScores(alive), Reason: "update limit"}
	}
	if s.limits.ScoreLimit > 0 {
		for _, p := range s.players {
			if p.Score >= s.limits.ScoreLimit {
				return End{Over: true, Winners: s.topScores(alive), Reason: "score limit"}
			}
		}
	}
	return End{}
}

// topScores returns the players (among among, or all when nil) with the highest score.
func (s State) topScores(among []int) []int {
	if among == nil {
		for p := range s.players {
			among = append(among, p)
		}
	}
	best := int64(-1)
	var out []int
	for _, p := range among {
		switch sc := s.players[p].Score; {
		case sc > best:
			best, out = sc, []int{p}
		case sc == best:
			out = append(out, p)
		}
	}
	return slices.Clip(out)
}
