package browser

import "errors"

// ErrUnsupported is returned when the browser lacks a feature (or on the host).
var ErrUnsupported = errors.New("this browser does not support it")

// ErrCanceled is returned when the player closed the share sheet or the file picker
// without choosing.
var ErrCanceled = errors.New("canceled")
