package necplay

import (
	"fmt"

	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/share"
)

// Never-Ending Chess games are saved games like the others (package app/store, kind
// store.KindNEC): they live in local storage, are listed, exported and imported on the
// saved-games screen, and travel in links as /nec#n=<record>&id=<id>.

// necEntry returns the saved-game entry of the game on the screen.
func (p *Screen) necEntry() store.Entry {
	e := p.entry
	e.ID = p.id
	return necgame.WithGame(e, p.g)
}

// necParseFragment reads the fragment of a share link (store.ParseFragment): the record it
// carries, checked update by update, and the game's ID ("" when the link has none). The error
// wraps store.ErrLink for a link that is no Never-Ending Chess link, necgame.ErrRecord (and
// ErrTooLarge) for a record that does not read.
func necParseFragment(fragment string) (necgame.Record, string, error) {
	sh, err := store.ParseFragment(fragment)
	if err != nil {
		return necgame.Record{}, "", err
	}
	if sh.Kind != store.KindNEC {
		return necgame.Record{}, "", fmt.Errorf("%w: it holds a game of %s, not of Never-Ending Chess", store.ErrLink, share.KindName(sh.Kind))
	}
	r, err := necgame.DecodeRecord(sh.Record)
	if err != nil {
		return necgame.Record{}, "", err
	}
	return r, sh.ID, nil
}
