package search

// Kind says what kind of node a state is.
type Kind uint8

// The node kinds.
const (
	// Decision: the side to move chooses one of the branches.
	Decision Kind = iota
	// Chance: nature chooses a branch with probability proportional to its Weight (a dice
	// roll). The side to move stays the same across a chance node.
	Chance
	// Terminal: the game is over; Node.Outcome says how it ended for the side to move.
	Terminal
)

// Outcome is the end of a game from the point of view of the side to move.
type Outcome int8

// The outcomes.
const (
	Loss Outcome = -1
	Draw Outcome = 0
	Win  Outcome = 1
)

// Node describes a state for the search.
type Node struct {
	Kind    Kind
	Side    int     // the side to move, 0 or 1; it may stay the same for several plies
	Outcome Outcome // Terminal: the outcome for Side
	// InCheck: the side to move is in check (no standing pat in the quiescence search, and
	// the node is searched one ply deeper).
	InCheck bool
	// TurnStart: the state is the start of a turn, where repetitions are judged.
	TurnStart bool
	// PliesLeft is the most plies the side to move may still make in this turn, this one
	// included (0: unknown). The series-mate solver tries only checks on the last one.
	PliesLeft int
}

// Branch is one branch of a node: an action of the side to move, or an outcome of chance.
type Branch[A comparable] struct {
	Action A
	// Order ranks the branch for move ordering: higher first. Conventions: winning captures
	// and promotions from 1<<20 up, quiet moves 0 (the search adds its history score),
	// losing captures below -1<<19, actions to try last below -1<<21.
	Order int32
	// Weight is the relative probability of a chance branch (ignored at decision nodes).
	Weight int32
	// Key identifies the action for the history and killer tables, 0..4095 (from and to
	// squares for a move).
	Key uint16
	// Noisy branches are the ones the quiescence search plays: captures and promotions
	// that do not lose material.
	Noisy bool
	// Rare branches (an SDM token spend) are tried last, and below the root only where
	// plenty of depth remains.
	Rare bool
}

// Game is a game played in turns, as the search sees it. A turn may have several plies (the
// side to move stays the same from one state to the next) and may begin with chance. S is a
// state (a value the search copies freely), A an action.
type Game[S any, A comparable] interface {
	// Expand classifies s and appends its branches to buf (none for a terminal node).
	Expand(s S, buf []Branch[A]) (Node, []Branch[A])
	// Do returns the state after a, one of the branches Expand gave for s.
	Do(s S, a A) S
	// Side returns the side to move in s, 0 or 1, as Expand's Node.Side.
	Side(s S) int
	// Key returns a hash of everything that decides the game from s on.
	Key(s S) uint64
	// Evaluate returns the static value of s for the side to move, in centipawns.
	Evaluate(s S) int
}

// Passer is a Game that can give up the rest of a turn for the null-move pruning. Pass
// returns the state in which the opponent moves as if the side to move had passed, and false
// when passing is not meaningful in s (in check, zugzwang-prone, inside a turn).
type Passer[S any] interface {
	Pass(s S) (S, bool)
}

// Checker is a Game that can tell whether an action gives check, for the series-mate solver.
type Checker[S any, A comparable] interface {
	GivesCheck(s S, a A) bool
}

// CheckLister is a Game that can list, faster than by GivesCheck for each action, the
// actions that give check on the last ply of a turn, for the series-mate solver (which tries
// only checks there). LastChecks reports false when s is not a decision on the last ply of
// its turn; otherwise it appends the actions of s that give check to buf.
type CheckLister[S any, A comparable] interface {
	LastChecks(s S, buf []A) ([]A, bool)
}

// Mater is a Game that can tell quickly whether the side to move in s, at the start of its
// turn, is checkmated (in check with no legal action), for the series-mate solver.
type Mater[S any] interface {
	Mated(s S) bool
}

// Aimer is a Game that ranks actions by how much they bring the mover's pieces to bear on
// the opponent's king, for the series-mate solver (higher first).
type Aimer[S any, A comparable] interface {
	Aim(s S, a A) int
}

// Horizon is a Game that can tell a chance node or the end of the game without listing the
// outcomes: the quiescence search evaluates such a chance node as it stands (below the
// roll it averages with QuiescenceRolls, or at the horizon without it), so listing them
// there is wasted.
type Horizon[S any] interface {
	// Horizon returns the Node of s as Expand would and true when it can tell without
	// listing that s is a chance node or terminal; false otherwise (then Expand tells),
	// and always for a decision.
	Horizon(s S) (Node, bool)
}

// Quiescer is a Game whose searches can prune or stand pat before listing any action. Calm
// reports whether s is a decision of the side to move, not in check and not terminal by the
// state itself (only a stalemate, no legal action, may go unseen), and returns its Node as
// Expand would; Noisy then appends the noisy branches of s, the same as Expand would give
// with Noisy set.
type Quiescer[S any, A comparable] interface {
	Calm(s S) (Node, bool)
	Noisy(s S, buf []Branch[A]) []Branch[A]
}

// Exchanger is a Game that can tell what an action loses or wins by the exchanges it allows
// on its target square (the static exchange evaluation, in centipawns), for the pruning of
// moves that lose material near the horizon. Exchange is asked only on the last ply of a
// turn, for late quiet actions and losing captures; a check is not pruned, whatever it
// loses. A game that cannot judge an exchange answers 0, which prunes nothing.
type Exchanger[S any, A comparable] interface {
	Exchange(s S, a A) int
}
