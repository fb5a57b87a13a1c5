package remote

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
)

// A remote game is saved as a Never-Ending Chess entry of package store (store.KindNEC): its
// record is the game as far as it is resolved (the referee's) or as the last public update
// showed it (a player's), so that the saved-games page lists it with the others, and its
// Remote field holds the remote side, in the text below. Export and import carry both.

// StateVersion is the version of the text of the remote side (store.Entry.Remote). Every
// version ever written keeps reading: testdata/state-v<N>-*.txt hold samples.
//
// Version 1 is a JSON object. The referee's:
//
//	{"v":1, "role":"referee", "game":"<id>", "key":"<private key, base64>",
//	 "kinds":[0,1,2], "secrets":["<base64>",null,null], "missing":1, "level":2,
//	 "update":3, "got":{"0":"<order link's binary part, base64>"}, "locked":{"1":"N(3,5)"}}
//
// where kinds are 0 remote, 1 local, 2 bot; secrets are the seat secrets of the remote seats;
// missing is 0 (no order) or 1 (a bot of level "level") for missing orders; "got" holds the
// sealed orders received and "locked" the orders of the seats on the device (in the notation
// of RULES.md 11.1, "" to pass), both for update "update", the one being collected. A player's:
//
//	{"v":1, "role":"player", "game":"<id>", "seat":1, "referee":"<public key, base64>",
//	 "secret":"<base64>", "sent":3, "seq":2, "link":"ro=..."}
//
// where "sent" is the update the last order was sent for (0 or missing: none), "seq" its number
// among the orders sent for that update and "link" the fragment of that order's link.
const StateVersion = 1

// Role is the part a device plays in a remote game.
type Role uint8

// The roles.
const (
	// NoRole: the entry is no remote game.
	NoRole Role = iota
	// RefereeRole: the device is the game's referee.
	RefereeRole
	// PlayerRole: the device plays one seat, from another device than the referee's.
	PlayerRole
)

// String names the role.
func (r Role) String() string {
	switch r {
	case RefereeRole:
		return "referee"
	case PlayerRole:
		return "player"
	}
	return "none"
}

// ErrState is wrapped by the errors of a remote side that cannot be read (with
// store.ErrDamaged).
var ErrState = errors.New("bad remote game")

// state is version 1 of the remote side, for both roles.
type state struct {
	V    int    `json:"v"`
	Role string `json:"role"`
	Game string `json:"game"`
	// The referee's.
	Key     []byte         `json:"key,omitempty"`
	Kinds   []int          `json:"kinds,omitempty"`
	Secrets [][]byte       `json:"secrets,omitempty"`
	Missing Missing        `json:"missing,omitempty"`
	Level   int            `json:"level,omitempty"`
	Update  int            `json:"update,omitempty"`
	Got     map[int][]byte `json:"got,omitempty"`
	Locked  map[int]string `json:"locked,omitempty"`
	// The player's.
	Seat    int    `json:"seat,omitempty"`
	Referee []byte `json:"referee,omitempty"`
	Secret  []byte `json:"secret,omitempty"`
	Sent    int    `json:"sent,omitempty"`
	Seq     int    `json:"seq,omitempty"`
	Link    string `json:"link,omitempty"`
}

// stateError returns the error of a remote side that cannot be read.
func stateError(format string, args ...any) error {
	return fmt.Errorf("%w: %w: %s", store.ErrDamaged, ErrState, fmt.Sprintf(format, args...))
}

// readState reads the remote side of an entry.
func readState(e store.Entry) (state, error) {
	if e.Kind != store.KindNEC || e.Remote == "" {
		return state{}, stateError("the saved game is not a remote game")
	}
	var s state
	dec := json.NewDecoder(strings.NewReader(e.Remote))
	if err := dec.Decode(&s); err != nil {
		return state{}, stateError("%v", err)
	}
	switch {
	case s.V > StateVersion:
		return state{}, fmt.Errorf("%w: a remote game of version %d; update the app to open it", store.ErrNewer, s.V)
	case s.V != StateVersion:
		return state{}, stateError("version %d", s.V)
	case store.CheckID(s.Game) != nil:
		return state{}, stateError("game id %q", s.Game)
	}
	return s, nil
}

// RoleOf returns the part this device plays in the game of a saved entry, reading its remote
// side only (quick enough for a list of games); NoRole for an entry that is no remote game or
// cannot be read.
func RoleOf(e store.Entry) Role {
	s, err := readState(e)
	if err != nil {
		return NoRole
	}
	switch s.Role {
	case "referee":
		return RefereeRole
	case "player":
		return PlayerRole
	}
	return NoRole
}

