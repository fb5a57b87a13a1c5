package browser

// The engine worker bridge: the page asks web/engine-worker.js (which runs web/engine.wasm,
// cmd/worker) for the computer's turn. Messages are JSON texts with a request id; the worker
// says "ready" once started; a cancel is a message, and a worker that does not answer a
// cancel quickly is terminated and started again (a hard stop).

// WorkerScript is the path of the worker script, resolved against the app's root.
const WorkerScript = "/web/engine-worker.js"

// ThinkRequest asks the computer for its turn.
type ThinkRequest struct {
	ID     int    // names the request; the result carries it back
	Record string // the game so far (turn.Record encoding, as Game.Encode writes it)
	Level  int    // 1..5
}

// ThinkResult is the computer's answer.
type ThinkResult struct {
	ID      int
	Actions []string // the turn's actions, as turn.Action.String() texts, in order
	Score   int      // for the side that moves, centipawns (beyond ±29000: a forced result)
	Depth   int
	Nodes   int64
	Err     string // why there is no answer ("" on success)
}
