//go:build !wasm

package main

import (
	"html"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strings"
)

// What the host serves, and with which headers. go-app's default Resources, app.LocalDir(""),
// is a file server of the working directory: with it, /web/../go.mod answered the module
// file, and /web/ listed the folder. The host serves instead:
//
//   - the files of web/ listed when it starts (siteFiles), under /web/;
//   - what go-app generates (pages of the routes, app.js, the service worker, the
//     manifest, wasm_exec.js, go-app's app.css);
//
// and answers 404 to every other path, and to every path that is not in canonical form
// (dot segments, empty segments, backslashes), whatever its encoding: the server decodes
// a path once, and the decoded path is either a listed name or nothing.

// cspDirectives is the Content-Security-Policy the app runs under, measured with zero
// violations in Chromium (tests/browser/security.test.mjs). Everything comes from the site
// itself; the exceptions are the least the app needs.
var cspDirectives = []string{
	// Pages, styles, images, the manifest, fetches (app.wasm, the service worker's
	// precaching): the site's own origin only.
	"default-src 'self'",
	// app.js, wasm_exec.js and the engine worker's script, from the site; compiling
	// app.wasm and engine.wasm needs 'wasm-unsafe-eval' (and nothing allows eval of text).
	"script-src 'self' 'wasm-unsafe-eval'",
	// The style sheets of the site, no <style> elements...
	"style-src 'self'",
	// ...but style attributes: go-app writes Style() as a style attribute (the board's
	// slide offsets, the settings' colour swatches, the Never-Ending Chess arrows), and an
	// attribute can only restyle its element (it loads nothing: images are 'self').
	"style-src-attr 'unsafe-inline'",
	// The engine worker is web/engine-worker.js, a file of the site (no blob: worker).
	"worker-src 'self'",
	// No plugins, no <base> to redirect relative URLs, and no form is ever sent: the
	// forms are handled in the page.
	"object-src 'none'",
	"base-uri 'none'",
	"form-action 'none'",
}

// frameAncestors forbids framing the app (clickjacking). It is sent as a header only:
// browsers ignore it, with a console warning, in a <meta> element.
const frameAncestors = "frame-ancestors 'none'"

// contentSecurityPolicy returns the policy for the HTTP header (header true, with
// frame-ancestors) or for the pages' <meta http-equiv> element.
func contentSecurityPolicy(header bool) string {
	d := cspDirectives
	if header {
		d = append(d[:len(d):len(d)], frameAncestors)
	}
	return strings.Join(d, "; ")
}

// cspMeta is the <meta http-equiv> element that puts the policy in every page, so that a
// static host that sends no headers (pwa -dist) serves the app under it too. go-app writes
// it at the end of <head> (RawHeaders): before it come only the site's own style sheets and
// deferred scripts, and the whole body comes after it.
func cspMeta() string {
	return `<meta http-equiv="Content-Security-Policy" content="` + html.EscapeString(contentSecurityPolicy(false)) + `">`
}

// securityHeaders are sent with every answer of the host, 404s included.
var securityHeaders = map[string]string{
	"Content-Security-Policy": contentSecurityPolicy(true),
	// Files are what their Content-Type says, never sniffed into something else.
	"X-Content-Type-Options": "nosniff",
	// The app has no use for the Referer: links out of it do not say where they came from.
	"Referrer-Policy": "no-referrer",
	// frame-ancestors for browsers that predate it.
	"X-Frame-Options": "DENY",
	// Browser features the app never uses, refused to it and to anything it embeds. Only
	// features Chromium knows: an unknown one is a console error there.
	"Permissions-Policy": "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
	// No other site's window keeps a handle on the app's (the app opens no pop-ups).
	"Cross-Origin-Opener-Policy": "same-origin",
	// The site's files are for the site: other origins cannot embed them.
	"Cross-Origin-Resource-Policy": "same-origin",
}

