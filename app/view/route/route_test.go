package route

import (
	"testing"

	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
)

// TestAddresses: every builder writes the address the pages are registered under.
func TestAddresses(t *testing.T) {
	q := session.GameQuery{Variant: "sdm", Mode: session.ModeComputer, Color: engine.Black, Level: 2}
	tests := []struct{ name, got, want string }{
		{"home", Home(), "/"},
		{"new game", NewGame(), "/new"},
		{"new game filled", NewGameWith(session.GameQuery{Variant: "sdm"}), "/new?" + session.GameQuery{Variant: "sdm"}.Values().Encode()},
		{"play", Play(q), "/play?" + q.Values().Encode()},
		{"rules", Rules("sdm"), "/rules/sdm"},
		{"rules index", RulesIndex(), "/rules"},
		{"settings", Settings(), "/settings"},
		{"about", About(), "/about"},
		{"saved", Saved(), "/saved"},
		{"nec", NEC(), "/nec"},
		{"nec new", NECNew(), "/nec/new"},
		{"8x8 game screen", Game(store.Kind8x8), "/play"},
		{"nec game screen", Game(store.KindNEC), "/nec"},
		{"saved 8x8 game", SavedGame(store.Kind8x8, "abc"), "/play?id=abc"},
		{"saved nec game", SavedGame(store.KindNEC, "a b"), "/nec?id=a+b"},
		{"shared game", Shared(store.KindNEC, "n=x"), "/nec#n=x"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}

// TestRulesVariant reads the variant of a rules page's path, and nothing of another path.
func TestRulesVariant(t *testing.T) {
	for path, want := range map[string]string{"/rules/sdm": "sdm", "/rules/": "", "/rules": "", "/play": "", "/x/rules/sdm": ""} {
		if got := RulesVariant(path); got != want {
			t.Errorf("RulesVariant(%q) = %q, want %q", path, got, want)
		}
	}
}
