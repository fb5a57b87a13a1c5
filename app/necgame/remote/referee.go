package remote

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
)

// SeatKind says who plays a seat of a remote game.
type SeatKind uint8

// The kinds of seats.
const (
	// Remote: a person on another device, who sends orders as links (an Invitation).
	Remote SeatKind = iota
	// Local: a person on the referee's device (the referee, or hot-seat), whose order is
	// entered there and locked (Lock).
	Local
	// Bot: a bot, which chooses its order on the referee's device when the update resolves.
	Bot
)

// String names the kind.
func (k SeatKind) String() string {
	switch k {
	case Remote:
		return "remote"
	case Local:
		return "local"
	case Bot:
		return "bot"
	}
	return "seat?"
}

// Missing is what becomes of a remote seat whose order has not come when the referee resolves
// an update, as the referee chose when creating the game.
type Missing uint8

// The policies for missing orders.
const (
	// MissingPass: the seat makes no order.
	MissingPass Missing = iota
	// MissingBot: a bot of Config.MissingLevel chooses the seat's order.
	MissingBot
)

// Seat is one seat of a remote game.
type Seat struct {
	Kind SeatKind
	// Name is the person's name ("" shows the seat's colour).
	Name string
	// Level is a bot's level, 1 to necgame.MaxLevel (bots only).
	Level int
}

// Config describes a new remote game.
type Config struct {
	// Seats holds one seat per player, 2 to 8.
	Seats []Seat
	// Fairy starts with the fairy back row.
	Fairy bool
	// Limits are the end conditions besides "last player standing".
	Limits nec.Limits
	// Missing is what becomes of a remote seat with no order when an update resolves.
	Missing Missing
	// MissingLevel is the level of the bot that plays a missing order (MissingBot only).
	MissingLevel int
	// Seed makes the bots' choices reproducible.
	Seed uint64
}

// Errors of the referee's actions; each wraps ErrRefused, so that the page can tell a refused
// order or action from a damaged link.
var (
	// ErrRefused is wrapped by every error below.
	ErrRefused = errors.New("refused")
	// ErrOtherGame: the order is for another game than this referee's.
	ErrOtherGame = fmt.Errorf("%w: the order is for another game", ErrRefused)
	// ErrNotRemote: the order is for a seat not played from another device.
	ErrNotRemote = fmt.Errorf("%w: the seat is not played from another device", ErrRefused)
	// ErrForged: the order was not sealed with the seat's invitation (forged, or changed).
	ErrForged = fmt.Errorf("%w: the order was not sealed with the seat's invitation", ErrRefused)
	// ErrStale: the order is for an update already resolved (out of date, or replayed).
	ErrStale = fmt.Errorf("%w: the order is for an update already resolved", ErrRefused)
	// ErrReplayed: an earlier order of the seat for the update, which a later one replaced,
	// sent again.
	ErrReplayed = fmt.Errorf("%w: a later order of the seat replaced this one", ErrRefused)
	// ErrFuture: the order is for an update after the one being collected.
	ErrFuture = fmt.Errorf("%w: the order is for a later update", ErrRefused)
	// ErrOut: the seat has no pieces left.
	ErrOut = fmt.Errorf("%w: the seat is out of the game", ErrRefused)
	// ErrOver: the game is over.
	ErrOver = fmt.Errorf("%w: the game is over", ErrRefused)
	// ErrNotLocked: a person on the referee's device has not locked an order yet; nothing is
	// decrypted before.
	ErrNotLocked = fmt.Errorf("%w: a seat on this device has not locked its order", ErrRefused)
	// ErrNotLocal: Lock for a seat not played on the referee's device.
	ErrNotLocal = fmt.Errorf("%w: the seat is not played on this device", ErrRefused)
)

