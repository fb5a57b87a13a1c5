// Package shell is what every page of the app shares. App is the one value of a run of the
// program (made by cmd/pwa, handed to every page's component): the saved-game store and the
// settings in it, the address the program started at, the game screen shown, the 8x8 game in
// progress as storage knows it, the dice (scripted by the browser tests' hooks only when the
// host serves the page with -test-hooks), the page's sound and the engine's worker. Its Page
// draws the frame of every page: the top bar with the app's name and navigation, the banner
// of a new version (UpdateBanner), the notice of a damaged address (repaired by
// WatchAddress). On gives the event handlers made by factories or in loops their scope.
package shell
