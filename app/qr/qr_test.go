package qr

import (
	"encoding/xml"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCapacity checks byte-mode capacities against the standard's capacity table.
func TestCapacity(t *testing.T) {
	tests := []struct {
		version    int
		l, m, q, h int
	}{
		{1, 17, 14, 11, 7},
		{2, 32, 26, 20, 14},
		{5, 106, 84, 60, 44},
		{10, 271, 213, 151, 119},
		{40, 2953, 2331, 1663, 1273},
	}
	for _, tt := range tests {
		for i, want := range []int{tt.l, tt.m, tt.q, tt.h} {
			if got := Capacity(tt.version, Level(i)); got != want {
				t.Errorf("Capacity(%d, %v) = %d, want %d", tt.version, Level(i), got, want)
			}
		}
	}
	if Capacity(0, M) != 0 || Capacity(41, M) != 0 {
		t.Error("capacity outside versions 1-40")
	}
}

// TestRawCodewords checks the module count against the standard's totals of codewords.
func TestRawCodewords(t *testing.T) {
	for v, want := range map[int]int{1: 26, 2: 44, 6: 172, 7: 196, 14: 581, 21: 1156, 40: 3706} {
		if got := rawModules(v) / 8; got != want {
			t.Errorf("version %d: %d codewords, want %d", v, got, want)
		}
	}
	if rawModules(2)%8 != 7 || rawModules(7)%8 != 0 || rawModules(14)%8 != 3 {
		t.Error("remainder bits of versions 2, 7, 14 are not 7, 0, 3")
	}
}

// TestAlignmentPositions checks the centres of the alignment patterns against the
// standard's table (annex E).
func TestAlignmentPositions(t *testing.T) {
	tests := map[int][]int{
		1:  nil,
		2:  {6, 18},
		7:  {6, 22, 38},
		14: {6, 26, 46, 66},
		15: {6, 26, 48, 70},
		32: {6, 34, 60, 86, 112, 138},
		36: {6, 24, 50, 76, 102, 128, 154},
		40: {6, 30, 58, 86, 114, 142, 170},
	}
	for v, want := range tests {
		if got := alignmentPositions(v); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("version %d: %v, want %v", v, got, want)
		}
	}
}

// TestFormatWord checks format information against the standard's list of the 32 values.
func TestFormatWord(t *testing.T) {
	tests := []struct {
		level Level
		mask  int
		want  string
	}{
		{L, 0, "111011111000100"},
		{M, 0, "101010000010010"},
		{Q, 0, "011010101011111"},
		{H, 0, "001011010001001"},
		{M, 1, "101000100100101"},
		{L, 7, "110100101110110"},
	}
	for _, tt := range tests {
		if got := fmt.Sprintf("%015b", formatWord(tt.level, tt.mask)); got != tt.want {
			t.Errorf("format %v%d = %s, want %s", tt.level, tt.mask, got, tt.want)
		}
	}
}

// TestVersionWord checks version information against the standard's table (annex D).
func TestVersionWord(t *testing.T) {
	for v, want := range map[int]uint32{7: 0x07C94, 8: 0x085BC, 40: 0x28C69} {
		g := newGrid(v)
		g.drawVersion()
		var got uint32
		for i := 17; i >= 0; i-- {
			got <<= 1
			if g.dark[(i/3)*g.size+g.size-11+i%3] {
				got |= 1
			}
		}
		if got != want {
			t.Errorf("version %d: %05X, want %05X", v, got, want)
		}
	}
}

// TestReedSolomon checks the error-correction codewords of the well-known "HELLO WORLD"
// 1-M example (its data codewords in alphanumeric mode).
func TestReedSolomon(t *testing.T) {
	data := []byte{32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17}
	want := []byte{196, 35, 39, 119, 235, 215, 231, 226, 93, 23}
	if got := remainder(data, generator(10)); string(got) != string(want) {
		t.Errorf("ECC %v, want %v", got, want)
	}
}

// TestDataBytes checks byte-mode encoding: mode, count, data, terminator and padding.
func TestDataBytes(t *testing.T) {
	got := dataBytes([]byte("hi"), 1, M)
	// 0100 00000010 01101000 01101001 0000, then 0xEC 0x11 ... to 16 codewords.
	want := []byte{0x40, 0x26, 0x86, 0x90, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11}
	if string(got) != string(want) {
		t.Errorf("% X\nwant % X", got, want)
	}
	// Versions 10 and up count in 16 bits.
	if got := dataBytes([]byte("hi"), 10, M); got[0] != 0x40 || got[1] != 0x00 || got[2] != 0x26 {
		t.Errorf("version 10: % X", got[:4])
	}
}

