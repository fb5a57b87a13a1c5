package engine

import (
	"errors"
	"fmt"
)

// ErrIllegalMove is returned by Game.Play for a move that is not legal in the position.
var ErrIllegalMove = errors.New("illegal move")

// ErrGameOver is returned by Game.Play once the game has an outcome.
var ErrGameOver = errors.New("game is over")

// Result is the result of a game.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

var resultNames = [...]string{"Ongoing", "White wins", "Black wins", "Draw"}

// String returns the result in words: "White wins", "Draw", ...
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "result?"
}

// PGN returns the result as a PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) PGN() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Win returns the result of a win for c.
func Win(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

// The reasons.
const (
	NoReason Reason = iota
	Checkmate
	Stalemate
	FiftyMoves
	Threefold
	Insufficient
)

var reasonNames = [...]string{"", "checkmate", "stalemate", "fifty-move rule", "threefold repetition", "insufficient material"}

// String returns the reason in words ("" for NoReason).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Outcome is the result of a game and the reason for it.
type Outcome struct {
	Result Result
	Reason Reason
}

// String returns the outcome in words, such as "White wins by checkmate".
func (o Outcome) String() string {
	switch {
	case o.Result == Ongoing:
		return "ongoing"
	case o.Reason == NoReason:
		return o.Result.String()
	}
	return o.Result.String() + " by " + o.Reason.String()
}

// OrthodoxOutcome returns the outcome of p under RULES.md O1 and O2 when only p is known (no
// repetition): checkmate, stalemate, insufficient material, then the fifty-move rule (100
// plies without capture or pawn move). A mate on the hundredth ply stands.
func OrthodoxOutcome(p Position) Outcome {
	if !p.HasLegalMove() {
		if p.InCheck() {
			if p.turn == White {
				return Outcome{BlackWins, Checkmate}
			}
			return Outcome{WhiteWins, Checkmate}
		}
		return Outcome{Draw, Stalemate}
	}
	if p.InsufficientMaterial() {
		return Outcome{Draw, Insufficient}
	}
	if p.halfmove >= 100 {
		return Outcome{Draw, FiftyMoves}
	}
	return Outcome{}
}

// Game is a game of orthodox chess: a start position, the moves played and the positions they
// led to. Draws by stalemate, threefold repetition, the fifty-move rule and insufficient
// material are automatic (RULES.md O2).
type Game struct {
	start   Position
	pos     Position
	moves   []Move
	hashes  []uint64 // hashes[i] is the key of the position after i moves
	outcome Outcome
}

// NewGame starts a game from start (which may already be over).
func NewGame(start Position) *Game {
	g := &Game{start: start, pos: start, hashes: []uint64{start.hash}}
	g.judge()
	return g
}

// Start returns the start position.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns a copy of the moves played so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Play plays m, which must be legal, and updates the outcome.
func (g *Game) Play(m Move) error {
	if g.outcome.Result != Ongoing {
		return fmt.Errorf("%w (%v)", ErrGameOver, g.outcome)
	}
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("%w: %s in %s", ErrIllegalMove, m.UCI(), g.pos.FEN())
	}
	g.pos = g.pos.Play(m)
	g.moves = append(g.moves, m)
	g.hashes = append(g.hashes, g.pos.hash)
	g.judge()
	return nil
}

// Outcome returns the outcome so far (Result Ongoing while the game goes on).
func (g *Game) Outcome() Outcome { return g.outcome }

// judge sets the outcome of the current position: checkmate and stalemate first, then
// insufficient material, threefold repetition and the fifty-move rule.
func (g *Game) judge() {
	o := OrthodoxOutcome(g.pos)
	if o.Reason == Checkmate || o.Reason == Stalemate || o.Reason == Insufficient {
		g.outcome = o
		return
	}
	// Only positions since the last capture or pawn move can repeat the current one.
	window := g.hashes
	if n := int(g.pos.halfmove) + 1; n < len(window) {
		window = window[len(window)-n:]
	}
	if RepetitionCount(window, g.pos.hash) >= 3 {
		g.outcome = Outcome{Draw, Threefold}
		return
	}
	g.outcome = o
}

// RepetitionCount returns how many of hashes equal h.
func RepetitionCount(hashes []uint64, h uint64) int {
	n := 0
	for _, x := range hashes {
		if x == h {
			n++
		}
	}
	return n
}
