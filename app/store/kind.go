package store

import "strings"

// Kind says which kind of game an entry holds: it chooses the codec of the entry's record,
// the storage key prefix and the key of its share link.
type Kind string

// The kinds of games the store keeps.
const (
	// Kind8x8 is a game of package turn: every 8x8 variant of the catalogue. Its record is
	// turn.Game.Encode, its result the PGN result ("1-0", "0-1", "1/2-1/2", "*").
	Kind8x8 Kind = "8x8"
	// KindNEC is a game of Never-Ending Chess. Its record is app/necgame's EncodeRecord, its
	// result "*" while the game goes on and ResultOver once it is over.
	KindNEC Kind = "nec"
)

// ResultOver is the result of a Never-Ending Chess game that is over.
const ResultOver = "over"

// Kinds lists every kind, in the order the saved-games screen names them.
var Kinds = []Kind{Kind8x8, KindNEC}

// Storage keys. Keys without one of these prefixes belong to others (go-app keeps its own)
// and are never read, changed or removed.
const (
	// GamePrefix starts the key of every saved 8x8 game: GamePrefix + ID.
	GamePrefix = "plyground/game/"
	// NECPrefix starts the key of every saved Never-Ending Chess game: NECPrefix + ID.
	NECPrefix = "plyground/nec/"
)

// Known reports whether k is a kind this version of the store keeps.
func (k Kind) Known() bool { return k == Kind8x8 || k == KindNEC }

// Prefix returns the storage key prefix of the games of kind k ("" for an unknown kind).
func (k Kind) Prefix() string {
	switch k {
	case Kind8x8:
		return GamePrefix
	case KindNEC:
		return NECPrefix
	}
	return ""
}

// linkKey returns the key of the record in a share link of a game of kind k: "g" for 8x8
// games, "n" for Never-Ending Chess.
func (k Kind) linkKey() string {
	if k == KindNEC {
		return "n"
	}
	return "g"
}

// Key returns the storage key of the game of kind k with the given ID.
func Key(k Kind, id string) string { return k.Prefix() + id }

// KindOfKey returns the kind of the game stored under key and its ID; ok is false for a key
// that is not a saved-game key.
func KindOfKey(key string) (k Kind, id string, ok bool) {
	for _, k := range Kinds {
		if id, found := strings.CutPrefix(key, k.Prefix()); found {
			return k, id, true
		}
	}
	return "", "", false
}

// A Codec reads the records of one kind of game for the store, which checks with it the
// games it imports and exports. Package variants reads 8x8 records; the codecs of the other
// kinds live above this package (app/necgame's Codec for Never-Ending Chess) and are handed
// to the Store.
type Codec interface {
	// Check reads and replays a record, and says why it does not.
	Check(record string) error
}
