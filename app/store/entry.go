package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Version is the version of the saved-game envelope that Save writes. Every version ever
// written keeps loading: testdata/entry-v<N>/ holds samples of each.
//
// Version 2 holds a game of any kind:
//
//	{"v":2, "kind":"8x8", "id":"...", "variant":"marseillais", "title":"...",
//	 "players":[{"name":"Ann"},{"name":"Computer","level":3}],
//	 "created":"RFC 3339", "updated":"RFC 3339", "result":"*", "record":"...",
//	 "clock":{"tc":"5+3","left":[298500,300000]}}
//
// A Never-Ending Chess game played across devices (package app/necgame/remote) also has
// "remote": the text of its remote side (the referee's keys, seats and orders received, or a
// player's invitation and whether its order was sent), which this package keeps as it is,
// bounded by MaxRemote; older versions of the app read the entry without it.
//
// An 8x8 game that was reviewed also holds "review": the engine's review of the game, as
// app/analysis writes it (Review.Encode, versioned on its own); readers that do not know the
// field ignore it, so it needs no new envelope version.
//
// "kind" is "8x8" or "nec" (see Kind: it says how to read "record" and "result"); "variant"
// is the variant's catalogue ID ("nec" for Never-Ending Chess), so that a list of games is
// sorted and filtered without replaying any record; "players" lists the seats in order
// (White and Black for 8x8 games, 2 to 8 for Never-Ending Chess), each with an optional
// name and level (0 or missing: a person; else the computer's level). "title", "clock" and a
// player's fields may be missing. A reader that meets a kind it does not know reports the
// entry as written by a newer version.
//
// Version 1 holds an 8x8 game:
//
//	{"v":1, "id":"...", "title":"...", "names":["White's name","Black's name"],
//	 "levels":[0,3], "created":"RFC 3339", "updated":"RFC 3339", "result":"1-0",
//	 "record":"<turn record>", "clock":{"tc":"5+3","left":[298500,300000]}}
//
// where "title", "levels" and "clock" may be missing; its variant is read from the record's
// header (no replay).
//
// Never-Ending Chess games saved before version 2 have an envelope of their own, also
// numbered 1, under NECPrefix: {"v":1, "id":"...", "created":"RFC 3339", "updated":"RFC 3339",
// "record":"<necgame record>"}; their players and result are in the record alone (the entry
// reads with none and an empty result until the game is opened). testdata/nec-v1/ holds
// samples.
//
// Times are written in UTC with milliseconds; fields a version does not know are ignored.
const Version = 2

// Limits on the fields of a saved game.
const (
	maxName    = 100
	maxTitle   = 200
	maxPlayers = 8
	maxVariant = 40
	// MaxEntry bounds the length of one stored entry in bytes.
	MaxEntry = 1 << 20
	// MaxRemote bounds the length of an entry's Remote text in bytes.
	MaxRemote = 64 << 10
)

// maxReview bounds the review kept with a saved game (a review takes some 150 bytes a turn).
const maxReview = 1 << 18

// MaxName is the longest player's name, in characters, that entries and links carry.
const MaxName = maxName

// The kinds of unreadable entries. Errors about an entry wrap exactly one of them.
var (
	// ErrDamaged marks an entry that is not valid JSON, misses a field, or holds a game
	// record that does not replay.
	ErrDamaged = errors.New("damaged")
	// ErrNewer marks an entry written by a newer version of Plyground than this one.
	ErrNewer = errors.New("saved by a newer version of Plyground")
	// ErrForeign marks an entry that is not a Plyground saved game at all.
	ErrForeign = errors.New("not a Plyground saved game")
	// ErrNotFound is returned for an ID with no saved game.
	ErrNotFound = errors.New("no saved game")
)

// Player is one seat of a game.
type Player struct {
	// Name is the player's name; "" shows as the seat's colour.
	Name string
	// Level is 0 for a person, else the level of the computer playing this seat.
	Level int
}

