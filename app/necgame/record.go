package necgame

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/plyground/plyground/variants/nec"
)

// RecordVersion is the version of the record text that EncodeRecord writes. Every version
// ever written keeps decoding: testdata/record-v<N>.txt holds a sample of each.
//
// Version 1 is the character "1" followed by the base64url encoding (no padding) of the raw
// DEFLATE compression of a JSON object:
//
//	{"seats":[{"bot":true,"level":2},{"name":"Ann"}], "seed":7,
//	 "start":"<nec.State.Encode() of the start>",
//	 "u":[["N(3,15)",""], ...]}
//
// where "u" holds one list per update with one order text per player in the notation of
// RULES.md 11.1, as nec.State.FormatOrder writes it on the board of that update ("" when the
// player submitted nothing). Fields it does not know are ignored.
//
// Version 2 is version 1 with the character "2", resolved under today's rules. Version 1 was
// written under the rules before RULES.md changed N4 and N6, so DecodeRecord replays it under
// them (nec.State.AsLegacy); when every update then ends on the same board under today's rules,
// the record is today's game, else it keeps the old rules (its Start is a legacy state) and is
// written back as version 1.
const RecordVersion = 2

// ErrRecord is wrapped by every error of DecodeRecord.
var ErrRecord = errors.New("bad game record")

// Limits of a record.
const (
	// MaxRecordText bounds the length of a record's text.
	MaxRecordText = 1 << 20
	// maxRecordJSON bounds the decompressed JSON.
	maxRecordJSON = 8 << 20
	// MaxUpdates bounds the updates of a record.
	MaxUpdates = 100000
)

// Record is a whole game: the seats, the bots' seed, the start and every update's orders.
type Record struct {
	Seats []Seat
	Seed  uint64
	Start nec.State
	// Updates holds each update's orders, at most one per player, in player order.
	Updates [][]nec.Order

	// boards and reports, when set, are the replay of the record (boards[k] is the board after
	// k updates), so that encoding and opening need not replay it again.
	boards  []nec.State
	reports []nec.Report
}

// replayed reports whether r carries its replay.
func (r Record) replayed() bool {
	return len(r.boards) == len(r.Updates)+1 && len(r.reports) == len(r.Updates)
}

// wireRecord is version 1 of the record.
type wireRecord struct {
	Seats []Seat     `json:"seats"`
	Seed  uint64     `json:"seed,omitempty"`
	Start string     `json:"start"`
	U     [][]string `json:"u"`
}

// Record returns the game's record (the orders of the update being entered are not part of
// it: they are still hidden).
func (g *Game) Record() Record {
	r := Record{Seats: g.Seats(), Seed: g.seed, Start: g.Start()}
	for _, os := range g.orders {
		r.Updates = append(r.Updates, append([]nec.Order(nil), os...))
	}
	r.boards = append([]nec.State(nil), g.states...)
	r.reports = append([]nec.Report(nil), g.reports...)
	return r
}

// Open replays a record into a game, which continues after its last update.
func Open(r Record) (*Game, error) {
	if err := checkSeats(r.Seats, r.Start.NumPlayers()); err != nil {
		return nil, fmt.Errorf("opening the game: %w", err)
	}
	g := &Game{seats: append([]Seat(nil), r.Seats...), seed: r.Seed, states: []nec.State{r.Start}}
	if r.replayed() {
		g.states = append([]nec.State(nil), r.boards...)
		g.reports = append([]nec.Report(nil), r.reports...)
		for _, os := range r.Updates {
			g.orders = append(g.orders, append([]nec.Order(nil), os...))
		}
	}
	for k := len(g.orders); k < len(r.Updates); k++ {
		os := r.Updates[k]
		s := g.State()
		next, rep, err := s.Resolve(os)
		if err != nil {
			return nil, fmt.Errorf("opening the game: update %d: %w", k+1, err)
		}
		g.states = append(g.states, next)
		g.reports = append(g.reports, rep)
		g.orders = append(g.orders, append([]nec.Order(nil), os...))
	}
	last := fromStart(g.State(), g.seats, g.seed)
	g.bots, g.phase, g.seat, g.pending, g.ready, g.decided, g.draft = last.bots, last.phase, last.seat, last.pending, last.ready, last.decided, last.draft
	if g.phase == Cover && len(g.reports) > 0 {
		g.phase, g.seat = Result, -1 // show the last update first
	}
	return g, nil
}

