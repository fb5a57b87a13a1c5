// Package bot plays Never-Ending Chess (package nec) for any seat of a game.
//
// Two strategies fill a seat: Random submits a random legal order (one move, no fallback), and
// Planner looks one update ahead. For its best few orders the planner plays every order of its
// own against the likely replies of each other player (passing, capturing, running away with
// an attacked piece), resolves each combination with nec.State.Resolve, and scores the board
// that follows: the score difference, the pieces left hanging (attacked and capturable, or
// attacked several at once, so that one order cannot save them all), crowded pieces that must
// leave, and the enemy pieces it can take next. Its orders carry fallbacks: a capture is
// followed by "if this capture fails, play ..." (chained over other captures, as in seed
// example (39)), and a move of a capturable piece by "if it is captured, move this other piece
// instead" (RULES.md N8).
//
// Rule source: seed 003 and RULES.md section N (N3-N9 drive the evaluation); the bots use only
// the exported API of package nec. Everything is deterministic: the strategies take a seed.
//
// Match plays a whole game between strategies; cmd/plyground's nec-match command measures the
// planner against the random bot with it.
package bot
