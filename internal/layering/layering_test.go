package layering

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/plyground/plyground"

// rank places a package of the module in the layer order; a package may import (directly or
// not) only packages of a strictly lower rank. The variants/<name> packages share a rank and
// must never import each other; a subpackage such as variants/nec/bot may import its own
// variant.
func rank(pkg string) (int, bool) {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
	switch {
	case rel == "engine":
		return 0, true
	case rel == "engine/search", rel == "engine/enginetest": // enginetest: for tests only
		return 1, true
	case rel == "variants/turn", rel == "engine/orthonet": // orthonet: the network's weights, over engine/search
		return 2, true
	case strings.HasPrefix(rel, "variants/"):
		return 3, true
	case rel == "variants":
		return 4, true
	case rel == "app/store", rel == "app/qr", rel == "app/analysis", rel == "app/problems":
		return 5, true
	case rel == "app/session", rel == "app/necgame", rel == "app/worker":
		return 6, true
	case rel == "app/necgame/remote": // Never-Ending Chess across devices, over necgame
		return 7, true
	case rel == "app/browser":
		return 8, true
	// app/view, bottom up: the route table, the piece drawings and the pointer gestures;
	// the page frame (shell); the boards, the share dialog and the solver's panel; the screens, which never
	// import each other; the package of the overview.
	case rel == "app/view/route", rel == "app/view/pieces", rel == "app/view/gesture":
		return 9, true
	case rel == "app/view/shell":
		return 10, true
	case rel == "app/view/board", rel == "app/view/necboard", rel == "app/view/share", rel == "app/view/solver":
		return 11, true
	case rel == "app/view/play", rel == "app/view/necplay", rel == "app/view/necremote", rel == "app/view/saved", rel == "app/view/home", rel == "app/view/analysis", rel == "app/view/problems":
		return 12, true
	case rel == "app/view":
		return 13, true
	case rel == "app":
		return 14, true
	case strings.HasPrefix(rel, "cmd/"):
		return 15, true
	case strings.HasPrefix(rel, "internal/"):
		return 16, true
	}
	return 0, false
}

type pkgInfo struct {
	path    string
	imports []string
	deps    []string
}

func list(t *testing.T, goos, goarch string) []pkgInfo {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \",\"}}|{{join .Deps \",\"}}", module+"/...")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list (%s/%s): %v\n%s", goos, goarch, err, stderr.String())
	}
	var pkgs []pkgInfo
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("unexpected go list line %q", line)
		}
		pkgs = append(pkgs, pkgInfo{path: parts[0], imports: split(parts[1]), deps: split(parts[2])})
	}
	return pkgs
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func isModule(p string) bool { return p == module || strings.HasPrefix(p, module+"/") }

func isStd(p string) bool {
	first := strings.SplitN(p, "/", 2)[0]
	return !strings.Contains(first, ".")
}

// violations lists what breaks the layering in one build configuration.
func violations(pkgs []pkgInfo) []string {
	var bad []string
	for _, p := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.path, module), "/")
		r, ok := rank(p.path)
		if !ok {
			bad = append(bad, p.path+": not placed in the layer order (add it to rank in layering_test.go and DESIGN.md)")
			continue
		}
		for _, d := range p.deps {
			if isModule(d) {
				dr, ok := rank(d)
				if !ok {
					continue // reported on its own
				}
				ownVariant := strings.HasPrefix(p.path, d+"/") // variants/nec/bot may use variants/nec
				if dr > r || (dr == r && d != p.path && !ownVariant) {
					bad = append(bad, p.path+" depends on "+d+" against the layer order")
				}
			}
			if d == module+"/engine/orthonet" && rel != "cmd/worker" && rel != "cmd/plyground" {
				bad = append(bad, p.path+" depends on "+d+": only cmd/worker and cmd/plyground carry the network's weights (the page's app.wasm stays within its budget without them)")
			}
			if (rel == "engine" || strings.HasPrefix(rel, "engine/")) && !isStd(d) && !isModule(d) {
				bad = append(bad, p.path+" depends on "+d+": the engine uses the standard library only")
			}
		}
		for _, d := range p.imports {
			if strings.HasPrefix(d, "github.com/maxence-charriere/go-app") && rel != "app/view" &&
				!strings.HasPrefix(rel, "app/view/") && rel != "app/browser" && !strings.HasPrefix(rel, "cmd/") {
				bad = append(bad, p.path+" imports go-app: only app/view/..., app/browser and cmd may")
			}
			if (d == "syscall/js" || strings.HasPrefix(d, "github.com/hack-pad/safejs")) &&
				rel != "app/browser" && rel != "cmd/worker" {
				bad = append(bad, p.path+" imports "+d+": only app/browser and cmd/worker may")
			}
		}
	}
	return bad
}

