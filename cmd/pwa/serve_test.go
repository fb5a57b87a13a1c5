//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

// fakeWasm is a stand-in for app.wasm, large and repetitive enough to compress well.
var fakeWasm = "\x00asm" + strings.Repeat("plyground fake wasm module; ", 4096)

// outsideMark begins every file fakeWeb writes outside web/: no answer of the host may
// contain it.
const outsideMark = "OUTSIDE THE SITE"

// outsideFiles are files of the working directory around web/, as in the repository.
var outsideFiles = []string{"go.mod", "Makefile", ".git/config", "bin/pwa", "cmd/pwa/main.go", "robots.txt", "web.txt"}

// fakeWeb writes a small web/ folder into a temporary directory, with outsideFiles beside
// it, makes it the working directory, and returns the folder's path.
func fakeWeb(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"web/app.wasm":        fakeWasm,
		"web/app.css":         "body{}" + strings.Repeat("\n.x{color:red}", 200),
		"web/store.css":       ".saved{}",
		"web/pieces/wP.svg":   "<svg/>",
		"web/icons/icon.svg":  "<svg/>",
		"web/icons/other.png": "png",
	}
	for _, name := range outsideFiles {
		files[name] = outsideMark + ": " + name
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return "web"
}

func TestHashDir(t *testing.T) {
	web := fakeWeb(t)
	first, err := hashDir(web)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 16 || strings.Trim(first, "0123456789abcdef") != "" {
		t.Fatalf("hash %q is not 16 hex digits", first)
	}
	again, _ := hashDir(web)
	if again != first {
		t.Errorf("hash changed without a change: %s then %s", first, again)
	}
	if extra, _ := hashDir(web, "worker v2"); extra == first {
		t.Error("the extra text does not count")
	}

	// Compressed copies, locks and temporary files do not count; the wasm and any other
	// file do.
	write := func(name, body string) func() error {
		return func() error { return os.WriteFile(filepath.Join(web, name), []byte(body), 0o644) }
	}
	steps := []struct {
		name    string
		change  func() error
		changes bool
	}{
		{"rewrite app.wasm.gz", write("app.wasm.gz", "other"), false},
		{"write app.wasm.br", write("app.wasm.br", "br"), false},
		{"a lock", write("app.wasm.br.lock", "123"), false},
		{"a temporary file", write("app.wasm.br.tmp456", "half"), false},
		{"rebuild app.wasm", write("app.wasm", "\x00asm rebuilt"), true},
		{"edit app.css", write("app.css", "body{color:red}"), true},
		{"rename a file", func() error {
			return os.Rename(filepath.Join(web, "icons/other.png"), filepath.Join(web, "icons/renamed.png"))
		}, true},
	}
	prev := first
	for _, s := range steps {
		if err := s.change(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		h, err := hashDir(web)
		if err != nil {
			t.Fatal(err)
		}
		if (h != prev) != s.changes {
			t.Errorf("%s: hash %s -> %s, want a change: %v", s.name, prev, h, s.changes)
		}
		prev = h
	}
}

func TestWebFiles(t *testing.T) {
	web := fakeWeb(t)
	os.WriteFile(filepath.Join(web, "engine.wasm"), []byte("\x00asm"), 0o644)
	os.WriteFile(filepath.Join(web, "engine.wasm.br.lock"), []byte("1"), 0o644)
	os.WriteFile(filepath.Join(web, ".hidden"), []byte("1"), 0o644)
	got, err := webFiles(web)
	if err != nil {
		t.Fatal(err)
	}
	want := "/web/app.css /web/engine.wasm /web/icons/icon.svg /web/icons/other.png /web/pieces/wP.svg /web/store.css"
	if strings.Join(got, " ") != want {
		t.Errorf("webFiles = %v\nwant %s", got, want)
	}
}

func TestNewHandlerNeedsWasm(t *testing.T) {
	web := fakeWeb(t)
	if err := os.Remove(filepath.Join(web, "app.wasm")); err != nil {
		t.Fatal(err)
	}
	if _, err := newHandler(web); err == nil || !strings.Contains(err.Error(), "app.wasm") {
		t.Fatalf("newHandler without app.wasm: err = %v, want one naming app.wasm", err)
	}
}

func TestServeArgs(t *testing.T) {
	fakeWeb(t)
	for _, args := range [][]string{{"-nope"}, {"extra"}, {"-addr", "256.0.0.1:bad"}, {"-base", "/x"}, {"-dist", "d", "-base", "/a b"}, {"-dist", "d", "-test-hooks"}} {
		if err := serve(args); err == nil {
			t.Errorf("serve(%q) = nil, want an error", args)
		}
	}
}

// TestWorkerPatches checks that every patch finds its anchor in go-app's service worker
// exactly once, and that the patched worker has the fixes; it fails when a go-app update
// changes the worker.
func TestWorkerPatches(t *testing.T) {
	js, err := serviceWorker()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`new Request(u, { cache: "no-cache" })`, // gap 2
		`urls.add(self.registration.scope)`,     // gap 3
		`request.mode === "navigate"`,           // gap 1
		`caches.match(self.registration.scope)`,
		`{{.ResourcesToCache}}`, `{{.Version}}`, // go-app's placeholders survive
	} {
		if !strings.Contains(js, want) {
			t.Errorf("patched worker lacks %s", want)
		}
	}
	for _, p := range workerPatches {
		if strings.Contains(js, p.old) {
			t.Errorf("patch %q not applied", p.name)
		}
	}
	// No push or notification handler is left, and no message handler (go-app's only one
	// showed notifications); install, activate and fetch stay.
	for _, gone := range []string{`"push"`, `"notificationclick"`, `"message"`, "showNotification", "openWindow", "goapp:notify"} {
		if strings.Contains(js, gone) {
			t.Errorf("patched worker still has %s", gone)
		}
	}
	for _, event := range []string{"install", "activate", "fetch"} {
		if !strings.Contains(js, `self.addEventListener("`+event+`"`) {
			t.Errorf("patched worker lost its %s handler", event)
		}
	}
	// app.js registers the worker once the program runs.
	srv, _ := newServer(t)
	_, page := get(t, srv.URL, "/app.js", "")
	if strings.Contains(string(page), "\ngoappInitServiceWorker();") || !strings.Contains(string(page), "goappInitWebAssembly().finally(goappInitServiceWorker);") {
		t.Error("app.js not patched")
	}
	// A new version is offered when a worker replaces another, not when the first one
	// activates.
	if !strings.Contains(string(page), `addEventListener("controllerchange"`) || strings.Contains(string(page), `case "activated":`) {
		t.Error("app.js still offers a new version when the first worker activates")
	}
	if _, err := patch("goappInitServiceWorker();\ngoappInitWebAssembly();", "app.js", appPatches); err == nil {
		t.Error("patching a changed app.js")
	}
	// A changed anchor is an error, not an unpatched worker.
	changed := strings.Replace(app.DefaultAppWorkerJS, "await cache.addAll(resourcesToCache);", "await cache.addAll(list);", 1)
	if _, err := patchWorker(changed); err == nil || !strings.Contains(err.Error(), "precache") {
		t.Errorf("patching a changed worker: %v", err)
	}
}

