package view

import (
	"testing"

	"github.com/plyground/plyground/app/browser"
)

// TestSettingsKeptInLocalStorage checks that saved settings read back as saved, and that a
// damaged stored value reads as the defaults.
func TestSettingsKeptInLocalStorage(t *testing.T) {
	st, _ := browser.Local()
	defer st.Remove(settingsKey)
	want := Settings{V: 1, Theme: "dark", Board: "green", Dots: false, Sound: true}.normalize()
	saveSettings(want)
	if got := loadSettings(); got != want {
		t.Errorf("read back %+v, saved %+v", got, want)
	}
	if err := st.Set(settingsKey, "{not json"); err != nil {
		t.Fatal(err)
	}
	if got := loadSettings(); got != DefaultSettings() {
		t.Errorf("damaged value read as %+v, want the defaults", got)
	}
}
