package main

import (
	"bufio"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// uciSession runs "plyground uci" on a pipe: what the test writes is the engine's standard
// input, its standard output is read line by line.
type uciSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	seen  []string
}

func startUCI(t *testing.T) *uciSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &uciSession{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := runUCI(nil, inR, outW, io.Discard)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		for range s.lines {
		}
	})
	return s
}

func (s *uciSession) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("writing %q: %v", line, err)
	}
}

// expect reads lines until one matches re and returns it. The timeout only guards against
// a hung engine; no test depends on how fast the engine is.
func (s *uciSession) expect(re *regexp.Regexp) string {
	s.t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine stopped before %q; it wrote:\n%s", re, strings.Join(s.seen, "\n"))
			}
			s.seen = append(s.seen, l)
			if re.MatchString(l) {
				return l
			}
		case <-timeout:
			s.t.Fatalf("no line matching %q; the engine wrote:\n%s", re, strings.Join(s.seen, "\n"))
		}
	}
}

// TestUCIPipe drives the UCI engine through a pipe, one table row per exchange: the lines
// sent, the lines expected in order, lines that must not appear, and the position in which
// the bestmove must be legal.
func TestUCIPipe(t *testing.T) {
	const mateIn1 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	afterE4E5 := engine.StartPosition()
	for _, m := range []string{"e2e4", "e7e5"} {
		mv, err := afterE4E5.ParseUCI(m)
		if err != nil {
			t.Fatal(err)
		}
		afterE4E5 = afterE4E5.Play(mv)
	}
	tests := []struct {
		name    string
		send    []string
		want    []string // regular expressions, matched in order
		not     []string // regular expressions no line up to the last wanted one may match
		legalIn string   // FEN in which the bestmove must be legal ("" : no check)
		variant string   // catalogue ID of the legality check (default orthodox)
		moves   []string // plies played from the variant's start before the check (variant)
	}{
		{name: "uci", send: []string{"uci"},
			want: []string{`^id name Plyground$`, `^option name Hash type spin`, `^option name Skill Level type spin`, `^option name Evaluation type combo default network var network var hand$`, `^option name UCI_Variant type combo default chess`, `^uciok$`}},
		{name: "isready", send: []string{"isready"}, want: []string{`^readyok$`}},
		{name: "depth", send: []string{"position startpos moves e2e4 e7e5", "go depth 5"},
			want:    []string{`^info depth 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$`, `^info depth 5 `, `^bestmove [a-h][1-8][a-h][1-8]$`},
			not:     []string{`^info depth 6 `},
			legalIn: afterE4E5.FEN()},
		{name: "mate", send: []string{"position fen " + mateIn1, "go depth 4"},
			want: []string{`^info depth \d+ score mate 1 .* pv a1a8`, `^bestmove a1a8$`}},
		{name: "mated", send: []string{"position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8", "go depth 2"},
			want: []string{`^bestmove 0000$`}},
		{name: "nodes", send: []string{"position startpos", "go nodes 3000"},
			want: []string{`^bestmove `}, legalIn: engine.StartFEN},
		{name: "movetime", send: []string{"position startpos moves e2e4 e7e5", "go movetime 30"},
			want: []string{`^bestmove `}, legalIn: afterE4E5.FEN()},
		{name: "clock", send: []string{"position startpos moves e2e4 e7e5", "go wtime 400 btime 400 winc 5 binc 5 movestogo 20"},
			want: []string{`^bestmove `}, legalIn: afterE4E5.FEN()},
		{name: "infinite and stop", send: []string{"position startpos", "go infinite", "isready"},
			want: []string{`^readyok$`}, not: []string{`^bestmove`}},
		{name: "stop", send: []string{"position startpos", "go infinite", "stop"},
			want: []string{`^bestmove `}, legalIn: engine.StartFEN},
		{name: "options", send: []string{"setoption name Hash value 1", "setoption name Skill Level value 0", "setoption name Move Overhead value 10", "position startpos", "go depth 2"},
			want: []string{`^bestmove `}, not: []string{`info string`}, legalIn: engine.StartFEN},
		{name: "hand-written evaluation", send: []string{"setoption name Evaluation value hand", "position startpos", "go depth 3"},
			want: []string{`^bestmove `}, not: []string{`info string`}, legalIn: engine.StartFEN},
		{name: "bad option", send: []string{"setoption name Hash value lots"}, want: []string{`^info string hash "lots"`}},
		{name: "bad evaluation", send: []string{"setoption name Evaluation value neural"}, want: []string{`^info string unknown evaluation "neural" \(network or hand\)`}},
		{name: "unknown option", send: []string{"setoption name Colour value blue"}, want: []string{`^info string unknown option "Colour"`}},
		{name: "illegal move", send: []string{"position startpos moves e2e5"}, want: []string{`^info string position: move "e2e5" is not legal`}},
		{name: "bad fen", send: []string{"position fen 9/8 w - - 0 1"}, want: []string{`^info string position: `}},
		{name: "bad go", send: []string{"go depth many"}, want: []string{`^info string go depth "many"`, `^bestmove 0000$`}},
		{name: "unknown command", send: []string{"xyzzy"}, want: []string{`^info string unknown command "xyzzy"`}},
		{name: "marseillais", send: []string{"setoption name UCI_Variant value marseillais", "position startpos moves e2e4 e7e5", "go depth 3"},
			want: []string{`^bestmove `}, variant: "marseillais", moves: []string{"e2e4", "e7e5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startUCI(t)
			for _, l := range tc.send {
				s.send(l)
			}
			var last string
			for _, w := range tc.want {
				last = s.expect(regexp.MustCompile(w))
			}
			for _, n := range tc.not {
				re := regexp.MustCompile(n)
				for _, l := range s.seen {
					if re.MatchString(l) {
						t.Errorf("unexpected line %q", l)
					}
				}
			}
			if tc.legalIn != "" || tc.variant != "" {
				checkBestmove(t, last, tc.legalIn, tc.variant, tc.moves)
			}
			s.send("quit")
			if err := <-s.done; err != nil {
				t.Errorf("quit: %v", err)
			}
		})
	}
}

