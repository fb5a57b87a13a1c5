// Package progressive plays progressive chess (seed 004) in its two rule sets, Italian and
// Scottish: turn n (a "series") has n plies, White 1, Black 2, White 3, ... It implements
// RULES.md P1 to P8:
//
//   - P1 Series n has n plies.
//   - P2 A side in check must escape with the first ply of its series, else it is checkmated.
//   - P3 Scottish: a checking ply ends the series; the next series still has its full length.
//   - P4 Italian: check only on the last ply of a series; a checking ply earlier is illegal,
//     and a side in check whose every escape gives check loses (progressive checkmate).
//   - P5 No legal ply at any point of a series and not in check: draw (progressive stalemate).
//   - P6 E.p. only on the first ply of a series, against pawns that double-stepped in the
//     opponent's previous series and did not move again.
//   - P7 Ten series in a row without capture or pawn move: draw, unless the side about to
//     move can mate with its coming series, as the series-mate solver finds within
//     TenSeriesMateNodes nodes (search.SolveSeries); that series is then played, and the draw
//     stands after it unless it mates. Repetition does not apply (a side's series only grow,
//     so no two series starts are the same position), nor does the 100-ply rule of O2.
//   - P8 Notation "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#" (turn.Series).
//   - P9 The fullmove number of a FEN is the series number of the side to move, which is its
//     length, as problem collections write it.
//
// A FEN start is the start of a series. Its length n is the option "series" when set, else the
// fullmove number (P9): the standard start is White's series 1, and "after 1.e4 2.e5 Nc6" is
// White to move with fullmove 3. FEN writes a series back the same way. Game records of
// version 1 wrote the fullmove number f as the move number of paired notation (series 2f-1
// with White to move, 2f with Black); UpgradeFEN reads such a FEN as they meant it.
package progressive

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/turn"
)

// TenSeriesMateNodes is the node bound of the series-mate solver when P7 asks whether the side
// about to move can mate with its coming series after ten quiet series: the solver searches
// every series the rules allow (exhaustively) until it finds a mate or has visited this many
// nodes; a mate not found within the bound counts as none. A million nodes take about a
// second; they are enough for every mate in the project's tests and problems, such as a
// seven-ply series from a problem position that the solver finds in under 400 000 nodes.
const TenSeriesMateNodes = 1_000_000

// RuleSet is Italian or Scottish.
type RuleSet uint8

// The two rule sets.
const (
	Italian RuleSet = iota
	Scottish
)

// String returns "Italian" or "Scottish".
func (r RuleSet) String() string {
	if r == Scottish {
		return "Scottish"
	}
	return "Italian"
}

// The catalogue IDs.
const (
	ItalianID  = "progressive-italian"
	ScottishID = "progressive-scottish"
)

// Rules texts for the in-app rules pages.
var (
	//go:embed italian.md
	ItalianRules string
	//go:embed scottish.md
	ScottishRules string
)

// OptionSpecs lists the options.
var OptionSpecs = []turn.OptionSpec{{
	Key: "series", Name: "Series of the start position", Kind: turn.Int, Default: "", Min: 1, Max: 999, Rule: "P1",
	Doc: "length of the first series when starting from a FEN (default: from its fullmove number)",
}}

// Options are the options of progressive chess.
type Options struct {
	Series int // length of the first series for a FEN start; 0 = from the fullmove number
}

// Variant is progressive chess under one rule set, with fixed options.
type Variant struct {
	set  RuleSet
	opts Options
	// solving marks the view the P7 solver searches with: it does not ask the solver again
	// at the series start it is called for.
	solving bool
}

// New returns progressive chess under the rule set with the options.
func New(set RuleSet, o Options) Variant { return Variant{set: set, opts: o} }

// Open returns progressive chess under the rule set for an option text such as "series=3".
func Open(set RuleSet, options string) (turn.Variant, error) {
	vals, err := turn.ParseOptions(options, OptionSpecs)
	if err != nil {
		return nil, err
	}
	var o Options
	if s := vals["series"]; s != "" {
		o.Series, _ = strconv.Atoi(s)
	}
	return Variant{set: set, opts: o}, nil
}

// ID returns "progressive-italian" or "progressive-scottish".
func (v Variant) ID() string {
	if v.set == Scottish {
		return ScottishID
	}
	return ItalianID
}

func (v Variant) name() string { return v.set.String() }

// Options returns the canonical option text.
func (v Variant) Options() string {
	vals := map[string]string{"series": ""}
	if v.opts.Series > 0 {
		vals["series"] = strconv.Itoa(v.opts.Series)
	}
	return turn.FormatOptions(vals, OptionSpecs)
}

