package store

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// PGN returns a saved game in PGN, in the turn notation of its variant, with the players'
// names, the date it was created and its title (as the Event tag).
func PGN(e Entry, g *turn.Game) string {
	event := e.Title
	if event == "" {
		event = "Plyground game"
	}
	tags := []turn.Tag{
		{Name: "Event", Value: event},
		{Name: "Site", Value: "Plyground"},
	}
	if !e.Created.IsZero() {
		tags = append(tags, turn.Tag{Name: "Date", Value: e.Created.UTC().Format("2006.01.02")})
	}
	for i, tag := range [2]string{"White", "Black"} {
		if n := e.Player(i).Name; n != "" {
			tags = append(tags, turn.Tag{Name: tag, Value: n})
		}
	}
	return g.PGN(tags)
}

// PGNAll returns every 8x8 game of items that opens, in PGN, one after another, and the
// number of games written.
func PGNAll(items []Item) (string, int) {
	var b strings.Builder
	n := 0
	for _, it := range items {
		if it.Err != nil || it.Entry.Kind != Kind8x8 {
			continue
		}
		g, err := Open(it.Entry.Record)
		if err != nil {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(PGN(it.Entry, g))
		n++
	}
	return b.String(), n
}

// PGNGame is one game read from a PGN text.
type PGNGame struct {
	Game *turn.Game
	// Entry holds the title and players read from the tags (no ID yet).
	Entry Entry
	// Line is the line of the text where the game starts.
	Line int
}

// ErrPGN is wrapped by the errors of ParsePGN.
var ErrPGN = errors.New("cannot read the PGN")

// ParsePGN reads every game of a PGN text (a file or pasted text) of any variant. It returns
// the games it could read and one error per game it could not, saying which game (its
// number and first line) and why; the error is nil only when every game was read.
func ParsePGN(text string) ([]PGNGame, error) {
	if len(text) > maxImport {
		return nil, fmt.Errorf("%w: %d bytes is more than %d", ErrPGN, len(text), maxImport)
	}
	parts := SplitPGN(text)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: the text holds no game", ErrPGN)
	}
	var games []PGNGame
	var errs []error
	for _, p := range parts {
		pg, err := parsePart(p, len(parts))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		games = append(games, pg)
	}
	return games, errors.Join(errs...)
}

// parsePart reads one game of a PGN text of n games.
func parsePart(p PGNPart, n int) (PGNGame, error) {
	g, tags, err := variants.ParsePGN(p.Text)
	if err != nil {
		where := fmt.Sprintf("game %d (from line %d)", p.Number, p.Line)
		if n == 1 {
			where = "the game"
		}
		return PGNGame{}, fmt.Errorf("%w: %s: %v", ErrPGN, where, err)
	}
	return PGNGame{Game: g, Entry: entryFromTags(tags), Line: p.Line}, nil
}

// entryFromTags reads the title, players and date of a PGN game.
func entryFromTags(tags []turn.Tag) Entry {
	e := Entry{Kind: Kind8x8, Players: make([]Player, 2)}
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		if v == "?" || v == "" {
			continue
		}
		switch t.Name {
		case "Event":
			if v != "Plyground game" {
				e.Title = truncate(v, maxTitle)
			}
		case "White":
			e.Players[0].Name = truncate(v, maxName)
		case "Black":
			e.Players[1].Name = truncate(v, maxName)
		case "Date":
			if d, err := time.Parse("2006.01.02", v); err == nil && d.Year() >= 1 {
				e.Created = d
			}
		}
	}
	return e
}

// ImportPGN saves every game of a PGN text as a new saved game. The report lists the games
// added and, in Problems, the games that could not be read.
func (st *Store) ImportPGN(text string) (ImportReport, error) {
	im, err := st.newPGNImport(text)
	if err != nil {
		return ImportReport{Problems: []error{err}}, nil
	}
	im.Step(im.Total())
	return im.Report()
}

