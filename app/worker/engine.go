package worker

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
	"github.com/plyground/plyground/variants/turn"
)

// BeatEvery is how often a worker that thinks says so (TypeBusy). The page takes a worker
// silent for much longer than this, while a request waits, for dead.
const BeatEvery = 250 * time.Millisecond

// Engine serves the requests: it keeps one 8x8 player (and its transposition table) per variant
// and options, and makes a fresh Never-Ending Chess bot for each order (its seed comes with the
// request, so the same request gets the same order). Use it from one goroutine; Cancel may be
// called from another.
type Engine struct {
	players   map[string]*turn.Player
	analysers map[string]*analysis.Analyser
	send      func(Response) // the streamed replies (report, progress); nil: dropped
	now       func() time.Time
	stop      atomic.Bool // set by a cancel for the request under way
	current   atomic.Int64
	bits      int             // transposition table size
	net       *search.Network // corrects the evaluation of orthodox chess (UseNetwork)
}

// TableBits is the size of the page's tables: the worker's engine (cmd/worker) searches with
// transposition tables of 2^TableBits entries, and the command line's matches and outside
// engine do by default, to play as the page does.
const TableBits = 18

// NewEngine returns an engine whose searches read the clock now (nil: time.Now) and whose
// transposition tables have 2^tableBits entries.
func NewEngine(now func() time.Time, tableBits int) *Engine {
	if now == nil {
		now = time.Now
	}
	return &Engine{players: map[string]*turn.Player{}, analysers: map[string]*analysis.Analyser{}, now: now, bits: tableBits}
}

// UseNetwork makes the players and analysers of orthodox chess correct the hand-written
// evaluation by the network n (turn.Player.UseNetwork; nil: the hand-written one alone). The
// worker's program (cmd/worker) gives it the network of engine/orthonet, which the page's
// app.wasm does not carry. Call it before the first request.
func (e *Engine) UseNetwork(n *search.Network) {
	e.net = n
	for _, p := range e.players {
		p.UseNetwork(n)
	}
	for _, a := range e.analysers {
		a.UseNetwork(n)
	}
}

// Cancel stops the request id if it is the one under way.
func (e *Engine) Cancel(id int) {
	if int64(id) == e.current.Load() {
		e.stop.Store(true)
	}
}

// Current returns the id of the request under way (0: none).
func (e *Engine) Current() int { return int(e.current.Load()) }

// Handle answers one message; a cancel (or a message that cannot be read as a cancel) has no
// answer only when it is a cancel.
func (e *Engine) Handle(text string) (Response, bool) {
	r, err := ParseRequest(text)
	if err != nil {
		return Response{Type: TypeResult, V: Version, ID: r.ID, Err: err.Error()}, true
	}
	if r.Type == TypeCancel {
		e.Cancel(r.ID)
		return Response{}, false
	}
	return e.Serve(r), true
}

// Serve answers a request other than a cancel (ParseRequest has checked it). The replies
// streamed before the answer (report, progress) go to the function given to OnStream.
func (e *Engine) Serve(r Request) Response {
	e.current.Store(int64(r.ID))
	e.stop.Store(false)
	defer e.current.Store(0)
	out := Response{Type: TypeResult, V: Version, ID: r.ID}
	var err error
	switch r.Type {
	case TypeThink:
		err = e.think(r, &out)
	case TypeNEC:
		err = e.necOrder(r, &out)
	case TypeAnalyse:
		err = e.analyse(r, &out)
	case TypeReview:
		err = e.review(r, &out)
	case TypeSolve:
		err = e.solve(r, &out)
	default:
		err = fmt.Errorf("cannot serve a %q message", r.Type)
	}
	if err != nil {
		out = Response{Type: TypeResult, V: Version, ID: r.ID, Err: err.Error()}
	}
	return out
}

// think finds the computer's turn of an 8x8 game.
func (e *Engine) think(r Request, out *Response) error {
	g, err := variants.Decode(r.Record)
	if err != nil {
		return err
	}
	v := g.Variant()
	key := v.ID() + "\x00" + v.Options()
	p := e.players[key]
	if p == nil {
		p = turn.NewPlayer(v, e.bits)
		p.UseNetwork(e.net)
		e.players[key] = p
	}
	th, err := p.Think(g, turn.ThinkOptions{Level: r.Level, Seed: r.Seed, Stop: &e.stop, Now: e.now})
	if err != nil {
		if errors.Is(err, turn.ErrRollFirst) {
			return fmt.Errorf("roll first: %w", err)
		}
		return err
	}
	for _, a := range th.Actions {
		out.Actions = append(out.Actions, a.String())
	}
	out.Score, out.Depth, out.Nodes, out.Mate = th.Score, th.Depth, th.Nodes, th.Mate
	return nil
}

// necOrder finds a Never-Ending Chess bot's order within its level's budget.
func (e *Engine) necOrder(r Request, out *Response) error {
	s, err := nec.DecodeState(r.State)
	if err != nil {
		return fmt.Errorf("the bot's board: %w", err)
	}
	if s.NumPieces() > MaxBotPieces {
		return fmt.Errorf("the bot's board has %d pieces, more than the %d a bot plays on", s.NumPieces(), MaxBotPieces)
	}
	if r.Player < 0 || r.Player >= s.NumPlayers() {
		return fmt.Errorf("no player %d on the bot's board (%d players)", r.Player, s.NumPlayers())
	}
	o := bot.Level(r.Level)
	o.Seed, o.Now, o.Stop = r.Seed, e.now, &e.stop
	th := bot.New(o).Think(s, r.Player)
	out.Nodes = th.Nodes
	if th.OK {
		out.Order = s.FormatOrder(th.Order)
	}
	return nil
}