// Entry is one saved game: its record and what the saved-games screen shows about it.
type Entry struct {
	// ID names the game in storage, in ?id= links and in share links.
	ID string
	// Kind is the kind of game; it says how to read Record and Result.
	Kind Kind
	// Variant is the catalogue ID of the game's variant ("nec" for Never-Ending Chess); ""
	// when it cannot be read (a damaged version 1 record).
	Variant string
	// Title is the name the player gave the game; "" when none.
	Title string
	// Players are the seats in order: White and Black for 8x8 games. A Never-Ending Chess
	// entry saved before version 2 has none until its record is read.
	Players []Player
	// Created is when the game was first saved; Updated when it was saved last.
	Created, Updated time.Time
	// Result is "*" while the game goes on; once over, the PGN result of an 8x8 game
	// ("1-0", "0-1", "1/2-1/2") and ResultOver for Never-Ending Chess. "" for a
	// Never-Ending Chess entry saved before version 2, whose result is in its record alone.
	Result string
	// Record is the game record, in the codec of its kind.
	Record string
	// Clock is the time control and the time left of a game played with clocks, as they
	// were when Record was saved; the zero value for a game without clocks.
	Clock Clock
	// Remote is the remote side of a Never-Ending Chess game played across devices, in the
	// text of package app/necgame/remote; "" for every other game. The store keeps it as it
	// is (printable ASCII, at most MaxRemote bytes).
	Remote string
	// Review is the engine's review of the game (app/analysis.Review.Encode), kept as it
	// is: "" when the game was not reviewed. The page checks that it reviews Record.
	Review string
}

// Player returns seat i of e, or the zero Player (a person with no name) when e has none.
func (e Entry) Player(i int) Player {
	if i < 0 || i >= len(e.Players) {
		return Player{}
	}
	return e.Players[i]
}

// InProgress reports whether the game goes on (it is not known to be over).
func (e Entry) InProgress() bool { return e.Result == "*" || e.Result == "" }

// Equal reports whether e and f hold the same game with the same title, players, times and
// clocks (times compared as instants).
func (e Entry) Equal(f Entry) bool {
	return e.ID == f.ID && e.Kind == f.Kind && e.Variant == f.Variant && e.Title == f.Title &&
		slices.Equal(e.Players, f.Players) && e.Created.Equal(f.Created) && e.Updated.Equal(f.Updated) &&
		e.Result == f.Result && e.Record == f.Record && e.Clock == f.Clock && e.Remote == f.Remote &&
		e.Review == f.Review
}

// Clock is what is kept of a game's clocks.
type Clock struct {
	// Control is the time control as "minutes+seconds" ("5+3"); "" when the game has none.
	Control string
	// Left is the time White and Black had left.
	Left [2]time.Duration
}

// maxClockLeft bounds the time left on a saved clock (the longest time control is 600
// minutes, plus increments).
const maxClockLeft = 1000 * time.Hour

// clockJSON is the JSON form of Clock (versions 1 and 2).
type clockJSON struct {
	Control string   `json:"tc"`
	Left    [2]int64 `json:"left"` // milliseconds
}

// playerJSON is the JSON form of a player (version 2).
type playerJSON struct {
	Name  string `json:"name,omitempty"`
	Level int    `json:"level,omitempty"`
}

// entryV2 is the JSON form of version 2.
type entryV2 struct {
	V       int          `json:"v"`
	Kind    Kind         `json:"kind"`
	ID      string       `json:"id"`
	Variant string       `json:"variant"`
	Title   string       `json:"title,omitempty"`
	Players []playerJSON `json:"players"`
	Created string       `json:"created"`
	Updated string       `json:"updated"`
	Result  string       `json:"result"`
	Record  string       `json:"record"`
	Clock   *clockJSON   `json:"clock,omitempty"`
	Remote  string       `json:"remote,omitempty"`
	Review  string       `json:"review,omitempty"`
}

// entryV1 is the JSON form of version 1 (8x8 games).
type entryV1 struct {
	V       int        `json:"v"`
	ID      string     `json:"id"`
	Title   string     `json:"title,omitempty"`
	Names   [2]string  `json:"names"`
	Levels  [2]int     `json:"levels,omitzero"`
	Created string     `json:"created"`
	Updated string     `json:"updated"`
	Result  string     `json:"result"`
	Record  string     `json:"record"`
	Clock   *clockJSON `json:"clock,omitempty"`
}

// necV1 is the JSON form of the Never-Ending Chess envelope that came before version 2.
type necV1 struct {
	V       int    `json:"v"`
	ID      string `json:"id"`
	Created string `json:"created"`
	Updated string `json:"updated"`
	Record  string `json:"record"`
}

// anyEntry holds the fields of every version, so that the common case is read in one pass.
type anyEntry struct {
	V       int          `json:"v"`
	Kind    Kind         `json:"kind"`
	ID      string       `json:"id"`
	Variant string       `json:"variant"`
	Title   string       `json:"title"`
	Players []playerJSON `json:"players"`
	Names   [2]string    `json:"names"`
	Levels  [2]int       `json:"levels"`
	Created string       `json:"created"`
	Updated string       `json:"updated"`
	Result  string       `json:"result"`
	Record  string       `json:"record"`
	Clock   *clockJSON   `json:"clock"`
	Remote  string       `json:"remote"`
	Review  string       `json:"review"`
}

