package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// uciHelp documents "plyground uci".
const uciHelp = `plyground uci

Speaks UCI (the Universal Chess Interface) on standard input and output, for chess GUIs and
match programs: uci, isready, ucinewgame, setoption, position startpos|fen FEN [moves ...],
go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]
[infinite], stop, quit. Options: Hash (MB), Skill Level (0-20, mapped to the levels 1 to 5:
0-4 level 1, ..., 15-19 level 4, 20 level 5), UCI_Variant (chess, or a variant whose turns
are plain moves a GUI can send one by one: marseillais, progressive-italian,
progressive-scottish; the engine then answers one ply at a time), Move Overhead (ms kept
back from each clock budget), Evaluation (network: the hand-written evaluation of orthodox
chess corrected by the network, as the page's worker plays; hand: the hand-written one alone).`

// uciVariants maps the UCI_Variant names to catalogue IDs.
var uciVariants = []struct{ uci, id string }{
	{"chess", "orthodox"},
	{"marseillais", "marseillais"},
	{"progressive-italian", "progressive-italian"},
	{"progressive-scottish", "progressive-scottish"},
}

// uciEngine is the state of one "plyground uci" session.
type uciEngine struct {
	mu       sync.Mutex // guards out
	out      io.Writer
	variant  string // catalogue ID
	hashMB   int
	skill    int
	overhead time.Duration
	eval     string // the Evaluation option: network or hand (evaluation)
	game     *turn.Game
	player   *turn.Player
	stop     atomic.Bool
	done     chan struct{} // closed when the search under way has answered (nil: none)
	release  chan struct{} // an infinite search waits on it before answering
}

func newUCIEngine(out io.Writer) *uciEngine {
	return &uciEngine{out: out, variant: "orthodox", hashMB: 16, skill: 20, overhead: 30 * time.Millisecond, eval: "network"}
}

// runUCI implements "plyground uci".
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, uciHelp) }
	if help, err := parseFlags(fs, args); help || err != nil {
		return err
	}
	e := newUCIEngine(stdout)
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for in.Scan() {
		if !e.handle(in.Text()) {
			return nil
		}
	}
	e.halt()
	return in.Err()
}

// say writes one line to the GUI.
func (e *uciEngine) say(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
}

// handle serves one command line; it returns false after quit.
func (e *uciEngine) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "uci":
		e.say("id name Plyground")
		e.say("id author the Plyground authors")
		e.say("option name Hash type spin default 16 min 1 max 1024")
		e.say("option name Skill Level type spin default 20 min 0 max 20")
		e.say("option name Move Overhead type spin default 30 min 0 max 5000")
		e.say("option name Evaluation type combo default network var network var hand")
		var b strings.Builder
		for _, v := range uciVariants {
			b.WriteString(" var " + v.uci)
		}
		e.say("option name UCI_Variant type combo default chess%s", b.String())
		e.say("uciok")
	case "isready":
		e.say("readyok")
	case "setoption":
		e.wait()
		if err := e.setOption(f[1:]); err != nil {
			e.say("info string %v", err)
		}
	case "ucinewgame":
		e.wait()
		e.player = nil
		e.game = nil
	case "position":
		e.wait()
		g, err := parsePosition(e.variant, f[1:])
		if err != nil {
			e.say("info string %v", err)
			e.game = nil
			break
		}
		e.game = g
	case "go":
		e.wait()
		p, err := parseGo(f[1:])
		if err != nil {
			e.say("info string %v", err)
			e.say("bestmove 0000")
			break
		}
		e.start(p)
	case "stop":
		e.halt()
	case "ponderhit":
		// Pondering is not offered; nothing to do.
	case "quit":
		e.halt()
		return false
	default:
		e.say("info string unknown command %q", f[0])
	}
	return true
}

// setOption reads "name NAME... value VALUE...".
func (e *uciEngine) setOption(f []string) error {
	name, value, err := parseSetOption(f)
	if err != nil {
		return err
	}
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 1024 {
			return fmt.Errorf("hash %q is not 1..1024", value)
		}
		e.hashMB, e.player = n, nil
	case "skill level":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 20 {
			return fmt.Errorf("skill level %q is not 0..20", value)
		}
		e.skill = n
	case "move overhead":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 5000 {
			return fmt.Errorf("move overhead %q is not 0..5000", value)
		}
		e.overhead = time.Duration(n) * time.Millisecond
	case "evaluation":
		name := strings.ToLower(value)
		if _, err := evaluation(name); err != nil {
			return err
		}
		e.eval, e.player = name, nil
	case "uci_variant":
		for _, v := range uciVariants {
			if strings.EqualFold(v.uci, value) {
				e.variant, e.player, e.game = v.id, nil, nil
				return nil
			}
		}
		return fmt.Errorf("unknown UCI_Variant %q", value)
	default:
		return fmt.Errorf("unknown option %q", name)
	}
	return nil
}

