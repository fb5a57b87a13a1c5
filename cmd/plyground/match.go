package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// matchHelp documents "plyground match".
const matchHelp = `plyground match -variant ID -a PLAYER -b PLAYER [-games N] [flags]

Plays N games between two players, alternating colours (A has White in odd games). Each pair
of games starts from the same opening (-opening turns played at random, seeded by the pair)
and, in dice chess, the same sequence of rolls. Players:
  random   a uniformly random legal action
  greedy   the action that wins the most material at once (captures by value, promotion);
           random among equals; never spends a Sacrifice Token
  level1 .. level5   the computer opponent at that level (level5: one second per turn); in
                     orthodox chess it evaluates with the network's correction, or with the
                     hand-written evaluation alone after -aeval hand / -beval hand
  engine:COMMAND     an outside program speaking the protocol of "plyground engine" at level 5
                     (with -movetime if given): another build of Plyground
  uci:COMMAND        an outside UCI engine (orthodox chess only), such as Stockfish; -aopt/-bopt
                     set its options, -ago/-bgo the arguments of its "go"
With -book builtin (orthodox chess), each game pair starts from one of 50 common opening lines
instead of random turns. Game i of a -seed starts from the same opening, rolls and seeds whatever
the number of games, so a long match can be split into runs (-first 30 -games 70 plays games
31 to 100). Prints one line per game (with -v), then wins, draws and losses of A,
its score and the Elo difference A - B with its 95% error margin.`

