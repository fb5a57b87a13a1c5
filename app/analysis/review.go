package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Class is how much a turn lost, by the drop of the mover's winning chances (Eval.For)
// between the best turn the engine found and the turn played.
type Class uint8

// The classes of a reviewed turn.
const (
	Good       Class = iota // lost less than InaccuracyLoss
	Inaccuracy              // lost InaccuracyLoss or more
	Mistake                 // lost MistakeLoss or more
	Blunder                 // lost BlunderLoss or more
	numClasses
)

// The thresholds of the classes, in percentage points of the mover's winning chances lost
// (Eval.WinChance: a logistic curve of the centipawns, 100 or 0 for a mate). They are
// lichess's (0.1, 0.2 and 0.3 of its winning chances, which run from -1 to 1): in an even
// position an inaccuracy costs about 55 centipawns, a mistake 110, a blunder 170; when one
// side is far ahead the same loss of material moves the chances less and counts less.
const (
	InaccuracyLoss = 5.0
	MistakeLoss    = 10.0
	BlunderLoss    = 15.0
)

// Classify returns the class of a turn that lost loss percentage points of winning chances.
func Classify(loss float64) Class {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// String returns the class's name ("inaccuracy"; "" for Good).
func (c Class) String() string {
	switch c {
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return ""
}

// Symbol returns the annotation symbol of the class ("?!", "?", "??"; "" for Good).
func (c Class) Symbol() string {
	switch c {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// TurnReview is one reviewed turn.
type TurnReview struct {
	// First and Count are the turn's actions in the record: Actions()[First:First+Count]
	// (a dice turn's roll included).
	First int `json:"first"`
	Count int `json:"count"`
	// Side made the turn, numbered Number in notation.
	Side   engine.Color `json:"side"`
	Number int          `json:"number"`
	// Best is the value with the best turn, where the mover decides (after the roll in dice
	// chess); After, after the turn played (for dice chess, the expectation over the next
	// roll). Both from White's side.
	Best  Eval `json:"best"`
	After Eval `json:"after"`
	// BestText is the better turn the engine found, in notation ("" when the turn played was
	// the engine's).
	BestText string `json:"better,omitempty"`
	// Loss is the mover's winning chances lost, in percentage points (0 to 100).
	Loss  float64 `json:"loss"`
	Class Class   `json:"class"`
}

// ReviewVersion is the version of the review string (Review.Encode).
const ReviewVersion = 1

// Review is the engine's review of a game: the value of the start and of every turn, with
// the turns classed. It is kept with the saved game (Encode, DecodeReview).
type Review struct {
	V int `json:"v"`
	// Record is the game record reviewed (turn.Game.Encode): a review belongs to that game.
	Record string `json:"record"`
	// Depth is the depth each position was searched to.
	Depth int `json:"depth"`
	// Start is the value of the start position, from White's side.
	Start Eval         `json:"start"`
	Turns []TurnReview `json:"turns"`
}

// Graph returns the evaluation graph's points: the start, then the value after each turn,
// in centipawns from White's side clamped to ±GraphLimit (Eval.Graph).
func (r Review) Graph() []int {
	out := []int{r.Start.Graph()}
	for _, t := range r.Turns {
		out = append(out, t.After.Graph())
	}
	return out
}

// Count returns how many turns of side c are of class cl.
func (r Review) Count(c engine.Color, cl Class) int {
	n := 0
	for _, t := range r.Turns {
		if t.Side == c && t.Class == cl {
			n++
		}
	}
	return n
}

// ReviewOptions bound a review.
type ReviewOptions struct {
	Depth int           // iterations per position (0: Analyser.ReviewDepth)
	Nodes int64         // node budget per position (0: none)
	Time  time.Duration // time budget per position (0: none)
	Now   func() time.Time
	Stop  *atomic.Bool // stops the review: ReviewGame then fails with ErrStopped
}

// DefaultReviewDepth is the depth of a review when ReviewOptions.Depth is 0, except in dice
// chess (DiceReviewDepth, for each of the 21 rolls) and progressive chess (SeriesReviewDepth
// rounds of the series planner): see ReviewDepth.
const DefaultReviewDepth = 8

// DiceReviewDepth and SeriesReviewDepth are the default review depths of dice chess and
// progressive chess, whose positions cost far more per ply of depth.
const (
	DiceReviewDepth   = 2
	SeriesReviewDepth = 3
)

// ReviewDepth returns the depth a review of a game of v uses when ReviewOptions.Depth is 0.
func (a *Analyser) ReviewDepth() int {
	switch {
	case a.g.Dice():
		return DiceReviewDepth
	case a.g.Series():
		return SeriesReviewDepth
	}
	return DefaultReviewDepth
}

// ErrStopped is returned by ReviewGame when its Stop is set.
var ErrStopped = errors.New("analysis: review stopped")

// span is one turn of a game: its actions [first, end) and the index of its decision state.
type span struct{ first, end, decide int }

// turnsOf splits the game's actions into turns (a dice turn's roll with its ply or pass).
func turnsOf(states []turn.State, actions []turn.Action) []span {
	var out []span
	for i := 0; i < len(actions); {
		sp := span{first: i, decide: i}
		if actions[i].Kind == turn.Roll {
			sp.decide = i + 1
		}
		seq := states[i].Seq()
		j := i
		for j < len(actions) && states[j].Seq() == seq && !states[j].Ended().Over() {
			j++
		}
		if j == i {
			j = i + 1
		}
		sp.end = j
		sp.decide = min(sp.decide, j)
		out = append(out, sp)
		i = j
	}
	return out
}

// ReviewGame reviews every turn of game: it evaluates the start, each turn's decision (after
// its roll in dice chess) and the position after each turn, and calls progress (if not nil)
// with the positions done and their total as it goes.
func (a *Analyser) ReviewGame(game *turn.Game, o ReviewOptions, progress func(done, total int)) (Review, error) {
	v := game.Variant()
	if v.ID() != a.v.ID() || v.Options() != a.v.Options() {
		return Review{}, fmt.Errorf("analysis: analyser of %s asked to review %s", a.v.ID(), v.ID())
	}
	if progress == nil {
		progress = func(int, int) {}
	}
	depth := o.Depth
	if depth <= 0 {
		depth = a.ReviewDepth()
	}
	states, actions := game.States(), game.Actions()
	spans := turnsOf(states, actions)
	// The positions to value: every turn start and every decision, once each.
	need := map[int]bool{0: true}
	for _, sp := range spans {
		need[sp.decide] = true
		need[sp.end] = true
	}
	total, done := len(need), 0
	hist := a.histories(states, actions)
	values := map[int]Eval{}
	lines := map[int][]turn.Action{}
	value := func(i int) error {
		if _, ok := values[i]; ok {
			return nil
		}
		if o.Stop != nil && o.Stop.Load() {
			return ErrStopped
		}
		s := states[i]
		var e Eval
		if i == len(states)-1 && game.Outcome().Over() {
			e = outcomeEval(game.Outcome())
		} else if oc := a.v.Outcome(s); oc.Over() {
			e = outcomeEval(oc)
		} else {
			r, err := a.analyse(s, hist[i], Options{Depth: depth, Nodes: o.Nodes, Time: o.Time, Now: o.Now, Stop: o.Stop}, nil)
			if err != nil {
				return err
			}
			if o.Stop != nil && o.Stop.Load() {
				return ErrStopped
			}
			e, lines[i] = r.Eval, r.Line
		}
		values[i] = e
		done++
		progress(done, total)
		return nil
	}
	if err := value(0); err != nil {
		return Review{}, err
	}
	rev := Review{V: ReviewVersion, Record: game.Encode(), Depth: depth, Start: values[0]}
	for _, sp := range spans {
		if err := value(sp.decide); err != nil {
			return Review{}, err
		}
		if err := value(sp.end); err != nil {
			return Review{}, err
		}
		s := states[sp.decide]
		tr := TurnReview{First: sp.first, Count: sp.end - sp.first, Side: states[sp.first].Mover(),
			Number: states[sp.first].Number(), Best: values[sp.decide], After: values[sp.end]}
		played := actions[sp.decide:sp.end]
		best := TurnOf(a.v, s, lines[sp.decide])
		if len(best) > 0 && !sameActions(best, played) {
			tr.BestText = Line(a.v, s, best)
			tr.Loss = math.Max(0, tr.Best.For(tr.Side)-tr.After.For(tr.Side))
			tr.Loss = math.Round(tr.Loss*10) / 10
		}
		tr.Class = Classify(tr.Loss)
		rev.Turns = append(rev.Turns, tr)
	}
	return rev, nil
}

// histories returns, for each state of the game, the repetition keys of the turn starts
// before it (as turn.SearchGame.History does for the last state).
func (a *Analyser) histories(states []turn.State, actions []turn.Action) [][]uint64 {
	out := make([][]uint64, len(states))
	var keys []uint64
	for i, st := range states {
		out[i] = keys[:len(keys):len(keys)]
		if st.Ply() == 0 && st.Roll() == (turn.Dice{}) && !st.Ended().Over() && (i == 0 || actions[i-1].Kind != turn.Pass) {
			keys = append(keys, a.g.Key(st))
		}
	}
	return out
}

func sameActions(a, b []turn.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// outcomeEval values a finished game: a win as a mate now, a draw as 0.
func outcomeEval(oc turn.Outcome) Eval {
	switch oc.Result {
	case turn.WhiteWins:
		return Eval{Mate: 1}
	case turn.BlackWins:
		return Eval{Mate: -1}
	}
	return Eval{}
}

// Encode returns the review as the text kept with the saved game (JSON, versioned).
func (r Review) Encode() string {
	r.V = ReviewVersion
	b, err := json.Marshal(r)
	if err != nil {
		return ""
	}
	return string(b)
}

// MaxReview bounds the length of a review text DecodeReview reads.
const MaxReview = 1 << 20

// ErrReview is wrapped by every error DecodeReview returns.
var ErrReview = errors.New("bad game review")

// DecodeReview reads a text written by Review.Encode (any version) and checks it: the
// turns follow one another, the classes and sides are known, the values are in range. It
// never panics.
func DecodeReview(text string) (Review, error) {
	var r Review
	if len(text) > MaxReview {
		return Review{}, fmt.Errorf("%w: %d bytes, more than %d", ErrReview, len(text), MaxReview)
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Review{}, fmt.Errorf("%w: %v", ErrReview, err)
	}
	if dec.More() {
		return Review{}, fmt.Errorf("%w: trailing data", ErrReview)
	}
	if r.V < 1 || r.V > ReviewVersion {
		return Review{}, fmt.Errorf("%w: version %d (this program reads 1 to %d)", ErrReview, r.V, ReviewVersion)
	}
	if r.Depth < 0 || r.Depth > 64 {
		return Review{}, fmt.Errorf("%w: depth %d", ErrReview, r.Depth)
	}
	if err := checkEval(r.Start); err != nil {
		return Review{}, fmt.Errorf("%w: start: %v", ErrReview, err)
	}
	next := 0
	for i, t := range r.Turns {
		switch {
		case t.First != next || t.Count < 1 || t.Count > 1<<16:
			return Review{}, fmt.Errorf("%w: turn %d: actions %d+%d do not follow action %d", ErrReview, i+1, t.First, t.Count, next)
		case t.Side != engine.White && t.Side != engine.Black:
			return Review{}, fmt.Errorf("%w: turn %d: side %d", ErrReview, i+1, t.Side)
		case t.Class >= numClasses:
			return Review{}, fmt.Errorf("%w: turn %d: class %d", ErrReview, i+1, t.Class)
		case !(t.Loss >= 0 && t.Loss <= 100):
			return Review{}, fmt.Errorf("%w: turn %d: loss %v", ErrReview, i+1, t.Loss)
		case t.Number < 0:
			return Review{}, fmt.Errorf("%w: turn %d: number %d", ErrReview, i+1, t.Number)
		}
		if err := checkEval(t.Best); err != nil {
			return Review{}, fmt.Errorf("%w: turn %d: best: %v", ErrReview, i+1, err)
		}
		if err := checkEval(t.After); err != nil {
			return Review{}, fmt.Errorf("%w: turn %d: after: %v", ErrReview, i+1, err)
		}
		next = t.First + t.Count
	}
	return r, nil
}

// maxCP bounds the centipawns of a stored evaluation.
const maxCP = 100_000

func checkEval(e Eval) error {
	if e.Mate != 0 && e.CP != 0 {
		return fmt.Errorf("both a mate (%d) and centipawns (%d)", e.Mate, e.CP)
	}
	if e.CP > maxCP || e.CP < -maxCP || e.Mate > 1000 || e.Mate < -1000 {
		return fmt.Errorf("value %v out of range", e)
	}
	return nil
}