// parseSetOption splits the words after "setoption" into the option's name and value.
func parseSetOption(f []string) (name, value string, err error) {
	if len(f) < 2 || f[0] != "name" {
		return "", "", fmt.Errorf("setoption needs a name")
	}
	i := 1
	var nw, vw []string
	for ; i < len(f) && f[i] != "value"; i++ {
		nw = append(nw, f[i])
	}
	if i < len(f) {
		vw = f[i+1:]
	}
	if len(nw) == 0 {
		return "", "", fmt.Errorf("setoption needs a name")
	}
	return strings.Join(nw, " "), strings.Join(vw, " "), nil
}

// parsePosition reads the words after "position" for the variant with catalogue ID id.
func parsePosition(id string, f []string) (*turn.Game, error) {
	if len(f) == 0 {
		return nil, fmt.Errorf("position needs startpos or fen")
	}
	fen := ""
	rest := f[1:]
	switch f[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			return nil, fmt.Errorf("position fen needs a FEN")
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return nil, fmt.Errorf("position %q: want startpos or fen", f[0])
	}
	g, err := variants.NewGame(id, "", fen)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if len(rest) == 0 {
		return g, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("position: %q where moves was expected", rest[0])
	}
	var buf []turn.Action
	for _, mv := range rest[1:] {
		buf = g.Variant().Actions(g.State(), buf[:0])
		found := false
		for _, a := range buf {
			if a.Kind == turn.Ply && !a.Spend && a.Move.UCI() == mv {
				if err := g.Apply(a); err != nil {
					return nil, fmt.Errorf("position: move %s: %w", mv, err)
				}
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("position: move %q is not legal here", mv)
		}
	}
	return g, nil
}

// goParams are the limits of a "go" command.
type goParams struct {
	depth, movestogo         int
	nodes                    int64
	movetime                 time.Duration
	wtime, btime, winc, binc time.Duration
	clock                    bool // wtime or btime was given
	infinite                 bool
}

// parseGo reads the words after "go".
func parseGo(f []string) (goParams, error) {
	var p goParams
	num := func(i int) (int64, error) {
		if i+1 >= len(f) {
			return 0, fmt.Errorf("go %s needs a number", f[i])
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("go %s %q: %w", f[i], f[i+1], err)
		}
		return n, nil
	}
	ms := func(n int64) time.Duration {
		n = max(0, min(n, int64(1e9)))
		return time.Duration(n) * time.Millisecond
	}
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "infinite":
			p.infinite = true
			continue
		case "ponder":
			continue
		case "searchmoves":
			return p, fmt.Errorf("go searchmoves is not supported")
		}
		n, err := num(i)
		if err != nil {
			return p, err
		}
		switch f[i] {
		case "depth":
			p.depth = int(max(1, min(n, search.MaxDepth)))
		case "mate":
			p.depth = int(max(1, min(2*n, search.MaxDepth)))
		case "nodes":
			p.nodes = max(1, n)
		case "movetime":
			p.movetime = max(ms(n), time.Millisecond)
		case "wtime":
			p.wtime, p.clock = ms(n), true
		case "btime":
			p.btime, p.clock = ms(n), true
		case "winc":
			p.winc = ms(n)
		case "binc":
			p.binc = ms(n)
		case "movestogo":
			p.movestogo = int(max(0, min(n, 1000)))
		default:
			return p, fmt.Errorf("go: unknown limit %q", f[i])
		}
		i++
	}
	return p, nil
}

