package remote

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
)

// The versions of the links this package writes (the first byte of each link's binary part).
// Every version ever written keeps reading: testdata/ holds a sample of each link.
//
// Version 1 of each link is a URL fragment "key=value" whose value is URL-safe (base64url
// without padding, the '.' and the text of a necgame record), so it needs no escaping:
//
//   - an invitation is "ri=<b64(1, seat, len(game), game, referee's X25519 public key (32 bytes),
//     seat secret (32 bytes))>.<necgame record>";
//   - a public update is "ru=<b64(1, len(game), game)>.<necgame record>";
//   - a sealed order is "ro=<b64(1, seat, update (uvarint), the order's number among the
//     seat's orders for the update (uvarint, from 1), len(game), game, ephemeral X25519
//     public key (32 bytes), AES-256-GCM box, HMAC tag (16 bytes))>": the box is the order's
//     text (RULES.md 11.1, on the board of the update before it) after its length (2 bytes),
//     padded with zeros to a multiple of 64 bytes, sealed with the key HKDF-SHA256(X25519
//     (ephemeral, referee), salt = everything before the box, "plyground nec remote order v1:
//     key") and a zero nonce, with everything before the box as additional data; the tag is
//     the first 16 bytes of HMAC-SHA256(seat secret, "plyground nec remote order v1: seat" ||
//     everything before the tag).
//
// Seats count from 0; updates from 1 (the first update of the game).
const (
	invitationVersion = 1
	updateVersion     = 2 // 2: the referee's tag for each remote seat (version 1 had none)
	orderVersion      = 1
)

// The keys of the links in a URL fragment.
const (
	invitationKey = "ri="
	updateKey     = "ru="
	orderKey      = "ro="
)

// Bounds of the links, checked before anything is decoded.
const (
	// maxOrderLink bounds the length of an order link's fragment (an order of MaxOrderText
	// bytes writes about 5,800 characters).
	maxOrderLink = 8 << 10
	// maxGameLink bounds the length of an invitation's or update's fragment: a record of a
	// game, and little more.
	maxGameLink = necgame.MaxRecordText + 1024
	// maxSeq bounds the number of an order among a seat's orders for one update.
	maxSeq = 1 << 20
	// maxBox bounds the size of an order's box.
	maxBox = MaxOrderText + 2 + padTo + 16
)

// ErrLink is wrapped by every error of the readers of links (ParseInvitation, ParseUpdate,
// ParseOrder), together with store.ErrLink, so that the page treats a damaged remote link as
// it treats any other.
var ErrLink = errors.New("bad remote-game link")

// linkError returns the error of a damaged link.
func linkError(what, format string, args ...any) error {
	return fmt.Errorf("%w: %w: the %s is damaged, perhaps cut off or changed when it was copied (%s)",
		store.ErrLink, ErrLink, what, fmt.Sprintf(format, args...))
}

// LinkKind is the kind of a remote-game link.
type LinkKind uint8

// The kinds of links.
const (
	// NotRemote: not a link of this package (a share link of package store, or nothing).
	NotRemote LinkKind = iota
	// InvitationLink: a seat's invitation (ParseInvitation), sent by the referee to a player.
	InvitationLink
	// OrderLink: a sealed order (ParseOrder), sent by a player to the referee.
	OrderLink
	// UpdateLink: a public update (ParseUpdate), shared by the referee with everyone.
	UpdateLink
)

// String names the kind.
func (k LinkKind) String() string {
	switch k {
	case InvitationLink:
		return "invitation"
	case OrderLink:
		return "order"
	case UpdateLink:
		return "update"
	}
	return "not remote"
}

// fragmentOf returns the fragment of a link as a player pastes it: what follows its '#', or
// the whole text when it has none.
func fragmentOf(link string) string {
	link = strings.TrimSpace(link)
	if i := strings.IndexByte(link, '#'); i >= 0 {
		return link[i+1:]
	}
	return link
}

// KindOf says which kind of remote-game link a link (a whole address, or its fragment) is,
// from its key alone: the page's router asks it before store.ParseFragment.
func KindOf(link string) LinkKind {
	f := fragmentOf(link)
	switch {
	case strings.HasPrefix(f, invitationKey):
		return InvitationLink
	case strings.HasPrefix(f, orderKey):
		return OrderLink
	case strings.HasPrefix(f, updateKey):
		return UpdateLink
	}
	return NotRemote
}

// Invitation is what a player needs to play a seat of a remote game: the game, the seat, the
// referee's public key and the seat's secret. Whoever holds it can send orders for the seat:
// the referee sends it privately.
type Invitation struct {
	// Game is the id of the game (a store ID).
	Game string
	// Seat is the seat invited (0 for the first).
	Seat int
	// Referee is the referee's X25519 public key.
	Referee [KeySize]byte
	// Secret authenticates the seat's orders.
	Secret [SecretSize]byte
	// Record is the game as it stood when the invitation was made.
	Record necgame.Record
}

