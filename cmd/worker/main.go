//go:build js && wasm

// Command worker is the engine of Plyground compiled alone to WebAssembly (web/engine.wasm),
// run in a Web Worker by web/engine-worker.js so that the computer's thinking never blocks
// the page. It speaks the protocol of package app/worker (JSON messages with a request id):
// the computer's turn of an 8x8 game, the order of a Never-Ending Chess bot, and the
// analysis board's requests (analyse, review, solve), whose reports and progress it streams
// before the result. It carries the network that corrects the evaluation of orthodox chess
// (engine/orthonet), which the page's app.wasm leaves out. Build:
//
//	GOOS=js GOARCH=wasm go build -o web/engine.wasm ./cmd/worker
package main

import (
	"time"

	"github.com/hack-pad/safejs"
	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine/orthonet"
)

// yieldEvery is how long a search runs before it yields to the worker's event loop, so that
// a cancel message gets through.
const yieldEvery = 40 * time.Millisecond

func main() {
	global := safejs.Global()
	var e *worker.Engine
	var last, beat time.Time
	// The clock of the searches yields now and then: a short sleep returns control to the
	// worker's event loop, which delivers pending messages (a cancel sets the stop flag). It
	// also sends the heartbeat that tells the page the worker is alive.
	now := func() time.Time {
		t := time.Now()
		if t.Sub(last) >= yieldEvery {
			time.Sleep(time.Millisecond)
			t = time.Now()
			last = t
		}
		if t.Sub(beat) >= worker.BeatEvery {
			beat = t
			if id := e.Current(); id != 0 {
				post(global, worker.Response{Type: worker.TypeBusy, V: worker.Version, ID: id})
			}
		}
		return t
	}
	e = worker.NewEngine(now, worker.TableBits)
	// Orthodox chess is evaluated with the network's correction; were its weights damaged
	// (a broken build: the orthonet tests read them), the hand-written evaluation plays alone
	// and the console says why.
	if n, err := orthonet.Network(); err == nil {
		e.UseNetwork(n)
	} else {
		println("engine:", err.Error())
	}
	// An analysis, a review or a solve streams its reports and progress as it goes.
	e.OnStream(func(r worker.Response) { post(global, r) })
	requests := make(chan string, 64)
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
		if r, err := worker.ParseRequest(text); err == nil && r.Type == worker.TypeCancel {
			e.Cancel(r.ID)
			return nil
		}
		select {
		case requests <- text:
		default:
			post(global, worker.Response{Type: worker.TypeResult, V: worker.Version, Err: "engine busy: too many requests"})
		}
		return nil
	})
	if err != nil {
		return
	}
	if _, err := global.Call("addEventListener", "message", onMessage.Value()); err != nil {
		return
	}
	post(global, worker.Response{Type: worker.TypeReady, V: worker.Version})
	for text := range requests {
		last, beat = time.Now(), time.Now()
		if resp, ok := e.Handle(text); ok {
			post(global, resp)
		}
	}
}

func post(global safejs.Value, r worker.Response) {
	_, _ = global.Call("postMessage", worker.Encode(r))
}
