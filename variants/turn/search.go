package turn

import (
	"cmp"
	"math"
	"slices"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/search"
)

// The computer opponent's view of a variant: SearchGame adapts a Variant to the interfaces of
// package search (search.Game and its optional extensions), and Player (search_player.go)
// chooses whole turns with it.

// SearchGame is a Variant seen as a search.Game over States and Actions: turns of several
// plies keep the side to move, a dice roll is a chance node, a Sacrifice Token spend is a
// rare branch, and the evaluation knows the turn structure (plies left, the opponent's next
// turn) and, in dice chess, the odds of the roll. It is not safe for concurrent use.
type SearchGame struct {
	v       Variant
	series  bool // progressive: turns grow (P1)
	dice    bool // turns begin with a roll (D1)
	plain   bool // the variant is a PlainPlier: the quiescence search lists captures alone
	acts    []Action
	all     []Action // the actions after a double (rolls)
	moves   [256]engine.Move
	sched   [256]schedEntry
	chance  []chanceEntry           // rolls by state key (dice), a direct-mapped cache
	scratch []search.Branch[Action] // rolls listed again for Classes
	net     *search.NetEval         // orthodox chess: the network's correction (UseNetwork)
}

type chanceEntry struct {
	key      uint64
	n        int
	branches [21]search.Branch[Action]
	units    int       // the class units of the rolls (0: none, Classes)
	unit     [7]Action // the units: one die for each piece type with a ply, then the pass
	masks    [21]uint8 // the units each roll of branches is worth the best of
}

type schedEntry struct {
	key   uint64
	plies int
	ok    bool
}

// NewSearchGame returns the search view of v.
func NewSearchGame(v Variant) *SearchGame {
	g := &SearchGame{v: v, series: v.Style() == Series, acts: make([]Action, 0, 256)}
	_, g.plain = v.(PlainPlier)
	if s, err := v.Start(""); err == nil {
		acts := v.Actions(s, nil)
		g.dice = len(acts) > 0 && acts[0].Kind == Roll
	}
	return g
}

// UseNetwork makes g correct the hand-written evaluation of orthodox chess by the network n
// (search.NetEval; the programs that play read it from package engine/orthonet), or stop
// correcting it when n is nil. The network was fitted on orthodox chess alone: in another
// variant g keeps the hand-written evaluation.
func (g *SearchGame) UseNetwork(n *search.Network) {
	g.net = nil
	if n != nil && g.v.ID() == "orthodox" {
		g.net = search.NewNetEval(n)
	}
}

// Variant returns the variant.
func (g *SearchGame) Variant() Variant { return g.v }

// Side returns the mover.
func (g *SearchGame) Side(s State) int { return int(s.Mover()) }

// Do returns the state after a.
func (g *SearchGame) Do(s State, a Action) State { return g.v.Do(s, a) }

// Key returns the repetition key of s (State.Key) extended with what the search must not
// confuse: the plies of the turn, the roll and, in progressive chess, the series number.
func (g *SearchGame) Key(s State) uint64 {
	k := s.Key() ^ mix(5, uint64(s.plies))
	if s.roll != (Dice{}) {
		if s.roll.B == 0 { // one die (Classes)
			k ^= mix(6, uint64(NumRolls+1+int(s.roll.A)))
		} else {
			k ^= mix(6, uint64(s.roll.Index()+1))
		}
	}
	if g.series {
		k ^= mix(7, uint64(s.number))
	}
	return k
}

func outcomeFor(o Outcome, side engine.Color) search.Outcome {
	switch o.Result {
	case WhiteWins, BlackWins:
		if o.Result == Win(side) {
			return search.Win
		}
		return search.Loss
	}
	return search.Draw
}

