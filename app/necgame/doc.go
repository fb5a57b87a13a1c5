// Package necgame is a game of Never-Ending Chess (package variants/nec) in progress, as the
// page plays it: the seats (people and bots), hot-seat entry of hidden orders with a cover
// between people, the draft of the order being entered (a piece, a target, fallbacks), the
// marks a board shows (crowded, capturable, on a threat clock), resolving updates with the
// bots' orders, the history of updates with every order revealed, and the game record that
// saved games and links carry. Games are saved, listed, exported and shared through package
// app/store, like every other kind (Codec, WithGame, Save, Load, OpenLink).
//
// The page's bots think in the engine worker (package app/worker): NextBot says which bot is to
// choose its order, on which board and with which seed (BotSeed), and Decide takes the order's
// text; a bot still to choose when the update resolves chooses here, within its level's budget.
//
// A record holds at most what a game reaches (MaxUpdates updates, an army of MaxArmy pieces a
// player, a bounded text): DecodeRecord refuses anything larger before replaying it, and a game
// stops at MaxUpdates (Full). A game does not keep every board: it keeps the boards every few
// updates and replays the others when the page asks for them. FileShared decides where a game
// opened from a link is kept: never over a different saved game.
//
// Privacy (RULES.md N10): a person's order is held by the Game until the update resolves, and
// nothing the page can reach while another person enters an order includes it: View returns the
// board, the revealed history, the entering seat's own draft and, for the other seats, only
// whether they are ready.
//
// The package is pure Go (no go-app, no syscall/js): its tests run on the host.
package necgame
