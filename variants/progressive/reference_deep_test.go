//go:build deep

package progressive

import "testing"

func TestDeepProgressiveReference(t *testing.T) {
	checkReference(t, []refCase{
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 3", 1},
		{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 4", 1},
		{"4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 5", 1},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 5", 1},
	})
}
