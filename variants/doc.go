// Package variants is the catalogue of the games Plyground plays: an explicit list of every
// variant with its ID, name, rules text, options and constructor. Each variant lives in its
// own subpackage and never imports another variant.
package variants
