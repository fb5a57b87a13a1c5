// Package view holds Plyground's go-app components and pages: the board, which draws any
// engine position from either side with marks on its squares, and the home page.
//
// The drawing decisions (which square goes where, its colour, its coordinates, its
// accessible label, its CSS classes) are pure functions of the inputs, tested on the host;
// the components only turn them into elements. Styles live in web/app.css, piece images in
// web/pieces/.
package view
