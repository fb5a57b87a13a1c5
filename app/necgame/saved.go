package necgame

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plyground/plyground/app/store"
)

// Never-Ending Chess games are saved, listed, exported and shared through package app/store,
// like the games of every other kind: this file gives the store the codec of their records
// (store.KindNEC) and turns a Game into a store.Entry and back.

// Codec is the codec of Never-Ending Chess records for package store: a store.Store checks
// the records of its store.KindNEC games with it.
type Codec struct{}

// Check decodes a record and replays every update; the error wraps ErrRecord.
func (Codec) Check(record string) error {
	_, err := DecodeRecord(record)
	return err
}

// WithGame returns e holding the game g: its kind, variant, players (the seats, a bot with
// its level), result and record. e's ID, title and creation time are kept.
func WithGame(e store.Entry, g *Game) store.Entry {
	e.Kind = store.KindNEC
	e.Variant = string(store.KindNEC)
	e.Record = EncodeRecord(g.Record())
	e.Result = "*"
	if g.Phase() == Over {
		e.Result = store.ResultOver
	}
	e.Players = Players(g.Seats())
	return e
}

// Players returns the store's players for seats: a person's name, a bot's level.
func Players(seats []Seat) []store.Player {
	ps := make([]store.Player, len(seats))
	for i, s := range seats {
		name := strings.ToValidUTF8(s.Name, "\uFFFD")
		if utf8.RuneCountInString(name) > store.MaxName {
			name = string([]rune(name)[:store.MaxName])
		}
		ps[i].Name = name
		if s.Bot {
			ps[i].Level = max(s.Level, 1)
		}
	}
	return ps
}

// Save stores the game g as the saved game e (a new ID when e.ID is empty) and returns the
// entry as stored.
func Save(st *store.Store, e store.Entry, g *Game) (store.Entry, error) {
	return st.Save(WithGame(e, g))
}

// Load returns the saved game with the given ID and the game replayed from its record. The
// error wraps store.ErrNotFound when there is none.
func Load(st *store.Store, id string) (store.Entry, *Game, error) {
	e, err := st.Load(store.KindNEC, id)
	if err != nil {
		return e, nil, err
	}
	g, err := OpenEntry(e)
	return e, g, err
}

// OpenEntry replays the record of a saved game; the error wraps ErrRecord.
func OpenEntry(e store.Entry) (*Game, error) {
	r, err := DecodeRecord(e.Record)
	if err != nil {
		return nil, err
	}
	g, err := Open(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return g, nil
}

// OpenLink replays the game of a share link read by store.ParseFragment (sh.Kind is
// store.KindNEC). The error wraps store.ErrLink and says what is wrong in the words of the
// other links.
func OpenLink(sh store.Shared) (*Game, error) {
	if sh.Kind != store.KindNEC {
		return nil, fmt.Errorf("%w: the link holds a game of another kind (%s)", store.ErrLink, sh.Kind)
	}
	g, err := OpenEntry(store.Entry{Record: sh.Record})
	if err != nil {
		return nil, store.LinkError(err)
	}
	return g, nil
}
