package turn

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine/search"
)

// contempt is what a draw costs the computer, in centipawns: it plays on in even positions
// rather than repeat them.
const contempt = 30

// ErrRollFirst is returned by Player.Think for a dice-chess turn whose dice are not rolled
// yet: the roll is drawn by whoever records the game (D6), then the computer plays.
var ErrRollFirst = errors.New("the dice must be rolled before the computer plays (D6)")

// Player is a computer opponent for one variant: it chooses the rest of the current turn
// at a level (Player.Level). Multi-ply turns are searched ply by ply by alpha-beta for the
// side that plays them, dice rolls by expectimax, progressive series by the series-mate
// solver and the series planner. It keeps its transposition table from one turn to the next;
// it is not safe for concurrent use.
type Player struct {
	g *SearchGame
	x *search.Searcher[State, Action]
}

// NewPlayer returns a computer player for v with a transposition table of 2^tableBits
// entries (18 is about 8 MB).
func NewPlayer(v Variant, tableBits int) *Player {
	g := NewSearchGame(v)
	return &Player{g: g, x: search.New[State, Action](g, tableBits)}
}

// UseNetwork makes the player's evaluation of orthodox chess the hand-written one corrected
// by the network n (SearchGame.UseNetwork; nil: the hand-written one alone). Call it before
// the player's first turn: the transposition table keeps scores of the evaluation it had.
func (p *Player) UseNetwork(n *search.Network) { p.g.UseNetwork(n) }

// Variant returns the player's variant.
func (p *Player) Variant() Variant { return p.g.v }

// ThinkOptions say how a Player thinks about one turn.
type ThinkOptions struct {
	Level int              // 1..5 (Player.Level)
	Nodes int64            // if > 0, replaces the level's node budget
	Time  time.Duration    // if > 0, replaces the level's time budget (or cap)
	Seed  uint64           // seeds the level's imprecision
	Now   func() time.Time // the clock for time budgets (nil: time.Now)
	Stop  *atomic.Bool     // set to stop thinking at once (the best so far is played)
	Depth int              // if > 0, bounds the iterations (replaces the level's depth)
	// Clock says the time is a share of a game clock, whose unspent part is kept for later
	// turns: the search then begins no iteration late in its time (search.LateIteration).
	// Otherwise the time is the turn's alone, and a turn of one ply may spend all of it
	// (search.Budget.Fixed).
	Clock bool
	// Disable switches search techniques off, for measuring them (0: all on).
	Disable search.Technique
	// Progress, if set, is called after each iteration of the search of the turn's first
	// ply (not for progressive series) with the depth, score (as the search sees it: in dice
	// chess on the squashed scale), nodes and line so far.
	Progress func(search.Progress[Action])
}

// Thought is the computer's choice: the actions that complete the current turn, in order,
// and what the search saw.
type Thought struct {
	Actions []Action
	Score   int   // for the mover, centipawns; beyond ±search.MateBound a forced win/loss
	Depth   int   // iterations completed (plies), or the series length planned
	Nodes   int64 // nodes searched
	Mate    bool  // the turn mates (progressive: a mating series was found)
}

// Think chooses the actions that complete the current turn of game. It fails when the game
// is over, and with ErrRollFirst when a dice roll is due.
func (p *Player) Think(game *Game, o ThinkOptions) (Thought, error) {
	if game.Variant().ID() != p.g.v.ID() || game.Variant().Options() != p.g.v.Options() {
		return Thought{}, fmt.Errorf("player of %s asked to play %s", p.g.v.ID(), game.Variant().ID())
	}
	if oc := game.Outcome(); oc.Over() {
		return Thought{}, fmt.Errorf("%w (%v)", ErrGameOver, oc)
	}
	var hist []uint64
	states := game.states
	for i, st := range states[:len(states)-1] {
		// As for Game.Outcome, a position reached by a pass is no repetition (D7).
		if turnStart(st) && (i == 0 || game.counts(game.actions[i-1])) {
			hist = append(hist, p.g.Key(st))
		}
	}
	return p.think(game.State(), hist, o)
}

