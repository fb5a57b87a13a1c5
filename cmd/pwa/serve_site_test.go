//go:build !wasm

package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

// traversals are request targets, written as they go on the wire, that name a file
// outside the site (or a folder, or a derived copy): every one is a 404. outsideFiles are
// there to be found.
var traversals = []string{
	// Dot segments, plain and encoded in every case.
	"/web/../go.mod",
	"/web/../Makefile",
	"/web/../bin/pwa",
	"/web/../cmd/pwa/main.go",
	"/web/../.git/config",
	"/web/%2e%2e/go.mod",
	"/web/%2E%2E/go.mod",
	"/web/%2e%2E/go.mod",
	"/web/.%2e/go.mod",
	"/web/%2e./go.mod",
	"/web/./../go.mod",
	"/web/icons/../../go.mod",
	"/web/icons/%2e%2e/%2e%2e/go.mod",
	"/web/app.css/../../go.mod",
	"/web/..",
	"/web/.",
	"/web/./app.css",
	"/web/icons/../app.css",
	"/app.js/../go.mod",
	"/rules/../../go.mod",
	"/../go.mod",
	"/..",
	"/./go.mod",
	// Encoded slashes and backslashes.
	"/web/..%2fgo.mod",
	"/web/..%2Fgo.mod",
	"/web/%2e%2e%2fgo.mod",
	"/web%2f..%2fgo.mod",
	"/web/..%5cgo.mod",
	"/web/..%5Cgo.mod",
	"/web/%5c..%5cgo.mod",
	`/web/..\go.mod`,
	`/web\..\go.mod`,
	`\go.mod`,
	// Double encoding: decoded once, these are literal names, which are not files.
	"/web/%252e%252e/go.mod",
	"/web/%252E%252E%252fgo.mod",
	"/web/..%252fgo.mod",
	"/web/%25%32%65%25%32%65/go.mod",
	// Overlong and look-alike dots and slashes.
	"/web/%c0%ae%c0%ae/go.mod",
	"/web/..%c0%afgo.mod",
	"/web/%ef%bc%8e%ef%bc%8e/go.mod",
	"/web/..;/go.mod",
	"/web/.../go.mod",
	"/web/..../go.mod",
	// Empty segments and absolute paths.
	"//go.mod",
	"//etc/passwd",
	"/web//etc/passwd",
	"/web/%2fetc%2fpasswd",
	"/web//../go.mod",
	"/web///go.mod",
	"/etc/passwd",
	"/web/etc/passwd",
	"/web/C:/Windows/win.ini",
	"http://127.0.0.1/web/../go.mod",
	"http://127.0.0.1//etc/passwd",
	// NUL and control characters.
	"/web/%00/../go.mod",
	"/web/go.mod%00.css",
	"/web/app.css%00",
	"/web/app.css%0a",
	// Files around web/, asked for directly.
	"/go.mod",
	"/Makefile",
	"/bin/pwa",
	"/cmd/pwa/main.go",
	"/.git/config",
	"/.git",
	"/.git/",
	"/web.txt",
	"/robots.txt",
	"/sitemap.xml",
	"/ads.txt",
	// Folders (no listings), derived and hidden files of web/.
	"/web/",
	"/web",
	"/web/icons/",
	"/web/icons",
	"/web/pieces/",
	"/web/app.wasm.gz",
	"/web/app.wasm.br",
	"/web/app.wasm.br.lock",
	"/web/.hidden",
	"/web/no-such-file.css",
	"/web/APP.CSS",
}

// parses reports whether Go's server takes a request with this target.
func parses(target string) bool {
	_, err := readRequest(target)
	return err == nil
}

// readRequest parses a GET of target as Go's server does.
func readRequest(target string) (*http.Request, error) {
	return http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: example.test\r\n\r\n")))
}

// rawGet sends one request with target written as is in the request line (as
// `curl --path-as-is` does) and returns the answer and its body.
func rawGet(t testing.TB, addr, target, host string) (*http.Response, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, host)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	return res, string(body)
}

// checkHeaders reports the security headers missing from an answer.
func checkHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for k, v := range securityHeaders {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
}

func TestSiteOutsideIs404(t *testing.T) {
	srv, _ := newServer(t)
	os.WriteFile(filepath.Join("web", ".hidden"), []byte(outsideMark+": hidden"), 0o644)
	os.WriteFile(filepath.Join("web", "app.wasm.gz"), []byte(outsideMark+": gz"), 0o644)
	addr := srv.Listener.Addr().String()
	for _, target := range traversals {
		t.Run(target, func(t *testing.T) {
			res, body := rawGet(t, addr, target, addr)
			if strings.Contains(body, outsideMark) {
				t.Fatalf("GET %s answered a file outside the site: %d %q", target, res.StatusCode, body)
			}
			// A target that is not a path (no leading slash) is not an HTTP request: Go's
			// server answers 400 before any handler sees it.
			if !parses(target) {
				if res.StatusCode != http.StatusBadRequest {
					t.Fatalf("GET %s = %d, want 400 from the server", target, res.StatusCode)
				}
				return
			}
			if res.StatusCode != http.StatusNotFound {
				t.Fatalf("GET %s = %d, want 404", target, res.StatusCode)
			}
			checkHeaders(t, "GET "+target, res.Header)
		})
	}
}

