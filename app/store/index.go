package store

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Listed is one saved entry as the saved-games screen lists it before drawing it: what sorts
// and filters it, and its stored text. Index reads it without decoding the envelope, so that
// thousands of games list at once; Read decodes it when its row is drawn.
type Listed struct {
	// Key is the entry's storage key, Kind the kind of game it holds and ID its ID, as the
	// key says.
	Key  string
	Kind Kind
	ID   string
	// Variant and Updated are the entry's variant and last save, as far as the quick look
	// could read them ("" and the zero time when it could not).
	Variant string
	Updated time.Time
	// Raw is the stored text.
	Raw string
	// Readable is false when the quick look already sees that the envelope will not read
	// (not a JSON object of a known version): such entries are listed after the others.
	Readable bool

	err error // the storage could not read it
}

// Read decodes the entry (its envelope, not its record) as List does.
func (l Listed) Read() Item {
	if l.err != nil {
		return Item{Key: l.Key, Kind: l.Kind, Err: fmt.Errorf("%w: cannot be read: %v", ErrDamaged, l.err)}
	}
	return load(l.Key, l.Raw)
}

// scan returns every key and value under a saved-game prefix, in no particular order: in one
// go when the Storage is a Scanner, else key by key.
func (st *Store) scan() ([]Stored, error) {
	if sc, ok := st.Storage.(Scanner); ok {
		all, err := sc.Scan()
		if err != nil {
			return nil, fmt.Errorf("listing saved games: %w", err)
		}
		out := all[:0:0]
		for _, kv := range all {
			if _, _, ok := KindOfKey(kv.Key); ok {
				out = append(out, kv)
			}
		}
		return out, nil
	}
	keys, err := st.Storage.Keys()
	if err != nil {
		return nil, fmt.Errorf("listing saved games: %w", err)
	}
	var out []Stored
	for _, k := range keys {
		if _, _, ok := KindOfKey(k); !ok {
			continue
		}
		raw, ok, err := st.Storage.Get(k)
		if err != nil {
			out = append(out, Stored{Key: k, err: err})
			continue
		}
		if ok {
			out = append(out, Stored{Key: k, Value: raw})
		}
	}
	return out, nil
}

// Index lists every saved entry of every kind, the most recently updated first, then the
// entries that will not read, by key: the order of List, read at a glance (each entry's
// kind, variant and last update, without decoding the envelope or replaying the record).
// It fails only when the storage cannot list its keys.
func (st *Store) Index() ([]Listed, error) {
	all, err := st.scan()
	if err != nil {
		return nil, err
	}
	listed := make([]Listed, len(all))
	for i, kv := range all {
		listed[i] = glance(kv.Key, kv.Value)
		listed[i].err = kv.err
	}
	sortListed(listed)
	return listed, nil
}

// sortListed puts entries in list order (sortKey). It sorts small keys, not the entries:
// sorting the entries themselves (large values, compared through time.Time) took most of the
// time of listing 10,000 games in the page.
func sortListed(listed []Listed) {
	keys := make([]sortKey, len(listed))
	for i, l := range listed {
		keys[i] = keyOf(l, i)
	}
	slices.SortFunc(keys, sortKey.compare)
	sorted := make([]Listed, len(keys))
	for i, k := range keys {
		sorted[i] = listed[k.i]
	}
	copy(listed, sorted)
}

// keyOf returns the sort key of entry i.
func keyOf(l Listed, i int) sortKey {
	return sortKey{readable: l.Readable, ms: l.Updated.UnixMilli(), key: l.Key, i: i}
}