// ThinkState is Think from a bare state, without the game's history (no repetitions).
func (p *Player) ThinkState(s State, o ThinkOptions) (Thought, error) {
	if oc := p.g.v.Outcome(s); oc.Over() {
		return Thought{}, fmt.Errorf("%w (%v)", ErrGameOver, oc)
	}
	return p.think(s, nil, o)
}

func (p *Player) budget(o ThinkOptions) (search.Level, search.Budget) {
	lv := p.Level(o.Level)
	if o.Nodes > 0 {
		lv.Nodes = o.Nodes
	}
	if o.Time > 0 {
		lv.Time = o.Time
	}
	if o.Depth > 0 {
		lv.Depth = o.Depth
	}
	b := lv.Budget(o.Now)
	b.Stop = o.Stop
	return lv, b
}

func (p *Player) think(s State, hist []uint64, o ThinkOptions) (Thought, error) {
	var buf [64]Action
	if acts := p.g.v.Actions(s, buf[:0]); len(acts) > 0 && acts[0].Kind == Roll {
		return Thought{}, ErrRollFirst
	}
	lv, b := p.budget(o)
	if p.g.series {
		plan, err := search.PlanSeries[State, Action](p.g, s, search.PlanOptions{
			Budget: b, MateNodes: lv.MateNodes, Width: lv.Width, ReplyWidth: 2 + lv.Width/16,
			Noise: lv.Noise, Seed: o.Seed, Contempt: contempt,
		})
		if err != nil {
			return Thought{}, err
		}
		return Thought{Actions: plan.Actions, Score: plan.Score, Depth: plan.Depth, Nodes: plan.Nodes, Mate: plan.Mate}, nil
	}
	var out Thought
	seq := s.seq
	if o.Clock || s.plies-s.ply > 1 {
		// The level's time is the turn's alone (search.Level.Budget), unless it is a share of
		// a clock, which keeps what it leaves for later turns, or the turn has several plies,
		// which keeps time for the plies its first search leaves unplayed.
		b.Fixed = false
	}
	for i := 0; ; i++ {
		opts := search.Options{Budget: b, Noise: lv.Noise, Seed: o.Seed + uint64(i)*0x9e37, History: hist,
			Contempt: contempt, Disable: o.Disable}
		if i == 0 {
			p.x.OnProgress(o.Progress)
		} else {
			p.x.OnProgress(nil)
		}
		if p.g.dice {
			opts.ChanceWin = diceWin
		}
		r, err := p.x.Search(s, opts)
		if err != nil {
			if i > 0 {
				break
			}
			return Thought{}, err
		}
		if i == 0 {
			out.Score, out.Depth = r.Score, r.Depth
			if p.g.dice {
				out.Score = unsquash(r.Score) // the dice evaluation is squashed
			}
			out.Mate = r.Score >= search.MateBound
		}
		out.Nodes += r.Nodes
		// Play the line as long as it stays in this turn and is legal.
		for j, a := range r.PV {
			if j > 0 && !p.legal(s, a) {
				break
			}
			out.Actions = append(out.Actions, a)
			s = p.g.v.Do(s, a)
			if s.seq != seq || s.Ended().Over() {
				return out, nil
			}
		}
		// The line ended inside the turn: search the rest with a smaller budget.
		if b.Nodes > 0 {
			b.Nodes = max(b.Nodes/3, 1000)
		}
		if !b.Deadline.IsZero() {
			now := time.Now
			if b.Now != nil {
				now = b.Now
			}
			b.Deadline = now().Add(max(b.Deadline.Sub(now())/3, 50*time.Millisecond))
		}
		if i > 16 {
			return out, nil
		}
	}
	return out, nil
}

func (p *Player) legal(s State, a Action) bool {
	var buf [256]Action
	return Contains(p.g.v.Actions(s, buf[:0]), a)
}
