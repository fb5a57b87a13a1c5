//go:build !wasm

package browser

// CopyText reports ErrUnsupported on the host.
func CopyText(text string, done func(error)) { go done(ErrUnsupported) }

// CanShare reports false on the host.
func CanShare() bool { return false }

// Share reports ErrUnsupported on the host.
func Share(title, text, url string, done func(error)) { go done(ErrUnsupported) }
