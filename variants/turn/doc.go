// Package turn is the vocabulary every multi-ply chess variant shares: a turn (the plies one
// side makes before the other moves), the schedule of turns, chance events (dice rolls),
// actions that are not plies (a token spend rides on a ply; a pass), the game record, its
// string and PGN forms, and turn-perft. The user interface, the computer opponent and the
// record use the Variant interface without knowing which variant they hold.
//
// # States and actions
//
// A State is the whole game at one point inside a turn: the board (an engine.Position with the
// mover to move, also between the plies of one turn), Ply and Plies (plies made, plies
// allowed), the e.p. targets (a set: Marseillais M5), Sacrifice Tokens and pending schedule
// (SDM), the roll (dice) and the counters of the draw rules. It is a value; every change
// returns a new one. An Action is a Ply (with Spend for an SDM token), a Pass, a Roll or a
// TakeKing. A Variant lists the legal actions now (Actions), applies one (Do, or Apply with
// checking), explains a refusal with the rule number (Explain, Find: a *RuleError whose text
// reads "Italian rule P4: check only on the last ply of a series"), and reads the outcome
// (Outcome: result, reason and rule, "Draw: progressive stalemate (P5)"). Game adds the
// history: threefold repetition, judged at turn starts with the point in the turn as part of
// the position (Key), undo, and ends outside the rules (resignation, agreement, time). Clock
// keeps S7 time as pure logic with the caller's times.
//
// The end of a game has one vocabulary for the engine and every 8x8 variant, here: Result,
// Reason and Outcome, ErrGameOver for an action after the end and ErrIllegal for one against
// the rules. The engine only says what an outcome is read from (check, legal moves, material,
// the clocks, the hash).
//
// # FEN
//
// A FEN given to a variant is the start of a turn. Its e.p. field may list several squares
// separated by commas (e.g. "c6,e6"): pawns that double-stepped in the opponent's last turn.
// What the fullmove number means is the variant's: the move number (orthodox, SDM, dice,
// Marseillais, where fullmove 1 with White to move is the game's one-ply first turn), or the
// series number of the side to move, which is its length (progressive, P9).
//
// # Notation
//
// Movetext follows the variant's Style. Paired (orthodox, SDM, Marseillais, dice): a number
// before White's turn, the plies of one turn joined by commas: "1.e4 e5,Nc6 2.Qh5,Nf3
// g6,gxh5" (M6). Series (progressive): every series numbered with its length, plies separated
// by spaces: "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#" (P8). What is not a ply is written so that a
// reader understands it and ParsePGN reads it back:
//
//   - a Sacrifice Token spent with a ply: the comment "{spend}" before the ply:
//     "1. {spend} e4 e5,Nc6";
//   - a skipped turn (SDM): "--" in its place: "2.-- Nf6" (White skipped) or "... --" (Black);
//   - a dice roll: the comment "{roll 3-5}" before the turn's ply: "1. {roll 1-2} e4";
//   - a pass (dice, D3): "--" after the roll: "{roll 3-4} --";
//   - a king capture (dice, D4): the piece, its square, "x" and the king's square: "Qd8xe1";
//   - an end outside the rules: a comment before the result: "{White resigns} 0-1";
//   - a turn played with a hint (Game.UseHint): the comment "{hint}" before the turn's plies:
//     "2. {hint} Qh5,Nf3".
//
// Check and mate signs follow the variant: "+" when a ply leaves the opponent in check, "#"
// when the game ends by mate right after it. PGN headers carry Variant (the catalogue ID),
// Options (canonical text) and FEN (always; SetUp "1" for a non-standard start).
//
// # Record string
//
// Game.Encode writes the record as base64url (no padding) of: a version byte, the variant code,
// the options, the start FEN, the End, the number of actions, then each action as its index
// among the legal actions sorted by Action.Key, in the fewest bits that hold the count (none
// for a forced action): a 40-turn Marseillais game takes about 80 characters. Decode replays
// and checks every action; a bad or truncated string gives an error that says which byte or
// which action, never a panic. Every version ever written keeps decoding to the game it
// recorded (the catalogue's testdata holds samples). Version 1 was written under the rules
// before RULES.md changed S4, S5, O2, D7, P7 and P9: such a record is read under them, and a
// game that today's rules would make another keeps them (State.Legacy, Game.Legacy); see
// RecordVersion.
//
// # Turn-perft
//
// Perft counts distinct sequences of complete turns (see perft.go for the exact semantics:
// a checking ply that ends a turn counts; a sequence ending in mate or stalemate before its
// turn is complete does not; a spend is a different turn; skipped turns are not turns).
package turn
