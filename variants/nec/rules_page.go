package nec

import _ "embed" // the rules page's text

// Rules is the text of the in-app rules page, in plain words with the RULES.md numbers N1-N10
// (Markdown, as the other variants' rules). The file beside this one is named apart from
// RULES.md, the exact algorithm, so that the two do not clash on a file system that ignores
// case.
//
//go:embed rules-page.md
var Rules string

// RemoteHelp is the help page of a game played across devices through links (a referee,
// invitations, sealed orders, public updates; package app/necgame/remote), in plain words
// (Markdown, as Rules).
//
//go:embed remote-page.md
var RemoteHelp string