func (st *Store) newPGNImport(text string) (*Importer, error) {
	if len(text) > maxImport {
		return nil, fmt.Errorf("%w: %d bytes is more than %d", ErrPGN, len(text), maxImport)
	}
	parts := SplitPGN(text)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: the text holds no game", ErrPGN)
	}
	return &Importer{st: st, pgn: parts}, nil
}

// pgnGame imports one game of a PGN text as a new saved game, unless the same game (the same
// record and players) was saved before the import began: a PGN file imported twice adds its
// games once, while a file that holds the same game twice adds both.
func (im *Importer) pgnGame(p PGNPart) error {
	pg, err := parsePart(p, len(im.pgn))
	if err != nil {
		im.rep.Problems = append(im.rep.Problems, err)
		return nil
	}
	e := pg.Entry
	if e.Created.IsZero() || e.Created.After(im.st.now()) {
		e.Created = time.Time{}
	}
	e = WithGame(e, pg.Game)
	if im.known == nil { // the games saved before this import: importing a file twice adds nothing
		if im.known, err = im.st.savedGames(); err != nil {
			return fmt.Errorf("importing the game from line %d: %w", pg.Line, err)
		}
	}
	if im.known[sameGameKey(e)] {
		im.rep.Same++
		return nil
	}
	saved, raw, err := im.st.save(e)
	if err != nil {
		return fmt.Errorf("importing the game from line %d: %w", pg.Line, err)
	}
	im.wrote(Key(saved.Kind, saved.ID), raw)
	im.rep.Added = append(im.rep.Added, saved.ID)
	return nil
}

// PGNPart is one game's text in a PGN text, with the line it starts on and its number.
type PGNPart struct {
	Text   string
	Line   int
	Number int
}

// SplitPGN cuts a PGN text into its games. A game ends with its result token ("1-0", "0-1",
// "1/2-1/2", "*"), or where the tags of the next game begin. Text in comments ({...} and
// from ";" to the end of the line) and in tag values is never taken for either.
func SplitPGN(text string) []PGNPart {
	text = strings.TrimPrefix(text, "\ufeff")
	var parts []PGNPart
	start := 0     // byte where the current game starts
	moves := false // the current game has movetext
	lineStart := true
	// Lines are counted once through the text (counting from the start at every game made
	// a text of many games take quadratic time).
	line, counted := 1, 0 // the line of byte counted
	lineAt := func(i int) int {
		line += strings.Count(text[counted:i], "\n")
		counted = i
		return line
	}
	cut := func(end int) {
		if chunk := text[start:end]; strings.TrimSpace(chunk) != "" {
			lead := len(chunk) - len(strings.TrimLeft(chunk, " \t\r\n"))
			parts = append(parts, PGNPart{Text: strings.TrimLeft(chunk, " \t\r\n"), Line: lineAt(start + lead), Number: len(parts) + 1})
		}
		start = end
		moves = false
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '[' && lineStart:
			if moves {
				cut(i)
			}
			// Skip the tag, its quoted value included.
			quoted := false
			for i++; i < len(text) && text[i] != '\n'; i++ {
				if text[i] == '\\' && quoted && i+1 < len(text) {
					i++
				} else if text[i] == '"' {
					quoted = !quoted
				} else if text[i] == ']' && !quoted {
					i++
					break
				}
			}
		case c == '{':
			j := strings.IndexByte(text[i:], '}')
			if j < 0 {
				i = len(text)
			} else {
				i += j + 1
			}
			moves = true
		case c == ';' || (c == '%' && lineStart):
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				i = len(text)
			} else {
				i += j
			}
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n{;", rune(text[j])) {
				j++
			}
			word := text[i:j]
			i = j
			moves = true
			switch word {
			case "1-0", "0-1", "1/2-1/2", "*":
				cut(j)
			}
		}
		lineStart = false
	}
	cut(len(text))
	return parts
}
