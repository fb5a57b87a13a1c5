package browser

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestCues checks that every cue has its notes, each audible and short, and that a cue that
// does not exist has none.
func TestCues(t *testing.T) {
	for c := CueMove; c <= CueRoll; c++ {
		tones := c.tones()
		if len(tones) == 0 {
			t.Errorf("cue %d has no notes", c)
		}
		for _, n := range tones {
			if n.freq < 100 || n.freq > 2000 || n.gain <= 0 || n.gain > 0.25 || n.length <= 0 || n.at+n.length > 0.5 {
				t.Errorf("cue %d: note %+v out of range", c, n)
			}
		}
	}
	if CueRoll+1 != Cue(len(cues)) {
		t.Errorf("%d cues declared, %d with notes", CueRoll+1, len(cues))
	}
	if (CueRoll + 1).tones() != nil {
		t.Error("a cue past the last has notes")
	}
}

// TestNoRecover checks that no file of the package recovers a panic: JavaScript exceptions
// come back as errors from safejs.
func TestNoRecover(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("listing the package's files: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "recover" {
					t.Errorf("%s: recover: call through safejs and return its error instead", fset.Position(c.Pos()))
				}
			}
			return true
		})
	}
}
