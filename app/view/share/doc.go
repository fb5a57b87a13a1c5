// Package share is the dialog that shares a game of any kind: the link that carries the whole
// game in its fragment, a button to copy it, the system share sheet, and the link as a QR
// code drawn in the page.
package share
