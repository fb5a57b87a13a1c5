package view

import (
	"testing"

	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/store"
)

// TestSettingsKeptInLocalStorage checks that saved settings read back as saved, and that a
// damaged stored value reads as the defaults.
func TestSettingsKeptInLocalStorage(t *testing.T) {
	st, _ := browser.Local()
	defer st.Remove(store.SettingsKey)
	want := normalize(Settings{Theme: "dark", Board: "green", Dots: false, Sound: true, ConfirmMoves: true})
	if err := saveSettings(want); err != nil {
		t.Fatal(err)
	}
	if got := loadSettings(); got != want {
		t.Errorf("read back %+v, saved %+v", got, want)
	}
	if !confirmMoves() {
		t.Error("move confirmation is not read from the settings")
	}
	if err := st.Set(store.SettingsKey, "{not json"); err != nil {
		t.Fatal(err)
	}
	if got := loadSettings(); got != DefaultSettings() {
		t.Errorf("damaged value read as %+v, want the defaults", got)
	}
}
