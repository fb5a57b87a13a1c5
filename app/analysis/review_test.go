package analysis

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
)

// scholar is a game built to hold one blunder: Black's 3...Nf6?? allows 4.Qxf7#, where
// 3...g6 or 3...Qe7 holds.
const scholar = "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#"

// TestReviewMarksTheBlunder: the review classes Black's 3...Nf6 a blunder with a better turn,
// the mate is no mistake, the graph has the start and one point a turn, ending at the mate.
func TestReviewMarksTheBlunder(t *testing.T) {
	g := game(t, "orthodox", "", scholar)
	var calls, total int
	rev, err := New(g.Variant(), 16).ReviewGame(g, ReviewOptions{Depth: 4}, func(done, n int) {
		calls++
		if done != calls {
			t.Errorf("progress %d of %d after %d calls", done, n, calls)
		}
		total = n
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Turns) != 7 || calls != total || total != 8 {
		t.Fatalf("%d turns, %d progress calls of %d", len(rev.Turns), calls, total)
	}
	nf6 := rev.Turns[5]
	if nf6.Side != engine.Black || nf6.Number != 3 || nf6.Class != Blunder || nf6.BestText == "" || nf6.First != 5 || nf6.Count != 1 {
		t.Errorf("3...Nf6: %+v, want a blunder with a better turn", nf6)
	}
	if m := rev.Turns[6]; m.Class != Good || m.After.Mate != 1 || m.BestText != "" {
		t.Errorf("4.Qxf7#: %+v", m)
	}
	if rev.Count(engine.Black, Blunder) != 1 || rev.Count(engine.White, Blunder) != 0 {
		t.Errorf("blunders: White %d, Black %d", rev.Count(engine.White, Blunder), rev.Count(engine.Black, Blunder))
	}
	graph := rev.Graph()
	if len(graph) != 8 || graph[7] != GraphLimit {
		t.Errorf("graph %v", graph)
	}
	if rev.Record != g.Encode() {
		t.Error("the review does not name its game")
	}
}

// TestReviewMarseillaisTurns: a Marseillais review has one entry per turn of two plies.
func TestReviewMarseillaisTurns(t *testing.T) {
	g := game(t, "marseillais", "", "1.e4 e5,Nc6 2.Nf3,Bc4 Nf6,Qe7")
	rev, err := New(g.Variant(), 16).ReviewGame(g, ReviewOptions{Depth: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{0, 1}, {1, 2}, {3, 2}, {5, 2}}
	if len(rev.Turns) != len(want) {
		t.Fatalf("%d turns, want %d", len(rev.Turns), len(want))
	}
	for i, w := range want {
		if tr := rev.Turns[i]; tr.First != w[0] || tr.Count != w[1] {
			t.Errorf("turn %d: actions %d+%d, want %d+%d", i, tr.First, tr.Count, w[0], w[1])
		}
	}
}

// TestReviewDiceTurns: a dice turn is its roll and its ply; the best turn is judged after
// the roll (the roll's luck is no one's fault).
func TestReviewDiceTurns(t *testing.T) {
	g := game(t, "dice", "", "1. {roll 1-2} e4 {roll 1-1} e5 2. {roll 2-3} Nf3")
	rev, err := New(g.Variant(), 14).ReviewGame(g, ReviewOptions{Depth: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Turns) != 3 || rev.Turns[1].First != 2 || rev.Turns[1].Count != 2 {
		t.Fatalf("turns %+v", rev.Turns)
	}
}

// TestReviewRoundTrip: a review's text reads back the same.
func TestReviewRoundTrip(t *testing.T) {
	g := game(t, "orthodox", "", scholar)
	rev, err := New(g.Variant(), 14).ReviewGame(g, ReviewOptions{Depth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := rev.Encode()
	back, err := DecodeReview(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.Encode() != text || len(back.Turns) != len(rev.Turns) {
		t.Errorf("round trip:\n%s\n%s", text, back.Encode())
	}
}

// TestDecodeReviewRefuses: a bad review text is refused with a reason, never a panic.
func TestDecodeReviewRefuses(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{``, "EOF"},
		{`{"v":2,"record":"","depth":1,"start":{},"turns":[]}`, "version 2"},
		{`{"v":0,"record":"","depth":1,"start":{},"turns":[]}`, "version 0"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[],"x":1}`, "unknown field"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[]} {}`, "trailing"},
		{`{"v":1,"record":"","depth":1,"start":{"cp":5,"mate":2},"turns":[]}`, "both a mate"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[{"first":1,"count":1,"side":0,"number":1,"best":{},"after":{},"loss":0,"class":0}]}`, "do not follow"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[{"first":0,"count":1,"side":2,"number":1,"best":{},"after":{},"loss":0,"class":0}]}`, "side 2"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[{"first":0,"count":1,"side":0,"number":1,"best":{},"after":{},"loss":0,"class":9}]}`, "class 9"},
		{`{"v":1,"record":"","depth":1,"start":{},"turns":[{"first":0,"count":1,"side":0,"number":1,"best":{},"after":{},"loss":101,"class":0}]}`, "loss 101"},
		{`{"v":1,"record":"","depth":99,"start":{},"turns":[]}`, "depth 99"},
		{strings.Repeat(" ", MaxReview+1), "more than"},
	} {
		_, err := DecodeReview(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q: %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// FuzzDecodeReview: DecodeReview never panics, and what it accepts encodes to a text it
// accepts again, the same.
func FuzzDecodeReview(f *testing.F) {
	f.Add(`{"v":1,"record":"AQE","depth":4,"start":{"cp":20},"turns":[{"first":0,"count":1,"side":0,"number":1,"best":{"cp":30},"after":{"mate":2},"better":"1.d4","loss":3.5,"class":0}]}`)
	f.Add(`{"v":1}`)
	f.Fuzz(func(t *testing.T, text string) {
		r, err := DecodeReview(text)
		if err != nil {
			return
		}
		again, err := DecodeReview(r.Encode())
		if err != nil {
			t.Fatalf("%q decoded, its encoding %q does not: %v", text, r.Encode(), err)
		}
		if again.Encode() != r.Encode() {
			t.Fatalf("not stable: %q, %q", r.Encode(), again.Encode())
		}
	})
}

var timing = flag.Bool("timing", false, "measure the time of 20-turn reviews (TestReviewTime)")

// TestReviewTime measures 20-turn reviews at the default depths (logged, for the report):
// orthodox, Marseillais and dice games played at random from a fixed seed, and a progressive
// game.
func TestReviewTime(t *testing.T) {
	if !*timing {
		t.Skip("a measure, not a check: run with -timing")
	}
	for _, id := range []string{"orthodox", "marseillais", "dice", "progressive-italian"} {
		g := game(t, id, "", "")
		rng := rand.New(rand.NewPCG(7, 17))
		for g.State().Seq() < 20 && !g.Outcome().Over() {
			acts := g.Variant().Actions(g.State(), nil)
			if err := g.Apply(acts[rng.IntN(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
		start := time.Now()
		rev, err := New(g.Variant(), 18).ReviewGame(g, ReviewOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d turns reviewed at depth %d in %v", id, len(rev.Turns), rev.Depth, time.Since(start).Round(time.Millisecond))
	}
}