// Expand classifies s: a terminal node when the game is over (by the variant's Outcome), a
// chance node before a dice roll (the 21 distinct rolls, those allowing the same actions
// merged), else a decision among the variant's Actions with ordering hints (in dice chess,
// captures judged by the odds of a recapture, search.OrderDiceMove, and checks noisy).
func (g *SearchGame) Expand(s State, buf []search.Branch[Action]) (search.Node, []search.Branch[Action]) {
	if e := g.cachedRolls(s); e != nil {
		return search.Node{Kind: search.Chance, Side: int(s.Mover()), TurnStart: s.ply == 0}, append(buf, e.branches[:e.n]...)
	}
	node, acts := g.classify(s)
	switch node.Kind {
	case search.Terminal:
		return node, buf
	case search.Chance:
		return node, g.rolls(s, buf)
	}
	us := s.Mover()
	pos := s.pos
	node.InCheck = pos.InCheck()
	node.PliesLeft = int(s.plies - s.ply)
	retreat := s.plies-s.ply >= 2
	var checks engine.CheckFinder
	var threatened uint64
	if g.dice {
		checks = pos.CheckFinder()
	} else if !retreat {
		// The last ply of the turn: the opponent moves next, so a threatened piece's escapes
		// come first (the mover's other plies could still save it).
		threatened = search.Threatened(&pos, us)
	}
	for _, a := range acts {
		b := search.Branch[Action]{Action: a}
		switch a.Kind {
		case Ply:
			if g.dice && a.Move.Kind() != engine.EnPassant {
				b.Order, b.Noisy = search.OrderDiceMove(&pos, a.Move)
			} else {
				b.Order, b.Noisy = orderPly(s, &pos, a.Move, retreat, threatened)
			}
			b.Key = search.MoveKey(a.Move)
			if g.dice && !b.Noisy && checks.GivesCheck(a.Move) {
				// A check may leave the opponent no answer on its roll, and then its king
				// (D3, D4): the quiescence search plays it, and it is never pruned.
				b.Order, b.Noisy = 1<<19, true
			}
			if a.Spend {
				b.Order, b.Noisy, b.Rare = -1<<21+b.Order/4, false, true
			}
		case TakeKing:
			b.Order, b.Noisy = 1<<29, true
		}
		buf = append(buf, b)
	}
	return node, buf
}

// Calm reports whether s is a decision without check in a PlainPlier variant (not dice chess),
// with the game not over by the state itself nor by a draw by rule at the start of a turn,
// and returns its Node as Expand would (search.Quiescer): the search may prune or stand pat
// before listing its actions, and take its noisy branches from Noisy. A stalemate is not
// seen there.
func (g *SearchGame) Calm(s State) (search.Node, bool) {
	if !g.plain || g.dice || s.roll != (Dice{}) || s.Ended().Over() || s.pos.InCheck() {
		return search.Node{}, false
	}
	start := s.ply == 0
	if start && drawable(s) {
		return search.Node{}, false
	}
	return search.Node{Kind: search.Decision, Side: int(s.Mover()), TurnStart: start,
		PliesLeft: int(s.plies - s.ply)}, true
}

// Noisy appends the noisy branches of a Calm state, as Expand gives them: the captures and
// promotions that OrderMove finds noisy.
func (g *SearchGame) Noisy(s State, buf []search.Branch[Action]) []search.Branch[Action] {
	pos := s.pos
	retreat := s.plies-s.ply >= 2
	for _, m := range s.NoisyPlies(g.moves[:0]) {
		var b search.Branch[Action]
		b.Order, b.Noisy = orderPly(s, &pos, m, retreat, 0)
		if !b.Noisy {
			continue
		}
		b.Action, b.Key = PlyAction(m), search.MoveKey(m)
		buf = append(buf, b)
	}
	return buf
}

// drawable reports whether a draw by rule may end the game at s, the start of a turn
// (insufficient material, fifty moves, ten quiet series): the variant's Outcome decides.
func drawable(s State) bool {
	return s.pos.InsufficientMaterial() || s.pos.HalfmoveClock() >= 100 || s.quiet >= 10
}

// orderPly returns search.OrderMove's hint for the ply m of s, whose position is pos (with
// the mover's threatened pieces): an e.p. capture is judged on the position with its target
// set.
func orderPly(s State, pos *engine.Position, m engine.Move, retreat bool, threatened uint64) (int32, bool) {
	if m.Kind() == engine.EnPassant {
		board := s.board(m)
		pos = &board
	}
	return search.OrderMove(pos, m, retreat, threatened)
}