// Update is a public update: the game after its last update, shared by the referee with
// everyone.
type Update struct {
	// Game is the id of the game.
	Game string
	// Record is the game, every update with its orders revealed.
	Record necgame.Record
	// Tags are the referee's authentication of the update for each remote seat (an HMAC
	// with the seat's secret, which only the referee and that player hold): a player's
	// device takes only an update with a good tag for its seat. Links of version 1 have none.
	Tags []SeatTag
}

// SeatTag is the referee's tag of an update for one seat.
type SeatTag struct {
	Seat int
	Tag  [TagSize]byte
}

// TagSize is the size of an update's tag for a seat, in bytes (a truncated HMAC-SHA256).
const TagSize = 16

// Order is a sealed order as its link shows it: who it is from and for which update. Its
// content is readable by the referee alone, when the update resolves.
type Order struct {
	// Game is the id of the game.
	Game string
	// Seat is the seat that sent it.
	Seat int
	// Update is the update it is for (1 for the first).
	Update int
	// Seq numbers the seat's orders for the update (1 for the first).
	Seq int

	s   sealed
	raw []byte
}

// InvitationFragment writes an invitation as the fragment of a link (without the '#').
func InvitationFragment(inv Invitation) string {
	b := []byte{invitationVersion, byte(inv.Seat), byte(len(inv.Game))}
	b = append(b, inv.Game...)
	b = append(b, inv.Referee[:]...)
	b = append(b, inv.Secret[:]...)
	return invitationKey + base64.RawURLEncoding.EncodeToString(b) + "." + necgame.EncodeRecord(inv.Record)
}

// UpdateFragment writes a public update as the fragment of a link (without the '#').
func UpdateFragment(u Update) string {
	b := []byte{updateVersion, byte(len(u.Game))}
	b = append(b, u.Game...)
	b = append(b, byte(len(u.Tags)))
	for _, t := range u.Tags {
		b = append(b, byte(t.Seat))
		b = append(b, t.Tag[:]...)
	}
	return updateKey + base64.RawURLEncoding.EncodeToString(b) + "." + necgame.EncodeRecord(u.Record)
}

// Fragment writes a sealed order as the fragment of a link (without the '#').
func (o Order) Fragment() string { return orderKey + base64.RawURLEncoding.EncodeToString(o.raw) }

// reader reads the binary part of a link.
type reader struct {
	b    []byte
	what string
	err  error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = linkError(r.what, format, args...)
	}
}

func (r *reader) byte(name string) int {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 1 {
		r.fail("it ends before its %s", name)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return int(c)
}

func (r *reader) bytes(name string, n int) []byte {
	if r.err != nil {
		return make([]byte, n)
	}
	if len(r.b) < n {
		r.fail("it ends before its %s", name)
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) uvarint(name string, max int) int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > uint64(max) {
		r.fail("a bad %s", name)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) game() string {
	n := r.byte("game id")
	id := string(r.bytes("game id", n))
	if r.err == nil {
		if err := store.CheckID(id); err != nil {
			r.fail("game %v", err)
		}
	}
	return id
}

func (r *reader) seat() int {
	s := r.byte("seat")
	if r.err == nil && s >= nec.MaxPlayers {
		r.fail("seat %d of at most %d", s+1, nec.MaxPlayers)
	}
	return s
}

func (r *reader) version(v int) {
	got := r.byte("version")
	switch {
	case r.err != nil:
	case got > v:
		r.err = fmt.Errorf("%w: %w: the %s was made by a newer version of Plyground (version %d); update the app to open it", store.ErrLink, ErrLink, r.what, got)
	case got != v:
		r.fail("version %d", got)
	}
}

// versions reads the version byte of a link that may be of any version from oldest to
// newest, and returns it.
func (r *reader) versions(oldest, newest int) int {
	got := r.byte("version")
	switch {
	case r.err != nil:
	case got > newest:
		r.err = fmt.Errorf("%w: %w: the %s was made by a newer version of Plyground (version %d); update the app to open it", store.ErrLink, ErrLink, r.what, got)
	case got < oldest:
		r.fail("version %d", got)
	}
	return got
}

// split reads the fragment of a link of the given key: the bytes of its binary part and the
// text after the '.' (when dot).
func split(link, key, what string, max int, dot bool) ([]byte, string, error) {
	f := fragmentOf(link)
	if len(f) > max {
		return nil, "", linkError(what, "%d characters, at most %d", len(f), max)
	}
	v, ok := strings.CutPrefix(f, key)
	if !ok {
		if KindOf(f) != NotRemote {
			return nil, "", fmt.Errorf("%w: %w: this is a%s %v link, not a%s %s", store.ErrLink, ErrLink, article(KindOf(f).String()), KindOf(f), article(what), what)
		}
		return nil, "", linkError(what, "it does not start with %s", key)
	}
	var rest string
	if dot {
		var found bool
		if v, rest, found = strings.Cut(v, "."); !found {
			return nil, "", linkError(what, "it holds no game")
		}
	}
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return nil, "", linkError(what, "%v", err)
	}
	return b, rest, nil
}

// article returns "n" before a word that starts with a vowel.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "n"
	}
	return ""
}

