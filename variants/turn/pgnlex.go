package turn

import (
	"fmt"
	"strings"
)

type tokKind uint8

const (
	tkTag     tokKind = iota // [Name "value"]: text = name, value = value
	tkComment                // {text} (or ; text)
	tkNumber                 // a move number "12." / "12..."
	tkSymbol                 // a move, a comma-joined turn, "--"
	tkNAG                    // $12
	tkResult                 // 1-0, 0-1, 1/2-1/2, *
	tkOpen                   // (
	tkClose                  // )
)

type token struct {
	kind       tokKind
	text       string
	value      string
	line, col  int
	semicolons bool // a ; comment
}

func (t token) where() string { return fmt.Sprintf("line %d col %d", t.line, t.col) }

// lexPGN splits PGN text into tokens. Escape lines (% in column 1) are dropped.
func lexPGN(text string) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	advance := func(n int) {
		for k := 0; k < n && i < len(text); k++ {
			if text[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	for i < len(text) {
		c := text[i]
		tl, tc := line, col
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			advance(1)
		case c == '%' && col == 1:
			for i < len(text) && text[i] != '\n' {
				advance(1)
			}
		case c == ';':
			start := i + 1
			for i < len(text) && text[i] != '\n' {
				advance(1)
			}
			toks = append(toks, token{kind: tkComment, text: strings.TrimSpace(text[start:i]), line: tl, col: tc, semicolons: true})
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("pgn: line %d col %d: comment not closed with }", tl, tc)
			}
			body := text[i+1 : i+end]
			advance(end + 1)
			toks = append(toks, token{kind: tkComment, text: strings.TrimSpace(body), line: tl, col: tc})
		case c == '[':
			tok, n, err := lexTag(text[i:])
			if err != nil {
				return nil, fmt.Errorf("pgn: line %d col %d: %v", tl, tc, err)
			}
			tok.line, tok.col = tl, tc
			advance(n)
			toks = append(toks, tok)
		case c == '(':
			advance(1)
			toks = append(toks, token{kind: tkOpen, text: "(", line: tl, col: tc})
		case c == ')':
			advance(1)
			toks = append(toks, token{kind: tkClose, text: ")", line: tl, col: tc})
		case c == '$':
			j := i + 1
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j == i+1 {
				return nil, fmt.Errorf("pgn: line %d col %d: $ without a number", tl, tc)
			}
			toks = append(toks, token{kind: tkNAG, text: text[i:j], line: tl, col: tc})
			advance(j - i)
		case c == '}' || c == ']':
			return nil, fmt.Errorf("pgn: line %d col %d: unexpected %q", tl, tc, c)
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\n\r\f\v{}[]();$", rune(text[j])) {
				j++
			}
			word := text[i:j]
			advance(j - i)
			toks = appendWord(toks, word, tl, tc)
		}
	}
	return toks, nil
}

// appendWord classifies a run of non-separator characters: a result, a move number (possibly
// glued to a move: "1.e4", "12...Nf6"), or a symbol.
func appendWord(toks []token, word string, line, col int) []token {
	switch word {
	case "1-0", "0-1", "1/2-1/2", "*":
		return append(toks, token{kind: tkResult, text: word, line: line, col: col})
	}
	d := 0
	for d < len(word) && word[d] >= '0' && word[d] <= '9' {
		d++
	}
	if d > 0 && (d == len(word) || word[d] == '.') {
		e := d
		for e < len(word) && word[e] == '.' {
			e++
		}
		toks = append(toks, token{kind: tkNumber, text: word[:e], line: line, col: col})
		if e < len(word) {
			toks = appendWord(toks, word[e:], line, col+e)
		}
		return toks
	}
	return append(toks, token{kind: tkSymbol, text: word, line: line, col: col})
}

// lexTag reads `[Name "value"]` at the start of s and returns the token and the bytes used.
func lexTag(s string) (token, int, error) {
	i := 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	start := i
	for i < len(s) && (s[i] == '_' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	name := s[start:i]
	if name == "" {
		return token{}, 0, fmt.Errorf("tag without a name")
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return token{}, 0, fmt.Errorf("tag %s: value must be in double quotes", name)
	}
	i++
	var val strings.Builder
	for {
		if i >= len(s) || s[i] == '\n' {
			return token{}, 0, fmt.Errorf("tag %s: value not closed with \"", name)
		}
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			val.WriteByte(s[i+1])
			i += 2
			continue
		}
		if s[i] == '"' {
			i++
			break
		}
		val.WriteByte(s[i])
		i++
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return token{}, 0, fmt.Errorf("tag %s: missing ]", name)
	}
	return token{kind: tkTag, text: name, value: val.String()}, i + 1, nil
}
