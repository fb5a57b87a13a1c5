// Package search will hold the computer opponent: evaluation, transposition table, move
// ordering and alpha-beta / expectimax search over the rules in package engine, with the
// budget and cancellation passed in by the caller. It is a placeholder until the AI issue.
package search
