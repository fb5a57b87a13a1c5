// Command goappslim prepares the page build (web/app.wasm) with go-app's server code left
// out.
//
// go-app's pkg/app holds the browser program and the server (Handler, in http.go and
// resource.go) in one package, so a browser build links net/http and, through its package
// variables, TLS, x509, elliptic curves, math/big and compression: about 2 MB of the 12 MB
// page, and code that runs at every start (package inits). goappslim writes, under its -dir:
//
//   - goapp/: a copy of the go-app module from the module cache (its go.mod, LICENSE and the
//     non-test Go files of pkg/app and pkg/errors) without http.go and resource.go, with
//     _patch/client.go for the three small functions of resource.go that the browser side
//     calls, and _patch/wasm.go in place of wasm.go (whose only change is the missing
//     GenerateStaticWebsite stub, the browser side's one reference to Handler);
//   - page.mod and page.sum: go.mod with a replace directive for that copy, and go.sum;
//   - page.work: a Go workspace of the main module with the same replace directive, for the
//     tools that take no -modfile flag (staticcheck: `GOWORK=<dir>/page.work staticcheck`),
//     so that `make lint` checks the page build users get.
//
// The page is then built with `-modfile <dir>/page.mod`; everything else (bin/pwa, tests) uses
// go-app as it is. The go command does not allow a -overlay of files in the module cache,
// hence the copy.
//
//	go run ./cmd/goappslim -dir .build
//	GOOS=js GOARCH=wasm go build -modfile .build/page.mod ./cmd/pwa
//
// It refuses to write anything when the go-app files it removes or replaces are not the ones
// it was written for (go-app v10.1.11): a new go-app version needs the patch checked again.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// goappModule is the module whose pkg/app is patched.
const goappModule = "github.com/maxence-charriere/go-app/v10"

// upstream lists the go-app files (in pkg/app) that the patch removes or replaces, with the
// SHA-256 of the version (v10.1.11) it was written for.
var upstream = map[string]string{
	"http.go":     "0601189a9f611378e9b24ab4bdf42780a03cbf95c1bbebd4171b523ddbe9a32d",
	"resource.go": "6b52ab4ec2f4171d403384bffe159e9ec22699933e768ef5868f2851a1b84baa",
	"wasm.go":     "10117b07fb7147cdfcd97d1e07cd010da30914e2a622b73d0242b5d9019796f8",
}

// replaced maps the files that the patch puts into pkg/app to the files of the patch
// directory they are copied from.
var replaced = map[string]string{
	"wasm.go":             "wasm.go",
	"plyground_client.go": "client.go",
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "goappslim:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("goappslim", flag.ContinueOnError)
	dir := fs.String("dir", ".build", "write the patched module and page.mod into this `directory`")
	goapp := fs.String("goapp", "", "go-app's module `directory` (default: from `go mod download`)")
	patches := fs.String("patches", filepath.Join("cmd", "goappslim", "_patch"), "the `directory` of the replacement files")
	mod := fs.String("modfile", "go.mod", "the main module's go.mod (its go.sum is next to it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *goapp == "" {
		var err error
		if *goapp, err = moduleDir(goappModule); err != nil {
			return err
		}
	}
	return write(*dir, *goapp, *patches, *mod)
}

// write writes into dir the patched copy of the go-app module found in goappDir (dir/goapp),
// and page.mod and page.sum: modFile and its go.sum with go-app replaced by that copy.
func write(dir, goappDir, patchDir, modFile string) error {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	src := filepath.Join(goappDir, "pkg", "app")
	for name, want := range upstream {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != want {
			return fmt.Errorf("%s in %s is not the version the patch was written for (go-app v10.1.11): check the patch against it", name, src)
		}
	}
	dst := filepath.Join(dir, "goapp")
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	goOnly := func(name string) bool { return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") }
	keep := func(name string) bool {
		_, gone := upstream[name]
		return goOnly(name) && !gone
	}
	if err := copyFiles(filepath.Join(dst, "pkg", "app"), src, keep); err != nil {
		return err
	}
	if err := copyFiles(filepath.Join(dst, "pkg", "errors"), filepath.Join(goappDir, "pkg", "errors"), goOnly); err != nil {
		return err
	}
	top := func(name string) bool { return name == "go.mod" || name == "LICENSE" }
	if err := copyFiles(dst, goappDir, top); err != nil {
		return err
	}
	for to, from := range replaced {
		if err := copyFile(filepath.Join(dst, "pkg", "app", to), filepath.Join(patchDir, from)); err != nil {
			return err
		}
	}
	gomod, err := os.ReadFile(modFile)
	if err != nil {
		return err
	}
	gomod = append(bytes.TrimRight(gomod, "\n"), fmt.Sprintf("\n\n// Written by cmd/goappslim: the page build's go-app, without its server code.\nreplace %s => %s\n", goappModule, dst)...)
	if err := os.WriteFile(filepath.Join(dir, "page.mod"), gomod, 0o644); err != nil {
		return err
	}
	main, err := filepath.Abs(filepath.Dir(modFile))
	if err != nil {
		return err
	}
	work := fmt.Sprintf("// Written by cmd/goappslim: the page build as a workspace (see page.mod).\ngo %s\n\nuse %s\n\nreplace %s => %s\n",
		goVersion(gomod), main, goappModule, dst)
	if err := os.WriteFile(filepath.Join(dir, "page.work"), []byte(work), 0o644); err != nil {
		return err
	}
	return copyFile(filepath.Join(dir, "page.sum"), filepath.Join(filepath.Dir(modFile), "go.sum"))
}

// goVersion returns the go directive's version of a go.mod ("1.22" when it has none).
func goVersion(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	return "1.22"
}

// copyFiles copies the files of directory from whose names keep accepts into directory to.
func copyFiles(to, from string, keep func(string) bool) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && keep(e.Name()) {
			if err := copyFile(filepath.Join(to, e.Name()), filepath.Join(from, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyFile copies file from to file to, writable (the module cache's files are read-only).
func copyFile(to, from string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// moduleDir asks the go command where module path is, downloading it if it is not in the
// module cache yet (at the version go.mod requires).
func moduleDir(path string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", path)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", path, err)
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(b, &m); err != nil {
		return "", fmt.Errorf("go mod download %s: %w", path, err)
	}
	if m.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory (%s)", path, m.Error)
	}
	return m.Dir, nil
}
