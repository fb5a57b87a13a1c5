//go:build !wasm

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

// webDir is the folder of static assets, relative to the working directory; the handler
// serves it under /web/.
const webDir = "web"

// serve parses the command line, then serves the app on -addr, writes the static site into
// -dist, or writes the compressed copies of the wasm files (-compress).
func serve(args []string) error {
	fl := flag.NewFlagSet("pwa", flag.ContinueOnError)
	addr := fl.String("addr", "127.0.0.1:8000", "serve the app on this `address` (port 0 picks a free port)")
	dist := fl.String("dist", "", "write the static website into this `directory` and exit")
	base := fl.String("base", "", "with -dist: the `path` the site is published under, such as /plyground for https://user.github.io/plyground/ (default: the root)")
	compress := fl.Bool("compress", false, "write the gzip and brotli copies of web/*.wasm and exit")
	testHooks := fl.Bool("test-hooks", false, "let the browser tests script the dice (window.__plygroundTestDice); never for a published site")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fl.Args())
	}
	if *base != "" && *dist == "" {
		return errors.New("-base goes with -dist")
	}
	if *testHooks && *dist != "" {
		return errors.New("-test-hooks is for the browser tests, not for a published site (-dist)")
	}
	if *compress {
		return precompress(webDir, true)
	}
	h, err := newHandler(webDir)
	if err != nil {
		return err
	}
	if *testHooks {
		// The page reads it (app/view/shell/hooks.go); a site served without it ignores the hooks.
		h.Env = map[string]string{shell.TestHooksEnv: "1"}
	}
	if *dist != "" {
		if *base != "" {
			b := "/" + strings.Trim(*base, "/")
			if strings.ContainsAny(b, " ?#\\") || strings.Contains(b, "..") {
				return fmt.Errorf("-base %q is not a URL path", *base)
			}
			h.Resources = app.PrefixedLocation(b)
		}
		return writeDist(*dist, h, webDir)
	}
	// Once listening, write the missing compressed copies (brotli in the background: gzip
	// is served until it is ready).
	started := func() {
		if err := precompress(webDir, false); err != nil {
			fmt.Fprintln(os.Stderr, "pwa: compressing:", err)
		}
	}
	site, err := newSite(h)
	if err != nil {
		return err
	}
	return listen(*addr, site, started)
}

// newHandler configures the go-app handler: every file of web/ is precached by the service
// worker (patched, see serve_worker.go), and the Version is a content hash of web/ and of
// the worker, so that every rebuild is a new version. Its Resources are the files of web/
// and nothing else (serve_site.go), and every page carries the Content-Security-Policy.
func newHandler(web string) (*app.Handler, error) {
	wasm, err := os.Stat(filepath.Join(web, "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("app.wasm not found (build it with `make wasm` and run from the repository root): %w", err)
	}
	worker, err := serviceWorker()
	if err != nil {
		return nil, err
	}
	cacheable, err := webFiles(web)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", web, err)
	}
	version, err := hashDir(web, worker, strings.Join(cacheable, "\n"))
	if err != nil {
		return nil, fmt.Errorf("hashing %s: %w", web, err)
	}
	return &app.Handler{
		Name:        shell.AppName,
		ShortName:   shell.AppName,
		Title:       shell.AppName + ": chess variants in your browser",
		Description: "Play orthodox chess and its variants in your browser, where a turn can be more than one move.",
		Lang:        "en",
		// The theme colour tints the browser's and the installed app's title bar, like the
		// page's top bar; the background colour is the page's.
		ThemeColor:      "#1f5c52",
		BackgroundColor: "#f4f1ea",
		LoadingLabel:    "Loading " + shell.AppName + "… {progress}%",
		Icon: app.Icon{
			Default:  "/web/icons/icon-192.png",
			Large:    "/web/icons/icon-512.png",
			SVG:      "/web/icons/icon.svg",
			Maskable: "/web/icons/icon-maskable-512.png",
		},
		Styles:                []string{"/web/app.css", "/web/store.css"},
		CacheableResources:    cacheable,
		ServiceWorkerTemplate: worker,
		Version:               version,
		WasmContentLength:     strconv.FormatInt(wasm.Size(), 10),
		Resources:             newSiteFiles(web, slices.Concat(cacheable, []string{"/web/app.wasm"})),
		RawHeaders:            []string{cspMeta()},
	}, nil
}

