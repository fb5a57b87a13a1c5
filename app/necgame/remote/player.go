package remote

import (
	"crypto/hmac"
	"errors"
	"fmt"
	"io"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/variants/nec"
)

// Errors of the player's side.
var (
	// ErrNotThisGame: an update link of another game than the player's.
	ErrNotThisGame = errors.New("the link is of another game")
	// ErrOlder: an update link older than the state the player's device has.
	ErrOlder = errors.New("the link is older than this device's game")
	// ErrUnsigned: an update link without the referee's good tag for the player's seat
	// (forged, changed, or written by a version before the tags).
	ErrUnsigned = errors.New("the update link is not the referee's")
)

// Player is a remote game on a player's device: its invitation (the seat, the referee's key
// and the seat secret), the game as the last public update showed it, and the order it sent
// for the current update. Build one with Join or OpenPlayer.
type Player struct {
	game    string
	seat    int
	referee [KeySize]byte
	secret  [SecretSize]byte
	record  necgame.Record
	sent    int    // the update the last order was sent for (0: none)
	seq     int    // the number of that order among the orders sent for that update
	link    string // that order's link fragment
}

// Join makes a player's side from its invitation.
func Join(inv Invitation) (*Player, error) {
	if inv.Seat < 0 || inv.Seat >= inv.Record.Start.NumPlayers() {
		return nil, fmt.Errorf("joining the game: no seat %d", inv.Seat+1)
	}
	return &Player{game: inv.Game, seat: inv.Seat, referee: inv.Referee, secret: inv.Secret, record: inv.Record}, nil
}

// ID returns the id of the game.
func (p *Player) ID() string { return p.game }

// Seat returns the player's seat (0 for the first).
func (p *Player) Seat() int { return p.seat }

// Record returns the game as the last public update (or the invitation) showed it.
func (p *Player) Record() necgame.Record { return p.record }

// Game returns the game as the last public update showed it, replayed, for the page's board
// and history.
func (p *Player) Game() (*necgame.Game, error) { return necgame.Open(p.record) }

// Update returns the update the player's orders are now for (1 for the first).
func (p *Player) Update() int { return len(p.record.Updates) + 1 }

// Sent reports whether the player has sent an order for the current update (Seal).
func (p *Player) Sent() bool { return p.sent == p.Update() }

// SentLink returns the link fragment of the order sent for the current update ("" when none),
// to send it again.
func (p *Player) SentLink() string {
	if !p.Sent() {
		return ""
	}
	return p.link
}

// board returns the board of the current update.
func (p *Player) board() (nec.State, error) {
	g, err := p.Game()
	if err != nil {
		return nec.State{}, err
	}
	return g.State(), nil
}

// Seal seals the player's order for the current update (an order of no step passes) and
// returns it, ready to send to the referee as a link (Order.Fragment); the player's side
// remembers that it was sent. The order must be legal on the board of the update (RULES.md
// N3); rand gives the one-time key (crypto/rand when nil). A later order for the same update
// replaces this one on the referee's device, if it comes before the update resolves.
func (p *Player) Seal(o nec.Order, rand io.Reader) (Order, error) {
	s, err := p.board()
	if err != nil {
		return Order{}, fmt.Errorf("sealing the order: %w", err)
	}
	if s.End().Over || len(p.record.Updates) >= necgame.MaxUpdates {
		return Order{}, fmt.Errorf("sealing the order: %w", ErrOver)
	}
	if !s.Alive(p.seat) {
		return Order{}, fmt.Errorf("sealing the order: %w", ErrOut)
	}
	text := ""
	if len(o.Steps) > 0 {
		if o.Player != p.seat {
			return Order{}, fmt.Errorf("sealing the order: it is seat %d's, not this player's (seat %d)", o.Player+1, p.seat+1)
		}
		if err := s.Validate(o); err != nil {
			return Order{}, fmt.Errorf("sealing the order: %w", err)
		}
		text = s.FormatOrder(o)
	}
	seq := 1
	if p.Sent() {
		seq = p.seq + 1
	}
	sl, err := seal(p.game, p.seat, p.Update(), seq, text, &p.referee, p.secret[:], rand)
	if err != nil {
		return Order{}, err
	}
	out := orderOf(sl)
	p.sent, p.seq, p.link = sl.Update, seq, out.Fragment()
	return out, nil
}

// Applied says what a public update did to the player's side.
type Applied uint8

// The results of Apply.
const (
	// AppliedNew: the update is ahead of the device's game, which now shows it.
	AppliedNew Applied = iota
	// AppliedSame: the device had this update already.
	AppliedSame
)

// signed reports whether u carries the referee's good tag for the player's seat.
func (p *Player) signed(u Update) bool {
	for _, t := range u.Tags {
		if t.Seat == p.seat {
			want := updateTag(p.secret[:], p.game, p.seat, u.Record)
			return hmac.Equal(want[:], t.Tag[:])
		}
	}
	return false
}

// Apply brings the player's game to a public update of the same game: its board, report,
// who is out and the scores. An update of another game (ErrNotThisGame), older than the
// device's (ErrOlder), or without the referee's good tag for the seat (ErrUnsigned) changes
// nothing.
func (p *Player) Apply(u Update) (Applied, error) {
	if u.Game != p.game {
		return 0, fmt.Errorf("%w: this update is of game %s, and this player's game is %s", ErrNotThisGame, u.Game, p.game)
	}
	switch necgame.Compare(u.Record, p.record) {
	case necgame.Same:
		return AppliedSame, nil
	case necgame.Ahead:
		if !p.signed(u) {
			return 0, fmt.Errorf("%w: it has no good tag of the referee for this seat (a forged or changed link, or one of an older version of Plyground: ask the referee for the link again)", ErrUnsigned)
		}
		p.record = u.Record
		return AppliedNew, nil
	case necgame.Behind:
		return 0, fmt.Errorf("%w: the link stops at update %d, and this device has update %d", ErrOlder, len(u.Record.Updates), len(p.record.Updates))
	}
	return 0, fmt.Errorf("%w: this update has the game's id but not its moves", ErrNotThisGame)
}
