package browser

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/worker"
)

// Engine is the computer opponent: a bridge to the engine's Web Worker, started on the first
// request. Use it from the UI goroutine (event handlers, Dispatch); answers are delivered
// there too. The zero Engine is ready to use.
type Engine struct {
	ctx       app.Context
	worker    safejs.Value // the Worker; undefined until started
	onMessage safejs.Func
	onError   safejs.Func
	ready     bool
	queue     []string // messages posted before "ready"
	started   time.Time
	// heard is when the worker last sent anything (Unix nanoseconds), set by its messages.
	heard atomic.Int64

	current int // the request whose answer is awaited (0: none)
	request string
	done    func(worker.Response)
	update  func(worker.Response) // takes the streamed replies of the request (AskStream)
	limit   time.Duration         // how long the answer may take in all (0: no limit)
	asked   time.Time             // when the request was first sent
	sent    time.Time             // when it was last sent (again after a restart)
	tries   int                   // the times it was sent again

	cancelled int // a cancelled request the worker is still finishing (0: none)
	seed      uint64
}

// Timing of the bridge.
const (
	// hardStop is how long the bridge waits for the worker to answer a cancel before it
	// terminates the worker and starts a new one.
	hardStop = 400 * time.Millisecond
	// watchEvery is how often the bridge checks that the worker is alive while a request
	// waits.
	watchEvery = 500 * time.Millisecond
	// silence is how long a started worker may stay silent (no heartbeat, no answer) while a
	// request waits before the bridge takes it for dead: eight heartbeats.
	silence = 8 * worker.BeatEvery
	// startLimit is how long a worker may take to start (to download and compile
	// engine.wasm) before it is taken for dead.
	startLimit = 30 * time.Second
	// retries is how many times a request is sent again to a new worker.
	retries = 2
	// thinkLimit is how long the bridge waits for the answer to a request in all.
	thinkLimit = 45 * time.Second
)

// NewEngine returns the computer opponent (the zero Engine works as well).
func NewEngine() *Engine { return &Engine{} }

// Ask sends a request (worker.TypeThink or worker.TypeNEC) to the worker; done receives the
// answer on the UI goroutine unless the request is cancelled (by Cancel, or by another Ask)
// first. A request that cannot be served gets an answer with Err set. A think request gets
// the page's random seed.
func (e *Engine) Ask(ctx app.Context, req worker.Request, done func(worker.Response)) {
	e.AskStream(ctx, req, nil, done)
}

// AskStream is Ask for a request whose replies stream (worker.TypeAnalyse, TypeReview,
// TypeSolve): update receives each report or progress of the request on the UI goroutine
// until its answer goes to done. A streamed request has no limit in all (an analysis runs
// until it is cancelled); the worker's heartbeat still tells a dead worker from a busy one.
func (e *Engine) AskStream(ctx app.Context, req worker.Request, update, done func(worker.Response)) {
	e.ctx = ctx
	if e.current != 0 {
		e.Cancel()
	}
	if e.seed == 0 {
		e.seed = randomSeed()
	}
	req.V = worker.Version
	if req.Type == worker.TypeThink {
		req.Seed = e.seed + uint64(req.ID)
	}
	e.current, e.request, e.done, e.update = req.ID, worker.Encode(req), done, update
	e.limit = thinkLimit
	if update != nil {
		e.limit = 0
	}
	e.asked, e.sent, e.tries = time.Now(), time.Now(), 0
	if err := e.start(); err != nil {
		e.fail(req.ID, err.Error())
		return
	}
	e.post(e.request)
	e.watch(req.ID)
}

// watch checks, every watchEvery while request id waits, that the worker is alive: a worker
// silent for too long is started again and asked again (a few times); a request that waits
// too long in all gets an error.
func (e *Engine) watch(id int) {
	e.ctx.After(watchEvery, func(ctx app.Context) {
		if e.current != id {
			ctx.PreventUpdate()
			return
		}
		switch {
		case e.limit > 0 && time.Since(e.asked) > e.limit:
			e.stop()
			e.fail(id, "the engine did not answer in time")
			return
		case e.silent():
			e.retry("the engine stopped answering")
		default:
			ctx.PreventUpdate()
		}
		if e.current == id {
			e.watch(id)
		}
	})
}

