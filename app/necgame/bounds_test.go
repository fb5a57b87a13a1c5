package necgame

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

// pack writes a record's JSON as record text (version 1), without checking it.
func pack(js string) string {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write([]byte(js))
	zw.Close()
	return "1" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// passing returns the record text of a game of players people who pass n updates from the
// start, written without replaying it (as a hostile link would be).
func passing(t testing.TB, players, n int) string {
	t.Helper()
	start, err := nec.Setup(nec.Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	seats := strings.TrimSuffix(strings.Repeat("{},", players), ",")
	update := "[" + strings.TrimSuffix(strings.Repeat(`"",`, players), ",") + "]"
	u := strings.TrimSuffix(strings.Repeat(update+",", n), ",")
	return pack(`{"seats":[` + seats + `],"start":"` + start.Encode() + `","u":[` + u + `]}`)
}

// army returns the record text of a game whose white player starts with n pieces (pawns in a
// row), against one black pawn.
func army(t testing.TB, n int) string {
	t.Helper()
	players := []nec.Player{{Name: "white", Dir: nec.North}, {Name: "black", Dir: nec.South}}
	pieces := []nec.Piece{{Owner: 1, Kind: nec.Pawn, Sq: nec.Sq(0, 20)}}
	for i := 0; i < n; i++ {
		pieces = append(pieces, nec.Piece{Owner: 0, Kind: nec.Pawn, Sq: nec.Sq(int64(i), 0)})
	}
	s, err := nec.NewState(players, pieces, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return EncodeRecord(Record{Seats: people(2), Start: s})
}

// rawStart returns the encoding of a state of n players and no piece, written byte by byte
// (nec.NewState refuses a number of players out of range; this is what a hostile link holds).
func rawStart(n int) string {
	b := []byte{1, 0, 0, 0, byte(n)} // version, update, update limit, score limit, players
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("p%d", i)
		b = append(b, byte(len(name)))
		b = append(b, name...)
		b = append(b, byte(nec.North), 0) // direction, score
	}
	b = append(b, 0, 0) // no pieces, no threats
	return base64.RawURLEncoding.EncodeToString(b)
}

// players returns the record text of a game of n players with no pieces.
func players(n int) string {
	seats := strings.TrimSuffix(strings.Repeat("{},", n), ",")
	return pack(`{"seats":[` + seats + `],"start":"` + rawStart(n) + `","u":[]}`)
}

// paddedJSON returns record text whose JSON is a valid record padded with spaces to size
// bytes.
func paddedJSON(t testing.TB, size int) string {
	t.Helper()
	start, _ := nec.Setup(nec.Options{Players: 2})
	js := `{"seats":[{},{}],"start":"` + start.Encode() + `","u":[]}`
	if len(js) > size {
		t.Fatalf("a record of %d bytes does not fit %d", len(js), size)
	}
	return pack(js + strings.Repeat(" ", size-len(js)))
}

// TestNEC_RecordBounds: each bound of a record, just under (the record opens, or fails for
// another reason than its size) and just over (it is refused as too large, at once).
func TestNEC_RecordBounds(t *testing.T) {
	cases := []struct {
		name string
		text func(t testing.TB) string
		// ok: the record decodes; large: it is refused as too large (ErrTooLarge); neither:
		// it is refused for another reason.
		ok, large bool
	}{
		{"MaxUpdates updates", func(t testing.TB) string { return passing(t, 2, MaxUpdates) }, true, false},
		{"MaxUpdates+1 updates", func(t testing.TB) string { return passing(t, 2, MaxUpdates+1) }, false, true},
		{"100000 updates", func(t testing.TB) string { return passing(t, 2, 100000) }, false, true},
		{"an army of MaxArmy", func(t testing.TB) string { return army(t, MaxArmy) }, true, false},
		{"an army of MaxArmy+1", func(t testing.TB) string { return army(t, MaxArmy+1) }, false, true},
		{"an army of 100", func(t testing.TB) string { return army(t, 100) }, false, true},
		{"nec.MaxPlayers players", func(testing.TB) string { return players(nec.MaxPlayers) }, true, false},
		{"nec.MaxPlayers+1 players", func(testing.TB) string { return players(nec.MaxPlayers + 1) }, false, true},
		{"nec.MinPlayers players", func(testing.TB) string { return players(nec.MinPlayers) }, true, false},
		{"nec.MinPlayers-1 players", func(testing.TB) string { return players(nec.MinPlayers - 1) }, false, false},
		{"JSON of maxRecordJSON bytes", func(t testing.TB) string { return paddedJSON(t, maxRecordJSON) }, true, false},
		{"JSON of maxRecordJSON+1 bytes", func(t testing.TB) string { return paddedJSON(t, maxRecordJSON+1) }, false, true},
		{"text of MaxRecordText", func(testing.TB) string { return "1" + strings.Repeat("A", MaxRecordText-1) }, false, false},
		{"text of MaxRecordText+1", func(testing.TB) string { return "1" + strings.Repeat("A", MaxRecordText) }, false, true},
		{"start of maxStartText", func(testing.TB) string {
			return pack(`{"seats":[{},{}],"start":"` + strings.Repeat("A", maxStartText) + `"}`)
		}, false, false},
		{"start of maxStartText+1", func(testing.TB) string {
			return pack(`{"seats":[{},{}],"start":"` + strings.Repeat("A", maxStartText+1) + `"}`)
		}, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := c.text(t)
			r, err := DecodeRecord(text)
			switch {
			case c.ok && err != nil:
				t.Fatalf("refused: %v", err)
			case !c.ok && err == nil:
				t.Fatalf("%d updates decoded, want an error", len(r.Updates))
			case !c.ok && !errors.Is(err, ErrRecord):
				t.Errorf("error %v does not wrap ErrRecord", err)
			case !c.ok && errors.Is(err, ErrTooLarge) != c.large:
				t.Errorf("error %v: too large %v, want %v", err, errors.Is(err, ErrTooLarge), c.large)
			}
			if c.ok {
				if _, err := Open(r); err != nil {
					t.Errorf("open: %v", err)
				}
			}
		})
	}
}

// TestNEC_FullGame: a game of MaxUpdates updates takes no more: it is over, and says it is
// full; its record opens to a full game too.
func TestNEC_FullGame(t *testing.T) {
	r, err := DecodeRecord(passing(t, 2, MaxUpdates-1))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Open(r)
	if err != nil {
		t.Fatal(err)
	}
	if g.Full() || g.Phase() == Over {
		t.Fatalf("a game one update short of the bound: full %v, phase %v", g.Full(), g.Phase())
	}
	g.Continue()
	g.Reveal()
	if _, err := g.Submit(); err != nil {
		t.Fatal(err)
	}
	g.Reveal()
	if resolved, err := g.Submit(); err != nil || !resolved {
		t.Fatalf("the last update: %v %v", resolved, err)
	}
	if !g.Full() || g.Phase() != Over || g.Updates() != MaxUpdates {
		t.Fatalf("after %d updates: full %v, phase %v", g.Updates(), g.Full(), g.Phase())
	}
	if _, err := g.Continue(); !errors.Is(err, ErrPhase) {
		t.Errorf("continue a full game: %v", err)
	}
	back, err := DecodeRecord(EncodeRecord(g.Record()))
	if err != nil {
		t.Fatal(err)
	}
	h, err := Open(back)
	if err != nil || !h.Full() || h.Phase() != Over {
		t.Fatalf("the full game reopened: %v", err)
	}
	if _, err := Open(Record{Seats: people(2), Start: g.Start(), Updates: make([][]nec.Order, MaxUpdates+1)}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("open a hand-made record of MaxUpdates+1 updates: %v", err)
	}
}

// TestNEC_HistoryBoards: a game keeps only some boards; every other one is replayed, in any
// order of asking, and is the board the game passed through.
func TestNEC_HistoryBoards(t *testing.T) {
	const n = 3*checkpointEvery + 5
	g, err := New(Config{Seats: []Seat{{Bot: true, Level: 1}, {Bot: true, Level: 1}, {Bot: true, Level: 1}, {Bot: true, Level: 1}}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for g.Updates() < n {
		if _, err := g.Continue(); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.h.marks) != n/checkpointEvery+1 {
		t.Errorf("%d boards kept for %d updates", len(g.h.marks), n)
	}
	// The boards the game passed through, by a replay of its own.
	want := []nec.State{g.Start()}
	s := g.Start()
	for k := 0; k < n; k++ {
		next, _, err := s.Resolve(g.h.orders[k])
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, next)
		s = next
	}
	for _, order := range [][]int{
		{n, 0, 1, 2, checkpointEvery - 1, checkpointEvery, checkpointEvery + 1},
		{n - 1, n - 2, 70, 40, 69, 71, 3, 2 * checkpointEvery},
		{50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60},
	} {
		for _, k := range order {
			b, err := g.Board(k)
			if err != nil {
				t.Fatal(err)
			}
			if !b.Equal(want[k]) {
				t.Fatalf("board %d differs", k)
			}
		}
	}
	// Every update: before, after, orders and report.
	for k := 1; k <= n; k++ {
		before, after, _, rep, err := g.Update(k)
		if err != nil || !before.Equal(want[k-1]) || !after.Equal(want[k]) || rep.Update != k {
			t.Fatalf("update %d: %v", k, err)
		}
	}
	if _, err := g.Board(n + 1); err == nil {
		t.Error("a board after the last update")
	}
	if _, err := g.Board(-1); err == nil {
		t.Error("a board before the start")
	}
	// A record taken from the game is not changed by the game's later updates.
	r := g.Record()
	g.Continue()
	if len(r.Updates) != n || EncodeRecord(r) == EncodeRecord(g.Record()) {
		t.Error("the game's later update changed an earlier record")
	}
	h, err := Open(r)
	if err != nil || h.Updates() != n {
		t.Fatalf("open the earlier record: %v", err)
	}
}

// TestNEC_Summarize: a record's summary (seats, start, number of updates) without its replay,
// with the same bounds.
func TestNEC_Summarize(t *testing.T) {
	g := botGame(t, 5)
	sum, err := Summarize(EncodeRecord(g.Record()))
	if err != nil || sum.Updates != 5 || len(sum.Seats) != 3 || !sum.Start.Equal(g.Start()) {
		t.Fatalf("summary %+v, %v", sum, err)
	}
	if _, err := Summarize(passing(t, 2, MaxUpdates+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a record beyond the bounds: %v", err)
	}
	if _, err := Summarize("1AAAA"); !errors.Is(err, ErrRecord) {
		t.Errorf("a damaged record: %v", err)
	}
}
