package store

import (
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
//	 "games":[<saved-game entries, each as stored (any entry version)>],
//	 "damaged":[{"key":"plyground/game/...", "value":"<the stored text>"}]}
//
// "damaged" holds the entries that could not be opened when the file was written, as they
// were, so that exporting and importing never loses anything; it may be missing.
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

// Export returns the export file of every entry under GamePrefix: the games as stored, and
// the entries that cannot be opened as text, so that nothing is lost.
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
		if it.Err == nil && json.Valid([]byte(it.Raw)) {
			f.Games = append(f.Games, json.RawMessage(it.Raw))
		} else {
			f.Damaged = append(f.Damaged, damagedV1{Key: it.Key, Value: it.Raw})
		}
	}
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return nil, fmt.Errorf("exporting: %w", err)
	}
	return append(b, '\n'), nil
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

// ErrImport is wrapped by the error Import returns for a file it cannot read at all.
var ErrImport = errors.New("not a Plyground export file")

// Import reads an export file (any version) and adds its games. A game already saved as it
// is in the file is skipped; a game whose ID is taken by a different game is added under a
// new ID; nothing saved is overwritten or removed. A game of the file that cannot be read is
// reported in Problems and the others are still imported. The error is for a file that is
// not an export at all (wrapping ErrImport) or for a full storage (wrapping ErrQuota; the
// report then says what was imported before).
func (st *Store) Import(data []byte) (ImportReport, error) {
	var rep ImportReport
	if len(data) > maxImport {
		return rep, fmt.Errorf("%w: %d bytes is more than %d", ErrImport, len(data), maxImport)
	}
	var head struct {
		Format string           `json:"format"`
		V      *json.RawMessage `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return rep, fmt.Errorf("%w: %s", ErrImport, jsonError(data, err))
	}
	if head.Format != ExportFormat {
		return rep, fmt.Errorf("%w: its \"format\" is %q, not %q", ErrImport, head.Format, ExportFormat)
	}
	var v int
	if head.V == nil || json.Unmarshal(*head.V, &v) != nil {
		return rep, fmt.Errorf("%w: it has no version number", ErrImport)
	}
	switch {
	case v == 1:
		var f exportV1
		if err := json.Unmarshal(data, &f); err != nil {
			return rep, fmt.Errorf("%w: %s", ErrImport, jsonError(data, err))
		}
		return st.importV1(f)
	case v > ExportVersion:
		return rep, fmt.Errorf("%w: it was written by a newer version of Plyground (export version %d); update the app to import it", ErrImport, v)
	}
	return rep, fmt.Errorf("%w: unknown version %d", ErrImport, v)
}

func (st *Store) importV1(f exportV1) (ImportReport, error) {
	var rep ImportReport
	for i, raw := range f.Games {
		text := compactJSON(raw)
		e, err := DecodeEntry(text)
		if err == nil {
			_, err = Open(e.Record)
			if err != nil {
				err = fmt.Errorf("%w: the game record does not replay: %v", ErrDamaged, err)
			}
		}
		if err != nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("game %d of the file%s: %w", i+1, describe(e), err))
			continue
		}
		key := GamePrefix + e.ID
		cur, ok, err := st.Storage.Get(key)
		if err != nil {
			return rep, fmt.Errorf("importing game %d: %w", i+1, err)
		}
		if ok {
			if compactJSON([]byte(cur)) == text {
				rep.Same++
				continue
			}
			if e.ID, err = st.NewID(); err != nil {
				return rep, err
			}
			if err := st.put(e); err != nil {
				return rep, fmt.Errorf("importing game %d: %w", i+1, err)
			}
			rep.Copies++
			rep.Added = append(rep.Added, e.ID)
			continue
		}
		if err := st.Storage.Set(key, text); err != nil {
			return rep, fmt.Errorf("importing game %d: %w", i+1, err)
		}
		rep.Added = append(rep.Added, e.ID)
	}
	for i, d := range f.Damaged {
		if !strings.HasPrefix(d.Key, GamePrefix) || CheckID(strings.TrimPrefix(d.Key, GamePrefix)) != nil {
			rep.Problems = append(rep.Problems, fmt.Errorf("damaged entry %d of the file: key %q is not a saved-game key", i+1, d.Key))
			continue
		}
		cur, ok, err := st.Storage.Get(d.Key)
		if err != nil {
			return rep, fmt.Errorf("importing damaged entry %d: %w", i+1, err)
		}
		if ok {
			if cur != d.Value {
				rep.Problems = append(rep.Problems, fmt.Errorf("damaged entry %d of the file: its key %q is taken", i+1, d.Key))
			}
			continue
		}
		if err := st.Storage.Set(d.Key, d.Value); err != nil {
			return rep, fmt.Errorf("importing damaged entry %d: %w", i+1, err)
		}
		rep.Restored++
	}
	return rep, nil
}

// describe names an entry in an error: ` ("Title", id abc)`; "" when nothing is known.
func describe(e Entry) string {
	switch {
	case e.Title != "" && e.ID != "":
		return fmt.Sprintf(" (%q, id %s)", e.Title, e.ID)
	case e.ID != "":
		return fmt.Sprintf(" (id %s)", e.ID)
	}
	return ""
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
