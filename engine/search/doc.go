// Package search is the computer opponent's thinking: evaluation, transposition table, move
// ordering, alpha-beta and expectimax, and the planning of long turns. It knows orthodox
// chess (package engine) and nothing of the variants: a variant reaches it through the small
// interfaces defined here, which package turn implements for every turn-based variant.
//
//   - Game is a game played in turns: Expand classifies a state (a decision of the side to
//     move, a chance node such as a dice roll, or the end of the game) and lists its
//     branches with ordering hints; Do, Side, Key and Evaluate do the rest. A turn may have
//     several plies: the side to move then stays the same from one state to the next, and
//     the search keeps the score's point of view instead of negating it every ply.
//   - Searcher runs iterative deepening over a Game: principal variation search with
//     aspiration windows and a transposition table (which also keeps static evaluations and
//     the quiescence search's results), check extensions, move ordering by the table's
//     action, the game's hints (captures by the exchange evaluation), killers, counter moves,
//     history with a malus and continuation history (by the squares the two actions before
//     went to), singular extensions of the table's action (by two plies off the principal
//     variation when it stands out further, and with the cut of a node where several
//     actions beat beta), logarithmic late move reductions, late move pruning, futility
//     pruning, razoring and (for games that can judge exchanges, Exchanger) the pruning of
//     moves that lose material on the last ply of a turn, reverse futility, ProbCut (for
//     Quiescer games), internal iterative reductions and (for games that can pass, Passer)
//     null-move pruning; at chance nodes, expectimax with Star1 and Star2 pruning (each
//     outcome probed with its first action). Rare branches (an SDM token spend) are
//     searched last and only near the root. A game that is a Quiescer has its calm nodes
//     expanded only when their actions are needed, and lists only the noisy actions for the
//     quiescence search.
//     Technique names each optional technique, so that a search can be run without it
//     (Options.Disable) to measure what it is worth.
//   - SolveSeries is the series-mate solver of progressive chess: does a sequence of the
//     mover's actions exist that ends its turn with the opponent checkmated? PlanSeries
//     builds a turn of many plies when there is no mate: a beam over the mover's plies, each
//     finished series judged by the opponent's longer reply.
//   - Evaluate is the orthodox evaluation as played, EvaluateTurn with one ply against one
//     (material, piece-square terms from simple rules and fitted corrections, mobility, king
//     safety, pawn structure, outposts, mop-up of a bare king), its weights fitted on the
//     engine's own games labelled by Stockfish's scores (tune_test.go, a Texel-style tuner,
//     which fits EvaluateTurn as orthodox chess searches it); EvaluateTurn adds what the turn
//     structure changes: a piece left hanging is worth more to an opponent that moves twice,
//     and with one ply against one (orthodox chess) the terms fitted for that turn: the
//     mover's pieces a cheaper one attacks, the weak squares by the king, unguarded and
//     backward pawns, rooks behind passed pawns. SEE is the static exchange evaluation.
//   - Budget bounds a search by nodes, a deadline read from an injected clock, a depth and a
//     cancellation flag; no goroutine is started. Level maps the levels 1 to 5 to budgets and
//     a seeded imprecision.
//
// Orthodox is orthodox chess as a Game over engine positions, for tests and benchmarks of
// the search itself.
package search
