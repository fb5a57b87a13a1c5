//go:build !wasm

package browser

import (
	"errors"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestHostTwins checks what the host twins promise: features the host lacks report
// ErrUnsupported (asynchronous ones through their callback, once), storage is one shared
// memory, and sound is silent without error.
func TestHostTwins(t *testing.T) {
	if err := Download("a.json", "application/json", []byte("{}")); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Download: %v, want ErrUnsupported", err)
	}
	wait := func(what string, start func(done func(error))) {
		t.Helper()
		got := make(chan error, 2)
		start(func(err error) { got <- err })
		select {
		case err := <-got:
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: %v, want ErrUnsupported", what, err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: done never called", what)
		}
	}
	wait("ReadFile", func(done func(error)) {
		ReadFile("import-file", func(_ string, data []byte, err error) {
			if data != nil {
				t.Error("ReadFile gave data on the host")
			}
			done(err)
		})
	})
	wait("CopyText", func(done func(error)) { CopyText("x", done) })
	wait("Share", func(done func(error)) { Share("t", "x", "https://example.org/", done) })
	if CanShare() {
		t.Error("CanShare on the host")
	}
	for name, err := range map[string]error{
		"CapturePointer":  CapturePointer(app.ValueOf(nil), 1),
		"ReleasePointer":  ReleasePointer(app.ValueOf(nil), 1),
		"ReplaceLocation": ReplaceLocation("/"),
		"OnAddressChange": OnAddressChange(func() {}),
	} {
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", name, err)
		}
	}
	if _, err := Location(); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Location: %v, want ErrUnsupported", err)
	}
	a, err := Local()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Local()
	if err := a.Set("k", "v"); err != nil {
		t.Fatal(err)
	}
	if v, ok, err := b.Get("k"); !ok || v != "v" || err != nil {
		t.Errorf("Local is not one storage: %q %v %v", v, ok, err)
	}
	_ = a.Remove("k")
	var s Sound
	for c := CueMove; c <= CueRoll; c++ {
		if err := s.Play(c); err != nil {
			t.Errorf("Play(%d): %v", c, err)
		}
	}
	if err := s.Play(CueRoll + 1); err == nil {
		t.Error("Play of a cue that does not exist: no error")
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
}
