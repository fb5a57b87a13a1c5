package session

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// TestEndReportSaysTheReasonAndLinksOnlyARuleWorthReading: the end dialog says why a game
// ended in words, links the rule that decided it on the rules page that states it, and
// links nothing for a plain checkmate (O1), a resignation, or a flag fall in a variant whose
// rules have no clock rule (SDM's S7 is not orthodox chess's).
func TestEndReportSaysTheReasonAndLinksOnlyARuleWorthReading(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		plies   []string
		clock   bool // let White's clock run out after the plies
		resign  bool // White resigns after the plies
		want    EndReport
	}{
		{name: "O1 fool's mate: checkmate, no rule", variant: "orthodox",
			plies: []string{"f2f3", "e7e5", "g2g4", "d8h4"},
			want:  EndReport{Result: turn.BlackWins, Title: "Black wins", Reason: "Checkmate."}},
		{name: "orthodox flag fall: no S7", variant: "orthodox", plies: []string{"e2e4", "e7e5"}, clock: true,
			want: EndReport{Result: turn.BlackWins, Title: "Black wins", Reason: "White ran out of time."}},
		{name: "S7 SDM flag fall links its clock rule", variant: "sdm", plies: []string{"e2e4", "e7e5"}, clock: true,
			want: EndReport{Result: turn.BlackWins, Title: "Black wins", Reason: "White ran out of time.", Rule: "S7", RulesOf: "sdm"}},
		{name: "resignation: no rule", variant: "marseillais", plies: []string{"e2e4"}, resign: true,
			want: EndReport{Result: turn.BlackWins, Title: "Black wins", Reason: "White resigned."}},
		{name: "P2 progressive mate links its rule", variant: "progressive-italian",
			plies: []string{"e2e4", "e7e5", "g8f6", "f1c4", "d1h5", "h5f7"},
			want:  EndReport{Result: turn.WhiteWins, Title: "White wins", Reason: "Checkmate.", Rule: "P2", RulesOf: "progressive-italian"}},
		{name: "O2 repetition links the orthodox rule", variant: "orthodox",
			plies: []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"},
			want:  EndReport{Result: turn.Draw, Title: "Draw", Reason: "The same position came up three times.", Rule: "O2", RulesOf: "orthodox"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ft := newFakeTime()
			c := Config{Variant: tt.variant}
			if tt.clock {
				c.Clock = TimeControl{Initial: time.Minute}
			}
			s := startEnv(t, c, Env{Now: ft.now})
			clicks(t, s, tt.plies...)
			if _, over := s.End(); over != s.Over() {
				t.Fatalf("End reports over=%v while the game's over=%v", over, s.Over())
			}
			if tt.clock {
				ft.wait(2 * time.Minute)
				if !s.Tick() {
					t.Fatalf("no flag fall")
				}
			}
			if tt.resign {
				if err := s.Resign(engine.White); err != nil {
					t.Fatal(err)
				}
			}
			got, over := s.End()
			if !over || got != tt.want {
				t.Errorf("End() = %+v, %v; want %+v", got, over, tt.want)
			}
			if p := s.Panel(); p.RuleLink != tt.want.Rule || p.RulesOf != tt.want.RulesOf {
				t.Errorf("panel's rule link %q of %q, want %q of %q", p.RuleLink, p.RulesOf, tt.want.Rule, tt.want.RulesOf)
			}
		})
	}
}

// TestEndReportUsesNames: a resignation or a flag fall names the player when it has a name.
func TestEndReportUsesNames(t *testing.T) {
	s := start(t, Config{Variant: "orthodox", Seats: [2]Seat{{Name: "Ann"}, {Name: "Bob"}}})
	click(t, s, "e2e4")
	if err := s.Resign(engine.Black); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.End(); r.Reason != "Bob resigned." {
		t.Errorf("reason %q", r.Reason)
	}
}

// TestRematchSwapsColoursAndKeepsTheRest: a rematch is the same variant, options, start,
// clock and level with the colours swapped; against the computer the person takes the
// computer's side; two people swap names and the side at the bottom.
func TestRematchSwapsColoursAndKeepsTheRest(t *testing.T) {
	fen := "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	tc := TimeControl{Initial: 3 * time.Minute, Increment: 2 * time.Second}
	tests := []struct {
		name   string
		seats  [2]Seat
		bottom engine.Color
		want   GameQuery
	}{
		{name: "person as White against level 3", seats: [2]Seat{{Name: "Ann"}, {Computer: true, Level: 3}}, bottom: engine.White,
			want: GameQuery{Variant: "sdm", Options: "tokens=2", FEN: fen, Mode: ModeComputer, Color: engine.Black, Clock: tc, Level: 3,
				Names: [2]string{"", "Ann"}}},
		{name: "person as Black against the computer", seats: [2]Seat{{Computer: true, Level: 1}, {}}, bottom: engine.Black,
			want: GameQuery{Variant: "sdm", Options: "tokens=2", FEN: fen, Mode: ModeComputer, Color: engine.White, Clock: tc, Level: 1}},
		{name: "two people swap names", seats: [2]Seat{{Name: "Ann"}, {Name: "Bob"}}, bottom: engine.White,
			want: GameQuery{Variant: "sdm", Options: "tokens=2", FEN: fen, Mode: ModeTwo, Color: engine.Black, Clock: tc, Level: 1,
				Names: [2]string{"Bob", "Ann"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, Config{Variant: "sdm", Options: "tokens=2", Start: fen, Seats: tt.seats, Clock: tc})
			got := Rematch(s, tt.bottom)
			if got != tt.want {
				t.Fatalf("Rematch = %+v\nwant      %+v", got, tt.want)
			}
			// The address of the rematch reads back as the same game.
			back, err := ParseGameQuery(got.Values())
			if err != nil || back != got {
				t.Errorf("ParseGameQuery(%v) = %+v, %v; want %+v", got.Values(), back, err, got)
			}
			seats := back.Seats()
			if seats[0].Name != tt.seats[1].Name && !tt.seats[1].Computer || seats[1].Name != tt.seats[0].Name && !tt.seats[0].Computer {
				t.Errorf("seats %+v do not swap the names of %+v", seats, tt.seats)
			}
		})
	}
}

// TestNamesInTheQueryAreCleanedAndBounded: names from an address lose control characters and
// outer spaces and are cut to store.MaxName characters; the computer's side has none.
func TestNamesInTheQueryAreCleanedAndBounded(t *testing.T) {
	long := strings.Repeat("é", store.MaxName+20)
	tests := []struct {
		query string
		want  [2]string
	}{
		{"white=Ann&black=Bob", [2]string{"Ann", "Bob"}},
		{"white=%20Ann%0A%00&black=<b>Bob</b>", [2]string{"Ann", "<b>Bob</b>"}},
		{"white=" + url.QueryEscape(long), [2]string{strings.Repeat("é", store.MaxName), ""}},
		{"mode=computer&color=black&white=HAL&black=Ann", [2]string{"", "Ann"}},
	}
	for _, tt := range tests {
		v, err := url.ParseQuery(tt.query)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParseGameQuery(v)
		if err != nil {
			t.Fatalf("%s: %v", tt.query, err)
		}
		if q.Names != tt.want {
			t.Errorf("%s: names %q, want %q", tt.query, q.Names, tt.want)
		}
	}
}
