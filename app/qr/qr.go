// Package qr draws QR codes (ISO/IEC 18004) in byte mode, versions 1 to 40, at the four
// error-correction levels, with the mask chosen by the standard's penalty rules. It is
// written from the specification with the standard library only, so a share link can be
// drawn as a QR code in the page without a network. Encode returns the module matrix; SVG
// draws it.
package qr

import (
	"errors"
	"fmt"
	"math"
)

// Level is an error-correction level: the share of the symbol that can be damaged and
// still be read.
type Level uint8

// The levels, from the least redundancy to the most.
const (
	L Level = iota // about 7% of the codewords can be restored
	M              // about 15%
	Q              // about 25%
	H              // about 30%
)

// String returns "L", "M", "Q" or "H".
func (l Level) String() string {
	if l <= H {
		return string("LMQH"[l])
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// formatBits are the two bits that name a level in the format information.
var formatBits = [4]uint32{L: 1, M: 0, Q: 3, H: 2}

// eccPerBlock and numBlocks are the error-correction tables of the standard (table 9), by
// level and version (index 0 unused).
var eccPerBlock = [4][41]int{
	L: {0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
	M: {0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28},
	Q: {0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
	H: {0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30},
}

var numBlocks = [4][41]int{
	L: {0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25},
	M: {0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49},
	Q: {0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68},
	H: {0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81},
}

// MinVersion and MaxVersion bound the versions (sizes) Encode chooses from.
const (
	MinVersion = 1
	MaxVersion = 40
)

// ErrTooLong is returned for data that no version holds at the level asked.
var ErrTooLong = errors.New("qr: data too long")

// Code is a QR code symbol: a square of dark and light modules, without the quiet zone
// around it (four modules wide, to be left light by whoever draws it).
type Code struct {
	// Version is 1 to 40; the symbol is 17 + 4*Version modules wide.
	Version int
	// Level is the error-correction level.
	Level Level
	// Mask is the data mask pattern, 0 to 7.
	Mask int
	// Size is the width and height in modules.
	Size int

	dark []bool
}

// Dark reports whether the module at column x, row y (0, 0 top left) is dark. Modules
// outside the symbol are light.
func (c *Code) Dark(x, y int) bool {
	if x < 0 || y < 0 || x >= c.Size || y >= c.Size {
		return false
	}
	return c.dark[y*c.Size+x]
}

// Capacity returns how many bytes a symbol of the version and level holds.
func Capacity(version int, level Level) int {
	if version < MinVersion || version > MaxVersion || level > H {
		return 0
	}
	bits := dataCodewords(version, level)*8 - 4 - countBits(version)
	return bits / 8
}

// Encode returns the smallest symbol that holds data at level min, raising the level as far
// as the same version allows (more redundancy for free).
func Encode(data []byte, min Level) (*Code, error) {
	if min > H {
		return nil, fmt.Errorf("qr: unknown level %d", min)
	}
	for v := MinVersion; v <= MaxVersion; v++ {
		if len(data) > Capacity(v, min) {
			continue
		}
		level := min
		for level < H && len(data) <= Capacity(v, level+1) {
			level++
		}
		return EncodeVersion(data, v, level, -1)
	}
	return nil, fmt.Errorf("%w: %d bytes, at most %d at level %v", ErrTooLong, len(data), Capacity(MaxVersion, min), min)
}

// EncodeVersion returns the symbol of the given version and level; mask is 0 to 7, or -1 to
// choose the mask with the lowest penalty as the standard says.
func EncodeVersion(data []byte, version int, level Level, mask int) (*Code, error) {
	if version < MinVersion || version > MaxVersion || level > H || mask < -1 || mask > 7 {
		return nil, fmt.Errorf("qr: bad version %d, level %d or mask %d", version, level, mask)
	}
	if n := Capacity(version, level); len(data) > n {
		return nil, fmt.Errorf("%w: %d bytes, version %d-%v holds %d", ErrTooLong, len(data), version, level, n)
	}
	codewords := addECC(dataBytes(data, version, level), version, level)
	g := newGrid(version)
	g.drawFunctions()
	g.drawCodewords(codewords)
	best, bestPenalty := mask, math.MaxInt
	if mask < 0 {
		for m := 0; m < 8; m++ {
			g.applyMask(m)
			g.drawFormat(level, m)
			if p := g.penalty(); p < bestPenalty {
				best, bestPenalty = m, p
			}
			g.applyMask(m) // undo: the mask is its own inverse
		}
	}
	g.applyMask(best)
	g.drawFormat(level, best)
	return &Code{Version: version, Level: level, Mask: best, Size: g.size, dark: g.dark}, nil
}

// countBits is the width of the character count in byte mode.
func countBits(version int) int {
	if version <= 9 {
		return 8
	}
	return 16
}

// rawModules counts the modules of a version that hold data and error correction: all but
// the finder patterns with their separators, the timing patterns, the alignment patterns,
// the format and version information and the dark module.
func rawModules(version int) int {
	size := 17 + 4*version
	n := size*size - 3*64 - 2*(size-16) - 31
	if version >= 2 {
		k := version/7 + 2 // alignment positions per axis
		// k*k patterns less the three under finders, of 25 modules; those on the timing
		// lines cover 5 timing modules already counted.
		n -= 25*(k*k-3) - 10*(k-2)
	}
	if version >= 7 {
		n -= 2 * 18
	}
	return n
}

// dataCodewords is the number of data codewords of a version and level.
func dataCodewords(version int, level Level) int {
	return rawModules(version)/8 - eccPerBlock[level][version]*numBlocks[level][version]
}

// dataBytes encodes data in byte mode with its terminator and padding, as codewords.
func dataBytes(data []byte, version int, level Level) []byte {
	var w bitWriter
	w.put(0b0100, 4)
	w.put(uint32(len(data)), countBits(version))
	for _, b := range data {
		w.put(uint32(b), 8)
	}
	capBits := dataCodewords(version, level) * 8
	w.put(0, min(4, capBits-w.n))
	w.put(0, (8-w.n%8)%8)
	for pad := uint32(0xEC); w.n < capBits; pad ^= 0xEC ^ 0x11 {
		w.put(pad, 8)
	}
	return w.buf
}

type bitWriter struct {
	buf []byte
	n   int
}

func (w *bitWriter) put(v uint32, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if w.n%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>uint(i)&1 != 0 {
			w.buf[w.n/8] |= 0x80 >> uint(w.n%8)
		}
		w.n++
	}
}

// addECC splits the data into blocks, computes each block's Reed-Solomon codewords and
// interleaves them all as the standard says.
func addECC(data []byte, version int, level Level) []byte {
	blocks := numBlocks[level][version]
	ecc := eccPerBlock[level][version]
	raw := rawModules(version) / 8
	short := blocks - raw%blocks // blocks one data codeword shorter come first
	shortData := raw/blocks - ecc
	gen := generator(ecc)
	var dataBlocks, eccBlocks [][]byte
	for i, k := 0, 0; i < blocks; i++ {
		n := shortData
		if i >= short {
			n++
		}
		d := data[k : k+n]
		k += n
		dataBlocks = append(dataBlocks, d)
		eccBlocks = append(eccBlocks, remainder(d, gen))
	}
	out := make([]byte, 0, raw)
	for i := 0; i <= shortData; i++ {
		for _, d := range dataBlocks {
			if i < len(d) {
				out = append(out, d[i])
			}
		}
	}
	for i := 0; i < ecc; i++ {
		for _, e := range eccBlocks {
			out = append(out, e[i])
		}
	}
	return out
}
