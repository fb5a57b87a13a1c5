//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains that the worker runs only in the browser; its protocol is tested on the
// host through the engine type.
func main() {
	fmt.Fprintln(os.Stderr, "worker: build with GOOS=js GOARCH=wasm (web/engine.wasm) and run it in a Web Worker")
	os.Exit(2)
}
