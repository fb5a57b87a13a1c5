package necgame

import (
	"errors"
	"fmt"
	"slices"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/nec"
)

// FilingKind says what becomes of a game opened from a link (FileShared).
type FilingKind uint8

// The kinds of filing.
const (
	// FileNew: nothing is saved under the link's id (or the link has none): the link's game is
	// saved under it (or under a new id).
	FileNew FilingKind = iota
	// FileSame: this device has the link's game, at the same update: it is opened as saved.
	FileSame
	// FileUpdate: this device has the game, and the link is ahead: the saved game is brought
	// up to the link's update.
	FileUpdate
	// FileDevice: this device has the game further than the link (an old link): the device's
	// game is shown and stays as it is, and the player is told.
	FileDevice
	// FileApart: a different game is saved under the link's id (or an entry that cannot be
	// read): it stays as it is, the link's game is saved under a new id, and the player is
	// told.
	FileApart
)

// String names the kind.
func (k FilingKind) String() string {
	switch k {
	case FileNew:
		return "new"
	case FileSame:
		return "same"
	case FileUpdate:
		return "update"
	case FileDevice:
		return "device"
	case FileApart:
		return "apart"
	}
	return "filing?"
}

// Filing is what becomes of a game opened from a link.
type Filing struct {
	Kind FilingKind
	// ID is the saved game the screen shows and saves to.
	ID string
	// Record is the game to show: the link's, or the device's (FileSame, FileDevice).
	Record Record
	// Save is set when the game must be saved now (FileNew, FileUpdate, FileApart).
	Save bool
	// Notice is what to tell the player ("" for nothing).
	Notice string
}

// FileShared decides where a game opened from a link is kept. A link's game never replaces a
// different saved game: anyone who once had a game's link knows its id, and could otherwise
// overwrite it with any game. Two records are the same game when they have the same start and
// the updates of one begin with all the updates of the other.
//
// link is the link's game and linkID its id ("" when the link has none); saved and loadErr are
// what the store's Load returned for linkID (store.KindNEC); newID draws the id to keep the
// link's game under when it cannot have linkID (a new random id, store.NewID), and is called
// only then. When it fails, the link's game is shown but not saved (ID "", Save false, and a
// notice that says so and why).
func FileShared(link Record, linkID string, saved store.Entry, loadErr error, newID func() (string, error)) Filing {
	// fresh is the new id, or the notice that there is none.
	fresh := func() (string, string) {
		id, err := newID()
		if err == nil && id == "" {
			err = errors.New("the store gave an empty id")
		}
		if err != nil {
			return "", fmt.Sprintf("The link's game is shown but not saved on this device: no new game id could be made (%v).", err)
		}
		return id, ""
	}
	if linkID == "" || store.CheckID(linkID) != nil {
		id, unsaved := fresh()
		if id == "" {
			return Filing{Kind: FileNew, Record: link, Notice: unsaved}
		}
		return Filing{Kind: FileNew, ID: id, Record: link, Save: true}
	}
	f := Filing{Kind: FileNew, ID: linkID, Record: link, Save: true}
	if errors.Is(loadErr, store.ErrNotFound) {
		return f
	}
	apart := func(why string) Filing {
		id, unsaved := fresh()
		if id == "" {
			return Filing{Kind: FileApart, Record: link, Notice: why + " It is kept as it was. " + unsaved}
		}
		return Filing{Kind: FileApart, ID: id, Record: link, Save: true,
			Notice: why + " It is kept as it was, and the link's game is saved as a new game."}
	}
	if loadErr != nil {
		return apart(fmt.Sprintf("A saved game with this link's id (%s) cannot be read.", linkID))
	}
	local, err := DecodeRecord(saved.Record)
	if err != nil {
		return apart(fmt.Sprintf("A saved game with this link's id (%s) cannot be read.", linkID))
	}
	switch Compare(link, local) {
	case Same:
		return Filing{Kind: FileSame, ID: linkID, Record: local}
	case Ahead:
		return Filing{Kind: FileUpdate, ID: linkID, Record: link, Save: true}
	case Behind:
		return Filing{Kind: FileDevice, ID: linkID, Record: local,
			Notice: fmt.Sprintf("This device has a later position of this game than the link (update %d; the link stops at update %d): the device's is shown.", len(local.Updates), len(link.Updates))}
	}
	return apart(fmt.Sprintf("This device has a different game saved with this link's id (%s).", linkID))
}

// Relation is how two records of games relate (Compare).
type Relation int

// The results of Compare.
const (
	// Different: not the same game.
	Different Relation = iota
	// Same: the same game at the same update.
	Same
	// Ahead: the same game, the first further than the second.
	Ahead
	// Behind: the same game, the first not as far as the second.
	Behind
)

// Compare tells whether a and b are the same game (the same start, and the updates of one
// begin with all the updates of the other) and which is further.
func Compare(a, b Record) Relation {
	if !a.Start.Equal(b.Start) {
		return Different
	}
	n := min(len(a.Updates), len(b.Updates))
	for k := 0; k < n; k++ {
		if !slices.EqualFunc(a.Updates[k], b.Updates[k], sameOrder) {
			return Different
		}
	}
	switch {
	case len(a.Updates) > len(b.Updates):
		return Ahead
	case len(a.Updates) < len(b.Updates):
		return Behind
	}
	return Same
}

// sameOrder reports whether two orders are the same.
func sameOrder(a, b nec.Order) bool {
	return a.Player == b.Player && slices.Equal(a.Steps, b.Steps)
}
