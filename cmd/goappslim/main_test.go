package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository root, from this package's directory.
const root = "../.."

// TestPageBuildLeavesOutServer writes the patched go-app and checks what the page build then
// links: go-app's pkg/app without net/http (nor TLS), with the patch's files in place of
// wasm.go and resource.go.
func TestPageBuildLeavesOutServer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goapp, err := moduleDir(goappModule)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := write(dir, goapp, "_patch", filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	app := filepath.Join(dir, "goapp", "pkg", "app")
	for _, gone := range []string{"http.go", "resource.go", "app_test.go"} {
		if _, err := os.Stat(filepath.Join(app, gone)); !os.IsNotExist(err) {
			t.Errorf("%s is in the patched pkg/app (err %v)", gone, err)
		}
	}
	for to, from := range replaced {
		got, err := os.ReadFile(filepath.Join(app, to))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(filepath.Join("_patch", from))
		if string(got) != string(want) {
			t.Errorf("%s is not _patch/%s", to, from)
		}
	}
	mod, err := os.ReadFile(filepath.Join(dir, "page.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "replace " + goappModule + " => " + filepath.Join(dir, "goapp"); !strings.Contains(string(mod), want) {
		t.Fatalf("page.mod lacks %q:\n%s", want, mod)
	}
	// The build (-modfile) and the linters (the workspace) see the same slim page.
	for _, way := range []struct {
		name string
		args []string
		env  string
	}{
		{"page.mod", []string{"list", "-modfile", filepath.Join(dir, "page.mod"), "-deps", "./cmd/pwa"}, ""},
		{"page.work", []string{"list", "-deps", "./cmd/pwa"}, "GOWORK=" + filepath.Join(dir, "page.work")},
	} {
		cmd := exec.Command("go", way.args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if way.env != "" {
			cmd.Env = append(cmd.Env, way.env)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go list: %v\n%s", way.name, err, out)
		}
		deps := strings.Fields(string(out))
		has := func(pkg string) bool {
			for _, d := range deps {
				if d == pkg {
					return true
				}
			}
			return false
		}
		if !has(goappModule + "/pkg/app") {
			t.Fatalf("%s: the page does not import go-app's pkg/app:\n%s", way.name, out)
		}
		for _, pkg := range []string{"net/http", "crypto/tls", "crypto/x509"} {
			if has(pkg) {
				t.Errorf("%s: the page build links %s", way.name, pkg)
			}
		}
	}
}

// TestRefusesOtherGoApp checks that a go-app whose patched files differ from the version the
// patch was written for is refused, and nothing is written.
func TestRefusesOtherGoApp(t *testing.T) {
	goapp, err := moduleDir(goappModule)
	if err != nil {
		t.Fatal(err)
	}
	for name := range upstream {
		t.Run(name, func(t *testing.T) {
			fake := t.TempDir()
			if err := copyFiles(filepath.Join(fake, "pkg", "app"), filepath.Join(goapp, "pkg", "app"), func(n string) bool { return strings.HasSuffix(n, ".go") }); err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(filepath.Join(fake, "pkg", "app", name), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("\n// changed\n")
			f.Close()
			out := t.TempDir()
			err = write(out, fake, "_patch", filepath.Join(root, "go.mod"))
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("write with a changed %s: err = %v, want a refusal naming it", name, err)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("wrote %d entries after refusing", len(entries))
			}
		})
	}
}