// newSite returns the host program's handler around h (made by newHandler): the headers
// and the limits of the site, then compressed responses and the patched app.js, then
// go-app.
func newSite(h *app.Handler) (http.Handler, error) {
	files, ok := h.Resources.(*siteFiles)
	if !ok {
		return nil, fmt.Errorf("the handler's Resources are a %T, not the site's files", h.Resources)
	}
	js, err := appJS(h)
	if err != nil {
		return nil, err
	}
	c := &compressor{next: h, files: files, etag: `"` + h.Version + `"`, appJS: js}
	return &site{next: c, files: files}, nil
}

// derived reports whether a file of web/ is made from another one or is being written:
// compressed copies, temporary files and locks. They are neither cached nor hashed.
func derived(name string) bool {
	return strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") ||
		strings.HasSuffix(name, ".lock") || strings.Contains(filepath.Base(name), ".tmp")
}

// webFiles lists the URL of every file of web/ for the service worker to precache, so that
// the app starts and plays offline: styles, pieces, icons, the engine worker's wasm.
// app.wasm is left out: go-app lists it itself.
func webFiles(web string) ([]string, error) {
	var urls []string
	err := filepath.WalkDir(web, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || derived(p) || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		rel, err := filepath.Rel(web, p)
		if err != nil {
			return err
		}
		if rel != "app.wasm" {
			urls = append(urls, "/web/"+filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(urls)
	return urls, err
}

// hashDir returns the first 16 hex digits of a SHA-256 over the names and contents of the
// files under dir (derived files excepted), in a fixed order, and over the extra texts.
func hashDir(dir string, extra ...string) (string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && !derived(path) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	sum := sha256.New()
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(dir, name)
		fmt.Fprintf(sum, "%s\x00", filepath.ToSlash(rel))
		_, err = io.Copy(sum, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("reading %s: %w", name, err)
		}
	}
	for _, e := range extra {
		fmt.Fprintf(sum, "\x00%d\x00%s", len(e), e)
	}
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// listen serves h on addr until SIGINT or SIGTERM, then shuts down gracefully. It prints the
// URL it serves on, with the actual port when addr asks for port 0, and calls started once
// the address is taken.
func listen(addr string, h http.Handler, started func()) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	started()
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	fmt.Printf("serving %s on http://%s\n", shell.AppName, ln.Addr())

	select {
	case err := <-errc:
		return fmt.Errorf("serving on %s: %w", addr, err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// writeDist writes the static website into dir: the pages, app.js, the service worker and
// the manifest from go-app, a copy of web/ (app.wasm, styles, images), and gzip and brotli
// copies of every compressible file for hosts that serve them (see README.md).
func writeDist(dir string, h *app.Handler, web string) error {
	if err := precompress(web, true); err != nil {
		return fmt.Errorf("compressing %s: %w", web, err)
	}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		return fmt.Errorf("generating the static website in %s: %w", dir, err)
	}
	js, err := appJS(h)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "app.js"), js, 0o644); err != nil {
		return err
	}
	if err := copyTree(web, filepath.Join(dir, "web")); err != nil {
		return fmt.Errorf("copying %s into %s: %w", web, dir, err)
	}
	if err := compressAll(dir); err != nil {
		return fmt.Errorf("compressing %s: %w", dir, err)
	}
	return nil
}

// copyTree copies the regular files under src into dst, creating folders as needed, with
// their modification times (so that compressed copies stay fresh); files being written are
// skipped.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() || strings.HasSuffix(path, ".lock") || strings.Contains(d.Name(), ".tmp") {
			return nil
		}
		return copyFile(path, target)
	})
}

// copyFile copies one file with its modification time.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chtimes(dst, info.ModTime(), info.ModTime())
}
