package shell

import (
	"testing"

	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/store"
)

// TestSettingsNormalize: a theme or board this version does not know becomes the default;
// the other choices stay.
func TestSettingsNormalize(t *testing.T) {
	if got := Normalize(DefaultSettings()); got != DefaultSettings() {
		t.Errorf("the defaults normalized: %+v", got)
	}
	s := Normalize(Settings{Theme: "purple", Board: "green", Dots: false, Sound: true})
	if s.Theme != "system" || s.Board != "green" || s.Dots {
		t.Errorf("normalize kept a bad theme or changed a choice: %+v", s)
	}
	s = Normalize(Settings{Theme: "dark", Board: "plaid"})
	if s.Theme != "dark" || s.Board != "walnut" {
		t.Errorf("normalize kept a bad board: %+v", s)
	}
}

// TestSettingsKeptInLocalStorage checks that saved settings read back as saved, and that a
// damaged stored value reads as the defaults.
func TestSettingsKeptInLocalStorage(t *testing.T) {
	st, _ := browser.Local()
	a := NewApp()
	defer st.Remove(store.SettingsKey)
	want := Normalize(Settings{Theme: "dark", Board: "green", Dots: false, Sound: true, ConfirmMoves: true})
	if err := a.SaveSettings(want); err != nil {
		t.Fatal(err)
	}
	if got := a.LoadSettings(); got != want {
		t.Errorf("read back %+v, saved %+v", got, want)
	}
	if !a.ConfirmMoves() {
		t.Error("move confirmation is not read from the settings")
	}
	if err := st.Set(store.SettingsKey, "{not json"); err != nil {
		t.Fatal(err)
	}
	if got := a.LoadSettings(); got != DefaultSettings() {
		t.Errorf("damaged value read as %+v, want the defaults", got)
	}
}
