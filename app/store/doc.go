// Package store keeps Plyground's games and carries them between browsers: saved games in
// local storage (a versioned JSON envelope around the game record of package turn), an export
// file holding every game, share links that carry a whole game in the URL fragment, and PGN
// import and export.
//
// The package is pure Go: it reaches the browser's storage only through the Storage
// interface (app/browser adapts window.localStorage to it), so all of it is tested on the
// host. Every format it has ever written keeps loading: testdata/ holds samples of each
// version of the saved-game envelope, the export file and the share link, and the tests load
// them all. Nothing here deletes or hides an entry it cannot read: a damaged, foreign or newer
// entry is listed as such next to the good ones, and a full storage keeps the last good save.
package store
