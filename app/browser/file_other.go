//go:build !wasm

package browser

// Download reports ErrUnsupported on the host.
func Download(name, mime string, data []byte) error { return ErrUnsupported }

// ReadFile reports ErrUnsupported on the host.
func ReadFile(inputID string, done func(name string, data []byte, err error)) {
	go done("", nil, ErrUnsupported)
}
