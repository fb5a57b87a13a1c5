package qr

import (
	"fmt"
	"strings"
)

// Quiet is the width in modules of the light margin the standard asks around a symbol.
const Quiet = 4

// SVG draws the symbol as an SVG image with its quiet zone: one path of dark modules on a
// light square, scaled to its container (viewBox in modules). The title names the image
// for assistive technology.
func (c *Code) SVG(title string) string {
	n := c.Size + 2*Quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img">`, n, n)
	if title != "" {
		b.WriteString("<title>")
		b.WriteString(escape(title))
		b.WriteString("</title>")
	}
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			run := 1
			for c.Dark(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+Quiet, y+Quiet, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String()
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// String draws the symbol in text, two characters per module, with its quiet zone: for
// tests and terminals.
func (c *Code) String() string {
	var b strings.Builder
	for y := -Quiet; y < c.Size+Quiet; y++ {
		for x := -Quiet; x < c.Size+Quiet; x++ {
			if c.Dark(x, y) {
				b.WriteString("██")
			} else {
				b.WriteString("  ")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
