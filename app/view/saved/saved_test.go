package saved

import (
	"testing"

	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/variants"
)

func TestLinkLike(t *testing.T) {
	for text, want := range map[string]bool{
		"https://plyground.example/play#g=AQEAAAADaho&id=x": true,
		"#g=AQEAAAADaho":                            true,
		"g=AQEAAAADaho&w=Ann":                       true,
		"/play#id=x&g=AQEAAAADaho":                  true,
		"[Event \"x\"]\n\n1. e4 e5 *":               false,
		"1. e4 e5 2. Nf3 *":                         false,
		"https://example.com/page":                  false,
		"g=AQ\n1. e4":                               false,
		"https://plyground.example/nec#n=1NMr&id=x": true,
		"n=1NMr":                             true,
		`{"format":"plyground-games","v":1}`: false,
	} {
		if got := linkLike().MatchString(text); got != want {
			t.Errorf("linkLike(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"Ann vs Bob":        "Ann-vs-Bob",
		"Zoë's “big” game!": "Zoë-s-big-game",
		"../../etc":         "etc",
		"":                  "game",
		"???":               "game",
		"a very long title that goes on and on and on beyond sixty characters": "a-very-long-title-that-goes-on-and-on-and-on-beyond-sixty-ch",
	} {
		if got := fileName(in); got != want {
			t.Errorf("fileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResultText(t *testing.T) {
	tests := []struct{ pgn, want string }{
		{"1. e4 *", "In progress: Black to move, turn 1"},
		{"1. e4 e5 2. Nf3 *", "In progress: Black to move, turn 2"},
		{"1. f3 e5 2. g4 Qh4# 0-1", "Black wins by checkmate"},
		{"1. e4 e5 {White resigns} 0-1", "Black wins by resignation"},
	}
	for _, tt := range tests {
		g, _, err := variants.ParsePGN(tt.pgn)
		if err != nil {
			t.Fatal(err)
		}
		if got := resultText(g); got != tt.want {
			t.Errorf("resultText(%q) = %q, want %q", tt.pgn, got, tt.want)
		}
	}
}

func TestItemTitle(t *testing.T) {
	tests := []struct {
		it   store.Item
		want string
	}{
		{store.Item{Entry: store.Entry{ID: "a", Title: "Club night"}}, "Club night"},
		{store.Item{Entry: store.Entry{ID: "a", Players: []store.Player{{Name: "Ann"}, {Level: 3}}}}, "Ann vs Computer (level 3)"},
		{store.Item{Entry: store.Entry{ID: "a"}}, "White vs Black"},
		{store.Item{Key: store.GamePrefix + "broken", Err: store.ErrDamaged}, "broken"},
		{store.Item{Key: store.NECPrefix + "cut", Err: store.ErrDamaged}, "cut"},
		{store.Item{Entry: store.Entry{ID: "n", Kind: store.KindNEC, Players: []store.Player{{Name: "Ann"}, {Level: 2}, {}}}}, "Ann, Computer (level 2), Player 3"},
		{store.Item{Entry: store.Entry{ID: "n", Kind: store.KindNEC}}, "Never-Ending Chess"},
	}
	p := &Page{PageState: shell.NewApp().PageState()}
	for _, tt := range tests {
		if got := p.itemTitle(tt.it); got != tt.want {
			t.Errorf("itemTitle(%+v) = %q, want %q", tt.it.Entry, got, tt.want)
		}
	}
}
