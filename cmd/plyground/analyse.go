package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plyground/plyground/app/analysis"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
)

// analyseHelp documents "plyground analyse".
const analyseHelp = `plyground analyse -variant ID -fen FEN [-movetext M] -depth D | -time T [flags]

Analyses a position of any 8x8 variant as the analysis board does: after each depth, the
evaluation from White's side (pawns, or #N: mate in N turns, #-N for Black), the nodes and the
best line in the variant's notation. In dice chess before the roll, the value of each of the
21 rolls. With -movetext (the game's turns from the FEN, in the variant's notation), reviews
every turn (the game review, in text): the value after it, the class of a turn that lost
winning chances (inaccuracy, mistake, blunder) and the better turn found, then analyses the
last position.`

// runAnalyse implements "plyground analyse".
func runAnalyse(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "orthodox", "variant `id`")
	options := fs.String("options", "", "variant options")
	fen := fs.String("fen", "", "start position in FEN (\"\": the standard start)")
	movetext := fs.String("movetext", "", "the game's turns from the start, in the variant's notation")
	depth := fs.Int("depth", 0, "depth of each position (plies)")
	limit := fs.Duration("time", 0, "time for each position")
	bits := fs.Int("hash", 20, "transposition table of 2^`bits` entries")
	eval := fs.String("eval", "network", "the evaluation of orthodox chess: network (corrected by engine/orthonet's network, as the computer plays) or hand")
	fs.Usage = func() { fmt.Fprintln(stderr, analyseHelp); fs.PrintDefaults() }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *depth <= 0 && *limit <= 0 {
		return usageError("-depth or -time is required")
	}
	if *depth > 64 || *bits < 10 || *bits > 26 {
		return usageError("-depth is at most 64, -hash 10 to 26")
	}
	g, err := variants.NewGame(*variant, *options, *fen)
	if err != nil {
		return usageError("%v", err)
	}
	if *movetext != "" {
		if err := g.PlayMovetext(*movetext); err != nil {
			return usageError("-movetext: %v", err)
		}
	}
	v := g.Variant()
	net, err := evaluation(*eval)
	if err != nil {
		return usageError("-eval: %v", err)
	}
	a := analysis.New(v, *bits)
	a.UseNetwork(net)
	if g.Len() > 0 {
		rev, err := a.ReviewGame(g, analysis.ReviewOptions{Depth: *depth, Time: *limit}, nil)
		if err != nil {
			return err
		}
		states, actions := g.States(), g.Actions()
		fmt.Fprintf(stdout, "start %s\n", rev.Start)
		for _, tr := range rev.Turns {
			played := analysis.Line(v, states[tr.First], actions[tr.First:tr.First+tr.Count])
			line := fmt.Sprintf("%-24s %7s", played, tr.After)
			if tr.Class != analysis.Good {
				line += fmt.Sprintf("  %s (%.1f%% lost), better %s (%s)", tr.Class, tr.Loss, tr.BestText, tr.Best)
			}
			fmt.Fprintln(stdout, strings.TrimRight(line, " "))
		}
		for _, c := range []engine.Color{engine.White, engine.Black} {
			fmt.Fprintf(stdout, "%v: %d inaccuracies, %d mistakes, %d blunders\n", c,
				rev.Count(c, analysis.Inaccuracy), rev.Count(c, analysis.Mistake), rev.Count(c, analysis.Blunder))
		}
	}
	if o := g.Outcome(); o.Over() {
		_, err := fmt.Fprintf(stdout, "game over: %v\n", o)
		return err
	}
	start := time.Now()
	r, err := a.AnalyseGame(g, analysis.Options{Depth: *depth, Time: *limit}, func(r analysis.Report) {
		if r.Final {
			return
		}
		fmt.Fprintf(stdout, "depth %d eval %s nodes %d line %s\n", r.Depth, r.Eval, r.Nodes, r.Text)
	})
	if err != nil {
		return err
	}
	for _, rv := range r.Rolls {
		fmt.Fprintf(stdout, "roll %v (%d/36) eval %s best %s\n", rv.Roll, rv.Weight, rv.Eval, rv.Text)
	}
	_, err = fmt.Fprintf(stdout, "best %s eval %s depth %d nodes %d time %v\n", r.Text, r.Eval, r.Depth, r.Nodes,
		time.Since(start).Round(time.Millisecond))
	return err
}