// Merge returns the entries of a and b in list order, both already in it (as Index and
// Importer.Listed return them), without reading them again: an entry of b replaces the entry
// of a under the same key.
func Merge(a, b []Listed) []Listed {
	if len(b) == 0 {
		return a
	}
	replaced := make(map[string]bool, len(b))
	for _, l := range b {
		replaced[l.Key] = true
	}
	out := make([]Listed, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && replaced[a[i].Key]:
			i++
		case j == len(b) || i < len(a) && keyOf(a[i], 0).compare(keyOf(b[j], 0)) <= 0:
			out = append(out, a[i])
			i++
		default:
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// sortKey orders the entries of a list: those that read first, the most recently updated
// first, then by key.
type sortKey struct {
	readable bool
	ms       int64 // last update, Unix milliseconds
	key      string
	i        int
}

func (a sortKey) compare(b sortKey) int {
	switch {
	case a.readable != b.readable:
		if a.readable {
			return -1
		}
		return 1
	case a.readable && a.ms != b.ms:
		return cmp.Compare(b.ms, a.ms)
	}
	return strings.Compare(a.key, b.key)
}

// glance reads what sorts and filters a stored entry without decoding its envelope.
func glance(key, raw string) Listed {
	k, id, _ := KindOfKey(key)
	l := Listed{Key: key, Kind: k, ID: id, Raw: raw}
	f, ok := skim(raw)
	if !ok {
		return l
	}
	switch {
	case f.v == 2:
		l.Variant = f.variant
	case f.v == 1 && k == KindNEC:
		l.Variant = string(KindNEC)
	case f.v == 1:
		l.Variant = RecordVariant(f.record)
	default:
		return l
	}
	t, err := parseTime(f.updated)
	if err != nil {
		return l
	}
	l.Updated, l.Readable = t.UTC().Truncate(time.Millisecond), true
	return l
}

// parseTime reads a time as entries hold it: the layout Save writes at once, any RFC 3339
// time otherwise.
func parseTime(s string) (time.Time, error) {
	// "2006-01-02T15:04:05.000Z"
	if len(s) == 24 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' && s[16] == ':' && s[19] == '.' && s[23] == 'Z' {
		n := [7]int{}
		for i, r := range [7][2]int{{0, 4}, {5, 7}, {8, 10}, {11, 13}, {14, 16}, {17, 19}, {20, 23}} {
			v := 0
			for _, c := range []byte(s[r[0]:r[1]]) {
				if c < '0' || c > '9' {
					return time.Parse(time.RFC3339, s)
				}
				v = v*10 + int(c-'0')
			}
			n[i] = v
		}
		t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], n[6]*1e6, time.UTC)
		// time.Date normalizes out-of-range fields; time.Parse refuses them.
		if t.Year() == n[0] && int(t.Month()) == n[1] && t.Day() == n[2] && t.Hour() == n[3] && t.Minute() == n[4] && t.Second() == n[5] {
			return t, nil
		}
	}
	return time.Parse(time.RFC3339, s)
}

// skimmed holds the top-level fields skim reads.
type skimmed struct {
	v                              int
	kind, variant, updated, record string
}

// skim reads the top-level fields "v" (a number), "kind", "variant", "updated" and "record"
// (strings) of a JSON object without decoding the rest of it, as encoding/json reads them (a
// name matches in any case; a field that appears twice counts last). ok is false for text that is not a JSON object skim can
// read (the entry then reads, or fails to, in full).
func skim(raw string) (f skimmed, ok bool) {
	i := 0
	ws := func() {
		for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
			i++
		}
	}
	// str reads a string at i and returns its raw inside (escapes undone when it has any).
	str := func() (string, bool) {
		if i >= len(raw) || raw[i] != '"' {
			return "", false
		}
		start, esc := i, false
		for i++; i < len(raw); i++ {
			switch c := raw[i]; {
			case c == '\\':
				esc = true
				i++
			case c == '"':
				i++
				if !esc {
					return raw[start+1 : i-1], true
				}
				var s string
				if json.Unmarshal([]byte(raw[start:i]), &s) != nil {
					return "", false
				}
				return s, true
			case c < 0x20:
				return "", false
			}
		}
		return "", false
	}
	// skip passes over a value of any kind.
	skip := func() bool {
		if i >= len(raw) {
			return false
		}
		switch raw[i] {
		case '"':
			_, ok := str()
			return ok
		case '{', '[':
			depth := 0
			for i < len(raw) {
				switch raw[i] {
				case '"':
					if _, ok := str(); !ok {
						return false
					}
					continue
				case '{', '[':
					depth++
				case '}', ']':
					depth--
					if depth == 0 {
						i++
						return true
					}
				}
				i++
			}
			return false
		}
		start := i
		for i < len(raw) && strings.IndexByte(",}] \t\r\n", raw[i]) < 0 {
			i++
		}
		return i > start
	}
	ws()
	if i >= len(raw) || raw[i] != '{' {
		return f, false
	}
	i++
	for {
		ws()
		if i < len(raw) && raw[i] == '}' {
			i++
			ws()
			return f, i == len(raw) && f.v != 0
		}
		key, ok := str()
		if !ok {
			return f, false
		}
		ws()
		if i >= len(raw) || raw[i] != ':' {
			return f, false
		}
		i++
		ws()
		// encoding/json matches a field's name without regard to case (bytes.EqualFold).
		field := ""
		for _, name := range [...]string{"v", "kind", "variant", "updated", "record"} {
			if key == name || strings.EqualFold(key, name) {
				field = name
				break
			}
		}
		switch field {
		case "kind", "variant", "updated", "record":
			s, ok := str()
			if !ok {
				return f, false
			}
			switch field {
			case "kind":
				f.kind = s
			case "variant":
				f.variant = s
			case "updated":
				f.updated = s
			default:
				f.record = s
			}
		case "v":
			n := 0
			start := i
			for i < len(raw) && raw[i] >= '0' && raw[i] <= '9' && i-start < 9 {
				n = n*10 + int(raw[i]-'0')
				i++
			}
			if i == start || (i < len(raw) && strings.IndexByte(",} \t\r\n", raw[i]) < 0) {
				return f, false
			}
			f.v = n
		default:
			if !skip() {
				return f, false
			}
		}
		ws()
		if i < len(raw) && raw[i] == ',' {
			i++
			continue
		}
		if i < len(raw) && raw[i] == '}' {
			continue
		}
		return f, false
	}
}
