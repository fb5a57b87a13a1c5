// Package view holds Plyground's go-app components and pages: the board, which draws any
// engine position from either side with marks on its squares (and small diagrams drawn from
// FEN); the home page with every variant; the new-game screen; the game screen (board with
// click-click and drag-and-drop by mouse, touch or pen, player bars with clocks and tokens,
// the turn panel, the move list, take back and redo, the computer opponent through the
// engine's worker); the rules pages with diagrams and "try it" positions; settings and about.
//
// The game in progress is package session's pure logic; this package turns it into elements
// and events. The drawing decisions that can be (which square goes where, its colour, its
// coordinates, its accessible label, its CSS classes, the address of a game) are pure
// functions tested on the host. Styles live in web/app.css, piece images in web/pieces/.
package view