// Summary is what the saved-games page shows of a remote game.
type Summary struct {
	Role Role
	// Seat is a player's seat (PlayerRole).
	Seat int
	// Sent reports whether a player has sent its order for the current update (PlayerRole).
	Sent bool
	// In counts the orders a referee has for the update being collected: received and
	// locked (RefereeRole).
	In int
}

// Summarize reads the summary of a saved remote game without replaying its record beyond its
// length (necgame.Summarize).
func Summarize(e store.Entry) (Summary, error) {
	s, err := readState(e)
	if err != nil {
		return Summary{}, err
	}
	sum, err := necgame.Summarize(e.Record)
	if err != nil {
		return Summary{}, fmt.Errorf("%w: %w", store.ErrDamaged, err)
	}
	switch s.Role {
	case "referee":
		return Summary{Role: RefereeRole, In: len(s.Got) + len(s.Locked)}, nil
	case "player":
		return Summary{Role: PlayerRole, Seat: s.Seat, Sent: s.Sent == sum.Updates+1}, nil
	}
	return Summary{}, stateError("role %q", s.Role)
}

// text writes the remote side.
func (s state) text() string {
	b, _ := json.Marshal(s) // cannot fail: plain fields
	return string(b)
}

// Entry returns e holding the referee's game: the game (necgame.WithGame) and its remote side.
// An empty e.ID becomes the game's id.
func (r *Referee) Entry(e store.Entry) store.Entry {
	if e.ID == "" {
		e.ID = r.id
	}
	e = necgame.WithGame(e, r.game)
	s := state{V: StateVersion, Role: "referee", Game: r.id, Key: r.key[:], Kinds: make([]int, len(r.kinds)),
		Secrets: r.secrets, Missing: r.missing, Level: r.missingLevel, Update: r.Update()}
	for i, k := range r.kinds {
		s.Kinds[i] = int(k)
	}
	if len(r.got) > 0 {
		s.Got = make(map[int][]byte, len(r.got))
		for i, o := range r.got {
			s.Got[i] = orderOf(o).raw
		}
	}
	if len(r.locked) > 0 {
		s.Locked = r.locked
	}
	e.Remote = s.text()
	return e
}

// SaveReferee stores the referee's game as the saved game e (under the game's id when e.ID is
// empty) and returns the entry as stored.
func SaveReferee(st *store.Store, e store.Entry, r *Referee) (store.Entry, error) {
	return st.Save(r.Entry(e))
}

// OpenReferee reads the referee's game of a saved entry: the game, the keys, the seats and
// the orders received. The error wraps store.ErrDamaged when the entry cannot be read.
func OpenReferee(e store.Entry) (*Referee, error) {
	s, err := readState(e)
	if err != nil {
		return nil, err
	}
	if s.Role != "referee" {
		return nil, stateError("this device is not the game's referee (role %q)", s.Role)
	}
	g, err := necgame.OpenEntry(e)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", store.ErrDamaged, err)
	}
	seats := g.Seats()
	if len(s.Kinds) != len(seats) || len(s.Secrets) != len(seats) {
		return nil, stateError("%d kinds and %d secrets for %d seats", len(s.Kinds), len(s.Secrets), len(seats))
	}
	var key [KeySize]byte
	if len(s.Key) != KeySize {
		return nil, stateError("the referee's key has %d bytes, not %d", len(s.Key), KeySize)
	}
	copy(key[:], s.Key)
	if err := checkPolicy(s.Missing, s.Level); err != nil {
		return nil, stateError("%v", err)
	}
	kinds := make([]SeatKind, len(s.Kinds))
	for i, n := range s.Kinds {
		k := SeatKind(n)
		kinds[i] = k
		switch {
		case n < 0 || k > Bot:
			return nil, stateError("seat %d: unknown kind %d", i+1, k)
		case (k == Bot) != seats[i].Bot:
			return nil, stateError("seat %d: a %v seat in the remote side and not in the game", i+1, k)
		case (k == Remote) != (len(s.Secrets[i]) == SecretSize) || k != Remote && s.Secrets[i] != nil:
			return nil, stateError("seat %d: a bad seat secret", i+1)
		}
	}
	r := &Referee{id: s.Game, key: key, kinds: kinds, secrets: s.Secrets, missing: s.Missing,
		missingLevel: s.Level, game: g}
	r.clear()
	if s.Update != r.Update() {
		return nil, stateError("orders for update %d in a game at update %d", s.Update, r.Update())
	}
	for i, raw := range s.Got {
		o, err := ParseOrder(orderKey + base64.RawURLEncoding.EncodeToString(raw))
		if err != nil {
			return nil, stateError("the order received from seat %d: %v", i+1, err)
		}
		if o.Seat != i {
			return nil, stateError("the order of seat %d is filed for seat %d", o.Seat+1, i+1)
		}
		if _, err := r.File(o); err != nil {
			return nil, stateError("the order received from seat %d: %v", i+1, err)
		}
	}
	board := g.State()
	for i, t := range s.Locked {
		if i < 0 || i >= len(s.Kinds) || kinds[i] != Local || !board.Alive(i) {
			return nil, stateError("an order locked for seat %d", i+1)
		}
		if t != "" {
			if _, err := board.ParseOrder(i, t); err != nil {
				return nil, stateError("the order locked for seat %d: %v", i+1, err)
			}
		}
		r.locked[i] = t
	}
	return r, nil
}

