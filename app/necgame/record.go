package necgame

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

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

// ErrTooLarge is wrapped by the errors of DecodeRecord for a record beyond the bounds of a
// game (MaxUpdates, MaxArmy, nec.MaxPlayers, MaxRecordText and the size of its text once
// unpacked).
var ErrTooLarge = errors.New("larger than any game of this app")

// The bounds of a record, the same for a link and a saved game. They are what a game of this
// app reaches, with room to spare: a game starts with 16 pieces a player (nec.Setup), pieces
// are never added, and a game stops at MaxUpdates. A record beyond them (a hostile link: a
// few hundred characters can unpack to a hundred thousand updates) is refused before anything
// is replayed, so that opening it never keeps the page busy: the largest record within them
// opens in well under a second.
const (
	// MaxUpdates bounds the updates of a record; a game stops taking updates there (Full).
	// Two-player games of bots end in 150 to 200 updates; the longest a game of several
	// players left to its bots was seen to run went past 3,000 updates with a handful of
	// pieces chasing each other, which is why a game needs a bound at all.
	MaxUpdates = 2000
	// MaxArmy bounds the pieces each player has at the start: a whole army.
	MaxArmy = 16
	// MaxRecordText bounds the length of a record's text. A game of 8 players to MaxUpdates
	// writes about 65,000 characters.
	MaxRecordText = 512 << 10
	// maxRecordJSON bounds the record's JSON once unpacked: a game of 8 players writes about
	// 100 bytes an update, 200 KB at MaxUpdates.
	maxRecordJSON = 1 << 20
	// maxStartText bounds the encoding of the start (8 armies: about 1,000 characters).
	maxStartText = 16 << 10
)

// Record is a whole game: the seats, the bots' seed, the start and every update's orders.
type Record struct {
	Seats []Seat
	Seed  uint64
	Start nec.State
	// Updates holds each update's orders, at most one per player, in player order.
	Updates [][]nec.Order

	// hist, when set, is the replay of the record (its orders' texts, reports and some
	// boards), so that encoding and opening need not replay it again.
	hist *history
}

// replayed reports whether r carries its replay.
func (r Record) replayed() bool {
	return r.hist != nil && r.hist.len() == len(r.Updates)
}

// wireRecord is version 1 of the record.
type wireRecord struct {
	Seats []Seat     `json:"seats"`
	Seed  uint64     `json:"seed,omitempty"`
	Start string     `json:"start"`
	U     [][]string `json:"u"`
}

// wireRecordIn is version 1 of the record as DecodeRecord reads it: the updates are read one
// by one (readUpdates), so that a record with too many is refused before they are all in
// memory.
type wireRecordIn struct {
	Seats []Seat          `json:"seats"`
	Seed  uint64          `json:"seed,omitempty"`
	Start string          `json:"start"`
	U     json.RawMessage `json:"u"`
}

// Record returns the game's record (the orders of the update being entered are not part of
// it: they are still hidden).
func (g *Game) Record() Record {
	h := g.h.snapshot()
	return Record{Seats: g.Seats(), Seed: g.seed, Start: g.Start(), Updates: h.orders, hist: h}
}

// Open replays a record into a game, which continues after its last update.
func Open(r Record) (*Game, error) {
	if err := checkSeats(r.Seats, r.Start.NumPlayers()); err != nil {
		return nil, fmt.Errorf("opening the game: %w", err)
	}
	if len(r.Updates) > MaxUpdates {
		return nil, fmt.Errorf("opening the game: %d updates: %w (at most %d)", len(r.Updates), ErrTooLarge, MaxUpdates)
	}
	g := &Game{seats: append([]Seat(nil), r.Seats...), seed: r.Seed}
	if r.replayed() {
		g.h = r.hist.snapshot()
	} else {
		g.h = newHistory(r.Start)
		for k, os := range r.Updates {
			if err := g.h.play(os); err != nil {
				return nil, fmt.Errorf("opening the game: update %d: %w", k+1, err)
			}
		}
	}
	last := fromStart(g.State(), g.seats, g.seed)
	g.phase, g.seat, g.pending, g.ready, g.decided, g.draft = last.phase, last.seat, last.pending, last.ready, last.decided, last.draft
	if g.Full() {
		g.phase = Over
	}
	if g.phase == Cover && g.h.len() > 0 {
		g.phase, g.seat = Result, -1 // show the last update first
	}
	return g, nil
}

