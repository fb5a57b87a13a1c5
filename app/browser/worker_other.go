//go:build !wasm

package browser

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Engine is the computer opponent. On the host (tests, prerendering) it thinks in the
// calling goroutine with the same engine the worker runs, and delivers the result through
// ctx.Dispatch as the browser version does.
type Engine struct {
	players map[string]*turn.Player
	current int
}

// NewEngine returns the computer opponent (the zero Engine works as well).
func NewEngine() *Engine { return &Engine{} }

// Think asks for the computer's turn; done receives the result unless the request is
// cancelled (by Cancel, or by another Think) first.
func (e *Engine) Think(ctx app.Context, req ThinkRequest, done func(ThinkResult)) {
	e.current = req.ID
	res := e.think(req)
	ctx.Dispatch(func(app.Context) {
		if e.current == req.ID {
			e.current = 0
			done(res)
		}
	})
}

func (e *Engine) think(req ThinkRequest) ThinkResult {
	out := ThinkResult{ID: req.ID}
	g, err := variants.Decode(req.Record)
	if err != nil {
		out.Err = err.Error()
		return out
	}
	v := g.Variant()
	key := v.ID() + "\x00" + v.Options()
	if e.players == nil {
		e.players = map[string]*turn.Player{}
	}
	p := e.players[key]
	if p == nil {
		p = turn.NewPlayer(v, 16)
		e.players[key] = p
	}
	th, err := p.Think(g, turn.ThinkOptions{Level: req.Level, Seed: uint64(req.ID)})
	if err != nil {
		out.Err = fmt.Sprint(err)
		return out
	}
	for _, a := range th.Actions {
		out.Actions = append(out.Actions, a.String())
	}
	out.Score, out.Depth, out.Nodes = th.Score, th.Depth, th.Nodes
	return out
}

// Cancel forgets the request under way: its result is not delivered.
func (e *Engine) Cancel() { e.current = 0 }

// Close stops the engine.
func (e *Engine) Close() { e.current = 0 }
