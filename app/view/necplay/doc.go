// Package necplay holds the Never-Ending Chess screens: the game screen (Screen: the board
// to pan and zoom, orders entered seat by seat, the bots, the updates and their history,
// sharing) and the new-game screen (NewGame). The game itself is package necgame's logic.
package necplay