// Referee is a remote game on the referee's device: the game, the referee's private key, the
// seats with their secrets, and the orders of the update being collected (sealed, as they
// came; none is decrypted before Resolve, which requires every person on the device to have
// locked an order first). Build one with New or OpenReferee.
type Referee struct {
	id           string
	key          [KeySize]byte
	kinds        []SeatKind
	secrets      [][]byte // nil for the seats that are not Remote
	missing      Missing
	missingLevel int
	game         *necgame.Game
	got          map[int]sealed // the orders filed for the current update
	locked       map[int]string // the local seats' orders, as text ("" to pass)
	// standIn holds the orders a bot chose elsewhere (the page's engine worker) for remote
	// seats with no order, under the MissingBot policy (MissingBotTurn, StandIn).
	standIn map[int]nec.Order
}

// New creates a remote game with id (a store ID, store.NewID) and its keys and seat secrets
// from rand (crypto/rand when nil).
func New(id string, c Config, rand io.Reader) (*Referee, error) {
	if err := store.CheckID(id); err != nil {
		return nil, fmt.Errorf("new remote game: %w", err)
	}
	seats := make([]necgame.Seat, len(c.Seats))
	kinds := make([]SeatKind, len(c.Seats))
	for i, s := range c.Seats {
		if s.Kind > Bot {
			return nil, fmt.Errorf("new remote game: seat %d: unknown kind %d", i+1, s.Kind)
		}
		kinds[i] = s.Kind
		seats[i] = necgame.Seat{Name: s.Name}
		if s.Kind == Bot {
			seats[i] = necgame.Seat{Bot: true, Level: s.Level}
		}
	}
	if err := checkPolicy(c.Missing, c.MissingLevel); err != nil {
		return nil, fmt.Errorf("new remote game: %w", err)
	}
	g, err := necgame.New(necgame.Config{Seats: seats, Fairy: c.Fairy, Limits: c.Limits, Seed: c.Seed})
	if err != nil {
		return nil, fmt.Errorf("new remote game: %w", err)
	}
	r, err := newReferee(id, kinds, g, c.Missing, c.MissingLevel, rand)
	if err != nil {
		return nil, fmt.Errorf("new remote game: %w", err)
	}
	return r, nil
}

// newReferee makes the referee of the game g, whose seats are played as kinds say, with its
// keys and seat secrets from rand.
func newReferee(id string, kinds []SeatKind, g *necgame.Game, missing Missing, level int, rand io.Reader) (*Referee, error) {
	key, err := newKey(rand)
	if err != nil {
		return nil, err
	}
	r := &Referee{id: id, key: key, kinds: kinds, secrets: make([][]byte, len(kinds)),
		missing: missing, missingLevel: level, game: g}
	for i, k := range kinds {
		if k == Remote {
			if r.secrets[i], err = random(rand, SecretSize); err != nil {
				return nil, err
			}
		}
	}
	r.clear()
	return r, nil
}

// checkPolicy checks a policy for missing orders.
func checkPolicy(m Missing, level int) error {
	switch {
	case m > MissingBot:
		return fmt.Errorf("unknown policy for missing orders %d", m)
	case m == MissingBot && (level < 1 || level > necgame.MaxLevel):
		return fmt.Errorf("the bot for missing orders has level %d (want 1 to %d)", level, necgame.MaxLevel)
	case m == MissingPass && level != 0:
		return errors.New("a level without a bot for missing orders")
	}
	return nil
}

// clear forgets the orders of the update being collected.
func (r *Referee) clear() {
	r.got = make(map[int]sealed)
	r.locked = make(map[int]string)
	r.standIn = nil
}

// MissingBotTurn returns, under the MissingBot policy, the next remote seat whose order has
// not come and for which no bot has chosen yet (StandIn), with what its bot needs: the page
// lets the engine worker choose these orders before it resolves, as it does for the bots'
// seats (necgame.Game.NextBot). Resolve chooses the ones left itself.
func (r *Referee) MissingBotTurn() (necgame.BotTurn, bool) {
	if r.missing != MissingBot || r.game.Phase() == necgame.Over {
		return necgame.BotTurn{}, false
	}
	s := r.game.State()
	for i, k := range r.kinds {
		if _, got := r.got[i]; k == Remote && !got && s.Alive(i) {
			if _, ok := r.standIn[i]; !ok {
				return necgame.BotTurn{Seat: i, Level: r.missingLevel, Seed: necgame.BotSeed(r.game.Seed(), i, r.Update()), Board: s}, true
			}
		}
	}
	return necgame.BotTurn{}, false
}

