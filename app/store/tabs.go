package store

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/variants/turn"
)

// SaveOver saves the 8x8 game g under e as Save does (WithGame), guarding against a second
// writer: the same game open in two browser tabs. base is the record of e.ID as the caller last read or wrote it. When the
// stored record is no longer base (another tab saved since) and g does not continue the
// stored game, saving under e.ID would throw the other tab's moves away: g is then saved as a
// new game instead (a new ID, the same title and players), and forked is true. Nothing saved
// by either side is lost; the caller says which game it now shows.
func (st *Store) SaveOver(base string, e Entry, g *turn.Game) (saved Entry, forked bool, err error) {
	if e.ID != "" {
		cur, err := st.Load(Kind8x8, e.ID)
		var curGame *turn.Game
		if err == nil {
			curGame, err = Open(cur.Record)
		}
		switch {
		case err == nil:
			if cur.Record != base {
				if rel := Compare(g, curGame); rel != Same && rel != Ahead {
					e.ID = ""
					forked = true
				}
			}
		case errors.Is(err, ErrNotFound):
			// Deleted elsewhere (or never saved): saved again under its ID.
		default:
			// The stored entry is damaged: keep it as it is, save apart.
			e.ID, forked = "", true
		}
	}
	saved, err = st.Save(WithGame(e, g))
	if err != nil {
		return saved, forked, fmt.Errorf("saving: %w", err)
	}
	return saved, forked, nil
}
