// Package nec implements Never-Ending Chess: a simultaneous game for 2 to 8 players on an
// unbounded board, where every player submits one order per update (a move plus fallbacks) and
// all orders take effect at once.
//
// Rule source: seed 003 ("Position Examples for Never-Ending Chess Game", examples (1)-(40)),
// as decided by the project's RULES.md section N (rules N1-N10). The exact algorithm, every
// decision the sources leave open (NEC-D1 ...), the notation and the encoding are specified in
// RULES.md beside this package; read it before changing the code.
//
// The package keeps its own sparse board (int64 coordinates, no 8x8 anywhere) and imports only
// the standard library. The main entry points:
//
//   - [Setup] and [NewState] build a game; [DecodeState] restores a saved one ([State.Encode]).
//   - [State.Targets] lists a piece's legal targets on the visible board as rays and points.
//   - [State.ParseOrder] reads an order such as "Rx(12,15) / R(7,13)"; [State.FormatOrder]
//     writes one back.
//   - [State.Resolve] resolves one update and returns the next state and a [Report] of what
//     happened (moves, captures, failed captures, crowding deaths, new capturable marks).
//   - [Replay] replays a sequence of updates.
//   - [State.Threats], [State.CapturablePieces] and [State.CrowdedPieces] give the threat clocks,
//     capturable marks and crowded pieces a UI shows.
package nec
