//go:build !wasm

package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeWeb writes a small web/ folder into a temporary directory, makes it the working
// directory, and returns the folder's path.
func fakeWeb(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"web/app.wasm":        "\x00asm fake",
		"web/app.css":         "body{}",
		"web/pieces/wP.svg":   "<svg/>",
		"web/icons/icon.svg":  "<svg/>",
		"web/app.wasm.gz":     "compressed copy",
		"web/icons/other.png": "png",
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

	// A compressed copy does not count; the wasm and any other file do.
	steps := []struct {
		name    string
		change  func() error
		changes bool
	}{
		{"rewrite app.wasm.gz", func() error { return os.WriteFile(filepath.Join(web, "app.wasm.gz"), []byte("other"), 0o644) }, false},
		{"rebuild app.wasm", func() error { return os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm rebuilt"), 0o644) }, true},
		{"edit app.css", func() error { return os.WriteFile(filepath.Join(web, "app.css"), []byte("body{color:red}"), 0o644) }, true},
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
	for _, args := range [][]string{{"-nope"}, {"extra"}, {"-addr", "256.0.0.1:bad"}} {
		if err := serve(args); err == nil {
			t.Errorf("serve(%q) = nil, want an error", args)
		}
	}
}

func TestHandlerPages(t *testing.T) {
	routes()
	web := fakeWeb(t)
	h, err := newHandler(web)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	get := func(path string) (int, string, string) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(body)
	}

	code, _, page := get("/")
	if code != http.StatusOK {
		t.Fatalf("GET / = %d", code)
	}
	// The server prerenders the page: the app's name and the board are in the HTML.
	for _, want := range []string{"<title>Plyground: chess variants in your browser</title>", `data-square="e2"`, `data-piece="wP"`, `aria-label="e2 white pawn"`, `href="/web/app.css"`} {
		if !strings.Contains(page, want) {
			t.Errorf("GET / lacks %s", want)
		}
	}
	if code, _, js := get("/app.js"); code != http.StatusOK || !strings.Contains(js, `"GOAPP_VERSION":"`+h.Version+`"`) {
		t.Errorf("GET /app.js = %d without version %s", code, h.Version)
	}
	if code, typ, _ := get("/web/pieces/wP.svg"); code != http.StatusOK || typ != "image/svg+xml" {
		t.Errorf("GET /web/pieces/wP.svg = %d %s", code, typ)
	}
	if code, _, _ := get("/no/such/page"); code != http.StatusNotFound {
		t.Errorf("GET /no/such/page = %d, want 404", code)
	}
}

func TestWriteDist(t *testing.T) {
	routes()
	web := fakeWeb(t)
	h, err := newHandler(web)
	if err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(t.TempDir(), "site")
	if err := writeDist(dist, h, web); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest", "app.css", "wasm_exec.js", "web/app.wasm", "web/app.css", "web/pieces/wP.svg"} {
		if _, err := os.Stat(filepath.Join(dist, name)); err != nil {
			t.Errorf("dist lacks %s: %v", name, err)
		}
	}
	index, _ := os.ReadFile(filepath.Join(dist, "index.html"))
	if !strings.Contains(string(index), `data-square="e2"`) {
		t.Errorf("dist/index.html lacks the prerendered board")
	}
}
