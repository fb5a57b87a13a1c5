package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Version is the version of the saved-game envelope that Save writes. Every version ever
// written keeps loading: testdata/entry-v<N>/ holds samples of each.
//
// Version 1 is a JSON object:
//
//	{"v":1, "id":"...", "title":"...", "names":["White's name","Black's name"],
//	 "levels":[0,3], "created":"RFC 3339", "updated":"RFC 3339", "result":"1-0",
//	 "record":"<turn record>"}
//
// where "title" and "levels" may be missing (no title; both players human), a level of 0
// is a human player and any other the computer's level, "result" is the PGN result ("1-0",
// "0-1", "1/2-1/2", "*") and "record" the game record of package turn (turn.Game.Encode).
// A game played with clocks also has "clock":{"tc":"5+3","left":[298500,300000]}: the time
// control ("minutes+seconds") and the milliseconds White and Black had left when the record
// was saved (entries without it, and readers that do not know it, are games without clocks).
// Fields that version 1 does not know are ignored.
const Version = 1

// Limits on the fields of a saved game.
const (
	maxID    = 64
	maxName  = 100
	maxTitle = 200
	// MaxEntry bounds the length of one stored entry in bytes.
	MaxEntry = 1 << 20
)

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

// Player is one side of a game.
type Player struct {
	// Name is the player's name; "" shows as the side's colour.
	Name string
	// Level is 0 for a human player, else the level of the computer playing this side.
	Level int
}

// Entry is one saved game: the game record and what the saved-games screen shows about it.
type Entry struct {
	// ID names the game in storage, in ?id= links and in share links.
	ID string
	// Title is the name the player gave the game; "" when none.
	Title string
	// Players are White and Black.
	Players [2]Player
	// Created is when the game was first saved; Updated when it was saved last.
	Created, Updated time.Time
	// Result is the PGN result when the game was saved: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
	// Record is the game record (turn.Game.Encode).
	Record string
	// Clock is the time control and the time left of a game played with clocks, as they
	// were when Record was saved; the zero value for a game without clocks.
	Clock Clock
}

// Clock is what is kept of a game's clocks.
type Clock struct {
	// Control is the time control as "minutes+seconds" ("5+3"); "" when the game has none.
	Control string
	// Left is the time White and Black had left.
	Left [2]time.Duration
}

// clockV1 is the JSON form of Clock in version 1.
type clockV1 struct {
	Control string   `json:"tc"`
	Left    [2]int64 `json:"left"` // milliseconds
}

// maxClockLeft bounds the time left on a saved clock (the longest time control is 600
// minutes, plus increments).
const maxClockLeft = 1000 * time.Hour

// entryV1 is the JSON form of version 1.
type entryV1 struct {
	V       int       `json:"v"`
	ID      string    `json:"id"`
	Title   string    `json:"title,omitempty"`
	Names   [2]string `json:"names"`
	Levels  [2]int    `json:"levels,omitzero"`
	Created string    `json:"created"`
	Updated string    `json:"updated"`
	Result  string    `json:"result"`
	Record  string    `json:"record"`
	Clock   *clockV1  `json:"clock,omitempty"`
}

// timeLayout is how times are written: RFC 3339 in UTC with milliseconds.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// encodeEntry returns the stored form of e in the current version.
func encodeEntry(e Entry) (string, error) {
	if err := checkEntry(e); err != nil {
		return "", err
	}
	w := entryV1{
		V:       Version,
		ID:      e.ID,
		Title:   e.Title,
		Names:   [2]string{e.Players[0].Name, e.Players[1].Name},
		Levels:  [2]int{e.Players[0].Level, e.Players[1].Level},
		Created: e.Created.UTC().Format(timeLayout),
		Updated: e.Updated.UTC().Format(timeLayout),
		Result:  e.Result,
		Record:  e.Record,
	}
	if e.Clock.Control != "" {
		w.Clock = &clockV1{Control: e.Clock.Control, Left: [2]int64{e.Clock.Left[0].Milliseconds(), e.Clock.Left[1].Milliseconds()}}
	}
	b, err := json.Marshal(w)
	if err != nil {
		return "", fmt.Errorf("encoding saved game %s: %w", e.ID, err)
	}
	return string(b), nil
}