// StandIn keeps the order (text, "" for none) a bot chose for a remote seat whose order has
// not come (MissingBotTurn); an order of the seat filed later still takes its place.
func (r *Referee) StandIn(seat int, text string) error {
	s := r.game.State()
	if seat < 0 || seat >= len(r.kinds) || r.kinds[seat] != Remote || !s.Alive(seat) {
		return fmt.Errorf("stand-in order: seat %d is no remote seat with pieces", seat+1)
	}
	var o nec.Order
	if text != "" {
		var err error
		if o, err = s.ParseOrder(seat, text); err != nil {
			return fmt.Errorf("stand-in order of seat %d: %w", seat+1, err)
		}
	}
	if r.standIn == nil {
		r.standIn = make(map[int]nec.Order)
	}
	r.standIn[seat] = o
	return nil
}

// ID returns the id of the game.
func (r *Referee) ID() string { return r.id }

// Game returns the game, as far as it has been resolved: its board, history and seats (for
// the page's board and history; the orders being collected are not in it). The page reads it,
// and may let the bots of Bot seats choose in the engine worker (its NextBot and Decide)
// before Resolve, which lets the others choose here; it does not enter orders into it
// (Reveal, Submit, Continue): the referee collects them (File, Lock).
func (r *Referee) Game() *necgame.Game { return r.game }

// Kinds returns who plays each seat.
func (r *Referee) Kinds() []SeatKind { return slices.Clone(r.kinds) }

// Missing returns the policy for missing orders and the level of its bot.
func (r *Referee) Missing() (Missing, int) { return r.missing, r.missingLevel }

// Update returns the update being collected (1 for the first).
func (r *Referee) Update() int { return r.game.Updates() + 1 }

// PublicKey returns the referee's public key.
func (r *Referee) PublicKey() [KeySize]byte { return publicKey(&r.key) }

// Invitation returns the invitation of a remote seat, with the game as it stands.
func (r *Referee) Invitation(seat int) (Invitation, error) {
	if seat < 0 || seat >= len(r.kinds) || r.kinds[seat] != Remote {
		return Invitation{}, fmt.Errorf("invitation of seat %d: %w", seat+1, ErrNotRemote)
	}
	inv := Invitation{Game: r.id, Seat: seat, Referee: r.PublicKey(), Record: r.game.Record()}
	copy(inv.Secret[:], r.secrets[seat])
	return inv, nil
}

// PublicUpdate returns the public update of the game as it stands: its link is what the
// referee shares with everyone after each update. It carries a tag for each remote seat,
// made with that seat's secret, so that a player's device takes it from the referee alone.
func (r *Referee) PublicUpdate() Update {
	u := Update{Game: r.id, Record: r.game.Record()}
	for i, k := range r.kinds {
		if k == Remote && r.secrets[i] != nil {
			u.Tags = append(u.Tags, SeatTag{Seat: i, Tag: updateTag(r.secrets[i], r.id, i, u.Record)})
		}
	}
	return u
}

// Filed says what became of an order filed (File).
type Filed struct {
	// Seat and Update are the order's.
	Seat, Update int
	// Replaced is set when it replaced an earlier order of the seat for the update.
	Replaced bool
	// Again is set when the same order had been filed already (nothing changed).
	Again bool
	// Notice says it in words for the referee.
	Notice string
}