// TestWasmExecJS checks the one copy of Go's runtime shim: the page and the engine worker
// both load /wasm_exec.js, which go-app serves from its own copy; it must be the shim of
// the Go that builds the wasm files, or they do not start.
func TestWasmExecJS(t *testing.T) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := newServer(t)
	res, got := get(t, srv.URL, "/wasm_exec.js", "")
	if res.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
		t.Errorf("/wasm_exec.js (%d, %d bytes) is not this Go's lib/wasm/wasm_exec.js (%d bytes): update go-app", res.StatusCode, len(got), len(want))
	}
}

// get fetches a path from the server with an Accept-Encoding header, without Go's
// transparent gzip.
func get(t *testing.T, url, path, accept string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url+path, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func unbrotli(t *testing.T, b []byte) string {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil {
		t.Fatalf("not brotli: %v", err)
	}
	return string(out)
}

func sorted(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

func newServer(t *testing.T) (*httptest.Server, *app.Handler) {
	t.Helper()
	routes(shell.NewApp())
	web := fakeWeb(t)
	h, err := newHandler(web)
	if err != nil {
		t.Fatal(err)
	}
	site, err := newSite(h)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)
	return srv, h
}

func TestHandlerPages(t *testing.T) {
	srv, h := newServer(t)
	res, body := get(t, srv.URL, "/", "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET / = %d", res.StatusCode)
	}
	// The server prerenders the page: the title, styles and boards are in the HTML.
	page := string(body)
	for _, want := range []string{"<title>Plyground: chess variants in your browser</title>", `data-square="e2"`, `href="/web/app.css"`, `href="/web/store.css"`, `rel="manifest"`} {
		if !strings.Contains(page, want) {
			t.Errorf("GET / lacks %s", want)
		}
	}
	_, js := get(t, srv.URL, "/app.js", "")
	if !strings.Contains(string(js), `"GOAPP_VERSION":"`+h.Version+`"`) {
		t.Errorf("GET /app.js without version %s", h.Version)
	}
	if !strings.Contains(string(js), "goappInitWebAssembly().finally(goappInitServiceWorker);") {
		t.Error("GET /app.js is not patched")
	}
	if res, _ := get(t, srv.URL, "/web/pieces/wP.svg", ""); res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("GET /web/pieces/wP.svg = %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if res, _ := get(t, srv.URL, "/no/such/page", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /no/such/page = %d, want 404", res.StatusCode)
	}
	// The worker precaches every file of web/ and carries the patches.
	_, worker := get(t, srv.URL, "/app-worker.js", "")
	for _, want := range []string{`"/web/pieces/wP.svg"`, `"/web/icons/icon.svg"`, `"/web/store.css"`, `"/web/app.wasm"`, `"/"`, `cache: "no-cache"`, h.Version} {
		if !strings.Contains(string(worker), want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	if strings.Contains(string(worker), `.gz"`) {
		t.Error("app-worker.js precaches a compressed copy")
	}
}

func TestAcceptsEncoding(t *testing.T) {
	tests := []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate, br, zstd", "gzip", true},
		{"gzip, deflate", "br", false},
		{"", "gzip", false},
		{"br;q=0, gzip;q=0.5", "br", false},
		{"br;q=0, gzip;q=0.5", "gzip", true},
		{"BR ; q=0.001", "br", true},
		{"br;q=0.0", "br", false},
		{"xbr", "br", false},
	}
	for _, tt := range tests {
		if got := acceptsEncoding(tt.header, tt.enc); got != tt.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v", tt.header, tt.enc, got)
		}
	}
}

