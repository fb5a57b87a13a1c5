package play

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
)

// The players' names on the new-game screen: they go into the game's address (white=,
// black=), the saved game, its share links and its PGN tags, cleaned and bounded by
// session.CleanName.

// fillNames reads the names of the new-game address q.
func (n *NewGame) fillNames(q url.Values) {
	n.names = [2]string{session.CleanName(q.Get("white")), session.CleanName(q.Get("black"))}
}

// namesFor returns the names of the game the form describes: both for two people, the
// person's alone against the computer (whose side c is not).
func (n *NewGame) namesFor(mode string, person engine.Color) [2]string {
	names := [2]string{session.CleanName(n.names[0]), session.CleanName(n.names[1])}
	if mode == session.ModeComputer {
		names[person.Other()] = ""
	}
	return names
}

// namesField draws the name inputs: White's and Black's for two people, the person's
// against the computer (on the side chosen; with a random side, the name goes with it).
func (n *NewGame) namesField() app.UI {
	input := func(i int, label string) app.UI {
		return app.Label().Class("field").Body(
			app.Span().Class("field-name").Text(label),
			app.Input().Type("text").Name([2]string{"white", "black"}[i]).DataSet("option", [2]string{"white-name", "black-name"}[i]).
				Value(n.names[i]).Attr("maxlength", store.MaxName).Attr("autocomplete", "off").
				Placeholder([2]string{"White", "Black"}[i]).
				OnInput(shell.On(func(ctx app.Context, e app.Event) {
					n.names[i] = e.Get("target").Get("value").String()
				}, "name", i)),
		)
	}
	if n.mode == session.ModeComputer {
		i := 0
		if n.color == "black" {
			i = 1
		}
		return app.Div().Class("names").Body(input(i, "Your name (optional)"))
	}
	return app.Div().Class("names").Body(input(0, "White's name (optional)"), input(1, "Black's name (optional)"))
}
