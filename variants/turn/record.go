package turn

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// RecordVersion is the newest version byte that Encode writes. Every version ever written
// keeps decoding to the game it recorded (the catalogue's testdata/records-v<N>.txt holds
// samples of each).
//
// Version 2 has the layout of version 1. It is read under today's rules. Version 1 was written
// under the rules as they were before RULES.md changed S4, S5, O2, D7, P7 and P9, and an
// action's index depends on the legal actions of its state, so Decode reads a version 1
// record under those rules (State.Legacy), with its start FEN read as version 1 read it
// (FENUpgrader). When the actions read so make the same game under today's rules (every
// action legal, the same outcome), the game is today's; otherwise it stays a legacy game,
// played on under the old rules, so that it remains the game that was recorded.
//
// Encode writes version 1 when that version reads the game back the same (a legacy game, or a
// game whose actions mean the same under the old rules, from a start both versions read
// alike), so that older versions of the program still open most records; version 2 otherwise.
//
// Version 3 is version 2 followed by the hints (Game.UseHint); it is written only for a game
// played with a hint, so that every other game keeps the version older programs read.
const RecordVersion = 3

// FENUpgrader is implemented by a variant whose reading of a start FEN changed after game
// records of version 1 were written (progressive chess, P9). UpgradeFEN returns the FEN that
// the variant's Start reads today as the same start that version 1 read from fen.
type FENUpgrader interface {
	UpgradeFEN(fen string) (string, error)
}

// slot is one action of the record: its index among the legal actions of its state sorted by
// Key, and how many legal actions there were.
type slot struct{ idx, n int }

// slotOf returns a's slot among acts.
func slotOf(acts []Action, a Action) slot {
	// The index in the list sorted by Key is the number of actions with a smaller key.
	idx, k := 0, a.Key()
	for _, x := range acts {
		if x.Key() < k {
			idx++
		}
	}
	return slot{idx, len(acts)}
}

// slots numbers the game's actions among the legal actions of its own states.
func (g *Game) slots() []slot {
	out := make([]slot, len(g.actions))
	var buf []Action
	for i, a := range g.actions {
		buf = g.v.Actions(g.states[i], buf[:0])
		out[i] = slotOf(buf, a)
	}
	return out
}

// versionOneSlots numbers the game's actions as a record of version 1 does, when that version
// decodes back to the same game: a legacy game in its own states; a game of today's rules in
// the states of the same actions replayed under the old rules, if every action is legal there,
// the game ends the same, and the start is read alike by both versions.
func (g *Game) versionOneSlots() ([]slot, bool) {
	if g.legacy {
		return g.slots(), true
	}
	if _, ok := g.v.(FENUpgrader); ok && g.start != "" {
		return nil, false
	}
	old, err := newLegacyGame(g.v, g.start)
	if err != nil {
		return nil, false
	}
	out := make([]slot, len(g.actions))
	var buf []Action
	for i, a := range g.actions {
		s := old.State()
		if buf = g.v.Actions(s, buf[:0]); !Contains(buf, a) || old.Outcome().Over() {
			return nil, false
		}
		out[i] = slotOf(buf, a)
		old.push(a, g.v.Do(s, a))
	}
	if g.end != NoEnd && old.Finish(g.end) != nil {
		return nil, false
	}
	if !sameEnd(old.Outcome(), g.Outcome()) {
		return nil, false
	}
	return out, true
}

// maxActions bounds the number of actions a record may hold.
const maxActions = 1 << 16

// variantCodes gives each catalogue ID a one-byte code in the record. Codes are never reused
// or changed; code 0 means "the ID follows as text".
var variantCodes = [...]string{
	1: "orthodox",
	2: "sdm",
	3: "marseillais",
	4: "dice",
	5: "progressive-italian",
	6: "progressive-scottish",
}

func variantCode(id string) byte {
	for i, s := range variantCodes {
		if s != "" && s == id {
			return byte(i)
		}
	}
	return 0
}

