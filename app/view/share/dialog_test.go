package share

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
)

// TestDialogDraws: the share dialog of a game draws its link (the game in the fragment), the
// copy button and the QR code; the move-confirmation setting only for an 8x8 game.
func TestDialogDraws(t *testing.T) {
	tests := []struct {
		name    string
		e       store.Entry
		link    string
		confirm bool
	}{
		{"8x8", store.Entry{Kind: store.Kind8x8, ID: "abc", Record: "AQEAAAADaho"}, "/play#", true},
		{"Never-Ending Chess", store.Entry{Kind: store.KindNEC, ID: "n1", Record: "AQ"}, "/nec#", false},
	}
	for _, tt := range tests {
		d := &Dialog{App: shell.NewTestApp(&store.Memory{}), Entry: tt.e}
		e := app.NewTestEngine()
		if err := e.Load(d); err != nil {
			t.Fatal(err)
		}
		e.ConsumeAll()
		var b strings.Builder
		app.PrintHTML(&b, d)
		got := b.String()
		for _, want := range []string{tt.link, `id="share-copy"`, "<svg"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the dialog does not say %q", tt.name, want)
			}
		}
		if has := strings.Contains(got, `type="checkbox"`); has != tt.confirm {
			t.Errorf("%s: move-confirmation setting shown %v, want %v", tt.name, has, tt.confirm)
		}
	}
}