// Entry returns e holding the player's side: the game as the last public update showed it
// and the remote side. An empty e.ID becomes the game's id.
func (p *Player) Entry(e store.Entry) (store.Entry, error) {
	if e.ID == "" {
		e.ID = p.game
	}
	g, err := p.Game()
	if err != nil {
		return e, err
	}
	e = necgame.WithGame(e, g)
	e.Remote = state{V: StateVersion, Role: "player", Game: p.game, Seat: p.seat, Referee: p.referee[:],
		Secret: p.secret[:], Sent: p.sent, Seq: p.seq, Link: p.link}.text()
	return e, nil
}

// SavePlayer stores the player's side as the saved game e (under the game's id when e.ID is
// empty) and returns the entry as stored.
func SavePlayer(st *store.Store, e store.Entry, p *Player) (store.Entry, error) {
	e, err := p.Entry(e)
	if err != nil {
		return e, err
	}
	return st.Save(e)
}

// OpenPlayer reads the player's side of a saved entry. The error wraps store.ErrDamaged when
// the entry cannot be read.
func OpenPlayer(e store.Entry) (*Player, error) {
	s, err := readState(e)
	if err != nil {
		return nil, err
	}
	if s.Role != "player" {
		return nil, stateError("this device does not play a seat of the game (role %q)", s.Role)
	}
	r, err := necgame.DecodeRecord(e.Record)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", store.ErrDamaged, err)
	}
	if len(s.Referee) != KeySize || len(s.Secret) != SecretSize {
		return nil, stateError("a bad key or seat secret")
	}
	inv := Invitation{Game: s.Game, Seat: s.Seat, Record: r}
	copy(inv.Referee[:], s.Referee)
	copy(inv.Secret[:], s.Secret)
	if inv.Seat < 0 || inv.Seat >= r.Start.NumPlayers() || r.Seats[inv.Seat].Bot {
		return nil, stateError("seat %d", s.Seat+1)
	}
	p, err := Join(inv)
	if err != nil {
		return nil, stateError("%v", err)
	}
	if s.Sent < 0 || s.Sent > necgame.MaxUpdates+1 || (s.Sent == 0) != (s.Link == "") || (s.Sent == 0) != (s.Seq == 0) {
		return nil, stateError("the order sent (update %d)", s.Sent)
	}
	if s.Link != "" {
		o, err := ParseOrder(s.Link)
		if err != nil || o.Game != s.Game || o.Seat != s.Seat || o.Update != s.Sent || o.Seq != s.Seq {
			return nil, stateError("the link of the order sent")
		}
	}
	p.sent, p.seq, p.link = s.Sent, s.Seq, s.Link
	return p, nil
}

// Load reads the saved remote game with the given ID: the referee's game or the player's side,
// as the device plays it (the other is nil). The error wraps store.ErrNotFound when there is
// none, store.ErrDamaged when it cannot be read.
func Load(st *store.Store, id string) (store.Entry, *Referee, *Player, error) {
	e, err := st.Load(store.KindNEC, id)
	if err != nil {
		return e, nil, nil, err
	}
	switch RoleOf(e) {
	case RefereeRole:
		r, err := OpenReferee(e)
		return e, r, nil, err
	case PlayerRole:
		p, err := OpenPlayer(e)
		return e, nil, p, err
	}
	_, err = readState(e)
	if err == nil {
		err = stateError("unknown role")
	}
	return e, nil, nil, err
}
