//go:build deep

package marseillais

import "testing"

func TestDeepMarseillaisReference(t *testing.T) {
	checkReference(t, []refCase{
		{"", false, 3},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 2", false, 2},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 2", false, 3},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 2},
		{"4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6 0 5", false, 4},
	})
}
