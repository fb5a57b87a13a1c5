package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/route"
)

// AppName is the name of the app, as the page header and the web manifest show it.
const AppName = "Plyground"

// Tagline says in one line what the app is.
const Tagline = "Chess and its variants, in your browser."

// navLink is one entry of the top bar's navigation.
type navLink struct {
	href, text, short, key string
}

var navLinks = []navLink{
	{route.NewGamePath, "New game", "Play", "new"},
	{route.SavedPath, "Saved games", "Saved", "saved"},
	{route.AnalysisPath, "Analysis", "Analyse", "analysis"},
	{route.ProblemsPath, "Problems", "Problems", "problems"},
	{route.RulesIndexPath, "Rules", "Rules", "rules"},
	{route.SettingsPath, "Settings", "Settings", "settings"},
	{route.AboutPath, "About", "About", "about"},
}

// Page draws a page: the top bar with the app's name and navigation, the update banner
// (UpdateBanner) when a new version is ready, then the page's main element. data-live says
// whether the running program (not the server's prerendered HTML) drew it, and the hidden
// navigation count after the main element (NavCount) how many navigations it has drawn;
// active names the navigation entry to highlight.
func (a *App) Page(live bool, active string, main app.UI) app.UI {
	return app.Div().
		Class("shell").
		DataSet("live", live).
		Body(header(active), &UpdateBanner{App: a}, a.addressNotice(), main, &NavCount{App: a})
}

// NavCount draws, hidden, how many navigations the program has handed its pages since the
// document was loaded (data-nav, 0 in the server's prerendered HTML). A navigation within
// the document (a link that differs from the address only in its fragment, a history step)
// keeps what the page drew before until go-app draws the page again, on its next frame after
// the page's OnNav: once the count has grown past its value before the navigation, the page
// has drawn what its OnNav did. go-app hands the navigation to the page's component before
// its children (this one among them), one dispatch after the other, and draws a component
// with its ancestors; the browser tests wait on it (fixture.mjs gotoFragment).
type NavCount struct {
	app.Compo
	// App holds the count, which outlives the components of each page.
	App *App
}

// OnNav counts the navigation.
func (n *NavCount) OnNav(ctx app.Context) {
	if app.IsClient {
		n.App.navs++
	}
}

// Render draws the count.
func (n *NavCount) Render() app.UI {
	return app.Span().Class("nav-count").Hidden(true).DataSet("nav", n.App.navs)
}

// header draws the top bar.
func header(active string) app.UI {
	links := make([]app.UI, len(navLinks))
	for i, l := range navLinks {
		a := app.A().Class("nav-link").Href(l.href).Body(
			app.Span().Class("nav-long").Text(l.text),
			app.Span().Class("nav-short").Text(l.short),
		)
		if l.key == active {
			a = a.Class("active").Aria("current", "page")
		}
		links[i] = a
	}
	return app.Header().Class("topbar").Body(
		app.A().Class("brand").Href(route.Home()).Body(
			app.Img().Class("brand-icon").Src("/web/icons/icon.svg").Alt("").Width(28).Height(28),
			app.H1().Class("brand-name").Text(AppName),
		),
		app.P().Class("tagline").Text(Tagline),
		app.Nav().Class("nav").Aria("label", "Main").Body(append(links, &activeNav{})...),
	)
}

// activeNav brings the active navigation entry into the bar's view when a page is first
// drawn: on a narrow phone the entries scroll sideways within the bar, and the page's own
// entry may lie beyond its edge.
type activeNav struct{ app.Compo }

// OnMount scrolls the bar, once the page is drawn.
func (n *activeNav) OnMount(ctx app.Context) {
	ctx.Defer(func(app.Context) {
		el := app.Window().Get("document").Call("querySelector", ".nav .nav-link.active")
		if el.Truthy() {
			el.Call("scrollIntoView", map[string]any{"block": "nearest", "inline": "nearest"})
		}
	})
}

// Render draws nothing.
func (n *activeNav) Render() app.UI { return app.Span().Class("nav-scroll").Hidden(true) }
