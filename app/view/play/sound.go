package play

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

// sound is a short synthesized sound (Web Audio): no audio files to download or cache.
type sound uint8

const (
	soundMove sound = iota
	soundCapture
	soundCheck
	soundEnd
	soundRoll
)

// tone is one note of a sound: frequency (Hz), start and length (s), peak gain.
type tone struct {
	freq, at, length, gain float64
}

var sounds = [...][]tone{
	soundMove:    {{420, 0, 0.07, 0.18}},
	soundCapture: {{300, 0, 0.05, 0.22}, {220, 0.045, 0.08, 0.2}},
	soundCheck:   {{660, 0, 0.08, 0.14}, {880, 0.08, 0.1, 0.12}},
	soundEnd:     {{523, 0, 0.12, 0.12}, {659, 0.12, 0.12, 0.12}, {784, 0.24, 0.2, 0.12}},
	soundRoll:    {{180, 0, 0.03, 0.15}, {240, 0.05, 0.03, 0.15}, {200, 0.1, 0.04, 0.15}},
}

// play plays the sound on the app's AudioContext when sound is on in the settings.
func (s sound) play(a *shell.App, on bool) {
	if !on || !app.IsClient {
		return
	}
	audio := a.Audio()
	if audio == nil {
		return
	}
	if audio.Get("state").String() == "suspended" {
		audio.Call("resume")
	}
	now := audio.Get("currentTime").Float()
	for _, t := range sounds[s] {
		osc := audio.Call("createOscillator")
		gain := audio.Call("createGain")
		osc.Set("type", "triangle")
		osc.Get("frequency").Call("setValueAtTime", t.freq, now+t.at)
		g := gain.Get("gain")
		g.Call("setValueAtTime", 0.0001, now+t.at)
		g.Call("exponentialRampToValueAtTime", t.gain, now+t.at+0.01)
		g.Call("exponentialRampToValueAtTime", 0.0001, now+t.at+t.length)
		osc.Call("connect", gain)
		gain.Call("connect", audio.Get("destination"))
		osc.Call("start", now+t.at)
		osc.Call("stop", now+t.at+t.length+0.02)
	}
}
