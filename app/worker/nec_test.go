package worker

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/variants/nec"
)

// necRequest writes a nec request for player on s.
func necRequest(id int, s nec.State, player, level int, seed uint64) string {
	return Encode(Request{Type: TypeNEC, V: Version, ID: id, State: s.Encode(), Player: player, Level: level, Seed: seed})
}

// TestNECRequest: the worker answers a bot's order on the 8-player start with an order valid
// on that board, the same for the same seed, within the level's node budget.
func TestNECRequest(t *testing.T) {
	s, err := nec.Setup(nec.Options{Players: 8})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(time.Now, 10)
	var first string
	for i := 0; i < 2; i++ {
		resp, ok := e.Handle(necRequest(5+i, s, 3, 3, 42))
		if !ok || resp.Type != TypeResult || resp.ID != 5+i || resp.Err != "" || resp.V != Version {
			t.Fatalf("answer %+v", resp)
		}
		o, err := s.ReadOrder(3, resp.Order)
		if err != nil {
			t.Fatalf("order %q: %v", resp.Order, err)
		}
		if err := s.Validate(o); err != nil {
			t.Fatalf("order %q: %v", resp.Order, err)
		}
		if resp.Nodes <= 0 || resp.Nodes > 3000 {
			t.Errorf("%d nodes for a level-3 order", resp.Nodes)
		}
		if i == 0 {
			first = resp.Order
		} else if resp.Order != first {
			t.Errorf("the same request gave %q, then %q", first, resp.Order)
		}
	}
	if e.Current() != 0 {
		t.Errorf("request %d still under way", e.Current())
	}
}

// TestNECBadRequests: a bad nec request gets an error answer, never a panic.
func TestNECBadRequests(t *testing.T) {
	s, _ := nec.Setup(nec.Options{Players: 2})
	good := s.Encode()
	var big []nec.Piece
	for i := 0; i <= MaxBotPieces; i++ {
		big = append(big, nec.Piece{Owner: i % 2, Kind: nec.Pawn, Sq: nec.Sq(int64(i%40)*3, int64(i/40)*3+int64(i%2))})
	}
	huge, err := nec.NewState(s.Players(), big, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(time.Now, 10)
	for _, c := range []struct{ text, want string }{
		{`{"type":"nec","v":2,"id":1,"state":"` + good + `","player":0,"level":0}`, "level"},
		{`{"type":"nec","v":2,"id":1,"state":"` + good + `","player":0,"level":4}`, "level"},
		{`{"type":"nec","id":1,"state":"` + good + `","player":0,"level":1}`, "version 2"},
		{`{"type":"nec","v":4,"id":1,"state":"` + good + `","player":0,"level":1}`, "reload"},
		{`{"type":"nec","v":2,"id":1,"state":"AQ","player":0,"level":1}`, "board"},
		{`{"type":"nec","v":2,"id":1,"state":"` + good + `","player":2,"level":1}`, "no player 2"},
		{`{"type":"nec","v":2,"id":1,"state":"` + good + `","player":-1,"level":1}`, "no player -1"},
		{necRequest(1, huge, 0, 1, 1), fmt.Sprintf("%d pieces", MaxBotPieces+1)},
		{`{"type":"nec","v":2,"id":1,"state":"` + strings.Repeat("A", MaxMessage) + `","player":0,"level":1}`, "too long"},
	} {
		resp, ok := e.Handle(c.text)
		if !ok || resp.Err == "" || !strings.Contains(resp.Err, c.want) {
			t.Errorf("%.80s: answer %+v, want an error with %q", c.text, resp, c.want)
		}
	}
}

// TestNECCancel: a cancel during a bot's thinking ends it with a valid order at once.
func TestNECCancel(t *testing.T) {
	s, _ := nec.Setup(nec.Options{Players: 8})
	e := NewEngine(nil, 10)
	calls := 0
	e.now = func() time.Time {
		calls++
		if calls == 3 {
			e.Cancel(e.Current())
		}
		return time.Now()
	}
	resp, _ := e.Handle(necRequest(9, s, 0, 3, 1))
	if resp.Err != "" || resp.Nodes > 3 {
		t.Fatalf("answer %+v", resp)
	}
	if _, err := s.ReadOrder(0, resp.Order); err != nil {
		t.Errorf("order %q: %v", resp.Order, err)
	}
}

// TestVersion1Requests: a think request without "v" (version 1, as the first pages wrote it)
// is still served.
func TestVersion1Requests(t *testing.T) {
	e := NewEngine(time.Now, 10)
	resp, ok := e.Handle(`{"type":"think","id":3,"record":"AQEAAAAA","level":1}`)
	if !ok || resp.Err != "" || len(resp.Actions) != 1 {
		t.Fatalf("answer %+v", resp)
	}
}
