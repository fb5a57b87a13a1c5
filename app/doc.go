// Package app groups the browser application: view (go-app components), session (pure
// game-in-progress logic), store (saved games and share links) and browser (the adapters
// that touch the browser).
package app