// silent reports whether the worker has been silent for too long while a request waits.
func (e *Engine) silent() bool {
	if e.worker.IsUndefined() || e.worker.IsNull() {
		return true
	}
	if !e.ready {
		return time.Since(e.started) > startLimit
	}
	last := time.Unix(0, e.heard.Load())
	if e.sent.After(last) {
		last = e.sent
	}
	return time.Since(last) > silence
}

// retry starts a new worker and sends it the request under way again, or, when it was sent
// again too often, delivers the error why.
func (e *Engine) retry(why string) {
	if e.current == 0 {
		e.stop()
		return
	}
	if e.tries >= retries {
		e.stop()
		e.fail(e.current, why)
		return
	}
	e.tries++
	e.sent = time.Now()
	e.restart()
}

// Cancel forgets the request under way (its answer will not be delivered) and asks the
// worker to stop; a worker that does not stop promptly is terminated and started again.
func (e *Engine) Cancel() {
	if e.current == 0 {
		return
	}
	id := e.current
	e.current, e.done, e.request, e.update = 0, nil, "", nil
	if e.worker.IsUndefined() || e.worker.IsNull() {
		return
	}
	if !e.ready {
		e.queue = nil // the request never reached the worker, which goes on starting
		return
	}
	e.post(worker.Encode(worker.Request{Type: worker.TypeCancel, V: worker.Version, ID: id}))
	e.cancelled = id
	e.ctx.After(hardStop, func(ctx app.Context) {
		if e.cancelled == id {
			e.restart()
			return
		}
		ctx.PreventUpdate()
	})
}

// Close terminates the worker.
func (e *Engine) Close() {
	e.current, e.done, e.request, e.update = 0, nil, "", nil
	e.stop()
}

// start creates the worker if there is none; it returns why it cannot.
func (e *Engine) start() error {
	if !e.worker.IsUndefined() && !e.worker.IsNull() {
		return nil
	}
	ctor, err := global("Worker")
	if errors.Is(err, ErrUnsupported) {
		return errors.New("this browser has no Web Workers")
	}
	if err != nil {
		return fmt.Errorf("cannot start the engine: %w", err)
	}
	onMessage, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		data, err := args[0].Get("data")
		if err != nil || data.Type() != safejs.TypeString {
			return nil
		}
		text, err := data.String()
		if err != nil {
			return nil
		}
		m, err := worker.ParseResponse(text)
		if err != nil {
			return nil
		}
		e.heard.Store(time.Now().UnixNano())
		if m.Type == worker.TypeBusy {
			return nil // the heartbeat: nothing to draw
		}
		e.ctx.Dispatch(func(app.Context) { e.receive(m) })
		return nil
	})
	if err != nil {
		return fmt.Errorf("cannot start the engine: %w", err)
	}
	onError, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		text := "the engine worker failed"
		if len(args) > 0 {
			if msg := stringOf(args[0], "message"); msg != "" {
				text += ": " + msg
			}
		}
		e.ctx.Dispatch(func(app.Context) {
			e.stop()
			e.retry(text)
		})
		return nil
	})
	if err != nil {
		onMessage.Release()
		return fmt.Errorf("cannot start the engine: %w", err)
	}
	w, err := ctor.New(e.ctx.ResolveStaticResource(WorkerScript))
	if err == nil {
		_, err = call(w, "addEventListener", "message", onMessage)
		if err == nil {
			_, err = call(w, "addEventListener", "error", onError)
		}
	}
	if err != nil {
		dropWorker(w, onMessage, onError)
		return fmt.Errorf("cannot start the engine: %w", exception(err))
	}
	e.worker, e.onMessage, e.onError = w, onMessage, onError
	e.ready, e.queue, e.started = false, nil, time.Now()
	return nil
}

