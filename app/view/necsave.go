package view

import (
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
)

// Never-Ending Chess games are saved games like the others (package app/store, kind
// store.KindNEC): they live in local storage, are listed, exported and imported on the
// saved-games screen, and travel in links as /nec#n=<record>&id=<id>.

// necEntry returns the saved-game entry of the game on the screen.
func (p *NECPlay) necEntry() store.Entry {
	e := p.entry
	e.ID = p.id
	return necgame.WithGame(e, p.g)
}

// necOpenLink reads the fragment of a share link: the game and its ID ("" when the link has
// none). The error says what is wrong, in the words of every link.
func necOpenLink(fragment string) (*necgame.Game, string, error) {
	sh, err := store.ParseFragment(fragment)
	if err != nil {
		return nil, "", err
	}
	g, err := necgame.OpenLink(sh)
	if err != nil {
		return nil, "", err
	}
	return g, sh.ID, nil
}
