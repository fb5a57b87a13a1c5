//go:build !wasm

package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// Compression. Go's HTTP server does not compress, and app.wasm is most of what a first visit
// downloads (GOAPP-NOTES: 7-9 MB raw, a quarter of that in gzip, a sixth in brotli), so:
//
//   - Large files (the *.wasm of web/) are compressed ahead of time into siblings on disk,
//     app.wasm.gz (gzip, standard library, level 9) and app.wasm.br (brotli, with the Go
//     encoder github.com/andybalholm/brotli). A compressed copy counts only while its
//     modification time equals the source's, which the writer sets: a rebuild makes it
//     stale at once.
//   - Everything else that is text (pages, app.js, the service worker, styles, SVG, the
//     manifest) is gzipped on the fly: it is small, and much of it is generated.
//
// `pwa -compress` writes the compressed copies and exits (`make build` runs it); the server
// writes missing gzip copies at start and brotli ones in the background; `pwa -dist` writes
// gzip and brotli copies of every compressible file of the static site.
//
// The gzip copy of app.wasm is over the page's 2.0 MB budget (2.23 MB), and no deflate
// encoder brings it under: zopfli, the densest, gives 2.11 MB (deflate looks back 32 KB
// only; brotli, with a window as large as the file, gives 1.57 MB). It need not: a browser
// gets gzip only over plain HTTP, and the app is a PWA, whose service worker runs only over
// HTTPS or on localhost. Over HTTPS, Chromium, Firefox and WebKit all ask for br (the smoke
// suite of tests/browser checks it); over plain HTTP to 127.0.0.1, WebKit alone asks for
// gzip only.

// brotliQuality is the brotli level: 11, the densest. The Go encoder takes about 23 s of CPU
// for app.wasm, a third more than Node's C encoder did (17 s), for 200 more bytes in 1.57 MB;
// 10 takes about 70% of its time for 4% more bytes, 9 a few seconds for 15% more.
const brotliQuality = 11

// brotliWindow is the base-2 logarithm of brotli's window: 16 MB, more than a whole wasm
// file, so that a match may reach back to anywhere in it.
const brotliWindow = 24

// minCompress is the size under which a file is not worth compressing.
const minCompress = 1024

// compressible reports whether a file of this name is worth compressing (images such as
// PNG are compressed already).
func compressible(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".wasm", ".js", ".mjs", ".css", ".html", ".svg", ".json", ".webmanifest", ".txt", ".md", ".map":
		return true
	}
	return false
}

// encoding is a kind of precompressed copy: its Content-Encoding, its file suffix, and its
// encoder.
type encoding struct {
	name, suffix string
	writer       func(io.Writer) io.WriteCloser
}

var (
	brotliEncoding = encoding{"br", ".br", func(w io.Writer) io.WriteCloser {
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotliQuality, LGWin: brotliWindow})
	}}
	gzipEncoding = encoding{"gzip", ".gz", func(w io.Writer) io.WriteCloser {
		zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // no error for a valid level
		return zw
	}}
)

// encodings are the precompressed copies, best first.
var encodings = []encoding{brotliEncoding, gzipEncoding}

// fresh reports whether the compressed copy dst belongs to the current src: it exists and
// carries src's modification time (within a millisecond: file systems keep times at
// different resolutions, and copies of web/ keep them).
func fresh(src, dst string) bool {
	s, err := os.Stat(src)
	if err != nil {
		return false
	}
	d, err := os.Stat(dst)
	if err != nil || d.Size() == 0 {
		return false
	}
	diff := d.ModTime().Sub(s.ModTime())
	return -time.Millisecond < diff && diff < time.Millisecond
}

// writeAtomic writes data into dst through a temporary file and stamps it with mtime.
func writeAtomic(dst string, data []byte, mtime time.Time) error {
	tmp := fmt.Sprintf("%s.tmp%d", dst, os.Getpid())
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Chtimes(tmp, mtime, mtime); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}

// compressFile writes src's copy in enc unless a fresh one exists.
func compressFile(src string, enc encoding) error {
	dst := src + enc.suffix
	if fresh(src, dst) {
		return nil
	}
	// Stat before reading: if the file is rebuilt meanwhile, the copy carries the old time
	// and counts as stale.
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.Grow(len(data) / 4)
	w := enc.writer(&b)
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("%s of %s: %w", enc.name, src, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s of %s: %w", enc.name, src, err)
	}
	if err := writeAtomic(dst, b.Bytes(), info.ModTime()); err != nil {
		return fmt.Errorf("writing %s: %w", dst, err)
	}
	return nil
}

