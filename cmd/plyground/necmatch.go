package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
)

// necMatchHelp documents "plyground nec-match".
const necMatchHelp = `plyground nec-match [-games N] [flags]

Plays N games of Never-Ending Chess between the planner bot (package variants/nec/bot) and
random-order bots (one random legal move a update, no fallbacks), and reports how often the
planner wins. A game ends by the rules (last player standing) or at the update limit, where
the highest score among the players left wins (RULES.md N1, NEC-D27); a game the planner
shares the top score of is a draw. The planner takes seat (game number mod players), so it
plays every colour in turn. Game i is fully determined by -seed and i.`

// runNECMatch implements "plyground nec-match".
func runNECMatch(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nec-match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 20, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the bots")
	updates := fs.Int("updates", 100, "update limit of each game (the end condition)")
	players := fs.Int("players", 2, "players in each game (one planner, the others random)")
	level := fs.Int("level", 2, "planner level, 1 to 3")
	opponent := fs.String("opponent", "random", "the other seats: random, or planner1..planner3")
	fairy := fs.Bool("fairy", false, "start with the fairy back row (R U B C TT Q N R)")
	jobs := fs.Int("jobs", 2, "games played at once")
	verbose := fs.Bool("v", false, "print every game")
	fs.Usage = func() { fmt.Fprintln(stderr, necMatchHelp); fs.PrintDefaults() }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	switch {
	case *games < 1 || *jobs < 1:
		return usageError("-games and -jobs must be at least 1")
	case *updates < 1:
		return usageError("-updates must be at least 1")
	case *players < nec.MinPlayers || *players > nec.MaxPlayers:
		return usageError("-players must be %d to %d", nec.MinPlayers, nec.MaxPlayers)
	case *level < 1 || *level > 3:
		return usageError("-level must be 1 to 3")
	}
	oppLevel := 0
	switch *opponent {
	case "random":
	case "planner1", "planner2", "planner3":
		oppLevel = int((*opponent)[7] - '0')
	default:
		return usageError("-opponent must be random or planner1..planner3, got %q", *opponent)
	}
	start, err := nec.Setup(nec.Options{Players: *players, Fairy: *fairy, Limits: nec.Limits{MaxUpdates: *updates}})
	if err != nil {
		return err
	}
	m := necMatch{start: start, seed: *seed, level: *level, oppLevel: oppLevel}
	results := make([]necGame, *games)
	var wg sync.WaitGroup
	next := make(chan int)
	began := time.Now()
	for range min(*jobs, *games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = m.play(i)
			}
		}()
	}
	for i := range results {
		next <- i
	}
	close(next)
	wg.Wait()

	var won, drawn, lost, rejected, updatesPlayed int
	var think time.Duration
	var decisions int
	for i, r := range results {
		if r.err != nil {
			return fmt.Errorf("game %d: %w", i+1, r.err)
		}
		switch r.outcome {
		case 1:
			won++
		case 0:
			drawn++
		default:
			lost++
		}
		rejected += r.rejected
		updatesPlayed += r.updates
		think += r.think
		decisions += r.decisions
		if *verbose {
			fmt.Fprintln(stdout, r.line(i, start))
		}
	}
	n := len(results)
	rate := float64(won) / float64(n)
	lo, hi := wilson(won, n)
	opp := "random-order bots"
	if oppLevel > 0 {
		opp = fmt.Sprintf("planner level %d", oppLevel)
	}
	fmt.Fprintf(stdout, "planner level %d vs %s: %d games of %d players, limit %d updates, seed %d\n",
		*level, opp, n, *players, *updates, *seed)
	fmt.Fprintf(stdout, "planner: %d won, %d drawn, %d lost: win rate %.1f%% (95%% interval %.1f%%-%.1f%%)\n",
		won, drawn, lost, 100*rate, 100*lo, 100*hi)
	perDecision := time.Duration(0)
	if decisions > 0 {
		perDecision = think / time.Duration(decisions)
	}
	fmt.Fprintf(stdout, "%d updates in all, %d orders rejected, %v per planner order, %v in all\n",
		updatesPlayed, rejected, perDecision.Round(10*time.Microsecond), time.Since(began).Round(time.Millisecond))
	return nil
}

// necMatch is the set-up shared by the games of a match.
type necMatch struct {
	start    nec.State
	seed     uint64
	level    int
	oppLevel int // 0: random-order bots
}

// necGame is the result of one game, for the planner.
type necGame struct {
	seat      int
	outcome   int // 1 won, 0 drawn, -1 lost
	final     nec.State
	updates   int
	rejected  int
	think     time.Duration
	decisions int
	reason    string
	err       error
}

// timed measures the time a strategy takes.
type timed struct {
	s     bot.Strategy
	total time.Duration
	n     int
}

// Order asks the strategy and adds the time it took.
func (t *timed) Order(s nec.State, p int) (nec.Order, bool) {
	began := time.Now()
	o, ok := t.s.Order(s, p)
	t.total += time.Since(began)
	t.n++
	return o, ok
}

// play plays game i.
func (m necMatch) play(i int) necGame {
	n := m.start.NumPlayers()
	seat := i % n
	gameSeed := m.seed*0x9E3779B97F4A7C15 + uint64(i)
	o := bot.Level(m.level)
	o.Seed = gameSeed
	planner := &timed{s: bot.New(o)}
	seats := make([]bot.Strategy, n)
	for p := range seats {
		switch {
		case p == seat:
			seats[p] = planner
		case m.oppLevel > 0:
			oo := bot.Level(m.oppLevel)
			oo.Seed = gameSeed + uint64(p+1)*0x51ED27
			seats[p] = bot.New(oo)
		default:
			seats[p] = bot.NewRandom(gameSeed + uint64(p+1)*0x51ED27)
		}
	}
	g, err := bot.Match(m.start, seats, 0)
	r := necGame{seat: seat, final: g.Final, updates: g.Final.Update(), rejected: g.Rejected,
		think: planner.total, decisions: planner.n, err: err}
	end := g.Final.End()
	r.reason = end.Reason
	r.outcome = -1
	for _, w := range end.Winners {
		if w == seat {
			r.outcome = 1
			if len(end.Winners) > 1 {
				r.outcome = 0
			}
		}
	}
	return r
}

// line describes game i in one line.
func (r necGame) line(i int, start nec.State) string {
	var scores []string
	for p, pl := range r.final.Players() {
		mark := ""
		if p == r.seat {
			mark = "*"
		}
		scores = append(scores, fmt.Sprintf("%s%s %d", mark, pl.Name, pl.Score))
	}
	word := map[int]string{1: "won", 0: "drawn", -1: "lost"}[r.outcome]
	return fmt.Sprintf("game %d: planner %s, %s (%s after %d updates): %s",
		i+1, start.Player(r.seat).Name, word, r.reason, r.updates, strings.Join(scores, ", "))
}

// wilson returns the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, nn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / d
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / d
	return max(c-h, 0), min(c+h, 1)
}
