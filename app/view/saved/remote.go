package saved

import (
	"fmt"

	"github.com/plyground/plyground/app/necgame/remote"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/route"
)

// remoteRow returns, for a Never-Ending Chess game across devices, the address of its screen
// and what the row says of it (the device's role, whether the player's order is sent, how
// many orders the referee has); "" for any other game.
func remoteRow(e store.Entry) (url, text string) {
	if remote.RoleOf(e) == remote.NoRole {
		return "", ""
	}
	url = route.NECRemoteGame(e.ID)
	s, err := remote.Summarize(e)
	if err != nil {
		return url, "Across devices."
	}
	switch s.Role {
	case remote.RefereeRole:
		return url, fmt.Sprintf("Across devices, you referee: %d orders in.", s.In)
	case remote.PlayerRole:
		if s.Sent {
			return url, fmt.Sprintf("Across devices, seat %d: your order is sent.", s.Seat+1)
		}
		return url, fmt.Sprintf("Across devices, seat %d: your order is not sent yet.", s.Seat+1)
	}
	return url, "Across devices."
}
