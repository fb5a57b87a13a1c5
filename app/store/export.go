package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ExportFormat names the export file in its "format" field.
const ExportFormat = "plyground-games"

// ExportVersion is the version of the export file that Export writes. Every version ever
// written keeps importing: testdata/export-v<N>/ holds samples of each.
//
// Version 1 is a JSON object:
//
//	{"format":"plyground-games", "v":1, "exported":"RFC 3339",
//	 "games":[<saved-game entries, each as stored>],
//	 "damaged":[{"key":"plyground/game/...", "value":"<the stored text>"}]}
//
// "games" holds the saved games of every kind, each entry as it is stored (any version of
// the envelope; a Never-Ending Chess entry of the envelope that came before version 2, which
// does not say its kind, is written in the current version). "damaged" holds the entries
// that could not be read, or whose record did not replay, when the file was written, as
// they were under their keys (plyground/game/ or plyground/nec/), so that exporting and
// importing never loses anything; it may be missing. Files written before Never-Ending Chess
// games were exported hold 8x8 games of envelope version 1 only.
const ExportVersion = 1

// maxImport bounds the size of an import file.
const maxImport = 64 << 20

type exportV1 struct {
	Format   string            `json:"format"`
	V        int               `json:"v"`
	Exported string            `json:"exported"`
	Games    []json.RawMessage `json:"games"`
	Damaged  []damagedV1       `json:"damaged,omitempty"`
}

