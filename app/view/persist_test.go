package view

import (
	"math/rand/v2"
	"testing"

	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
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

// TestPlaceShared checks where a game opened from a link is kept (correspondence: the same
// game comes back with its ID and moves on; nothing saved is ever overwritten by another).
func TestPlaceShared(t *testing.T) {
	play := func(pgn string) *turn.Game {
		g, _, err := variants.ParsePGN(pgn)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	st := &store.Store{Storage: &store.Memory{}, Rand: rand.NewChaCha8([32]byte{7})}
	saved, err := st.Save(store.Entry{ID: "corr", Title: "By mail", Players: [2]store.Player{{Name: "Ann"}, {Name: "Bob"}}}, play("1. e4 e5 *"))
	if err != nil {
		t.Fatal(err)
	}
	st.Storage.Set(store.GamePrefix+"broken", "{")
	tests := []struct {
		name    string
		pgn, id string
		wantID  string // "" = a new ID at the first save
		title   string
		save    bool
	}{
		{"no id", "1. e4 e5 *", "", "", "", true},
		{"new here", "1. d4 *", "fresh", "fresh", "", true},
		{"same game", "1. e4 e5 *", "corr", "corr", "By mail", false},
		{"the opponent moved", "1. e4 e5 2. Nf3 *", "corr", "corr", "By mail", true},
		{"an old link", "1. e4 *", "corr", "", "By mail", false},
		{"another game", "1. d4 d5 *", "corr", "", "", true},
		{"a damaged entry", "1. e4 *", "broken", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := play(tt.pgn)
			e, save := placeShared(st, store.Shared{Game: g, Record: g.Encode(), ID: tt.id})
			if e.ID != tt.wantID || save != tt.save || e.Title != tt.title {
				t.Errorf("placeShared: id %q save %v title %q, want %q %v %q", e.ID, save, e.Title, tt.wantID, tt.save, tt.title)
			}
		})
	}
	// Nothing was written.
	if s, _ := st.Load("corr"); s.Record != saved.Record {
		t.Error("placeShared changed a saved game")
	}
}