// record decodes the record of an invitation or update.
func record(what, text string) (necgame.Record, error) {
	r, err := necgame.DecodeRecord(text)
	if err != nil {
		return necgame.Record{}, linkError(what, "%v", err)
	}
	return r, nil
}

// ParseInvitation reads an invitation link (a whole address or its fragment) and replays its
// game. The error wraps ErrLink and store.ErrLink and says what is wrong.
func ParseInvitation(link string) (Invitation, error) {
	const what = "invitation"
	b, rest, err := split(link, invitationKey, what, maxGameLink, true)
	if err != nil {
		return Invitation{}, err
	}
	r := reader{b: b, what: what}
	r.version(invitationVersion)
	inv := Invitation{Seat: r.seat(), Game: r.game()}
	copy(inv.Referee[:], r.bytes("referee's key", KeySize))
	copy(inv.Secret[:], r.bytes("seat secret", SecretSize))
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes too many", len(r.b))
	}
	if r.err != nil {
		return Invitation{}, r.err
	}
	if inv.Record, err = record(what, rest); err != nil {
		return Invitation{}, err
	}
	if n := inv.Record.Start.NumPlayers(); inv.Seat >= n {
		return Invitation{}, linkError(what, "seat %d of a game of %d players", inv.Seat+1, n)
	}
	if inv.Record.Seats[inv.Seat].Bot {
		return Invitation{}, linkError(what, "seat %d is a bot's", inv.Seat+1)
	}
	return inv, nil
}

// ParseUpdate reads a public update link (a whole address or its fragment) and replays its
// game. The error wraps ErrLink and store.ErrLink and says what is wrong.
func ParseUpdate(link string) (Update, error) {
	const what = "update link"
	b, rest, err := split(link, updateKey, what, maxGameLink, true)
	if err != nil {
		return Update{}, err
	}
	r := reader{b: b, what: what}
	v := r.versions(1, updateVersion)
	u := Update{Game: r.game()}
	if v >= 2 {
		n := r.byte("number of tags")
		if r.err == nil && n > nec.MaxPlayers {
			r.fail("%d tags for at most %d seats", n, nec.MaxPlayers)
		}
		for i := 0; i < n && r.err == nil; i++ {
			t := SeatTag{Seat: r.byte("tag's seat")}
			copy(t.Tag[:], r.bytes("tag", TagSize))
			if r.err == nil && (t.Seat >= nec.MaxPlayers || (i > 0 && t.Seat <= u.Tags[i-1].Seat)) {
				r.fail("tag of seat %d out of order", t.Seat+1)
			}
			u.Tags = append(u.Tags, t)
		}
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes too many", len(r.b))
	}
	if r.err != nil {
		return Update{}, r.err
	}
	if u.Record, err = record(what, rest); err != nil {
		return Update{}, err
	}
	return u, nil
}

// ParseOrder reads a sealed order link (a whole address or its fragment): who it is from and
// for which update. It neither authenticates nor opens the order: the referee's File does the
// one, Resolve the other. The error wraps ErrLink and store.ErrLink and says what is wrong.
func ParseOrder(link string) (Order, error) {
	const what = "order link"
	b, _, err := split(link, orderKey, what, maxOrderLink, false)
	if err != nil {
		return Order{}, err
	}
	r := reader{b: b, what: what}
	r.version(orderVersion)
	var s sealed
	s.Seat = r.seat()
	s.Update = r.uvarint("update number", necgame.MaxUpdates)
	if r.err == nil && s.Update < 1 {
		r.fail("update 0")
	}
	s.Seq = r.uvarint("order number", maxSeq)
	if r.err == nil && s.Seq < 1 {
		r.fail("order number 0")
	}
	s.Game = r.game()
	copy(s.Ephemeral[:], r.bytes("key", KeySize))
	if r.err == nil {
		n := len(r.b) - macSize
		switch {
		case n < 16+padTo || n > maxBox || (n-16)%padTo != 0:
			r.fail("a sealed order of %d bytes", max(n, 0))
		default:
			s.Box = append([]byte(nil), r.b[:n]...)
			copy(s.MAC[:], r.b[n:])
		}
	}
	if r.err != nil {
		return Order{}, r.err
	}
	return Order{Game: s.Game, Seat: s.Seat, Update: s.Update, Seq: s.Seq, s: s, raw: append([]byte(nil), b...)}, nil
}

// orderOf returns the Order of a sealed order.
func orderOf(s sealed) Order {
	raw := append(s.body(), s.MAC[:]...)
	return Order{Game: s.Game, Seat: s.Seat, Update: s.Update, Seq: s.Seq, s: s, raw: raw}
}
