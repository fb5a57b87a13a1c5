package nec

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
)

// encodingVersion is the first byte of every encoded state (RULES.md 11.2).
const encodingVersion = 1

// ErrDecode is wrapped by every error of DecodeState.
var ErrDecode = errors.New("invalid state encoding")

// maxCount bounds the integers of the encoding that are not coordinates.
const maxCount = 1 << 53

// Encode writes the state as a compact URL-safe string (base64url of a versioned varint format,
// RULES.md 11.2). DecodeState reads it back.
func (s State) Encode() string {
	return base64.RawURLEncoding.EncodeToString(s.AppendBinary(nil))
}

// AppendBinary appends the binary form of the state (before base64) to b.
func (s State) AppendBinary(b []byte) []byte {
	b = append(b, encodingVersion)
	b = binary.AppendUvarint(b, uint64(s.update))
	b = binary.AppendUvarint(b, uint64(s.limits.MaxUpdates))
	b = binary.AppendUvarint(b, uint64(s.limits.ScoreLimit))
	b = binary.AppendUvarint(b, uint64(len(s.players)))
	for _, p := range s.players {
		b = binary.AppendUvarint(b, uint64(len(p.Name)))
		b = append(b, p.Name...)
		b = append(b, byte(p.Dir))
		b = binary.AppendUvarint(b, uint64(p.Score))
	}
	b = binary.AppendUvarint(b, uint64(len(s.pieces)))
	prev := PieceID(0)
	for _, p := range s.pieces {
		b = binary.AppendUvarint(b, uint64(p.ID-prev))
		prev = p.ID
		b = append(b, byte(p.Kind)<<3|byte(p.Owner))
		b = binary.AppendVarint(b, p.Sq.X)
		b = binary.AppendVarint(b, p.Sq.Y)
		flags := byte(p.Marks&(MarkCovered|MarkPin)) &^ 1 // bit 0 is "moved"
		if p.Moved {
			flags |= 1
		}
		b = append(b, flags)
		if p.Moved {
			b = binary.AppendVarint(b, p.From.X-p.Sq.X)
			b = binary.AppendVarint(b, p.From.Y-p.Sq.Y)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(s.threats)))
	for _, t := range s.threats {
		ai, _ := s.indexOf(t.Attacker)
		ti, _ := s.indexOf(t.Target)
		b = binary.AppendUvarint(b, uint64(ai))
		b = binary.AppendUvarint(b, uint64(ti))
		packed := byte(t.Line.Orient) | byte(t.Age)<<3
		if t.Exempt {
			packed |= 1 << 5
		}
		b = append(b, packed)
		if t.Line.Orient != NoLine {
			b = binary.AppendVarint(b, t.Line.C)
		}
	}
	return b
}

// DecodeState reads a state written by Encode. It checks every field and every invariant of a
// state and reports the byte offset (in the binary form) of the first problem.
func DecodeState(text string) (State, error) {
	data, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return State{}, fmt.Errorf("%w: base64url: bad character at %d", ErrDecode, int64(ce))
		}
		return State{}, fmt.Errorf("%w: base64url: %v", ErrDecode, err)
	}
	return DecodeBinary(data)
}

type decoder struct {
	b   []byte
	off int
	err error
}

func (d *decoder) fail(off int, format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: byte %d: %s", ErrDecode, off, fmt.Sprintf(format, args...))
	}
}

// name describes a field in an error message: what, prefixed with the item index when i >= 0.
func name(what string, i int) string {
	if i < 0 {
		return what
	}
	return fmt.Sprintf(what, i)
}

func (d *decoder) byte(what string, i int) byte {
	if d.err != nil {
		return 0
	}
	if d.off >= len(d.b) {
		d.fail(d.off, "%s: unexpected end of data", name(what, i))
		return 0
	}
	v := d.b[d.off]
	d.off++
	return v
}

func (d *decoder) uvarint(what string, i int, limit uint64) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail(d.off, "%s: bad or truncated varint", name(what, i))
		return 0
	}
	if v > limit {
		d.fail(d.off, "%s: %d out of range (at most %d)", name(what, i), v, limit)
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) varint(what string, i int, limit int64) int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail(d.off, "%s: bad or truncated varint", name(what, i))
		return 0
	}
	if v > limit || v < -limit {
		d.fail(d.off, "%s: %d out of range (at most %d in absolute value)", name(what, i), v, limit)
		return 0
	}
	d.off += n
	return v
}

