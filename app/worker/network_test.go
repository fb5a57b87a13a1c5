package worker

import (
	"testing"
	"time"

	"github.com/plyground/plyground/engine/orthonet"
)

// TestUseNetwork checks that the engine hands the network to what it makes for orthodox
// chess: the same analysis (an orthodox position at a fixed depth) with the network, given
// before the first request or after the analyser was made, reports the nodes and score of
// each other and not those of the hand-written evaluation alone; Marseillais, which keeps
// the hand-written evaluation, reports the same with or without it.
func TestUseNetwork(t *testing.T) {
	n, err := orthonet.Network()
	if err != nil {
		t.Fatal(err)
	}
	analyse := func(id, movetext string, setup func(e *Engine)) Analysis {
		e := NewEngine(time.Now, 14)
		setup(e)
		resp, _ := serve(t, e, Request{Type: TypeAnalyse, ID: 1, Record: gameRecord(t, id, "", movetext), Depth: 6})
		if resp.Err != "" || resp.Analysis == nil {
			t.Fatalf("%s: %+v", id, resp)
		}
		return *resp.Analysis
	}
	none := func(e *Engine) {}
	before := func(e *Engine) { e.UseNetwork(n) }
	after := func(e *Engine) {
		// An analysis first makes the analyser; the network then reaches it too.
		serve(t, e, Request{Type: TypeAnalyse, ID: 9, Record: gameRecord(t, "orthodox", "", ""), Depth: 1})
		e.UseNetwork(n)
	}
	const opening = "1.e4 c5 2.Nf3 d6"
	hand, net, late := analyse("orthodox", opening, none), analyse("orthodox", opening, before), analyse("orthodox", opening, after)
	if net.Nodes == hand.Nodes && net.CP == hand.CP {
		t.Errorf("orthodox: the network changed nothing (%d nodes, %d cp)", net.Nodes, net.CP)
	}
	if late.CP != net.CP {
		t.Errorf("orthodox, the network given after the first request: %d cp, given before: %d cp", late.CP, net.CP)
	}
	const marseillais = "1.e4 e5,Nc6"
	if a, b := analyse("marseillais", marseillais, none), analyse("marseillais", marseillais, before); a.Nodes != b.Nodes || a.CP != b.CP {
		t.Errorf("marseillais: %d nodes %d cp with the network, %d nodes %d cp without", b.Nodes, b.CP, a.Nodes, a.CP)
	}
}
