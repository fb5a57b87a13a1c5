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
// The planner thinks within a budget, like the 8x8 levels (engine/search): a number of
// positions resolved and scored (which makes its orders reproducible) and a time read from an
// injected clock (which binds only where positions take longer: a slow device, a board far
// beyond what a game reaches), plus a stop flag. It ranks its moves before scoring any
// (captures, pieces in danger, the approach to the enemy), so that a budget too small to score
// them all scores the likeliest first; on a game's board the levels' node budgets are rarely
// reached. Level gives the budgets of the three playing levels.
//
// Rule source: seed 003 and RULES.md section N (N3-N9 drive the evaluation); the bots use only
// the exported API of package nec. Everything is deterministic: the strategies take a seed.
//
// Match plays a whole game between strategies; cmd/plyground's nec-match command measures the
// planner against the random bot with it.
package bot
