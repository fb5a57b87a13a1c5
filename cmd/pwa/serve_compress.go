//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Compression. Go's HTTP server does not compress, and app.wasm is most of what a first visit
// downloads (GOAPP-NOTES: 7-9 MB raw, a quarter of that in gzip, a fifth in brotli), so:
//
//   - Large files (the *.wasm of web/) are compressed ahead of time into siblings on disk,
//     app.wasm.gz (gzip, standard library, level 9) and app.wasm.br (brotli). The standard
//     library has no brotli encoder, so the brotli copy is written by Node's zlib (node is
//     on every machine that runs the browser tests; without it there is no .br and gzip is
//     served). A compressed copy counts only while its modification time equals the
//     source's, which the writer sets: a rebuild makes it stale at once.
//   - Everything else that is text (pages, app.js, the service worker, styles, SVG, the
//     manifest) is gzipped on the fly: it is small, and much of it is generated.
//
// `pwa -compress` writes the compressed copies and exits (for `make build`); the server
// writes missing gzip copies at start and brotli ones in the background; `pwa -dist` writes
// gzip and brotli copies of every compressible file of the static site.

// brotliQuality is the brotli level: 11, the densest (about 40 s for app.wasm on two
// cores, done once per build); 9 takes a few seconds and gives some 12% more bytes.
const brotliQuality = 11

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

// encodings are the precompressed copies, best first: Content-Encoding and file suffix.
var encodings = []struct{ name, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// fresh reports whether the compressed copy dst belongs to the current src: it exists and
// carries src's modification time (to the millisecond: Node sets times through a float).
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

// gzipFile writes src.gz unless a fresh one exists.
func gzipFile(src string) error {
	dst := src + ".gz"
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
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := writeAtomic(dst, b.Bytes(), info.ModTime()); err != nil {
		return fmt.Errorf("writing %s: %w", dst, err)
	}
	return nil
}

// brotliScript is run by `node -e`: it compresses each file named on the command line into
// a temporary file, stamps it with the source's times, renames it to file.br, and removes
// the lock file the caller made (if any). A file rebuilt while it was being compressed is
// left without a copy (its time is read before and checked after).
const brotliScript = `
const zlib = require("zlib"), fs = require("fs");
const [quality, lock, ...files] = process.argv.slice(1);
try {
  for (const src of files) {
    const st = fs.statSync(src), data = fs.readFileSync(src);
    const out = zlib.brotliCompressSync(data, { params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: Number(quality),
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    if (fs.statSync(src).mtimeMs !== st.mtimeMs) continue;
    const tmp = src + ".br.tmp" + process.pid;
    fs.writeFileSync(tmp, out);
    fs.utimesSync(tmp, st.atime, st.mtime);
    fs.renameSync(tmp, src + ".br");
  }
} finally {
  if (lock) { try { fs.unlinkSync(lock); } catch {} }
}
`

// errNoNode is returned when node is not installed: brotli copies are then skipped.
var errNoNode = errors.New("node not found: no brotli copies, gzip only")

// brotliCommand returns the command that writes fresh .br copies of files (those without
// one), with the lock file to remove when done; nil when all are fresh.
func brotliCommand(lock string, files ...string) (*exec.Cmd, error) {
	var stale []string
	for _, f := range files {
		if !fresh(f, f+".br") {
			stale = append(stale, f)
		}
	}
	if len(stale) == 0 {
		return nil, nil
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errNoNode
	}
	args := append([]string{"-e", brotliScript, strconv.Itoa(brotliQuality), lock}, stale...)
	cmd := exec.Command(node, args...)
	cmd.Stderr = os.Stderr
	return cmd, nil
}

// brotliFiles writes fresh .br copies of files and waits for them.
func brotliFiles(files ...string) error {
	cmd, err := brotliCommand("", files...)
	if err != nil || cmd == nil {
		return err
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("brotli with node: %w", err)
	}
	return nil
}

// brotliBackground starts writing fresh .br copies of files and returns at once. A lock
// file next to the first file keeps two servers from doing the same work; a lock older
// than ten minutes is taken to be left over from a killed run.
func brotliBackground(files ...string) error {
	if len(files) == 0 {
		return nil
	}
	lock := files[0] + ".br.lock"
	if info, err := os.Stat(lock); err == nil && time.Since(info.ModTime()) < 10*time.Minute {
		return nil
	}
	cmd, err := brotliCommand(lock, files...)
	if err != nil || cmd == nil {
		return err
	}
	if err := os.WriteFile(lock, []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		os.Remove(lock)
		return fmt.Errorf("brotli with node: %w", err)
	}
	go cmd.Wait()
	return nil
}

// wasmFiles lists the *.wasm files directly under dir.
func wasmFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.wasm"))
	if err != nil {
		return nil, err
	}
	return files, nil
}

// precompress writes the gzip copies of web's wasm files now, and their brotli copies now
// (wait) or in the background.
func precompress(web string, wait bool) error {
	files, err := wasmFiles(web)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := gzipFile(f); err != nil {
			return fmt.Errorf("gzip %s: %w", f, err)
		}
	}
	if wait {
		return brotliFiles(files...)
	}
	return brotliBackground(files...)
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
	for _, f := range files {
		if err := gzipFile(f); err != nil {
			return fmt.Errorf("gzip %s: %w", f, err)
		}
	}
	return brotliFiles(files...)
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