// timeLayout is how times are written: RFC 3339 in UTC with milliseconds.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// encodeEntry returns the stored form of e in the current version.
func encodeEntry(e Entry) (string, error) {
	if err := checkEntry(e); err != nil {
		return "", err
	}
	w := entryV2{
		V:       Version,
		Kind:    e.Kind,
		ID:      e.ID,
		Variant: e.Variant,
		Title:   e.Title,
		Players: make([]playerJSON, len(e.Players)),
		Created: e.Created.UTC().Format(timeLayout),
		Updated: e.Updated.UTC().Format(timeLayout),
		Result:  e.Result,
		Record:  e.Record,
		Remote:  e.Remote,
		Review:  e.Review,
	}
	for i, p := range e.Players {
		w.Players[i] = playerJSON(p)
	}
	if e.Clock.Control != "" {
		w.Clock = &clockJSON{Control: e.Clock.Control, Left: [2]int64{e.Clock.Left[0].Milliseconds(), e.Clock.Left[1].Milliseconds()}}
	}
	b, err := marshal(w)
	if err != nil {
		return "", fmt.Errorf("encoding saved game %s: %w", e.ID, err)
	}
	return string(b), nil
}

// DecodeEntry reads a stored entry of any version (a version 1 entry is an 8x8 game). It
// checks the envelope only, not the game record (see Open and Store.Check). The error wraps
// ErrDamaged, ErrNewer or ErrForeign.
func DecodeEntry(raw string) (Entry, error) { return decodeEntry(raw, Kind8x8) }

// decodeEntry reads a stored entry of any version; legacy is the kind of game a version 1
// entry holds (it depends on the key it is stored under).
func decodeEntry(raw string, legacy Kind) (Entry, error) {
	if len(raw) > MaxEntry {
		return Entry{}, fmt.Errorf("%w: %d bytes is more than %d", ErrDamaged, len(raw), MaxEntry)
	}
	// The common case, a good entry, is read in one pass; anything else is read again
	// step by step to say what is wrong.
	var w anyEntry
	if err := json.Unmarshal([]byte(raw), &w); err == nil {
		switch {
		case w.V == 2:
			return fromV2(entryV2{V: 2, Kind: w.Kind, ID: w.ID, Variant: w.Variant, Title: w.Title, Players: w.Players,
				Created: w.Created, Updated: w.Updated, Result: w.Result, Record: w.Record, Clock: w.Clock, Remote: w.Remote,
				Review: w.Review})
		case w.V == 1 && legacy == KindNEC:
			return fromNECV1(necV1{V: 1, ID: w.ID, Created: w.Created, Updated: w.Updated, Record: w.Record})
		case w.V == 1:
			return fromV1(entryV1{V: 1, ID: w.ID, Title: w.Title, Names: w.Names, Levels: w.Levels,
				Created: w.Created, Updated: w.Updated, Result: w.Result, Record: w.Record, Clock: w.Clock})
		}
	}
	var head struct {
		V *json.RawMessage `json:"v"`
	}
	if err := json.Unmarshal([]byte(raw), &head); err != nil {
		return Entry{}, fmt.Errorf("%w: not a JSON object (%v)", ErrDamaged, err)
	}
	if head.V == nil {
		return Entry{}, fmt.Errorf("%w: it has no format version", ErrForeign)
	}
	var v int
	if err := json.Unmarshal(*head.V, &v); err != nil {
		return Entry{}, fmt.Errorf("%w: format version %s is not a number", ErrForeign, quote(string(*head.V)))
	}
	switch {
	case v == 2:
		var w entryV2
		if err := json.Unmarshal([]byte(raw), &w); err != nil {
			return Entry{}, fmt.Errorf("%w: format 2: %v", ErrDamaged, err)
		}
		return fromV2(w)
	case v == 1 && legacy == KindNEC:
		var w necV1
		if err := json.Unmarshal([]byte(raw), &w); err != nil {
			return Entry{}, fmt.Errorf("%w: format 1: %v", ErrDamaged, err)
		}
		return fromNECV1(w)
	case v == 1:
		var w entryV1
		if err := json.Unmarshal([]byte(raw), &w); err != nil {
			return Entry{}, fmt.Errorf("%w: format 1: %v", ErrDamaged, err)
		}
		return fromV1(w)
	case v > Version:
		return Entry{}, fmt.Errorf("%w (format %d; this version reads up to %d): update the app to open it", ErrNewer, v, Version)
	}
	return Entry{}, fmt.Errorf("%w: unknown format version %d", ErrDamaged, v)
}