// TestSiteFiles serves every file of the site, and what go-app generates, with the
// headers; the files of web/ are served as they are on disk.
func TestSiteFiles(t *testing.T) {
	srv, h := newServer(t)
	files := servedFiles(t, h)
	if len(files) < 6 {
		t.Fatalf("the site lists %d files of web/: %v", len(files), files)
	}
	addr := srv.Listener.Addr().String()
	for _, p := range files {
		res, body := rawGet(t, addr, p, addr)
		want, err := os.ReadFile(filepath.FromSlash(strings.TrimPrefix(p, "/")))
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != http.StatusOK || body != string(want) {
			t.Errorf("GET %s = %d, %d bytes, want 200 and the file's %d", p, res.StatusCode, len(body), len(want))
		}
		checkHeaders(t, "GET "+p, res.Header)
	}
	pages := []string{"/", "/new", "/rules", "/rules/orthodox", "/settings", "/about", "/saved", "/play?variant=orthodox", "/app.js", "/app-worker.js", "/manifest.webmanifest", "/wasm_exec.js", "/app.css", "/app.wasm"}
	for _, p := range pages {
		res, body := rawGet(t, addr, p, addr)
		if res.StatusCode != http.StatusOK || len(body) == 0 {
			t.Errorf("GET %s = %d, %d bytes", p, res.StatusCode, len(body))
		}
		checkHeaders(t, "GET "+p, res.Header)
		if ct := res.Header.Get("Content-Type"); strings.HasPrefix(ct, "text/html") && strings.Count(body, cspMeta()) != 1 {
			t.Errorf("GET %s: the page lacks the policy's meta element", p)
		}
	}
	// Compressed and conditional answers carry the headers too.
	for _, accept := range []string{"gzip", "br, gzip"} {
		res, _ := get(t, srv.URL, "/web/app.css", accept)
		checkHeaders(t, "GET /web/app.css ("+accept+")", res.Header)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/web/app.wasm", nil)
	req.Header.Set("If-None-Match", `"`+h.Version+`"`)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("conditional GET /web/app.wasm = %d", res.StatusCode)
	}
	checkHeaders(t, "conditional GET", res.Header)
}

// servedFiles returns the URL paths of the files of web/ the handler serves.
func servedFiles(t *testing.T, h *app.Handler) []string {
	t.Helper()
	files, ok := h.Resources.(*siteFiles)
	if !ok {
		t.Fatalf("Resources = %T", h.Resources)
	}
	var out []string
	for name := range files.names {
		out = append(out, name)
	}
	return out
}

func TestSiteMethods(t *testing.T) {
	srv, _ := newServer(t)
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions, "PROPFIND"} {
		req, _ := http.NewRequest(method, srv.URL+"/web/app.css", strings.NewReader("x"))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s = %d, Allow %q", method, res.StatusCode, res.Header.Get("Allow"))
		}
	}
	res, err := http.Head(srv.URL + "/web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("HEAD = %d", res.StatusCode)
	}
}

// TestSiteRootFiles: /robots.txt and the like are web/'s files if it has them, read from
// disk; go-app would fetch them over HTTP from whatever Host the request names.
func TestSiteRootFiles(t *testing.T) {
	var asked atomic.Int32
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		fmt.Fprint(w, outsideMark+": fetched from elsewhere")
	}))
	defer elsewhere.Close()
	srv, _ := newServer(t)
	addr := srv.Listener.Addr().String()
	other := elsewhere.Listener.Addr().String()
	for _, p := range []string{"/robots.txt", "/sitemap.xml", "/ads.txt"} {
		if res, body := rawGet(t, addr, p, other); res.StatusCode != http.StatusNotFound || strings.Contains(body, outsideMark) {
			t.Errorf("GET %s with Host %s = %d %q", p, other, res.StatusCode, body)
		}
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("the host made %d requests to the Host a client named", n)
	}

	// With web/robots.txt, it is served (once listed: a new server).
	if err := os.WriteFile(filepath.Join("web", "robots.txt"), []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler("web")
	if err != nil {
		t.Fatal(err)
	}
	site, err := newSite(h)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	site.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/robots.txt", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "User-agent: *\n" {
		t.Errorf("GET /robots.txt = %d %q", rec.Code, rec.Body.String())
	}
	if asked.Load() != 0 {
		t.Error("the host fetched robots.txt over HTTP")
	}
}