// File files a sealed order for its seat and update, after checking that it is for this game,
// for a seat played from another device that still has pieces, sealed with that seat's
// secret, and for the update being collected; a later order for the same seat and update
// replaces the earlier one (Filed says so), and an earlier one sent again after a later one is
// refused (ErrReplayed). Nothing is decrypted. An order that is refused
// changes nothing; the error wraps ErrRefused and one of the errors above, and says what is
// wrong in words for the referee.
func (r *Referee) File(o Order) (Filed, error) {
	s := o.s
	name := func(i int) string { return r.game.SeatName(i) }
	switch {
	case s.Box == nil:
		return Filed{}, fmt.Errorf("filing the order: %w: the order link is empty or damaged", ErrLink)
	case s.Game != r.id:
		return Filed{}, fmt.Errorf("%w: this order link belongs to another game (%s), not this one (%s)", ErrOtherGame, s.Game, r.id)
	case s.Seat >= len(r.kinds) || r.kinds[s.Seat] != Remote:
		return Filed{}, fmt.Errorf("%w: this game has no seat %d played from another device", ErrNotRemote, s.Seat+1)
	case !s.authentic(r.secrets[s.Seat]):
		return Filed{}, fmt.Errorf("%w: this order claims to be %s's, but was not sealed with %s's invitation: it is forged, or was changed after it was made", ErrForged, name(s.Seat), name(s.Seat))
	case r.game.Phase() == necgame.Over:
		return Filed{}, fmt.Errorf("%w: no more orders are taken", ErrOver)
	case s.Update < r.Update():
		return Filed{}, fmt.Errorf("%w: this order of %s is for update %d, which is resolved already; the orders now are for update %d (open the latest update link, then send a new order)", ErrStale, name(s.Seat), s.Update, r.Update())
	case s.Update > r.Update():
		return Filed{}, fmt.Errorf("%w: this order of %s is for update %d, but the orders now are for update %d", ErrFuture, name(s.Seat), s.Update, r.Update())
	case !r.game.State().Alive(s.Seat):
		return Filed{}, fmt.Errorf("%w: %s has no pieces left", ErrOut, name(s.Seat))
	}
	f := Filed{Seat: s.Seat, Update: s.Update}
	if old, ok := r.got[s.Seat]; ok {
		if s.Seq < old.Seq {
			return Filed{}, fmt.Errorf("%w: this is order %d of %s for update %d, and order %d, received already, replaced it: it was sent again, perhaps by someone else", ErrReplayed, s.Seq, name(s.Seat), s.Update, old.Seq)
		}
		if bytes.Equal(old.body(), s.body()) && old.MAC == s.MAC {
			f.Again = true
			f.Notice = fmt.Sprintf("This order of %s for update %d had been received already.", name(s.Seat), s.Update)
			return f, nil
		}
		f.Replaced = true
		f.Notice = fmt.Sprintf("A new order of %s for update %d: it replaces the one received before.", name(s.Seat), s.Update)
	} else {
		f.Notice = fmt.Sprintf("Order of %s for update %d received.", name(s.Seat), s.Update)
	}
	r.got[s.Seat] = s
	return f, nil
}

// Lock sets the order of a seat played on the referee's device for the update being
// collected (an order of no step passes). It may be set again until the update resolves: no
// order is decrypted before (Resolve).
func (r *Referee) Lock(seat int, o nec.Order) error {
	switch {
	case r.game.Phase() == necgame.Over:
		return fmt.Errorf("locking an order: %w", ErrOver)
	case seat < 0 || seat >= len(r.kinds) || r.kinds[seat] != Local:
		return fmt.Errorf("locking an order for seat %d: %w", seat+1, ErrNotLocal)
	case !r.game.State().Alive(seat):
		return fmt.Errorf("locking an order for seat %d: %w", seat+1, ErrOut)
	}
	text := ""
	if len(o.Steps) > 0 {
		if o.Player != seat {
			return fmt.Errorf("locking an order for seat %d: the order is seat %d's", seat+1, o.Player+1)
		}
		s := r.game.State()
		if err := s.Validate(o); err != nil {
			return fmt.Errorf("locking an order for seat %d: %w", seat+1, err)
		}
		text = s.FormatOrder(o)
	}
	r.locked[seat] = text
	return nil
}

// SeatStatus is what the referee may know of a seat during an update: who plays it and
// whether its order is in, never the order itself.
type SeatStatus struct {
	Kind SeatKind
	// Out is set when the seat has no pieces left (it makes no order).
	Out bool
	// In is set when the seat's order for the update is in: received (Remote), locked
	// (Local), or always for a bot.
	In bool
}