// checkBestmove checks that the bestmove line names a legal ply.
func checkBestmove(t *testing.T, line, fen, variant string, moves []string) {
	t.Helper()
	mv := strings.TrimPrefix(line, "bestmove ")
	if variant == "" {
		p, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.ParseUCI(mv); err != nil {
			t.Errorf("bestmove %q in %s: %v", mv, fen, err)
		}
		return
	}
	g, err := variants.NewGame(variant, "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range append(moves, mv) {
		found := false
		for _, a := range g.Variant().Actions(g.State(), nil) {
			if a.Kind == turn.Ply && a.Move.UCI() == m {
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: %q is not legal after %v", variant, m, moves)
		}
	}
}

// TestUCIEvaluationOption checks that the Evaluation option reaches the search: from the
// same position at the same depth, the network's correction (the default) and the
// hand-written evaluation alone report different scores, and setting it back to network
// gives the default's score again.
func TestUCIEvaluationOption(t *testing.T) {
	score := func(opts ...string) string {
		s := startUCI(t)
		for _, o := range opts {
			s.send("setoption name Evaluation value " + o)
		}
		s.send("position startpos moves e2e4 c7c5 g1f3")
		s.send("go depth 6")
		line := s.expect(regexp.MustCompile(`^info depth 6 score `))
		s.expect(regexp.MustCompile(`^bestmove `))
		s.send("quit")
		if err := <-s.done; err != nil {
			t.Errorf("quit: %v", err)
		}
		f := strings.Fields(line)
		return f[4] + " " + f[5]
	}
	net, hand, back := score(), score("hand"), score("hand", "network")
	if net == hand {
		t.Errorf("the same score %s with and without the network", net)
	}
	if back != net {
		t.Errorf("Evaluation network after hand scores %s, the default %s", back, net)
	}
}

// TestUCIGameToTheEnd plays a whole game of the engine against itself through the pipe, as
// a GUI would (position with every move so far, go), until the engine answers 0000 or the
// game is long: every bestmove must be legal.
func TestUCIGameToTheEnd(t *testing.T) {
	s := startUCI(t)
	s.send("uci")
	s.expect(regexp.MustCompile(`^uciok$`))
	s.send("ucinewgame")
	p := engine.StartPosition()
	var moves []string
	for ply := 0; ply < 60; ply++ {
		s.send("position startpos moves " + strings.Join(moves, " "))
		s.send("go nodes 2000")
		l := s.expect(regexp.MustCompile(`^bestmove `))
		mv := strings.TrimPrefix(l, "bestmove ")
		if mv == "0000" {
			if p.HasLegalMove() {
				t.Fatalf("0000 with legal moves in %s", p.FEN())
			}
			break
		}
		m, err := p.ParseUCI(mv)
		if err != nil {
			t.Fatalf("ply %d: %v", ply+1, err)
		}
		p = p.Play(m)
		moves = append(moves, mv)
	}
	s.send("quit")
	if err := <-s.done; err != nil {
		t.Error(err)
	}
}

func TestGoBudget(t *testing.T) {
	tests := []struct {
		args  string
		white bool
		want  time.Duration
	}{
		{"movetime 1000", true, 970 * time.Millisecond},
		{"wtime 60000 btime 1000", true, 2 * ((60000 - 30) * time.Millisecond / 30)},
		{"wtime 60000 btime 1000", false, 2 * ((1000 - 30) * time.Millisecond / 30)},
		{"wtime 10000 btime 10000 movestogo 5", true, 2 * ((10000 - 30) * time.Millisecond / 5)},
		{"infinite", true, 0},
		{"depth 5", true, 0},
	}
	for _, tc := range tests {
		p, err := parseGo(strings.Fields(tc.args))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.budget(tc.white, 30*time.Millisecond); got != tc.want {
			t.Errorf("go %s (white %v): %v, want %v", tc.args, tc.white, got, tc.want)
		}
	}
}

// FuzzUCI feeds arbitrary command lines to the UCI engine's parsers and to the commands that
// start no search: no input may panic.
func FuzzUCI(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "position startpos moves e2e4 e7e5", "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8",
		"setoption name Hash value 64", "setoption name UCI_Variant value marseillais", "setoption name",
		"go wtime 1000 btime 1000 winc 10 binc 10 movestogo 3", "go depth", "go nodes -5", "go movetime 99999999999999999999",
		"position fen", "position startpos moves", "ucinewgame", "stop",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e := newUCIEngine(io.Discard)
		for _, line := range strings.Split(text, "\n") {
			fields := strings.Fields(line)
			if len(fields) > 0 && fields[0] == "go" {
				if p, err := parseGo(fields[1:]); err == nil {
					_ = p.budget(true, e.overhead)
					_ = p.budget(false, e.overhead)
				}
				continue
			}
			if len(fields) > 0 && fields[0] == "position" {
				_, _ = parsePosition("marseillais", fields[1:])
			}
			e.handle(line)
		}
	})
}
