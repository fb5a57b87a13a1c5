package store

import (
	"net/url"
	"strings"
)

// RepairAddress returns a page address (the window's location, as the browser gives it)
// that Go's url.Parse reads, and whether it had to change anything.
//
// The browser keeps a "%" that is not followed by two hex digits as it is, in the path and
// in the fragment alike: an ordinary link cut inside an escape ("...&w=Ann%2") is such an
// address. url.Parse refuses it, and go-app, which parses the window's address at start and
// at every history step without checking, then stops the whole program. RepairAddress
// writes each such "%" as "%25", so that the address parses and the damaged part reads as
// the text it is (the game link's own checks then say what is wrong). An address that still
// does not parse is replaced by its origin's root ("/" when even that does not parse).
func RepairAddress(href string) (fixed string, changed bool) {
	if _, err := url.Parse(href); err == nil {
		return href, false
	}
	var b strings.Builder
	b.Grow(len(href) + 8)
	for i := 0; i < len(href); i++ {
		if href[i] == '%' && !(i+2 < len(href) && isHex(href[i+1]) && isHex(href[i+2])) {
			b.WriteString("%25")
			continue
		}
		b.WriteByte(href[i])
	}
	fixed = b.String()
	if _, err := url.Parse(fixed); err == nil {
		return fixed, true
	}
	return rootOf(href), true
}

// rootOf returns the root of href's origin ("scheme://host/"), or "/" when href has no
// origin that parses.
func rootOf(href string) string {
	scheme, rest, ok := strings.Cut(href, "://")
	if !ok {
		return "/"
	}
	host, _, _ := strings.Cut(rest, "/")
	host, _, _ = strings.Cut(host, "?")
	host, _, _ = strings.Cut(host, "#")
	root := scheme + "://" + host + "/"
	if _, err := url.Parse(root); err != nil {
		return "/"
	}
	return root
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// RawFragment returns u's fragment as it stands in the address (still escaped), without the
// "#". A link's fragment is a query string ("g=...&w=...") whose values are escaped once; it
// must be read from this form, since the decoded u.Fragment has already undone one level of
// escaping and a name holding "%", "&", ";" or "+" would be decoded twice.
func RawFragment(u *url.URL) string {
	if u == nil {
		return ""
	}
	return u.EscapedFragment()
}

// WithFragment returns a copy of u whose fragment is frag, written as it is (frag is already
// escaped, as Fragment writes it), so that the address bar holds exactly the link's text.
func WithFragment(u url.URL, frag string) url.URL {
	if frag == "" {
		u.Fragment, u.RawFragment = "", ""
		return u
	}
	if v, err := url.Parse("#" + frag); err == nil {
		u.Fragment, u.RawFragment = v.Fragment, v.RawFragment
		if u.RawFragment == "" {
			u.RawFragment = frag
		}
		return u
	}
	u.Fragment, u.RawFragment = frag, ""
	return u
}