// TestStoreBelowGames checks the place of the saved-game layer: app/store ranks below both
// game packages (app/session, app/necgame), so that either may store through it and neither
// keeps a copy, and above the variants whose records it reads.
func TestStoreBelowGames(t *testing.T) {
	r := func(rel string) int {
		n, ok := rank(module + "/" + rel)
		if !ok {
			t.Fatalf("%s has no rank", rel)
		}
		return n
	}
	for _, above := range []string{"app/session", "app/necgame", "app/browser", "app/view"} {
		if r("app/store") >= r(above) {
			t.Errorf("app/store (rank %d) is not below %s (rank %d)", r("app/store"), above, r(above))
		}
	}
	if r("app/store") <= r("variants") {
		t.Errorf("app/store (rank %d) is not above variants (rank %d)", r("app/store"), r("variants"))
	}
}

func TestImportDirections(t *testing.T) {
	for _, target := range [][2]string{{"linux", "amd64"}, {"js", "wasm"}} {
		for _, v := range violations(list(t, target[0], target[1])) {
			t.Errorf("%s/%s: %s", target[0], target[1], v)
		}
	}
}

// TestImportDirectionsDetects proves the checker can fail: a synthetic engine package that
// imports a variant, a session package that imports go-app, a screen that imports another
// screen, the route table that imports a screen, and a package other than app/browser and
// cmd/worker that touches the browser (syscall/js, safejs) must all be reported; app/browser
// and cmd/worker touching it must not. A package other than cmd/worker and cmd/plyground
// that depends on the network's weights (engine/orthonet) must be reported too; cmd/worker
// depending on them must not.
func TestImportDirectionsDetects(t *testing.T) {
	fake := []pkgInfo{
		{path: module + "/engine", deps: []string{module + "/variants/sdm", "fmt"}},
		{path: module + "/variants/sdm", deps: []string{module + "/variants/dice"}},
		{path: module + "/variants/dice"},
		{path: module + "/variants/nec/bot", deps: []string{module + "/variants/nec"}},
		{path: module + "/variants/nec"},
		{path: module + "/app/session", imports: []string{"github.com/maxence-charriere/go-app/v10/pkg/app"}},
		{path: module + "/app/store", imports: []string{"syscall/js"}},
		{path: module + "/engine/search", deps: []string{"golang.org/x/exp/slices"}},
		// One screen may not import another, nor the route table a screen.
		{path: module + "/app/view/play", deps: []string{module + "/app/view/necplay", module + "/app/view/board"}},
		{path: module + "/app/view/necplay"},
		{path: module + "/app/view/route", deps: []string{module + "/app/view/saved"}},
		{path: module + "/app/view/saved"},
		// Only app/browser and cmd/worker touch the browser.
		{path: module + "/app/view/board", imports: []string{"github.com/hack-pad/safejs"}},
		{path: module + "/cmd/pwa", imports: []string{"syscall/js"}},
		{path: module + "/app/browser", imports: []string{"syscall/js", "github.com/hack-pad/safejs"}},
		{path: module + "/cmd/worker", imports: []string{"github.com/hack-pad/safejs"}, deps: []string{module + "/engine/orthonet"}},
		// Only cmd/worker and cmd/plyground carry the network's weights.
		{path: module + "/app/worker", deps: []string{module + "/engine/orthonet"}},
		{path: module + "/engine/orthonet", deps: []string{module + "/engine/search"}},
	}
	got := violations(fake)
	if len(got) != 10 {
		t.Fatalf("want 10 violations, got %d: %q", len(got), got)
	}
	for _, want := range []string{
		module + "/app/store imports syscall/js",
		module + "/app/view/board imports github.com/hack-pad/safejs",
		module + "/cmd/pwa imports syscall/js",
		module + "/app/worker depends on " + module + "/engine/orthonet",
	} {
		found := false
		for _, v := range got {
			found = found || strings.HasPrefix(v, want+":")
		}
		if !found {
			t.Errorf("not reported: %s (got %q)", want, got)
		}
	}
}
