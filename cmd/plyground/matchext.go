package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Outside players of "plyground match": programs that run as child processes and speak a
// line protocol on their standard input and output.
//   - engine:COMMAND speaks the protocol of "plyground engine" (any variant): a build of
//     another version of Plyground, such as the one a strength run compares with.
//   - uci:COMMAND speaks UCI (orthodox chess only), such as Stockfish.

// external is a running outside player.
type external struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	uci   bool
	goArg string // UCI: the arguments of "go"
	lines chan lineOrErr
}

type lineOrErr struct {
	line string
	err  error
}

// replyTimeout bounds the wait for one answer of an outside player.
const replyTimeout = 10 * time.Minute

// startExternal starts the outside player described by sp.
func startExternal(sp spec) (*external, error) {
	args := strings.Fields(sp.command)
	if len(args) == 0 {
		return nil, fmt.Errorf("%s: no command", sp.name)
	}
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sp.name, err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sp.name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", sp.name, err)
	}
	x := &external{name: sp.name, cmd: cmd, in: in, out: bufio.NewScanner(outPipe), uci: sp.uci,
		goArg: sp.goArg, lines: make(chan lineOrErr, 64)}
	x.out.Buffer(make([]byte, 0, 64*1024), 4<<20)
	go func() {
		for x.out.Scan() {
			x.lines <- lineOrErr{line: x.out.Text()}
		}
		err := x.out.Err()
		if err == nil {
			err = io.EOF
		}
		x.lines <- lineOrErr{err: err}
		close(x.lines)
	}()
	if x.uci {
		if err := x.uciStart(sp.options); err != nil {
			x.close()
			return nil, err
		}
	} else {
		if err := x.send("level 5"); err != nil {
			x.close()
			return nil, err
		}
		if sp.movetime > 0 {
			if err := x.send("movetime " + sp.movetime.String()); err != nil {
				x.close()
				return nil, err
			}
		}
	}
	return x, nil
}

func (x *external) send(line string) error {
	if _, err := io.WriteString(x.in, line+"\n"); err != nil {
		return fmt.Errorf("%s: writing %q: %w", x.name, line, err)
	}
	return nil
}

// next returns the next line the player writes.
func (x *external) next() (string, error) {
	select {
	case l, ok := <-x.lines:
		if !ok {
			return "", fmt.Errorf("%s: %w", x.name, io.EOF)
		}
		if l.err != nil {
			return "", fmt.Errorf("%s stopped: %w", x.name, l.err)
		}
		return l.line, nil
	case <-time.After(replyTimeout):
		return "", fmt.Errorf("%s: no answer in %v", x.name, replyTimeout)
	}
}

// until reads lines until one starts with prefix and returns it.
func (x *external) until(prefix string, seen func(string)) (string, error) {
	for {
		l, err := x.next()
		if err != nil {
			return "", err
		}
		if strings.HasPrefix(l, prefix) {
			return l, nil
		}
		if seen != nil {
			seen(l)
		}
	}
}

func (x *external) uciStart(options []string) error {
	if err := x.send("uci"); err != nil {
		return err
	}
	if _, err := x.until("uciok", nil); err != nil {
		return err
	}
	for _, o := range options {
		name, value, ok := strings.Cut(o, "=")
		if !ok {
			return fmt.Errorf("%s: option %q is not NAME=VALUE", x.name, o)
		}
		if err := x.send("setoption name " + strings.TrimSpace(name) + " value " + strings.TrimSpace(value)); err != nil {
			return err
		}
	}
	return x.ready()
}

func (x *external) ready() error {
	if err := x.send("isready"); err != nil {
		return err
	}
	_, err := x.until("readyok", nil)
	return err
}

// newGame tells the player that a new game begins.
func (x *external) newGame() error {
	if x.uci {
		if err := x.send("ucinewgame"); err != nil {
			return err
		}
		return x.ready()
	}
	return x.send("newgame")
}