// classify returns the Node of s as far as the variant's actions tell it (terminal, a
// chance node before a dice roll, else a decision whose other fields Expand fills) and
// those actions (valid until the next call).
func (g *SearchGame) classify(s State) (search.Node, []Action) {
	us := s.Mover()
	node := search.Node{Kind: search.Decision, Side: int(us), TurnStart: s.ply == 0 && s.roll == (Dice{})}
	if o := s.Ended(); o.Over() {
		node.Kind, node.Outcome = search.Terminal, outcomeFor(o, us)
		return node, nil
	}
	acts := g.v.Actions(s, g.acts[:0])
	g.acts = acts[:0]
	if len(acts) == 0 {
		node.Kind, node.Outcome = search.Terminal, outcomeFor(g.v.Outcome(s), us)
		return node, nil
	}
	if node.TurnStart && drawable(s) {
		if o := g.v.Outcome(s); o.Over() {
			node.Kind, node.Outcome = search.Terminal, outcomeFor(o, us)
			return node, nil
		}
	}
	if acts[0].Kind == Roll {
		node.Kind = search.Chance
	}
	return node, acts
}

// Horizon answers, in dice chess, for a state awaiting its roll: its Node, a chance node
// or the end of the game, without listing the rolls (search.Horizon). It answers false for
// a state after a roll and in the other variants.
func (g *SearchGame) Horizon(s State) (search.Node, bool) {
	if !g.dice || s.roll != (Dice{}) {
		return search.Node{}, false
	}
	node, _ := g.classify(s)
	return node, node.Kind != search.Decision
}

// cachedRolls returns the cache entry of the rolls of s when s is a dice chess state
// awaiting its roll, not over and not drawable, and its rolls are cached: s is then a chance
// node, as when they were listed, since the key decides the legal plies.
func (g *SearchGame) cachedRolls(s State) *chanceEntry {
	if !g.dice || s.roll != (Dice{}) || g.chance == nil || s.Ended().Over() || drawable(s) {
		return nil
	}
	key := g.Key(s)
	if e := &g.chance[key%uint64(len(g.chance))]; e.n > 0 && e.key == key {
		return e
	}
	return nil
}

// rolls appends the chance branches of a state awaiting its roll: the 21 distinct rolls
// (a double with weight 1, the others 2), merging rolls that allow the same actions, since
// the roll leaves no trace once the ply is made.
func (g *SearchGame) rolls(s State, buf []search.Branch[Action]) []search.Branch[Action] {
	if g.chance == nil {
		g.chance = make([]chanceEntry, 4096)
	}
	key := g.Key(s)
	e := &g.chance[key%uint64(len(g.chance))]
	if e.n > 0 && e.key == key {
		return append(buf, e.branches[:e.n]...)
	}
	start := len(buf)
	var sigs [21]uint64
	// With a RollFilter, the actions after a double (every legal ply) are generated once,
	// with the types whose die alone allows each, and each roll keeps those it allows,
	// unless a king may be taken (D4).
	rf, filter := g.v.(RollFilter)
	var has uint8                 // the types whose die alone allows a ply
	var gain [engine.King + 1]int // the best victim each type's die alone allows taking
	// The plies grouped by the types whose die alone allows them (bit t for type t): the
	// sum of their hashes and their number for each such set, and the sets found.
	var sums [1 << (engine.King + 1)]uint64
	var counts [1 << (engine.King + 1)]int
	var sets [1 << (engine.King + 1)]uint8
	nsets := 0
	if filter {
		t := g.v.Do(s, RollAction(Dice{1, 1}))
		g.all = g.v.Actions(t, g.all[:0])
		filter = len(g.all) > 0 && g.all[0].Kind == Ply
		for _, x := range g.all {
			pt := s.pos.PieceAt(x.Move.From()).Type()
			m := rf.DieTypes(x, pt) & pieceTypes
			has |= m
			if x.Move.IsCapture() || x.Move.Promotion() != engine.NoPieceType {
				v := 1
				if victim := s.pos.PieceAt(x.Move.To()); victim != engine.NoPiece {
					v = int(victim.Type()) + 1
				}
				if x.Move.Promotion() != engine.NoPieceType {
					v = max(v, int(x.Move.Promotion())+1)
				}
				for t := engine.Pawn; t <= engine.King; t++ {
					if m&(1<<t) != 0 {
						gain[t] = max(gain[t], v)
					}
				}
			}
			if counts[m] == 0 {
				sets[nsets] = m
				nsets++
			}
			sums[m] += mix(8, uint64(x.Key()))
			counts[m]++
		}
	}
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			d := Dice{a, b}
			w := int32(2)
			if a == b {
				w = 1
			}
			var sig uint64
			if filter {
				allowed := rollTypes(d)
				n := 0
				for _, m := range sets[:nsets] {
					if m&allowed != 0 {
						sig += sums[m]
						n += counts[m]
					}
				}
				if n == 0 { // the pass (D3)
					sig, n = mix(8, uint64(PassAction().Key())), 1
				}
				sig += uint64(n)
			} else {
				t := g.v.Do(s, RollAction(d))
				acts := g.v.Actions(t, g.acts[:0])
				g.acts = acts[:0]
				sig = uint64(len(acts))
				for _, x := range acts {
					sig += mix(8, uint64(x.Key()))
				}
			}
			merged := false
			for i := start; i < len(buf); i++ {
				if sigs[i-start] == sig {
					buf[i].Weight += w
					merged = true
					break
				}
			}
			if !merged {
				sigs[len(buf)-start] = sig
				buf = append(buf, search.Branch[Action]{Action: RollAction(d), Weight: w})
			}
		}
	}
	e.key, e.n = key, copy(e.branches[:], buf[start:])
	e.units = 0
	if filter {
		e.units = split(has, &gain, buf[start:], e)
	}
	return buf
}

