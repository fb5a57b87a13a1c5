package shell

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// PageState is what the component of every page holds, embedded: the app, and whether the
// running program (not the server's prerendered HTML) has drawn the page, which the page
// says in data-live. cmd/pwa gives each page's component its PageState (App.PageState).
type PageState struct {
	// App is what the pages of the program share.
	App *App

	live bool
}

// PageState returns the PageState of a page of the app, for its component.
func (a *App) PageState() PageState { return PageState{App: a} }

// Mount marks the page drawn by the running program and applies the player's settings to
// the document; it returns them. A page's own OnMount calls it first.
func (s *PageState) Mount() Settings {
	s.live = true
	st := s.App.LoadSettings()
	ApplySettings(st)
	return st
}

// OnMount is the OnMount of a page that has nothing else to do when it is mounted: Mount.
func (s *PageState) OnMount(ctx app.Context) { s.Mount() }

// SetLive marks the page drawn by the running program, for a page that reads the settings
// itself before it is mounted (play.Screen.OnInit).
func (s *PageState) SetLive() { s.live = true }

// Live reports whether the running program has drawn the page.
func (s *PageState) Live() bool { return s.live }

// Frame draws the page around its main element (App.Page); active names the navigation
// entry to highlight.
func (s *PageState) Frame(active string, main app.UI) app.UI { return s.App.Page(s.live, active, main) }
