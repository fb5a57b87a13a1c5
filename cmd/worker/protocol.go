package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// The messages between the page and the worker are JSON texts.
//
// Page to worker:
//
//	{"type":"think","id":7,"record":"<turn.Record encoding>","level":3,"seed":42}
//	{"type":"cancel","id":7}
//
// Worker to page:
//
//	{"type":"ready"}                       once, when the engine has started
//	{"type":"result","id":7,"actions":["e2e4"],"score":25,"depth":9,"nodes":81234,"mate":false}
//	{"type":"result","id":7,"err":"..."}   when the request cannot be served
//
// A cancelled request is still answered (with the best turn found so far): the page ignores
// answers to requests it no longer waits for.

// Request is a message from the page.
type Request struct {
	Type   string `json:"type"`
	ID     int    `json:"id"`
	Record string `json:"record,omitempty"`
	Level  int    `json:"level,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
}

// Response is a message to the page.
type Response struct {
	Type    string   `json:"type"`
	ID      int      `json:"id,omitempty"`
	Actions []string `json:"actions,omitempty"`
	Score   int      `json:"score,omitempty"`
	Depth   int      `json:"depth,omitempty"`
	Nodes   int64    `json:"nodes,omitempty"`
	Mate    bool     `json:"mate,omitempty"`
	Err     string   `json:"err,omitempty"`
}

// maxRecord bounds the size of a record the worker accepts.
const maxRecord = 1 << 20

// parseRequest reads a message from the page.
func parseRequest(text string) (Request, error) {
	var r Request
	if len(text) > maxRecord+1024 {
		return r, fmt.Errorf("message of %d bytes is too long", len(text))
	}
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return r, fmt.Errorf("bad message: %w", err)
	}
	switch r.Type {
	case "think":
		if r.Level < search.MinLevel || r.Level > search.MaxLevel {
			return r, fmt.Errorf("level %d is not %d to %d", r.Level, search.MinLevel, search.MaxLevel)
		}
	case "cancel":
	default:
		return r, fmt.Errorf("unknown message type %q", r.Type)
	}
	return r, nil
}

// engine serves think requests, keeping one player (and its transposition table) per
// variant and options.
type engine struct {
	players map[string]*turn.Player
	now     func() time.Time
	stop    atomic.Bool // set by a cancel for the request under way
	current atomic.Int64
	bits    int // transposition table size
}

func newEngine(now func() time.Time, tableBits int) *engine {
	return &engine{players: map[string]*turn.Player{}, now: now, bits: tableBits}
}

// cancel stops the request id if it is the one under way.
func (e *engine) cancel(id int) {
	if int64(id) == e.current.Load() {
		e.stop.Store(true)
	}
}

// think answers a think request.
func (e *engine) think(r Request) Response {
	e.current.Store(int64(r.ID))
	e.stop.Store(false)
	out := Response{Type: "result", ID: r.ID}
	g, err := variants.Decode(r.Record)
	if err != nil {
		out.Err = err.Error()
		return out
	}
	v := g.Variant()
	key := v.ID() + "\x00" + v.Options()
	p := e.players[key]
	if p == nil {
		p = turn.NewPlayer(v, e.bits)
		e.players[key] = p
	}
	th, err := p.Think(g, turn.ThinkOptions{Level: r.Level, Seed: r.Seed, Stop: &e.stop, Now: e.now})
	if err != nil {
		if errors.Is(err, turn.ErrRollFirst) {
			out.Err = "roll first: " + err.Error()
		} else {
			out.Err = err.Error()
		}
		return out
	}
	for _, a := range th.Actions {
		out.Actions = append(out.Actions, a.String())
	}
	out.Score, out.Depth, out.Nodes, out.Mate = th.Score, th.Depth, th.Nodes, th.Mate
	return out
}

// handle answers one message; cancels have no answer.
func (e *engine) handle(text string) (Response, bool) {
	r, err := parseRequest(text)
	if err != nil {
		return Response{Type: "result", ID: r.ID, Err: err.Error()}, true
	}
	if r.Type == "cancel" {
		e.cancel(r.ID)
		return Response{}, false
	}
	return e.think(r), true
}