// choose asks the player for the actions that complete the current turn of g.
func (x *external) choose(g *turn.Game, seed uint64) ([]turn.Action, int64, int, error) {
	if x.uci {
		return x.chooseUCI(g)
	}
	if err := x.send(fmt.Sprintf("think %s %d", g.Encode(), seed)); err != nil {
		return nil, 0, 0, err
	}
	l, err := x.next()
	if err != nil {
		return nil, 0, 0, err
	}
	f := strings.Fields(l)
	if len(f) < 2 || f[0] != "turn" {
		return nil, 0, 0, fmt.Errorf("%s answered %q", x.name, l)
	}
	var nodes int64
	score := 0
	for i := 2; i+1 < len(f); i += 2 {
		switch f[i] {
		case "nodes":
			nodes, _ = strconv.ParseInt(f[i+1], 10, 64)
		case "score":
			score, _ = strconv.Atoi(f[i+1])
		}
	}
	after, err := variants.Decode(f[1])
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s answered a bad record: %w", x.name, err)
	}
	before := g.Actions()
	all := after.Actions()
	if len(all) <= len(before) {
		return nil, 0, 0, fmt.Errorf("%s added no action", x.name)
	}
	for i, a := range before {
		if all[i] != a {
			return nil, 0, 0, fmt.Errorf("%s answered another game", x.name)
		}
	}
	return all[len(before):], nodes, score, nil
}

// chooseUCI sends the game's moves to a UCI engine and reads its bestmove.
func (x *external) chooseUCI(g *turn.Game) ([]turn.Action, int64, int, error) {
	if g.Variant().ID() != "orthodox" {
		return nil, 0, 0, fmt.Errorf("%s: UCI players play orthodox chess only", x.name)
	}
	var b strings.Builder
	if fen := g.Start(); fen != "" {
		b.WriteString("position fen " + fen)
	} else {
		b.WriteString("position startpos")
	}
	if acts := g.Actions(); len(acts) > 0 {
		b.WriteString(" moves")
		for _, a := range acts {
			if a.Kind != turn.Ply {
				return nil, 0, 0, fmt.Errorf("%s: action %s has no UCI form", x.name, a)
			}
			b.WriteString(" " + a.Move.UCI())
		}
	}
	if err := x.send(b.String()); err != nil {
		return nil, 0, 0, err
	}
	if err := x.send("go " + x.goArg); err != nil {
		return nil, 0, 0, err
	}
	var nodes int64
	score := 0
	l, err := x.until("bestmove", func(info string) {
		f := strings.Fields(info)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "nodes" {
				nodes, _ = strconv.ParseInt(f[i+1], 10, 64)
			}
		}
		if n, mate, _, ok := readUCIScore(f); ok {
			score = n
			if mate {
				score = 30000 - 2*n
				if n < 0 {
					score = -30000 - 2*n
				}
			}
		}
	})
	if err != nil {
		return nil, 0, 0, err
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return nil, 0, 0, fmt.Errorf("%s: %q has no move", x.name, l)
	}
	s := g.State()
	for _, a := range g.Variant().Actions(s, nil) {
		if a.Kind == turn.Ply && a.Move.UCI() == f[1] {
			return []turn.Action{a}, nodes, score, nil
		}
	}
	return nil, 0, 0, fmt.Errorf("%s played %q, not a legal move in %s", x.name, f[1], s.Position().FEN())
}

// readUCIScore reads the score of the fields of a UCI info line: centipawns, or with mate set
// the moves to mate (0 or below: the mover is mated); bound says the engine gave only a lower
// or an upper bound; ok is false for a line without a score.
func readUCIScore(f []string) (n int, mate, bound, ok bool) {
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" || (f[i+1] != "cp" && f[i+1] != "mate") {
			continue
		}
		v, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false, false, false
		}
		bound = i+3 < len(f) && (f[i+3] == "lowerbound" || f[i+3] == "upperbound")
		return v, f[i+1] == "mate", bound, true
	}
	return 0, false, false, false
}

// close ends the player's process.
func (x *external) close() {
	_ = x.send("quit")
	_ = x.in.Close()
	done := make(chan error, 1)
	go func() { done <- x.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = x.cmd.Process.Kill()
		<-done
	}
}

// errNoBook is returned for an opening book that cannot be used.
var errNoBook = errors.New("opening book")

// bookLine returns the plies of opening line n of the book (cycling through it), played
// from the start position of orthodox chess.
func bookLine(book []string, n int) ([]engine.Move, error) {
	if len(book) == 0 {
		return nil, fmt.Errorf("%w: no lines", errNoBook)
	}
	line := book[n%len(book)]
	p := engine.StartPosition()
	var out []engine.Move
	for _, san := range strings.Fields(line) {
		if strings.HasSuffix(san, ".") {
			continue
		}
		m, err := p.ParseSAN(san)
		if err != nil {
			return nil, fmt.Errorf("%w: line %q: %w", errNoBook, line, err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out, nil
}
