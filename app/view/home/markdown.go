package home

import (
	"regexp"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The rules texts of the variants are a small part of Markdown: "#" headings, paragraphs,
// "- " list items (continued on indented lines), **bold**, *emphasis* and `code`. This is
// just enough to draw them; anything else shows as plain text.

// blockKind is the kind of a Markdown block.
type blockKind uint8

const (
	paragraph blockKind = iota
	heading
	listItem
)

// block is one heading, paragraph or list item; Rule is the RULES.md number a list item or
// paragraph starts with in bold ("**M2** ..."), if any.
type block struct {
	kind  blockKind
	level int
	text  string
	rule  string
}

// ruleLead finds the rule number that opens a paragraph ("**D3** ..."). It is compiled on
// first use, not at start-up: the game screen, which the app opens first, never needs it.
var ruleLead = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\*\*([A-Z][0-9]+)\*\*`) })

// parseBlocks splits a Markdown text into blocks.
func parseBlocks(md string) []block {
	var out []block
	var cur *block
	flush := func() {
		if cur != nil {
			cur.text = strings.TrimSpace(cur.text)
			if m := ruleLead().FindStringSubmatch(cur.text); m != nil {
				cur.rule = m[1]
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush()
		case strings.HasPrefix(trimmed, "#"):
			flush()
			level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
			out = append(out, block{kind: heading, level: level, text: strings.TrimSpace(trimmed[level:])})
		case strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* "):
			flush()
			cur = &block{kind: listItem, text: trimmed[2:]}
		case cur != nil:
			cur.text += " " + trimmed
		default:
			cur = &block{kind: paragraph, text: trimmed}
		}
	}
	flush()
	return out
}

// inline draws the text of a block with its bold, emphasis and code spans.
func inline(text string) []app.UI {
	var out []app.UI
	for len(text) > 0 {
		i := strings.IndexAny(text, "*`")
		if i < 0 {
			out = append(out, app.Text(text))
			break
		}
		if i > 0 {
			out = append(out, app.Text(text[:i]))
			text = text[i:]
		}
		switch {
		case strings.HasPrefix(text, "**"):
			if j := strings.Index(text[2:], "**"); j >= 0 {
				out = append(out, app.Strong().Text(text[2:2+j]))
				text = text[4+j:]
				continue
			}
		case text[0] == '`':
			if j := strings.IndexByte(text[1:], '`'); j >= 0 {
				out = append(out, app.Code().Text(text[1:1+j]))
				text = text[2+j:]
				continue
			}
		case text[0] == '*':
			if j := strings.IndexByte(text[1:], '*'); j > 0 {
				out = append(out, app.Em().Text(text[1:1+j]))
				text = text[2+j:]
				continue
			}
		}
		out = append(out, app.Text(text[:1]))
		text = text[1:]
	}
	return out
}
