package nec

import (
	"bytes"
	"encoding/base64"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// RULES.md 11.2: the binary format, written out by hand from the specification.
func TestNEC_D29_FormatByHand(t *testing.T) {
	s := build(t, []Player{player("white", North), player("black", South)}, "white R (0,0)", "black N (1,2)")
	want := []byte{
		1,       // version
		0, 0, 0, // update count, update limit, score limit
		2,                                // players
		5, 'w', 'h', 'i', 't', 'e', 2, 0, // name, direction N, score
		5, 'b', 'l', 'a', 'c', 'k', 6, 0, // name, direction S, score
		2,                  // pieces
		1, 4 << 3, 0, 0, 0, // id +1, rook (kind 4) of player 0, x 0, y 0, flags
		1, 2<<3 | 1, 2, 4, 0, // id +1, knight of player 1, x 1, y 2 (zig-zag), flags
		1,       // threats
		1, 0, 0, // attacker index 1, target index 0, no line / age 0 / not exempt
	}
	if got := s.AppendBinary(nil); !bytes.Equal(got, want) {
		t.Errorf("binary\n got %v\nwant %v", got, want)
	}
	back, err := DecodeBinary(want)
	if err != nil || !back.Equal(s) {
		t.Fatalf("decode: %v", err)
	}
	if got := s.Encode(); got != base64.RawURLEncoding.EncodeToString(want) {
		t.Errorf("text %q", got)
	}
}

// goldenState is a state with every kind of field set: scores, moved pieces, marks, crowding,
// exempt and aged threat records, limits.
func goldenState(t testing.TB) State {
	s := pos35(t) // exempt pair on rank -5
	s.limits = Limits{MaxUpdates: 500, ScoreLimit: 100}
	s, _ = play(t, s, "green: Qx(32,-5)", "crimson: Rx(27,-5) / R(34,-5)")
	s, _ = play(t, s)
	return s
}

// RULES.md 11.2: every version ever written keeps decoding (golden file).
func TestNEC_D29_Golden(t *testing.T) {
	s := goldenState(t)
	path := filepath.Join("testdata", "state_v1.golden")
	if *update {
		if err := os.WriteFile(path, []byte(s.Encode()+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeState(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(s) {
		t.Errorf("golden state differs from the rebuilt one")
	}
	if back.Limits().MaxUpdates != 500 || back.Update() != 3 || len(back.CapturablePieces()) != 1 {
		t.Errorf("golden state: update %d, limits %+v, capturable %v", back.Update(), back.Limits(), back.CapturablePieces())
	}
}

// decode(encode(s)) == s for setups and for the states of random games.
func TestNEC_D29_RoundTrip(t *testing.T) {
	var states []State
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s, err := Setup(Options{Players: n, Fairy: n%2 == 1, Limits: Limits{MaxUpdates: n}})
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	rng := newRand(3)
	s := randomState(rng, 5, 14, 6)
	for u := 0; u < 40 && !s.End().Over; u++ {
		s, _, _ = s.Resolve(randomOrders(rng, s))
		states = append(states, s)
	}
	states = append(states, goldenState(t), pos4(t))
	for i, s := range states {
		back, err := DecodeState(s.Encode())
		if err != nil || !back.Equal(s) {
			t.Fatalf("state %d: %v", i, err)
		}
	}
	s8, _ := Setup(Options{Players: 8})
	t.Logf("8-player setup: %d pieces, %d characters", s8.NumPieces(), len(s8.Encode()))
}

// RULES.md 11.2: decoding rejects bad input and says where.
func TestNEC_D29_DecodeErrors(t *testing.T) {
	good := goldenState(t).AppendBinary(nil)
	for n := 0; n < len(good); n++ {
		if _, err := DecodeBinary(good[:n]); !errors.Is(err, ErrDecode) {
			t.Fatalf("prefix of %d bytes: %v", n, err)
		}
	}
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"version", mod(func(b []byte) []byte { b[0] = 2; return b }), "byte 0: unknown version 2"},
		{"trailing", mod(func(b []byte) []byte { return append(b, 0) }), "trailing"},
		{"players", []byte{1, 0, 0, 0, 9}, "player count: 9 out of range"},
		{"one_player", []byte{1, 0, 0, 0, 1}, "1 players"},
		{"empty_name", []byte{1, 0, 0, 0, 2, 0}, "name length 0"},
		{"direction", []byte{1, 0, 0, 0, 2, 1, 'a', 9, 0}, "direction 9"},
		{"same_name", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'a', 0, 0}, "both named"},
		{"owner", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 1, 4<<3 | 5, 0, 0, 0}, "owner 5"},
		{"kind", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 1, 12 << 3, 0, 0, 0}, "kind 12"},
		{"id_zero", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 0, 4 << 3, 0, 0, 0}, "identifiers must increase"},
		{"flags", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 1, 4 << 3, 0, 0, 8}, "unknown flags"},
		{"left_square", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 1, 4 << 3, 0, 0, 1, 0, 0}, "left square"},
		{"same_square", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 2 << 3, 0, 0, 0, 0}, "share"},
		{"missing_threat", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 4<<3 | 1, 0, 10, 0, 0}, "0 threat records for 2 attacks"},
		{"wrong_line", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 4<<3 | 1, 0, 10, 0, 2, 0, 1, 1, 0, 1, 0, 2, 0}, "does not match"},
		{"exempt_age", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 4<<3 | 1, 0, 10, 0, 2, 0, 1, 2 | 1<<3 | 1<<5, 0}, "bad line/age/exempt"},
		{"one_sided_exempt", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 2<<3 | 1, 2, 4, 0, 1, 1, 0, 1 << 5}, "exempt but"},
		{"valid_pair", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 4<<3 | 1, 0, 10, 0, 2, 0, 1, 2, 0, 1, 0, 2 | 1<<5, 0, 9}, "byte 33: 1 trailing bytes"},
		{"coordinate", []byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 1, 1, 4 << 3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0, 0}, "out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeBinary(c.data)
			if !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want %q", err, c.msg)
			}
		})
	}
	if _, err := DecodeState("AQ*A"); !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "character at 2") {
		t.Errorf("base64: %v", err)
	}
}

// FuzzDecodeState: decoding never panics, and whatever decodes re-encodes to an equal state.
func FuzzDecodeState(f *testing.F) {
	f.Add(goldenState(f).AppendBinary(nil))
	f.Add(pos4(f).AppendBinary(nil))
	s2, _ := Setup(Options{Players: 3, Fairy: true})
	f.Add(s2.AppendBinary(nil))
	f.Add([]byte{1, 0, 0, 0, 2, 1, 'a', 0, 0, 1, 'b', 0, 0, 2, 1, 4 << 3, 0, 0, 0, 1, 4<<3 | 1, 0, 10, 0, 2, 0, 1, 2, 0, 1, 0, 2 | 1<<5, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, text := range []string{string(data), base64.RawURLEncoding.EncodeToString(data)} {
			s, err := DecodeState(text)
			if err != nil {
				if !errors.Is(err, ErrDecode) {
					t.Fatalf("error without ErrDecode: %v", err)
				}
				continue
			}
			back, err := DecodeState(s.Encode())
			if err != nil || !back.Equal(s) {
				t.Fatalf("decode(encode(s)) != s: %v", err)
			}
		}
	})
}
