package turn

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

// The option kinds.
const (
	Bool   OptionKind = iota // "true" or "false"
	Int                      // an integer from Min to Max
	Choice                   // one of Values
)

// OptionSpec describes one option of a variant, for the catalogue and the option text.
type OptionSpec struct {
	Key     string     // "tokens"
	Name    string     // "Sacrifice Tokens per side"
	Kind    OptionKind // Bool, Int or Choice
	Default string     // the default value; "" for an Int means "not set"
	Min     int        // Int: smallest value
	Max     int        // Int: largest value
	Values  []string   // Choice: the allowed values, the default first
	Rule    string     // the RULES.md number that defines it ("S1")
	Doc     string     // one line in plain words
}

// ParseOptions reads an option text: "key=value" pairs separated by commas or spaces; a Bool
// key alone means true. Unknown keys and bad values are errors. It returns the value of every
// spec, defaults filled in.
func ParseOptions(text string, specs []OptionSpec) (map[string]string, error) {
	vals := make(map[string]string, len(specs))
	for _, sp := range specs {
		vals[sp.Key] = sp.Default
	}
	seen := map[string]bool{}
	for _, part := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		key, val, hasVal := strings.Cut(part, "=")
		var sp *OptionSpec
		for i := range specs {
			if specs[i].Key == key {
				sp = &specs[i]
			}
		}
		if sp == nil {
			return nil, fmt.Errorf("option %q: unknown (known: %s)", key, knownKeys(specs))
		}
		if seen[key] {
			return nil, fmt.Errorf("option %q: given twice", key)
		}
		seen[key] = true
		if !hasVal {
			if sp.Kind != Bool {
				return nil, fmt.Errorf("option %q: needs a value (%s=...)", key, key)
			}
			val = "true"
		}
		norm, err := checkOption(*sp, val)
		if err != nil {
			return nil, err
		}
		vals[key] = norm
	}
	return vals, nil
}

func knownKeys(specs []OptionSpec) string {
	if len(specs) == 0 {
		return "none"
	}
	keys := make([]string, len(specs))
	for i, sp := range specs {
		keys[i] = sp.Key
	}
	return strings.Join(keys, ", ")
}

func checkOption(sp OptionSpec, val string) (string, error) {
	switch sp.Kind {
	case Bool:
		switch strings.ToLower(val) {
		case "true", "on", "yes", "1":
			return "true", nil
		case "false", "off", "no", "0":
			return "false", nil
		}
		return "", fmt.Errorf("option %q: want true or false, got %q", sp.Key, val)
	case Int:
		n, err := strconv.Atoi(val)
		if err != nil || n < sp.Min || n > sp.Max {
			return "", fmt.Errorf("option %q: want a number from %d to %d, got %q", sp.Key, sp.Min, sp.Max, val)
		}
		return strconv.Itoa(n), nil
	case Choice:
		for _, v := range sp.Values {
			if v == val {
				return v, nil
			}
		}
		return "", fmt.Errorf("option %q: want one of %s, got %q", sp.Key, strings.Join(sp.Values, ", "), val)
	}
	return "", fmt.Errorf("option %q: unknown kind", sp.Key)
}

// FormatOptions returns the canonical option text: "key=value" for every value that differs
// from its default, in the order of specs, joined by commas ("" when all are defaults).
func FormatOptions(vals map[string]string, specs []OptionSpec) string {
	var parts []string
	for _, sp := range specs {
		if v, ok := vals[sp.Key]; ok && v != sp.Default {
			parts = append(parts, sp.Key+"="+v)
		}
	}
	return strings.Join(parts, ",")
}
