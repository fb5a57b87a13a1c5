package view

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
)

// Never-Ending Chess games are kept apart from the other variants' saved games: package
// app/store is built around turn records, and a Never-Ending Chess game is a necgame.Record.
// They live in local storage under necgame.SavedPrefix (the new-game screen lists them), and
// travel in links as /nec#n=<record>&id=<id>.

// necStorage returns the browser's local storage (in memory, with the reason, when the browser
// refuses it).
func necStorage() (necgame.Storage, error) { return browser.Local() }

// necLink returns the share link of a game: the game screen with the whole record in the
// fragment, which no server sees.
func necLink(base, id string, g *necgame.Game) string {
	frag := "n=" + necgame.EncodeRecord(g.Record())
	if id != "" {
		frag += "&id=" + url.QueryEscape(id)
	}
	return strings.TrimRight(base, "/") + NECPath + "#" + frag
}

// necParseFragment reads the fragment of a share link: the record and the game's id ("" when
// the link has none or a bad one).
func necParseFragment(fragment string) (necgame.Record, string, error) {
	vals, err := url.ParseQuery(strings.TrimPrefix(fragment, "#"))
	if err != nil {
		return necgame.Record{}, "", err
	}
	r, err := necgame.DecodeRecord(vals.Get("n"))
	if err != nil {
		return necgame.Record{}, "", err
	}
	id := vals.Get("id")
	if necgame.CheckID(id) != nil {
		id = ""
	}
	return r, id, nil
}

// necSiteBase returns the scheme, host and path prefix of the running site ("" on the host).
func necSiteBase() string {
	if !app.IsClient {
		return ""
	}
	u := windowURL()
	prefix := strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/")
	return (&url.URL{Scheme: u.Scheme, Host: u.Host}).String() + prefix
}