func fromV2(w entryV2) (Entry, error) {
	e := Entry{ID: w.ID, Kind: w.Kind, Variant: w.Variant, Title: w.Title, Result: w.Result, Record: w.Record,
		Remote: w.Remote, Review: w.Review, Players: make([]Player, len(w.Players))}
	for i, p := range w.Players {
		e.Players[i] = Player(p)
	}
	if !e.Kind.Known() {
		return e, fmt.Errorf("%w: a kind of game this version does not know (%s): update the app to open it", ErrNewer, quote(string(e.Kind)))
	}
	e.Clock = clockOf(w.Clock)
	return withTimes(e, w.Created, w.Updated)
}

func fromV1(w entryV1) (Entry, error) {
	e := Entry{
		ID:      w.ID,
		Kind:    Kind8x8,
		Variant: RecordVariant(w.Record),
		Title:   w.Title,
		Players: []Player{{w.Names[0], w.Levels[0]}, {w.Names[1], w.Levels[1]}},
		Result:  w.Result,
		Record:  w.Record,
		Clock:   clockOf(w.Clock),
	}
	return withTimes(e, w.Created, w.Updated)
}

func fromNECV1(w necV1) (Entry, error) {
	e := Entry{ID: w.ID, Kind: KindNEC, Variant: string(KindNEC), Record: w.Record}
	return withTimes(e, w.Created, w.Updated)
}

func clockOf(c *clockJSON) Clock {
	if c == nil {
		return Clock{}
	}
	return Clock{Control: c.Control, Left: [2]time.Duration{
		time.Duration(c.Left[0]) * time.Millisecond, time.Duration(c.Left[1]) * time.Millisecond}}
}

// withTimes reads the creation and update times into e and checks it.
func withTimes(e Entry, created, updated string) (Entry, error) {
	var err error
	if e.Created, err = time.Parse(time.RFC3339, created); err != nil {
		return e, fmt.Errorf("%w: created: %v", ErrDamaged, err)
	}
	if e.Updated, err = time.Parse(time.RFC3339, updated); err != nil {
		return e, fmt.Errorf("%w: updated: %v", ErrDamaged, err)
	}
	e = stored(e)
	if err := checkEntry(e); err != nil {
		return e, err
	}
	return e, nil
}

