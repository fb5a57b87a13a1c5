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
// Version 1 is the URL fragment "g=<record>&id=<id>&w=<name>&b=<name>" for an 8x8 game and
// "n=<record>&id=<id>" for Never-Ending Chess: key=value pairs joined by "&", values escaped
// as in a URL query. The record (which carries its own version) is required: "g" an 8x8
// record of package turn, "n" a Never-Ending Chess record of app/necgame (whose players'
// names are in the record). "id" (the game's ID, so that a game that goes back and forth
// between two players stays one saved game), "w" and "b" (the 8x8 players' names) are
// optional; "v" (the fragment version) is left out in version 1. Keys it does not know are
// ignored, so a later version may add some.
const LinkVersion = 1

// ErrLink is wrapped by every error of ParseFragment and ParseLink.
var ErrLink = errors.New("bad game link")

// maxLink bounds the length of a link that ParseLink reads.
const maxLink = 64 << 10

// Shared is a game read from a share link.
type Shared struct {
	// Kind is the kind of game the link carries.
	Kind Kind
	// Game is the 8x8 game replayed from the link, at its last position; nil for the other
	// kinds, whose record the caller reads with the codec of its kind.
	Game *turn.Game
	// Record is the link's game record.
	Record string
	// ID is the game's ID when the link carries one ("" otherwise).
	ID string
	// Players holds the names an 8x8 link carries (no levels: a link is between people).
	Players [2]Player
}

// Fragment returns the URL fragment, without the "#", that carries the saved game e (its
// record, ID and, for an 8x8 game, the players' names) in the current link version.
func Fragment(e Entry) string {
	var b strings.Builder
	b.WriteString(e.Kind.linkKey() + "=")
	b.WriteString(url.QueryEscape(e.Record))
	if e.ID != "" {
		b.WriteString("&id=")
		b.WriteString(url.QueryEscape(e.ID))
	}
	if e.Kind != KindNEC {
		for i, key := range [2]string{"w", "b"} {
			if n := e.Player(i).Name; n != "" {
				b.WriteString("&" + key + "=")
				b.WriteString(url.QueryEscape(n))
			}
		}
	}
	return b.String()
}

// ParseFragment reads the URL fragment of a share link (what follows its "#", still escaped
// as it stands in the address) of any version, and replays the 8x8 game it carries (the
// record of another kind is returned as it is, for the codec of its kind). The error wraps
// ErrLink and says what is wrong in words a player can act on, quoting at most a short
// part of the link.
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
		var esc url.EscapeError
		if errors.As(err, &esc) {
			return Shared{}, fmt.Errorf("%w: the link is damaged (a %% sign not followed by two hex digits: %s)", ErrLink, quote(string(esc)))
		}
		return Shared{}, fmt.Errorf("%w: the link is damaged (%v)", ErrLink, err)
	}
	if v := vals.Get("v"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 1:
			return Shared{}, fmt.Errorf("%w: the link is damaged (link version %s)", ErrLink, quote(v))
		case n > LinkVersion:
			return Shared{}, fmt.Errorf("%w: the link was made by a newer version of Plyground (link version %d); update the app to open it", ErrLink, n)
		}
	}
	sh := Shared{Kind: Kind8x8}
	_, hasG := vals["g"]
	_, hasN := vals["n"]
	switch {
	case hasG && hasN:
		return Shared{}, fmt.Errorf("%w: the link is damaged (it holds two games, g= and n=)", ErrLink)
	case hasN:
		sh.Kind = KindNEC
	case !hasG:
		for k := range vals {
			switch {
			case strings.TrimLeft(k, "#") == "g" || strings.TrimLeft(k, "#") == "n":
				return Shared{}, fmt.Errorf("%w: the link is damaged (it has two # signs in a row)", ErrLink)
			case strings.EqualFold(k, "g") || strings.EqualFold(k, "n"):
				return Shared{}, fmt.Errorf("%w: the link is damaged (%s= where it should be %s=)", ErrLink, k, strings.ToLower(k))
			}
		}
		return Shared{}, fmt.Errorf("%w: the link carries no game (no g= after the #)", ErrLink)
	}
	key := sh.Kind.linkKey()
	sh.Record = vals.Get(key)
	if sh.Record == "" {
		return Shared{}, fmt.Errorf("%w: the game in the link (%s=) is empty; the link may have been cut off", ErrLink, key)
	}
	if sh.Kind == Kind8x8 {
		g, err := Open(sh.Record)
		if err != nil {
			return Shared{}, fmt.Errorf("%w: the link is damaged, perhaps cut off or changed when it was copied (%v)", ErrLink, err)
		}
		sh.Game = g
	}
	if id := vals.Get("id"); id != "" {
		if err := CheckID(id); err != nil {
			return Shared{}, fmt.Errorf("%w: the link is damaged (%v)", ErrLink, err)
		}
		sh.ID = id
	}
	if sh.Kind == Kind8x8 {
		for i, key := range [2]string{"w", "b"} {
			n := vals.Get(key)
			if err := checkText(n, maxName); err != nil {
				return Shared{}, fmt.Errorf("%w: the link is damaged (name of %s: %v)", ErrLink, seatName(Kind8x8, i), err)
			}
			sh.Players[i].Name = n
		}
	}
	return sh, nil
}

// LinkError returns the error of a share link whose record does not read with the codec of
// its kind (err), worded as ParseFragment words its own; it wraps both ErrLink and err.
func LinkError(err error) error {
	return fmt.Errorf("%w: the link is damaged, perhaps cut off or changed when it was copied (%w)", ErrLink, err)
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
	if strings.HasPrefix(text, "g=") || strings.HasPrefix(text, "n=") {
		return ParseFragment(text)
	}
	return Shared{}, fmt.Errorf("%w: the link has no # followed by a game", ErrLink)
}
