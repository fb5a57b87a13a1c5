// Package pieces holds the drawing of every piece of the app, the one source of the 8x8
// boards' piece images (web/pieces/, drawn by web/app.css) and of the Never-Ending Chess
// board's symbols (package necboard).
package pieces

import (
	"fmt"
	"strings"
)

// Art is one piece drawing in the style of web/pieces/: a 100 x 100 picture made of body
// shapes (filled with the side's colour, outlined), detail lines and detail dots (in the
// outline's colour, or a light colour on dark pieces), each an SVG element.
type Art struct {
	Body, Lines, Dots []string
}

// Drawings holds every piece drawing of the app, by the piece's letter: the orthodox pieces
// (P, N, B, R, Q, K) of every 8x8 board and of the Never-Ending Chess board, and the guard,
// chancellor, unicorn and time thief (G, C, U, TT) drawn for Never-Ending Chess. It is the one
// source of web/pieces/{w,b}<letter>.svg, which the 8x8 board's stylesheet draws
// (TestPieceFiles keeps the files in step; go test ./app/view/pieces -update-pieces writes
// them), and of the Never-Ending Chess board's symbols.
var Drawings = map[string]Art{
	"P": {
		Body: []string{
			`<rect x="25" y="80" width="50" height="9" rx="3.5"/>`,
			`<path d="M40 46 C41 58 31 66 30 80 L70 80 C69 66 59 58 60 46 Z"/>`,
			`<rect x="35" y="40" width="30" height="8" rx="4"/>`,
			`<circle cx="50" cy="27" r="12.5"/>`,
		},
	},
	"N": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M73 80 C76 61 76 42 65 28 C62 24 60 22 57 20 L58 8 L50 15 L46 16 C36 19 28 28 25 38 L17 54 C15 58 16 62 20 63 L27 63 C33 64 39 63 44 60 C48 58 51 55 52 51 C47 60 34 66 32 80 Z"/>`,
		},
		Lines: []string{`<path d="M63 32 C69 43 70 60 67 76"/>`},
		Dots: []string{
			`<ellipse cx="39" cy="32" rx="3.4" ry="2.2" transform="rotate(-28 39 32)"/>`,
			`<circle cx="21.5" cy="56.5" r="1.6"/>`,
		},
	},
	"B": {
		Body: []string{
			`<rect x="24" y="81" width="52" height="8" rx="3.5"/>`,
			`<path d="M38 66 C38 72 34 76 30 81 L70 81 C66 76 62 72 62 66 Z"/>`,
			`<path d="M50 19 C37 29 31 44 36 60 L64 60 C69 44 63 29 50 19 Z"/>`,
			`<rect x="33" y="59" width="34" height="8" rx="4"/>`,
			`<circle cx="50" cy="14" r="5.5"/>`,
		},
		Lines: []string{`<path d="M59 30 L49 42"/>`},
	},
	"R": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M28 80 L28 73 L72 73 L72 80 Z"/>`,
			`<path d="M33 73 L35 38 L65 38 L67 73 Z"/>`,
			`<path d="M27 38 L27 15 L36 15 L36 22 L45 22 L45 15 L55 15 L55 22 L64 22 L64 15 L73 15 L73 38 Z"/>`,
		},
		Lines: []string{
			`<path d="M31 31.5 L69 31.5"/>`,
			`<path d="M36 44 L64 44"/>`,
			`<path d="M36 67 L64 67"/>`,
		},
	},
	"Q": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M27 80 C29 76 29 73 27 69 L73 69 C71 73 71 76 73 80 Z"/>`,
			`<path d="M26 69 L19 30 L34 53 L35 24 L45 51 L50 20 L55 51 L65 24 L66 53 L81 30 L74 69 Z"/>`,
			`<circle cx="19" cy="28" r="5"/>`,
			`<circle cx="35" cy="22" r="5"/>`,
			`<circle cx="50" cy="17" r="5"/>`,
			`<circle cx="65" cy="22" r="5"/>`,
			`<circle cx="81" cy="28" r="5"/>`,
		},
		Lines: []string{`<path d="M30 74.5 L70 74.5"/>`},
	},
	// The guard: a sentinel's helmet with a crest and a visor, on the pedestal of the others.
	"G": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M28 80 C30 76 30 73 28 69 L72 69 C70 73 70 76 72 80 Z"/>`,
			`<path d="M44 24 C43 16 45 10 50 6 C55 10 57 16 56 24 Z"/>`,
			`<path d="M31 69 L31 45 C31 31 39 23 50 23 C61 23 69 31 69 45 L69 69 Z"/>`,
		},
		Lines: []string{
			`<path d="M36 45 L64 45"/>`,
			`<path d="M50 45 L50 62"/>`,
			`<path d="M31 62 L42 62 M58 62 L69 62"/>`,
			`<path d="M30 74.5 L70 74.5"/>`,
		},
	},
	// The chancellor: a rook's tower carrying a knight's head (rook + knight).
	"C": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M28 80 L28 73 L72 73 L72 80 Z"/>`,
			`<path d="M33 73 L35 51 L65 51 L67 73 Z"/>`,
			`<path d="M66 43 C68 33 66 24 60 17 L61 7 L54 12 L50 13 C41 15 35 21 33 28 L27 38 C26 41 28 43 31 43 Z"/>`,
			`<path d="M28 51 L28 43 L72 43 L72 51 Z"/>`,
		},
		Lines: []string{
			`<path d="M36 58 L64 58"/>`,
			`<path d="M36 67 L64 67"/>`,
			`<path d="M60 22 C64 29 65 35 64 41"/>`,
		},
		Dots: []string{
			`<ellipse cx="45" cy="23" rx="2.8" ry="1.9" transform="rotate(-28 45 23)"/>`,
			`<circle cx="31" cy="37" r="1.4"/>`,
		},
	},
	// The unicorn: the knight's head with a horn (knight + camel leaps).
	"U": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M36 24 L17 1 L49 16 Z"/>`,
			`<path d="M73 80 C76 61 76 42 65 28 C62 24 60 22 57 20 L58 8 L50 15 L46 16 C36 19 28 28 25 38 L17 54 C15 58 16 62 20 63 L27 63 C33 64 39 63 44 60 C48 58 51 55 52 51 C47 60 34 66 32 80 Z"/>`,
		},
		Lines: []string{
			`<path d="M63 32 C69 43 70 60 67 76"/>`,
			`<path d="M25 8 L31 6 M30 13 L37 10 M35 18 L42 15"/>`,
			`<path d="M52 24 C58 30 62 38 63 46"/>`,
		},
		Dots: []string{
			`<ellipse cx="39" cy="32" rx="3.4" ry="2.2" transform="rotate(-28 39 32)"/>`,
			`<circle cx="21.5" cy="56.5" r="1.6"/>`,
		},
	},
	// The time thief: an hourglass between two posts, its sand running.
	"TT": {
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M29 80 L29 22 L35 22 L35 80 Z"/>`,
			`<path d="M65 80 L65 22 L71 22 L71 80 Z"/>`,
			`<path d="M37 73 C37 61 47 56 47 48 C47 40 37 35 37 23 L63 23 C63 35 53 40 53 48 C53 56 63 61 63 73 Z"/>`,
			`<rect x="25" y="72" width="50" height="8" rx="2.5"/>`,
			`<rect x="25" y="14" width="50" height="9" rx="2.5"/>`,
		},
		Lines: []string{
			`<path d="M50 49 L50 63"/>`,
		},
		Dots: []string{
			`<path d="M41 33 L59 33 C57 38 53 41 50 44 C47 41 43 38 41 33 Z"/>`,
			`<path d="M40 71 C42 65 46 63 50 63 C54 63 58 65 60 71 Z"/>`,
		},
	},
}