// checkEntry checks the fields of an entry (not that its record replays): whatever passes
// is written and read back the same.
func checkEntry(e Entry) error {
	if err := CheckID(e.ID); err != nil {
		return fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	if !e.Kind.Known() {
		return fmt.Errorf("%w: unknown kind of game %s", ErrDamaged, quote(string(e.Kind)))
	}
	switch {
	case e.Kind == Kind8x8 && len(e.Players) != 2:
		return fmt.Errorf("%w: %d players for an 8x8 game", ErrDamaged, len(e.Players))
	case len(e.Players) > maxPlayers:
		return fmt.Errorf("%w: %d players, at most %d", ErrDamaged, len(e.Players), maxPlayers)
	}
	for i, p := range e.Players {
		if err := checkText(p.Name, maxName); err != nil {
			return fmt.Errorf("%w: name of %s: %v", ErrDamaged, seatName(e.Kind, i), err)
		}
		if p.Level < 0 || p.Level > 99 {
			return fmt.Errorf("%w: level of %s: %d is not in 0-99", ErrDamaged, seatName(e.Kind, i), p.Level)
		}
	}
	if err := checkText(e.Title, maxTitle); err != nil {
		return fmt.Errorf("%w: title: %v", ErrDamaged, err)
	}
	if !validVariant(e.Variant) || e.Kind == KindNEC && e.Variant != string(KindNEC) {
		return fmt.Errorf("%w: variant %s", ErrDamaged, quote(e.Variant))
	}
	switch {
	case e.Kind == Kind8x8 && (e.Result == "1-0" || e.Result == "0-1" || e.Result == "1/2-1/2" || e.Result == "*"):
	case e.Kind == KindNEC && (e.Result == "*" || e.Result == ResultOver || e.Result == ""):
	case e.Kind == Kind8x8:
		return fmt.Errorf("%w: result %s is not 1-0, 0-1, 1/2-1/2 or *", ErrDamaged, quote(e.Result))
	default:
		return fmt.Errorf("%w: result %s is not * or %s", ErrDamaged, quote(e.Result), ResultOver)
	}
	if e.Record == "" {
		return fmt.Errorf("%w: no game record", ErrDamaged)
	}
	if e.Remote != "" {
		if e.Kind != KindNEC {
			return fmt.Errorf("%w: a remote side for a game of kind %s", ErrDamaged, quote(string(e.Kind)))
		}
		if len(e.Remote) > MaxRemote {
			return fmt.Errorf("%w: a remote side of %d bytes, at most %d", ErrDamaged, len(e.Remote), MaxRemote)
		}
		for i := 0; i < len(e.Remote); i++ {
			if c := e.Remote[i]; c < ' ' || c > '~' {
				return fmt.Errorf("%w: the remote side holds a character that is not printable ASCII", ErrDamaged)
			}
		}
	}
	if e.Review != "" && (e.Kind != Kind8x8 || len(e.Review) > maxReview) {
		return fmt.Errorf("%w: a review of %d bytes for a game of kind %s", ErrDamaged, len(e.Review), e.Kind)
	}
	for _, t := range [...]struct {
		name string
		at   time.Time
	}{{"created", e.Created}, {"updated", e.Updated}} {
		// Only years 1 to 9999 are written as RFC 3339 reads them (in UTC, as they are
		// written: a date of year 0 east of Greenwich is in year -1 there).
		if y := t.at.UTC().Year(); y < 1 || y > 9999 {
			return fmt.Errorf("%w: %s: year %d is not in 1-9999", ErrDamaged, t.name, y)
		}
	}
	if c := e.Clock; c.Control != "" || c.Left != [2]time.Duration{} {
		if c.Control == "" || len(c.Control) > 16 {
			return fmt.Errorf("%w: clock: time control %s", ErrDamaged, quote(c.Control))
		}
		for i, l := range c.Left {
			if l < 0 || l > maxClockLeft {
				return fmt.Errorf("%w: clock: %s's time left %v is not in 0-%v", ErrDamaged, seatName(Kind8x8, i), l, maxClockLeft)
			}
		}
	}
	return nil
}

// validVariant reports whether v can be a variant ID: 1 to 40 lower-case letters, digits
// and '-', or "" (a version 1 entry whose record is damaged).
func validVariant(v string) bool {
	if len(v) > maxVariant {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// seatName names seat i of a game of kind k in a message.
func seatName(k Kind, i int) string {
	switch {
	case k == KindNEC:
		return fmt.Sprintf("player %d", i+1)
	case i == 0:
		return "White"
	}
	return "Black"
}

// Open replays an 8x8 game record (any version) of any variant of the catalogue.
func Open(record string) (*turn.Game, error) {
	g, err := variants.Decode(record)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// errPeeked stops the replay of a record once RecordVariant has read its variant.
var errPeeked = errors.New("variant read")

// RecordVariant returns the variant ID in the header of an 8x8 game record without replaying
// it; "" when the header cannot be read.
func RecordVariant(record string) string {
	var id string
	_, _ = turn.Decode(record, func(v, _ string) (turn.Variant, error) {
		id = v
		return nil, errPeeked
	})
	if !validVariant(id) {
		return ""
	}
	return id
}

// ResultOf returns the PGN result of a game.
func ResultOf(g *turn.Game) string { return g.Outcome().Result.PGN() }

// WithGame returns e holding the 8x8 game g: its kind, variant, result and record.
func WithGame(e Entry, g *turn.Game) Entry {
	e.Kind = Kind8x8
	e.Variant = g.Variant().ID()
	e.Result = ResultOf(g)
	e.Record = g.Encode()
	if len(e.Players) != 2 {
		ps := make([]Player, 2)
		copy(ps, e.Players)
		e.Players = ps
	}
	return e
}

// stored returns e as encodeEntry writes it and DecodeEntry reads it back: times in UTC to
// the millisecond, clocks to the millisecond.
func stored(e Entry) Entry {
	e.Created = e.Created.UTC().Truncate(time.Millisecond)
	e.Updated = e.Updated.UTC().Truncate(time.Millisecond)
	for i, l := range e.Clock.Left {
		e.Clock.Left[i] = l.Truncate(time.Millisecond)
	}
	e.Players = slices.Clone(e.Players)
	return e
}
