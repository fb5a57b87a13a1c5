package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// solveHelp documents "plyground solve".
const solveHelp = `plyground solve -variant progressive-italian|progressive-scottish -fen FEN [flags]

Looks for a series of the side to move that checkmates the opponent at its end (the series-mate
solver): every series the rules allow is searched unless the budget runs out. The FEN is the
start of a series; its fullmove number is the series number of the side to move, which is its
length, as problem collections write it (P9: "... w - - 0 7" is White's 7-ply series), or
-options series=N. Prints the mating series in notation, or says that none exists, or that the
budget ran out first.`

// runSolve implements "plyground solve".
func runSolve(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "progressive-italian", "variant `id` (progressive-italian or progressive-scottish)")
	options := fs.String("options", "", "variant options (series=N)")
	fen := fs.String("fen", "", "start of the series, in FEN")
	nodes := fs.Int64("nodes", 50_000_000, "node budget (0: none)")
	limit := fs.Duration("time", 0, "time budget (0: none)")
	fs.Usage = func() { fmt.Fprintln(stderr, solveHelp); fs.PrintDefaults() }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if !strings.HasPrefix(*variant, "progressive") {
		return usageError("-variant must be progressive-italian or progressive-scottish, got %q", *variant)
	}
	if strings.TrimSpace(*fen) == "" {
		return usageError("-fen is required")
	}
	v, err := variants.Open(*variant, *options)
	if err != nil {
		return usageError("%v", err)
	}
	s, err := v.Start(*fen)
	if err != nil {
		return usageError("%v", err)
	}
	if o := v.Outcome(s); o.Over() {
		return fmt.Errorf("the game is already over: %v", o)
	}
	b := search.Budget{Nodes: *nodes}
	if *limit > 0 {
		b.Deadline = time.Now().Add(*limit)
	}
	start := time.Now()
	r := search.SolveSeries[turn.State, turn.Action](turn.NewSearchGame(v), s, b)
	elapsed := time.Since(start)
	switch {
	case r.Mate:
		var texts []string
		t := s
		for _, a := range r.Actions {
			u := v.Do(t, a)
			texts = append(texts, turn.ActionText(v, t, u, a))
			t = u
		}
		fmt.Fprintf(stdout, "%s mates in a series of %d: %d.%s\n", s.Mover(), len(r.Actions), s.Number(), strings.Join(texts, " "))
	case r.Proved:
		fmt.Fprintf(stdout, "%s has no mating series of %d\n", s.Mover(), s.Plies()-s.Ply())
	default:
		fmt.Fprintf(stdout, "no mate found before the budget ran out (%d nodes): a longer search may find one\n", r.Nodes)
	}
	_, err = fmt.Fprintf(stdout, "nodes %d, %v\n", r.Nodes, elapsed.Round(time.Millisecond))
	return err
}
