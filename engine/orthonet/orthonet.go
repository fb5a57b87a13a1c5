// Package orthonet holds the network that corrects the evaluation of orthodox chess
// (search.NetEval), fitted by make tune-network and kept in network.bin. It is a package of
// its own so that only the programs that play with it carry its 99 KB: the Web Worker's
// engine.wasm (cmd/worker) and the command line (cmd/plyground) import it; the page's
// app.wasm, which links engine/search, does not (internal/layering checks it), and stays
// within its download budget.
package orthonet

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/plyground/plyground/engine/search"
)

//go:embed network.bin
var file []byte

var load = sync.OnceValues(func() (*search.Network, error) {
	n, err := search.ReadNetwork(file)
	if err != nil {
		return nil, fmt.Errorf("orthonet: network.bin: %w", err)
	}
	return n, nil
})

// Network returns the network of network.bin, read the first time it is asked for. The
// Network is read-only and may be shared. The error says the file is damaged (a build
// without its weights); the orthonet tests check that it is not.
func Network() (*search.Network, error) { return load() }
