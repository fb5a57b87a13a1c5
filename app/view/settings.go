package view

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
)

// previewPosition is the position of the settings' board preview: after 1.e4 e5.
func previewPosition() engine.Position {
	p, err := engine.ParseFEN("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if err != nil {
		return engine.StartPosition()
	}
	return p
}

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
func normalize(s Settings) Settings {
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

// loadSettings reads the settings from the browser's local storage (through the store): the
// defaults for what is not stored or cannot be read. It needs no context, so that a page can
// read them before it is mounted (Play.OnInit).
func loadSettings() Settings {
	st, _ := gameStore()
	s, _ := st.Settings()
	return normalize(s)
}

// saveSettings stores the settings and applies them to the document.
func saveSettings(s Settings) error {
	s = normalize(s)
	st, _ := gameStore()
	err := st.SaveSettings(s)
	if err != nil {
		app.Log("saving the settings:", err)
	}
	applySettings(s)
	return err
}

// applySettings sets the theme and board colours on the document element, where
// web/app.css reads them (data-theme, data-board).
func applySettings(s Settings) {
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

// SettingsPage holds every setting: the theme, board colours, dots, sound, auto-flip,
// coordinates and move confirmation. Every change is stored and applied at once.
type SettingsPage struct {
	app.Compo
	live bool
	s    Settings
	err  string // why the last change was not saved
}

// OnMount reads the settings.
func (p *SettingsPage) OnMount(ctx app.Context) {
	p.live = true
	p.s = loadSettings()
	applySettings(p.s)
}

func (p *SettingsPage) set(ctx app.Context, change func(*Settings)) {
	change(&p.s)
	p.err = ""
	if err := saveSettings(p.s); err != nil {
		p.err = "The setting is not saved: " + err.Error() + "."
	}
}

// OnNav names the page.
func (p *SettingsPage) OnNav(ctx app.Context) { ctx.Page().SetTitle("Settings · %s", AppName) }

// Render draws the page.
func (p *SettingsPage) Render() app.UI {
	s := normalize(p.s)
	themes := make([]app.UI, len(Themes))
	for i, t := range Themes {
		key := t.Key
		themes[i] = app.Label().Class("choice").Body(
			app.Input().Type("radio").Name("theme").Value(key).Checked(s.Theme == key).
				DataSet("setting", "theme-"+key).
				OnChange(func(ctx app.Context, e app.Event) {
					p.set(ctx, func(s *Settings) { s.Theme = key })
				}),
			app.Span().Text(t.Name),
		)
	}
	boards := make([]app.UI, len(BoardThemes))
	for i, b := range BoardThemes {
		key := b.Key
		boards[i] = app.Label().Class("choice swatch-choice").Body(
			app.Input().Type("radio").Name("board").Value(key).Checked(s.Board == key).
				DataSet("setting", "board-"+key).
				OnChange(func(ctx app.Context, e app.Event) {
					p.set(ctx, func(s *Settings) { s.Board = key })
				}),
			app.Span().Class("swatch").Aria("hidden", true).Body(
				app.Span().Style("background", b.Light),
				app.Span().Style("background", b.Dark),
				app.Span().Style("background", b.Dark),
				app.Span().Style("background", b.Light),
			),
			app.Span().Text(b.Name),
		)
	}
	toggle := func(key, text, help string, on bool, flip func(*Settings)) app.UI {
		return app.Label().Class("toggle").Body(
			app.Input().Type("checkbox").ID(key).Checked(on).DataSet("setting", key).
				OnChange(func(ctx app.Context, e app.Event) { p.set(ctx, flip) }),
			app.Span().Class("toggle-text").Body(
				app.Span().Text(text),
				app.Small().Text(help),
			),
		)
	}
	return shell(p.live, "settings", app.Main().Class("page settings").Body(
		app.H2().Text("Settings"),
		app.Section().Class("card").Body(
			app.H3().Text("Theme"),
			app.Div().Class("choices").Role("radiogroup").Aria("label", "Theme").Body(themes...),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Board colours"),
			app.Div().Class("settings-preview").Body(
				&Board{Position: previewPosition(), Orientation: engine.White,
					Marks: Marks{engine.E2: MarkLastMove, engine.E4: MarkLastMove, engine.G1: MarkSelected,
						engine.F3: MarkTarget, engine.H3: MarkTarget},
					Diagram: true, Label: "Preview of the board colours"},
			),
			app.Div().Class("choices").Role("radiogroup").Aria("label", "Board colours").Body(boards...),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Board"),
			toggle("dots", "Legal-move dots", "Show where the piece you pick up may go.", s.Dots,
				func(s *Settings) { s.Dots = !s.Dots }),
			toggle("coords", "Coordinates", "Letters and numbers on the board's edges.", s.Coords,
				func(s *Settings) { s.Coords = !s.Coords }),
			toggle("autoflip", "Turn the board for each player",
				"Two people on one device: the side to move sits at the bottom.", s.AutoFlip,
				func(s *Settings) { s.AutoFlip = !s.AutoFlip }),
			toggle("sound", "Sound", "A short sound for moves, captures and the end of a game.", s.Sound,
				func(s *Settings) { s.Sound = !s.Sound }),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Games"),
			toggle("confirm-moves", "Confirm each move before it is final",
				"For games played by link between two people: you check your move before the link is updated, then send it.",
				s.ConfirmMoves, func(s *Settings) { s.ConfirmMoves = !s.ConfirmMoves }),
		),
		app.If(p.err != "", func() app.UI { return app.P().Class("notice").Role("alert").Text(p.err) }),
	))
}
