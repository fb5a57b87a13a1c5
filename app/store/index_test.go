package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// samples fills a storage with every sample of testdata: good entries of both kinds and
// every version, and bad ones.
func samples(t testing.TB, mem *Memory) {
	t.Helper()
	for dir, prefix := range map[string]string{"entry-v1": GamePrefix, "entry-v2": "", "nec-v1": NECPrefix, "bad": GamePrefix} {
		files, _ := os.ReadDir(filepath.Join("testdata", dir))
		for _, f := range files {
			raw := strings.TrimSpace(readFile(t, dir+"/"+f.Name()))
			id := strings.TrimSuffix(strings.TrimSuffix(f.Name(), ".json"), ".txt")
			p := prefix
			if p == "" {
				p = GamePrefix
				if e, err := DecodeEntry(raw); err == nil {
					p, id = e.Kind.Prefix(), e.ID
				}
			} else if e, err := decodeEntry(raw, map[string]Kind{GamePrefix: Kind8x8, NECPrefix: KindNEC}[p]); err == nil {
				id = e.ID
			}
			mem.Set(p+id, raw)
		}
	}
	mem.Set("other-app/x", "{}")
}

// TestIndexAgreesWithList lists every sample both ways: the quick index reads the kind,
// variant and last update of every entry that reads, the same as the full reading, and
// orders them the same; Read gives the item List gives.
func TestIndexAgreesWithList(t *testing.T) {
	st, mem := newStore(t)
	samples(t, mem)
	items, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	index, err := st.Index()
	if err != nil {
		t.Fatal(err)
	}
	if len(index) != len(items) {
		t.Fatalf("%d listed, %d indexed", len(items), len(index))
	}
	byKey := map[string]Listed{}
	var order []string
	for _, l := range index {
		byKey[l.Key] = l
		if l.Read().Err == nil {
			order = append(order, l.Key)
		}
	}
	var want []string
	for _, it := range items {
		l := byKey[it.Key]
		read := l.Read()
		if read.Key != it.Key || (read.Err == nil) != (it.Err == nil) || !read.Entry.Equal(it.Entry) {
			t.Errorf("%s: Read %+v, List %+v", it.Key, read, it)
		}
		if it.Err != nil {
			continue
		}
		want = append(want, it.Key)
		if !l.Readable || l.Kind != it.Entry.Kind || l.ID != it.Entry.ID || l.Variant != it.Entry.Variant || !l.Updated.Equal(it.Entry.Updated) {
			t.Errorf("%s: indexed %+v, entry %+v", it.Key, l, it.Entry)
		}
	}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Errorf("index order\n%v\nlist order\n%v", order, want)
	}
	// What the quick look already sees will not read comes last.
	for _, key := range []string{GamePrefix + "not-json", GamePrefix + "foreign", GamePrefix + "newer"} {
		if l, ok := byKey[key]; !ok || l.Readable || index[len(index)-1].Readable {
			t.Errorf("%s: %+v, last %+v", key, l, index[len(index)-1])
		}
	}
}

// plain is a Storage without Scan: the store reads it key by key.
type plain struct{ Storage }

// failing is a Storage whose Get fails for one key.
type failing struct {
	plain
	bad string
}

func (f failing) Get(key string) (string, bool, error) {
	if key == f.bad {
		return "", false, errors.New("the disk said no")
	}
	return f.plain.Get(key)
}

// TestScanOrKeys lists a storage that reads everything at once and one that reads key by
// key: the same entries, in the same order; a key that cannot be read is listed with why.
func TestScanOrKeys(t *testing.T) {
	st, mem := newStore(t)
	samples(t, mem)
	slow := &Store{Storage: plain{mem}}
	for name, pair := range map[string][2]func() (string, error){
		"List": {
			func() (string, error) { it, err := st.List(); return keysOf(it), err },
			func() (string, error) { it, err := slow.List(); return keysOf(it), err },
		},
		"Index": {
			func() (string, error) { l, err := st.Index(); return listedKeys(l), err },
			func() (string, error) { l, err := slow.Index(); return listedKeys(l), err },
		},
	} {
		a, errA := pair[0]()
		b, errB := pair[1]()
		if errA != nil || errB != nil || a != b {
			t.Errorf("%s: %v %v\n%s\n%s", name, errA, errB, a, b)
		}
	}
	broken := &Store{Storage: failing{plain{mem}, GamePrefix + "foolsmate"}}
	items, _ := broken.List()
	index, _ := broken.Index()
	for _, it := range items {
		if it.Key == GamePrefix+"foolsmate" && (it.Err == nil || !strings.Contains(it.Err.Error(), "the disk said no")) {
			t.Errorf("List: %+v", it)
		}
	}
	for _, l := range index {
		if l.Key == GamePrefix+"foolsmate" && (l.Readable || !strings.Contains(l.Read().Err.Error(), "the disk said no")) {
			t.Errorf("Index: %+v", l)
		}
	}
}

func keysOf(items []Item) string {
	var b strings.Builder
	for _, it := range items {
		b.WriteString(it.Key + " ")
	}
	return b.String()
}

func listedKeys(ls []Listed) string {
	var b strings.Builder
	for _, l := range ls {
		b.WriteString(l.Key + " ")
	}
	return b.String()
}

// TestParseTime reads the times of entries: the layout Save writes the quick way, any RFC
// 3339 time the slow way, and nothing that time.Parse refuses.
func TestParseTime(t *testing.T) {
	for _, s := range []string{
		"2026-04-02T10:05:30.250Z", "2026-03-01T12:00:00+01:00", "2026-02-14T17:30:12.345678901Z",
		"2026-02-30T10:00:00.000Z", "2026-13-01T10:00:00.000Z", "2026-01-01T24:00:00.000Z",
		"0000-01-01T00:00:00.000Z", "2026-1-01T10:00:00.000Z", "yesterday", "",
	} {
		got, err := parseTime(s)
		want, wantErr := time.Parse(time.RFC3339, s)
		if (err == nil) != (wantErr == nil) || !got.Equal(want) {
			t.Errorf("parseTime(%q) = %v, %v; time.Parse: %v, %v", s, got, err, want, wantErr)
		}
	}
}

// FuzzGlance checks the quick look against the full reading: whenever an entry reads, the
// look sees it readable, with its variant and last update.
func FuzzGlance(f *testing.F) {
	addSamples(f, "entry-v1", "entry-v2", "nec-v1", "bad")
	f.Add(`{"v":2,"kind":"8x8","id":"a","variant":"x","players":[{},{}],"notes":{"updated":"1999-01-01T00:00:00Z","a":["}",{"b":"]"}]},"created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z","result":"*","record":"AQ"}`)
	f.Fuzz(func(t *testing.T, raw string) {
		for _, k := range Kinds {
			e, err := decodeEntry(raw, k)
			l := glance(Key(k, "a"), raw)
			if err != nil || e.Kind != k {
				continue
			}
			if !l.Readable || l.Variant != e.Variant || !l.Updated.Equal(e.Updated) {
				t.Fatalf("%s entry %+v glanced as %+v", k, e, l)
			}
		}
	})
}
