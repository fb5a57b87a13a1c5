package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
)

// Home is the first page: every variant with its one-line pitch and a small diagram, with
// links to play it and to read its rules.
type Page struct {
	app.Compo

	shell.PageState

	// latest is the game in progress that "Continue your game" opens (continue.go); hasLatest
	// says whether there is one.
	latest    store.Item
	hasLatest bool
}

// OnMount marks the page as drawn by the running program and finds the game to continue.
func (h *Page) OnMount(ctx app.Context) {
	h.Mount()
	h.readLatest()
}

// OnNav names the page.
func (h *Page) OnNav(ctx app.Context) {
	ctx.Page().SetTitle("%s: chess variants in your browser", shell.AppName)
}

// Render draws the page.
func (h *Page) Render() app.UI {
	list := variants.List()
	cards := make([]app.UI, 0, len(list))
	for _, info := range list {
		cards = append(cards, variantCard(info))
	}
	return h.Frame("", app.Main().Class("page home").Body(
		app.Section().Class("hero").Body(
			app.H2().Class("hero-title").Text("Chess, where a turn can be more than one move"),
			app.P().Class("hero-text").Text("Orthodox chess and its variants: double moves, progressive series, "+
				"sacrifice tokens and dice. Two people on one device, no account, nothing to install."),
			h.continueCard(),
			app.A().Class("btn primary big").Href(route.NewGame()).Text("New game"),
		),
		app.Ul().Class("variant-list").Aria("label", "Variants").Body(cards...),
	))
}

// variantCard draws one variant of the home page.
func variantCard(info variants.Info) app.UI {
	card := app.Li().Class("variant-card").DataSet("variant", info.ID)
	var pic app.UI
	if ex := Examples(info.ID); len(ex) > 0 {
		pic = app.A().Class("card-diagram").Href(route.Rules(info.ID)).Aria("hidden", true).TabIndex(-1).Body(
			&board.Board{Position: ex[0].position(), Orientation: engine.White, Marks: ex[0].marks(), Diagram: true,
				Label: "Diagram: " + ex[0].Title},
		)
	} else {
		pic = app.Div().Class("card-diagram soon").Aria("hidden", true).Body(app.Span().Text("∞"))
	}
	links := []app.UI{}
	if info.Playable() {
		links = append(links,
			app.A().Class("btn primary").Href(route.NewGameWith(session.GameQuery{Variant: info.ID})).Text("Play"),
			app.A().Class("btn").Href(route.Rules(info.ID)).Text("Rules"),
		)
	} else if info.ID == "nec" {
		// Never-Ending Chess has its own board and pages (necplay.go), outside package turn.
		links = append(links,
			app.A().Class("btn primary").Href(route.NECNew()).Text("Play"),
			app.A().Class("btn").Href(route.Rules("nec")).Text("Rules"),
		)
	} else {
		links = append(links, app.Span().Class("soon-note").Text("Not playable here yet"))
	}
	return card.Body(
		pic,
		app.Div().Class("card-body").Body(
			app.H3().Class("card-title").Text(info.Name),
			app.P().Class("card-pitch").Text(info.Pitch),
			app.Div().Class("card-links").Body(links...),
		),
	)
}
