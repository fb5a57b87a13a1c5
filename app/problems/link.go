package problems

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
)

// LinkVersion is the version byte of a problem link.
const LinkVersion = 1

// ErrLink is wrapped by every error DecodeLink returns.
var ErrLink = errors.New("bad problem link")

// maxLink bounds the length of a link DecodeLink reads.
const maxLink = 1024

// Link returns the text of a link to p, for the URL fragment "#p=<text>": base64url (no
// padding) of a version byte, then either 1 and the ID of a problem of the collection, or 2,
// the rules (0 Italian, 1 Scottish) and the FEN of a position (each text as a uvarint length
// and its bytes).
func Link(p Problem) string {
	b := []byte{LinkVersion}
	if q, ok := Find(p.ID); ok && p.ID != "" && q.FEN == p.FEN && q.Rules == p.Rules {
		b = append(b, 1)
		b = appendText(b, p.ID)
	} else {
		b = append(b, 2)
		rules := byte(0)
		if p.Rules == "progressive-scottish" {
			rules = 1
		}
		b = append(b, rules)
		b = appendText(b, p.FEN)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func appendText(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// DecodeLink reads a link written by Link: the problem of the collection, or the shared
// position (without its solutions). It never panics.
func DecodeLink(text string) (Problem, error) {
	if len(text) > maxLink {
		return Problem{}, fmt.Errorf("%w: %d characters, more than %d", ErrLink, len(text), maxLink)
	}
	data, err := base64.RawURLEncoding.Strict().DecodeString(text)
	if err != nil {
		return Problem{}, fmt.Errorf("%w: not base64url: %v", ErrLink, err)
	}
	if len(data) < 2 {
		return Problem{}, fmt.Errorf("%w: too short", ErrLink)
	}
	if data[0] != LinkVersion {
		return Problem{}, fmt.Errorf("%w: version %d (this program reads %d)", ErrLink, data[0], LinkVersion)
	}
	kind, rest := data[1], data[2:]
	readText := func() (string, error) {
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)-k) {
			return "", fmt.Errorf("%w: truncated", ErrLink)
		}
		s := string(rest[k : k+int(n)])
		rest = rest[k+int(n):]
		return s, nil
	}
	var p Problem
	switch kind {
	case 1:
		id, err := readText()
		if err != nil {
			return Problem{}, err
		}
		q, ok := Find(id)
		if !ok {
			return Problem{}, fmt.Errorf("%w: no problem %q in the collection", ErrLink, id)
		}
		p = q
	case 2:
		if len(rest) < 1 || rest[0] > 1 {
			return Problem{}, fmt.Errorf("%w: unknown rules", ErrLink)
		}
		p.Rules = "progressive-italian"
		if rest[0] == 1 {
			p.Rules = "progressive-scottish"
		}
		rest = rest[1:]
		fen, err := readText()
		if err != nil {
			return Problem{}, err
		}
		p.FEN = fen
		if _, _, err := p.Open(); err != nil {
			return Problem{}, fmt.Errorf("%w: %v", ErrLink, err)
		}
	default:
		return Problem{}, fmt.Errorf("%w: unknown kind %d", ErrLink, kind)
	}
	if len(rest) != 0 {
		return Problem{}, fmt.Errorf("%w: %d bytes of trailing data", ErrLink, len(rest))
	}
	return p, nil
}
