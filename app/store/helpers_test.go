package store

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// newStore returns a Store over an empty Memory with a clock that advances one second per
// call from a fixed date, and seeded IDs.
func newStore(t testing.TB) (*Store, *Memory) {
	t.Helper()
	mem := &Memory{}
	clock := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	st := &Store{
		Storage: mem,
		Now: func() time.Time {
			clock = clock.Add(time.Second)
			return clock
		},
		Rand: rand.NewChaCha8([32]byte{1, 2, 3}),
	}
	return st, mem
}

// game plays a PGN text (any variant, through its Variant tag).
func game(t testing.TB, pgn string) *turn.Game {
	t.Helper()
	g, _, err := variants.ParsePGN(pgn)
	if err != nil {
		t.Fatalf("PGN %q: %v", pgn, err)
	}
	return g
}

// placement returns the piece placement (the first FEN field) of the game's position.
func placement(g *turn.Game) string {
	return strings.Fields(g.Variant().FEN(g.State()))[0]
}

// readFile returns a testdata file.
func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// snapshot returns a copy of everything in mem.
func snapshot(t testing.TB, mem *Memory) map[string]string {
	t.Helper()
	keys, _ := mem.Keys()
	m := map[string]string{}
	for _, k := range keys {
		v, _, _ := mem.Get(k)
		m[k] = v
	}
	return m
}

// forSamples runs check on every file of testdata/dir, each in a subtest with its expectation
// from wants (by file name); it fails for a file without an expectation and for an
// expectation without its file.
func forSamples[W any](t *testing.T, dir string, wants map[string]W, check func(t *testing.T, name string, w W)) {
	t.Helper()
	files, err := os.ReadDir(filepath.Join("testdata", dir))
	if err != nil || len(files) == 0 {
		t.Fatalf("no samples in testdata/%s: %v", dir, err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		name := f.Name()
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			w, ok := wants[name]
			if !ok {
				t.Fatalf("sample %s/%s has no expectation in this test", dir, name)
			}
			check(t, name, w)
		})
	}
	for name := range wants {
		if !seen[name] {
			t.Errorf("expectation for %s, which is not in testdata/%s", name, dir)
		}
	}
}

// addSamples adds every file of the testdata folders to a fuzz target's corpus.
func addSamples(f *testing.F, dirs ...string) {
	for _, dir := range dirs {
		files, _ := os.ReadDir(filepath.Join("testdata", dir))
		for _, fi := range files {
			b, _ := os.ReadFile(filepath.Join("testdata", dir, fi.Name()))
			f.Add(string(b))
		}
	}
}
