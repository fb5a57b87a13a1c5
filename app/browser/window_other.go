//go:build !wasm

package browser

// Location reports ErrUnsupported on the host.
func Location() (string, error) { return "", ErrUnsupported }

// ReplaceLocation reports ErrUnsupported on the host.
func ReplaceLocation(string) error { return ErrUnsupported }

// OnAddressChange reports ErrUnsupported on the host.
func OnAddressChange(func()) error { return ErrUnsupported }

// OnStorageChange reports ErrUnsupported on the host.
func OnStorageChange(func(key string)) (stop func(), err error) { return nil, ErrUnsupported }
