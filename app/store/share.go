package store

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/plyground/plyground/variants/turn"
)

// LinkVersion is the version of the share-link fragment that Fragment writes. Every version
// ever written keeps opening: testdata/link-v<N>/ holds samples of each.
//
// Version 1 is the URL fragment "g=<record>&id=<id>&w=<name>&b=<name>": key=value pairs
// joined by "&", values escaped as in a URL query. "g" (the game record of package turn,
// which carries its own version) is required; "id" (the game's ID, so that a game that goes
// back and forth between two players stays one saved game), "w" and "b" (the players'
// names) are optional; "v" (the fragment version) is left out in version 1. Keys it does
// not know are ignored, so a later version may add some.
const LinkVersion = 1

// ErrLink is wrapped by every error of ParseFragment and ParseLink.
var ErrLink = errors.New("bad game link")

// maxLink bounds the length of a link that ParseLink reads.
const maxLink = 64 << 10

// Shared is a game read from a share link.
type Shared struct {
	// Game is the game replayed from the link, at its last position.
	Game *turn.Game
	// Record is the link's game record.
	Record string
	// ID is the game's ID when the link carries one ("" otherwise).
	ID string
	// Players holds the names the link carries (no levels: a link is between people).
	Players [2]Player
}

// Fragment returns the URL fragment, without the "#", that carries the saved game e (its
// record, ID and player names) in the current link version.
func Fragment(e Entry) string {
	var b strings.Builder
	b.WriteString("g=")
	b.WriteString(url.QueryEscape(e.Record))
	if e.ID != "" {
		b.WriteString("&id=")
		b.WriteString(url.QueryEscape(e.ID))
	}
	for i, key := range [2]string{"w", "b"} {
		if n := e.Players[i].Name; n != "" {
			b.WriteString("&" + key + "=")
			b.WriteString(url.QueryEscape(n))
		}
	}
	return b.String()
}

// ParseFragment reads the URL fragment of a share link (what follows its "#", still escaped
// as it stands in the address) of any version, and replays the game it carries. The error
// wraps ErrLink and says what is wrong in words a player can act on.
func ParseFragment(fragment string) (Shared, error) {
	fragment = strings.TrimSpace(fragment)
	if strings.HasPrefix(fragment, "#") {
		return Shared{}, fmt.Errorf("%w: the link is damaged (it has two # signs in a row)", ErrLink)
	}
	if len(fragment) > maxLink {
		return Shared{}, fmt.Errorf("%w: the link is %d characters long, too long for a game link", ErrLink, len(fragment))
	}
	vals, err := url.ParseQuery(fragment)
	if err != nil {
		return Shared{}, fmt.Errorf("%w: the link is damaged (%v)", ErrLink, err)
	}
	if v := vals.Get("v"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 1:
			return Shared{}, fmt.Errorf("%w: the link is damaged (link version %q)", ErrLink, v)
		case n > LinkVersion:
			return Shared{}, fmt.Errorf("%w: the link was made by a newer version of Plyground (link version %d); update the app to open it", ErrLink, n)
		}
	}
	rec := vals.Get("g")
	if rec == "" {
		if _, ok := vals["g"]; ok {
			return Shared{}, fmt.Errorf("%w: the game in the link (g=) is empty; the link may have been cut off", ErrLink)
		}
		for k := range vals {
			switch {
			case strings.TrimLeft(k, "#") == "g":
				return Shared{}, fmt.Errorf("%w: the link is damaged (it has two # signs in a row)", ErrLink)
			case strings.EqualFold(k, "g"):
				return Shared{}, fmt.Errorf("%w: the link is damaged (G= where it should be g=)", ErrLink)
			}
		}
		return Shared{}, fmt.Errorf("%w: the link carries no game (no g= after the #)", ErrLink)
	}
	g, err := Open(rec)
	if err != nil {
		return Shared{}, fmt.Errorf("%w: the link is damaged, perhaps cut off or changed when it was copied (%v)", ErrLink, err)
	}
	sh := Shared{Game: g, Record: rec}
	if id := vals.Get("id"); id != "" {
		if err := CheckID(id); err != nil {
			return Shared{}, fmt.Errorf("%w: the link is damaged (%v)", ErrLink, err)
		}
		sh.ID = id
	}
	for i, key := range [2]string{"w", "b"} {
		n := strings.TrimSpace(vals.Get(key))
		if err := checkText(n, maxName); err != nil {
			return Shared{}, fmt.Errorf("%w: the link is damaged (name of %s: %v)", ErrLink, sideName(i), err)
		}
		sh.Players[i].Name = n
	}
	return sh, nil
}

// ParseLink reads a whole share link as a player pastes it ("https://host/play#g=...", or
// just its fragment).
func ParseLink(text string) (Shared, error) {
	text = strings.TrimSpace(text)
	if len(text) > maxLink {
		return Shared{}, fmt.Errorf("%w: the link is %d characters long, too long for a game link", ErrLink, len(text))
	}
	if i := strings.IndexByte(text, '#'); i >= 0 {
		return ParseFragment(text[i+1:])
	}
	if strings.HasPrefix(text, "g=") {
		return ParseFragment(text)
	}
	return Shared{}, fmt.Errorf("%w: the link has no # followed by a game", ErrLink)
}
