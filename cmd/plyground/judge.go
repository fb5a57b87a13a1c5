package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
)

// judgeHelp documents "plyground judge".
const judgeHelp = `plyground judge -log FILE -judge uci:COMMAND [-judgego ARGS] [flags]

Reads the log of an orthodox match (plyground match -v -movetext), asks a UCI engine (the
judge, such as Stockfish at full strength) for the score of every position of every game, and
reports what each move cost its player: the judge's score before the move less its score
after, from the mover's side, in centipawns (scores clipped to ±1000, a mate counting 1000).
For each game, player A's costliest moves; then, for A and for B, by phase, the moves, the
average cost of the moves played while the game was undecided (the judge's score before
within ±500; a move that raised the score counts 0) and the count of moves that cost 100
and 300 or more. The phases: the opening (the first 12 turns of each side), then the
middlegame while the pieces other than pawns and kings weigh more than 10 (a knight or bishop
1, a rook 2, a queen 4: 24 at the start), then the endgame.`

// Phases of judge's report.
const (
	phaseOpening = iota
	phaseMiddlegame
	phaseEndgame
	phases
)

var phaseNames = [phases]string{"opening", "middlegame", "endgame"}

// judgeClip bounds the judge's scores; judgeDecided is the score beyond which a game counts
// as decided.
const (
	judgeClip    = 1000
	judgeDecided = 500
)

// judgedGame is one game of a match log: its header line, whether A had White, its moves.
type judgedGame struct {
	header string
	aWhite bool
	moves  []string // SAN
}

// judgeHeader matches the line of a game in a match log.
var judgeHeader = regexp.MustCompile(`^game \d+: A (white|black), `)

// readMatchLog returns the games of a match log written with -v -movetext.
func readMatchLog(r io.Reader) ([]judgedGame, error) {
	var games []judgedGame
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 4<<20)
	var cur *judgedGame
	for sc.Scan() {
		line := sc.Text()
		if m := judgeHeader.FindStringSubmatch(line); m != nil {
			games = append(games, judgedGame{header: line, aWhite: m[1] == "white"})
			cur = &games[len(games)-1]
			continue
		}
		if cur == nil || !strings.HasPrefix(line, "  ") {
			cur = nil
			continue
		}
		for _, tok := range strings.Fields(line) {
			if i := strings.LastIndexByte(tok, '.'); i >= 0 {
				tok = tok[i+1:]
			}
			if tok != "" {
				cur.moves = append(cur.moves, tok)
			}
		}
		cur = nil
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the log: %w", err)
	}
	return games, nil
}

// judgeScore asks the judge for the score of pos from its mover's side, clipped.
func judgeScore(x *external, pos engine.Position) (int, error) {
	if err := x.send("position fen " + pos.FEN()); err != nil {
		return 0, err
	}
	if err := x.send("go " + x.goArg); err != nil {
		return 0, err
	}
	score, seen := 0, false
	_, err := x.until("bestmove", func(info string) {
		f := strings.Fields(info)
		n, mate, bound, ok := readUCIScore(f)
		switch {
		case !ok || bound || f[0] != "info":
		case mate && n > 0:
			score, seen = judgeClip, true
		case mate:
			score, seen = -judgeClip, true
		default:
			score, seen = max(-judgeClip, min(judgeClip, n)), true
		}
	})
	if err != nil {
		return 0, err
	}
	if !seen {
		if pos.InCheck() && len(pos.LegalMoves(nil)) == 0 {
			return -judgeClip, nil
		}
		return 0, nil // a stalemate or an engine that gave no score
	}
	return score, nil
}

// judgeCost is what one move cost its mover.
type judgeCost struct {
	ply    int // from 0: White's first move
	cost   int // the judge's score before less its score after, for the mover
	before int // the judge's score before, for the mover
	weight int // the game phase before the move (search.Phase: 24 at the start)
	san    string
}

// judgePhase returns the phase of the position c was played in.
func judgePhase(c judgeCost) int {
	switch {
	case c.ply < 24:
		return phaseOpening
	case c.weight > 10:
		return phaseMiddlegame
	}
	return phaseEndgame
}

// sortCosts sorts costs costliest first (the earlier move first among equals).
func sortCosts(costs []judgeCost) {
	sort.SliceStable(costs, func(i, j int) bool { return costs[i].cost > costs[j].cost })
}

// judgeTally counts the costs of one player in one phase.
type judgeTally struct {
	moves, undecided, costSum, over100, over300 int
}

