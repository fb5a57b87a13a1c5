//go:build wasm

// This file replaces go-app's pkg/app/wasm.go in the page build (see cmd/goappslim). It keeps
// what the browser program needs from it and drops GenerateStaticWebsite's browser stub,
// the one reference from the browser side to the server's Handler.

package app

// wasmExecJS returns the wasm_exec.js script to inline: none in the browser.
func wasmExecJS() string { return "" }
