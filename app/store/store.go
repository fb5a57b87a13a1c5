package store

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/plyground/plyground/variants/turn"
)

// Keys in the Storage. Keys without the prefix belong to others (go-app keeps its own) and
// are never read, changed or removed.
const (
	// GamePrefix starts the key of every saved game: GamePrefix + ID.
	GamePrefix = "plyground/game/"
	// SettingsKey holds the player's settings.
	SettingsKey = "plyground/settings"
)

// Store is the saved games and settings over a Storage. Its zero value needs only Storage.
type Store struct {
	// Storage holds the entries.
	Storage Storage
	// Now returns the time written into entries; nil means time.Now.
	Now func() time.Time
	// Rand is the source of new IDs; nil means crypto/rand.
	Rand io.Reader
}

func (st *Store) now() time.Time {
	if st.Now != nil {
		return st.Now()
	}
	return time.Now()
}

// idEncoding writes IDs in lower-case base32 without padding.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a new random game ID of 16 characters.
func (st *Store) NewID() (string, error) {
	src := st.Rand
	if src == nil {
		src = rand.Reader
	}
	var b [10]byte
	if _, err := io.ReadFull(src, b[:]); err != nil {
		return "", fmt.Errorf("making a game id: %w", err)
	}
	return idEncoding.EncodeToString(b[:]), nil
}

// Saved is a saved game that loads: its entry and the game replayed from its record.
type Saved struct {
	Entry
	Game *turn.Game
}

// Item is one entry of the saved-games list: a game that loads, or an entry that does not,
// with the reason.
type Item struct {
	// Key is the entry's storage key.
	Key string
	// Entry holds what could be read (the zero Entry when nothing could).
	Entry Entry
	// Game is the replayed game; nil when Err is not nil.
	Game *turn.Game
	// Err says why the entry cannot be opened; it wraps ErrDamaged, ErrNewer or ErrForeign.
	Err error
	// Raw is the stored text.
	Raw string
}

// load reads and checks one stored value.
func load(key, raw string) Item {
	it := Item{Key: key, Raw: raw}
	e, err := DecodeEntry(raw)
	it.Entry = e
	if err != nil {
		it.Err = err
		return it
	}
	if GamePrefix+e.ID != key {
		it.Err = fmt.Errorf("%w: stored under %q but names the id %q", ErrDamaged, key, e.ID)
		return it
	}
	g, err := Open(e.Record)
	if err != nil {
		it.Err = fmt.Errorf("%w: the game record does not replay: %v", ErrDamaged, err)
		return it
	}
	it.Game = g
	return it
}

// List returns every saved game, the most recently updated first, then every entry under
// GamePrefix that cannot be opened (damaged, foreign, newer), by key. It fails only when the
// storage cannot list its keys; a bad entry never hides the others.
func (st *Store) List() ([]Item, error) {
	keys, err := st.Storage.Keys()
	if err != nil {
		return nil, fmt.Errorf("listing saved games: %w", err)
	}
	var items []Item
	for _, k := range keys {
		if !strings.HasPrefix(k, GamePrefix) {
			continue
		}
		raw, ok, err := st.Storage.Get(k)
		if err != nil {
			items = append(items, Item{Key: k, Err: fmt.Errorf("%w: cannot be read: %v", ErrDamaged, err)})
			continue
		}
		if !ok {
			continue // removed meanwhile
		}
		items = append(items, load(k, raw))
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if (a.Err == nil) != (b.Err == nil) {
			return a.Err == nil
		}
		if a.Err == nil && !a.Entry.Updated.Equal(b.Entry.Updated) {
			return a.Entry.Updated.After(b.Entry.Updated)
		}
		return a.Key < b.Key
	})
	return items, nil
}

