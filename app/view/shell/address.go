package shell

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/route"
)

// damagedAddress says what the app did with an address it could not read as it was.
const damagedAddress = "The address you opened was damaged (a % sign not followed by two hex " +
	"digits, as in a link cut off while it was copied): it was opened as far as it could be read."

// WatchAddress makes sure go-app never reads an address it cannot parse: it repairs the
// window's address now (store.RepairAddress) and again at every history step and fragment
// change, before go-app's own handlers run. Call it before app.RunWhenOnBrowser. go-app's
// Window().URL() is nil for such an address, and go-app dereferences it at start and on every
// history step: one damaged link would otherwise stop the whole program, at every reload.
// On the host it does nothing.
func (a *App) WatchAddress() {
	href, err := browser.Location()
	if err != nil {
		return
	}
	a.Start.Href = canonical(a.repairLocation(href))
	_ = browser.OnAddressChange(func() {
		if href, err := browser.Location(); err == nil {
			a.repairLocation(href)
		}
	})
}

// repairLocation puts the repaired href in the address bar when it needed repair, notes it
// for the page, and returns the address now shown.
func (a *App) repairLocation(href string) string {
	fixed, changed := store.RepairAddress(href)
	if !changed || browser.ReplaceLocation(fixed) != nil {
		return href
	}
	a.Start.notice, a.Start.Href = damagedAddress, canonical(fixed)
	if u, err := url.Parse(fixed); err == nil {
		a.Start.path = u.Path
	}
	return fixed
}

// canonical returns href as go-app's parsed address writes it back, so that it compares
// equal to WindowURL().String().
func canonical(href string) string {
	if u, err := url.Parse(href); err == nil {
		return u.String()
	}
	return href
}

// WindowURL returns the window's address, never nil: go-app gives nil for an address that
// url.Parse refuses (WatchAddress prevents it; this keeps a slip from stopping the program).
func WindowURL() *url.URL {
	if u := app.Window().URL(); u != nil {
		return u
	}
	return &url.URL{Path: route.HomePath}
}

// PageURL returns the page's address, never nil (see WindowURL).
func PageURL(ctx app.Context) *url.URL {
	if u := ctx.Page().URL(); u != nil {
		return u
	}
	return &url.URL{Path: route.HomePath}
}

// addressNotice draws what the app has to say about a damaged address, while the window is on
// its page (the game screen rewrites the fragment as soon as it has read it); nil otherwise.
func (a *App) addressNotice() app.UI {
	if a.Start.notice == "" || !app.IsClient || WindowURL().Path != a.Start.path {
		return nil
	}
	return app.P().Class("notice address-notice").Role("alert").Text(a.Start.notice)
}