// Style returns turn.Series (P8).
func (Variant) Style() turn.Style { return turn.Series }

// Start returns the state at fen ("" = the standard start).
func (v Variant) Start(fen string) (turn.State, error) {
	if fen == "" {
		fen = turn.StartFEN
	}
	pos, ep, fullmove, err := turn.ParseFEN(fen)
	if err != nil {
		return turn.State{}, err
	}
	n := fullmove // P9: the series number of the side to move
	if v.opts.Series > 0 {
		n = v.opts.Series
	}
	return turn.NewState(turn.Setup{Position: pos, EnPassant: ep, Number: n, Plies: n,
		First: n == 1 && pos.Turn() == engine.White}), nil
}

// FEN returns the FEN of s (a series start), whose fullmove number is the series number
// (P9), so that Start reads the same series back.
func (Variant) FEN(s turn.State) string { return turn.FormatFEN(s, max(s.Number(), 1)) }

// UpgradeFEN returns the FEN that Start reads today as the same start that a game record of
// version 1 meant by fen: version 1 read the fullmove number f as a paired move number, the
// series 2f-1 with White to move and 2f with Black (P9 changed that). It implements
// turn.FENUpgrader.
func (Variant) UpgradeFEN(fen string) (string, error) {
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return "", &engine.FENError{Text: fmt.Sprintf("the position needs 6 fields separated by spaces (placement, side to move, castling, en passant, halfmove clock, fullmove number; the last two may be left out), got %d", len(fields))}
	}
	f := 1
	if len(fields) == 6 {
		var err error
		if f, err = strconv.Atoi(fields[5]); err != nil || f < 1 {
			return "", &engine.FENError{Field: 6, Text: fmt.Sprintf("the fullmove number counts from 1, not %q", fields[5])}
		}
	} else {
		fields = append(fields, "0", "1")
	}
	n := 2*f - 1
	if fields[1] == "b" {
		n = 2 * f
	}
	fields[5] = strconv.Itoa(n)
	return strings.Join(fields, " "), nil
}

// Actions appends the legal plies. Italian: before the last ply of the series, no ply that
// gives check (P4).
func (v Variant) Actions(s turn.State, buf []turn.Action) []turn.Action {
	if s.Ended().Over() {
		return buf
	}
	var mb [256]engine.Move
	plies := s.LegalPlies(mb[:0])
	filter := v.set == Italian && s.Ply()+1 < s.Plies()
	var f engine.CheckFinder
	if filter {
		f = s.CheckFinder()
	}
	for _, m := range plies {
		if filter && f.GivesCheck(m) {
			continue
		}
		buf = append(buf, turn.PlyAction(m))
	}
	return buf
}

// hasAction reports whether Actions would return any ply, stopping at the first.
func (v Variant) hasAction(s turn.State) bool {
	if s.Ended().Over() {
		return false
	}
	if v.set == Scottish || s.Ply()+1 >= s.Plies() {
		return s.HasLegalPly()
	}
	var mb [256]engine.Move
	f := s.CheckFinder()
	for _, m := range s.LegalPlies(mb[:0]) {
		if !f.GivesCheck(m) {
			return true
		}
	}
	return false
}

// Do plays the ply; the series ends after its last ply, or (Scottish) after a checking ply.
// A series that began after ten quiet series (which P7 let the mover play because it could
// mate) ends the game in a draw unless it leaves the opponent without a ply.
func (v Variant) Do(s turn.State, a turn.Action) turn.State {
	t := s.Play(a.Move)
	if t.Ply() < t.Plies() && !(v.set == Scottish && t.OpponentInCheck()) {
		return t
	}
	n := s.Number() + 1
	next := t.EndTurn(s.Mover().Other(), n, n)
	if t.Quiet() >= 10 && !t.Legacy() && v.hasAction(next) {
		// Quiet counts the series completed before this one: this was the mating chance.
		return next.WithOutcome(turn.Outcome{Result: turn.Draw, Reason: turn.TenSeries, Rule: "P7"})
	}
	return next
}

// Repeats reports false: no position repeats at series starts (P7), so threefold repetition
// does not apply (turn.Game still judges it in a game under the rules of version 1 records).
// It implements turn.Repeater.
func (Variant) Repeats() bool { return false }

// canMate reports whether the mover of s, at the start of a series, can mate with it: the
// series-mate solver finds a mate within TenSeriesMateNodes nodes (P7). The answers are
// remembered, so that asking about one position again costs nothing.
func (v Variant) canMate(s turn.State) bool {
	k := mateKey{set: v.set, key: s.Key(), series: s.Plies()}
	mates.Lock()
	m, ok := mates.known[k]
	mates.Unlock()
	if ok {
		return m
	}
	w := v
	w.solving = true
	r := search.SolveSeries[turn.State, turn.Action](turn.NewSearchGame(w), s, search.Budget{Nodes: TenSeriesMateNodes})
	mates.Lock()
	if len(mates.known) >= 1024 {
		clear(mates.known)
	}
	mates.known[k] = r.Mate
	mates.Unlock()
	return r.Mate
}