// EncodeRecord writes a record as URL-safe text: in the current version, or in version 1 for a
// game that keeps the rules of that version (its Start is a legacy state).
func EncodeRecord(r Record) string {
	w := wireRecord{Seats: r.Seats, Seed: r.Seed, Start: r.Start.Encode(), U: make([][]string, len(r.Updates))}
	s := r.Start
	for k, os := range r.Updates {
		texts := make([]string, s.NumPlayers())
		for _, o := range os {
			if o.Player >= 0 && o.Player < len(texts) {
				texts[o.Player] = s.FormatOrder(o)
			}
		}
		w.U[k] = texts
		if r.replayed() {
			s = r.boards[k+1]
			continue
		}
		next, _, err := s.Resolve(os)
		if err != nil {
			w.U = w.U[:k] // cannot happen for a record of a game; keep what replays
			break
		}
		s = next
	}
	js, _ := json.Marshal(w) // cannot fail: plain fields
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression) // cannot fail: valid level
	zw.Write(js)
	zw.Close()
	version := "2"
	if r.Start.Legacy() {
		version = "1"
	}
	return version + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// DecodeRecord reads a record written by EncodeRecord (any version) and replays it to check
// every order. The error wraps ErrRecord and says what is wrong.
func DecodeRecord(text string) (Record, error) {
	if len(text) > MaxRecordText {
		return Record{}, fmt.Errorf("%w: %d characters, at most %d", ErrRecord, len(text), MaxRecordText)
	}
	if text == "" {
		return Record{}, fmt.Errorf("%w: empty", ErrRecord)
	}
	if text[0] != '1' && text[0] != '2' {
		if text[0] >= '3' && text[0] <= '9' {
			return Record{}, fmt.Errorf("%w: version %c is newer than this app knows (%d)", ErrRecord, text[0], RecordVersion)
		}
		return Record{}, fmt.Errorf("%w: unknown version %q", ErrRecord, text[:1])
	}
	legacy := text[0] == '1'
	raw, err := base64.RawURLEncoding.DecodeString(text[1:])
	if err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxRecordJSON+1))
	if err != nil {
		return Record{}, fmt.Errorf("%w: decompressing: %v", ErrRecord, err)
	}
	if len(js) > maxRecordJSON {
		return Record{}, fmt.Errorf("%w: too large", ErrRecord)
	}
	var w wireRecord
	if err := json.Unmarshal(js, &w); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	start, err := nec.DecodeState(w.Start)
	if err != nil {
		return Record{}, fmt.Errorf("%w: start: %v", ErrRecord, err)
	}
	if err := checkSeats(w.Seats, start.NumPlayers()); err != nil {
		return Record{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	if len(w.U) > MaxUpdates {
		return Record{}, fmt.Errorf("%w: %d updates, at most %d", ErrRecord, len(w.U), MaxUpdates)
	}
	// Version 1 is replayed under its own rules (r) and, alongside, under today's (now) as long
	// as every board comes out the same.
	var now *Record
	if legacy {
		now = &Record{Seats: w.Seats, Seed: w.Seed, Start: start, boards: []nec.State{start}}
		start = start.AsLegacy()
	}
	r := Record{Seats: w.Seats, Seed: w.Seed, Start: start, boards: []nec.State{start}}
	s := start
	for k, texts := range w.U {
		if len(texts) != s.NumPlayers() {
			return Record{}, fmt.Errorf("%w: update %d has %d orders for %d players", ErrRecord, k+1, len(texts), s.NumPlayers())
		}
		var os []nec.Order
		for p, t := range texts {
			if t == "" {
				continue
			}
			o, err := s.ReadOrder(p, t)
			if err != nil {
				return Record{}, fmt.Errorf("%w: update %d, %s: %v", ErrRecord, k+1, s.Player(p).Name, err)
			}
			os = append(os, o)
		}
		next, rep, err := s.Resolve(os)
		if err != nil {
			return Record{}, fmt.Errorf("%w: update %d: %v", ErrRecord, k+1, err)
		}
		r.Updates = append(r.Updates, os)
		r.boards = append(r.boards, next)
		r.reports = append(r.reports, rep)
		if now != nil {
			if same, nrep, err := now.boards[k].Resolve(os); err == nil && same.Equal(next) {
				now.Updates = append(now.Updates, os)
				now.boards = append(now.boards, same)
				now.reports = append(now.reports, nrep)
			} else {
				now = nil
			}
		}
		s = next
	}
	if now != nil {
		return *now, nil
	}
	return r, nil
}
