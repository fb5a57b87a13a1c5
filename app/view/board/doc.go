// Package board draws the 8x8 board: any engine position from either side, with marks on
// its squares (last move, selection, targets, check), as an accessible grid or as a small
// diagram. Which square goes where, its colour, coordinates, label and CSS classes are pure
// functions tested on the host; the pieces are drawn by web/app.css from web/pieces/.
package board
