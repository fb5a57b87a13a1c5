package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/shell"
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

// Settings holds every setting: the theme, board colours, dots, sound, auto-flip,
// coordinates and move confirmation. Every change is stored and applied at once.
type Settings struct {
	app.Compo

	shell.PageState
	s   shell.Settings
	err string // why the last change was not saved
}

// OnMount reads the settings.
func (p *Settings) OnMount(ctx app.Context) {
	p.s = p.Mount()
}

func (p *Settings) set(ctx app.Context, change func(*shell.Settings)) {
	change(&p.s)
	p.err = ""
	if err := p.App.SaveSettings(p.s); err != nil {
		p.err = "The setting is not saved: " + err.Error() + "."
	}
}

// OnNav names the page.
func (p *Settings) OnNav(ctx app.Context) { ctx.Page().SetTitle("Settings · %s", shell.AppName) }

// Render draws the page.
func (p *Settings) Render() app.UI {
	s := shell.Normalize(p.s)
	themes := make([]app.UI, len(shell.Themes))
	for i, t := range shell.Themes {
		key := t.Key
		themes[i] = app.Label().Class("choice").Body(
			app.Input().Type("radio").Name("theme").Value(key).Checked(s.Theme == key).
				DataSet("setting", "theme-"+key).
				OnChange(shell.On(func(ctx app.Context, e app.Event) {
					p.set(ctx, func(s *shell.Settings) { s.Theme = key })
				}, "theme", key)),
			app.Span().Text(t.Name),
		)
	}
	boards := make([]app.UI, len(shell.BoardThemes))
	for i, b := range shell.BoardThemes {
		key := b.Key
		boards[i] = app.Label().Class("choice swatch-choice").Body(
			app.Input().Type("radio").Name("board").Value(key).Checked(s.Board == key).
				DataSet("setting", "board-"+key).
				OnChange(shell.On(func(ctx app.Context, e app.Event) {
					p.set(ctx, func(s *shell.Settings) { s.Board = key })
				}, "board", key)),
			app.Span().Class("swatch").Aria("hidden", true).Body(
				app.Span().Style("background", b.Light),
				app.Span().Style("background", b.Dark),
				app.Span().Style("background", b.Dark),
				app.Span().Style("background", b.Light),
			),
			app.Span().Text(b.Name),
		)
	}
	toggle := func(key, text, help string, on bool, flip func(*shell.Settings)) app.UI {
		return app.Label().Class("toggle").Body(
			app.Input().Type("checkbox").ID(key).Checked(on).DataSet("setting", key).
				OnChange(shell.On(func(ctx app.Context, e app.Event) { p.set(ctx, flip) }, "setting", key)),
			app.Span().Class("toggle-text").Body(
				app.Span().Text(text),
				app.Small().Text(help),
			),
		)
	}
	return p.Frame("settings", app.Main().Class("page settings").Body(
		app.H2().Text("Settings"),
		app.Section().Class("card").Body(
			app.H3().Text("Theme"),
			app.Div().Class("choices").Role("radiogroup").Aria("label", "Theme").Body(themes...),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Board colours"),
			app.Div().Class("settings-preview").Body(
				&board.Board{Position: previewPosition(), Orientation: engine.White,
					Marks: board.Marks{engine.E2: board.MarkLastMove, engine.E4: board.MarkLastMove, engine.G1: board.MarkSelected,
						engine.F3: board.MarkTarget, engine.H3: board.MarkTarget},
					Diagram: true, Label: "Preview of the board colours"},
			),
			app.Div().Class("choices").Role("radiogroup").Aria("label", "Board colours").Body(boards...),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Board"),
			toggle("dots", "Legal-move dots", "Show where the piece you pick up may go.", s.Dots,
				func(s *shell.Settings) { s.Dots = !s.Dots }),
			toggle("coords", "Coordinates", "Letters and numbers on the board's edges.", s.Coords,
				func(s *shell.Settings) { s.Coords = !s.Coords }),
			toggle("autoflip", "Turn the board for each player",
				"Two people on one device: the side to move sits at the bottom.", s.AutoFlip,
				func(s *shell.Settings) { s.AutoFlip = !s.AutoFlip }),
			toggle("sound", "Sound", "A short sound for moves, captures and the end of a game.", s.Sound,
				func(s *shell.Settings) { s.Sound = !s.Sound }),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Games"),
			toggle("confirm-moves", "Confirm each move before it is final",
				"For games played by link between two people: you check your move before the link is updated, then send it.",
				s.ConfirmMoves, func(s *shell.Settings) { s.ConfirmMoves = !s.ConfirmMoves }),
			toggle("premoves", "Premoves against the computer",
				"While the computer thinks, pick up a piece and queue your next move: it is played as soon as your turn comes, if it is legal then. A click cancels it.",
				s.Premoves(), func(s *shell.Settings) { s.NoPremoves = !s.NoPremoves }),
			toggle("hints", "Hints",
				"A Hint button in games against the computer and between two people on one device: the engine shows its best turn as arrows. A turn played with a hint is marked {hint} in the move list and the PGN.",
				s.Hints, func(s *shell.Settings) { s.Hints = !s.Hints }),
		),
		app.Section().Class("card").Body(
			app.H3().Text("Accessibility"),
			toggle("screen-reader", "Screen-reader mode",
				"The game screen says each move and whose turn it is in words, for a screen reader; type your moves in the move box under the move list (e4, Nf3, O-O).",
				s.ScreenReader, func(s *shell.Settings) { s.ScreenReader = !s.ScreenReader }),
		),
		app.If(p.err != "", func() app.UI { return app.P().Class("notice").Role("alert").Text(p.err) }),
	))
}
