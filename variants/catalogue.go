package variants

import (
	"fmt"
	"strings"

	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/marseillais"
	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/orthodox"
	"github.com/plyground/plyground/variants/progressive"
	"github.com/plyground/plyground/variants/sdm"
	"github.com/plyground/plyground/variants/turn"
)

// Info describes one variant of the catalogue.
type Info struct {
	ID      string            // stable identifier, used in records, links and PGN ("marseillais")
	Name    string            // display name ("Marseillais chess")
	Pitch   string            // one line for the picker
	Rules   string            // rules text (Markdown, plain words, with the RULES.md numbers)
	Options []turn.OptionSpec // options with their defaults
	// New returns the variant for an option text ("" = defaults). It is nil for a variant
	// that is not played through package turn (Never-Ending Chess).
	New func(options string) (turn.Variant, error)
}

// Playable reports whether the variant can be opened through package turn.
func (i Info) Playable() bool { return i.New != nil }

// List returns every variant, in the order the picker shows them.
func List() []Info {
	return []Info{
		{
			ID: orthodox.ID, Name: "Orthodox chess",
			Pitch: "The classic game, as FIDE plays it.",
			Rules: orthodox.Rules, New: orthodox.Open,
		},
		{
			ID: marseillais.ID, Name: "Marseillais chess",
			Pitch:   "Two moves every turn: a check ends the turn at once.",
			Rules:   marseillais.Rules,
			Options: marseillais.OptionSpecs, New: marseillais.Open,
		},
		{
			ID: sdm.ID, Name: "SDM chess",
			Pitch:   "Spend a Sacrifice Token: your opponent moves twice, then you skip a turn.",
			Rules:   sdm.Rules,
			Options: sdm.OptionSpecs, New: sdm.Open,
		},
		{
			ID: progressive.ItalianID, Name: "Progressive chess (Italian)",
			Pitch:   "One move, then two, then three...: check only on the last move of a series.",
			Rules:   progressive.ItalianRules,
			Options: progressive.OptionSpecs,
			New:     func(o string) (turn.Variant, error) { return progressive.Open(progressive.Italian, o) },
		},
		{
			ID: progressive.ScottishID, Name: "Progressive chess (Scottish)",
			Pitch:   "One move, then two, then three...: a check ends the series.",
			Rules:   progressive.ScottishRules,
			Options: progressive.OptionSpecs,
			New:     func(o string) (turn.Variant, error) { return progressive.Open(progressive.Scottish, o) },
		},
		{
			ID: dice.ID, Name: "Dice chess",
			Pitch:   "Roll two dice: move a piece of a type they show, or pass.",
			Rules:   dice.Rules,
			Options: dice.OptionSpecs, New: dice.Open,
		},
		{
			ID: "nec", Name: "Never-Ending Chess",
			Pitch: "Many players, one unbounded board, all orders resolved at once.",
			Rules: nec.Rules,
		},
	}
}

// Find returns the catalogue entry with the given ID or name (case-insensitive); "standard"
// and "chess" (the Variant tags other programs write) mean orthodox chess.
func Find(idOrName string) (Info, bool) {
	if strings.EqualFold(idOrName, "standard") || strings.EqualFold(idOrName, "chess") {
		idOrName = orthodox.ID
	}
	for _, i := range List() {
		if strings.EqualFold(i.ID, idOrName) || strings.EqualFold(i.Name, idOrName) {
			return i, true
		}
	}
	return Info{}, false
}

// Open returns the variant with the given ID (or name) and option text. It is a turn.Opener.
func Open(id, options string) (turn.Variant, error) {
	i, ok := Find(id)
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", id)
	}
	if i.New == nil {
		return nil, fmt.Errorf("variant %q is not played turn by turn", i.ID)
	}
	v, err := i.New(options)
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", i.ID, err)
	}
	return v, nil
}

// NewGame starts a game of the variant with the options from fen ("" = standard start).
func NewGame(id, options, fen string) (*turn.Game, error) {
	v, err := Open(id, options)
	if err != nil {
		return nil, err
	}
	return turn.NewGame(v, fen)
}

// Decode reads a game record string (any version) and replays it.
func Decode(record string) (*turn.Game, error) { return turn.Decode(record, Open) }

// Replay replays a record.
func Replay(r turn.Record) (*turn.Game, error) {
	v, err := Open(r.Variant, r.Options)
	if err != nil {
		return nil, err
	}
	return turn.Replay(v, r)
}

// ParsePGN reads a PGN game of any turn-based variant (its Variant tag, default orthodox).
func ParsePGN(text string) (*turn.Game, []turn.Tag, error) { return turn.ParsePGN(text, Open) }
