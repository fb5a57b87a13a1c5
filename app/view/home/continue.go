package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/variants"
)

// readLatest finds the game in progress to offer (store.Latest); none when storage cannot
// be read.
func (h *Page) readLatest() {
	h.latest, h.hasLatest = store.Item{}, false
	st, err := h.App.Store()
	if err != nil {
		return
	}
	h.latest, h.hasLatest, _ = st.Latest()
}

// continueCard draws "Continue your game" with the game's variant and players, or nothing
// when no game is in progress.
func (h *Page) continueCard() app.UI {
	if !h.hasLatest {
		return nil
	}
	e := h.latest.Entry
	what := e.Variant
	if info, ok := variants.Find(e.Variant); ok {
		what = info.Name
	}
	if e.Title != "" {
		what = e.Title + " · " + what
	}
	var names []string
	for i := range e.Players {
		p := e.Player(i)
		switch {
		case p.Level > 0:
			names = append(names, "the computer")
		case p.Name != "":
			names = append(names, p.Name)
		}
	}
	if len(names) == 2 {
		what += " · " + names[0] + " vs " + names[1]
	} else if len(names) == 1 {
		what += " · " + names[0]
	}
	return app.A().Class("continue-card").Href(route.SavedGame(h.latest.Kind, e.ID)).DataSet("id", e.ID).Body(
		app.Strong().Class("continue-title").Text("Continue your game"),
		app.Span().Class("continue-what").Text(what),
	)
}
