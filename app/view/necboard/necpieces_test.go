package necboard

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

var updatePieces = flag.Bool("update-pieces", false, "rewrite web/pieces/{w,b}{G,C,U,TT}.svg from necArt")

// TestNECPieceFiles: the guard, chancellor, unicorn and time thief of web/pieces/ are the
// drawings of necArt, for both sides (go test ./app/view/necboard -run NECPieceFiles -update-pieces
// writes them).
func TestNECPieceFiles(t *testing.T) {
	for _, k := range necNewKinds {
		for _, white := range []bool{true, false} {
			c := blackColours
			if white {
				c = whiteColours
			}
			want := pieceFile(necArt[k], c)
			path := filepath.Join("..", "..", "..", "web", "pieces", pieceFileName(k, white))
			if *updatePieces {
				if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s differs from necArt[%v]", path, k)
			}
		}
	}
}

// TestNECPieceArt: the orthodox pieces on the Never-Ending Chess board are those of
// web/pieces/, shape for shape (whitespace aside).
func TestNECPieceArt(t *testing.T) {
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, k := range []nec.Kind{nec.Pawn, nec.Knight, nec.Bishop, nec.Rook, nec.Queen} {
		for _, white := range []bool{true, false} {
			c := blackColours
			if white {
				c = whiteColours
			}
			path := filepath.Join("..", "..", "..", "web", "pieces", pieceFileName(k, white))
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if norm(string(got)) != norm(pieceFile(necArt[k], c)) {
				t.Errorf("necArt[%v] does not match %s", k, path)
			}
		}
	}
}
