package worker

import (
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/turn"
)

func record(t testing.TB, id string, plies ...string) string {
	t.Helper()
	g, err := variants.NewGame(id, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range plies {
		found := false
		for _, a := range g.Variant().Actions(g.State(), nil) {
			if a.String() == text {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no action %q", id, text)
		}
	}
	return g.Encode()
}

// TestThinkRequest checks the worker's answer to a think request: the actions of the whole
// turn, as turn.Action texts that are legal in order.
func TestThinkRequest(t *testing.T) {
	e := NewEngine(time.Now, 14)
	rec := record(t, "marseillais", "e2e4")
	resp, ok := e.Handle(`{"type":"think","id":3,"record":"` + rec + `","level":1,"seed":5}`)
	if !ok || resp.Type != "result" || resp.ID != 3 || resp.Err != "" {
		t.Fatalf("answer %+v", resp)
	}
	g, err := variants.Decode(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range resp.Actions {
		var a turn.Action
		for _, b := range g.Variant().Actions(g.State(), nil) {
			if b.String() == text {
				a = b
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	}
	if len(resp.Actions) != 2 || g.State().Mover() != 0 {
		t.Errorf("black's Marseillais turn should be two plies, got %v", resp.Actions)
	}
}

// TestBadRequests checks that bad messages get an error answer, never a panic, and that a
// cancel has no answer.
func TestBadRequests(t *testing.T) {
	e := NewEngine(time.Now, 12)
	for _, text := range []string{
		``, `{`, `[]`, `{"type":"dance","id":1}`,
		`{"type":"think","id":1,"record":"AQEAAAAA","level":0}`,
		`{"type":"think","id":1,"record":"AQEAAAAA","level":6}`,
		`{"type":"think","id":1,"record":"not a record","level":1}`,
		`{"type":"think","id":2,"record":"AQQAAAAA","level":1}`, // dice: roll first
	} {
		resp, ok := e.Handle(text)
		if !ok || resp.Err == "" {
			t.Errorf("%q: answer %+v, want an error", text, resp)
		}
	}
	if _, ok := e.Handle(`{"type":"cancel","id":1}`); ok {
		t.Error("a cancel was answered")
	}
	resp, _ := e.Handle(`{"type":"think","id":2,"record":"AQQAAAAA","level":1}`)
	if !strings.Contains(resp.Err, "roll") {
		t.Errorf("dice before the roll: %q", resp.Err)
	}
}

// TestCancelStops checks that a cancel for the request under way stops it: the stop flag
// set before the search begins is honoured at once (the clock-driven yield is the worker's).
func TestCancelStops(t *testing.T) {
	e := NewEngine(time.Now, 14)
	calls := 0
	e.now = func() time.Time {
		calls++
		if calls == 3 {
			e.Cancel(e.Current())
		}
		return time.Now()
	}
	start := time.Now()
	resp, _ := e.Handle(`{"type":"think","id":9,"record":"AQEAAAAA","level":5}`)
	if resp.Err != "" || len(resp.Actions) != 1 {
		t.Fatalf("answer %+v", resp)
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("the cancelled search ran %v", d)
	}
}

// FuzzHandle feeds arbitrary messages to the worker: it must answer or ignore them, never
// panic. Its clock runs 20 ms a reading, so that a bot on a large fuzzed board stops quickly.
func FuzzHandle(f *testing.F) {
	f.Add(`{"type":"think","id":1,"record":"AQEAAAAA","level":1}`)
	f.Add(`{"type":"cancel","id":1}`)
	f.Add(`{"type":"think","id":1,"record":"AQQAAAEE","level":1}`)
	for _, n := range []int{2, 8} {
		s, _ := nec.Setup(nec.Options{Players: n})
		f.Add(necRequest(2, s, n-1, 3, 7))
	}
	var t0 time.Time
	e := NewEngine(func() time.Time { t0 = t0.Add(20 * time.Millisecond); return t0 }, 10)
	f.Fuzz(func(t *testing.T, text string) {
		if r, err := ParseRequest(text); err == nil && r.Type == "think" && r.Level > 2 {
			return // keep the fuzzing fast: deep searches are tested elsewhere
		}
		resp, ok := e.Handle(text)
		if ok && resp.Type != TypeResult {
			t.Fatalf("answer of type %q", resp.Type)
		}
	})
}