// split fills e's units and masks for the rolls (Classes), has holding the types whose die
// alone allows a ply and gain the best victim each type may take (its type plus one, a
// promotion counting as taking its new piece; 0 for none), and returns the number of units.
// The units come in order of gain, then classOrder: a capture often decides the rolls that
// allow it, and a unit searched early gives the later ones narrower windows (10% fewer nodes
// to depth 3 in BenchmarkDiceDepth3 than classOrder alone).
func split(has uint8, gain *[engine.King + 1]int, rolls []search.Branch[Action], e *chanceEntry) int {
	var unitOf [engine.King + 1]int8 // the unit of each piece type, -1 when it has no ply
	n := 0
	order := classOrder
	// The types that take the most valuable victim first, ties in classOrder.
	slices.SortStableFunc(order[:], func(a, b engine.PieceType) int { return cmp.Compare(gain[b], gain[a]) })
	for _, t := range order {
		unitOf[t] = -1
		if has&(1<<t) != 0 {
			unitOf[t], e.unit[n] = int8(n), RollAction(Dice{A: uint8(t)})
			n++
		}
	}
	pass := -1
	for i, b := range rolls {
		var m uint8
		allowed := rollTypes(b.Action.Dice) & has
		for _, t := range classOrder {
			if allowed&(1<<t) != 0 {
				m |= 1 << unitOf[t]
			}
		}
		if m == 0 {
			if pass < 0 {
				pass, e.unit[n] = n, b.Action
				n++
			}
			m = 1 << pass
		}
		e.masks[i] = m
	}
	return n
}

// pieceTypes holds the bits of the six piece types (bit t for type t).
const pieceTypes = uint8(1<<(engine.King+1) - 1<<engine.Pawn)

// classOrder is the order in which Classes lists the piece types that take nothing (and
// breaks ties among the others): the strongest first, whose plies most often decide a
// roll's value.
var classOrder = [6]engine.PieceType{engine.Queen, engine.Rook, engine.Bishop, engine.Knight, engine.Pawn, engine.King}

// Classes splits a chance node of dice chess by piece type (search.Classed): the unit of a
// type is the state after one die showing it, which allows the plies of that type alone
// (D1; D2 castling under the king and the rook, e.p. under the pawn; D5 a promotion under
// the pawn or, with rolled promotion, under the new piece), so that a roll is worth the best
// of the units of the types it allows (every type on a double). A roll that allows no ply is
// a unit of its own (the pass, D3). Each roll's floor is Evaluate after it (-search.Inf in
// check), which is at least that of each of its units, whose dice let fewer pieces move
// away. It answers false when a king may be taken (D4) and in the other variants. outcomes
// must be the rolls Expand gave for s.
func (g *SearchGame) Classes(s State, outcomes []search.Branch[Action], masks []uint8, units []Action, floors []int) (int, bool) {
	if !g.dice || s.roll != (Dice{}) {
		return 0, false
	}
	key := g.Key(s)
	e := &g.chance[key%uint64(len(g.chance))]
	if e.n == 0 || e.key != key {
		g.scratch = g.rolls(s, g.scratch[:0])
		g.scratch = g.scratch[:0]
	}
	if e.units == 0 || e.n != len(outcomes) || len(masks) < e.n || len(units) < e.units {
		return 0, false
	}
	copy(masks, e.masks[:e.n])
	copy(units, e.unit[:e.units])
	if floors != nil {
		// Each roll's decision stands pat on Evaluate after the roll, unless in check.
		if s.pos.InCheck() {
			for i := range outcomes {
				floors[i] = -search.Inf
			}
		} else {
			d := search.EvaluateDice(s.pos, int(s.plies-s.ply), 1, [2]uint8{})
			exposure := diceExposure(s.WithRoll(outcomes[0].Action.Dice), d.Exposure) // alike after any roll
			them := s.Mover().Other()
			for i, b := range outcomes {
				floors[i] = rolledValue(&d, d.Sparing(them, rollTypes(b.Action.Dice)), exposure)
			}
		}
	}
	return e.units, true
}

