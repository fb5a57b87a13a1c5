//go:build !wasm

package browser

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// CapturePointer reports ErrUnsupported on the host.
func CapturePointer(el app.Value, pointerID int) error { return ErrUnsupported }

// ReleasePointer reports ErrUnsupported on the host.
func ReleasePointer(el app.Value, pointerID int) error { return ErrUnsupported }
