package home

import (
	"testing"

	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
)

// TestSettingsKeptInLocalStorage checks that saved settings read back as saved, and that a
// damaged stored value reads as the defaults.
func TestSettingsKeptInLocalStorage(t *testing.T) {
	st, _ := browser.Local()
	defer st.Remove(store.SettingsKey)
	want := shell.Normalize(shell.Settings{Theme: "dark", Board: "green", Dots: false, Sound: true, ConfirmMoves: true})
	if err := shell.SaveSettings(want); err != nil {
		t.Fatal(err)
	}
	if got := shell.LoadSettings(); got != want {
		t.Errorf("read back %+v, saved %+v", got, want)
	}
	if !shell.ConfirmMoves() {
		t.Error("move confirmation is not read from the settings")
	}
	if err := st.Set(store.SettingsKey, "{not json"); err != nil {
		t.Fatal(err)
	}
	if got := shell.LoadSettings(); got != shell.DefaultSettings() {
		t.Errorf("damaged value read as %+v, want the defaults", got)
	}
}