// compressFiles writes the missing or stale copies of files in each of encs, one file per
// processor at a time, the largest first (brotli at quality 11 keeps a core busy for half a
// minute with app.wasm, while the other compresses engine.wasm and the rest).
func compressFiles(files []string, encs ...encoding) error {
	size := func(name string) int64 {
		if info, err := os.Stat(name); err == nil {
			return info.Size()
		}
		return 0
	}
	files = slices.Clone(files)
	slices.SortStableFunc(files, func(a, b string) int { return cmp.Compare(size(b), size(a)) })
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, enc := range encs {
		for _, f := range files {
			slots <- struct{}{}
			wg.Go(func() {
				defer func() { <-slots }()
				if err := compressFile(f, enc); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	return errors.Join(errs...)
}

// precompress writes the gzip copies of web's wasm files now, and their brotli copies now
// (wait) or in the background (errors are then reported on stderr).
func precompress(web string, wait bool) error {
	files, err := filepath.Glob(filepath.Join(web, "*.wasm"))
	if err != nil {
		return err
	}
	if err := compressFiles(files, gzipEncoding); err != nil {
		return err
	}
	if wait {
		return compressFiles(files, brotliEncoding)
	}
	go func() {
		if err := compressFiles(files, brotliEncoding); err != nil {
			fmt.Fprintln(os.Stderr, "pwa: compressing:", err)
		}
	}()
	return nil
}

// compressAll writes gzip and brotli copies of every compressible file of at least
// minCompress bytes under dir (for the static site).
func compressAll(dir string) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && compressible(p) {
			if info, err := d.Info(); err == nil && info.Size() >= minCompress {
				files = append(files, p)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return compressFiles(files, encodings...)
}

// compressor serves the precompressed copies of web's wasm files, the patched app.js, and
// gzips other text responses of next on the fly.
type compressor struct {
	next  http.Handler
	files *siteFiles // the files served under /web/
	etag  string     // go-app's ETag: the version in quotes
	appJS []byte     // app.js with appPatches; nil to leave it to next
}

// serveAppJS answers /app.js with the patched script, with go-app's caching headers.
func (c *compressor) serveAppJS(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", c.etag)
	if r.Header.Get("If-None-Match") == c.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/javascript")
	h.Set("Content-Length", strconv.Itoa(len(c.appJS)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(c.appJS)
	}
}

// acceptsEncoding reports whether an Accept-Encoding header accepts enc: listed, with a
// q-value above zero when it has one.
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.TrimSpace(k) == "q" {
				q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				return err == nil && q > 0
			}
		}
		return true
	}
	return false
}

func (c *compressor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Accept-Encoding")
	next := c.next
	if c.appJS != nil && (r.URL.Path == "/app.js" || r.URL.Path == "/goapp.js") {
		next = http.HandlerFunc(c.serveAppJS)
	}
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		if c.servePrecompressed(w, r) {
			return
		}
		if acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
			gw := &gzipWriter{ResponseWriter: w}
			defer gw.close()
			next.ServeHTTP(gw, r)
			return
		}
	}
	next.ServeHTTP(w, r)
}

// servePrecompressed answers a request for a wasm file of web/ with its best fresh
// compressed copy the client accepts; it reports false to let next answer.
func (c *compressor) servePrecompressed(w http.ResponseWriter, r *http.Request) bool {
	p := r.URL.Path
	if path.Ext(p) != ".wasm" || !c.files.has(p) {
		return false
	}
	src := filepath.Join(c.files.dir, filepath.FromSlash(strings.TrimPrefix(p, "/web/")))
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range encodings {
		if !acceptsEncoding(accept, enc.name) || !fresh(src, src+enc.suffix) {
			continue
		}
		f, info, err := c.files.open(p, enc.suffix)
		if err != nil {
			continue
		}
		defer f.Close()
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", c.etag)
		if r.Header.Get("If-None-Match") == c.etag {
			w.WriteHeader(http.StatusNotModified)
			return true
		}
		h.Set("Content-Type", "application/wasm")
		h.Set("Content-Encoding", enc.name)
		h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			io.Copy(w, f)
		}
		return true
	}
	return false
}

// gzipWriter gzips a response when it is a 200 of a compressible type, not already encoded.
type gzipWriter struct {
	http.ResponseWriter
	zw      *gzip.Writer
	decided bool
}

var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
	return zw
}}

func (g *gzipWriter) decide(status int) {
	if g.decided {
		return
	}
	g.decided = true
	h := g.Header()
	typ, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	switch {
	case status != http.StatusOK, h.Get("Content-Encoding") != "":
		return
	case strings.HasPrefix(typ, "text/"), typ == "application/javascript", typ == "text/javascript",
		typ == "application/json", typ == "application/manifest+json", typ == "image/svg+xml":
	default:
		return
	}
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < minCompress {
		return
	}
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	g.zw = gzipPool.Get().(*gzip.Writer)
	g.zw.Reset(g.ResponseWriter)
}

func (g *gzipWriter) WriteHeader(status int) {
	g.decide(status)
	g.ResponseWriter.WriteHeader(status)
}

func (g *gzipWriter) Write(b []byte) (int, error) {
	if !g.decided {
		if g.Header().Get("Content-Type") == "" {
			g.Header().Set("Content-Type", http.DetectContentType(b))
		}
		g.WriteHeader(http.StatusOK)
	}
	if g.zw != nil {
		return g.zw.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

func (g *gzipWriter) close() {
	if g.zw != nil {
		g.zw.Close()
		gzipPool.Put(g.zw)
		g.zw = nil
	}
}
