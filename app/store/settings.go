package store

import (
	"encoding/json"
	"errors"
	"fmt"
)

// SettingsKey holds the player's settings.
const SettingsKey = "plyground/settings"

// legacyDisplayKey held the display settings of version 1 (see SettingsVersion).
const legacyDisplayKey = "plyground/ui"

// SettingsVersion is the version of the settings that SaveSettings writes. Every version
// ever written keeps loading: testdata/settings-v<N>/ holds samples of each.
//
// Version 2 is one JSON object under SettingsKey holding every setting:
//
//	{"v":2, "theme":"system", "board":"walnut", "dots":true, "sound":true,
//	 "autoFlip":false, "coords":true, "confirmMoves":false}
//
// where a missing field takes its default (DefaultSettings) and fields it does not know are
// ignored.
//
// Version 1 was two values: the display settings under "plyground/ui",
// {"v":1, "theme":"dark", "board":"green", "dots":true, "sound":true, "autoFlip":false,
// "coords":true}, where a missing field was false (a value without "v" meant nothing
// stored), and the game settings under SettingsKey, {"v":1, "confirmMoves":true}. They are
// read together as one value; SaveSettings writes version 2 and removes "plyground/ui".
const SettingsVersion = 2

// maxSetting bounds the length of a theme or board name.
const maxSetting = 40

// Settings are every choice of the player that outlives a game: how the app looks and how a
// game is played.
type Settings struct {
	// Theme is "system" (follow the system), "light" or "dark".
	Theme string `json:"theme"`
	// Board names the board colours ("walnut", "green", "blue", "stone").
	Board string `json:"board"`
	// Dots shows dots on the legal targets of the piece picked up.
	Dots bool `json:"dots"`
	// Sound plays sounds on moves.
	Sound bool `json:"sound"`
	// AutoFlip turns the board to the side to move when two people share the device.
	AutoFlip bool `json:"autoFlip"`
	// Coords shows the coordinates on the board's edges.
	Coords bool `json:"coords"`
	// ConfirmMoves asks for a confirmation before a move is final (for games by link).
	ConfirmMoves bool `json:"confirmMoves"`
	// ScreenReader says each ply and the turn's state in words in a live region of the game
	// screen (its screen-reader mode).
	ScreenReader bool `json:"screenReader,omitempty"`
	// NoPremoves turns premoves off (they are on by default: while the computer thinks, a
	// move may be queued on the board).
	NoPremoves bool `json:"noPremoves,omitempty"`
	// Hints offers a hint button (the engine's best turn, shown as arrows) in games against
	// the computer and between two people on one device; a turn played with a hint is noted
	// in the move list and the PGN. Off by default.
	Hints bool `json:"hints,omitempty"`
}

// Premoves reports whether premoves are on.
func (s Settings) Premoves() bool { return !s.NoPremoves }

// DefaultSettings returns the settings of a first visit: the system's theme, walnut board,
// dots, sound and coordinates on, no auto-flip, no move confirmation.
func DefaultSettings() Settings {
	return Settings{Theme: "system", Board: "walnut", Dots: true, Sound: true, Coords: true}
}

// settingsV2 is the stored form of version 2.
type settingsV2 struct {
	V int `json:"v"`
	Settings
}

// displayV1 is the display settings of version 1 (under "plyground/ui").
type displayV1 struct {
	V        int    `json:"v"`
	Theme    string `json:"theme"`
	Board    string `json:"board"`
	Dots     bool   `json:"dots"`
	Sound    bool   `json:"sound"`
	AutoFlip bool   `json:"autoFlip"`
	Coords   bool   `json:"coords"`
}

// gameV1 is the game settings of version 1 (under SettingsKey).
type gameV1 struct {
	V            int  `json:"v"`
	ConfirmMoves bool `json:"confirmMoves"`
}

// ErrSettings is wrapped by the error of settings that cannot be read (the defaults are used
// instead, and the stored text is left as it is).
var ErrSettings = errors.New("the settings cannot be read")

// Settings returns the stored settings of any version. Missing settings give the defaults;
// unreadable ones give the defaults (for the part that cannot be read) and an error wrapping
// ErrSettings that says why. Reading never changes what is stored.
func (st *Store) Settings() (Settings, error) {
	raw, ok, err := st.Storage.Get(SettingsKey)
	if err != nil {
		return DefaultSettings(), fmt.Errorf("%w: %w", ErrSettings, err)
	}
	display, dok, derr := st.Storage.Get(legacyDisplayKey)
	if derr != nil {
		dok = false
	}
	return DecodeSettings(raw, ok, display, dok)
}

// DecodeSettings reads the settings from what is stored under SettingsKey (raw, when ok) and,
// for version 1, under "plyground/ui" (display, when displayOK). See Store.Settings.
func DecodeSettings(raw string, ok bool, display string, displayOK bool) (Settings, error) {
	s := DefaultSettings()
	var errs []error
	v := 0
	if ok {
		var head struct {
			V int `json:"v"`
		}
		if err := json.Unmarshal([]byte(raw), &head); err != nil {
			errs = append(errs, fmt.Errorf("%w (%v); using the defaults", ErrSettings, err))
			ok = false
		} else {
			v = head.V
		}
	}
	switch {
	case ok && v == 2:
		w := settingsV2{Settings: s}
		if err := json.Unmarshal([]byte(raw), &w); err != nil {
			return DefaultSettings(), fmt.Errorf("%w (%v); using the defaults", ErrSettings, err)
		}
		if err := checkSettings(w.Settings); err != nil {
			return DefaultSettings(), err
		}
		return w.Settings, nil
	case ok && v > SettingsVersion:
		return s, fmt.Errorf("%w: they were saved by a newer version of Plyground (version %d); using the defaults", ErrSettings, v)
	case ok && v != 1:
		errs = append(errs, fmt.Errorf("%w: version %d is unknown here; using the defaults", ErrSettings, v))
	case ok:
		var g gameV1
		if err := json.Unmarshal([]byte(raw), &g); err != nil {
			errs = append(errs, fmt.Errorf("%w (%v); using the defaults", ErrSettings, err))
		} else {
			s.ConfirmMoves = g.ConfirmMoves
		}
	}
	if displayOK {
		var d displayV1
		if err := json.Unmarshal([]byte(display), &d); err != nil {
			errs = append(errs, fmt.Errorf("%w: the display settings (%v); using the defaults", ErrSettings, err))
		} else if d.V != 0 {
			s.Theme, s.Board, s.Dots, s.Sound, s.AutoFlip, s.Coords = d.Theme, d.Board, d.Dots, d.Sound, d.AutoFlip, d.Coords
		}
	}
	if err := checkSettings(s); err != nil {
		return DefaultSettings(), err
	}
	return s, errors.Join(errs...)
}

// checkSettings refuses a theme or board name too long to be one (a caller checks that it
// is one it knows).
func checkSettings(s Settings) error {
	if len(s.Theme) > maxSetting || len(s.Board) > maxSetting {
		return fmt.Errorf("%w: theme %s, board %s", ErrSettings, quote(s.Theme), quote(s.Board))
	}
	return nil
}

// SaveSettings stores the settings in the current version, in one value, and removes the
// display settings of version 1.
func (st *Store) SaveSettings(s Settings) error {
	if err := checkSettings(s); err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	b, err := marshal(settingsV2{V: SettingsVersion, Settings: s})
	if err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	if err := st.Storage.Set(SettingsKey, string(b)); err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	if err := st.Storage.Remove(legacyDisplayKey); err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	return nil
}
