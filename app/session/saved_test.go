package session

import (
	"testing"
	"time"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
)

func TestSeatsPlayersRoundTrip(t *testing.T) {
	seats := [2]Seat{{Name: "Ann"}, {Name: "", Computer: true, Level: 4}}
	ps := Players(seats)
	if len(ps) != 2 || ps[0] != (store.Player{Name: "Ann"}) || ps[1] != (store.Player{Level: 4}) {
		t.Errorf("players %+v", ps)
	}
	if back := SeatsOf(ps); back != seats {
		t.Errorf("seats %+v, want %+v", back, seats)
	}
	// A computer seat always has a level, so that it stays a computer.
	if ps := Players([2]Seat{{Computer: true}}); ps[0].Level != 1 {
		t.Errorf("computer without level saved as %+v", ps[0])
	}
	// An entry with no players (or one) reads as two people.
	if seats := SeatsOf(nil); seats != ([2]Seat{}) {
		t.Errorf("no players: %+v", seats)
	}
}

// TestSavedClocks checks what a saved game keeps of its clocks, which time control it opens
// with again and when the saved times are taken up.
func TestSavedClocks(t *testing.T) {
	ft := newFakeTime()
	tc := TimeControl{Initial: time.Minute, Increment: 2 * time.Second}
	s := startEnv(t, Config{Variant: "orthodox", Clock: tc}, Env{Now: ft.now})
	if c := s.SavedClock(); c != (store.Clock{Control: "1+2", Left: [2]time.Duration{time.Minute, time.Minute}}) {
		t.Errorf("before the first action: %+v", c)
	}
	if c := start(t, Config{Variant: "orthodox"}).SavedClock(); c != (store.Clock{}) {
		t.Errorf("a game without clocks keeps %+v", c)
	}
	clicks(t, s, "e2e4", "e7e5")
	ft.wait(5 * time.Second)
	kept := s.SavedClock()
	if kept.Control != "1+2" || kept.Left[engine.White] != time.Minute+2*time.Second-5*time.Second {
		t.Errorf("kept %+v", kept)
	}

	five := TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}
	e := store.Entry{Record: s.Game().Encode(), Clock: kept}
	tests := []struct {
		name  string
		named bool
		tc    TimeControl
		e     store.Entry
		want  TimeControl
	}{
		{"the saved one", false, five, e, tc},
		{"the address names one", true, five, e, five},
		{"none saved", false, five, store.Entry{}, five},
		{"a damaged one saved", false, five, store.Entry{Clock: store.Clock{Control: "x"}}, five},
	}
	for _, tt := range tests {
		if got := SavedTimeControl(tt.named, tt.tc, tt.e); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}

	// Opened again an hour later with the saved record and control: the times go on.
	ft.wait(time.Hour)
	again, err := Load(s.Game().Record(), s.Seats(), tc, Env{Now: ft.now})
	if err != nil {
		t.Fatal(err)
	}
	again.ResumeSaved(e)
	if got := again.ClockLeft(engine.White); got != kept.Left[engine.White] {
		t.Errorf("resumed White %v, want %v", got, kept.Left[engine.White])
	}
	// Another record, or another control, leaves the clocks full.
	for name, other := range map[string]store.Entry{
		"another record":  {Record: start(t, Config{Variant: "orthodox"}).Game().Encode(), Clock: kept},
		"another control": {Record: e.Record, Clock: store.Clock{Control: "5+3", Left: kept.Left}},
	} {
		fresh, _ := Load(s.Game().Record(), s.Seats(), tc, Env{Now: ft.now})
		fresh.ResumeSaved(other)
		if got := fresh.ClockLeft(engine.White); got != time.Minute {
			t.Errorf("%s: White %v, want the full minute", name, got)
		}
	}
}

// TestConfirmation checks move confirmation on a Marseillais game (two plies a turn): it
// applies between two people only, a move waits once played, and the turn is done only when
// its last ply is.
func TestConfirmation(t *testing.T) {
	people := [2]Seat{{Name: "Ann"}, {Name: "Bob"}}
	if NewConfirmation(true, [2]Seat{{}, {Computer: true, Level: 2}}, 0).On {
		t.Error("confirmation against the computer")
	}
	if NewConfirmation(false, people, 0).On {
		t.Error("confirmation with the setting off")
	}
	s := start(t, Config{Variant: "marseillais", Seats: people})
	c := NewConfirmation(true, people, 0)
	if c.Pending(s) || c.Awaiting(s) {
		t.Error("waiting before a move")
	}
	click(t, s, "e2e4") // White's first turn is one ply
	if !c.Pending(s) || !c.TurnDone(s) || !c.Awaiting(s) {
		t.Errorf("after White's turn: pending %v done %v", c.Pending(s), c.TurnDone(s))
	}
	c.Confirmed = s.Len()
	if c.Pending(s) {
		t.Error("waiting after the confirmation")
	}
	click(t, s, "e7e5")
	if !c.Pending(s) || c.TurnDone(s) || c.Awaiting(s) {
		t.Error("half of Black's turn: pending, not done")
	}
	click(t, s, "b8c6")
	if !c.Awaiting(s) {
		t.Error("Black's turn done: it waits")
	}
	off := NewConfirmation(false, people, 1)
	if off.Pending(s) || off.Awaiting(s) {
		t.Error("with the setting off nothing waits")
	}
	// A game that ends is done whoever was to move.
	mate := start(t, Config{Variant: "orthodox", Seats: people})
	clicks(t, mate, "f2f3", "e7e5", "g2g4")
	c = NewConfirmation(true, people, mate.Len())
	click(t, mate, "d8h4")
	if !mate.Over() || !c.Awaiting(mate) {
		t.Error("the mate waits for its confirmation")
	}
}
