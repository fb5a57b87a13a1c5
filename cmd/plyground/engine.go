package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/plyground/plyground/app/worker"
	"github.com/plyground/plyground/engine/orthonet"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// engineHelp documents "plyground engine".
const engineHelp = `plyground engine [-level N] [-movetime D] [-clock cpu|wall] [-tablebits N] [-eval network|hand]

Plays the computer's turns of any variant over standard input and output, one command a line,
so that "plyground match" can play it as an outside program (a build of another version):
  level N            play at level N (1..5)
  movetime D         think D per turn (a Go duration; 0: the level's own budget)
  think RECORD SEED  answer "turn RECORD2 score S depth D nodes N", RECORD2 being the game
                     record (turn.Record encoding) with the computer's turn added
  newgame            forget what was learnt (the transposition tables)
  quit
A line it cannot serve is answered "error TEXT".`

// engineServer is the state of "plyground engine".
type engineServer struct {
	level    int
	movetime time.Duration
	now      func() time.Time
	players  map[string]*turn.Player
	bits     int             // the players' transposition tables have 2^bits entries
	net      *search.Network // corrects the evaluation of orthodox chess (nil: none)
}

// runEngine implements "plyground engine".
func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	level := fs.Int("level", 5, "level 1..5")
	movetime := fs.Duration("movetime", 0, "time per turn (0: the level's)")
	clock := fs.String("clock", "cpu", "what time budgets measure: cpu (this thread's CPU time) or wall")
	tableBits := fs.Int("tablebits", worker.TableBits, "transposition tables of 2^`N` entries, as the page's worker has")
	eval := fs.String("eval", "network", "the evaluation of orthodox chess: network (corrected by engine/orthonet's network, as the page's worker plays) or hand")
	fs.Usage = func() { fmt.Fprintln(stderr, engineHelp); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError("%v", err)
	}
	runtime.LockOSThread() // the CPU clock reads this thread
	defer runtime.UnlockOSThread()
	net, err := evaluation(*eval)
	if err != nil {
		return usageError("-eval: %v", err)
	}
	e := &engineServer{level: *level, movetime: *movetime, now: time.Now, players: map[string]*turn.Player{}, bits: *tableBits, net: net}
	if *clock == "cpu" {
		e.now, _ = threadClock()
	}
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 0, 64*1024), 4<<20)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		if line == "quit" {
			return nil
		}
		reply, err := e.serve(line)
		if err != nil {
			reply = "error " + strings.ReplaceAll(err.Error(), "\n", " ")
		}
		if reply != "" {
			if _, err := fmt.Fprintln(stdout, reply); err != nil {
				return fmt.Errorf("writing the reply: %w", err)
			}
		}
	}
	return in.Err()
}

// serve answers one command line.
func (e *engineServer) serve(line string) (string, error) {
	f := strings.Fields(line)
	switch f[0] {
	case "level":
		if len(f) != 2 {
			return "", fmt.Errorf("level needs a number")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 5 {
			return "", fmt.Errorf("level %q is not 1..5", f[1])
		}
		e.level = n
	case "movetime":
		if len(f) != 2 {
			return "", fmt.Errorf("movetime needs a duration")
		}
		d, err := time.ParseDuration(f[1])
		if err != nil || d < 0 {
			return "", fmt.Errorf("movetime %q is not a duration", f[1])
		}
		e.movetime = d
	case "newgame":
		e.players = map[string]*turn.Player{}
	case "think":
		if len(f) != 3 {
			return "", fmt.Errorf("think needs a record and a seed")
		}
		seed, err := strconv.ParseUint(f[2], 10, 64)
		if err != nil {
			return "", fmt.Errorf("seed %q: %w", f[2], err)
		}
		return e.think(f[1], seed)
	default:
		return "", fmt.Errorf("unknown command %q", f[0])
	}
	return "", nil
}

func (e *engineServer) think(record string, seed uint64) (string, error) {
	g, err := variants.Decode(record)
	if err != nil {
		return "", err
	}
	v := g.Variant()
	key := v.ID() + "\x00" + v.Options()
	p := e.players[key]
	if p == nil {
		p = turn.NewPlayer(v, e.bits)
		p.UseNetwork(e.net)
		e.players[key] = p
	}
	t, err := p.Think(g, turn.ThinkOptions{Level: e.level, Seed: seed, Time: e.movetime, Now: e.now})
	if err != nil {
		return "", err
	}
	for _, a := range t.Actions {
		if err := g.Apply(a); err != nil {
			return "", fmt.Errorf("the computer's action %s: %w", a, err)
		}
	}
	return fmt.Sprintf("turn %s score %d depth %d nodes %d", g.Encode(), t.Score, t.Depth, t.Nodes), nil
}

// evaluation returns the network a level player corrects its evaluation of orthodox chess
// with, by the name given on the command line: "network" (engine/orthonet's) or "hand" (none:
// the hand-written evaluation alone, as the builds before the network played).
func evaluation(name string) (*search.Network, error) {
	switch name {
	case "network":
		return orthonet.Network()
	case "hand":
		return nil, nil
	}
	return nil, fmt.Errorf("unknown evaluation %q (network or hand)", name)
}
