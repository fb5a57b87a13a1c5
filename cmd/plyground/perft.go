package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/plyground/plyground/engine"
)

// runPerft implements "plyground perft": with -divide one line per root move ("e2e4: 20",
// sorted by UCI text), and always a last line "nodes N".
func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", engine.StartFEN, "start position in FEN")
	depth := fs.Int("depth", 1, "depth in plies (orthodox) or turns/plies as the variant defines")
	divide := fs.Bool("divide", false, "print the count below each root move")
	variant := fs.String("variant", "orthodox", "variant id (orthodox, or a multi-ply variant)")
	options := fs.String("options", "", "variant options")
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	if *depth < 0 {
		return usageError("-depth must be at least 0, got %d", *depth)
	}
	if *variant != "orthodox" {
		return variantPerft(stdout, *variant, *options, *fen, *depth, *divide)
	}
	if *options != "" {
		return usageError("orthodox perft takes no -options")
	}
	p, err := engine.ParseFEN(*fen)
	if err != nil {
		return usageError("%v", err)
	}
	var total uint64
	if *divide && *depth > 0 {
		for _, e := range engine.Divide(p, *depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.UCI, e.Nodes)
			total += e.Nodes
		}
	} else {
		total = engine.Perft(p, *depth)
	}
	_, err = fmt.Fprintf(stdout, "nodes %d\n", total)
	return err
}
