package browser

import "fmt"

// Cue names one of the app's sounds: short synthesized tones (Web Audio), so there are no
// audio files to download or cache.
type Cue uint8

// The sounds of the game screens.
const (
	CueMove    Cue = iota // a move
	CueCapture            // a capture
	CueCheck              // a check
	CueEnd                // the end of the game
	CueRoll               // a roll of the dice
)

// tone is one note of a sound: frequency (Hz), start and length (s), peak gain.
type tone struct {
	freq, at, length, gain float64
}

// cues holds the notes of each cue.
var cues = [...][]tone{
	CueMove:    {{420, 0, 0.07, 0.18}},
	CueCapture: {{300, 0, 0.05, 0.22}, {220, 0.045, 0.08, 0.2}},
	CueCheck:   {{660, 0, 0.08, 0.14}, {880, 0.08, 0.1, 0.12}},
	CueEnd:     {{523, 0, 0.12, 0.12}, {659, 0.12, 0.12, 0.12}, {784, 0.24, 0.2, 0.12}},
	CueRoll:    {{180, 0, 0.03, 0.15}, {240, 0.05, 0.03, 0.15}, {200, 0.1, 0.04, 0.15}},
}

// tones returns the notes of c; none for a cue that does not exist.
func (c Cue) tones() []tone {
	if int(c) >= len(cues) {
		return nil
	}
	return cues[c]
}

// errNoCue is the error of playing a cue that does not exist.
func errNoCue(c Cue) error { return fmt.Errorf("no sound %d", c) }
