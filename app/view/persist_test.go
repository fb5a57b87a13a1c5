package view

import (
	"testing"

	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
)

func TestSeatsPlayersRoundTrip(t *testing.T) {
	seats := [2]session.Seat{{Name: "Ann"}, {Name: "", Computer: true, Level: 4}}
	ps := playersOf(seats)
	if ps[0] != (store.Player{Name: "Ann"}) || ps[1] != (store.Player{Level: 4}) {
		t.Errorf("players %+v", ps)
	}
	if back := seatsOf(ps); back != seats {
		t.Errorf("seats %+v, want %+v", back, seats)
	}
	// A computer seat always has a level, so that it stays a computer.
	if ps := playersOf([2]session.Seat{{Computer: true}}); ps[0].Level != 1 {
		t.Errorf("computer without level saved as %+v", ps[0])
	}
}
