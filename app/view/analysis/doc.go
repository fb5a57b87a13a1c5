// Package analysis is the analysis board (/analysis): any 8x8 game of any variant (a saved
// game, a shared link, a rules diagram's position, or a new board) stepped through with the
// engine's analysis beside it, which the engine's Web Worker runs continuously and streams
// (app/analysis through app/worker): the evaluation bar and number from White's side, the
// best line in the variant's notation and as arrows on the board, depth and nodes; in dice
// chess before the roll, the value of each of the 21 rolls (D1); side lines the player tries
// from any position and leaves; the game review (every turn evaluated with a progress bar,
// the evaluation graph, the turns that lost the most marked with the better turn found),
// kept with the saved game; and, in progressive chess, the series-mate solver ("solve this
// position").
//
// The evaluation bar's and the graph's geometry are pure functions (bar.go) with host tests;
// the page's behaviour is tested in tests/browser/analysis.test.mjs.
package analysis
