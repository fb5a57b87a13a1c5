package main

import (
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestStrengthBaseProtocol checks that scripts/strength.sh can build its base: the engine
// protocol file it takes from commit PROTOCOL imports only this module's packages that the
// base commit BASE has. The script once failed before its first match when the protocol file
// it copied (then the tree's own) had come to import packages newer than the base. The test
// is skipped where the history is not at hand (no git, or a shallow clone).
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
	f, err := parser.ParseFile(token.NewFileSet(), "engine.go", src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
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
