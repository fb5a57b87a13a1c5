// Package necremote holds the screens of Never-Ending Chess across devices (issue 18): what the
// page does with a remote-game link (invitation, sealed order, public update) opened on this
// device. The screens themselves are still to come; OpenLink is the logic they call.
package necremote

import (
	"errors"
	"fmt"

	"github.com/plyground/plyground/app/necgame/remote"
	"github.com/plyground/plyground/app/store"
)

// Opened says what opening a remote link did on this device.
type Opened struct {
	// Kind is the kind of link.
	Kind remote.LinkKind
	// ID is the saved game it concerns (the game's id).
	ID string
	// Notice says what happened, in words for the player or the referee.
	Notice string
}

// OpenLink files a remote-game link in the device's store: an invitation saves the player's
// side (once; opening it again keeps what is saved), an order is filed in the referee's game,
// an update brings the player's side to it. Anything refused changes nothing and the error
// says why in words.
func OpenLink(st *store.Store, link string) (Opened, error) {
	k := remote.KindOf(link)
	switch k {
	case remote.InvitationLink:
		inv, err := remote.ParseInvitation(link)
		if err != nil {
			return Opened{Kind: k}, err
		}
		if _, _, p, err := remote.Load(st, inv.Game); err == nil && p != nil {
			return Opened{Kind: k, ID: inv.Game, Notice: "This invitation is already on this device."}, nil
		} else if err == nil {
			return Opened{Kind: k, ID: inv.Game}, errors.New("this device is the referee of this game: send the invitation to the player")
		}
		p, err := remote.Join(inv)
		if err != nil {
			return Opened{Kind: k}, err
		}
		if _, err := remote.SavePlayer(st, store.Entry{}, p); err != nil {
			return Opened{Kind: k}, err
		}
		return Opened{Kind: k, ID: inv.Game, Notice: fmt.Sprintf("You play seat %d of this game.", inv.Seat+1)}, nil
	case remote.OrderLink:
		o, err := remote.ParseOrder(link)
		if err != nil {
			return Opened{Kind: k}, err
		}
		e, r, _, err := remote.Load(st, o.Game)
		if err != nil || r == nil {
			return Opened{Kind: k, ID: o.Game}, errors.New("this order link is for a game this device does not referee: open it on the referee's device")
		}
		f, err := r.File(o)
		if err != nil {
			return Opened{Kind: k, ID: o.Game}, err
		}
		if _, err := remote.SaveReferee(st, e, r); err != nil {
			return Opened{Kind: k, ID: o.Game}, err
		}
		return Opened{Kind: k, ID: o.Game, Notice: f.Notice}, nil
	case remote.UpdateLink:
		u, err := remote.ParseUpdate(link)
		if err != nil {
			return Opened{Kind: k}, err
		}
		e, r, p, err := remote.Load(st, u.Game)
		if err != nil || p == nil {
			if r != nil {
				return Opened{Kind: k, ID: u.Game, Notice: "This device is the game's referee: its game is already up to date."}, nil
			}
			return Opened{Kind: k, ID: u.Game}, errors.New("this update is of a game this device has no invitation for: open your invitation first")
		}
		a, err := p.Apply(u)
		if err != nil {
			return Opened{Kind: k, ID: u.Game}, err
		}
		if a == remote.AppliedSame {
			return Opened{Kind: k, ID: u.Game, Notice: "This device already shows this update."}, nil
		}
		if _, err := remote.SavePlayer(st, e, p); err != nil {
			return Opened{Kind: k, ID: u.Game}, err
		}
		return Opened{Kind: k, ID: u.Game, Notice: "The board shows the new update: send your next order."}, nil
	}
	return Opened{}, errors.New("not a link of a game across devices")
}
