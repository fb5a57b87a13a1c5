package store

import (
	"encoding/json"
	"fmt"
)

// Settings are the player's choices that outlive a game.
type Settings struct {
	// ConfirmMoves asks for a confirmation before a move is final (for correspondence).
	ConfirmMoves bool `json:"confirmMoves"`
}

// settingsV1 is the stored form of the settings, version 1 (fields it does not know are
// ignored, missing ones take their zero value).
type settingsV1 struct {
	V int `json:"v"`
	Settings
}

// Settings returns the stored settings. Missing or unreadable settings give the defaults
// and, for unreadable ones, an error saying why (the stored text is left as it is).
func (st *Store) Settings() (Settings, error) {
	raw, ok, err := st.Storage.Get(SettingsKey)
	if err != nil {
		return Settings{}, fmt.Errorf("reading the settings: %w", err)
	}
	if !ok {
		return Settings{}, nil
	}
	var w settingsV1
	if err := json.Unmarshal([]byte(raw), &w); err != nil {
		return Settings{}, fmt.Errorf("the settings are %w (%v); using the defaults", ErrDamaged, err)
	}
	if w.V != 1 {
		return Settings{}, fmt.Errorf("the settings have version %d, unknown here; using the defaults", w.V)
	}
	return w.Settings, nil
}

// SaveSettings stores the settings.
func (st *Store) SaveSettings(s Settings) error {
	b, err := json.Marshal(settingsV1{V: 1, Settings: s})
	if err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	if err := st.Storage.Set(SettingsKey, string(b)); err != nil {
		return fmt.Errorf("saving the settings: %w", err)
	}
	return nil
}
