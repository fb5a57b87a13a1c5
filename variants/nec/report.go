package nec

import (
	"fmt"
	"strings"
)

// Outcome is how a player's order ended in an update (RULES.md 6.1).
type Outcome uint8

// The outcomes of an order.
const (
	// Passed: the player submitted no valid order.
	Passed Outcome = iota
	// Played: a plain move or a steal was played.
	Played
	// Took: an ordinary capture hit at least one of its targets.
	Took
	// Missed: an ordinary capture hit nothing and had no matching fallback; the piece moved to the
	// target square anyway (N4).
	Missed
	// Cancelled: the moving piece was captured while moving and no matching fallback followed;
	// nothing moved for this player (N8, N9).
	Cancelled
)

var outcomeNames = [...]string{"passed", "played", "took", "missed", "cancelled"}

// String names the outcome.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "outcome?"
}

// Result is what one player's order did in an update, for a UI to reveal and animate.
type Result struct {
	Player int
	Order  Order
	// Step is the index of the step the walk stopped at (the one played, or the one whose piece
	// was captured when the outcome is Cancelled).
	Step    int
	Outcome Outcome
	// Piece moved from From to To (for Cancelled: the piece that was captured, and its move).
	Piece    PieceID
	From, To Square
	// Captured lists the pieces this order captured.
	Captured []PieceID
	// Tried lists, for every step the walk went through before Step, why it was left:
	// Missed (its capture failed) or Cancelled (its piece was captured).
	Tried []Outcome
	// Paradox is set when the paradox rule (RULES.md 6.5) answered one of this order's questions.
	Paradox bool
	// Unmarked is set when the order, a single step, was written as a capture on a square that
	// was empty on the visible board: nothing could be captured there, so it was played as a
	// plain move (N4).
	Unmarked bool
}

// Rejection is an order rejected as illegal, with the reason.
type Rejection struct {
	Player int
	Order  Order
	Err    error
}

// Capture records one capture: Piece (as it stood on the visible board) was captured by player
// By with its piece Capturer; Steal is set for a time thief's steal.
type Capture struct {
	Piece    Piece
	By       int
	Capturer PieceID
	Steal    bool
}

// Report is everything one update did, in a stable order (by player, then by piece).
type Report struct {
	// Update is the number of this update (1 for the first).
	Update   int
	Results  []Result
	Rejected []Rejection
	Captures []Capture
	// CrowdDeaths are the pieces that died because they stayed on a crowded square (N5).
	CrowdDeaths []Piece
	// Crowded are the pieces that share a square after the update (they must leave next update).
	Crowded []PieceID
	// Marked are the pieces capturable during the next update, with their reasons.
	Marked []Piece
	// Eliminated are the players who lost their last piece in this update.
	Eliminated []int
}

// Result returns the result of player p's order, if it submitted a valid one.
func (r Report) Result(p int) (Result, bool) {
	for _, x := range r.Results {
		if x.Player == p {
			return x, true
		}
	}
	return Result{}, false
}

// Rejection returns the rejection of player p's order, if there was one.
func (r Report) Rejection(p int) (Rejection, bool) {
	for _, x := range r.Rejected {
		if x.Player == p {
			return x, true
		}
	}
	return Rejection{}, false
}

// String lists everything in the report, one fact a line, for logs and tests.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "update %d\n", r.Update)
	for _, x := range r.Results {
		fmt.Fprintf(&b, "player %d: step %d %v, piece %d %v-%v, captured %v, tried %v", x.Player, x.Step+1, x.Outcome, x.Piece, x.From, x.To, x.Captured, x.Tried)
		if x.Paradox {
			b.WriteString(", paradox rule")
		}
		if x.Unmarked {
			fmt.Fprintf(&b, ", played as a plain move: written as a capture, but %v was empty on the visible board (N4)", x.To)
		}
		b.WriteByte('\n')
	}
	for _, x := range r.Rejected {
		fmt.Fprintf(&b, "player %d: rejected: %v\n", x.Player, x.Err)
	}
	for _, x := range r.Captures {
		fmt.Fprintf(&b, "piece %d (%v of player %d) captured on %v by player %d's piece %d", x.Piece.ID, x.Piece.Kind, x.Piece.Owner, x.Piece.Sq, x.By, x.Capturer)
		if x.Steal {
			b.WriteString(" (steal)")
		}
		b.WriteByte('\n')
	}
	for _, x := range r.CrowdDeaths {
		fmt.Fprintf(&b, "piece %d (%v of player %d) died of crowding on %v\n", x.ID, x.Kind, x.Owner, x.Sq)
	}
	if len(r.Crowded) > 0 {
		fmt.Fprintf(&b, "crowded: %v\n", r.Crowded)
	}
	for _, x := range r.Marked {
		fmt.Fprintf(&b, "piece %d on %v capturable (%v)\n", x.ID, x.Sq, x.Marks)
	}
	if len(r.Eliminated) > 0 {
		fmt.Fprintf(&b, "eliminated: %v\n", r.Eliminated)
	}
	return b.String()
}