// mateKey names a series start for the solver's answers: the rule set, the position (with the
// point in the turn and the e.p. rights) and the length of the series.
type mateKey struct {
	set    RuleSet
	key    uint64
	series int
}

// mates holds the solver's answers for canMate (a bounded cache shared by every Variant value:
// the answer depends only on the key).
var mates = struct {
	sync.Mutex
	known map[mateKey]bool
}{known: map[mateKey]bool{}}

// Explain says why a is not legal in s (nil when it is).
func (v Variant) Explain(s turn.State, a turn.Action) error {
	if acts := v.Actions(s, nil); turn.Contains(acts, a) {
		return nil
	} else if len(acts) == 0 {
		return fmt.Errorf("%w (%v)", turn.ErrGameOver, v.Outcome(s))
	}
	set := v.name()
	switch {
	case a.Kind != turn.Ply:
		return turn.Refuse(set, "P1", "a series is made of plies (no %s)", a.Kind)
	case a.Spend:
		return turn.Refuse(set, "P1", "progressive chess has no Sacrifice Tokens")
	}
	var mb [256]engine.Move
	if v.set == Italian && containsMove(s.LegalPlies(mb[:0]), a.Move) {
		return turn.Refuse(set, "P4", "check only on the last ply of a series")
	}
	from, to := a.Move.From(), a.Move.To()
	if err := v.ExplainSquares(s, from, to); err != nil {
		return err
	}
	return turn.OrthodoxReason(s, from, to, a.Move.Promotion(), "P2")
}

// ExplainSquares explains an e.p. capture that is not allowed (P6).
func (v Variant) ExplainSquares(s turn.State, from, to engine.Square) error {
	if turn.LooksLikeEnPassant(s, from, to) {
		if s.Ply() > 0 {
			return turn.Refuse(v.name(), "P6", "an e.p. capture is allowed only on the first ply of a series")
		}
		return turn.Refuse(v.name(), "P6", "e.p. only against a pawn that advanced two squares in the opponent's last series and moved no further")
	}
	return nil
}

func containsMove(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// Outcome returns checkmate (P2), progressive checkmate (P4), progressive stalemate (P5),
// insufficient material (O2) or ten quiet series (P7) as s shows them. After ten quiet series
// the series-mate solver decides whether the mover can mate with its coming series (then the
// game goes on), which may take a second the first time a position is asked about.
func (v Variant) Outcome(s turn.State) turn.Outcome {
	if o := s.Ended(); o.Over() {
		return o
	}
	if !v.hasAction(s) {
		if s.InCheck() {
			win := turn.Win(s.Mover().Other())
			if s.HasLegalPly() {
				return turn.Outcome{Result: win, Reason: turn.ProgressiveCheckmate, Rule: "P4"}
			}
			return turn.Outcome{Result: win, Reason: turn.Checkmate, Rule: "P2"}
		}
		return turn.Outcome{Result: turn.Draw, Reason: turn.ProgressiveStalemate, Rule: "P5"}
	}
	if s.Ply() == 0 {
		if s.Position().InsufficientMaterial() {
			return turn.Outcome{Result: turn.Draw, Reason: turn.Insufficient, Rule: "O2"}
		}
		// Under the rules of version 1 records the draw came at once (turn.State.Legacy).
		if s.Quiet() >= 10 && (s.Legacy() || !v.solving && !v.canMate(s)) {
			return turn.Outcome{Result: turn.Draw, Reason: turn.TenSeries, Rule: "P7"}
		}
	}
	return turn.Outcome{}
}

// Schedule returns the next n series: lengths n+1, n+2, ..., alternating.
func (Variant) Schedule(s turn.State, n int) []turn.Slot {
	out := turn.Alternate(s.Mover(), 0, n)
	for i := range out {
		out[i].Plies = s.Number() + i + 1
	}
	return out
}

// Rule returns the rule deciding r.
func (Variant) Rule(r turn.Reason) string {
	switch r {
	case turn.Checkmate:
		return "P2"
	case turn.ProgressiveCheckmate:
		return "P4"
	case turn.ProgressiveStalemate, turn.Stalemate:
		return "P5"
	case turn.TenSeries, turn.Repetition, turn.FiftyMoves:
		return "P7"
	}
	return "O2"
}
