// Command plyground holds the command-line tools of Plyground: perft (orthodox and, through
// -variant, turn-perft of the multi-ply variants), matches between computer players (and
// outside engines: Stockfish through UCI, other builds of Plyground), the judging of a match's
// moves by a UCI engine, the series-mate solver,
// a UCI engine and the line protocol other builds are played through.
//
// Usage:
//
//	plyground perft [-fen FEN] [-depth N] [-divide] [-variant ID] [-options OPTS]
//	plyground match -variant ID -a PLAYER -b PLAYER [-games N] [flags]
//	plyground analyse -variant ID [-fen FEN] [-movetext M] -depth D|-time T
//	plyground judge -log FILE -judge uci:COMMAND [-judgego ARGS]
//	plyground uci
//	plyground engine [-level N] [-movetime D]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: run parses args (without the subcommand name) and writes its
// output to stdout; an error wrapping errUsage makes main print the usage and exit 2.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// errUsage marks errors caused by bad command-line input.
var errUsage = errors.New("usage error")

// commands lists the subcommands; other tools add theirs here.
var commands = map[string]command{
	"perft":     {"count the leaf nodes of the move tree (orthodox or a variant)", runPerft},
	"match":     {"play games between computer players and report the Elo difference", runMatch},
	"solve":     {"find a mating series in progressive chess", runSolve},
	"analyse":   {"evaluate a position and its best line, or review every turn of a game", runAnalyse},
	"judge":     {"score every move of an orthodox match's log with a UCI engine: what each player lost, by phase", runJudge},
	"nec-match": {"play Never-Ending Chess bots against random-order bots and report the win rate", runNECMatch},
	"uci":       {"speak UCI on standard input and output (orthodox chess and some variants)", withStdin(runUCI)},
	"engine":    {"play the computer's turns over a line protocol (for matches between builds)", withStdin(runEngine)},
}

// withStdin adapts a command that reads standard input.
func withStdin(f func(args []string, stdin io.Reader, stdout, stderr io.Writer) error) func(args []string, stdout, stderr io.Writer) error {
	return func(args []string, stdout, stderr io.Writer) error { return f(args, os.Stdin, stdout, stderr) }
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit code: 0 on success, 1 when the
// command fails, 2 on bad usage.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "plyground: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	if err := cmd.run(args[1:], stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "plyground %s: %v\n", args[0], err)
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: plyground <command> [flags]")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-8s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "run 'plyground <command> -h' for the flags of a command")
}

// usageError wraps a message as a usage error.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, strings.TrimSpace(fmt.Sprintf(format, args...)))
}

// parseFlags parses a command's flags, which take no other arguments. It reports help when
// -h asked for the usage (fs.Usage has printed it: the command has nothing more to do), and
// returns a usage error for a bad flag or an argument left over.
func parseFlags(fs *flag.FlagSet, args []string) (help bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, usageError("%v", err)
	}
	if fs.NArg() > 0 {
		return false, usageError("unexpected arguments %q", fs.Args())
	}
	return false, nil
}
