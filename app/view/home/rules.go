package home

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/nec"
)

// RulesIndex lists the variants with links to their rules pages (/rules).
type RulesIndex struct {
	app.Compo

	shell.PageState
}

// OnNav names the page.
func (r *RulesIndex) OnNav(ctx app.Context) { ctx.Page().SetTitle("Rules · %s", shell.AppName) }

// Render draws the page.
func (r *RulesIndex) Render() app.UI {
	var items []app.UI
	for _, info := range variants.List() {
		if info.Rules == "" {
			continue
		}
		items = append(items, app.Li().Body(
			app.A().Href(route.Rules(info.ID)).Text(info.Name),
			app.Span().Class("muted").Text(" · "+info.Pitch),
		))
	}
	return r.Frame("rules", app.Main().Class("page rules-index").Body(
		app.H2().Text("Rules"),
		app.P().Text("Every variant keeps the rules of orthodox chess except where it says otherwise. "+
			"A ply is one move of one piece; a turn is all the plies one side makes before the other side moves. "+
			"The numbers (M2, P4, ...) are the ones the game quotes when it refuses a move."),
		app.Ul().Class("card link-list").Body(items...),
	))
}

// Rules is the rules page of one variant (/rules/<id>): the rules in plain words with their
// numbers, diagrams drawn from FEN after the rule each one shows, and a "try it" button
// that opens the diagram's position.
type Rules struct {
	app.Compo

	shell.PageState

	// ID is the variant's catalogue ID.
	ID string
}

// OnMount marks the page live.
func (r *Rules) OnMount(ctx app.Context) {
	r.Mount()
}

// OnNav reads the variant from the address, for a page reached by a link.
func (r *Rules) OnNav(ctx app.Context) {
	if id := route.RulesVariant(shell.PageURL(ctx).Path); id != "" {
		r.ID = id
	}
	if info, ok := variants.Find(r.ID); ok {
		ctx.Page().SetTitle("Rules of %s · %s", info.Name, shell.AppName)
	}
}

// Render draws the page.
func (r *Rules) Render() app.UI {
	info, ok := variants.Find(r.ID)
	if !ok || info.Rules == "" {
		return r.Frame("rules", app.Main().Class("page").Body(
			app.Section().Class("card error-card").Body(
				app.H2().Text("No such variant"),
				app.P().Text("There are no rules here for "+r.ID+"."),
				app.A().Class("btn").Href(route.RulesIndex()).Text("All rules"),
			),
		))
	}
	exs := Examples(info.ID)
	shown := make([]bool, len(exs))
	var body []app.UI
	for _, b := range parseBlocks(info.Rules) {
		switch b.kind {
		case heading:
			if b.level == 1 {
				continue // the page has its own title
			}
			body = append(body, app.H3().Body(inline(b.text)...))
		case listItem, paragraph:
			el := app.Div().Class("rule")
			if b.kind == paragraph {
				el = app.Div().Class("rule-text")
			}
			items := []app.UI{app.P().Body(inline(b.text)...)}
			if b.rule != "" {
				el = el.ID("rule-"+b.rule).DataSet("rule", b.rule)
				for i, ex := range exs {
					if ex.Rule == b.rule && !shown[i] {
						shown[i] = true
						items = append(items, exampleFigure(info.ID, ex))
					}
				}
			}
			body = append(body, el.Body(items...))
		}
	}
	var rest []app.UI
	for i, ex := range exs {
		if !shown[i] {
			rest = append(rest, exampleFigure(info.ID, ex))
		}
	}
	if len(rest) > 0 {
		body = append(body, app.H3().Text("Examples"), app.Div().Class("examples").Body(rest...))
	}
	var remoteHelp, remoteLink app.UI
	if info.ID == "nec" {
		// Never-Ending Chess across devices (a referee, invitations, sealed orders): its
		// help, under the rules.
		remoteHelp = app.Article().Class("card rules-text").ID("remote").Body(
			append([]app.UI{app.H3().Text("Playing across devices")}, textBlocks(nec.RemoteHelp)...)...)
		remoteLink = app.A().Class("btn").Href(route.NECRemote()).Text("Play across devices")
	}
	return r.Frame("rules", app.Main().Class("page rules").DataSet("variant", info.ID).Body(
		app.Nav().Class("crumbs").Aria("label", "Breadcrumb").Body(
			app.A().Href(route.RulesIndex()).Text("Rules"), app.Text(" / "), app.Span().Text(info.Name)),
		app.H2().Text(info.Name),
		app.P().Class("lead").Text(info.Pitch),
		app.Article().Class("card rules-text").Body(body...),
		remoteHelp,
		app.Div().Class("rules-actions").Body(
			app.A().Class("btn primary").Href(newGameURL(info)).Text("Play "+info.Name),
			remoteLink,
		),
	))
}

// textBlocks draws a Markdown text of the rules pages without rule numbers or examples: its
// headings, paragraphs and list items.
func textBlocks(text string) []app.UI {
	var out []app.UI
	for _, b := range parseBlocks(text) {
		switch b.kind {
		case heading:
			if b.level > 1 {
				out = append(out, app.H4().Body(inline(b.text)...))
			}
		case listItem:
			out = append(out, app.Div().Class("rule").Body(app.P().Body(inline(b.text)...)))
		case paragraph:
			out = append(out, app.Div().Class("rule-text").Body(app.P().Body(inline(b.text)...)))
		}
	}
	return out
}

// newGameURL returns the address of the new-game screen of a variant: Never-Ending Chess has
// its own.
func newGameURL(info variants.Info) string {
	if !info.Playable() {
		return route.NECNew()
	}
	return route.NewGameWith(session.GameQuery{Variant: info.ID})
}

// exampleFigure draws one diagram with its caption and "try it" link.
func exampleFigure(id string, ex Example) app.UI {
	pos := ex.position()
	side := "White to move"
	if pos.Turn() == engine.Black {
		side = "Black to move"
	}
	return app.Figure().Class("example").DataSet("rule", ex.Rule).Body(
		app.Div().Class("example-board").Body(
			&board.Board{Position: pos, Orientation: engine.White, Marks: ex.marks(), Diagram: true,
				Label: "Diagram for rule " + ex.Rule + ": " + ex.Title + ". " + side + "."},
		),
		app.FigCaption().Body(
			app.Strong().Text(ex.Rule+" · "+ex.Title),
			app.P().Text(ex.Caption),
			app.P().Class("muted small").Text(side+"."),
			app.A().Class("btn small try-it").Href(ex.TryURL(id)).DataSet("try", ex.Rule).Text("Try it"),
			app.A().Class("btn small analyse-it").Href(ex.AnalyseURL(id)).DataSet("analyse", ex.Rule).Text("Analyse"),
		),
	)
}