func (t *judgeTally) add(c judgeCost) {
	t.moves++
	if c.cost >= 100 {
		t.over100++
	}
	if c.cost >= 300 {
		t.over300++
	}
	if c.before >= -judgeDecided && c.before <= judgeDecided {
		t.undecided++
		t.costSum += max(c.cost, 0)
	}
}

// runJudge implements "plyground judge".
func runJudge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	logPath := fs.String("log", "", "the match log (plyground match -v -movetext)")
	judge := fs.String("judge", "", "the judge: uci:COMMAND")
	judgeOpt := fs.String("judgeopt", "", "UCI options of the judge, NAME=VALUE separated by commas")
	judgeGo := fs.String("judgego", "depth 12", "arguments of the judge's \"go\"")
	top := fs.Int("top", 3, "A's costliest moves listed for each game")
	fs.Usage = func() { fmt.Fprintln(stderr, judgeHelp); fs.PrintDefaults() }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	sp, err := parsePlayer(*judge)
	if err != nil || !sp.uci {
		return usageError("-judge must be uci:COMMAND")
	}
	if *logPath == "" {
		return usageError("-log is required")
	}
	if *judgeOpt != "" {
		sp.options = strings.Split(*judgeOpt, ",")
	}
	sp.goArg = *judgeGo
	f, err := os.Open(*logPath)
	if err != nil {
		return fmt.Errorf("opening the log: %w", err)
	}
	games, err := readMatchLog(f)
	f.Close()
	if err != nil {
		return err
	}
	games = slices.DeleteFunc(games, func(g judgedGame) bool { return len(g.moves) == 0 })
	if len(games) == 0 {
		return fmt.Errorf("%s holds no game with its moves (a log of plyground match -v -movetext)", *logPath)
	}
	x, err := startExternal(sp)
	if err != nil {
		return err
	}
	defer x.close()
	var tally [2][phases]judgeTally // [0]: A, [1]: B
	for _, g := range games {
		costs, err := judgeGame(x, g)
		if err != nil {
			return fmt.Errorf("%s: %w", g.header, err)
		}
		var mine []judgeCost
		for _, c := range costs {
			white := c.ply%2 == 0
			who := 1
			if white == g.aWhite {
				who = 0
				mine = append(mine, c)
			}
			tally[who][judgePhase(c)].add(c)
		}
		fmt.Fprintln(stdout, g.header)
		sortCosts(mine)
		for _, c := range mine[:min(*top, len(mine))] {
			dots := "."
			if c.ply%2 == 1 {
				dots = "..."
			}
			fmt.Fprintf(stdout, "  %d%s%s cost %d (the judge's score before it: %+d)\n", c.ply/2+1, dots, c.san, c.cost, c.before)
		}
	}
	fmt.Fprintf(stdout, "\n%d games judged by %s, go %s\n", len(games), sp.command, sp.goArg)
	fmt.Fprintln(stdout, "| player | phase | moves | undecided | average cost (undecided) | cost >= 100 | cost >= 300 |")
	fmt.Fprintln(stdout, "| --- | --- | --- | --- | --- | --- | --- |")
	for who, name := range []string{"A", "B"} {
		for ph := range phases {
			t := tally[who][ph]
			avg := "-"
			if t.undecided > 0 {
				avg = fmt.Sprintf("%.1f", float64(t.costSum)/float64(t.undecided))
			}
			fmt.Fprintf(stdout, "| %s | %s | %d | %d | %s | %d | %d |\n", name, phaseNames[ph], t.moves, t.undecided, avg, t.over100, t.over300)
		}
	}
	return nil
}

// judgeGame replays g and returns what each of its moves cost its mover.
func judgeGame(x *external, g judgedGame) ([]judgeCost, error) {
	if err := x.newGame(); err != nil {
		return nil, err
	}
	pos := engine.StartPosition()
	before, err := judgeScore(x, pos)
	if err != nil {
		return nil, err
	}
	costs := make([]judgeCost, 0, len(g.moves))
	for ply, san := range g.moves {
		m, err := pos.ParseSAN(san)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", ply+1, san, err)
		}
		weight := search.Phase(pos)
		pos = pos.Play(m)
		after, err := judgeScore(x, pos)
		if err != nil {
			return nil, err
		}
		costs = append(costs, judgeCost{ply: ply, cost: before + after, before: before, san: san, weight: weight})
		before = after
	}
	return costs, nil
}