// Load returns the saved game with the given ID. The error wraps ErrNotFound when there is
// none, or says why it does not open.
func (st *Store) Load(id string) (Saved, error) {
	if err := CheckID(id); err != nil {
		return Saved{}, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	key := GamePrefix + id
	raw, ok, err := st.Storage.Get(key)
	if err != nil {
		return Saved{}, fmt.Errorf("reading saved game %s: %w", id, err)
	}
	if !ok {
		return Saved{}, fmt.Errorf("%w with id %s", ErrNotFound, id)
	}
	it := load(key, raw)
	if it.Err != nil {
		return Saved{}, fmt.Errorf("saved game %s: %w", id, it.Err)
	}
	return Saved{Entry: it.Entry, Game: it.Game}, nil
}

// Save stores the game g under e.ID (a new ID when it is empty) with e's title and players,
// and returns the entry as stored. Created is kept when already set, Updated is now, Result
// and Record come from g. When the storage is full the error wraps ErrQuota and the previous
// save of the game is still there.
func (st *Store) Save(e Entry, g *turn.Game) (Entry, error) {
	if e.ID == "" {
		id, err := st.NewID()
		if err != nil {
			return e, err
		}
		e.ID = id
	}
	now := st.now()
	if e.Created.IsZero() {
		e.Created = now
	}
	e.Updated = now
	e.Result = ResultOf(g)
	e.Record = g.Encode()
	return e, st.put(e)
}

// put writes an entry as it is.
func (st *Store) put(e Entry) error {
	raw, err := encodeEntry(e)
	if err != nil {
		return fmt.Errorf("saving game %s: %w", e.ID, err)
	}
	if err := st.Storage.Set(GamePrefix+e.ID, raw); err != nil {
		return fmt.Errorf("saving game %s: %w", e.ID, err)
	}
	return nil
}

// Rename sets the title of a saved game ("" removes it). It does not change Updated.
func (st *Store) Rename(id, title string) error {
	title = strings.TrimSpace(title)
	if err := checkText(title, maxTitle); err != nil {
		return fmt.Errorf("renaming game %s: %v", id, err)
	}
	s, err := st.Load(id)
	if err != nil {
		return fmt.Errorf("renaming: %w", err)
	}
	s.Title = title
	return st.put(s.Entry)
}

// Undo holds what Delete removed, so that Restore can put it back.
type Undo struct {
	Key, Raw string
}

// Delete removes the saved game with the given ID and returns what Restore needs to put it
// back.
func (st *Store) Delete(id string) (Undo, error) {
	if err := CheckID(id); err != nil {
		return Undo{}, fmt.Errorf("deleting: %w: %v", ErrNotFound, err)
	}
	return st.DeleteKey(GamePrefix + id)
}

// DeleteKey removes the entry under key, which must start with GamePrefix: this is how an
// entry that cannot be opened is deleted.
func (st *Store) DeleteKey(key string) (Undo, error) {
	if !strings.HasPrefix(key, GamePrefix) {
		return Undo{}, fmt.Errorf("deleting %q: not a saved-game key", key)
	}
	raw, ok, err := st.Storage.Get(key)
	if err != nil {
		return Undo{}, fmt.Errorf("deleting %q: %w", key, err)
	}
	if !ok {
		return Undo{}, fmt.Errorf("deleting %q: %w", key, ErrNotFound)
	}
	if err := st.Storage.Remove(key); err != nil {
		return Undo{}, fmt.Errorf("deleting %q: %w", key, err)
	}
	return Undo{Key: key, Raw: raw}, nil
}

// Restore puts back an entry that Delete removed. It refuses when something else was stored
// under the key since.
func (st *Store) Restore(u Undo) error {
	if !strings.HasPrefix(u.Key, GamePrefix) {
		return fmt.Errorf("restoring %q: not a saved-game key", u.Key)
	}
	cur, ok, err := st.Storage.Get(u.Key)
	if err != nil {
		return fmt.Errorf("restoring %q: %w", u.Key, err)
	}
	if ok && cur != u.Raw {
		return fmt.Errorf("restoring %q: another game was saved under this key since", u.Key)
	}
	if err := st.Storage.Set(u.Key, u.Raw); err != nil {
		return fmt.Errorf("restoring %q: %w", u.Key, err)
	}
	return nil
}

// Relation says how two records of a game relate.
type Relation int

// The relations between two games, a and b.
const (
	// Unrelated games differ in variant, options or start, or their actions diverge.
	Unrelated Relation = iota
	// Same games have the same actions and end.
	Same
	// Ahead means a continues b: b's actions are a strict prefix of a's (or b has no end
	// and a has).
	Ahead
	// Behind means b continues a.
	Behind
)

// Compare says how game a relates to game b.
func Compare(a, b *turn.Game) Relation {
	ra, rb := a.Record(), b.Record()
	if ra.Variant != rb.Variant || ra.Options != rb.Options || ra.Start != rb.Start {
		return Unrelated
	}
	n := min(len(ra.Actions), len(rb.Actions))
	for i := 0; i < n; i++ {
		if ra.Actions[i] != rb.Actions[i] {
			return Unrelated
		}
	}
	switch {
	case len(ra.Actions) == len(rb.Actions):
		switch {
		case ra.End == rb.End:
			return Same
		case rb.End == turn.NoEnd:
			return Ahead
		case ra.End == turn.NoEnd:
			return Behind
		}
		return Unrelated
	case len(ra.Actions) > len(rb.Actions):
		if rb.End != turn.NoEnd {
			return Unrelated
		}
		return Ahead
	default:
		if ra.End != turn.NoEnd {
			return Unrelated
		}
		return Behind
	}
}

// Problem says in a few words what kind of problem an entry has: "damaged", "from a newer
// version", "not a Plyground game"; "" for nil.
func Problem(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrNewer):
		return "from a newer version"
	case errors.Is(err, ErrForeign):
		return "not a Plyground game"
	}
	return "damaged"
}
