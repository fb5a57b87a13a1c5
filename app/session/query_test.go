package session

import (
	"net/url"
	"testing"

	"github.com/plyground/plyground/engine"
)

func TestGameQueryRoundTrip(t *testing.T) {
	tests := []struct {
		query string
		want  GameQuery
	}{
		{"", GameQuery{Variant: "orthodox", Mode: ModeTwo, Level: 1}},
		{"variant=sdm&options=tokens%3D2&clock=5%2B3&color=black",
			GameQuery{Variant: "sdm", Options: "tokens=2", Mode: ModeTwo, Color: engine.Black, Level: 1,
				Clock: TimeControl{Initial: 300e9, Increment: 3e9}}},
		{"variant=Dice+chess&mode=computer&level=3",
			GameQuery{Variant: "dice", Mode: ModeComputer, Level: 3}},
	}
	for _, tt := range tests {
		q, _ := url.ParseQuery(tt.query)
		got, err := ParseGameQuery(q)
		if err != nil || got != tt.want {
			t.Errorf("ParseGameQuery(%q) = %+v, %v; want %+v", tt.query, got, err, tt.want)
			continue
		}
		back, err := ParseGameQuery(got.Values())
		if err != nil || back != got {
			t.Errorf("%q: round trip %+v, %v", tt.query, back, err)
		}
	}
	for _, bad := range []string{"variant=nec", "variant=xyz", "mode=three", "color=red", "clock=x", "level=0"} {
		q, _ := url.ParseQuery(bad)
		if _, err := ParseGameQuery(q); err == nil {
			t.Errorf("ParseGameQuery(%q) accepted", bad)
		}
	}
	seats := GameQuery{Variant: "orthodox", Mode: ModeComputer, Color: engine.Black, Level: 2}.Seats()
	if !seats[engine.White].Computer || seats[engine.Black].Computer || seats[engine.White].Level != 2 {
		t.Errorf("seats against the computer as Black: %+v", seats)
	}
}

func FuzzParseGameQuery(f *testing.F) {
	f.Add("variant=sdm&options=tokens%3D2&clock=5%2B3&color=black")
	f.Add("variant=dice&mode=computer&level=3&fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k+w+-+-+0+1")
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		g, err := ParseGameQuery(q)
		if err != nil {
			return
		}
		back, err := ParseGameQuery(g.Values())
		if err != nil || back != g {
			t.Fatalf("%q: %+v then %+v, %v", raw, g, back, err)
		}
	})
}

// TestExplicitSeats: a query names who plays only with a mode of its own.
func TestExplicitSeats(t *testing.T) {
	for raw, want := range map[string]bool{"": false, "variant=sdm": false, "mode=two": true, "mode=computer&level=2": true} {
		q, _ := url.ParseQuery(raw)
		if got := ExplicitSeats(q); got != want {
			t.Errorf("ExplicitSeats(%q) = %v", raw, got)
		}
	}
}
