package browser

import (
	"encoding/json"
	"syscall/js"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Engine is the computer opponent: a bridge to the engine's Web Worker, started on the first
// request. Use it from the UI goroutine (event handlers, Dispatch); results are delivered
// there too. The zero Engine is ready to use.
type Engine struct {
	ctx       app.Context
	worker    js.Value // the Worker; undefined until started
	onMessage js.Func
	onError   js.Func
	ready     bool
	queue     []string // messages posted before "ready"
	current   int      // the request whose result is awaited (0: none)
	request   string   // its message, to send again after a restart
	done      func(ThinkResult)
	cancelled int // a cancelled request the worker is still finishing (0: none)
	seed      uint64
}

// NewEngine returns the computer opponent (the zero Engine works as well).
func NewEngine() *Engine { return &Engine{} }

// Think asks the worker for the computer's turn; done receives the result on the UI goroutine
// unless the request is cancelled (by Cancel, or by another Think) first. A request that
// cannot be served gets a result with Err set.
func (e *Engine) Think(ctx app.Context, req ThinkRequest, done func(ThinkResult)) {
	e.ctx = ctx
	if e.current != 0 {
		e.Cancel()
	}
	if e.seed == 0 {
		e.seed = uint64(js.Global().Get("Math").Call("random").Float()*(1<<52)) | 1
	}
	text, _ := json.Marshal(message{Type: "think", ID: req.ID, Record: req.Record, Level: req.Level, Seed: e.seed + uint64(req.ID)})
	e.current, e.request, e.done = req.ID, string(text), done
	if err := e.start(); err != "" {
		e.deliver(message{Type: "result", ID: req.ID, Err: err})
		return
	}
	e.post(e.request)
	id := req.ID
	ctx.After(thinkLimit, func(app.Context) {
		if e.current == id {
			e.restart()
			e.deliver(message{Type: "result", ID: id, Err: "the engine did not answer in time"})
		}
	})
}

// Cancel forgets the request under way (its result will not be delivered) and asks the
// worker to stop; a worker that does not stop promptly is terminated and started again.
func (e *Engine) Cancel() {
	if e.current == 0 {
		return
	}
	id := e.current
	e.current, e.done, e.request = 0, nil, ""
	if e.worker.IsUndefined() || e.worker.IsNull() {
		return
	}
	if !e.ready {
		e.queue = nil // the request never reached the worker, which goes on starting
		return
	}
	text, _ := json.Marshal(message{Type: "cancel", ID: id})
	e.post(string(text))
	e.cancelled = id
	e.ctx.After(hardStop, func(app.Context) {
		if e.cancelled == id {
			e.restart()
		}
	})
}

// Close terminates the worker.
func (e *Engine) Close() {
	e.current, e.done, e.request = 0, nil, ""
	e.stop()
}

// start creates the worker if there is none; it returns why it cannot.
func (e *Engine) start() string {
	if !e.worker.IsUndefined() && !e.worker.IsNull() {
		return ""
	}
	ctor := js.Global().Get("Worker")
	if ctor.IsUndefined() {
		return "this browser has no Web Workers"
	}
	e.onMessage = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) == 0 {
			return nil
		}
		data := args[0].Get("data")
		if data.Type() != js.TypeString {
			return nil
		}
		var m message
		if err := json.Unmarshal([]byte(data.String()), &m); err != nil {
			return nil
		}
		e.ctx.Dispatch(func(app.Context) { e.receive(m) })
		return nil
	})
	e.onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		text := "the engine worker failed"
		if len(args) > 0 && args[0].Get("message").Type() == js.TypeString {
			text += ": " + args[0].Get("message").String()
		}
		e.ctx.Dispatch(func(app.Context) {
			e.stop()
			if e.current != 0 {
				e.deliver(message{Type: "result", ID: e.current, Err: text})
			}
		})
		return nil
	})
	w, err := newWorker(ctor, e.ctx.ResolveStaticResource(WorkerScript))
	if err != nil {
		e.onMessage.Release()
		e.onError.Release()
		return "cannot start the engine: " + err.Error()
	}
	e.worker = w
	e.worker.Call("addEventListener", "message", e.onMessage)
	e.worker.Call("addEventListener", "error", e.onError)
	e.ready = false
	e.queue = nil
	return ""
}

func newWorker(ctor js.Value, url string) (w js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = workerError{r}
		}
	}()
	return ctor.New(url), nil
}

// workerError is an exception thrown while starting the worker.
type workerError struct{ v any }

// Error returns the exception's text.
func (e workerError) Error() string {
	if jv, ok := e.v.(js.Value); ok {
		return jv.String()
	}
	if err, ok := e.v.(error); ok {
		return err.Error()
	}
	return "JavaScript exception"
}

// post sends a message, or queues it until the worker is ready.
func (e *Engine) post(text string) {
	if !e.ready {
		e.queue = append(e.queue, text)
		return
	}
	e.worker.Call("postMessage", text)
}

// receive handles a message from the worker, on the UI goroutine.
func (e *Engine) receive(m message) {
	switch m.Type {
	case "ready":
		e.ready = true
		for _, text := range e.queue {
			e.worker.Call("postMessage", text)
		}
		e.queue = nil
	case "result":
		if m.ID != 0 && m.ID == e.cancelled {
			e.cancelled = 0
		}
		if m.ID == 0 && m.Err != "" && e.current != 0 {
			m.ID = e.current // a failure of the worker itself
		}
		if m.ID != 0 && m.ID == e.current {
			e.deliver(m)
		}
	}
}

func (e *Engine) deliver(m message) {
	if m.ID != e.current || e.done == nil {
		return
	}
	done := e.done
	e.current, e.done, e.request = 0, nil, ""
	done(m.result())
}

// stop terminates the worker.
func (e *Engine) stop() {
	if e.worker.IsUndefined() || e.worker.IsNull() {
		return
	}
	e.worker.Call("terminate")
	e.worker = js.Undefined()
	e.onMessage.Release()
	e.onError.Release()
	e.ready, e.queue, e.cancelled = false, nil, 0
}

// restart terminates the worker (a hard stop) and, if a request awaits its answer, starts a
// new worker and sends the request again.
func (e *Engine) restart() {
	e.stop()
	if e.current == 0 || e.request == "" {
		return
	}
	if err := e.start(); err != "" {
		e.deliver(message{Type: "result", ID: e.current, Err: err})
		return
	}
	e.post(e.request)
}

// hardStop is how long the bridge waits for the worker to answer a cancel before it
// terminates the worker and starts a new one.
const hardStop = 400 * time.Millisecond

// thinkLimit is how long the bridge waits for any answer before it gives up on the worker.
const thinkLimit = 30 * time.Second

// message is the JSON form of the worker protocol (see cmd/worker).
type message struct {
	Type    string   `json:"type"`
	ID      int      `json:"id,omitempty"`
	Record  string   `json:"record,omitempty"`
	Level   int      `json:"level,omitempty"`
	Seed    uint64   `json:"seed,omitempty"`
	Actions []string `json:"actions,omitempty"`
	Score   int      `json:"score,omitempty"`
	Depth   int      `json:"depth,omitempty"`
	Nodes   int64    `json:"nodes,omitempty"`
	Err     string   `json:"err,omitempty"`
}

func (m message) result() ThinkResult {
	return ThinkResult{ID: m.ID, Actions: m.Actions, Score: m.Score, Depth: m.Depth, Nodes: m.Nodes, Err: m.Err}
}
