// Package view holds no code of its own: Plyground's go-app components are its sub-packages,
// split by screen, each importing only the ones below it (internal/layering checks it):
//
//   - route: the one table of the pages, the typed builders of their addresses, and
//     route.Register, through which cmd/pwa registers every page;
//   - pieces: the drawing of every piece, the one source of web/pieces/ and of the
//     Never-Ending Chess board's pieces;
//   - gesture: the pointer layer of both boards (click or drag, pointer capture);
//   - shell: the frame every page shares (top bar, navigation, update banner, install
//     button, the damaged-address notice), the settings and the saved-game store;
//   - board: the 8x8 board, which draws any engine position from either side with marks;
//   - necboard: the Never-Ending Chess board, its camera, pieces and thumbnails;
//   - share: the dialog that shares a game of any kind by link and QR code;
//   - play: the 8x8 game screen and its new-game screen;
//   - necplay: the Never-Ending Chess game and new-game screens;
//   - necremote: Never-Ending Chess across devices (a referee's game by links);
//   - analysis: the analysis board (the engine's evaluation, best line, roll table, side
//     lines, the game review, the series-mate solver);
//   - problems: the series-mate problems of progressive chess;
//   - saved: the saved games of every kind;
//   - home: the home page, the rules pages, settings and about.
//
// The games in progress are the pure logic of packages session and necgame; these packages
// turn them into elements and events. Styles live in web/app.css and web/nec.css, piece
// images in web/pieces/.
package view
