package store

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxQuote bounds the characters of a bad input quoted in an error message.
const maxQuote = 24

// quote returns s quoted for an error message, cut to its first maxQuote characters (with
// "…" after the quote) so that a long bad input never fills the message.
func quote(s string) string {
	if utf8.RuneCountInString(s) <= maxQuote {
		return strconv.Quote(s)
	}
	n := 0
	for i := range s {
		if n == maxQuote {
			return strconv.Quote(s[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(s)
}

// checkText reports whether s is UTF-8 text of at most max characters.
func checkText(s string, max int) error {
	if !utf8.ValidString(s) {
		return errors.New("not UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("%d characters is more than %d", n, max)
	}
	return nil
}

// truncate returns the first n characters of s.
func truncate(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// idEncoding writes IDs in lower-case base32 without padding.
var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// maxID bounds the length of an ID.
const maxID = 64

// NewID returns a new random game ID of 16 characters read from src (crypto/rand when nil).
// The IDs of every kind of game come from here.
func NewID(src io.Reader) (string, error) {
	if src == nil {
		src = rand.Reader
	}
	var b [10]byte
	if _, err := io.ReadFull(src, b[:]); err != nil {
		return "", fmt.Errorf("making a game id: %w", err)
	}
	return idEncoding.EncodeToString(b[:]), nil
}

// CheckID reports whether id can name a saved game: 1 to 64 letters, digits, '-' or '_'.
func CheckID(id string) error {
	if id == "" || len(id) > maxID {
		return fmt.Errorf("id %s must have 1 to %d characters", quote(id), maxID)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("id %s may hold only letters, digits, - and _", quote(id))
		}
	}
	return nil
}

// ReadText returns the text of a file a player imports, whatever its encoding: UTF-8 (a
// byte-order mark is dropped), UTF-16 with a byte-order mark in either byte order, UTF-16
// without one when its first character is plain ASCII (as "{" or "[" start export and PGN
// files), and, for bytes that are none of these, Latin-1 (the encoding of many older PGN
// files). It never fails: every byte sequence is some text.
func ReadText(data []byte) string {
	switch {
	case len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF:
		data = data[3:]
	case len(data) >= 2 && data[0] == 0xFE && data[1] == 0xFF:
		return utf16Text(data[2:], true)
	case len(data) >= 2 && data[0] == 0xFF && data[1] == 0xFE:
		return utf16Text(data[2:], false)
	case len(data) >= 2 && len(data)%2 == 0 && data[0] == 0 && data[1] != 0 && data[1] < 0x80:
		return utf16Text(data, true)
	case len(data) >= 2 && len(data)%2 == 0 && data[0] != 0 && data[0] < 0x80 && data[1] == 0:
		return utf16Text(data, false)
	}
	if utf8.Valid(data) {
		return string(data)
	}
	r := make([]rune, len(data))
	for i, b := range data {
		r[i] = rune(b)
	}
	return string(r)
}

// utf16Text decodes UTF-16 in the given byte order (big-endian when big); a last odd byte
// is dropped, unpaired surrogates become U+FFFD.
func utf16Text(data []byte, big bool) string {
	u := make([]uint16, len(data)/2)
	for i := range u {
		if big {
			u[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			u[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	return string(utf16.Decode(u))
}
