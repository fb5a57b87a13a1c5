package shell

import "testing"

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
