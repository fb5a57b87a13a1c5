package variants

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// TestHintRecorded: a hint used in the middle of a Marseillais turn marks the turn: the
// movetext and the PGN write "{hint}" before it, the record (version 3) and the PGN read it
// back, an undo of the turn forgets it, and a game without hints keeps its older version.
func TestHintRecorded(t *testing.T) {
	g, err := NewGame("marseillais", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext("1.e4 e5"); err != nil {
		t.Fatal(err)
	}
	plain := g.Encode()
	g.UseHint() // in the middle of Black's turn: the turn is marked
	if err := g.PlayMovetext("Nc6 2.Qh5,Bc4"); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(g.Hints()), "[1]"; got != want {
		t.Fatalf("hints %s, want %s", got, want)
	}
	if got, want := g.Movetext(), "1.e4 {hint} e5,Nc6 2.Qh5,Bc4"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	if v := recordVersion(t, g.Encode()); v != 3 || recordVersion(t, plain) == 3 {
		t.Errorf("versions %d with a hint, %d without", v, recordVersion(t, plain))
	}
	back, err := Decode(g.Encode())
	if err != nil || fmt.Sprint(back.Hints()) != "[1]" || back.Movetext() != g.Movetext() {
		t.Fatalf("decoded %v, %v", back, err)
	}
	pgn, _, err := ParsePGN(g.PGN(nil))
	if err != nil || fmt.Sprint(pgn.Hints()) != "[1]" || !strings.Contains(g.PGN(nil), "{hint}") {
		t.Fatalf("PGN read back: %v, %v", pgn, err)
	}
	r, err := Replay(g.Record())
	if err != nil || fmt.Sprint(r.Hints()) != "[1]" {
		t.Fatalf("replayed: %v", err)
	}
	for g.Len() > 1 {
		g.Undo()
	}
	if len(g.Hints()) != 1 { // the turn about to begin keeps its hint
		t.Errorf("after undoing to its start, hints %v", g.Hints())
	}
	g.Undo()
	if len(g.Hints()) != 0 {
		t.Errorf("after undoing the turn, hints %v", g.Hints())
	}
}

// TestHintDecodeErrors: the hints of a version 3 record are checked: each must begin a turn,
// within the actions, in increasing order.
func TestHintDecodeErrors(t *testing.T) {
	g, err := NewGame("marseillais", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext("1.e4 e5,Nc6"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		hints []int
		want  string
	}{
		{"inside a turn", []int{2}, "does not begin a turn"},
		{"beyond the actions", []int{4}, "does not begin a turn"},
		{"twice", []int{1, 1}, "does not begin a turn"},
	} {
		r := g.Record()
		r.Hints = c.hints
		if _, err := Replay(r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// A record string whose hint lies inside a turn: version 3 with hint delta 2.
	r := g.Record()
	r.Hints = []int{1}
	good, err := turn.Encode(g.Variant(), r)
	if err != nil {
		t.Fatal(err)
	}
	raw := decodeRaw(t, good)
	raw[len(raw)-1] = 2
	if _, err := Decode(encodeRaw(raw)); err == nil || !errors.Is(err, turn.ErrRecord) || !strings.Contains(err.Error(), "does not begin a turn") {
		t.Errorf("hint inside a turn: %v", err)
	}
	raw[len(raw)-1] = 9
	if _, err := Decode(encodeRaw(raw)); err == nil || !strings.Contains(err.Error(), "hints") {
		t.Errorf("hint beyond the actions: %v", err)
	}
	if _, err := Decode(encodeRaw(raw[:len(raw)-1])); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated hints: %v", err)
	}
}

func decodeRaw(t *testing.T, text string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func encodeRaw(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }
