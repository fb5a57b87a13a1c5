package browser

import (
	"fmt"

	"github.com/hack-pad/safejs"
)

// Sound plays the app's sounds through the Web Audio API. It owns its AudioContext, made at
// its first sound, which follows a gesture of the player (browsers start an AudioContext
// made before any gesture suspended). Use it from the UI goroutine; the zero Sound is ready
// to use, and Close lets the AudioContext go.
type Sound struct {
	audio safejs.Value // the AudioContext; undefined until the first sound
}

// Play plays the cue c. It returns ErrUnsupported when the browser has no Web Audio, and
// the error of the first call that failed otherwise (nothing is then heard).
func (s *Sound) Play(c Cue) error {
	tones := c.tones()
	if tones == nil {
		return errNoCue(c)
	}
	if err := s.play(tones); err != nil {
		return fmt.Errorf("playing a sound: %w", err)
	}
	return nil
}

func (s *Sound) play(tones []tone) error {
	if s.audio.IsUndefined() {
		ctor, err := global("AudioContext")
		if err != nil {
			ctor, err = global("webkitAudioContext")
		}
		if err != nil {
			return ErrUnsupported
		}
		audio, err := ctor.New()
		if err != nil {
			return exception(err)
		}
		s.audio = audio
	}
	if stringOf(s.audio, "state") == "suspended" {
		if _, err := call(s.audio, "resume"); err != nil {
			return err
		}
	}
	v, err := property(s.audio, "currentTime")
	if err != nil {
		return err
	}
	now, err := v.Float()
	if err != nil {
		return exception(err)
	}
	dest, err := property(s.audio, "destination")
	if err != nil {
		return err
	}
	for _, t := range tones {
		if err := s.note(t, now, dest); err != nil {
			return err
		}
	}
	return nil
}

// note schedules one tone, now being the AudioContext's current time.
func (s *Sound) note(t tone, now float64, dest safejs.Value) error {
	osc, err := call(s.audio, "createOscillator")
	if err != nil {
		return err
	}
	gain, err := call(s.audio, "createGain")
	if err != nil {
		return err
	}
	if err := osc.Set("type", "triangle"); err != nil {
		return exception(err)
	}
	freq, err := property(osc, "frequency")
	if err != nil {
		return err
	}
	g, err := property(gain, "gain")
	if err != nil {
		return err
	}
	for _, step := range []struct {
		v    safejs.Value
		m    string
		args []any
	}{
		{freq, "setValueAtTime", []any{t.freq, now + t.at}},
		{g, "setValueAtTime", []any{0.0001, now + t.at}},
		{g, "exponentialRampToValueAtTime", []any{t.gain, now + t.at + 0.01}},
		{g, "exponentialRampToValueAtTime", []any{0.0001, now + t.at + t.length}},
		{osc, "connect", []any{gain}},
		{gain, "connect", []any{dest}},
		{osc, "start", []any{now + t.at}},
		{osc, "stop", []any{now + t.at + t.length + 0.02}},
	} {
		if _, err := call(step.v, step.m, step.args...); err != nil {
			return err
		}
	}
	return nil
}

// Close lets the AudioContext go; the next sound makes a new one.
func (s *Sound) Close() error {
	if s.audio.IsUndefined() {
		return nil
	}
	audio := s.audio
	s.audio = safejs.Undefined()
	if _, err := call(audio, "close"); err != nil {
		return fmt.Errorf("closing the sound: %w", err)
	}
	return nil
}