// proxiedPaths are the root files go-app's handler answers by fetching /web/<name> again
// over HTTP from the request's Host (its ProxyResources): a server-side request to any
// host a client names. The host serves them from web/ itself, or 404.
var proxiedPaths = map[string]bool{"/robots.txt": true, "/sitemap.xml": true, "/ads.txt": true}

// siteFiles is the host's view of web/: the files it serves under /web/, listed when the
// program starts, opened only inside web/ (os.OpenInRoot: no name, symbolic links
// included, resolves outside it). It is the go-app handler's Resources, in place of the
// default file server of the working directory. A file added to web/ is served after a
// restart, which the service worker needs anyway (the version is a hash of web/).
type siteFiles struct {
	dir   string          // web/ on disk
	names map[string]bool // the URL paths served, /web/...
}

// newSiteFiles returns the files of dir served as the URL paths urls (each /web/...).
func newSiteFiles(dir string, urls []string) *siteFiles {
	names := make(map[string]bool, len(urls))
	for _, u := range urls {
		names[u] = true
	}
	return &siteFiles{dir: dir, names: names}
}

// Resolve maps a resource location to its URL as go-app's LocalDir("") does: /web/x and
// web/x are /web/x, "" is /, and other locations (remote ones, root files) are left as
// they are.
func (s *siteFiles) Resolve(location string) string {
	switch {
	case location == "" || location == "/":
		return "/"
	case strings.HasPrefix(location, "https://") || strings.HasPrefix(location, "http://"):
		return location
	case location == "web" || location == "/web" || strings.HasPrefix(location, "web/") || strings.HasPrefix(location, "/web/"):
		return "/" + strings.Trim(location, "/")
	}
	return location
}

// has reports whether urlPath is a file of the site under /web/.
func (s *siteFiles) has(urlPath string) bool { return s.names[urlPath] }

// open opens the file of the URL path urlPath, or its sibling with a suffix (a compressed
// copy); fs.ErrNotExist when urlPath is not a file of the site.
func (s *siteFiles) open(urlPath, suffix string) (*os.File, fs.FileInfo, error) {
	if !s.names[urlPath] {
		return nil, nil, fs.ErrNotExist
	}
	f, err := os.OpenInRoot(s.dir, strings.TrimPrefix(urlPath, "/web/")+suffix)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, fs.ErrNotExist
	}
	return f, info, nil
}

// ServeHTTP answers a file of the site, and 404 to any other path. go-app's handler calls
// it for the paths under /web/ (and /app.wasm, as /web/app.wasm).
func (s *siteFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, info, err := s.open(r.URL.Path, "")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	http.ServeContent(w, r, info.Name(), info.ModTime(), f)
}

// canonical reports whether a decoded URL path is in the form the site's own URLs take:
// rooted, no dot or empty segments (a trailing slash aside), no backslashes, no control
// characters. Anything else is a 404, whatever file it might name.
func canonical(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.ContainsRune(p, '\\') {
		return false
	}
	for _, c := range p {
		if c < 0x20 || c == 0x7f {
			return false
		}
	}
	clean := path.Clean(p)
	return p == clean || (clean != "/" && p == clean+"/")
}

// site is the host program's handler: the protective headers on every answer, 404 for
// any path outside the site, GET and HEAD only; then next (compression, go-app).
type site struct {
	next  http.Handler
	files *siteFiles
}

// ServeHTTP sets the headers, answers 404 outside the site and 405 to methods other than
// GET and HEAD, serves the root files go-app would proxy from web/, and leaves the rest to
// next.
func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range securityHeaders {
		h.Set(k, v)
	}
	p := r.URL.Path
	if !canonical(p) || (strings.HasPrefix(p, "/web/") && !s.files.has(p)) {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if proxiedPaths[p] {
		r2 := r.Clone(r.Context())
		r2.URL.Path, r2.URL.RawPath = "/web"+p, ""
		s.files.ServeHTTP(w, r2)
		return
	}
	s.next.ServeHTTP(w, r)
}
