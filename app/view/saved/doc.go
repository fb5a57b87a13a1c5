// Package saved holds the screen of the saved games of every kind: the list with its
// filters, a picture of each game, resume, rename, delete, share, import and export.
package saved
