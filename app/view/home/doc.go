// Package home holds the pages around the games: the home page with every variant, the
// rules pages with their diagrams and "try it" positions (written in a small part of
// Markdown), the settings page and the about page.
package home