// EncodeRecord writes a record as URL-safe text: in the current version, or in version 1 for a
// game that keeps the rules of that version (its Start is a legacy state).
func EncodeRecord(r Record) string {
	w := wireRecord{Seats: r.Seats, Seed: r.Seed, Start: r.Start.Encode()}
	if r.replayed() {
		w.U = r.hist.texts
	} else {
		h := newHistory(r.Start)
		for _, os := range r.Updates {
			if h.play(os) != nil {
				break // cannot happen for a record of a game; keep what replays
			}
		}
		w.U = h.texts
	}
	if w.U == nil {
		w.U = [][]string{}
	}
	js, _ := json.Marshal(w) // cannot fail: plain fields
	var buf bytes.Buffer
	zw, _ := deflaters.Get().(*flate.Writer)
	if zw == nil {
		zw, _ = flate.NewWriter(&buf, flate.BestCompression) // cannot fail: valid level
	} else {
		zw.Reset(&buf)
	}
	zw.Write(js)
	zw.Close()
	deflaters.Put(zw)
	version := "2"
	if r.Start.Legacy() {
		version = "1"
	}
	return version + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// deflaters keeps the compressors of EncodeRecord: a game is saved after every update, and a
// new compressor costs more than compressing a record (its tables take about a megabyte).
var deflaters sync.Pool

// DecodeRecord reads a record written by EncodeRecord (any version) and replays it to check
// every order. The error wraps ErrRecord and says what is wrong; for a record beyond the
// bounds of a game (MaxUpdates, MaxArmy, MaxRecordText) it also wraps ErrTooLarge, and comes
// before anything is replayed.
func DecodeRecord(text string) (Record, error) {
	w, start, updates, err := unpack(text)
	if err != nil {
		return Record{}, err
	}
	// Version 1 is replayed under its own rules (h) and, alongside, under today's (now) as
	// long as every board comes out the same.
	var now *history
	if text[0] == '1' {
		now = newHistory(start)
		start = start.AsLegacy()
	}
	h := newHistory(start)
	for k, texts := range updates {
		s := h.last
		var os []nec.Order
		for p, t := range texts {
			if t == "" {
				continue
			}
			o, err := s.ReadOrder(p, t)
			if err != nil {
				return Record{}, fmt.Errorf("%w: update %d, %s: %w", ErrRecord, k+1, s.Player(p).Name, err)
			}
			os = append(os, o)
		}
		if err := h.play(os); err != nil {
			return Record{}, fmt.Errorf("%w: update %d: %w", ErrRecord, k+1, err)
		}
		if now != nil {
			if next, rep, err := now.last.Resolve(os); err == nil && next.Equal(h.last) {
				now.add(os, next, rep)
			} else {
				now = nil
			}
		}
	}
	if now != nil {
		return Record{Seats: w.Seats, Seed: w.Seed, Start: now.start, Updates: now.orders, hist: now}, nil
	}
	return Record{Seats: w.Seats, Seed: w.Seed, Start: start, Updates: h.orders, hist: h}, nil
}

// Summary is what a list of saved games shows of a record.
type Summary struct {
	Seats []Seat
	Start nec.State
	// Updates is the number of updates.
	Updates int
}

// Summarize reads the seats, the start and the number of updates of a record, checking its
// form and bounds as DecodeRecord does but not replaying its updates: quick enough for a list
// of games.
func Summarize(text string) (Summary, error) {
	w, start, updates, err := unpack(text)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Seats: w.Seats, Start: start, Updates: len(updates)}, nil
}

// unpack reads a record's text up to its order texts, checking its form and bounds.
func unpack(text string) (w wireRecordIn, start nec.State, updates [][]string, err error) {
	fail := func(format string, args ...any) (wireRecordIn, nec.State, [][]string, error) {
		return wireRecordIn{}, nec.State{}, nil, fmt.Errorf("%w: "+format, append([]any{ErrRecord}, args...)...)
	}
	if len(text) > MaxRecordText {
		return fail("%w: %d characters, at most %d", ErrTooLarge, len(text), MaxRecordText)
	}
	if text == "" {
		return fail("empty")
	}
	if text[0] != '1' && text[0] != '2' {
		if text[0] >= '3' && text[0] <= '9' {
			return fail("version %c is newer than this app knows (%d)", text[0], RecordVersion)
		}
		return fail("unknown version %q", text[:1])
	}
	raw, err := base64.RawURLEncoding.DecodeString(text[1:])
	if err != nil {
		return fail("%w", err)
	}
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxRecordJSON+1))
	if err != nil {
		return fail("decompressing: %w", err)
	}
	if len(js) > maxRecordJSON {
		return fail("%w: more than %d bytes once unpacked", ErrTooLarge, maxRecordJSON)
	}
	if err := json.Unmarshal(js, &w); err != nil {
		return fail("%w", err)
	}
	if len(w.Seats) > nec.MaxPlayers {
		return fail("%w: %d players, at most %d", ErrTooLarge, len(w.Seats), nec.MaxPlayers)
	}
	if len(w.Start) > maxStartText {
		return fail("%w: a start of %d characters, at most %d", ErrTooLarge, len(w.Start), maxStartText)
	}
	if start, err = nec.DecodeState(w.Start); err != nil {
		return fail("start: %w", err)
	}
	if err := checkArmies(start); err != nil {
		return fail("%w", err)
	}
	if err := checkSeats(w.Seats, start.NumPlayers()); err != nil {
		return fail("%w", err)
	}
	if updates, err = readUpdates(w.U, start.NumPlayers()); err != nil {
		return fail("%w", err)
	}
	return w, start, updates, nil
}

// checkArmies checks that no player of the start has more than an army (MaxArmy pieces).
func checkArmies(start nec.State) error {
	var count [nec.MaxPlayers]int
	for _, pc := range start.Pieces() {
		count[pc.Owner]++
		if count[pc.Owner] > MaxArmy {
			return fmt.Errorf("%w: %s starts with more than %d pieces", ErrTooLarge, Colour(start, pc.Owner), MaxArmy)
		}
	}
	return nil
}

// readUpdates reads the list of updates of a record, each a list of one order text per
// player, and stops at the first update beyond MaxUpdates.
func readUpdates(raw json.RawMessage, players int) ([][]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, errors.New("the updates are not a list")
	}
	var out [][]string
	for dec.More() {
		if len(out) == MaxUpdates {
			return nil, fmt.Errorf("%w: more than %d updates", ErrTooLarge, MaxUpdates)
		}
		var texts []string
		if err := dec.Decode(&texts); err != nil {
			return nil, fmt.Errorf("update %d: %w", len(out)+1, err)
		}
		if len(texts) != players {
			return nil, fmt.Errorf("update %d has %d orders for %d players", len(out)+1, len(texts), players)
		}
		out = append(out, texts)
	}
	return out, nil
}
