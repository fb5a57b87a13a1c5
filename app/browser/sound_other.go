//go:build !wasm

package browser

// Sound plays the app's sounds; on the host it is silent. The zero Sound is ready to use.
type Sound struct{}

// Play plays nothing on the host and reports no error: there is nothing to hear. A cue
// that does not exist is an error, as in the browser.
func (s *Sound) Play(c Cue) error {
	if c.tones() == nil {
		return errNoCue(c)
	}
	return nil
}

// Close does nothing on the host.
func (s *Sound) Close() error { return nil }
