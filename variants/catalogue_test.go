package variants

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

func TestCatalogueListsEveryVariant(t *testing.T) {
	want := map[string]string{ // ID -> the RULES.md letter of its numbered rules
		"orthodox": "O", "sdm": "S", "marseillais": "M", "dice": "D",
		"progressive-italian": "P", "progressive-scottish": "P", "nec": "",
	}
	seen := map[string]bool{}
	for _, info := range List() {
		letter, ok := want[info.ID]
		if !ok {
			t.Errorf("unexpected entry %q", info.ID)
			continue
		}
		if seen[info.ID] {
			t.Errorf("%s listed twice", info.ID)
		}
		seen[info.ID] = true
		if info.Name == "" || info.Pitch == "" {
			t.Errorf("%s: name or pitch missing", info.ID)
		}
		if info.ID == "nec" {
			if info.Playable() {
				t.Error("nec is listed by name only")
			}
			continue
		}
		if !regexp.MustCompile(`\*\*` + letter + `[1-9]\*\*`).MatchString(info.Rules) {
			t.Errorf("%s: the rules text does not state its %s rules with their numbers", info.ID, letter)
		}
		v, err := info.New("")
		if err != nil || v.ID() != info.ID || v.Options() != "" {
			t.Errorf("%s: New(\"\") = %v, %v", info.ID, v, err)
			continue
		}
		for _, o := range info.Options {
			if o.Default != "" {
				if w, err := info.New(o.Key + "=" + o.Default); err != nil || w.Options() != "" {
					t.Errorf("%s: the default %s=%s is not canonical (%v)", info.ID, o.Key, o.Default, err)
				}
			}
		}
		if _, err := info.New("nosuchoption=1"); err == nil {
			t.Errorf("%s: an unknown option should be refused", info.ID)
		}
	}
	for id := range want {
		if !seen[id] {
			t.Errorf("%s missing from the catalogue", id)
		}
	}
	if v, err := Open("Marseillais chess", "unbalanced"); err != nil || v.ID() != "marseillais" {
		t.Errorf("Open by name: %v, %v", v, err)
	}
	for _, id := range []string{"nec", "nosuch"} {
		if _, err := Open(id, ""); err == nil {
			t.Errorf("Open(%q) should fail", id)
		}
	}
	// Each rule number of RULES.md appears in its variant's rules text.
	texts := map[string]string{}
	for _, info := range List() {
		texts[want[info.ID]] += info.Rules
	}
	for letter, n := range map[string]int{"O": 2, "S": 7, "M": 7, "D": 7, "P": 9} {
		for i := 1; i <= n; i++ {
			if !strings.Contains(texts[letter], "**"+letter+string(rune('0'+i))+"**") {
				t.Errorf("rule %s%d is not in the rules texts", letter, i)
			}
		}
	}
}

type sample struct {
	fields map[string]string
	line   int
}

func readSamples(t testing.TB, path string) []sample {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sample
	cur := sample{fields: map[string]string{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if len(cur.fields) > 0 {
				out = append(out, cur)
			}
			cur = sample{fields: map[string]string{}, line: n + 1}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s:%d: want key: value", path, n)
		}
		cur.fields[k] = strings.TrimSpace(v)
	}
	if len(cur.fields) > 0 {
		out = append(out, cur)
	}
	return out
}

func TestRecordSamplesDecodeForever(t *testing.T) {
	for _, c := range []struct {
		path  string
		least int
	}{{"testdata/records-v1.txt", 14}, {"testdata/records-v2.txt", 3}, {"testdata/records-v3.txt", 4}} {
		samples := readSamples(t, c.path)
		if len(samples) < c.least {
			t.Fatalf("%s: %d samples", c.path, len(samples))
		}
		for _, s := range samples {
			f := s.fields
			g, err := Decode(f["record"])
			if err != nil {
				t.Errorf("%s:%d: %v", c.path, s.line, err)
				continue
			}
			// A start that version 1 read differently from today (P9) is given as read today.
			start, upgraded := f["start now"]
			if !upgraded {
				start = f["start"]
			}
			r := g.Record()
			if r.Variant != f["variant"] || r.Options != f["options"] || r.Start != start {
				t.Errorf("%s:%d: decoded %s/%q/%q", c.path, s.line, r.Variant, r.Options, r.Start)
			}
			if got := g.Movetext(); got != f["movetext"] {
				t.Errorf("%s:%d: movetext %q, want %q", c.path, s.line, got, f["movetext"])
			}
			if got := g.Outcome().String(); got != f["outcome"] {
				t.Errorf("%s:%d: outcome %q, want %q", c.path, s.line, got, f["outcome"])
			}
			if hints, ok := f["hints"]; ok && fmt.Sprint(g.Hints()) != hints {
				t.Errorf("%s:%d: hints %v, want %s", c.path, s.line, g.Hints(), hints)
			}
			if rules, ok := f["rules"]; ok && g.Legacy() != (rules == "version 1") {
				t.Errorf("%s:%d: legacy %v, want the rules of %s", c.path, s.line, g.Legacy(), rules)
			}
			enc := g.Encode()
			if !upgraded {
				if enc != f["record"] {
					t.Errorf("%s:%d: re-encoded %q", c.path, s.line, enc)
				}
				continue
			}
			// Re-encoded as version 2, it is the same game.
			back, err := Decode(enc)
			if err != nil || recordVersion(t, enc) != 2 || back.Movetext() != f["movetext"] || back.Record().Start != start {
				t.Errorf("%s:%d: re-encoded %q (%v)", c.path, s.line, enc, err)
			}
		}
	}
}