// TestCompression serves app.wasm as brotli, gzip or raw by what the client accepts and by
// which copies are fresh, and gzips pages and scripts on the fly.
func TestCompression(t *testing.T) {
	srv, h := newServer(t)
	if err := precompress("web", true); err != nil {
		t.Fatal(err)
	}

	res, body := get(t, srv.URL, "/web/app.wasm", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || gunzip(t, body) != fakeWasm || res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("gzip: %s %s", res.Header.Get("Content-Encoding"), res.Header.Get("Content-Type"))
	}
	if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") || res.Header.Get("ETag") != `"`+h.Version+`"` {
		t.Errorf("headers %v", res.Header)
	}
	res, body = get(t, srv.URL, "/web/app.wasm", "gzip, deflate, br, zstd")
	br, _ := os.ReadFile("web/app.wasm.br")
	if res.Header.Get("Content-Encoding") != "br" || !bytes.Equal(body, br) || len(br) >= len(fakeWasm)/10 {
		t.Errorf("br: %q, %d bytes (file %d, raw %d)", res.Header.Get("Content-Encoding"), len(body), len(br), len(fakeWasm))
	}
	if unbrotli(t, body) != fakeWasm {
		t.Error("the brotli copy does not decode to app.wasm")
	}
	res, body = get(t, srv.URL, "/web/app.wasm", "")
	if res.Header.Get("Content-Encoding") != "" || string(body) != fakeWasm {
		t.Errorf("identity: %q, %d bytes", res.Header.Get("Content-Encoding"), len(body))
	}
	// A rebuilt app.wasm makes the copies stale: the raw file is served until they are
	// written again.
	later := time.Now().Add(time.Minute)
	os.WriteFile("web/app.wasm", []byte(fakeWasm+"v2"), 0o644)
	os.Chtimes("web/app.wasm", later, later)
	res, body = get(t, srv.URL, "/web/app.wasm", "gzip, br")
	if res.Header.Get("Content-Encoding") != "" || string(body) != fakeWasm+"v2" {
		t.Errorf("stale copies served: %q", res.Header.Get("Content-Encoding"))
	}
	if err := compressFile("web/app.wasm", gzipEncoding); err != nil {
		t.Fatal(err)
	}
	if res, body = get(t, srv.URL, "/web/app.wasm", "gzip"); gunzip(t, body) != fakeWasm+"v2" {
		t.Errorf("new gzip copy not served: %q", res.Header.Get("Content-Encoding"))
	}

	// Pages, scripts and styles are gzipped on the fly; small files and images are not.
	for _, p := range []string{"/", "/app.js", "/app-worker.js", "/web/app.css", "/wasm_exec.js"} {
		res, body := get(t, srv.URL, p, "gzip, br")
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: Content-Encoding %q", p, res.Header.Get("Content-Encoding"))
			continue
		}
		// go-app writes attributes in no fixed order: compare the bytes, sorted.
		_, plain := get(t, srv.URL, p, "")
		if sorted(gunzip(t, body)) != sorted(string(plain)) {
			t.Errorf("%s: gzip body differs from the plain one", p)
		}
	}
	for _, p := range []string{"/web/pieces/wP.svg", "/web/icons/other.png"} {
		if res, _ := get(t, srv.URL, p, "gzip"); res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s compressed", p)
		}
	}
	// 304 stays empty.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/app.js", nil)
	req.Header.Set("If-None-Match", `"`+h.Version+`"`)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusNotModified || res.Header.Get("Content-Encoding") != "" {
		t.Errorf("conditional GET: %d %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	res.Body.Close()
}

func TestWriteDist(t *testing.T) {
	routes(shell.NewApp())
	web := fakeWeb(t)
	h, err := newHandler(web)
	if err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(t.TempDir(), "site")
	if err := writeDist(dist, h, web); err != nil {
		t.Fatal(err)
	}
	want := []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest", "app.css", "wasm_exec.js",
		"web/app.wasm", "web/app.css", "web/pieces/wP.svg", "web/app.wasm.gz", "index.html.gz", "app.js.gz", "wasm_exec.js.gz",
		"web/app.wasm.br", "index.html.br", "app-worker.js.br", "web/app.css.br"}
	for _, name := range want {
		if _, err := os.Stat(filepath.Join(dist, name)); err != nil {
			t.Errorf("dist lacks %s: %v", name, err)
		}
	}
	gz, _ := os.ReadFile(filepath.Join(dist, "web/app.wasm.gz"))
	if gunzip(t, gz) != fakeWasm {
		t.Error("dist/web/app.wasm.gz is not app.wasm")
	}
	for _, name := range []string{"web/app.wasm", "index.html", "app.js"} {
		raw, _ := os.ReadFile(filepath.Join(dist, name))
		br, _ := os.ReadFile(filepath.Join(dist, name+".br"))
		if unbrotli(t, br) != string(raw) {
			t.Errorf("dist/%s.br is not %s", name, name)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dist, "index.html"))
	if !strings.Contains(string(index), `data-square="e2"`) {
		t.Errorf("dist/index.html lacks the prerendered board")
	}
	// Every page carries the policy, which a static host does not send as a header.
	pages, err := filepath.Glob(filepath.Join(dist, "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join(dist, "*", "*.html"))
	pages = append(pages, more...)
	if len(pages) < 8 {
		t.Errorf("dist has %d pages: %v", len(pages), pages)
	}
	for _, page := range pages {
		b, _ := os.ReadFile(page)
		if n := strings.Count(string(b), cspMeta()); n != 1 {
			t.Errorf("%s: %d Content-Security-Policy meta elements, want 1", page, n)
		}
	}
	if js, _ := os.ReadFile(filepath.Join(dist, "app.js")); !strings.Contains(string(js), "goappInitWebAssembly().finally(goappInitServiceWorker);") {
		t.Error("dist/app.js is not patched")
	}
	worker, _ := os.ReadFile(filepath.Join(dist, "app-worker.js"))
	if !strings.Contains(string(worker), `request.mode === "navigate"`) {
		t.Error("dist/app-worker.js is not patched")
	}
	for _, name := range []string{"web/pieces/wP.svg.gz", "web/icons/other.png.gz", "web/app.wasm.br.lock"} {
		if _, err := os.Stat(filepath.Join(dist, name)); err == nil {
			t.Errorf("dist has %s", name)
		}
	}
}
