// Package session is the game in progress behind the play screen, as pure logic: no go-app,
// no syscall/js, so every behaviour is tested on the host.
//
// A Session holds a turn.Game of any turn-based variant and what the screen needs around it:
// the square the player picked up and its legal targets (given the plies already made in the
// turn), a pending promotion, the SDM "spend a token" toggle, dice rolls from an injected
// source (crypto in play, a script in tests: RULES.md D6), take back and redo (which never
// reroll: D6), viewing an earlier position, clocks (S7) with an injected time, the outcome,
// the lifecycle of requests to a computer opponent (ids, cancellation), and the words of the
// turn panel and the rows of the move list.
//
// It also holds the policies of an 8x8 game between the screen and its saved game (package
// app/store, which it stores through): the grammar of new-game addresses (GameQuery), the
// players kept (Players, SeatsOf), the clocks kept and resumed (SavedClock,
// SavedTimeControl, ResumeSaved), and move confirmation for games by link (Confirmation).
package session
