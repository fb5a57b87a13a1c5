package browser

// The engine worker bridge: the page asks web/engine-worker.js (which runs web/engine.wasm,
// cmd/worker) for the computer's turn of an 8x8 game or a Never-Ending Chess bot's order, in
// the protocol of package app/worker (JSON texts with a request id and a version). The worker
// says "ready" once started, and "busy" every worker.BeatEvery while it thinks. A cancel is a
// message; a worker that does not answer a cancel quickly is terminated and started again (a
// hard stop). A worker that falls silent while a request waits (it was terminated, it crashed,
// it ran out of memory) is started again and asked again, a few times, and the answer to the
// request asked again is the one delivered.

// WorkerScript is the path of the worker script, resolved against the app's root.
const WorkerScript = "/web/engine-worker.js"
