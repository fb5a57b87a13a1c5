package session

import (
	"fmt"
	"net/url"
	"strconv"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
)

// Modes of play offered by the new-game screen.
const (
	ModeTwo      = "two"      // two people on this device
	ModeComputer = "computer" // against the computer
)

// GameQuery is a new game as the query of the game screen's address carries it (the grammar
// of new-game addresses): /play?variant=sdm&options=tokens%3D2&clock=5%2B3&mode=two&color=white&fen=...
// &white=Ann&black=Bob (the players' names; against the computer, the person's alone).
type GameQuery struct {
	Variant string
	Options string
	FEN     string
	Mode    string       // ModeTwo or ModeComputer
	Color   engine.Color // the person's side against the computer; the side at the bottom otherwise
	Clock   TimeControl
	Level   int // the computer's level, 1..5
	// Names are the players' names, by colour ("" shows the colour's name), cleaned by
	// CleanName; against the computer only the person's is used.
	Names [2]string
}

// ParseGameQuery reads the query of the play screen. A missing variant is orthodox chess;
// unknown values are errors that say what is wrong.
func ParseGameQuery(q url.Values) (GameQuery, error) {
	g := GameQuery{Variant: q.Get("variant"), Options: q.Get("options"), FEN: q.Get("fen"), Mode: q.Get("mode"), Level: 1}
	if g.Variant == "" {
		g.Variant = "orthodox"
	}
	info, ok := variants.Find(g.Variant)
	if !ok || !info.Playable() {
		return g, fmt.Errorf("there is no variant %q to play", g.Variant)
	}
	g.Variant = info.ID
	switch g.Mode {
	case "":
		g.Mode = ModeTwo
	case ModeTwo, ModeComputer:
	default:
		return g, fmt.Errorf("unknown mode %q (want %s or %s)", g.Mode, ModeTwo, ModeComputer)
	}
	switch c := q.Get("color"); c {
	case "", "white":
	case "black":
		g.Color = engine.Black
	default:
		return g, fmt.Errorf("unknown colour %q (want white or black)", c)
	}
	tc, err := ParseTimeControl(q.Get("clock"))
	if err != nil {
		return g, err
	}
	g.Clock = tc
	if l := q.Get("level"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 5 {
			return g, fmt.Errorf("level %q: want a number from 1 to 5", l)
		}
		g.Level = n
	}
	if g.Mode != ModeComputer {
		g.Level = 1 // the level is the computer's: meaningless without it
	}
	g.Names = [2]string{CleanName(q.Get("white")), CleanName(q.Get("black"))}
	if g.Mode == ModeComputer {
		g.Names[g.Color.Other()] = "" // the computer's side has no name
	}
	return g, nil
}

// Values returns the query that ParseGameQuery reads back; defaults are left out.
func (g GameQuery) Values() url.Values {
	q := url.Values{}
	q.Set("variant", g.Variant)
	if g.Options != "" {
		q.Set("options", g.Options)
	}
	if g.FEN != "" {
		q.Set("fen", g.FEN)
	}
	if g.Mode != "" && g.Mode != ModeTwo {
		q.Set("mode", g.Mode)
	}
	if g.Color == engine.Black {
		q.Set("color", "black")
	}
	if g.Clock.On() {
		q.Set("clock", g.Clock.String())
	}
	if g.Mode == ModeComputer && g.Level > 1 {
		q.Set("level", strconv.Itoa(g.Level))
	}
	for c, key := range [2]string{"white", "black"} {
		if g.Names[c] != "" && (g.Mode != ModeComputer || engine.Color(c) == g.Color) {
			q.Set(key, g.Names[c])
		}
	}
	return q
}

// ExplicitSeats reports whether a query says who plays (a mode of its own): a saved game or
// a link opened with it keeps the query's seats rather than its own.
func ExplicitSeats(q url.Values) bool { return q.Get("mode") != "" }

// Seats returns who plays each side.
func (g GameQuery) Seats() [2]Seat {
	var seats [2]Seat
	for c := range seats {
		seats[c].Name = g.Names[c]
	}
	if g.Mode == ModeComputer {
		seats[g.Color.Other()] = Seat{Computer: true, Level: g.Level}
	}
	return seats
}

// Config returns the session configuration of the game.
func (g GameQuery) Config() Config {
	return Config{Variant: g.Variant, Options: g.Options, Start: g.FEN, Seats: g.Seats(), Clock: g.Clock}
}