// TestSiteFilesOpen: a listed name that has become a link out of web/ is not followed.
func TestSiteFilesOpen(t *testing.T) {
	web := fakeWeb(t)
	files := newSiteFiles(web, []string{"/web/app.css", "/web/link.css", "/web/icons"})
	if err := os.Symlink(filepath.Join("..", "go.mod"), filepath.Join(web, "link.css")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, p := range []string{"/web/link.css", "/web/icons", "/web/store.css", "/go.mod"} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path = p
		rec := httptest.NewRecorder()
		files.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), outsideMark) {
			t.Errorf("%s = %d %q", p, rec.Code, rec.Body.String())
		}
	}
	req := httptest.NewRequest(http.MethodGet, "/web/app.css", nil)
	rec := httptest.NewRecorder()
	files.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), "body{}") {
		t.Errorf("/web/app.css = %d", rec.Code)
	}
}

// TestSiteFilesResolve: URLs are resolved as go-app's default resolver resolves them.
func TestSiteFilesResolve(t *testing.T) {
	files := newSiteFiles("web", nil)
	local := app.LocalDir("")
	for _, loc := range []string{"", "/", "/web", "web", "/web/", "/web/app.css", "web/app.css", "/web/icons/icon.svg/", "/app.js", "/manifest.webmanifest", "https://example.com/x.png", "http://example.com/web/x", "/webx", "relative.png"} {
		if got, want := files.Resolve(loc), local.Resolve(loc); got != want {
			t.Errorf("Resolve(%q) = %q, go-app's %q", loc, got, want)
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, p := range []string{"/", "/web/app.css", "/rules/orthodox", "/rules/", "/play", "/web/icons/icon.svg"} {
		if !canonical(p) {
			t.Errorf("canonical(%q) = false", p)
		}
	}
	for _, p := range []string{"", "*", "web/app.css", "//", "/web//app.css", "/web/../go.mod", "/web/./app.css", "/.", "/..", "/web/..", `/web\app.css`, "/web/app.css\x00", "/a\nb", "/a\x7f"} {
		if canonical(p) {
			t.Errorf("canonical(%q) = true", p)
		}
	}
}

func TestContentSecurityPolicy(t *testing.T) {
	header, meta := contentSecurityPolicy(true), contentSecurityPolicy(false)
	if header != meta+"; "+frameAncestors {
		t.Errorf("header policy %q is not the meta one %q with frame-ancestors", header, meta)
	}
	for _, want := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'"} {
		if !strings.Contains(meta, want) {
			t.Errorf("policy lacks %s", want)
		}
	}
	for _, never := range []string{"'unsafe-eval'", "script-src 'self' 'unsafe-inline'", "*", "data:", "blob:", "frame-ancestors"} {
		if strings.Contains(strings.ReplaceAll(meta, "'wasm-unsafe-eval'", ""), never) {
			t.Errorf("meta policy has %s", never)
		}
	}
	if got := cspMeta(); got != `<meta http-equiv="Content-Security-Policy" content="`+strings.ReplaceAll(meta, "'", "&#39;")+`">` {
		t.Errorf("cspMeta() = %s", got)
	}
}

// FuzzSitePath: whatever the request target, the host answers a file of the site, a page
// or a resource go-app makes, or 404; never a file outside web/, never without the
// headers, never a panic.
func FuzzSitePath(f *testing.F) {
	for _, target := range traversals {
		f.Add(target)
	}
	for _, target := range []string{"/", "/web/app.css", "/web/icons/icon.svg", "/play?variant=orthodox", "/app.js", "/app-worker.js", "/robots.txt"} {
		f.Add(target)
	}
	routes(shell.NewApp())
	web := fakeWeb(f)
	h, err := newHandler(web)
	if err != nil {
		f.Fatal(err)
	}
	site, err := newSite(h)
	if err != nil {
		f.Fatal(err)
	}
	files := h.Resources.(*siteFiles)
	f.Fuzz(func(t *testing.T, target string) {
		req, err := readRequest(target)
		if err != nil {
			return // the server answers 400 before any handler
		}
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, req)
		body := rec.Body.String()
		if strings.Contains(body, outsideMark) {
			t.Fatalf("GET %q (path %q) answered a file outside the site: %d %q", target, req.URL.Path, rec.Code, body)
		}
		if rec.Header().Get("Content-Security-Policy") == "" {
			t.Fatalf("GET %q: no policy header", target)
		}
		p := req.URL.Path
		switch rec.Code {
		case http.StatusNotFound:
		case http.StatusOK:
			if !canonical(p) {
				t.Fatalf("GET %q: 200 for the path %q", target, p)
			}
			if strings.HasPrefix(p, "/web/") {
				want, err := os.ReadFile(filepath.FromSlash(p[1:]))
				if !files.has(p) || err != nil || body != string(want) {
					t.Fatalf("GET %q: 200 for %q, which is not the site's file", target, p)
				}
			}
		default:
			t.Fatalf("GET %q (path %q) = %d", target, p, rec.Code)
		}
	})
}
