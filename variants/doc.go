// Package variants is the catalogue of the games Plyground plays: an explicit list of every
// variant with its ID, name, one-line pitch, rules text, options (with defaults) and
// constructor. There is no init() self-registration: List is the list. Each variant lives in
// its own subpackage and never imports another variant; the turn-based ones share the
// vocabulary of package turn.
//
// Never-Ending Chess (ID "nec") is listed with its ID, name and pitch only: it is not played
// turn by turn through package turn, so its entry has no constructor here and no rules text
// (package nec carries its own).
package variants
