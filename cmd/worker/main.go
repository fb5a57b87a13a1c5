//go:build js && wasm

// Command worker is the engine of Plyground compiled alone to WebAssembly (web/engine.wasm),
// run in a Web Worker by web/engine-worker.js so that the computer's thinking never blocks
// the page. The page sends JSON messages (see protocol.go): a game record, a level and a
// request id in; the turn, its score, the depth and the nodes out. Build:
//
//	GOOS=js GOARCH=wasm go build -o web/engine.wasm ./cmd/worker
package main

import (
	"encoding/json"
	"time"

	"github.com/hack-pad/safejs"
)

// yieldEvery is how long the search runs before it yields to the worker's event loop, so
// that a cancel message gets through.
const yieldEvery = 40 * time.Millisecond

func main() {
	var last time.Time
	// The clock of the search yields now and then: a short sleep returns control to the
	// worker's event loop, which delivers pending messages (a cancel sets the stop flag).
	now := func() time.Time {
		t := time.Now()
		if t.Sub(last) >= yieldEvery {
			time.Sleep(time.Millisecond)
			t = time.Now()
			last = t
		}
		return t
	}
	e := newEngine(now, 18)
	requests := make(chan string, 64)
	global := safejs.Global()
	onMessage, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		data, err := args[0].Get("data")
		if err != nil {
			return nil
		}
		text, err := data.String()
		if err != nil {
			return nil
		}
		// Cancels act at once (the search is waiting in a yield); the rest is queued
		// without blocking the event loop.
		if r, err := parseRequest(text); err == nil && r.Type == "cancel" {
			e.cancel(r.ID)
			return nil
		}
		select {
		case requests <- text:
		default:
			post(global, Response{Type: "result", Err: "engine busy: too many requests"})
		}
		return nil
	})
	if err != nil {
		return
	}
	if _, err := global.Call("addEventListener", "message", onMessage.Value()); err != nil {
		return
	}
	post(global, Response{Type: "ready"})
	for text := range requests {
		last = time.Now()
		if resp, ok := e.handle(text); ok {
			post(global, resp)
		}
	}
}

func post(global safejs.Value, r Response) {
	_, _ = global.Call("postMessage", encode(r))
}

// encode writes a message to the page.
func encode(r Response) string {
	b, err := json.Marshal(r)
	if err != nil {
		return `{"type":"result","err":"cannot encode the answer"}`
	}
	return string(b)
}