// RollFilter is a Variant whose turns begin with a roll of two dice (dice chess), for the
// search: when no king can be taken, the actions after a roll are those of the actions after
// a double (every legal ply) that the roll allows, and the pass when it allows none.
type RollFilter interface {
	// DieTypes returns the piece types (bit t for type t; other bits are ignored) whose die
	// alone allows the ply a of a piece of type t, one of the actions after a double. A roll of two different dice
	// must allow exactly the plies that one of its dice alone allows, and a double every
	// ply, since the search lists and splits the rolls so (rolls, Classes).
	DieTypes(a Action, t engine.PieceType) uint8
}

// nextPlies returns how many plies the opponent's next turn has (0 when unknown), cached by
// what the schedule depends on.
func (g *SearchGame) nextPlies(s State) int {
	key := uint64(s.number)<<32 | uint64(uint16(s.plies))<<16 | uint64(s.nq)<<8 | uint64(s.Mover())
	for i := 0; i < int(s.nq); i++ {
		key ^= mix(uint64(i+9), uint64(s.queue[i]))
	}
	if s.first {
		key ^= 1 << 63
	}
	e := &g.sched[key%uint64(len(g.sched))]
	if e.ok && e.key == key {
		return e.plies
	}
	n := 0
	for _, sl := range g.v.Schedule(s, 4) {
		if sl.Side != s.Mover() && sl.Plies > 0 {
			n = sl.Plies
			break
		}
	}
	*e = schedEntry{key: key, plies: n, ok: true}
	return n
}

// Evaluate returns the value of s for the mover: search.EvaluateTurn (corrected by the
// network in orthodox chess after UseNetwork) with the plies left in the turn and the
// opponent's next turn, the token balance (SDM), and in dice chess the
// captures at the odds of the roll, then squashed (squash), the kings' exposure to checks
// (diceExposure) and the odds that a king left in check is captured (diceOdds). Before the
// roll the mover gains what its roll lets it take on average (search.ExpectedGain), such as
// the recapture of a piece the opponent has just taken; after the roll (standing pat) the
// mover loses half of what the opponent's next roll lets it take among the pieces this roll
// does not let move away (the mover may still defend them).
func (g *SearchGame) Evaluate(s State) int {
	us := s.Mover()
	left := int(s.plies - s.ply)
	if g.dice {
		const next = 1 // every turn of dice chess has one ply (D1)
		var spare [2]uint8
		if s.roll != (Dice{}) {
			spare[us] = rollTypes(s.roll)
		}
		d := search.EvaluateDice(s.pos, left, next, spare)
		if s.roll != (Dice{}) {
			return rolledValue(&d, d.Gains[us.Other()], diceExposure(s, d.Exposure))
		}
		v := squash(d.Score+search.ExpectedGain(d.Gains[us])) + diceExposure(s, d.Exposure)
		return g.diceOdds(s, v)
	}
	var v int
	if g.net != nil {
		v = g.net.EvaluateTurn(s.pos, left, g.nextPlies(s))
	} else {
		v = search.EvaluateTurn(s.pos, left, g.nextPlies(s))
	}
	return v + 15*(int(s.tokens[us])-int(s.tokens[us.Other()]))
}

// rolledValue is Evaluate of a dice chess state after its roll, from d, the DiceView of its
// position: theirs is what the opponent's next capture gains among the pieces the roll does
// not let move (DiceView.Sparing), exposure the kings' exposure after a roll (diceExposure).
func rolledValue(d *search.DiceView, theirs [7]int, exposure int) int {
	return squash(d.Score-search.ExpectedGain(theirs)/2) + exposure
}

