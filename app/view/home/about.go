package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

// About says what Plyground is, how it is made and where games are kept.
type About struct {
	app.Compo

	shell.PageState
}

// OnNav names the page.
func (a *About) OnNav(ctx app.Context) { ctx.Page().SetTitle("About · %s", shell.AppName) }

// Render draws the page.
func (a *About) Render() app.UI {
	return a.Frame("about", app.Main().Class("page about").Body(
		app.H2().Text("About "+shell.AppName),
		app.Section().Class("card").Body(
			app.P().Text(shell.AppName+" plays orthodox chess and variants where a turn can be more than one move: "+
				"Marseillais chess (two plies a turn), progressive chess (one, two, three... plies), "+
				"SDM chess (sacrifice tokens that give the opponent a double move) and dice chess."),
			app.P().Text("The rules engine is written in Go and runs in your browser as WebAssembly. "+
				"Each variant's rules page gives the rules in plain words, with the numbers the game quotes "+
				"when it refuses a move."),
			app.P().Text("Your games stay in your browser. A game's address carries the whole game after the #, "+
				"which no server ever sees: copy it to keep or share the game."),
			app.P().Text("The pieces, icons and sounds were drawn and made for this project."),
			&shell.InstallButton{},
		),
		app.Section().Class("card").Body(
			app.H3().Text("Keyboard"),
			app.Ul().Body(
				app.Li().Body(app.Kbd().Text("←"), app.Text(" "), app.Kbd().Text("→"), app.Text(" step back and forward through the game")),
				app.Li().Body(app.Kbd().Text("Home"), app.Text(" "), app.Kbd().Text("End"), app.Text(" go to the start, back to the current position")),
			),
		),
	))
}
