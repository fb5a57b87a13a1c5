package qr

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// png writes the symbol as a PNG, scale pixels per module, with its quiet zone.
func writePNG(t testing.TB, c *Code, path string, scale int) {
	t.Helper()
	n := (c.Size + 2*Quiet) * scale
	img := image.NewGray(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := color.Gray{255}
			if c.Dark(x/scale-Quiet, y/scale-Quiet) {
				v = color.Gray{0}
			}
			img.SetGray(x, y, v)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// zbarimg decodes PNG files with zbarimg (package zbar-tools), an independent decoder, and
// returns what it read from each, sorted. The test is skipped when zbarimg is missing.
func zbarimg(t *testing.T, files []string) []string {
	t.Helper()
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	args := append([]string{"--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"}, files...)
	out, err := exec.Command(bin, args...).Output()
	if err != nil {
		t.Fatalf("zbarimg: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	sort.Strings(lines)
	return lines
}

// payload returns n bytes of URL-like text that name the test case.
func payload(tag string, n int) string {
	s := tag + "#g="
	for len(s) < n {
		s += "AQEAAAADaho_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	}
	return s[:n]
}

// TestDecodedByZbar encodes, at every version and level, a payload that fills the symbol,
// and has zbarimg read them all back: this checks the tables, the block layout, the
// placement, the masks and the format and version information against an independent
// decoder.
func TestDecodedByZbar(t *testing.T) {
	if _, err := exec.LookPath("zbarimg"); err != nil {
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	dir := t.TempDir()
	var files, want []string
	for v := MinVersion; v <= MaxVersion; v++ {
		for _, level := range []Level{L, M, Q, H} {
			data := payload(fmt.Sprintf("v%d%v", v, level), Capacity(v, level))
			c, err := EncodeVersion([]byte(data), v, level, -1)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, fmt.Sprintf("v%02d-%v.png", v, level))
			writePNG(t, c, path, 2)
			files = append(files, path)
			want = append(want, data)
		}
	}
	// Every mask, on one version.
	for m := 0; m < 8; m++ {
		data := payload(fmt.Sprintf("mask%d", m), 40)
		c, err := EncodeVersion([]byte(data), 5, M, m)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("mask%d.png", m))
		writePNG(t, c, path, 2)
		files = append(files, path)
		want = append(want, data)
	}
	sort.Strings(want)
	got := zbarimg(t, files)
	if len(got) != len(want) {
		t.Fatalf("zbarimg read %d symbols of %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("read %q, want %q", got[i], want[i])
		}
	}
}