type damagedV1 struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// marshal writes v as JSON without HTML escaping: a name or title holding "&", "<" or ">"
// is written as it is (HTML escaping would write "\u0026", a different text for the same
// value).
func marshal(v any, indent ...string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if len(indent) == 2 {
		enc.SetIndent(indent[0], indent[1])
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Export returns the export file of every saved game of every kind: the games as stored, and
// the entries that cannot be read or whose record does not replay as text, so that nothing
// is lost.
func (st *Store) Export() ([]byte, error) {
	items, err := st.List()
	if err != nil {
		return nil, fmt.Errorf("exporting: %w", err)
	}
	f := exportV1{
		Format:   ExportFormat,
		V:        ExportVersion,
		Exported: st.now().UTC().Format(timeLayout),
		Games:    []json.RawMessage{},
	}
	for _, it := range items {
		raw, ok := st.exported(it)
		if ok {
			f.Games = append(f.Games, raw)
		} else {
			f.Damaged = append(f.Damaged, damagedV1{Key: it.Key, Value: it.Raw})
		}
	}
	return f.encode()
}

// encode writes the file with one game or damaged entry a line, each as compact as it is
// stored.
func (f exportV1) encode() ([]byte, error) {
	var b bytes.Buffer
	head, err := marshal(struct {
		Format   string `json:"format"`
		V        int    `json:"v"`
		Exported string `json:"exported"`
	}{f.Format, f.V, f.Exported})
	if err != nil {
		return nil, fmt.Errorf("exporting: %w", err)
	}
	b.Write(head[:len(head)-1]) // without its closing brace
	list := func(name string, n int, item func(i int) ([]byte, error)) error {
		b.WriteString(",\n \"" + name + "\": [")
		for i := 0; i < n; i++ {
			line, err := item(i)
			if err != nil {
				return fmt.Errorf("exporting: %w", err)
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("\n  ")
			b.Write(line)
		}
		if n > 0 {
			b.WriteString("\n ")
		}
		b.WriteByte(']')
		return nil
	}
	if err := list("games", len(f.Games), func(i int) ([]byte, error) { return []byte(compactJSON(f.Games[i])), nil }); err != nil {
		return nil, err
	}
	if len(f.Damaged) > 0 {
		if err := list("damaged", len(f.Damaged), func(i int) ([]byte, error) { return marshal(f.Damaged[i]) }); err != nil {
			return nil, err
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// exported returns the entry of it as an export file holds it, or false for an entry that
// goes to the damaged ones.
func (st *Store) exported(it Item) (json.RawMessage, bool) {
	if it.Err != nil || !json.Valid([]byte(it.Raw)) || st.Check(it.Entry) != nil {
		return nil, false
	}
	// An entry that reads the same without its key says its kind; the others (Never-Ending
	// Chess entries older than envelope version 2) are written in the current version.
	if e, err := DecodeEntry(it.Raw); err == nil && e.Kind == it.Kind {
		return json.RawMessage(it.Raw), true
	}
	raw, err := encodeEntry(it.Entry)
	if err != nil {
		return nil, false
	}
	return json.RawMessage(raw), true
}

// ImportReport says what an import did.
type ImportReport struct {
	// Added lists the IDs of the games added.
	Added []string
	// Same counts the games that were already saved as they are in the file.
	Same int
	// Copies counts the games whose ID was taken by a different game: they were added under
	// a new ID (and are in Added), so that nothing saved is overwritten.
	Copies int
	// Restored counts the damaged entries of the file put back under their keys.
	Restored int
	// Problems lists the games of the file that could not be imported, each saying which
	// and why.
	Problems []error
}

// String sums the report up in a sentence for the player.
func (r ImportReport) String() string {
	var parts []string
	switch n := len(r.Added); n {
	case 0:
		parts = append(parts, "no new game")
	case 1:
		parts = append(parts, "1 game added")
	default:
		parts = append(parts, fmt.Sprintf("%d games added", n))
	}
	if r.Copies > 0 {
		parts = append(parts, fmt.Sprintf("%d of them as a copy, as a different game had the same id", r.Copies))
	}
	if r.Same > 0 {
		parts = append(parts, fmt.Sprintf("%d already saved", r.Same))
	}
	if r.Restored > 0 {
		parts = append(parts, fmt.Sprintf("%d damaged entries kept as they were", r.Restored))
	}
	if n := len(r.Problems); n > 0 {
		parts = append(parts, fmt.Sprintf("%d could not be read", n))
	}
	return strings.Join(parts, ", ") + "."
}

// Message says in a sentence for the player what an import from "from" (a file name, or
// "the text") did, err being the error that ended it (nil when it ran to the end), and
// whether it went wrong.
func (r ImportReport) Message(from string, err error) (text string, bad bool) {
	added := len(r.Added)
	switch {
	case errors.Is(err, ErrQuota):
		text = fmt.Sprintf("Storage is full: %s imported from %s before the browser's storage for this site filled up. "+
			"Delete or export old games to make room, then import %s again (the games already imported are skipped).",
			countGames(added), from, from)
		return text, true
	case err != nil && added == 0 && r.Same == 0 && r.Restored == 0:
		return "Nothing imported from " + from + ": " + detail(err) + ".", true
	case err != nil:
		return fmt.Sprintf("The import from %s stopped: %s. %s imported before.", from, detail(err), capitalize(countGames(added))), true
	}
	return "Import from " + from + ": " + r.String(), len(r.Problems) > 0
}

// detail returns an error's text without the sentinel that starts it.
func detail(err error) string {
	s := err.Error()
	for _, sentinel := range []error{ErrImport, ErrPGN} {
		if errors.Is(err, sentinel) {
			s = strings.TrimPrefix(s, sentinel.Error()+": ")
		}
	}
	return strings.TrimSuffix(s, ".")
}

func countGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ErrImport is wrapped by the error an import returns for a file it cannot read at all.
var ErrImport = errors.New("not a Plyground export file")

// An Importer adds the games of an export file or of a PGN text a few at a time (Step), so
// that a page shows its progress and stays live while thousands of games are imported. A
// game already saved as it is in the file is skipped; a game whose ID is taken by a
// different game is added under a new ID; nothing saved is overwritten or removed. A game of
// the file that cannot be read is reported in Problems and the others are still imported.
// Store.Import and Store.ImportPGN run one to its end.
type Importer struct {
	st      *Store
	games   []json.RawMessage
	damaged []damagedV1
	pgn     []PGNPart
	known   map[string]bool // the games saved before a PGN import began (sameGameKey); nil until read
	next    int
	rep     ImportReport
	err     error
	listed  []Listed // what it wrote, as Index lists it
}

// wrote notes an entry the import stored, glanced at as Index would list it: the import
// spreads that work over its steps, so that the list need not be read again at its end.
func (im *Importer) wrote(key, raw string) {
	im.listed = append(im.listed, glance(key, raw))
}

// Listed returns the entries the import wrote so far, as Index lists them, in list order.
// Merged into the list read before the import (Merge), they give the list Index would read
// after it, when nothing else wrote meanwhile.
func (im *Importer) Listed() []Listed {
	out := make([]Listed, 0, len(im.listed))
	seen := make(map[string]bool, len(im.listed))
	for i := len(im.listed) - 1; i >= 0; i-- { // a key written twice lists its last text
		if l := im.listed[i]; !seen[l.Key] {
			seen[l.Key] = true
			out = append(out, l)
		}
	}
	sortListed(out)
	return out
}

// NewImport prepares the import of a file a player chose or text a player pasted: an export
// file (JSON) or PGN, in any encoding ReadText reads. The error is for a file that is
// neither (it wraps ErrImport or ErrPGN); nothing is written until Step.
func (st *Store) NewImport(data []byte) (*Importer, error) {
	if len(data) > maxImport {
		return nil, fmt.Errorf("%w: %d bytes is more than %d", ErrImport, len(data), maxImport)
	}
	text := strings.TrimSpace(ReadText(data))
	switch {
	case text == "":
		return nil, fmt.Errorf("%w: it is empty", ErrImport)
	case strings.HasPrefix(text, "{"):
		return st.newExportImport([]byte(text))
	}
	return st.newPGNImport(text)
}

// Import reads an export file (any version) and adds its games, as an Importer does, in one
// go. The error is
// for a file that is not an export at all (wrapping ErrImport) or for a full storage
// (wrapping ErrQuota; the report then says what was imported before).
func (st *Store) Import(data []byte) (ImportReport, error) {
	if len(data) > maxImport {
		return ImportReport{}, fmt.Errorf("%w: %d bytes is more than %d", ErrImport, len(data), maxImport)
	}
	im, err := st.newExportImport([]byte(strings.TrimSpace(ReadText(data))))
	if err != nil {
		return ImportReport{}, err
	}
	im.Step(im.Total())
	return im.Report()
}

func (st *Store) newExportImport(data []byte) (*Importer, error) {
	var head struct {
		Format string           `json:"format"`
		V      *json.RawMessage `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrImport, jsonError(data, err))
	}
	if head.Format != ExportFormat {
		return nil, fmt.Errorf("%w: its \"format\" is %s, not %q", ErrImport, quote(head.Format), ExportFormat)
	}
	var v int
	if head.V == nil || json.Unmarshal(*head.V, &v) != nil {
		return nil, fmt.Errorf("%w: it has no version number", ErrImport)
	}
	switch {
	case v == 1:
		var f exportV1
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("%w: %s", ErrImport, jsonError(data, err))
		}
		return &Importer{st: st, games: f.Games, damaged: f.Damaged}, nil
	case v > ExportVersion:
		return nil, fmt.Errorf("%w: it was written by a newer version of Plyground (export version %d); update the app to import it", ErrImport, v)
	}
	return nil, fmt.Errorf("%w: unknown version %d", ErrImport, v)
}

// Total returns the number of games (and damaged entries) the import holds.
func (im *Importer) Total() int { return len(im.games) + len(im.damaged) + len(im.pgn) }

// Done returns the number of them imported (or skipped) so far.
func (im *Importer) Done() int { return im.next }

// Finished reports whether the import has nothing left to do: every game was imported, or
// it stopped at an error (a full storage).
func (im *Importer) Finished() bool { return im.err != nil || im.next >= im.Total() }

// Step imports up to n more games and reports whether the import is finished.
func (im *Importer) Step(n int) bool {
	for ; n > 0 && !im.Finished(); n-- {
		i := im.next
		switch {
		case i < len(im.games):
			im.err = im.game(i, im.games[i])
		case i < len(im.games)+len(im.damaged):
			j := i - len(im.games)
			im.err = im.restore(j, im.damaged[j])
		default:
			im.err = im.pgnGame(im.pgn[i-len(im.games)-len(im.damaged)])
		}
		if im.err == nil {
			im.next++
		}
	}
	return im.Finished()
}

// Report returns what the import did so far and the error that stopped it (nil when it
// ran to its end or is still going).
func (im *Importer) Report() (ImportReport, error) { return im.rep, im.err }

// game imports game i of an export file.
func (im *Importer) game(i int, raw json.RawMessage) error {
	st := im.st
	text := compactJSON(raw)
	e, err := DecodeEntry(text)
	if err == nil {
		err = st.Check(e)
	}
	if err != nil {
		im.rep.Problems = append(im.rep.Problems, fmt.Errorf("game %d of the file%s: %w", i+1, describe(e), err))
		return nil
	}
	key := Key(e.Kind, e.ID)
	cur, ok, err := st.Storage.Get(key)
	if err != nil {
		return fmt.Errorf("importing game %d: %w", i+1, err)
	}
	if ok {
		if local, err := decodeEntry(cur, e.Kind); err == nil && local.Equal(e) {
			im.rep.Same++
			return nil
		}
		if e.ID, err = st.NewID(e.Kind); err != nil {
			return err
		}
		raw, err := st.putRaw(e)
		if err != nil {
			return fmt.Errorf("importing game %d: %w", i+1, err)
		}
		im.wrote(Key(e.Kind, e.ID), raw)
		im.rep.Copies++
		im.rep.Added = append(im.rep.Added, e.ID)
		return nil
	}
	if err := st.Storage.Set(key, text); err != nil {
		return fmt.Errorf("importing game %d: %w", i+1, err)
	}
	im.wrote(key, text)
	im.rep.Added = append(im.rep.Added, e.ID)
	return nil
}

// restore puts back damaged entry j of an export file under its key, unless the key is
// taken.
func (im *Importer) restore(j int, d damagedV1) error {
	st := im.st
	if _, id, ok := KindOfKey(d.Key); !ok || CheckID(id) != nil {
		im.rep.Problems = append(im.rep.Problems, fmt.Errorf("damaged entry %d of the file: key %s is not a saved-game key", j+1, quote(d.Key)))
		return nil
	}
	cur, ok, err := st.Storage.Get(d.Key)
	if err != nil {
		return fmt.Errorf("importing damaged entry %d: %w", j+1, err)
	}
	if ok {
		if cur != d.Value {
			im.rep.Problems = append(im.rep.Problems, fmt.Errorf("damaged entry %d of the file: its key %s is taken", j+1, quote(d.Key)))
		}
		return nil
	}
	if err := st.Storage.Set(d.Key, d.Value); err != nil {
		return fmt.Errorf("importing damaged entry %d: %w", j+1, err)
	}
	im.wrote(d.Key, d.Value)
	im.rep.Restored++
	return nil
}

// describe names an entry in an error: ` ("Title", id abc)`; "" when nothing is known.
func describe(e Entry) string {
	switch {
	case e.Title != "" && e.ID != "":
		return fmt.Sprintf(" (%s, id %s)", quote(e.Title), e.ID)
	case e.ID != "":
		return fmt.Sprintf(" (id %s)", e.ID)
	}
	return ""
}

// compactJSON returns raw JSON without insignificant spaces.
func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// jsonError turns a JSON error into words with a line and column.
func jsonError(data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// Offset counts the bytes read, the bad one included.
		line, col := position(data, syn.Offset-1)
		return fmt.Sprintf("line %d, column %d: %v", line, col, syn)
	case errors.As(err, &typ):
		line, col := position(data, typ.Offset)
		return fmt.Sprintf("line %d, column %d: %s should be a %v, not a %s", line, col, fieldName(typ.Field), typ.Type, typ.Value)
	}
	return err.Error()
}

func fieldName(f string) string {
	if f == "" {
		return "the file"
	}
	return fmt.Sprintf("%q", f)
}

// position returns the 1-based line and column of a byte offset.
func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
