package necgame

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// SavedPrefix starts the storage key of every saved Never-Ending Chess game: SavedPrefix + ID.
// The saved games of the other variants (package app/store) live under "plyground/game/";
// neither reads the other's keys.
const SavedPrefix = "plyground/nec/"

// SavedVersion is the version of the saved-game envelope that Save writes.
//
// Version 1 is a JSON object {"v":1, "id":"...", "created":"RFC 3339", "updated":"RFC 3339",
// "record":"<EncodeRecord text>"}; fields it does not know are ignored.
const SavedVersion = 1

// Storage is a store of string values under string keys, like window.localStorage (the
// method set of app/store's Storage, which app/browser implements).
type Storage interface {
	Get(key string) (value string, ok bool, err error)
	Set(key, value string) error
	Remove(key string) error
	Keys() ([]string, error)
}

// ErrNotSaved is returned for an ID with no saved game.
var ErrNotSaved = errors.New("no saved game")

// Saved is one saved game.
type Saved struct {
	ID               string
	Created, Updated time.Time
	// Record is the game's record text (EncodeRecord).
	Record string
}

type wireSaved struct {
	V       int       `json:"v"`
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	Record  string    `json:"record"`
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a new random game ID of 16 characters from src (crypto/rand when nil).
func NewID(src io.Reader) (string, error) {
	if src == nil {
		src = rand.Reader
	}
	var b [10]byte
	if _, err := io.ReadFull(src, b[:]); err != nil {
		return "", fmt.Errorf("making a game id: %w", err)
	}
	return idEncoding.EncodeToString(b[:]), nil
}

// CheckID reports whether id can name a saved game.
func CheckID(id string) error {
	if id == "" || len(id) > 64 {
		return fmt.Errorf("game id %q: 1 to 64 characters", id)
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("game id %q: only a-z, 0-9, - and _", id)
		}
	}
	return nil
}

// Save stores the game's record under id at time now, keeping the creation time of an
// earlier save of the same id.
func Save(st Storage, id string, g *Game, now time.Time) error {
	if err := CheckID(id); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	w := wireSaved{V: SavedVersion, ID: id, Created: now.UTC(), Updated: now.UTC(), Record: EncodeRecord(g.Record())}
	if old, err := Load(st, id); err == nil {
		w.Created = old.Created
	}
	js, _ := json.Marshal(w) // cannot fail: plain fields
	if err := st.Set(SavedPrefix+id, string(js)); err != nil {
		return fmt.Errorf("saving game %s: %w", id, err)
	}
	return nil
}

// Load returns the saved game id.
func Load(st Storage, id string) (Saved, error) {
	if err := CheckID(id); err != nil {
		return Saved{}, fmt.Errorf("%w: %v", ErrNotSaved, err)
	}
	raw, ok, err := st.Get(SavedPrefix + id)
	if err != nil {
		return Saved{}, fmt.Errorf("reading game %s: %w", id, err)
	}
	if !ok {
		return Saved{}, fmt.Errorf("%w with id %s", ErrNotSaved, id)
	}
	return decodeSaved(SavedPrefix+id, raw)
}

func decodeSaved(key, raw string) (Saved, error) {
	var w wireSaved
	if err := json.Unmarshal([]byte(raw), &w); err != nil {
		return Saved{}, fmt.Errorf("%w: %s is damaged: %v", ErrRecord, key, err)
	}
	switch {
	case w.V > SavedVersion:
		return Saved{}, fmt.Errorf("%w: %s was saved by a newer version (%d)", ErrRecord, key, w.V)
	case w.V < 1 || SavedPrefix+w.ID != key || w.Record == "":
		return Saved{}, fmt.Errorf("%w: %s is damaged", ErrRecord, key)
	}
	return Saved{ID: w.ID, Created: w.Created, Updated: w.Updated, Record: w.Record}, nil
}

// Remove deletes the saved game id.
func Remove(st Storage, id string) error {
	if err := CheckID(id); err != nil {
		return err
	}
	return st.Remove(SavedPrefix + id)
}

// Item is one entry of the list of saved games: a game, or an entry that cannot be read.
type Item struct {
	Key   string
	Saved Saved
	Err   error
}

// List returns the saved games, the most recently updated first, then the entries that cannot
// be read. It reads only keys under SavedPrefix.
func List(st Storage) ([]Item, error) {
	keys, err := st.Keys()
	if err != nil {
		return nil, fmt.Errorf("listing saved games: %w", err)
	}
	var items []Item
	for _, k := range keys {
		if !strings.HasPrefix(k, SavedPrefix) {
			continue
		}
		raw, ok, err := st.Get(k)
		if err != nil || !ok {
			if err != nil {
				items = append(items, Item{Key: k, Err: err})
			}
			continue
		}
		sv, err := decodeSaved(k, raw)
		items = append(items, Item{Key: k, Saved: sv, Err: err})
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if (a.Err == nil) != (b.Err == nil) {
			return a.Err == nil
		}
		if !a.Saved.Updated.Equal(b.Saved.Updated) {
			return a.Saved.Updated.After(b.Saved.Updated)
		}
		return a.Key < b.Key
	})
	return items, nil
}
