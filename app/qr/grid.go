package qr

// grid is a symbol being drawn: its modules and which of them belong to function patterns.
type grid struct {
	size     int
	version  int
	dark     []bool
	function []bool
}

func newGrid(version int) *grid {
	size := 17 + 4*version
	return &grid{size: size, version: version, dark: make([]bool, size*size), function: make([]bool, size*size)}
}

// set draws a function module.
func (g *grid) set(x, y int, dark bool) {
	g.dark[y*g.size+x] = dark
	g.function[y*g.size+x] = true
}

// alignmentPositions returns the row and column centres of the alignment patterns.
func alignmentPositions(version int) []int {
	if version == 1 {
		return nil
	}
	n := version/7 + 2
	size := 17 + 4*version
	step := 26
	if version != 32 {
		// Even spacing from the last centre back towards 6, rounded up to an even step.
		step = (size - 13 + 2*n - 3) / (2*n - 2) * 2
	}
	pos := make([]int, n)
	pos[0] = 6
	for i, p := n-1, size-7; i >= 1; i, p = i-1, p-step {
		pos[i] = p
	}
	return pos
}

// drawFunctions draws the finder patterns with their separators, the timing patterns, the
// alignment patterns, the dark module, and reserves the format and version areas.
func (g *grid) drawFunctions() {
	s := g.size
	for i := 0; i < s; i++ {
		g.set(6, i, i%2 == 0)
		g.set(i, 6, i%2 == 0)
	}
	for _, c := range [][2]int{{3, 3}, {s - 4, 3}, {3, s - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				x, y := c[0]+dx, c[1]+dy
				if x < 0 || y < 0 || x >= s || y >= s {
					continue
				}
				d := max(abs(dx), abs(dy))
				g.set(x, y, d != 2 && d != 4)
			}
		}
	}
	pos := alignmentPositions(g.version)
	for i, cx := range pos {
		for j, cy := range pos {
			if i == 0 && j == 0 || i == 0 && j == len(pos)-1 || i == len(pos)-1 && j == 0 {
				continue // under a finder pattern
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					g.set(cx+dx, cy+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	g.drawFormat(0, 0) // reserve; the real bits are drawn after masking
	g.drawVersion()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// formatWord returns the 15-bit format information: level and mask with their BCH code,
// XORed with the standard's mask 101010000010010.
func formatWord(level Level, mask int) uint32 {
	data := formatBits[level]<<3 | uint32(mask)
	rem := data
	for i := 0; i < 10; i++ {
		rem = rem<<1 ^ (rem>>9)*0x537
	}
	return (data<<10 | rem) ^ 0x5412
}

// drawFormat draws both copies of the format information and the dark module. Bit 14 is
// the most significant.
func (g *grid) drawFormat(level Level, mask int) {
	w := formatWord(level, mask)
	bit := func(i int) bool { return w>>uint(i)&1 != 0 }
	s := g.size
	// Around the top-left finder: bits 0-7 down column 8 (skipping the timing row), bits
	// 8-14 leftwards along row 8 (skipping the timing column).
	for i := 0; i <= 5; i++ {
		g.set(8, i, bit(i))
	}
	g.set(8, 7, bit(6))
	g.set(8, 8, bit(7))
	g.set(7, 8, bit(8))
	for i := 9; i < 15; i++ {
		g.set(14-i, 8, bit(i))
	}
	// The second copy: bits 0-7 along row 8 from the right edge, bits 8-14 up column 8 at
	// the bottom.
	for i := 0; i < 8; i++ {
		g.set(s-1-i, 8, bit(i))
	}
	for i := 8; i < 15; i++ {
		g.set(8, s-15+i, bit(i))
	}
	g.set(8, s-8, true)
}

// drawVersion draws both copies of the version information (versions 7 and up).
func (g *grid) drawVersion() {
	if g.version < 7 {
		return
	}
	rem := uint32(g.version)
	for i := 0; i < 12; i++ {
		rem = rem<<1 ^ (rem>>11)*0x1F25
	}
	w := uint32(g.version)<<12 | rem
	for i := 0; i < 18; i++ {
		dark := w>>uint(i)&1 != 0
		a, b := g.size-11+i%3, i/3
		g.set(a, b, dark)
		g.set(b, a, dark)
	}
}

// drawCodewords places the codewords in the zigzag order of the standard: pairs of columns
// from the right, upwards then downwards, skipping the vertical timing column and every
// function module. Remainder bits stay light.
func (g *grid) drawCodewords(data []byte) {
	s := g.size
	i := 0
	for right := s - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		upward := (right+1)&2 == 0
		for v := 0; v < s; v++ {
			y := v
			if upward {
				y = s - 1 - v
			}
			for j := 0; j < 2; j++ {
				x := right - j
				if g.function[y*s+x] {
					continue
				}
				if i < len(data)*8 {
					g.dark[y*s+x] = data[i/8]>>uint(7-i%8)&1 != 0
					i++
				}
			}
		}
	}
}

// maskBit reports whether mask pattern m flips the module at column x, row y.
func maskBit(m, x, y int) bool {
	switch m {
	case 0:
		return (x+y)%2 == 0
	case 1:
		return y%2 == 0
	case 2:
		return x%3 == 0
	case 3:
		return (x+y)%3 == 0
	case 4:
		return (x/3+y/2)%2 == 0
	case 5:
		return x*y%2+x*y%3 == 0
	case 6:
		return (x*y%2+x*y%3)%2 == 0
	default:
		return ((x+y)%2+x*y%3)%2 == 0
	}
}

// applyMask flips the data modules that mask m selects.
func (g *grid) applyMask(m int) {
	for y := 0; y < g.size; y++ {
		for x := 0; x < g.size; x++ {
			if !g.function[y*g.size+x] && maskBit(m, x, y) {
				g.dark[y*g.size+x] = !g.dark[y*g.size+x]
			}
		}
	}
}

// penalty scores the symbol by the four rules of the standard: runs of five or more
// modules of one colour, 2x2 blocks of one colour, finder-like patterns with four light
// modules on a side, and the imbalance between dark and light.
func (g *grid) penalty() int {
	s := g.size
	p := 0
	at := func(x, y int, vertical bool) bool {
		if vertical {
			x, y = y, x
		}
		return g.dark[y*s+x]
	}
	for _, vertical := range []bool{false, true} {
		for line := 0; line < s; line++ {
			run := 0
			var prev bool
			for i := 0; i < s; i++ {
				d := at(i, line, vertical)
				if i > 0 && d == prev {
					run++
				} else {
					if run >= 5 {
						p += 3 + run - 5
					}
					run = 1
				}
				prev = d
			}
			if run >= 5 {
				p += 3 + run - 5
			}
			// Finder-like 1:1:3:1:1 with four light modules before or after; the quiet
			// zone beyond the edges counts as light.
			mod := func(i int) bool {
				if i < 0 || i >= s {
					return false
				}
				return at(i, line, vertical)
			}
			for i := -4; i < s; i++ {
				if mod(i) && !mod(i+1) && mod(i+2) && mod(i+3) && mod(i+4) && !mod(i+5) && mod(i+6) {
					before := !mod(i-1) && !mod(i-2) && !mod(i-3) && !mod(i-4)
					after := !mod(i+7) && !mod(i+8) && !mod(i+9) && !mod(i+10)
					if before || after {
						p += 40
					}
				}
			}
		}
	}
	dark := 0
	for y := 0; y < s; y++ {
		for x := 0; x < s; x++ {
			d := g.dark[y*s+x]
			if d {
				dark++
			}
			if x+1 < s && y+1 < s && d == g.dark[y*s+x+1] && d == g.dark[(y+1)*s+x] && d == g.dark[(y+1)*s+x+1] {
				p += 3
			}
		}
	}
	total := s * s
	// 10 points for every full 5% away from half dark.
	k := abs(dark*20-total*10) / total
	return p + 10*k
}
