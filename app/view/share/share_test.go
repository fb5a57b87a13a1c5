package share

import (
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"
)

func TestShareLink(t *testing.T) {
	e := store.Entry{ID: "abc", Kind: store.Kind8x8, Record: "AQEAAAADaho", Players: []store.Player{{Name: "Ann"}, {Name: "Bob B"}}}
	tests := []struct{ base, want string }{
		{"https://plyground.example", "https://plyground.example/play#g=AQEAAAADaho&id=abc&w=Ann&b=Bob+B"},
		{"https://user.github.io/plyground/", "https://user.github.io/plyground/play#g=AQEAAAADaho&id=abc&w=Ann&b=Bob+B"},
		{"", "/play#g=AQEAAAADaho&id=abc&w=Ann&b=Bob+B"},
	}
	for _, tt := range tests {
		if got := Link(tt.base, e); got != tt.want {
			t.Errorf("ShareLink(%q) = %q, want %q", tt.base, got, tt.want)
		}
		// The link opens the same game.
		sh, err := store.ParseLink(Link(tt.base, e))
		if err != nil || sh.Record != e.Record || sh.ID != "abc" || sh.Players[1].Name != "Bob B" {
			t.Errorf("link of %q does not open the game: %+v, %v", tt.base, sh, err)
		}
	}
	// A Never-Ending Chess game opens on its own screen.
	nec := store.Entry{ID: "xyz", Kind: store.KindNEC, Record: "1abc"}
	if got := Link("https://plyground.example", nec); got != "https://plyground.example/nec#n=1abc&id=xyz" {
		t.Errorf("Never-Ending Chess link %q", got)
	}
}

func TestQRSVG(t *testing.T) {
	svg := QRSVG("https://plyground.example/play#g=AQEAAAADaho", "QR code of the link")
	if !strings.HasPrefix(svg, "<svg ") || !strings.Contains(svg, "<title>QR code of the link</title>") || !strings.Contains(svg, `fill="#000"`) {
		t.Errorf("svg %.120s", svg)
	}
	if QRSVG(strings.Repeat("x", 3000), "") != "" {
		t.Error("a QR code for 3000 bytes")
	}
}
