package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/store"
)

// Settings are the player's choices, display and game settings together: one value kept by
// package app/store (store.Settings), which reads every stored form they ever had.
type Settings = store.Settings

// DefaultSettings returns the settings of a first visit.
func DefaultSettings() Settings { return store.DefaultSettings() }

// Themes lists the theme choices with their names.
var Themes = []struct{ Key, Name string }{
	{"system", "Follow the system"},
	{"light", "Light"},
	{"dark", "Dark"},
}

// BoardThemes lists the board colour choices: key, name, light and dark square colours
// (the colours are for the swatches; web/app.css draws the boards).
var BoardThemes = []struct{ Key, Name, Light, Dark string }{
	{"walnut", "Walnut", "#eedcbf", "#b58a66"},
	{"green", "Green", "#eeeed2", "#769656"},
	{"blue", "Blue", "#dee3e6", "#8ca2ad"},
	{"stone", "Stone", "#e4e1dc", "#a39e96"},
}

// normalize replaces a theme or board this version does not know by the default.
func Normalize(s Settings) Settings {
	d := DefaultSettings()
	ok := false
	for _, t := range Themes {
		ok = ok || t.Key == s.Theme
	}
	if !ok {
		s.Theme = d.Theme
	}
	ok = false
	for _, b := range BoardThemes {
		ok = ok || b.Key == s.Board
	}
	if !ok {
		s.Board = d.Board
	}
	return s
}

// LoadSettings reads the settings from the browser's local storage (through the store): the
// defaults for what is not stored or cannot be read. It needs no context, so that a page can
// read them before it is mounted (play.Screen.OnInit).
func (a *App) LoadSettings() Settings {
	st, _ := a.Store()
	s, _ := st.Settings()
	return Normalize(s)
}

// SaveSettings stores the settings and applies them to the document.
func (a *App) SaveSettings(s Settings) error {
	s = Normalize(s)
	st, _ := a.Store()
	err := st.SaveSettings(s)
	if err != nil {
		app.Log("saving the settings:", err)
	}
	ApplySettings(s)
	return err
}

// ApplySettings sets the theme and board colours on the document element, where
// web/app.css reads them (data-theme, data-board).
func ApplySettings(s Settings) {
	if !app.IsClient {
		return
	}
	root := app.Window().Get("document").Get("documentElement")
	if s.Theme == "light" || s.Theme == "dark" {
		root.Call("setAttribute", "data-theme", s.Theme)
	} else {
		root.Call("removeAttribute", "data-theme")
	}
	root.Call("setAttribute", "data-board", s.Board)
}

// ConfirmMoves reads the move-confirmation setting.
func (a *App) ConfirmMoves() bool { return a.LoadSettings().ConfirmMoves }

// StorageMissing says that the browser refuses local storage.
const StorageMissing = "This browser does not let the app keep games (a privacy setting or private " +
	"window): games are not saved here. The address bar still holds the game: bookmark or share it."
