//go:build !wasm

package browser

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/worker"
)

// Engine is the computer opponent. On the host (tests, prerendering) it serves the requests in
// the calling goroutine with the engine the worker runs (worker.Engine), and delivers the
// answer through ctx.Dispatch as the browser version does.
type Engine struct {
	eng     *worker.Engine
	current int
}

// NewEngine returns the computer opponent (the zero Engine works as well).
func NewEngine() *Engine { return &Engine{} }

// Ask sends a request (worker.TypeThink or worker.TypeNEC); done receives the answer unless
// the request is cancelled (by Cancel, or by another Ask) first. A think request without a
// seed gets its id as seed.
func (e *Engine) Ask(ctx app.Context, req worker.Request, done func(worker.Response)) {
	e.AskStream(ctx, req, nil, done)
}

// HostDepth bounds an analysis asked on the host without a budget (which in the browser
// runs until it is cancelled): the host serves a request before it returns.
const HostDepth = 3

// AskStream is Ask for a request whose replies stream (analyse, review, solve): update
// receives each report or progress, through ctx.Dispatch, before done receives the answer.
func (e *Engine) AskStream(ctx app.Context, req worker.Request, update, done func(worker.Response)) {
	if e.eng == nil {
		e.eng = worker.NewEngine(nil, 16)
	}
	e.current = req.ID
	req.V = worker.Version
	if req.Type == worker.TypeThink && req.Seed == 0 {
		req.Seed = uint64(req.ID)
	}
	if req.Type == worker.TypeAnalyse && req.Depth == 0 && req.Nodes == 0 && req.Millis == 0 {
		req.Depth = HostDepth
	}
	var streamed []worker.Response
	e.eng.OnStream(func(r worker.Response) { streamed = append(streamed, r) })
	var res worker.Response
	if r, err := worker.ParseRequest(worker.Encode(req)); err != nil {
		res = worker.Response{Type: worker.TypeResult, V: worker.Version, ID: req.ID, Err: err.Error()}
	} else {
		res = e.eng.Serve(r)
	}
	ctx.Dispatch(func(app.Context) {
		if e.current != req.ID {
			return
		}
		if update != nil {
			for _, r := range streamed {
				update(r)
			}
		}
		e.current = 0
		done(res)
	})
}

// Cancel forgets the request under way: its answer is not delivered.
func (e *Engine) Cancel() { e.current = 0 }

// Close stops the engine.
func (e *Engine) Close() { e.current = 0 }
