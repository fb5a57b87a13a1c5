// Package store is Plyground's one saved-game layer, for every kind of game (the 8x8 games of
// package turn, Never-Ending Chess): it keeps them in the browser's storage and carries them
// between browsers. It holds one Storage, one ID scheme, one versioned envelope that says
// the game's kind (with a Codec a kind to read its record: package variants for 8x8 games,
// app/necgame's for Never-Ending Chess, handed to the Store), a quick index that lists
// thousands of games without decoding them, one settings value (how the app looks and how a
// game is played), an export file holding every game and its import (with its progress),
// share links for every kind (#g=, #n=), PGN for the 8x8 games, and the policy of where a
// shared 8x8 game is filed.
//
// The package is pure Go: it reaches the browser's storage only through the Storage
// interface (app/browser adapts window.localStorage to it), so all of it is tested on the
// host. It ranks below app/session and app/necgame, which store through it. Every format it
// has ever written keeps loading: testdata/ holds samples of each version of the envelope
// (and of the Never-Ending Chess envelope that came before it), the settings, the export
// file and the share link, and the tests load them all. Nothing here deletes or hides an
// entry it cannot read: a damaged, foreign or newer entry is listed as such next to the good
// ones, and a full storage keeps the last good save. Whatever it writes, it reads back.
package store
