// Package shell is the frame every page of the app shares: the top bar with the app's name
// and navigation (Page), the banner of a new version (UpdateBanner), the install button, the
// notice of a damaged address and the repair of such addresses (WatchAddress), the icons,
// and what every screen reads: the player's settings and the saved-game store.
package shell
