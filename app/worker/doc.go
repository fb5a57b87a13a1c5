// Package worker is the protocol between the page and the engine's Web Worker (cmd/worker,
// web/engine.wasm, run by web/engine-worker.js), and the engine that serves it. Both sides
// import it: the page's bridge (app/browser) writes its requests and reads its responses, the
// worker reads the requests and answers with Engine; on the host (tests, prerendering) the
// bridge calls Engine directly.
//
// The messages are JSON texts (Request, Response) with a request id and a protocol version
// (Version). Two requests think: the computer's turn of an 8x8 game (a game record and a level
// 1 to 5, engine/search) and a Never-Ending Chess bot's order (a board, a player and a level 1
// to 3, variants/nec/bot). Every search has a budget and a stop flag: a cancel ends it at once
// with the best found so far. While it thinks, the worker sends a heartbeat (TypeBusy) every
// BeatEvery, so that the page knows a worker that has died from one that is thinking.
//
// The package is pure Go (no syscall/js): its tests run on the host.
package worker