// randomSeed returns a random odd seed for the searches (Math.random; the clock when that
// fails).
func randomSeed() uint64 {
	if math, err := global("Math"); err == nil {
		if r, err := call(math, "random"); err == nil {
			if f, err := r.Float(); err == nil {
				return uint64(f*(1<<52)) | 1
			}
		}
	}
	return uint64(time.Now().UnixNano()) | 1
}

// post sends a message, or queues it until the worker is ready.
func (e *Engine) post(text string) {
	if !e.ready {
		e.queue = append(e.queue, text)
		return
	}
	e.send(text)
}

// send posts a message to the started worker; a worker that cannot take it is started
// again (and the request under way sent again).
func (e *Engine) send(text string) {
	if _, err := call(e.worker, "postMessage", text); err != nil {
		e.stop()
		e.retry("the engine worker refused a message: " + err.Error())
	}
}

// receive handles a message from the worker, on the UI goroutine.
func (e *Engine) receive(m worker.Response) {
	switch m.Type {
	case worker.TypeReady:
		if m.V != worker.Version {
			// A worker from another build of the app (a stale cache): it cannot be trusted
			// with this page's requests.
			e.stop()
			if e.current != 0 {
				e.fail(e.current, "the engine is from another version of the app: reload the page")
			}
			return
		}
		e.ready = true
		queue := e.queue
		e.queue = nil
		for _, text := range queue {
			if !e.ready {
				break // a message was refused: the worker was started again
			}
			e.send(text)
		}
	case worker.TypeReport, worker.TypeProgress:
		if m.ID != 0 && m.ID == e.current && e.update != nil {
			e.update(m)
		}
	case worker.TypeResult:
		if m.ID != 0 && m.ID == e.cancelled {
			e.cancelled = 0
		}
		if m.ID == 0 && m.Err != "" && e.current != 0 {
			// A failure of the worker itself (it could not start, or its program ended):
			// a new worker may do better.
			e.stop()
			e.retry(m.Err)
			return
		}
		if m.ID != 0 && m.ID == e.current {
			e.deliver(m)
		}
	}
}

// fail delivers an error answer to request id.
func (e *Engine) fail(id int, why string) {
	e.deliver(worker.Response{Type: worker.TypeResult, V: worker.Version, ID: id, Err: why})
}

func (e *Engine) deliver(m worker.Response) {
	if m.ID != e.current || e.done == nil {
		return
	}
	done := e.done
	e.current, e.done, e.request, e.update = 0, nil, "", nil
	done(m)
}

// stop terminates the worker.
func (e *Engine) stop() {
	if e.worker.IsUndefined() || e.worker.IsNull() {
		return
	}
	dropWorker(e.worker, e.onMessage, e.onError)
	e.worker = safejs.Undefined()
	e.ready, e.queue, e.cancelled = false, nil, 0
}

// restart terminates the worker (a hard stop) and, if a request awaits its answer, starts a
// new worker and sends the request again.
func (e *Engine) restart() {
	e.stop()
	if e.current == 0 || e.request == "" {
		return
	}
	if err := e.start(); err != nil {
		e.fail(e.current, err.Error())
		return
	}
	e.post(e.request)
}

// dropWorker terminates the worker w (when there is one) and releases its listeners
// onMessage and onError, removed from it first: a message it posted before it was terminated
// may still wait in the page's event queue, and without its listener it is dropped, where a
// released function would be called ("call to released function" in the console).
func dropWorker(w safejs.Value, onMessage, onError safejs.Func) {
	if !w.IsUndefined() && !w.IsNull() {
		_, _ = call(w, "removeEventListener", "message", onMessage)
		_, _ = call(w, "removeEventListener", "error", onError)
		_, _ = call(w, "terminate")
	}
	onMessage.Release()
	onError.Release()
}
