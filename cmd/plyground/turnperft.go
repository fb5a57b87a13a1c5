package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// turnPerftHelp documents turn-perft; "plyground perft -variant ID -options help" prints it.
const turnPerftHelp = `turn-perft: plyground perft -variant ID [-fen FEN] [-options OPTS] -depth N [-divide]

Counts the distinct sequences of N complete turns from the FEN (default: the start). A turn
ends when the variant says so: all its plies made, or a checking ply that ends it
(Marseillais, Scottish). A sequence ending in mate or stalemate before its turn is complete is
not counted (the mover has no ply left mid-turn; an SDM Double Move whose first ply mates).
Two move orders are two sequences. With -divide, one line per
first ply of the turn ("e2e4: N"; an SDM ply with a token spent is "e2e4+spend: N"), then
"nodes N".

IDs: sdm, marseillais, progressive-italian, progressive-scottish (orthodox: plain perft).
The FEN is the start of a turn. Its e.p. field may list several squares: "c6,e6".
  marseillais  fullmove 1 with White to move is the first turn (one ply; options: unbalanced
               makes it two); any other FEN starts a two-ply turn.
  progressive  the fullmove number is the series number of the side to move, which is its
               length (P9: "after 1.e4 2.e5 Nc6" is White to move, fullmove 3); or -options
               series=N.
  sdm          options: tokens=0..9 (default 1, both sides), swap (tempo swap). A ply with a
               spend and the same ply without are two turns; skipped turns are not counted.
Options are key=value pairs separated by commas: -options "tokens=2,swap=true".`

// variantPerft runs turn-perft for a turn-based variant (see turnPerftHelp) and ends with the
// line "nodes N".
func variantPerft(w io.Writer, variant, options, fen string, depth int, divide bool) error {
	if options == "help" {
		_, err := fmt.Fprintln(w, turnPerftHelp)
		return err
	}
	v, err := variants.Open(variant, options)
	if err != nil {
		return usageError("%v (run with -options help)", err)
	}
	if strings.TrimSpace(fen) == engine.StartFEN {
		fen = ""
	}
	s, err := v.Start(fen)
	if err != nil {
		return usageError("%v", err)
	}
	var total uint64
	if divide && depth > 0 {
		entries, err := turn.Divide(v, s, depth)
		if err != nil {
			return err
		}
		for _, e := range entries {
			fmt.Fprintf(w, "%s: %d\n", e.Text, e.Nodes)
			total += e.Nodes
		}
	} else if total, err = turn.Perft(v, s, depth); err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "nodes %d\n", total)
	return err
}
