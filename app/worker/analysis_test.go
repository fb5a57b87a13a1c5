package worker

import (
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/variants"
)

func gameRecord(t *testing.T, id, fen, movetext string) string {
	t.Helper()
	g, err := variants.NewGame(id, "", fen)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext(movetext); err != nil {
		t.Fatal(err)
	}
	return g.Encode()
}

// serve handles a request and collects the streamed replies.
func serve(t *testing.T, e *Engine, req Request) (Response, []Response) {
	t.Helper()
	var streamed []Response
	e.OnStream(func(r Response) { streamed = append(streamed, r) })
	req.V = Version
	resp, ok := e.Handle(Encode(req))
	if !ok {
		t.Fatal("no answer")
	}
	// What travels must read back.
	for _, r := range append(streamed, resp) {
		back, err := ParseResponse(Encode(r))
		if err != nil || back.Type != r.Type || back.ID != r.ID {
			t.Fatalf("%+v does not travel: %v", r, err)
		}
	}
	return resp, streamed
}

// TestAnalyseRequest: an analyse request streams a report per depth, then answers with the
// last, its best turn and line in the variant's notation (a Marseillais turn of two plies).
func TestAnalyseRequest(t *testing.T) {
	e := NewEngine(time.Now, 14)
	resp, streamed := serve(t, e, Request{Type: TypeAnalyse, ID: 4, Record: gameRecord(t, "marseillais", "", "1.e4 e5,Nc6"), Depth: 4})
	if resp.Err != "" || resp.Type != TypeResult || resp.Analysis == nil || !resp.Analysis.Final {
		t.Fatalf("answer %+v", resp)
	}
	if len(streamed) != 4 {
		t.Fatalf("%d reports, want 4 (one per depth)", len(streamed))
	}
	for i, r := range streamed {
		if r.Type != TypeReport || r.ID != 4 || r.Analysis == nil || r.Analysis.Depth != i+1 || r.V != Version {
			t.Errorf("report %d: %+v", i, r)
		}
	}
	a := resp.Analysis
	if len(a.Best) != 2 || !strings.HasPrefix(a.Text, "2.") || !strings.Contains(a.Text, ",") || a.Depth != 4 {
		t.Errorf("analysis %+v", a)
	}
}

// TestAnalyseRequestDice: before a roll the answer holds the 21 rolls.
func TestAnalyseRequestDice(t *testing.T) {
	e := NewEngine(time.Now, 14)
	resp, _ := serve(t, e, Request{Type: TypeAnalyse, ID: 5, Record: gameRecord(t, "dice", "4k3/8/8/8/8/8/3r4/4K3 b - - 0 10",
		"{roll 4-3} Re2+ {roll 1-2} --"), Depth: 1})
	if resp.Err != "" || resp.Analysis == nil || len(resp.Analysis.Rolls) != 21 {
		t.Fatalf("answer %+v", resp)
	}
	w := 0
	for _, r := range resp.Analysis.Rolls {
		w += r.Weight
	}
	if w != 36 {
		t.Errorf("weights sum to %d", w)
	}
}

// TestAnalyseCancel: a continuous analysis (no budget) runs until cancelled, then answers
// with its last report.
func TestAnalyseCancel(t *testing.T) {
	e := NewEngine(nil, 14)
	reports := 0
	e.OnStream(func(r Response) {
		if reports++; reports == 3 {
			e.Cancel(r.ID)
		}
	})
	done := make(chan Response, 1)
	go func() {
		resp, _ := e.Handle(Encode(Request{Type: TypeAnalyse, V: Version, ID: 6, Record: gameRecord(t, "sdm", "", "1.e4")}))
		done <- resp
	}()
	select {
	case resp := <-done:
		if resp.Err != "" || resp.Analysis == nil || resp.Analysis.Depth < 3 {
			t.Errorf("answer %+v", resp)
		}
	case <-time.After(30 * time.Second):
		e.Cancel(6)
		t.Fatal("the analysis did not stop at the cancel")
	}
}

// TestReviewRequest: a review streams its progress and answers with a review text that
// decodes, with the blunder of a game built to hold one.
func TestReviewRequest(t *testing.T) {
	e := NewEngine(time.Now, 14)
	rec := gameRecord(t, "orthodox", "", "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#")
	resp, streamed := serve(t, e, Request{Type: TypeReview, ID: 7, Record: rec, Depth: 4})
	if resp.Err != "" || len(streamed) == 0 {
		t.Fatalf("answer %+v, %d progress", resp, len(streamed))
	}
	last := streamed[len(streamed)-1]
	if last.Type != TypeProgress || last.Done != last.Total || last.Total == 0 {
		t.Errorf("last progress %+v", last)
	}
	rev, err := analysis.DecodeReview(resp.Review)
	if err != nil {
		t.Fatal(err)
	}
	if rev.Record != rec || rev.Turns[5].Class != analysis.Blunder {
		t.Errorf("review %+v", rev)
	}
}

// TestSolveRequest: the solver finds White's mating series after 1.e4 2.e5 Nf6 (Italian),
// and refuses a variant without series.
func TestSolveRequest(t *testing.T) {
	e := NewEngine(time.Now, 14)
	resp, streamed := serve(t, e, Request{Type: TypeSolve, ID: 8, Record: gameRecord(t, "progressive-italian", "", "1.e4 2.e5 Nf6"), Nodes: 200_000})
	if resp.Err != "" || !resp.Mate || len(resp.Series) != 3 || !strings.HasSuffix(resp.Text, "#") || len(streamed) == 0 {
		t.Fatalf("answer %+v", resp)
	}
	resp, _ = serve(t, e, Request{Type: TypeSolve, ID: 9, Record: gameRecord(t, "orthodox", "", "1.e4")})
	if !strings.Contains(resp.Err, "no series") {
		t.Errorf("orthodox: %+v", resp)
	}
}

// TestAnalysisBadRequests: analysis requests of an older version or with bad bounds are
// refused with a reason.
func TestAnalysisBadRequests(t *testing.T) {
	e := NewEngine(time.Now, 10)
	for _, c := range []struct{ text, want string }{
		{`{"type":"analyse","v":2,"id":1,"record":"AQEAAAAA"}`, "version 3"},
		{`{"type":"review","v":3,"id":1,"record":"AQEAAAAA","depth":-1}`, "depth -1"},
		{`{"type":"solve","v":3,"id":1,"record":"AQEAAAAA","nodes":-5}`, "nodes -5"},
		{`{"type":"analyse","v":3,"id":1,"record":"!!"}`, "record"},
	} {
		resp, ok := e.Handle(c.text)
		if !ok || !strings.Contains(resp.Err, c.want) {
			t.Errorf("%s: %+v, want an error with %q", c.text, resp, c.want)
		}
	}
}