// Opener returns the variant with the given catalogue ID and option text; the catalogue
// (package variants) provides one.
type Opener func(id, options string) (Variant, error)

// ErrRecord is wrapped by every error Decode returns.
var ErrRecord = errors.New("bad game record")

// Encode returns the game's record as a compact URL-safe string (base64url without padding)
// that Decode reads back. Layout of versions 1 and 2 (see RecordVersion), before base64:
//
//	byte      version (1 or 2)
//	byte      variant code (0: followed by uvarint length and the ID)
//	uvarint   length, then the option text
//	uvarint   length, then the start FEN ("" = standard start)
//	byte      End
//	uvarint   number of actions
//	bits      each action as its index among the legal actions of its state sorted by
//	          Action.Key, in bits.Len(n-1) bits for n legal actions (none when n = 1),
//	          most significant bit first; zero bits pad the last byte.
//
// Version 3 (a game played with hints) has the same layout (read under today's rules, as
// version 2), followed by:
//
//	uvarint   number of hints
//	uvarint   each hint's action index (Game.Hints), as the difference from the one before
//	          (from 0 for the first)
//
// A dice roll is an action among the 36 possible rolls (6 bits); a pass forced by the roll
// costs nothing.
func (g *Game) Encode() string {
	version := byte(1)
	slots, ok := g.versionOneSlots()
	if !ok {
		version, slots = 2, g.slots()
	}
	if len(g.hints) > 0 {
		version, slots = 3, g.slots()
	}
	var b []byte
	b = append(b, version)
	id := g.v.ID()
	code := variantCode(id)
	b = append(b, code)
	if code == 0 {
		b = appendString(b, id)
	}
	b = appendString(b, g.v.Options())
	b = appendString(b, g.start)
	b = append(b, byte(g.end))
	b = binary.AppendUvarint(b, uint64(len(g.actions)))
	var w bitWriter
	w.buf = b
	for _, sl := range slots {
		w.write(uint64(sl.idx), width(sl.n))
	}
	b = w.flush()
	if version == 3 {
		b = binary.AppendUvarint(b, uint64(len(g.hints)))
		last := 0
		for _, h := range g.hints {
			b = binary.AppendUvarint(b, uint64(h-last))
			last = h
		}
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Encode returns the record's string (see Game.Encode), replaying it through v to number the
// actions; it fails when the record does not replay.
func Encode(v Variant, r Record) (string, error) {
	g, err := Replay(v, r)
	if err != nil {
		return "", err
	}
	return g.Encode(), nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// width is the number of bits that hold an index among n choices.
func width(n int) int {
	if n <= 1 {
		return 0
	}
	return bits.Len(uint(n - 1))
}

// Decode reads a string written by Encode (any version), opens the variant with open and
// replays every action, checking each. Errors (wrapping ErrRecord) say where the string is
// bad: which byte of the header, or which action; Decode never panics.
func Decode(text string, open Opener) (*Game, error) {
	data, err := base64.RawURLEncoding.Strict().DecodeString(text)
	if err != nil {
		return nil, fmt.Errorf("%w: not base64url: %v", ErrRecord, err)
	}
	r := byteReader{data: data}
	version, ok := r.byte()
	if !ok {
		return nil, fmt.Errorf("%w: empty", ErrRecord)
	}
	switch version {
	case 1, 2, 3:
		return decode(&r, open, version)
	}
	return nil, fmt.Errorf("%w: byte 0: unknown version %d", ErrRecord, version)
}

// decode reads the rest of a record of version 1, 2 or 3 (the same layout; version 3 adds the
// hints at the end).
func decode(r *byteReader, open Opener, version byte) (*Game, error) {
	at := r.pos
	code, ok := r.byte()
	if !ok {
		return nil, r.errorf(at, "variant", "truncated")
	}
	var id string
	switch {
	case code == 0:
		if id, ok = r.string(); !ok {
			return nil, r.errorf(at, "variant", "truncated")
		}
	case int(code) < len(variantCodes) && variantCodes[code] != "":
		id = variantCodes[code]
	default:
		return nil, r.errorf(at, "variant", "unknown variant code %d", code)
	}
	at = r.pos
	opts, ok := r.string()
	if !ok {
		return nil, r.errorf(at, "options", "truncated")
	}
	v, err := open(id, opts)
	if err != nil {
		return nil, r.errorf(at, "variant and options", "%v", err)
	}
	if v.Options() != opts {
		return nil, r.errorf(at, "options", "%q is not in canonical form (%q)", opts, v.Options())
	}
	at = r.pos
	start, ok := r.string()
	if !ok {
		return nil, r.errorf(at, "start position", "truncated")
	}
	newGame := NewGame
	if version == 1 {
		newGame = newLegacyGame
	}
	g, err := newGame(v, start)
	if err != nil {
		return nil, r.errorf(at, "start position", "%v", err)
	}
	// A version 1 record is read under the old rules (g) and, alongside, under today's (now)
	// as long as its actions stay legal there.
	var now *Game
	if g.legacy {
		now, _ = g.todayStart()
	}
	at = r.pos
	endByte, ok := r.byte()
	if !ok {
		return nil, r.errorf(at, "end", "truncated")
	}
	end := End(endByte)
	if end >= numEnds {
		return nil, r.errorf(at, "end", "unknown end %d", endByte)
	}
	at = r.pos
	count, ok := r.uvarint()
	if !ok {
		return nil, r.errorf(at, "action count", "truncated or too large")
	}
	if count > maxActions {
		return nil, r.errorf(at, "action count", "%d actions is more than %d", count, maxActions)
	}
	br := bitReader{data: r.data[r.pos:]}
	var buf []Action
	var keys []uint32
	for i := 0; i < int(count); i++ {
		s := g.State()
		where := func() string {
			return fmt.Sprintf("action %d of %d (turn %d, %v, ply %d)", i+1, count, s.Number(), s.Mover(), s.Ply()+1)
		}
		if o := g.Outcome(); o.Over() {
			return nil, fmt.Errorf("%w: %s: the game is already over (%v)", ErrRecord, where(), o)
		}
		buf = g.v.Actions(s, buf[:0])
		if len(buf) == 0 {
			return nil, fmt.Errorf("%w: %s: no legal action", ErrRecord, where())
		}
		w := width(len(buf))
		idx, ok := br.read(w)
		if !ok {
			return nil, fmt.Errorf("%w: %s: truncated (bit %d of %d)", ErrRecord, where(), br.pos, 8*len(br.data))
		}
		if idx >= uint64(len(buf)) {
			return nil, fmt.Errorf("%w: %s: index %d, but only %d legal actions", ErrRecord, where(), idx, len(buf))
		}
		keys = keys[:0]
		for _, x := range buf {
			keys = append(keys, x.Key())
		}
		slices.Sort(keys)
		var a Action
		for _, x := range buf {
			if x.Key() == keys[idx] {
				a = x
				break
			}
		}
		g.push(a, g.v.Do(s, a))
		if now != nil {
			t := now.State()
			if buf = g.v.Actions(t, buf[:0]); !Contains(buf, a) || now.Outcome().Over() {
				now = nil
			} else {
				now.push(a, g.v.Do(t, a))
			}
		}
	}
	var hints []int
	if version == 3 {
		// The hints begin at the next byte.
		if pad := (8 - br.pos%8) % 8; pad > 0 {
			if v, _ := br.read(pad); v != 0 {
				return nil, fmt.Errorf("%w: nonzero padding after %d actions", ErrRecord, count)
			}
		}
		hr := byteReader{data: br.data, pos: br.pos / 8}
		var err error
		if hints, err = readHints(&hr, int(count)); err != nil {
			return nil, err
		}
		br.pos = 8 * hr.pos
	}
	if rest := 8*len(br.data) - br.pos; rest >= 8 {
		return nil, fmt.Errorf("%w: %d bytes of trailing data after %d actions", ErrRecord, rest/8, count)
	} else if rest > 0 {
		if v, _ := br.read(rest); v != 0 {
			return nil, fmt.Errorf("%w: nonzero padding after %d actions", ErrRecord, count)
		}
	}
	if end != NoEnd {
		if err := g.Finish(end); err != nil {
			return nil, fmt.Errorf("%w: end: %v", ErrRecord, err)
		}
	}
	if err := g.setHints(hints); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	// The same game under today's rules (every action legal, the same end and outcome) is
	// today's game; otherwise the record keeps the old rules.
	if now != nil && (end == NoEnd || now.Finish(end) == nil) && sameEnd(now.Outcome(), g.Outcome()) {
		return now, nil
	}
	return g, nil
}

// maxHints bounds the hints a record may hold: one a turn at most.
const maxHints = maxActions + 1

// readHints reads the hints of a version 3 record of count actions.
func readHints(r *byteReader, count int) ([]int, error) {
	at := r.pos
	n, ok := r.uvarint()
	if !ok {
		return nil, r.errorf(at, "hints", "truncated")
	}
	if n == 0 || n > uint64(count)+1 || n > maxHints {
		return nil, r.errorf(at, "hints", "%d hints for %d actions", n, count)
	}
	out := make([]int, 0, n)
	last := 0
	for i := 0; i < int(n); i++ {
		at = r.pos
		d, ok := r.uvarint()
		if !ok {
			return nil, r.errorf(at, "hints", "truncated")
		}
		if (i > 0 && d == 0) || d > uint64(count-last) {
			return nil, r.errorf(at, "hints", "hint %d at action %d+%d, beyond the %d actions or not after the one before", i+1, last, d, count)
		}
		last += int(d)
		out = append(out, last)
	}
	return out, nil
}

// todayStart starts, under today's rules, the game that the legacy game g started.
func (g *Game) todayStart() (*Game, error) {
	start := g.start
	if up, ok := g.v.(FENUpgrader); ok && start != "" {
		var err error
		if start, err = up.UpgradeFEN(start); err != nil {
			return nil, err
		}
	}
	return NewGame(g.v, start)
}

type byteReader struct {
	data []byte
	pos  int
}

func (r *byteReader) errorf(at int, field, format string, args ...any) error {
	return fmt.Errorf("%w: byte %d (%s): %s", ErrRecord, at+1, field, fmt.Sprintf(format, args...))
}

func (r *byteReader) byte() (byte, bool) {
	if r.pos >= len(r.data) {
		return 0, false
	}
	r.pos++
	return r.data[r.pos-1], true
}

func (r *byteReader) uvarint() (uint64, bool) {
	v, n := binary.Uvarint(r.data[r.pos:])
	if n <= 0 {
		return 0, false
	}
	r.pos += n
	return v, true
}

func (r *byteReader) string() (string, bool) {
	n, ok := r.uvarint()
	if !ok || n > uint64(len(r.data)-r.pos) {
		return "", false
	}
	s := string(r.data[r.pos : r.pos+int(n)])
	r.pos += int(n)
	return s, true
}

type bitWriter struct {
	buf  []byte
	acc  uint64
	nacc int
}

func (w *bitWriter) write(v uint64, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | v>>uint(i)&1
		w.nacc++
		if w.nacc == 8 {
			w.buf = append(w.buf, byte(w.acc))
			w.acc, w.nacc = 0, 0
		}
	}
}

func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc<<uint(8-w.nacc)))
		w.acc, w.nacc = 0, 0
	}
	return w.buf
}

type bitReader struct {
	data []byte
	pos  int // in bits
}

func (r *bitReader) read(n int) (uint64, bool) {
	if r.pos+n > 8*len(r.data) {
		return 0, false
	}
	var v uint64
	for i := 0; i < n; i++ {
		b := r.data[(r.pos+i)/8] >> uint(7-(r.pos+i)%8) & 1
		v = v<<1 | uint64(b)
	}
	r.pos += n
	return v, true
}
