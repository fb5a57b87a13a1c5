// Package problems holds the series-mate problems of progressive chess (RULES.md P1 to P9,
// Italian and Scottish): a collection of problems composed for Plyground (problems.txt,
// embedded), each stated as a position at the start of a series, whose length is the FEN's
// series number (P9), with every one of its solutions; the checker of a player's series
// (Check: solved, or which ply fails and why); the exhaustive enumeration of a position's
// mating series that verifies the collection (Solutions); "solve this position" with a node
// budget and progress (Solve); and the share link of a problem (Link, DecodeLink).
//
// A solution is a series that ends with the opponent checkmated. Two series that reach the
// same final position (the same plies in another order) are one solution, as the problem
// counts them; the collection lists every solution of each problem, so that any mating
// series a player finds matches one of them.
//
// The problems were composed with the help of a generator (gen_test.go, run by hand with
// -gen) that proposes sparse positions and keeps those whose solutions the enumeration
// counts in full within a small budget; every problem's solutions are checked again by the
// tests, and each against the series-mate solver of package search.
package problems