// DecodeEntry reads a stored entry of any version. It checks the envelope only, not the
// game record (see Open). The error wraps ErrDamaged, ErrNewer or ErrForeign.
func DecodeEntry(raw string) (Entry, error) {
	if len(raw) > MaxEntry {
		return Entry{}, fmt.Errorf("%w: %d bytes is more than %d", ErrDamaged, len(raw), MaxEntry)
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
		return Entry{}, fmt.Errorf("%w: format version %s is not a number", ErrForeign, *head.V)
	}
	switch {
	case v == 1:
		return decodeV1(raw)
	case v > Version:
		return Entry{}, fmt.Errorf("%w (format %d; this version reads up to %d): update the app to open it", ErrNewer, v, Version)
	}
	return Entry{}, fmt.Errorf("%w: unknown format version %d", ErrDamaged, v)
}

func decodeV1(raw string) (Entry, error) {
	var w entryV1
	dec := json.NewDecoder(strings.NewReader(raw))
	if err := dec.Decode(&w); err != nil {
		return Entry{}, fmt.Errorf("%w: format 1: %v", ErrDamaged, err)
	}
	if dec.More() {
		return Entry{}, fmt.Errorf("%w: format 1: data after the entry", ErrDamaged)
	}
	e := Entry{
		ID:      w.ID,
		Title:   w.Title,
		Players: [2]Player{{w.Names[0], w.Levels[0]}, {w.Names[1], w.Levels[1]}},
		Result:  w.Result,
		Record:  w.Record,
	}
	if w.Clock != nil {
		e.Clock = Clock{Control: w.Clock.Control, Left: [2]time.Duration{
			time.Duration(w.Clock.Left[0]) * time.Millisecond, time.Duration(w.Clock.Left[1]) * time.Millisecond}}
	}
	var err error
	if e.Created, err = time.Parse(time.RFC3339, w.Created); err != nil {
		return e, fmt.Errorf("%w: created: %v", ErrDamaged, err)
	}
	if e.Updated, err = time.Parse(time.RFC3339, w.Updated); err != nil {
		return e, fmt.Errorf("%w: updated: %v", ErrDamaged, err)
	}
	if err := checkEntry(e); err != nil {
		return e, err
	}
	return e, nil
}

// checkEntry checks the fields of an entry (not that its record replays).
func checkEntry(e Entry) error {
	if err := CheckID(e.ID); err != nil {
		return fmt.Errorf("%w: %v", ErrDamaged, err)
	}
	for i, p := range e.Players {
		if err := checkText(p.Name, maxName); err != nil {
			return fmt.Errorf("%w: name of %s: %v", ErrDamaged, sideName(i), err)
		}
		if p.Level < 0 || p.Level > 99 {
			return fmt.Errorf("%w: level of %s: %d is not in 0-99", ErrDamaged, sideName(i), p.Level)
		}
	}
	if err := checkText(e.Title, maxTitle); err != nil {
		return fmt.Errorf("%w: title: %v", ErrDamaged, err)
	}
	switch e.Result {
	case "1-0", "0-1", "1/2-1/2", "*":
	default:
		return fmt.Errorf("%w: result %q is not 1-0, 0-1, 1/2-1/2 or *", ErrDamaged, e.Result)
	}
	if e.Record == "" {
		return fmt.Errorf("%w: no game record", ErrDamaged)
	}
	if c := e.Clock; c.Control != "" || c.Left != [2]time.Duration{} {
		if c.Control == "" || len(c.Control) > 16 {
			return fmt.Errorf("%w: clock: time control %q", ErrDamaged, c.Control)
		}
		for i, l := range c.Left {
			if l < 0 || l > maxClockLeft {
				return fmt.Errorf("%w: clock: %s's time left %v is not in 0-%v", ErrDamaged, sideName(i), l, maxClockLeft)
			}
		}
	}
	return nil
}

// CheckID reports whether id can name a saved game: 1 to 64 letters, digits, '-' or '_'.
func CheckID(id string) error {
	if id == "" || len(id) > maxID {
		return fmt.Errorf("id %q must have 1 to %d characters", id, maxID)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("id %q may hold only letters, digits, - and _", id)
		}
	}
	return nil
}

func checkText(s string, max int) error {
	if !utf8.ValidString(s) {
		return errors.New("not UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("%d characters is more than %d", n, max)
	}
	return nil
}

func sideName(i int) string {
	if i == 0 {
		return "White"
	}
	return "Black"
}

// Open replays a game record (any version) of any variant of the catalogue.
func Open(record string) (*turn.Game, error) {
	g, err := variants.Decode(record)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// ResultOf returns the PGN result of a game.
func ResultOf(g *turn.Game) string { return g.Outcome().Result.PGN() }

// compactJSON returns raw JSON without insignificant spaces, for comparing entries.
func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
