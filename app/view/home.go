package view

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/engine"
)

// AppName is the name of the app, as the page header and the web manifest show it.
const AppName = "Plyground"

// Tagline says in one line what the app is.
const Tagline = "Chess and its variants, in your browser."

// Home is the first page: the header and the board with the orthodox start position.
type Home struct {
	app.Compo

	// live is set once the component is mounted in the browser, so that the page says
	// (data-live) when the WebAssembly program, not the server's prerendered HTML, drew it.
	live bool
}

// OnMount marks the page as drawn by the running program.
func (h *Home) OnMount(ctx app.Context) {
	h.live = true
}

// Render draws the page.
func (h *Home) Render() app.UI {
	pos := engine.StartPosition()
	return app.Div().
		Class("shell").
		DataSet("live", h.live).
		Body(
			header(),
			app.Main().Class("home").Body(
				app.Div().Class("board-area").Body(
					&Board{Position: pos, Orientation: engine.White},
				),
				app.Aside().Class("panel").Body(
					app.H2().Class("panel-title").Text("Orthodox chess"),
					app.P().Class("status").Text(TurnText(pos.Turn())),
				),
			),
		)
}

// header draws the top bar with the app's name.
func header() app.UI {
	return app.Header().Class("topbar").Body(
		app.A().Class("brand").Href("/").Body(
			app.Img().Class("brand-icon").Src("/web/icons/icon.svg").Alt("").Width(28).Height(28),
			app.H1().Class("brand-name").Text(AppName),
		),
		app.P().Class("tagline").Text(Tagline),
	)
}

// TurnText says whose turn it is: "White to move".
func TurnText(c engine.Color) string {
	if c == engine.Black {
		return "Black to move"
	}
	return "White to move"
}
