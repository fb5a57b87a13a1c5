// Package play holds the game screen of the 8x8 variants (Play: the board with click-click
// and drag-and-drop by mouse, touch or pen, player bars with clocks and tokens, the turn
// panel, the move list, take back and redo, the computer opponent through the engine's
// worker) and its new-game screen (NewGame). The game itself is package session's logic;
// every change is saved in the store and written in the address bar.
package play
