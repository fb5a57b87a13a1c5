// Package analysis is the engine's analysis of an 8x8 game of any variant, below the user
// interface: the evaluation of a position from White's side (centipawns, or mate in so many
// turns), the best line written in the variant's notation (M6 commas, P8 series), depth and
// nodes, reported after each iteration of the search, cancellable and within a budget
// (Analyser.Analyse); in dice chess the expectation over the rolls, with the value of each of
// the 21 rolls before the roll and the best ply for the roll after it (D1); a hint, which is
// the best action now (Analyser.Hint); and the review of a whole game (Review): every turn
// evaluated, a graph, each turn classed by the winning chances it lost (Inaccuracy, Mistake,
// Blunder, with the thresholds as constants the page states), with the better turn the engine
// found, in a versioned string kept with the saved game (Review.Encode, DecodeReview).
//
// Progressive series (P1) are not searched ply by ply: the analysis runs the series-mate
// solver and the series planner of package search with growing budgets, and reports the
// series they find; SolveSeries is the problems screen's "solve this position".
//
// The package is pure Go; the worker (cmd/worker, through app/worker) runs it off the page.
package analysis