// DecodeBinary reads the binary form written by AppendBinary.
func DecodeBinary(data []byte) (State, error) {
	d := &decoder{b: data}
	if v := d.byte("version", -1); d.err == nil && v != encodingVersion {
		d.fail(0, "unknown version %d (this program reads version %d)", v, encodingVersion)
	}
	var s State
	s.update = int(d.uvarint("update count", -1, maxCount))
	s.limits.MaxUpdates = int(d.uvarint("update limit", -1, maxCount))
	s.limits.ScoreLimit = int64(d.uvarint("score limit", -1, maxCount))
	np := d.uvarint("player count", -1, MaxPlayers)
	if d.err == nil && np < MinPlayers {
		d.fail(d.off-1, "%d players (at least %d)", np, MinPlayers)
	}
	for i := 0; i < int(np) && d.err == nil; i++ {
		at := d.off
		n := d.uvarint("player %d name length", i, MaxNameLen)
		if d.err != nil {
			break
		}
		if n == 0 || d.off+int(n) > len(d.b) {
			d.fail(at, "player %d: name length %d", i, n)
			break
		}
		name := string(d.b[d.off : d.off+int(n)])
		if !utf8.ValidString(name) {
			d.fail(d.off, "player %d: name is not UTF-8", i)
		}
		d.off += int(n)
		at = d.off
		dir := Dir(d.byte("player %d direction", i))
		if d.err == nil && !dir.Valid() {
			d.fail(at, "player %d: direction %d out of range", i, dir)
		}
		score := int64(d.uvarint("player %d score", i, maxCount))
		for j, q := range s.players {
			if d.err == nil && q.Name == name {
				d.fail(at, "players %d and %d are both named %q", j, i, name)
			}
		}
		s.players = append(s.players, Player{Name: name, Dir: dir, Score: score})
	}
	npc := d.uvarint("piece count", -1, MaxPieces)
	prev := uint64(0)
	for i := 0; i < int(npc) && d.err == nil; i++ {
		at := d.off
		delta := d.uvarint("piece %d identifier", i, math.MaxUint32)
		if d.err == nil && (delta == 0 || prev+delta > math.MaxUint32) {
			d.fail(at, "piece %d: identifiers must increase and fit 32 bits", i)
		}
		prev += delta
		at = d.off
		ko := d.byte("piece %d kind", i)
		p := Piece{ID: PieceID(prev), Kind: Kind(ko >> 3), Owner: int(ko & 7)}
		if d.err == nil && !p.Kind.Valid() {
			d.fail(at, "piece %d: kind %d out of range", i, p.Kind)
		}
		if d.err == nil && p.Owner >= len(s.players) {
			d.fail(at, "piece %d: owner %d out of range (%d players)", i, p.Owner, len(s.players))
		}
		p.Sq.X = d.varint("piece %d x", i, MaxCoord)
		p.Sq.Y = d.varint("piece %d y", i, MaxCoord)
		at = d.off
		flags := d.byte("piece %d flags", i)
		if d.err == nil && flags&^0x7 != 0 {
			d.fail(at, "piece %d: unknown flags %#x", i, flags)
		}
		p.Marks = Mark(flags) & (MarkCovered | MarkPin)
		if flags&1 != 0 {
			p.Moved = true
			at = d.off
			dx := d.varint("piece %d left square x", i, 2*MaxCoord)
			dy := d.varint("piece %d left square y", i, 2*MaxCoord)
			p.From = Square{p.Sq.X + dx, p.Sq.Y + dy}
			if d.err == nil && (!p.From.Valid() || p.From == p.Sq) {
				d.fail(at, "piece %d: left square %v invalid", i, p.From)
			}
		}
		s.pieces = append(s.pieces, p)
	}
	if d.err == nil {
		if err := s.checkBasics(); err != nil {
			d.fail(d.off, "%v", err)
		}
	}
	if d.err != nil {
		return State{}, d.err
	}
	s.index()
	want := s.freshThreats() // one record for every attack pair, with its line
	nt := d.uvarint("threat count", -1, uint64(len(want)))
	if d.err == nil && int(nt) != len(want) {
		d.fail(d.off-1, "%d threat records for %d attacks on the board", nt, len(want))
	}
	for i := 0; i < int(nt) && d.err == nil; i++ {
		at := d.off
		ai := d.uvarint("threat %d attacker", i, uint64(len(s.pieces)-1))
		ti := d.uvarint("threat %d target", i, uint64(len(s.pieces)-1))
		packed := d.byte("threat %d line", i)
		t := Threat{Line: Line{Orient: Orient(packed & 7)}, Age: int(packed>>3) & 3, Exempt: packed&(1<<5) != 0}
		if d.err == nil && (packed>>6 != 0 || t.Line.Orient > AntiDiagonal || t.Age > 2 || t.Exempt && t.Age != 0) {
			d.fail(d.off-1, "threat %d: bad line/age/exempt byte %#x", i, packed)
		}
		if t.Line.Orient != NoLine {
			t.Line.C = d.varint("threat %d line constant", i, 2*MaxCoord)
		}
		if d.err != nil {
			break
		}
		t.Attacker, t.Target = s.pieces[ai].ID, s.pieces[ti].ID
		w := want[i]
		if t.Attacker != w.Attacker || t.Target != w.Target || t.Line != w.Line {
			d.fail(at, "threat %d: record %d→%d (%v) does not match the attack %d→%d (%v) on the board", i, t.Attacker, t.Target, t.Line, w.Attacker, w.Target, w.Line)
		}
		s.threats = append(s.threats, t)
	}
	for i, t := range s.threats {
		if _, ok := findThreat(s.threats, t.Target, t.Attacker); d.err == nil && t.Exempt && !ok {
			d.fail(d.off, "threat %d: exempt but its pieces do not attack each other", i)
		}
	}
	if d.err == nil && d.off != len(d.b) {
		d.fail(d.off, "%d trailing bytes", len(d.b)-d.off)
	}
	if d.err != nil {
		return State{}, d.err
	}
	s.applyClockMarks()
	return s, nil
}