// King is the king of the 8x8 boards (Never-Ending Chess has none).
func init() {
	Drawings["K"] = Art{
		Body: []string{
			`<rect x="23" y="80" width="54" height="9" rx="3.5"/>`,
			`<path d="M27 80 C29 76 29 74 27 70 L73 70 C71 74 71 76 73 80 Z"/>`,
			`<path d="M47 27 L47 19 L40 19 L40 13 L47 13 L47 6 L53 6 L53 13 L60 13 L60 19 L53 19 L53 27 Z"/>`,
			`<path d="M50 50 C45 44 43 38 43 34 C43 29 46 26 50 26 C54 26 57 29 57 34 C57 38 55 44 50 50 Z"/>`,
			`<path d="M27 70 C15 58 19 38 34 38 C42 38 47 43 50 50 C53 43 58 38 66 38 C81 38 85 58 73 70 Z"/>`,
		},
		Lines: []string{
			`<path d="M30 75 L70 75"/>`,
			`<path d="M29 63 C42 59 58 59 71 63"/>`,
		},
	}
}

// Colours are the colours of a side: the body's fill, its outline, and the details.
type Colours struct{ Fill, Line, Detail string }

// The colours of the two sides of web/pieces/.
var (
	White = Colours{"#fdfcfa", "#1c1b1a", "#1c1b1a"}
	Black = Colours{"#2b2926", "#0f0e0d", "#efebe5"}
)

// File writes a piece drawing as an SVG file of web/pieces/, in a side's colours.
func File(a Art, c Colours) string {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + "\n")
	fmt.Fprintf(&b, `  <g fill="%s" stroke="%s" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">`+"\n", c.Fill, c.Line)
	for _, e := range a.Body {
		b.WriteString("    " + e + "\n")
	}
	b.WriteString("  </g>\n")
	fmt.Fprintf(&b, `  <g fill="none" stroke="%s" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">`+"\n", c.Detail)
	for _, e := range a.Lines {
		b.WriteString("    " + e + "\n")
	}
	b.WriteString("  </g>\n")
	if len(a.Dots) > 0 {
		fmt.Fprintf(&b, `  <g fill="%s">`+"\n", c.Detail)
		for _, e := range a.Dots {
			b.WriteString("    " + e + "\n")
		}
		b.WriteString("  </g>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// FileName returns the file name in web/pieces/ of the piece with that letter ("wG.svg").
func FileName(letter string, white bool) string {
	side := "b"
	if white {
		side = "w"
	}
	return side + letter + ".svg"
}