// recordVersion returns the version byte of a record string.
func recordVersion(t *testing.T, text string) byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(text)
	if err != nil || len(b) == 0 {
		t.Fatalf("record %q: %v", text, err)
	}
	return b[0]
}

func TestRecordOfFortyMarseillaisTurnsIsShort(t *testing.T) {
	longest := 0
	for seed := uint64(0); seed < 50; seed++ {
		g, err := NewGame("marseillais", "", "")
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 40))
		for g.State().Seq() < 40 && !g.Outcome().Over() {
			acts := g.Variant().Actions(g.State(), nil)
			if err := g.Apply(acts[rng.IntN(len(acts))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.State().Seq() < 40 {
			continue
		}
		longest = max(longest, len(g.Encode()))
	}
	if longest == 0 {
		t.Fatal("no random game lasted 40 turns")
	}
	if longest >= 250 {
		t.Errorf("a 40-turn Marseillais record takes %d characters, want under 250", longest)
	}
	t.Logf("longest 40-turn Marseillais record: %d characters", longest)
}

func TestDecodeErrorsSayWhere(t *testing.T) {
	good := readSamples(t, "testdata/records-v1.txt")[1].fields["record"] // Marseillais, 7 actions
	g, err := Decode(good)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		text, want string
	}{
		{"", "empty"},
		{"!!", "base64"},
		{"BA", "unknown version 4"},
		{"AQ", "byte 2 (variant)"},
		{"AX8", "unknown variant code"},
		{good[:len(good)-3], "action"},
		{good + "AAAA", "trailing data"},
	}
	for _, c := range cases {
		_, err := Decode(c.text)
		if err == nil || !errors.Is(err, turn.ErrRecord) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Decode(%q): %v, want an error mentioning %q", c.text, err, c.want)
		}
	}
	// An index beyond the legal actions: the last action of a forced-width slot.
	r := g.Record()
	r.Actions = append(r.Actions, r.Actions[0]) // e2e4 again is not legal for White now
	if _, err := Replay(r); err == nil || !strings.Contains(err.Error(), "action 8") {
		t.Errorf("Replay with an illegal action: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, path := range []string{"testdata/records-v1.txt", "testdata/records-v2.txt", "testdata/records-v3.txt"} {
		for _, s := range readSamples(f, path) {
			f.Add(s.fields["record"])
		}
	}
	f.Add("AQ")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Decode(text)
		if err != nil {
			if !errors.Is(err, turn.ErrRecord) {
				t.Fatalf("error %v does not wrap ErrRecord", err)
			}
			return
		}
		back, err := Decode(g.Encode())
		if err != nil {
			t.Fatalf("re-encoding %q gives a string that does not decode: %v", text, err)
		}
		if back.Encode() != g.Encode() || back.State() != g.State() || back.Outcome() != g.Outcome() {
			t.Fatalf("decode(encode(decode(%q))) differs", text)
		}
	})
}

func FuzzParsePGN(f *testing.F) {
	for _, s := range readSamples(f, "testdata/records-v1.txt") {
		g, err := Decode(s.fields["record"])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(g.PGN(nil))
	}
	f.Add("[Variant \"marseillais\"]\n1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5 *")
	f.Fuzz(func(t *testing.T, text string) {
		g, _, err := ParsePGN(text)
		if err != nil {
			return
		}
		back, _, err := ParsePGN(g.PGN(nil))
		if err != nil {
			t.Fatalf("exported PGN does not import: %v\n%s", err, g.PGN(nil))
		}
		if back.Encode() != g.Encode() {
			t.Fatalf("PGN round trip changed the record")
		}
	})
}

func TestPGNExport(t *testing.T) {
	g, err := NewGame("marseillais", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMovetext("1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5"); err != nil {
		t.Fatal(err)
	}
	text := g.PGN([]turn.Tag{{Name: "White", Value: "Ann"}, {Name: "Annotator", Value: "me"}})
	for _, want := range []string{`[White "Ann"]`, `[Variant "marseillais"]`, `[Options ""]`,
		`[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]`, `[Annotator "me"]`,
		"\n\n1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5 *\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("PGN lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "SetUp") {
		t.Error("SetUp only for a non-standard start")
	}
	back, tags, err := ParsePGN(text)
	if err != nil || back.Encode() != g.Encode() || len(tags) < 10 {
		t.Errorf("import: %v, %d tags", err, len(tags))
	}
	for _, bad := range []string{
		"[Variant \"nosuch\"]\n*",
		"[Variant \"marseillais\"]\n1.e4 e5,Nc6,d6 *",
		"1.e4 {spend} e5 *",
		"1.e4 -- *",
		"1.e4 e5 2.Ke3 *",
		"1.e4 e5 (2.d4 *",
	} {
		if _, _, err := ParsePGN(bad); err == nil {
			t.Errorf("ParsePGN(%q) should fail", bad)
		}
	}
}

func TestParseActionRoundTrip(t *testing.T) {
	for _, info := range List() {
		if !info.Playable() {
			continue
		}
		v, _ := info.New("")
		s, _ := v.Start("")
		for _, a := range v.Actions(s, nil) {
			b, err := turn.ParseAction(v, s, a.String())
			if err != nil || b != a {
				t.Errorf("%s: ParseAction(%q) = %v, %v", info.ID, a.String(), b, err)
			}
		}
		if _, err := turn.ParseAction(v, s, "e2e5"); !errors.Is(err, turn.ErrIllegal) {
			t.Errorf("%s: ParseAction(e2e5): %v", info.ID, err)
		}
	}
}