// Status returns the status of every seat for the update being collected.
func (r *Referee) Status() []SeatStatus {
	s := r.game.State()
	st := make([]SeatStatus, len(r.kinds))
	for i, k := range r.kinds {
		st[i].Kind = k
		st[i].Out = !s.Alive(i)
		switch k {
		case Remote:
			_, st[i].In = r.got[i]
		case Local:
			_, st[i].In = r.locked[i]
		case Bot:
			st[i].In = true
		}
	}
	return st
}

// AllIn reports whether every seat with pieces has its order in.
func (r *Referee) AllIn() bool {
	for _, s := range r.Status() {
		if !s.Out && !s.In {
			return false
		}
	}
	return true
}

// Resolved says how an update resolved, besides its report (in the game's history).
type Resolved struct {
	// Update is the update resolved.
	Update int
	// Missing lists the remote seats whose order had not come (they made none, or a bot
	// chose for them, as Config.Missing says).
	Missing []int
	// Refused lists the remote seats whose order came but could not be played (it did not
	// read or was not legal on the board), with why; they made no order.
	Refused map[int]error
}

// Resolve resolves the update being collected: every seat on the referee's device must have
// locked its order (else ErrNotLocked, and nothing is decrypted); the orders received are
// decrypted then, the missing ones follow the game's policy, the bots choose, and the update
// is played. It may be called before every order is in (AllIn).
func (r *Referee) Resolve() (Resolved, error) {
	if r.game.Phase() == necgame.Over {
		return Resolved{}, fmt.Errorf("resolving: %w", ErrOver)
	}
	s := r.game.State()
	for i, k := range r.kinds {
		if _, ok := r.locked[i]; k == Local && s.Alive(i) && !ok {
			return Resolved{}, fmt.Errorf("resolving: %w: %s", ErrNotLocked, r.game.SeatName(i))
		}
	}
	res := Resolved{Update: r.Update(), Refused: map[int]error{}}
	var orders []nec.Order
	for i, k := range r.kinds {
		if !s.Alive(i) {
			continue
		}
		switch k {
		case Local:
			if t := r.locked[i]; t != "" {
				o, err := s.ParseOrder(i, t)
				if err != nil { // cannot happen: Lock checked it on this board
					return Resolved{}, fmt.Errorf("resolving: the order of %s: %w", r.game.SeatName(i), err)
				}
				orders = append(orders, o)
			}
		case Remote:
			sl, ok := r.got[i]
			if !ok {
				res.Missing = append(res.Missing, i)
				if r.missing == MissingBot {
					if o, ok := r.standIn[i]; ok {
						if len(o.Steps) > 0 {
							orders = append(orders, o)
						}
						continue
					}
					opt := bot.Level(r.missingLevel)
					opt.Seed = necgame.BotSeed(r.game.Seed(), i, res.Update)
					if o, ok := bot.New(opt).Order(s, i); ok {
						orders = append(orders, o)
					}
				}
				continue
			}
			o, err := r.openOrder(s, i, sl)
			if err != nil {
				res.Refused[i] = err
				continue
			}
			if len(o.Steps) > 0 {
				orders = append(orders, o)
			}
		}
	}
	if err := r.game.Play(orders); err != nil {
		return Resolved{}, fmt.Errorf("resolving: %w", err)
	}
	r.clear()
	return res, nil
}

// openOrder decrypts the sealed order of seat and reads it on the board s.
func (r *Referee) openOrder(s nec.State, seat int, sl sealed) (nec.Order, error) {
	text, err := sl.open(&r.key)
	if err != nil {
		return nec.Order{}, err
	}
	if text == "" {
		return nec.Order{Player: seat}, nil
	}
	o, err := s.ParseOrder(seat, text)
	if err != nil {
		return nec.Order{}, fmt.Errorf("the order %q: %w", text, err)
	}
	return o, nil
}
