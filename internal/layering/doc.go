// Package layering holds no code of its own: its test checks that every package of the module
// imports only in the directions DESIGN.md draws (cmd → app/view → app/session, app/necgame →
// app/store → variants → variants/<name> → variants/turn → engine/search → engine), that only
// app/view (and its sub-packages), app/browser and cmd import go-app, and that only
// app/browser and cmd/worker touch the browser (import syscall/js or
// github.com/hack-pad/safejs).
package layering
