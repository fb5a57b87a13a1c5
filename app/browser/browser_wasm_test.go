package browser

import (
	"errors"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"
	"github.com/plyground/plyground/app/store"
)

// eval evaluates a JavaScript function body and returns its result.
func eval(t *testing.T, body string) safejs.Value {
	t.Helper()
	fn, err := safejs.Global().Get("Function")
	if err != nil {
		t.Fatal(err)
	}
	f, err := fn.New(body)
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Invoke()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestException checks that a JavaScript exception comes back as an error naming it, wrapped
// with the call, and that a rejection's value is read the same way.
func TestException(t *testing.T) {
	jsonObject, err := global("JSON")
	if err != nil {
		t.Fatal(err)
	}
	_, err = call(jsonObject, "parse", "{")
	var je *jsError
	if !errors.As(err, &je) || je.name != "SyntaxError" || !strings.HasPrefix(err.Error(), "parse: SyntaxError: ") {
		t.Errorf("JSON.parse(\"{\"): %v (%#v), want a SyntaxError", err, je)
	}
	if _, err := global("noSuchGlobal"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a missing global: %v, want ErrUnsupported", err)
	}
	if err := rejection(eval(t, `const e = new Error("closed"); e.name = "AbortError"; return e`)); !isAbort(err) || isQuota(err) {
		t.Errorf("an AbortError: %v", err)
	}
	if err := rejection(eval(t, `return "just text"`)); err.Error() != "Error: just text" {
		t.Errorf("a rejection with text: %v", err)
	}
}

// TestLocalStorage runs the storage over an object that behaves as localStorage, full after
// a few characters: a full storage is store.ErrQuota, and Scan reads the items in one go.
func TestLocalStorage(t *testing.T) {
	fake := eval(t, `
		const items = new Map();
		const s = {
			getItem(k) { return items.has(k) ? items.get(k) : null; },
			setItem(k, v) {
				if (String(v).length > 20) {
					const e = new Error("exceeded the quota"); e.name = "QuotaExceededError"; throw e;
				}
				items.set(k, String(v)); s[k] = String(v);
			},
			removeItem(k) { items.delete(k); delete s[k]; },
			key(i) { return [...items.keys()][i] ?? null; },
		};
		Object.defineProperty(s, "length", { get() { return items.size; }, enumerable: false });
		for (const m of ["getItem", "setItem", "removeItem", "key"]) {
			Object.defineProperty(s, m, { value: s[m], enumerable: false });
		}
		return s;`)
	s := localStorage{fake}
	if err := s.Set("a", "1"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("b", "2"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("a", strings.Repeat("x", 30)); !errors.Is(err, store.ErrQuota) {
		t.Errorf("storing too much: %v, want store.ErrQuota", err)
	}
	if v, ok, err := s.Get("a"); v != "1" || !ok || err != nil {
		t.Errorf("Get(a) after a full storage: %q %v %v", v, ok, err)
	}
	if _, ok, err := s.Get("none"); ok || err != nil {
		t.Errorf("Get(none): %v %v", ok, err)
	}
	items, err := s.Scan()
	if err != nil || len(items) != 2 || items[0] != (store.Stored{Key: "a", Value: "1"}) || items[1] != (store.Stored{Key: "b", Value: "2"}) {
		t.Errorf("Scan: %v %v", items, err)
	}
	if err := s.Remove("a"); err != nil {
		t.Fatal(err)
	}
	if keys, err := s.Keys(); err != nil || len(keys) != 1 || keys[0] != "b" {
		t.Errorf("Keys: %v %v", keys, err)
	}
	broken := localStorage{eval(t, `return { getItem() { throw new TypeError("no") } }`)}
	if _, _, err := broken.Get("a"); err == nil || !strings.Contains(err.Error(), "TypeError: no") {
		t.Errorf("a storage that throws: %v", err)
	}
}

// TestNoAudio checks that sound without Web Audio (Node) is ErrUnsupported, not a panic.
func TestNoAudio(t *testing.T) {
	var s Sound
	if err := s.Play(CueMove); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Play without Web Audio: %v, want ErrUnsupported", err)
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
}
