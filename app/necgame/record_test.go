package necgame

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/plyground/plyground/app/store"

	"github.com/plyground/plyground/variants/nec"
)

// botGame plays n updates of a game of bots.
func botGame(t testing.TB, n int) *Game {
	t.Helper()
	g, err := New(Config{Seats: []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}, {Bot: true, Level: 1}}, Fairy: true, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := g.Continue(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestNEC_RecordRoundTrip: a record encodes to URL-safe text and decodes to the same game,
// board by board.
func TestNEC_RecordRoundTrip(t *testing.T) {
	g := botGame(t, 12)
	text := EncodeRecord(g.Record())
	if strings.ContainsAny(text, "+/=?#& ") {
		t.Errorf("record text is not URL-safe: %q", text)
	}
	r, err := DecodeRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	if h.Updates() != g.Updates() || h.Seed() != g.Seed() || len(h.Seats()) != 3 {
		t.Fatalf("%d updates, seed %d", h.Updates(), h.Seed())
	}
	for k := 0; k <= g.Updates(); k++ {
		a, _ := g.Board(k)
		b, _ := h.Board(k)
		if !a.Equal(b) {
			t.Fatalf("board %d differs", k)
		}
	}
	if h.Phase() != Result {
		t.Errorf("an opened game of bots is in phase %v", h.Phase())
	}
	// A record without its replay (written by hand) opens to the same game.
	plain := Record{Seats: r.Seats, Seed: r.Seed, Start: r.Start, Updates: r.Updates}
	if plain.replayed() {
		t.Fatal("a hand-made record claims a replay")
	}
	p, err := Open(plain)
	if err != nil {
		t.Fatal(err)
	}
	if EncodeRecord(plain) != text {
		t.Error("the hand-made record encodes differently")
	}
	for k := 0; k <= g.Updates(); k++ {
		a, _ := g.Board(k)
		b, _ := p.Board(k)
		if !a.Equal(b) {
			t.Fatalf("board %d of the hand-made record differs", k)
		}
	}
}

// TestNEC_RecordV1Sample: the sample of version 1 keeps decoding. It was written by hand-made
// orders: white's pawn (0,-11) and black's pawn (0,11) step forward, then white's knight
// (-2,-12) leaps to (-3,-10) while black passes.
func TestNEC_RecordV1Sample(t *testing.T) {
	raw, err := os.ReadFile("testdata/record-v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := DecodeRecord(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Seats) != 2 || r.Seats[0].Name != "Ann" || !r.Seats[1].Bot || r.Seats[1].Level != 2 {
		t.Errorf("seats %+v", r.Seats)
	}
	g, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	for _, c := range []struct {
		sq    nec.Square
		owner int
		kind  nec.Kind
	}{{nec.Sq(0, -10), 0, nec.Pawn}, {nec.Sq(0, 10), 1, nec.Pawn}, {nec.Sq(-3, -10), 0, nec.Knight}} {
		ps := s.At(c.sq)
		if len(ps) != 1 || ps[0].Owner != c.owner || ps[0].Kind != c.kind {
			t.Errorf("on %v: %+v", c.sq, ps)
		}
	}
	if g.Updates() != 2 {
		t.Errorf("%d updates", g.Updates())
	}
}

// TestN6_RecordV1KeepsItsRules: testdata/record-v1-chase.txt was written by the program
// before N6 changed (version 1). Blue's rook follows green's queen from the file x=28 to x=32
// (seed examples 16-17), nobody moves, then the rook tries Rx(32,-3) as the queen goes to
// (36,-3). Under the old rules the two were exempt from each other, so the queen escaped and the
// rook missed; under today's the queen would be capturable and taken. The record replays as it
// was played, keeps its old rules, and is written back as version 1. The other sample, with no
// such update, is a game of today's rules.
func TestN6_RecordV1KeepsItsRules(t *testing.T) {
	raw, err := os.ReadFile("testdata/record-v1-chase.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSpace(string(raw))
	r, err := DecodeRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Start.Legacy() {
		t.Error("the record does not keep its rules")
	}
	g, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	for _, c := range []struct {
		sq   nec.Square
		kind nec.Kind
	}{{nec.Sq(36, -3), nec.Queen}, {nec.Sq(32, -3), nec.Rook}} {
		if ps := s.At(c.sq); len(ps) != 1 || ps[0].Kind != c.kind {
			t.Errorf("on %v: %+v, want a %v", c.sq, ps, c.kind)
		}
	}
	if back := EncodeRecord(g.Record()); back != text {
		t.Errorf("written back as %.20q..., want the same text", back)
	}
	raw, err = os.ReadFile("testdata/record-v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err = DecodeRecord(strings.TrimSpace(string(raw)))
	if err != nil || r.Start.Legacy() {
		t.Errorf("the pawn-and-knight sample: legacy %v, %v", r.Start.Legacy(), err)
	}
	if text := EncodeRecord(r); !strings.HasPrefix(text, "2") {
		t.Errorf("a game of today's rules written as %.5q", text)
	}
}

// TestNEC_WriteSample rewrites testdata/record-v1.txt from hand-made orders (run with
// NEC_WRITE_SAMPLE=1 only when the sample is missing; a version's sample never changes).
func TestNEC_WriteSample(t *testing.T) {
	if os.Getenv("NEC_WRITE_SAMPLE") == "" {
		t.Skip("NEC_WRITE_SAMPLE not set")
	}
	start, _ := nec.Setup(nec.Options{Players: 2})
	s := start
	var ups [][]nec.Order
	for _, texts := range [][2]string{{"(0,-10)", "(0,10)"}, {"N(-3,-10)", ""}} {
		var os []nec.Order
		for p, tx := range texts {
			if tx != "" {
				o, err := s.ParseOrder(p, tx)
				if err != nil {
					t.Fatal(err)
				}
				os = append(os, o)
			}
		}
		ups = append(ups, os)
		s, _, _ = s.Resolve(os)
	}
	text := EncodeRecord(Record{Seats: []Seat{{Name: "Ann"}, {Bot: true, Level: 2}}, Seed: 5, Start: start, Updates: ups})
	if err := os.WriteFile("testdata/record-v1.txt", []byte(text+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNEC_DecodeRecordErrors(t *testing.T) {
	good := EncodeRecord(botGame(t, 2).Record())
	cases := map[string]string{
		"":                                   "empty",
		"3abc":                               "newer",
		"xabc":                               "unknown version",
		"1!!!":                               "illegal base64",
		"1" + good[1:20]:                     "",
		good[:len(good)-9]:                   "",
		"1" + "AAAA":                         "",
		strings.Repeat("1", MaxRecordText+1): "characters",
	}
	for text, want := range cases {
		_, err := DecodeRecord(text)
		if !errors.Is(err, ErrRecord) {
			t.Errorf("DecodeRecord(%.20q) = %v, want ErrRecord", text, err)
			continue
		}
		if want != "" && !strings.Contains(err.Error(), want) {
			t.Errorf("DecodeRecord(%.20q) = %v, want %q", text, err, want)
		}
	}
}

// FuzzDecodeRecord: any text gives a record within the bounds of a game, or an error (never a
// panic); a record re-encodes to the same game. The seeds include records at and just beyond
// every bound.
func FuzzDecodeRecord(f *testing.F) {
	f.Add(EncodeRecord(botGame(f, 3).Record()))
	if raw, err := os.ReadFile("testdata/record-v1.txt"); err == nil {
		f.Add(strings.TrimSpace(string(raw)))
	}
	f.Add("1")
	f.Add(passing(f, 2, 40))
	f.Add(passing(f, 2, MaxUpdates+1))
	f.Add(army(f, MaxArmy))
	f.Add(army(f, MaxArmy+1))
	f.Add(players(nec.MaxPlayers))
	f.Add(players(nec.MaxPlayers + 1))
	f.Add(paddedJSON(f, 4096))
	f.Fuzz(func(t *testing.T, text string) {
		r, err := DecodeRecord(text)
		if err != nil {
			if !errors.Is(err, ErrRecord) {
				t.Fatalf("error %v does not wrap ErrRecord", err)
			}
			return
		}
		if len(r.Updates) > MaxUpdates {
			t.Fatalf("%d updates decoded", len(r.Updates))
		}
		if n := r.Start.NumPlayers(); n < nec.MinPlayers || n > nec.MaxPlayers {
			t.Fatalf("%d players decoded", n)
		}
		if err := checkArmies(r.Start); err != nil {
			t.Fatalf("decoded: %v", err)
		}
		back, err := DecodeRecord(EncodeRecord(r))
		if err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
		if len(back.Updates) != len(r.Updates) || !back.Start.Equal(r.Start) {
			t.Fatal("re-encoded record differs")
		}
		if _, err := Open(r); err != nil {
			t.Fatalf("a decoded record does not open: %v", err)
		}
	})
}

// FuzzDecodeSaved: any text stored under a Never-Ending Chess key gives a saved game that opens,
// or an error, never a panic (the envelope is the store's: app/store's tests fuzz it too).
func FuzzDecodeSaved(f *testing.F) {
	st, mem := newStore()
	saved, err := Save(st, store.Entry{ID: "abc"}, botGame(f, 1))
	if err != nil {
		f.Fatal(err)
	}
	raw, _, _ := mem.Get(store.Key(store.KindNEC, saved.ID))
	f.Add(raw)
	f.Add(`{"v":2}`)
	f.Add(`{"v":1,"id":"abc","record":"1"}`)
	f.Fuzz(func(t *testing.T, text string) {
		mem.Set(store.Key(store.KindNEC, "abc"), text)
		e, g, err := Load(st, "abc")
		if err == nil && (e.ID != "abc" || e.Kind != store.KindNEC || g == nil) {
			t.Fatalf("loaded %+v", e)
		}
	})
}