// budget returns the time the search may take (0: no time bound) for the side to move
// (white), from the go limits: a fixed movetime, or a share of the clock. With a share of the
// clock the search begins no iteration after 70% of it (search.LateIteration), so it usually
// uses most of it; a fixed movetime it may spend in full (turn.ThinkOptions.Clock).
func (p goParams) budget(white bool, overhead time.Duration) time.Duration {
	if p.infinite {
		return 0
	}
	if p.movetime > 0 {
		return max(p.movetime-overhead, time.Millisecond)
	}
	if !p.clock {
		return 0
	}
	left, inc := p.btime, p.binc
	if white {
		left, inc = p.wtime, p.winc
	}
	left = max(left-overhead, time.Millisecond)
	togo := 30
	if p.movestogo > 0 {
		togo = min(p.movestogo, 30)
	}
	target := left/time.Duration(togo) + inc*3/4
	return max(min(2*target, left/2), time.Millisecond)
}

// level returns the level of the Skill Level option.
func (e *uciEngine) level() int { return min(search.MaxLevel, 1+e.skill/5) }

// start begins a search of the current position in the background.
func (e *uciEngine) start(p goParams) {
	if e.game == nil {
		g, err := variants.NewGame(e.variant, "", "")
		if err != nil {
			e.say("info string %v", err)
			e.say("bestmove 0000")
			return
		}
		e.game = g
	}
	if e.player == nil {
		e.player = turn.NewPlayer(e.game.Variant(), hashBits(e.hashMB))
		n, err := evaluation(e.eval)
		if err != nil {
			e.say("info string %v", err) // a damaged build: the hand-written evaluation plays
		}
		e.player.UseNetwork(n)
	}
	g, pl := e.game, e.player
	white := g.State().Mover() == 0
	o := turn.ThinkOptions{Level: e.level(), Nodes: p.nodes, Depth: p.depth, Stop: &e.stop, Time: p.budget(white, e.overhead),
		Clock: p.movetime == 0 && p.clock}
	if p.infinite || (o.Time == 0 && (p.depth > 0 || p.nodes > 0)) {
		o.Time = 1000 * time.Hour // until stopped, or the depth or nodes are reached
	}
	start := time.Now()
	o.Progress = func(pr search.Progress[turn.Action]) {
		el := time.Since(start)
		nps := int64(0)
		if el > 0 {
			nps = int64(float64(pr.Nodes) / el.Seconds())
		}
		var pv strings.Builder
		for _, a := range pr.PV {
			if a.Kind != turn.Ply {
				break
			}
			pv.WriteString(" " + a.Move.UCI())
		}
		e.say("info depth %d score %s nodes %d nps %d time %d pv%s", pr.Depth, uciScore(pr.Score), pr.Nodes, nps, el.Milliseconds(), pv.String())
	}
	e.stop.Store(false)
	done := make(chan struct{})
	var release chan struct{}
	if p.infinite {
		release = make(chan struct{})
	}
	e.done, e.release = done, release
	go func() {
		defer close(done)
		t, err := pl.Think(g, o)
		if release != nil {
			<-release // UCI: an infinite search answers only after stop
		}
		if err != nil || len(t.Actions) == 0 || t.Actions[0].Kind != turn.Ply {
			if err != nil {
				e.say("info string %v", err)
			}
			e.say("bestmove 0000")
			return
		}
		e.say("bestmove %s", t.Actions[0].Move.UCI())
	}()
}

// wait waits for the search under way, if any, to answer; an infinite search is stopped.
// A command that changes what the search works on waits so (GUIs send none while they wait
// for bestmove, but scripts do).
func (e *uciEngine) wait() {
	if e.done == nil {
		return
	}
	if e.release != nil {
		e.halt()
		return
	}
	<-e.done
	e.done = nil
}

// halt stops the search under way, if any, and waits for its bestmove.
func (e *uciEngine) halt() {
	if e.done == nil {
		return
	}
	e.stop.Store(true)
	if e.release != nil {
		close(e.release)
	}
	<-e.done
	e.done, e.release = nil, nil
}

// uciScore writes a score in UCI terms: "cp N", or "mate N" in moves (negative when the side
// to move is mated).
func uciScore(v int) string {
	switch {
	case v >= search.MateBound:
		return fmt.Sprintf("mate %d", (search.Mate-v+1)/2)
	case v <= -search.MateBound:
		return fmt.Sprintf("mate %d", -(search.Mate+v+1)/2)
	}
	return fmt.Sprintf("cp %d", v)
}

// hashBits returns the table size, as a power of two entries, that fits in mb megabytes
// (an entry takes about 32 bytes).
func hashBits(mb int) int {
	entries := uint64(max(mb, 1)) << 20 / 32
	return max(10, min(26, bits.Len64(entries)-1))
}
