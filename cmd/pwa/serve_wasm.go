//go:build wasm

package main

// serve is the browser build's twin of the host server: it does nothing, so app.wasm links
// neither app.Handler nor net/http's server (GOAPP-NOTES: that halves its size).
func serve([]string) error { return nil }