// runMatch implements "plyground match".
func runMatch(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "orthodox", "variant `id`")
	options := fs.String("options", "", "variant options")
	a := fs.String("a", "level5", "player A: random, greedy, level1..level5")
	b := fs.String("b", "greedy", "player B")
	games := fs.Int("games", 10, "number of games")
	first := fs.Int("first", 0, "number of the games of the series left out at its start: game FIRST+1 is played first (a long match split into runs, each with the same -seed)")
	seed := fs.Uint64("seed", 1, "seed of the openings, rolls and imprecision")
	opening := fs.Int("opening", 2, "turns played at random at the start of each game pair")
	maxTurns := fs.Int("maxturns", 300, "turns after which a game is scored a draw")
	movetime := fs.Duration("movetime", 0, "replace the time budget (level 5) or time cap (levels 1-4) of the levels by this")
	clock := fs.String("clock", "cpu", "what time budgets measure: cpu (the thread's CPU time, immune to the machine's load) or wall")
	adjudicate := fs.Int("adjudicate", 0, "end a game when a level player's score stays beyond ± this many centipawns for 4 of its turns (0: never)")
	jobs := fs.Int("jobs", 1, "games played at once")
	aopt := fs.String("aopt", "", "UCI options of player A, NAME=VALUE separated by commas")
	bopt := fs.String("bopt", "", "UCI options of player B")
	ago := fs.String("ago", "", "arguments of the UCI \"go\" of player A (default: movetime of -movetime, or 1000)")
	bgo := fs.String("bgo", "", "arguments of the UCI \"go\" of player B")
	adisable := fs.String("adisable", "", "search techniques player A plays without (level players; see search.ParseTechniques)")
	bdisable := fs.String("bdisable", "", "search techniques player B plays without")
	aeval := fs.String("aeval", "network", "player A's evaluation of orthodox chess (level players): network (the hand-written one corrected by engine/orthonet's network) or hand")
	beval := fs.String("beval", "network", "player B's evaluation of orthodox chess: network or hand")
	sprt := fs.String("sprt", "", "stop early by a sequential probability ratio test of Elo ELO0 against ELO1 (\"ELO0,ELO1\", alpha = beta = 0.05)")
	tableBits := fs.Int("tablebits", worker.TableBits, "level players' transposition tables hold 2^`N` entries, as the page's "+
		"(fewer load a short search's table as a second loads the page's)")
	book := fs.String("book", "", "opening book: builtin (orthodox only; replaces -opening), or empty")
	verbose := fs.Bool("v", false, "print every game")
	movetext := fs.Bool("movetext", false, "with -v, print each game's moves too")
	fs.Usage = func() { fmt.Fprintln(stderr, matchHelp); fs.PrintDefaults() }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *games < 1 || *jobs < 1 || *first < 0 {
		return usageError("-games and -jobs must be at least 1, -first at least 0")
	}
	v, err := variants.Open(*variant, *options)
	if err != nil {
		return usageError("%v", err)
	}
	pa, err := parsePlayer(*a)
	if err != nil {
		return usageError("-a: %v", err)
	}
	pb, err := parsePlayer(*b)
	if err != nil {
		return usageError("-b: %v", err)
	}
	pa.movetime, pb.movetime = *movetime, *movetime
	for _, x := range []struct {
		sp          *spec
		opt, gos    string
		disable     string
		eval        string
		flagOpt     string
		flagDisable string
		flagEval    string
	}{{&pa, *aopt, *ago, *adisable, *aeval, "-aopt", "-adisable", "-aeval"}, {&pb, *bopt, *bgo, *bdisable, *beval, "-bopt", "-bdisable", "-beval"}} {
		if x.opt != "" {
			x.sp.options = strings.Split(x.opt, ",")
		}
		x.sp.goArg = x.gos
		if x.sp.goArg == "" {
			ms := int64(1000)
			if *movetime > 0 {
				ms = movetime.Milliseconds()
			}
			x.sp.goArg = fmt.Sprintf("movetime %d", ms)
		}
		if x.sp.disable, err = search.ParseTechniques(x.disable); err != nil {
			return usageError("%s: %v", x.flagDisable, err)
		}
		if x.sp.net, err = evaluation(x.eval); err != nil {
			return usageError("%s: %v", x.flagEval, err)
		}
		if x.sp.uci && v.ID() != "orthodox" {
			return usageError("UCI players play orthodox chess only, not %s", v.ID())
		}
	}
	var lines []string
	switch *book {
	case "":
	case "builtin":
		if v.ID() != "orthodox" {
			return usageError("-book builtin is for orthodox chess")
		}
		lines = openings
	default:
		return usageError("-book must be builtin or empty, got %q", *book)
	}
	if *clock != "cpu" && *clock != "wall" {
		return usageError("-clock must be cpu or wall, got %q", *clock)
	}
	m := match{v: v, a: pa, b: pb, seed: *seed, opening: *opening, maxTurns: *maxTurns,
		cpu: *clock == "cpu", adjudicate: *adjudicate, book: lines, tableBits: *tableBits}
	if lines != nil {
		m.opening = 0
	}
	var test *sprtTest
	if *sprt != "" {
		if test, err = parseSPRT(*sprt); err != nil {
			return usageError("-sprt: %v", err)
		}
	}
	var results []gameResult
	var wg sync.WaitGroup
	var mu sync.Mutex
	next, end := *first, *first+*games
	start := time.Now()
	for j := 0; j < *jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // the CPU clock reads this thread
			defer runtime.UnlockOSThread()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= end {
					return
				}
				r := m.play(i)
				mu.Lock()
				results = append(results, r)
				if *verbose {
					fmt.Fprintln(stdout, r.line(i))
					if *movetext && r.movetext != "" {
						fmt.Fprintln(stdout, "  "+r.movetext)
					}
				}
				if test != nil && next < end {
					if verdict := test.judge(results); verdict != "" {
						fmt.Fprintf(stdout, "SPRT stops after %d games: %s\n", len(results), verdict)
						next = end
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return m.report(stdout, results, time.Since(start))
}

// spec is a player as named on the command line.
type spec struct {
	name     string
	level    int // 0 for random, greedy and outside players
	greedy   bool
	movetime time.Duration
	disable  search.Technique // level players: techniques switched off
	net      *search.Network  // level players: the network correcting orthodox chess's evaluation (nil: none)
	command  string           // outside players: the command line
	uci      bool             // the outside player speaks UCI
	options  []string         // UCI options, NAME=VALUE
	goArg    string           // UCI: the arguments of "go"
}

func parsePlayer(s string) (spec, error) {
	switch s {
	case "random":
		return spec{name: s}, nil
	case "greedy":
		return spec{name: s, greedy: true}, nil
	}
	if c, ok := strings.CutPrefix(s, "engine:"); ok && strings.TrimSpace(c) != "" {
		return spec{name: s, command: c}, nil
	}
	if c, ok := strings.CutPrefix(s, "uci:"); ok && strings.TrimSpace(c) != "" {
		return spec{name: s, command: c, uci: true}, nil
	}
	if n, ok := strings.CutPrefix(s, "level"); ok {
		l, err := strconv.Atoi(n)
		if err == nil && l >= search.MinLevel && l <= search.MaxLevel {
			return spec{name: s, level: l}, nil
		}
	}
	return spec{}, fmt.Errorf("unknown player %q (random, greedy, level1..level5, engine:COMMAND, uci:COMMAND)", s)
}

type match struct {
	v          turn.Variant
	a, b       spec
	seed       uint64
	opening    int
	maxTurns   int
	cpu        bool     // time budgets measure the thread's CPU time
	adjudicate int      // centipawns; 0: never
	book       []string // opening lines (orthodox), one per game pair; nil: random turns
	tableBits  int      // the level players' transposition tables have 2^tableBits entries
}

type gameResult struct {
	score    float64 // for A: 1, 0.5, 0
	outcome  turn.Outcome
	aWhite   bool
	turns    int
	time     [2]time.Duration // thinking time of A and B
	moves    [2]int           // turns played by A and B
	nodes    [2]int64
	adjud    bool // ended by adjudication
	movetext string
	err      error
}

func (r gameResult) line(i int) string {
	colour := "black"
	if r.aWhite {
		colour = "white"
	}
	if r.err != nil {
		return fmt.Sprintf("game %d: A %s: error: %v", i+1, colour, r.err)
	}
	adj := ""
	if r.adjud {
		adj = " (adjudicated)"
	}
	return fmt.Sprintf("game %d: A %s, %d turns: %v%s (A scores %.1f)", i+1, colour, r.turns, r.outcome, adj, r.score)
}

// actor chooses the actions of one side.
type actor struct {
	spec   spec
	player *turn.Player
	ext    *external // an outside player
	rng    *rand.Rand
	now    func() time.Time // the clock of time budgets
	score  int              // the last score reported (level players)
	streak int              // own turns in a row beyond the adjudication threshold (signed)
}

func (m *match) newActor(sp spec, seed uint64) *actor {
	ac := &actor{spec: sp, rng: rand.New(rand.NewPCG(seed, 0x7f4a7c159e3779b9)), now: time.Now}
	if sp.level > 0 {
		ac.player = turn.NewPlayer(m.v, m.tableBits)
		ac.player.UseNetwork(sp.net)
	}
	if m.cpu {
		ac.now, _ = threadClock()
	}
	return ac
}

// choose returns the actions that complete the current turn.
func (ac *actor) choose(g *turn.Game, seed uint64) ([]turn.Action, int64, error) {
	if ac.player != nil {
		t, err := ac.player.Think(g, turn.ThinkOptions{Level: ac.spec.level, Seed: seed, Time: ac.spec.movetime, Now: ac.now,
			Disable: ac.spec.disable})
		ac.score = t.Score
		return t.Actions, t.Nodes, err
	}
	if ac.ext != nil {
		acts, nodes, score, err := ac.ext.choose(g, seed)
		ac.score = score
		return acts, nodes, err
	}
	v := g.Variant()
	s := g.State()
	seq := s.Seq()
	var out []turn.Action
	for s.Seq() == seq && !v.Outcome(s).Over() {
		acts := v.Actions(s, nil)
		if len(acts) == 0 {
			break
		}
		turn.SortActions(acts)
		a := acts[ac.rng.IntN(len(acts))]
		if ac.spec.greedy {
			a = greedy(s, acts, ac.rng)
		}
		out = append(out, a)
		s = v.Do(s, a)
	}
	return out, 0, nil
}

// greedy returns the action that wins the most material at once; random among equals; a
// token is never spent.
func greedy(s turn.State, acts []turn.Action, rng *rand.Rand) turn.Action {
	best, n := -1, 0
	var choice turn.Action
	for _, a := range acts {
		if a.Spend {
			continue
		}
		g := 0
		switch a.Kind {
		case turn.TakeKing:
			g = 100000
		case turn.Ply:
			p := s.Board(a.Move)
			if a.Move.Kind() == engine.EnPassant {
				g = search.Value(engine.Pawn)
			} else {
				g = search.Value(p.PieceAt(a.Move.To()).Type())
			}
			if pr := a.Move.Promotion(); pr != engine.NoPieceType {
				g += search.Value(pr) - search.Value(engine.Pawn)
			}
		}
		switch {
		case g > best:
			best, n, choice = g, 1, a
		case g == best:
			n++
			if rng.IntN(n) == 0 {
				choice = a
			}
		}
	}
	if best < 0 {
		return acts[0]
	}
	return choice
}

// play plays game i: pair i/2 shares its opening and rolls; A has White in even games.
func (m *match) play(i int) gameResult {
	pair := uint64(i / 2)
	res := gameResult{aWhite: i%2 == 0}
	g, err := turn.NewGame(m.v, "")
	if err != nil {
		res.err = err
		return res
	}
	dice := rand.New(rand.NewPCG(m.seed, pair*2+1))
	opener := &actor{spec: spec{name: "random"}, rng: rand.New(rand.NewPCG(m.seed, pair*2+2))}
	if m.book != nil {
		line, err := bookLine(m.book, int(m.seed+pair))
		if err != nil {
			res.err = err
			return res
		}
		for _, mv := range line {
			if err := g.Apply(turn.PlyAction(mv)); err != nil {
				res.err = fmt.Errorf("opening line: %w", err)
				return res
			}
		}
	}
	acA := m.newActor(m.a, m.seed^uint64(i)*0x2545f4914f6cdd1d)
	acB := m.newActor(m.b, m.seed^uint64(i)*0x9e3779b97f4a7c15+1)
	for _, ac := range []*actor{acA, acB} {
		if ac.spec.command == "" {
			continue
		}
		x, err := startExternal(ac.spec)
		if err != nil {
			res.err = err
			return res
		}
		defer x.close()
		if err := x.newGame(); err != nil {
			res.err = err
			return res
		}
		ac.ext = x
	}
	white, black := acA, acB
	if !res.aWhite {
		white, black = acB, acA
	}
	// turns counts the turns played (a dice roll is part of its turn).
	for turns := 0; ; {
		if o := g.Outcome(); o.Over() {
			res.outcome = o
			break
		}
		if turns >= m.maxTurns {
			res.outcome = turn.Outcome{Result: turn.Draw, Reason: turn.NoReason, Rule: "turn limit"}
			break
		}
		s := g.State()
		if acts := g.Variant().Actions(s, nil); len(acts) > 0 && acts[0].Kind == turn.Roll {
			if err := g.Apply(turn.RollAction(turn.Dice{A: uint8(dice.IntN(6) + 1), B: uint8(dice.IntN(6) + 1)})); err != nil {
				res.err = err
				return res
			}
			continue
		}
		mover := s.Mover()
		ac, side := white, 0
		if mover == engine.Black {
			ac = black
		}
		if ac == acB {
			side = 1
		}
		if turns < m.opening {
			ac = opener
		}
		t0 := time.Now()
		acts, nodes, err := ac.choose(g, m.seed+uint64(i)*1000+uint64(turns))
		if turns >= m.opening {
			res.time[side] += time.Since(t0)
			res.moves[side]++
			res.nodes[side] += nodes
		}
		if err != nil {
			res.err = fmt.Errorf("turn %d: %w", turns+1, err)
			return res
		}
		if len(acts) == 0 {
			res.err = fmt.Errorf("turn %d: %s chose no action", turns+1, ac.spec.name)
			return res
		}
		for _, a := range acts {
			if err := g.Apply(a); err != nil {
				res.err = fmt.Errorf("turn %d: %s played %s: %w", turns+1, ac.spec.name, a, err)
				return res
			}
		}
		turns++
		res.turns = turns
		if m.adjudicate > 0 && (ac.player != nil || ac.ext != nil) && turns > m.opening && !g.Outcome().Over() {
			switch {
			case ac.score >= m.adjudicate:
				ac.streak = max(ac.streak, 0) + 1
			case ac.score <= -m.adjudicate:
				ac.streak = min(ac.streak, 0) - 1
			default:
				ac.streak = 0
			}
			if ac.streak >= 4 || ac.streak <= -4 {
				winner := mover
				if ac.streak < 0 {
					winner = mover.Other()
				}
				res.outcome = turn.Outcome{Result: turn.Win(winner)}
				res.adjud = true
				break
			}
		}
	}
	res.movetext = g.Movetext()
	switch res.outcome.Result {
	case turn.WhiteWins:
		if res.aWhite {
			res.score = 1
		}
	case turn.BlackWins:
		if !res.aWhite {
			res.score = 1
		}
	default:
		res.score = 0.5
	}
	return res
}

func (m *match) report(w io.Writer, results []gameResult, elapsed time.Duration) error {
	var wins, draws, losses, errs, adjud int
	var t [2]time.Duration
	var mv [2]int
	var nodes [2]int64
	for _, r := range results {
		if r.err != nil {
			errs++
			fmt.Fprintln(w, r.line(0))
			continue
		}
		if r.adjud {
			adjud++
		}
		switch r.score {
		case 1:
			wins++
		case 0:
			losses++
		default:
			draws++
		}
		for k := 0; k < 2; k++ {
			t[k] += r.time[k]
			mv[k] += r.moves[k]
			nodes[k] += r.nodes[k]
		}
	}
	n := wins + draws + losses
	fmt.Fprintf(w, "variant %s: A=%s B=%s, %d games (%s)\n", m.v.ID(), m.a.name, m.b.name, n, elapsed.Round(time.Second))
	if n == 0 {
		return fmt.Errorf("no game finished (%d errors)", errs)
	}
	score := (float64(wins) + float64(draws)/2) / float64(n)
	fmt.Fprintf(w, "A: %d wins, %d draws, %d losses (score %.1f%%)", wins, draws, losses, 100*score)
	if adjud > 0 {
		fmt.Fprintf(w, "; %d games adjudicated at ±%d centipawns", adjud, m.adjudicate)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Elo difference A-B: %s\n", eloText(wins, draws, losses))
	for k, name := range []string{m.a.name, m.b.name} {
		if mv[k] > 0 {
			fmt.Fprintf(w, "%s: %.0f ms (wall) and %d nodes per turn\n", name,
				float64(t[k].Milliseconds())/float64(mv[k]), nodes[k]/int64(mv[k]))
		}
	}
	if errs > 0 {
		return fmt.Errorf("%d games failed", errs)
	}
	return nil
}

// sprtTest is a sequential probability ratio test of two Elo hypotheses on the games played
// so far, by the normal approximation of the score's log-likelihood ratio.
type sprtTest struct {
	elo0, elo1 float64
}

func parseSPRT(s string) (*sprtTest, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("want ELO0,ELO1, got %q", s)
	}
	e0, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
	if err != nil {
		return nil, fmt.Errorf("ELO0 %q: %w", a, err)
	}
	e1, err := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err != nil {
		return nil, fmt.Errorf("ELO1 %q: %w", b, err)
	}
	if e1 <= e0 {
		return nil, fmt.Errorf("ELO1 must be above ELO0")
	}
	return &sprtTest{elo0: e0, elo1: e1}, nil
}

// sprtMinGames is the least number of games the test judges.
const sprtMinGames = 40

// llr returns the log-likelihood ratio of H1 (elo1) against H0 (elo0) after the games.
func (t *sprtTest) llr(results []gameResult) float64 {
	var n, sum, sq float64
	for _, r := range results {
		if r.err != nil {
			continue
		}
		n++
		sum += r.score
		sq += r.score * r.score
	}
	if n < sprtMinGames {
		return 0 // the normal approximation needs a fair number of games
	}
	mean := sum / n
	variance := sq/n - mean*mean
	if variance <= 0 {
		return 0
	}
	s0 := 1 / (1 + math.Pow(10, -t.elo0/400))
	s1 := 1 / (1 + math.Pow(10, -t.elo1/400))
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// judge returns the verdict once the test is decided ("" while it is not).
func (t *sprtTest) judge(results []gameResult) string {
	const alpha, beta = 0.05, 0.05
	lower, upper := math.Log(beta/(1-alpha)), math.Log((1-beta)/alpha)
	switch l := t.llr(results); {
	case l >= upper:
		return fmt.Sprintf("H1 accepted (Elo >= %+g; LLR %.2f >= %.2f)", t.elo1, l, upper)
	case l <= lower:
		return fmt.Sprintf("H0 accepted (Elo <= %+g; LLR %.2f <= %.2f)", t.elo0, l, lower)
	}
	return ""
}

// elo returns the Elo difference of a score fraction.
func elo(p float64) float64 { return -400 * math.Log10(1/p-1) }

// eloText returns the Elo difference with its 95% margin from the per-game variance of the
// score; for a score of 0% or 100% (no finite estimate) it gives the bound of the Wilson
// interval instead.
func eloText(w, d, l int) string {
	n := float64(w + d + l)
	p := (float64(w) + float64(d)/2) / n
	const z = 1.96
	if p <= 0 || p >= 1 {
		// Wilson bound for an extreme proportion.
		bound := n / (n + z*z)
		if p >= 1 {
			return fmt.Sprintf("+inf (every game won; 95%% lower bound %+.0f)", elo(bound))
		}
		return fmt.Sprintf("-inf (every game lost; 95%% upper bound %+.0f)", elo(1-bound))
	}
	variance := (float64(w)*(1-p)*(1-p) + float64(d)*(0.5-p)*(0.5-p) + float64(l)*p*p) / n
	se := math.Sqrt(variance / n)
	lo, hi := p-z*se, p+z*se
	text := func(q float64) string {
		switch {
		case q <= 0:
			return "-inf"
		case q >= 1:
			return "+inf"
		}
		return fmt.Sprintf("%+.0f", elo(q)+0)
	}
	diff := elo(p) + 0 // +0 turns -0 into 0
	if lo > 0 && hi < 1 {
		return fmt.Sprintf("%+.0f ± %.0f (95%% interval %s to %s)", diff, (elo(hi)-elo(lo))/2, text(lo), text(hi))
	}
	return fmt.Sprintf("%+.0f (95%% interval %s to %s)", diff, text(lo), text(hi))
}
