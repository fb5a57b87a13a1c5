package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants"
)

// TestMain lets the test binary stand in for plyground itself when PLYGROUND_AS_MAIN is set,
// so that the match tests can start it as an outside player.
func TestMain(m *testing.M) {
	if os.Getenv("PLYGROUND_AS_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestBookLines(t *testing.T) {
	seen := map[string]bool{}
	for i, line := range openings {
		if seen[line] {
			t.Errorf("line %d repeats %q", i, line)
		}
		seen[line] = true
		moves, err := bookLine(openings, i)
		if err != nil {
			t.Error(err)
			continue
		}
		if len(moves) < 6 {
			t.Errorf("line %q has %d plies", line, len(moves))
		}
	}
	if _, err := bookLine([]string{"e4 e5 Ke3 Ke6 Kd9"}, 0); err == nil {
		t.Error("an illegal line is accepted")
	}
}

// TestEngineProtocol talks to "plyground engine" line by line, with tables of 2^12 entries
// (-tablebits; one that is not a number is refused).
func TestEngineProtocol(t *testing.T) {
	g, err := variants.NewGame("marseillais", "", "")
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{"level 1", "movetime 50ms", "think " + g.Encode() + " 7", "bogus", "think nonsense 1", "level 9", "newgame", "quit"}, "\n")
	var out strings.Builder
	if err := runEngine([]string{"-tablebits", "12"}, strings.NewReader(in), &out, &out); err != nil {
		t.Fatal(err)
	}
	if err := runEngine([]string{"-tablebits", "x"}, strings.NewReader("quit"), io.Discard, io.Discard); err == nil {
		t.Error("-tablebits x is accepted")
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 answers, got:\n%s", out.String())
	}
	f := strings.Fields(lines[0])
	if f[0] != "turn" || len(f) != 8 || f[2] != "score" || f[4] != "depth" || f[6] != "nodes" {
		t.Fatalf("answer %q", lines[0])
	}
	after, err := variants.Decode(f[1])
	if err != nil {
		t.Fatal(err)
	}
	if after.Len() != 1 { // White's first Marseillais turn has one ply
		t.Errorf("the turn added %d actions", after.Len())
	}
	for i, want := range []string{`error unknown command "bogus"`, "error ", `error level "9" is not 1..5`} {
		if !strings.HasPrefix(lines[i+1], want) {
			t.Errorf("answer %q, want %q", lines[i+1], want)
		}
	}
}

// TestMatchOutsidePlayers plays short matches against outside players: this test binary as
// "plyground engine" (an SDM game) and as "plyground uci" (orthodox games from the book).
func TestMatchOutsidePlayers(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("PLYGROUND_AS_MAIN", "1")
	out, errOut, code := runCLI("match", "-variant", "sdm", "-a", "level1", "-b", "engine:"+self+" engine", "-movetime", "20ms", "-games", "1", "-maxturns", "12", "-v")
	if code != 0 || !strings.Contains(out, "1 games") {
		t.Fatalf("engine player: exit %d\n%s\n%s", code, out, errOut)
	}
	out, errOut, code = runCLI("match", "-variant", "orthodox", "-a", "level1", "-b", "uci:"+self+" uci", "-bgo", "nodes 500",
		"-bopt", "Hash=1,Skill Level=20", "-book", "builtin", "-games", "2", "-maxturns", "30", "-v", "-movetext")
	if code != 0 || !strings.Contains(out, "2 games") {
		t.Fatalf("UCI player: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "1.e4 e5 2.Nf3 Nc6 3.Bb5 Nf6 4.O-O Nxe4 5.d4 Nd6") { // line seed+pair = 1
		t.Errorf("the games do not start from the book:\n%s", out)
	}
}

func TestSPRT(t *testing.T) {
	test, err := parseSPRT("0,50")
	if err != nil {
		t.Fatal(err)
	}
	var rs []gameResult
	for i := 0; i < 80; i++ {
		rs = append(rs, gameResult{score: []float64{1, 1, 0.5, 1, 0}[i%5]})
	}
	if v := test.judge(rs); !strings.HasPrefix(v, "H1") {
		t.Errorf("a 70%% score: %q", v)
	}
	for i := range rs {
		rs[i].score = 1 - rs[i].score
	}
	if v := test.judge(rs); !strings.HasPrefix(v, "H0") {
		t.Errorf("a 30%% score: %q", v)
	}
	if v := test.judge(rs[:sprtMinGames-1]); v != "" {
		t.Errorf("%d games decide: %q", sprtMinGames-1, v)
	}
	for _, bad := range []string{"50", "a,b", "50,0"} {
		if _, err := parseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
