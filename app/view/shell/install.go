package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// InstallButton offers to install the app: the browser's own install prompt where there is
// one (Chromium browsers), and the steps of "Add to Home Screen" on Apple's browsers, which
// have no prompt. It draws nothing once the app is installed or where it cannot be.
type InstallButton struct {
	app.Compo

	installable bool
	apple       bool
	open        bool
}

// OnMount reads whether the app can be installed.
func (b *InstallButton) OnMount(ctx app.Context) { b.refresh(ctx) }

// OnAppInstallChange follows the browser: installable, or installed.
func (b *InstallButton) OnAppInstallChange(ctx app.Context) { b.refresh(ctx) }

func (b *InstallButton) refresh(ctx app.Context) {
	b.installable = ctx.IsAppInstallable()
	b.apple = ctx.IsAppleBrowser()
}

// Render draws the button (and the Apple steps when open), or an empty slot.
func (b *InstallButton) Render() app.UI {
	if !b.installable {
		return app.Div().Class("install-slot")
	}
	if b.apple {
		var steps app.UI
		if b.open {
			steps = app.Div().Class("install-steps card").ID("install-steps").Body(
				app.P().Text("To install "+AppName+" and play it offline:"),
				app.Ul().Body(
					app.Li().Text("On iPhone or iPad, in Safari: tap the Share button (the square with an arrow), then “Add to Home Screen”."),
					app.Li().Text("On a Mac, in Safari: choose File, then “Add to Dock”."),
				),
			)
		}
		return app.Div().Class("install-slot").Body(
			app.Button().Class("btn").Type("button").DataSet("action", "install").
				Aria("expanded", b.open).Aria("controls", "install-steps").
				Text("Install the app").
				OnClick(func(ctx app.Context, e app.Event) { b.open = !b.open }),
			steps,
		)
	}
	return app.Div().Class("install-slot").Body(
		app.Button().Class("btn").Type("button").DataSet("action", "install").Text("Install the app").
			OnClick(func(ctx app.Context, e app.Event) { ctx.ShowAppInstallPrompt() }),
	)
}
