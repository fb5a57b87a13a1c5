package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestStrengthBaseProtocol checks that scripts/strength.sh can build and play its base: the
// engine protocol file it takes from commit PROTOCOL imports only this module's packages that
// the base commit BASE has, and answers the same commands as this tree's (engineServer.serve),
// so that the match speaks to the base as to this build. The script once failed before its
// first match when the protocol file it copied (then the tree's own) had come to import
// packages newer than the base. The test is skipped where the history is not at hand (no
// git, or a shallow clone).
func TestStrengthBaseProtocol(t *testing.T) {
	script, err := os.ReadFile("../../scripts/strength.sh")
	if err != nil {
		t.Fatal(err)
	}
	setting := func(name string) string {
		m := regexp.MustCompile(name + `=\$\{` + name + `:-([0-9a-f]+)\}`).FindSubmatch(script)
		if m == nil {
			t.Fatalf("scripts/strength.sh sets no default %s", name)
		}
		return string(m[1])
	}
	base, protocol := setting("BASE"), setting("PROTOCOL")
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", "../.."}, args...)...).Output()
		return string(out), err
	}
	for _, c := range []string{base, protocol} {
		if _, err := git("cat-file", "-e", c+"^{commit}"); err != nil {
			t.Skipf("commit %s is not at hand (%v)", c, err)
		}
	}
	src, err := git("show", protocol+":cmd/plyground/engine.go")
	if err != nil {
		t.Fatalf("commit %s has no cmd/plyground/engine.go: %v", protocol, err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "engine.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := parser.ParseFile(token.NewFileSet(), "engine.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if old, now := serveCommands(f), serveCommands(cur); len(now) == 0 || !slices.Equal(old, now) {
		t.Errorf("the protocol file of %s answers %q, this tree's %q", protocol, old, now)
	}
	const module = "github.com/plyground/plyground/"
	checked := 0
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			t.Fatal(err)
		}
		dir, ours := strings.CutPrefix(path, module)
		if !ours {
			continue
		}
		checked++
		if out, err := git("ls-tree", "-d", base, dir); err != nil || strings.TrimSpace(out) == "" {
			t.Errorf("the protocol file of %s imports %s, which %s does not have", protocol, path, base)
		}
	}
	if checked == 0 {
		t.Errorf("the protocol file of %s imports none of the module's packages: not the engine protocol", protocol)
	}
}

// serveCommands returns the commands the method serve of a protocol file answers: the
// strings of its switch's cases, sorted.
func serveCommands(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "serve" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CaseClause); ok {
				for _, e := range c.List {
					if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if v, err := strconv.Unquote(lit.Value); err == nil {
							out = append(out, v)
						}
					}
				}
			}
			return true
		})
	}
	slices.Sort(out)
	return out
}