// rollTypes returns the piece types the roll d lets move, bit t for type t (D1).
func rollTypes(d Dice) uint8 {
	switch {
	case d.Double():
		return 0x7e
	case d.B == 0: // one die (Classes)
		return 1 << d.A
	}
	return 1<<d.A | 1<<d.B
}

// diceWin is what a sure win is worth in dice chess, in the units of the squashed evaluation
// (search.Options.ChanceWin, and the king-capture odds of diceOdds and diceExposure). The
// squashed evaluation reads as odds of winning: v/diceWin = 2p - 1 for a win probability p,
// so that +100 centipawns add about 3% to the odds, a queen more gives about 78% to 22%. With
// the search's default (4000) a 25% chance of taking the king at once was worth a queen, and
// the computer gave pieces away for unsound checks.
const diceWin = 1500

// squashScale is the value squash tends to as the evaluation grows: a sure win.
const squashScale = diceWin

// squash maps a dice-chess evaluation v to squashScale·tanh(v/squashScale): about v for
// small v, then growing ever slower. The expectimax averages values as if each centipawn were
// worth the same, but a side far ahead gains little from more material and loses everything
// with its king (D4): squashed, a risk of losing the king outweighs a gain that adds little
// to the odds of winning. unsquash is its inverse.
func squash(v int) int {
	return int(math.Round(squashScale * math.Tanh(float64(v)/squashScale)))
}

// unsquash returns the evaluation whose squash is v, for scores reported in centipawns. Wins
// and losses (search.MateBound and beyond) are kept; values at the scale or beyond (the king
// capture odds come on top of the squashed evaluation) continue the inverse at the last
// squashed value, so that unsquash keeps the order.
func unsquash(v int) int {
	if v >= search.MateBound || v <= -search.MateBound {
		return v
	}
	a := min(abs(v), squashScale-1)
	u := int(math.Round(squashScale*math.Atanh(float64(a)/squashScale))) + abs(v) - a
	u = min(u, search.MateBound-1)
	if v < 0 {
		return -u
	}
	return u
}

// diceExposure values the kings' exposure to checks in dice chess (D3, D4): the opponent
// rolls a piece that gives check, the king's side then rolls no piece that answers it and
// passes, and the checker's side then rolls the checker and takes the king. The threat of
// the side about to move counts in full, the other side's at half (the mover may use its
// turn to meet it): before the roll the mover is about to move; after it, the mover has used
// its roll (standing pat in the quiescence search) and the opponent moves next.
func diceExposure(s State, x [2]search.Exposure) int {
	us := s.Mover()
	mine, theirs := exposureThreat(x[us.Other()]), exposureThreat(x[us])
	if s.roll == (Dice{}) {
		return mine - theirs/2
	}
	return mine/2 - theirs
}

// exposureThreat is the value of the king capture that a king's exposure x threatens, for
// the side that may give the check: the chance of rolling a checker, times the chance that
// the roll then allows no answer, times the chance of rolling the checker again (D1).
func exposureThreat(x search.Exposure) int {
	if x.Checkers == 0 {
		return 0
	}
	answer := 0
	if x.Answers > 0 {
		answer = search.RollChance(x.Answers)
	}
	return diceWin * search.RollChance(x.Checkers) * (36 - answer) * search.RollChance(1) / (36 * 36 * 36)
}

// diceOdds returns the value v of a dice-chess state at the start of a turn, before the
// roll, with the kings left in check (D3, D4) priced in: the mover takes an attacked enemy
// king when its roll allows one of the attackers; a mover in check whose roll allows no
// answer passes and may lose its king on the opponent's roll. A check that is not answered
// stays, so each side rolls again until the king escapes or is taken: the chance p that the
// king falls is the sum of that series, and the value is p·diceWin (or -diceWin) and (1-p)·v
// for the game going on. A king left attacked by a pass escapes with the odds of one
// answering type.
func (g *SearchGame) diceOdds(s State, v int) int {
	p := s.pos
	us := p.Turn()
	types := func(b engine.Bitboard) int {
		var seen [7]bool
		n := 0
		for ; b != 0; b &= b - 1 {
			t := p.PieceAt(b.First()).Type()
			if !seen[t] {
				seen[t] = true
				n++
			}
		}
		return n
	}
	// fall returns the chance that a king falls when its side answers a check with odds
	// escape/36 and the other side takes it with odds take/36, the taker rolling first
	// (first set) or the king's side first.
	fall := func(escape, take int, first bool) float64 {
		e, t := float64(escape)/36, float64(take)/36
		cycle := 1 - (1-e)*(1-t)
		if first {
			return t / cycle
		}
		return (1 - e) * t / cycle
	}
	if att := p.AttackersTo(p.KingSquare(us.Other()), us); att != 0 {
		f := fall(search.RollChance(1), search.RollChance(types(att)), true)
		return int(math.Round(f*diceWin + (1-f)*float64(v)))
	}
	if p.InCheck() {
		var movers engine.Bitboard
		for _, m := range s.LegalPlies(g.moves[:0]) {
			movers |= engine.SquareBB(m.From())
		}
		f := fall(search.RollChance(types(movers)), search.RollChance(types(p.Checkers())), false)
		return int(math.Round(-f*diceWin + (1-f)*float64(v)))
	}
	return v
}

