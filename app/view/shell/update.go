package shell

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Updates. The service worker caches the whole app, so a new version is found by checking
// the worker's script: the browser does it when a page loads, and the app asks again every
// updateEvery (app.TryUpdate). When the new version is ready, go-app tells the components
// (OnAppUpdate) and UpdateBanner offers to reload. It never reloads by itself, and not at
// all in the middle of a game: then it only says the update will come after the game (the
// game is saved after every ply and in the address, so a reload would lose nothing, but a
// player in the middle of a thought should not see the board go away).

// updateEvery is how often the app looks for a new version while it runs.
const updateEvery = time.Hour

// stateGameBusy is the go-app state that tells whether a game is in progress on a game
// screen (set by the game screens, observed by the banner).
const stateGameBusy = "plyground/game-busy"

// gameScreen is a game screen, of any kind of game, that the update banner asks before it
// offers to reload: play.Screen (8x8) and necplay.Screen (Never-Ending Chess).
type GameScreen interface {
	Mounted() bool
	// inGame reports whether a game is in progress on the screen.
	InGame() bool
}

// startUpdateChecks asks for a new version every updateEvery, once per program run.
func (a *App) startUpdateChecks() {
	a.updateChecks.Do(func() {
		go func() {
			t := time.NewTicker(updateEvery)
			defer t.Stop()
			for range t.C {
				app.TryUpdate()
			}
		}()
	})
}

// ShowGame records g as the game screen shown and tells the update banner whether a game
// is in progress on it; a game screen calls it whenever that may have changed.
func (a *App) ShowGame(ctx app.Context, g GameScreen) {
	a.shown = g
	ctx.SetState(stateGameBusy, g.InGame())
}

// Showing records g as the game screen shown, before it can tell the update banner
// (a screen opening its game before it is mounted).
func (a *App) Showing(g GameScreen) { a.shown = g }

// gameBusy reports whether a game is in progress on a mounted game screen, of any kind.
func (a *App) gameBusy() bool {
	g := a.shown
	return g != nil && g.Mounted() && g.InGame()
}

// UpdateBanner offers to reload when a new version of the app is ready, except in the
// middle of a game.
type UpdateBanner struct {
	app.Compo

	// App is the app, which knows the game screen shown.
	App *App

	available bool
	dismissed bool
	busy      bool
}

// OnMount starts the periodic checks and reads whether an update already arrived.
func (b *UpdateBanner) OnMount(ctx app.Context) {
	b.App.startUpdateChecks()
	b.available = ctx.AppUpdateAvailable()
	b.busy = b.App.gameBusy()
	ctx.ObserveState(stateGameBusy, &b.busy).OnChange(func() { b.busy = b.App.gameBusy() })
}

// OnAppUpdate shows the banner: the new version is downloaded and ready.
func (b *UpdateBanner) OnAppUpdate(ctx app.Context) {
	b.available = true
	b.busy = b.App.gameBusy()
}

// Render draws the banner, or an empty slot.
func (b *UpdateBanner) Render() app.UI {
	if !b.available || b.dismissed {
		return app.Div().Class("update-slot")
	}
	later := app.Button().Class("btn small").Type("button").DataSet("action", "update-later").Text("Later").
		OnClick(func(ctx app.Context, e app.Event) { b.dismissed = true })
	// Whether a game is in progress is asked now, not only when the game-busy state last
	// changed: a game screen may tell it before it is mounted, when it does not count yet.
	if b.busy || b.App.gameBusy() {
		return app.Div().Class("update-slot").Body(
			app.Div().Class("update-banner quiet").Role("status").Body(
				app.Span().Text("A new version of "+AppName+" is ready. It will load after this game."),
				later,
			),
		)
	}
	return app.Div().Class("update-slot").Body(
		app.Div().Class("update-banner").Role("status").Body(
			app.Span().Text("A new version of "+AppName+" is ready."),
			app.Button().Class("btn small primary").Type("button").DataSet("action", "update-reload").Text("Reload").
				OnClick(func(ctx app.Context, e app.Event) {
					if b.App.gameBusy() {
						b.busy = true // a game started meanwhile: never reload in the middle of it
						return
					}
					ctx.Reload()
				}),
			later,
		),
	)
}
