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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view"
)

// webDir is the folder of static assets, relative to the working directory; the handler
// serves it under /web/.
const webDir = "web"

// pieceFiles lists the piece images the stylesheet draws, for the service worker to cache.
var pieceFiles = []string{
	"wK", "wQ", "wR", "wB", "wN", "wP",
	"bK", "bQ", "bR", "bB", "bN", "bP",
}

// serve parses the command line, then serves the app on -addr or writes the static site
// into -dist.
func serve(args []string) error {
	fl := flag.NewFlagSet("pwa", flag.ContinueOnError)
	addr := fl.String("addr", "127.0.0.1:8000", "serve the app on this `address` (port 0 picks a free port)")
	dist := fl.String("dist", "", "write the static website into this `directory` and exit")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fl.Args())
	}
	h, err := newHandler(webDir)
	if err != nil {
		return err
	}
	if *dist != "" {
		return writeDist(*dist, h, webDir)
	}
	return listen(*addr, h)
}

// newHandler configures the go-app handler. Its Version is a content hash of app.wasm and
// the other files of web/, so every rebuild is a new version for the service worker.
//
// TODO(compression): serve precompressed app.wasm (brotli, gzip) with Content-Encoding, and
// patch the service worker (deep links offline, cache: "reload" precaching, sub-path scope),
// as GOAPP-NOTES.md describes. Both belong to a later issue.
func newHandler(web string) (*app.Handler, error) {
	wasm, err := os.Stat(filepath.Join(web, "app.wasm"))
	if err != nil {
		return nil, fmt.Errorf("app.wasm not found (build it with `make wasm` and run from the repository root): %w", err)
	}
	version, err := hashDir(web)
	if err != nil {
		return nil, fmt.Errorf("hashing %s: %w", web, err)
	}
	cacheable := []string{"/web/icons/icon.svg"}
	for _, p := range pieceFiles {
		cacheable = append(cacheable, "/web/pieces/"+p+".svg")
	}
	return &app.Handler{
		Name:        view.AppName,
		ShortName:   view.AppName,
		Title:       view.AppName + ": chess variants in your browser",
		Description: "Play orthodox chess and its variants in your browser, where a turn can be more than one move.",
		Lang:        "en",
		// The theme colour tints the browser's and the installed app's title bar, like the
		// page's top bar; the background colour is the page's.
		ThemeColor:      "#1f5c52",
		BackgroundColor: "#f4f1ea",
		LoadingLabel:    "Loading " + view.AppName + "… {progress}%",
		Icon: app.Icon{
			Default:  "/web/icons/icon-192.png",
			Large:    "/web/icons/icon-512.png",
			SVG:      "/web/icons/icon.svg",
			Maskable: "/web/icons/icon-maskable-512.png",
		},
		Styles:             []string{"/web/app.css"},
		CacheableResources: cacheable,
		Version:            version,
		WasmContentLength:  strconv.FormatInt(wasm.Size(), 10),
	}, nil
}

// hashDir returns the first 16 hex digits of a SHA-256 over the names and contents of the
// files under dir (compressed copies excepted), in a fixed order.
func hashDir(dir string) (string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && !strings.HasSuffix(path, ".gz") && !strings.HasSuffix(path, ".br") {
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
	return hex.EncodeToString(sum.Sum(nil))[:16], nil
}

// listen serves h on addr until SIGINT or SIGTERM, then shuts down gracefully. It prints the
// URL it serves on, with the actual port when addr asks for port 0.
func listen(addr string, h http.Handler) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	fmt.Printf("serving %s on http://%s\n", view.AppName, ln.Addr())

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
// the manifest from go-app, then a copy of web/ (app.wasm, styles, images).
func writeDist(dir string, h *app.Handler, web string) error {
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		return fmt.Errorf("generating the static website in %s: %w", dir, err)
	}
	if err := copyTree(web, filepath.Join(dir, "web")); err != nil {
		return fmt.Errorf("copying %s into %s: %w", web, dir, err)
	}
	return nil
}

// copyTree copies the regular files under src into dst, creating folders as needed.
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
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(path, target)
	})
}

// copyFile copies one file.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