// TestPenalty scores two grids by hand: all light, and a checkerboard.
func TestPenalty(t *testing.T) {
	g := newGrid(1)
	// All light: each of 21 rows and 21 columns is one run of 21 (3 + 16), 400 blocks of
	// 2x2 (3 each), no finder-like pattern, 0% dark (10 x 10).
	if got, want := g.penalty(), 42*19+400*3+100; got != want {
		t.Errorf("all light: %d, want %d", got, want)
	}
	for y := 0; y < g.size; y++ {
		for x := 0; x < g.size; x++ {
			g.dark[y*g.size+x] = (x+y)%2 == 0
		}
	}
	if got := g.penalty(); got != 0 {
		t.Errorf("checkerboard: %d, want 0", got)
	}
}

func TestEncodeChoosesVersionAndLevel(t *testing.T) {
	tests := []struct {
		n       int
		min     Level
		version int
		level   Level
	}{
		{7, M, 1, H},  // fits 1-H
		{14, M, 1, M}, // fills 1-M
		{15, M, 2, Q}, // 2-Q holds 20
		{15, L, 1, L}, // 1-L holds 17
		{213, M, 10, M},
		{300, M, 13, M},
	}
	for _, tt := range tests {
		c, err := Encode([]byte(strings.Repeat("x", tt.n)), tt.min)
		if err != nil {
			t.Fatal(err)
		}
		if c.Version != tt.version || c.Level != tt.level || c.Size != 17+4*tt.version {
			t.Errorf("%d bytes at %v: %d-%v, want %d-%v", tt.n, tt.min, c.Version, c.Level, tt.version, tt.level)
		}
	}
	if _, err := Encode(make([]byte, 2332), M); !errors.Is(err, ErrTooLong) {
		t.Errorf("2332 bytes at M: %v", err)
	}
	if _, err := EncodeVersion([]byte("x"), 41, M, -1); err == nil {
		t.Error("version 41")
	}
}

// TestFinderPatterns checks the three finder patterns and the timing lines of a symbol.
func TestFinderPatterns(t *testing.T) {
	c, err := Encode([]byte("https://plyground.example/play#g=AQEAAAADaho"), M)
	if err != nil {
		t.Fatal(err)
	}
	finder := []string{"#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"}
	for _, corner := range [][2]int{{0, 0}, {c.Size - 7, 0}, {0, c.Size - 7}} {
		for y, row := range finder {
			for x, want := range row {
				if c.Dark(corner[0]+x, corner[1]+y) != (want == '#') {
					t.Fatalf("finder at %v wrong at (%d,%d)", corner, x, y)
				}
			}
		}
	}
	for i := 8; i < c.Size-8; i++ {
		if c.Dark(i, 6) != (i%2 == 0) || c.Dark(6, i) != (i%2 == 0) {
			t.Fatalf("timing wrong at %d", i)
		}
	}
	if !c.Dark(8, c.Size-8) {
		t.Error("no dark module")
	}
}

// TestSVG draws a symbol and counts the dark area of its path.
func TestSVG(t *testing.T) {
	c, err := Encode([]byte("hello <world> & \"you\""), M)
	if err != nil {
		t.Fatal(err)
	}
	svg := c.SVG(`Link to "the game" <here>`)
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	n := c.Size + 2*Quiet
	if !strings.Contains(svg, fmt.Sprintf(`viewBox="0 0 %d %d"`, n, n)) || !strings.Contains(svg, "<title>Link to &quot;the game&quot; &lt;here&gt;</title>") {
		t.Errorf("svg head: %.200s", svg)
	}
	area, dark := 0, 0
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(svg, -1) {
		w, _ := strconv.Atoi(m[3])
		area += w
	}
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; x++ {
			if c.Dark(x, y) {
				dark++
			}
		}
	}
	if area != dark || dark == 0 {
		t.Errorf("path covers %d modules, the symbol has %d dark", area, dark)
	}
}

func BenchmarkEncodeLink(b *testing.B) {
	link := []byte("https://plyground.example/play#g=" + strings.Repeat("AQEAAAADaho_", 30))
	for b.Loop() {
		if _, err := Encode(link, M); err != nil {
			b.Fatal(err)
		}
	}
}
