package pieces

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updatePieces = flag.Bool("update-pieces", false, "rewrite web/pieces/{w,b}<letter>.svg from Drawings")

// TestPieceFiles: every file of web/pieces/ is a drawing of Drawings in a side's colours,
// byte for byte, and every drawing has its two files (go test ./app/view/pieces
// -update-pieces writes them).
func TestPieceFiles(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "web", "pieces")
	want := map[string]string{}
	for letter, a := range Drawings {
		want[FileName(letter, true)] = File(a, White)
		want[FileName(letter, false)] = File(a, Black)
	}
	if len(want) != 20 {
		t.Errorf("%d piece files, want 20 (P N B R Q K G C U TT, both sides)", len(want))
	}
	for name, text := range want {
		path := filepath.Join(dir, name)
		if *updatePieces {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != text {
			t.Errorf("%s is not its drawing in Drawings", path)
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, ok := want[filepath.Base(f)]; !ok {
			t.Errorf("%s has no drawing in Drawings", f)
		}
	}
}
