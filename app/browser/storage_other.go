//go:build !wasm

package browser

import "github.com/plyground/plyground/app/store"

var local = &store.Memory{}

// Local returns the browser's local storage; on the host, one storage in memory shared by
// the program.
func Local() (store.Storage, error) { return local, nil }
