// Package necboard draws the Never-Ending Chess board: the camera over the unbounded board
// (pan, zoom, fit), the pieces of up to eight seats with their colours and patterns, the
// moves' arrows, targets and trails, the animation of an update, and the small pictures of
// saved games. Its pieces are the drawings of package pieces, the one source of every piece
// of the app.
package necboard
