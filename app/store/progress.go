package store

import "strings"

// Two policies over what is saved: the game to continue, and the games of a PGN import that
// are saved already.

// latestLook bounds how many of the most recently saved entries Latest reads: a game saved
// longer ago than that many others is not "the game in progress".
const latestLook = 50

// Latest returns the most recently saved game, of any kind, that goes on (the home page's
// "Continue your game"), among the latestLook most recently saved entries; ok is false when
// there is none.
func (st *Store) Latest() (it Item, ok bool, err error) {
	listed, err := st.Index()
	if err != nil {
		return Item{}, false, err
	}
	for i, l := range listed {
		if i == latestLook || !l.Readable {
			break
		}
		it := l.Read()
		if it.Err == nil && it.Entry.Result == "*" {
			return it, true, nil
		}
	}
	return Item{}, false, nil
}

// sameGameKey says which 8x8 saved games are the same game for a PGN import: the same
// record (variant, options, start, every action and how it ended) and the same players'
// names.
func sameGameKey(e Entry) string {
	var b strings.Builder
	b.WriteString(e.Record)
	for i := range 2 {
		b.WriteByte(0)
		b.WriteString(e.Player(i).Name)
	}
	return b.String()
}

// savedGames returns the keys (sameGameKey) of the 8x8 games saved before an import began.
func (st *Store) savedGames() (map[string]bool, error) {
	items, err := st.List()
	if err != nil {
		return nil, err
	}
	known := make(map[string]bool, len(items))
	for _, it := range items {
		if it.Err == nil && it.Kind == Kind8x8 {
			known[sameGameKey(it.Entry)] = true
		}
	}
	return known, nil
}