// Pass gives up a whole turn for the null-move pruning: only at the start of a turn without
// a roll, not in check, with no pending token effects, outside progressive chess (whose
// turns differ in length), and when the mover has pieces besides pawns.
func (g *SearchGame) Pass(s State) (State, bool) {
	if g.series || s.ply != 0 || s.nq != 0 || s.over.Over() || g.dice || s.pos.InCheck() {
		return s, false
	}
	us := s.Mover()
	p := s.pos
	if p.Pieces(us, engine.Knight)|p.Pieces(us, engine.Bishop)|p.Pieces(us, engine.Rook)|p.Pieces(us, engine.Queen) == 0 {
		return s, false
	}
	next := g.nextPlies(s)
	if next <= 0 {
		return s, false
	}
	return s.EndTurn(us.Other(), next, s.Number()), true
}

// GivesCheck reports whether the ply a checks the opponent.
func (g *SearchGame) GivesCheck(s State, a Action) bool {
	return a.Kind == Ply && s.GivesCheck(a.Move)
}

// LastChecks reports whether s is a decision on the last ply of its turn (not a roll, not
// over) and, if so, appends the actions of s that give check (search.CheckLister).
func (g *SearchGame) LastChecks(s State, buf []Action) ([]Action, bool) {
	if s.plies-s.ply != 1 || s.over.Over() {
		return buf, false
	}
	acts := g.v.Actions(s, g.acts[:0])
	g.acts = acts[:0]
	if len(acts) == 0 || acts[0].Kind != Ply {
		return buf, false
	}
	f := s.pos.CheckFinder()
	for _, a := range acts {
		if a.Kind == Ply && f.GivesCheck(a.Move) {
			buf = append(buf, a)
		}
	}
	return buf, true
}

// Mated reports whether the mover of s is in check without a legal action.
func (g *SearchGame) Mated(s State) bool {
	if s.over.Over() {
		return false
	}
	if !s.pos.InCheck() {
		return false
	}
	acts := g.v.Actions(s, g.acts[:0])
	g.acts = acts[:0]
	return len(acts) == 0
}

// Aim ranks a ply by how close it brings a piece to the opponent's king, for the series-mate
// solver: a check first, then captures near the king, then the distance to it.
func (g *SearchGame) Aim(s State, a Action) int {
	if a.Kind != Ply {
		return 0
	}
	p := s.pos
	k := p.KingSquare(p.Turn().Other())
	to := a.Move.To()
	df, dr := to.File()-k.File(), to.Rank()-k.Rank()
	d := max(df, -df, dr, -dr)
	score := 64 - 8*d
	if a.Move.IsCapture() {
		score += 16
	}
	return score
}

// AfterTurn values s for the side that has just finished its turn (search.AfterTurn with the
// plies of the turn beginning in s, and the token balance), for the series planner.
func (g *SearchGame) AfterTurn(s State) int {
	them := s.Mover()
	return search.AfterTurn(s.pos, int(s.plies-s.ply)) + 15*(int(s.tokens[them.Other()])-int(s.tokens[them]))
}

// Exchange returns the static exchange evaluation of the ply a (search.Exchanger), on the
// position it is played in; 0 for any other action, and in dice chess, where the roll
// decides which pieces may answer.
func (g *SearchGame) Exchange(s State, a Action) int {
	if a.Kind != Ply || g.dice {
		return 0
	}
	return search.SEE(s.board(a.Move), a.Move)
}
