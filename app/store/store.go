package store

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/plyground/plyground/variants/turn"
)

// Store is the saved games of every kind and the settings, over a Storage. Its zero value
// needs only Storage.
type Store struct {
	// Storage holds the entries.
	Storage Storage
	// Codecs check the records of the kinds whose codec lives above this package (KindNEC:
	// app/necgame's Codec); 8x8 records are checked by package variants. The records of a
	// kind without a codec are not checked: such entries are kept as they are.
	Codecs map[Kind]Codec
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

// NewID returns a new random game ID (see NewID) from the store's source that no saved game
// of kind k has: with crypto/rand a taken ID is all but impossible, but a seeded Rand (tests,
// or a source that repeats) must not make a save overwrite another game. It gives up with an
// error after eight taken IDs.
func (st *Store) NewID(k Kind) (string, error) {
	for range 8 {
		id, err := NewID(st.Rand)
		if err != nil {
			return "", err
		}
		_, taken, err := st.Storage.Get(Key(k, id))
		if err != nil {
			return "", fmt.Errorf("making a game id: %w", err)
		}
		if !taken {
			return id, nil
		}
	}
	return "", errors.New("making a game id: every id drawn is taken")
}

// Check replays the record of e with the codec of its kind and says why it does not replay
// (an error wrapping ErrDamaged); nil when it replays or when the store has no codec for its
// kind.
func (st *Store) Check(e Entry) error {
	var err error
	switch e.Kind {
	case Kind8x8:
		_, err = Open(e.Record)
	default:
		if c := st.Codecs[e.Kind]; c != nil {
			err = c.Check(e.Record)
		}
	}
	if err != nil {
		return fmt.Errorf("%w: the game record does not replay: %v", ErrDamaged, err)
	}
	return nil
}

// Item is one entry of the saved-games list: a game whose envelope reads, or an entry that
// does not, with the reason. Its record is not replayed: List stays fast with thousands of
// games, and a record that does not replay shows when the game is opened (Open, Check).
type Item struct {
	// Key is the entry's storage key.
	Key string
	// Kind is the kind of game the key holds.
	Kind Kind
	// Entry holds what could be read (the zero Entry when nothing could).
	Entry Entry
	// Err says why the entry cannot be read; it wraps ErrDamaged, ErrNewer or ErrForeign.
	Err error
	// Raw is the stored text.
	Raw string
}

// load reads and checks one stored value.
func load(key, raw string) Item {
	k, id, _ := KindOfKey(key)
	it := Item{Key: key, Kind: k, Raw: raw}
	e, err := decodeEntry(raw, k)
	it.Entry = e
	switch {
	case err != nil:
		it.Err = err
	case e.Kind != k:
		it.Err = fmt.Errorf("%w: a game of kind %s stored with the %s games", ErrDamaged, quote(string(e.Kind)), k)
	case e.ID != id:
		it.Err = fmt.Errorf("%w: stored under %s but names the id %s", ErrDamaged, quote(key), quote(e.ID))
	}
	return it
}

// List returns every saved game of every kind, the most recently updated first, then every
// entry under a saved-game prefix that cannot be read (damaged, foreign, newer), by key. It
// reads the envelopes only (no record is replayed). It fails only when the storage cannot
// list its keys; a bad entry never hides the others.
func (st *Store) List() ([]Item, error) {
	all, err := st.scan()
	if err != nil {
		return nil, err
	}
	items := make([]Item, 0, len(all))
	for _, kv := range all {
		if kv.err != nil {
			kind, _, _ := KindOfKey(kv.Key)
			items = append(items, Item{Key: kv.Key, Kind: kind, Err: fmt.Errorf("%w: cannot be read: %v", ErrDamaged, kv.err)})
			continue
		}
		items = append(items, load(kv.Key, kv.Value))
	}
	keys := make([]sortKey, len(items))
	for i, it := range items {
		keys[i] = sortKey{readable: it.Err == nil, ms: it.Entry.Updated.UnixMilli(), key: it.Key, i: i}
	}
	slices.SortFunc(keys, sortKey.compare)
	out := make([]Item, len(items))
	for i, k := range keys {
		out[i] = items[k.i]
	}
	return out, nil
}

// Load returns the saved game of kind k with the given ID (its envelope: the record is not
// replayed). The error wraps ErrNotFound when there is none, or says why it does not read.
func (st *Store) Load(k Kind, id string) (Entry, error) {
	if err := CheckID(id); err != nil {
		return Entry{}, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	if !k.Known() {
		return Entry{}, fmt.Errorf("%w: unknown kind of game %s", ErrNotFound, quote(string(k)))
	}
	key := Key(k, id)
	raw, ok, err := st.Storage.Get(key)
	if err != nil {
		return Entry{}, fmt.Errorf("reading saved game %s: %w", id, err)
	}
	if !ok {
		return Entry{}, fmt.Errorf("%w with id %s", ErrNotFound, id)
	}
	it := load(key, raw)
	if it.Err != nil {
		return Entry{}, fmt.Errorf("saved game %s: %w", id, it.Err)
	}
	return it.Entry, nil
}

// Save stores the game e (its kind, variant, result and record set by the caller: WithGame
// for an 8x8 game, app/necgame for Never-Ending Chess) under e.ID, a new ID when it is
// empty, and returns the entry as stored. Created is kept when already set, Updated is now.
// When the storage is full the error wraps ErrQuota and the previous save of the game is
// still there.
func (st *Store) Save(e Entry) (Entry, error) {
	e, _, err := st.save(e)
	return e, err
}

// save is Save, which also returns the text it stored.
func (st *Store) save(e Entry) (Entry, string, error) {
	if e.ID == "" {
		id, err := st.NewID(e.Kind)
		if err != nil {
			return e, "", err
		}
		e.ID = id
	}
	now := st.now()
	if e.Created.IsZero() {
		e.Created = now
	}
	e.Updated = now
	e = stored(e)
	raw, err := st.putRaw(e)
	return e, raw, err
}

// put writes an entry as it is.
func (st *Store) put(e Entry) error {
	_, err := st.putRaw(e)
	return err
}

// putRaw writes an entry as it is and returns the text it stored.
func (st *Store) putRaw(e Entry) (string, error) {
	raw, err := encodeEntry(e)
	if err != nil {
		return "", fmt.Errorf("saving game %s: %w", e.ID, err)
	}
	if err := st.Storage.Set(Key(e.Kind, e.ID), raw); err != nil {
		return "", fmt.Errorf("saving game %s: %w", e.ID, err)
	}
	return raw, nil
}

// Rename sets the title of the saved game under key ("" removes it). It does not change
// Updated. The entry is written again in the current version.
func (st *Store) Rename(key, title string) error {
	title = strings.TrimSpace(title)
	if err := checkText(title, maxTitle); err != nil {
		return fmt.Errorf("renaming: %v", err)
	}
	k, id, ok := KindOfKey(key)
	if !ok {
		return fmt.Errorf("renaming %s: not a saved-game key", quote(key))
	}
	e, err := st.Load(k, id)
	if err != nil {
		return fmt.Errorf("renaming: %w", err)
	}
	e.Title = title
	return st.put(e)
}

// KeepReview keeps review (app/analysis.Review.Encode) with the saved 8x8 game id, whose
// record must still be record (the game reviewed: a game played on since is not given the
// review of its earlier self). It does not change Updated: a review is not a move.
func (st *Store) KeepReview(id, record, review string) error {
	e, err := st.Load(Kind8x8, id)
	if err != nil {
		return fmt.Errorf("keeping the review: %w", err)
	}
	if e.Record != record {
		return fmt.Errorf("keeping the review: saved game %s has moved on since it was reviewed", quote(id))
	}
	if len(review) > maxReview {
		return fmt.Errorf("keeping the review: %d bytes, more than %d", len(review), maxReview)
	}
	e.Review = review
	return st.put(e)
}

// Undo holds what Delete removed, so that Restore can put it back.
type Undo struct {
	Key, Raw string
}

// Delete removes the entry under key, which must be a saved-game key (an entry that cannot
// be read is deleted the same way), and returns what Restore needs to put it back.
func (st *Store) Delete(key string) (Undo, error) {
	if _, _, ok := KindOfKey(key); !ok {
		return Undo{}, fmt.Errorf("deleting %s: not a saved-game key", quote(key))
	}
	raw, ok, err := st.Storage.Get(key)
	if err != nil {
		return Undo{}, fmt.Errorf("deleting %s: %w", quote(key), err)
	}
	if !ok {
		return Undo{}, fmt.Errorf("deleting %s: %w", quote(key), ErrNotFound)
	}
	if err := st.Storage.Remove(key); err != nil {
		return Undo{}, fmt.Errorf("deleting %s: %w", quote(key), err)
	}
	return Undo{Key: key, Raw: raw}, nil
}

// Restore puts back an entry that Delete removed. It refuses when something else was stored
// under the key since.
func (st *Store) Restore(u Undo) error {
	if _, _, ok := KindOfKey(u.Key); !ok {
		return fmt.Errorf("restoring %s: not a saved-game key", quote(u.Key))
	}
	cur, ok, err := st.Storage.Get(u.Key)
	if err != nil {
		return fmt.Errorf("restoring %s: %w", quote(u.Key), err)
	}
	if ok && cur != u.Raw {
		return fmt.Errorf("restoring %s: another game was saved under this key since", quote(u.Key))
	}
	if err := st.Storage.Set(u.Key, u.Raw); err != nil {
		return fmt.Errorf("restoring %s: %w", quote(u.Key), err)
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

// Compare says how 8x8 game a relates to 8x8 game b.
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

// Place decides under which saved game an 8x8 game opened from a share link is kept, and
// whether to save it now: the link's ID when nothing is saved under it, or when it holds the
// same game (updated when the link is ahead); a new ID (e.ID empty) when the ID holds a
// different game, or a later state of the same one (an old link: the saved game is shown
// as the link has it and saved only once the player moves, under a new ID). It writes
// nothing.
func (st *Store) Place(sh Shared) (e Entry, save bool) {
	e = Entry{Kind: Kind8x8, Players: sh.Players[:]}
	if sh.ID == "" || sh.Game == nil {
		return e, true
	}
	local, err := st.Load(Kind8x8, sh.ID)
	if errors.Is(err, ErrNotFound) {
		e.ID = sh.ID
		return e, true
	}
	if err != nil {
		return e, true // the ID's entry is damaged: keep it, save the link's game apart
	}
	g, err := Open(local.Record)
	if err != nil {
		return e, true
	}
	switch Compare(sh.Game, g) {
	case Same:
		return local, false
	case Ahead:
		return local, true
	case Behind:
		// An old link of a game that went on here: show it, keep the saved game as it is.
		return Entry{Kind: Kind8x8, Title: local.Title, Players: local.Players}, false
	}
	return e, true
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
