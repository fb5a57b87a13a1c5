package browser

import (
	"fmt"
	"strings"
	"sync"
	"syscall/js"

	"github.com/plyground/plyground/app/store"
)

var (
	localOnce sync.Once
	local     store.Storage
	localErr  error
)

// Local returns window.localStorage as a store.Storage. When the browser refuses local
// storage (a privacy setting), it returns an in-memory storage and the error saying why,
// so that the app still plays and can tell the player games will not be kept.
func Local() (store.Storage, error) {
	localOnce.Do(func() {
		v, err := try(func() js.Value { return js.Global().Get("localStorage") })
		if err == nil && (v.IsNull() || v.IsUndefined()) {
			err = ErrUnsupported
		}
		if err != nil {
			local, localErr = &store.Memory{}, fmt.Errorf("local storage is not available: %w", err)
			return
		}
		local = localStorage{v}
	})
	return local, localErr
}

// localStorage is window.localStorage.
type localStorage struct{ v js.Value }

// Get returns the item under key.
func (s localStorage) Get(key string) (string, bool, error) {
	v, err := try(func() js.Value { return s.v.Call("getItem", key) })
	if err != nil {
		return "", false, fmt.Errorf("reading %q: %w", key, err)
	}
	if v.IsNull() {
		return "", false, nil
	}
	return v.String(), true, nil
}

// Set stores value under key; a full storage gives an error wrapping store.ErrQuota, and
// the browser keeps the previous value.
func (s localStorage) Set(key, value string) error {
	_, err := try(func() js.Value { return s.v.Call("setItem", key, value) })
	if err != nil {
		if isQuota(err) {
			return fmt.Errorf("storing %d characters under %q: %w", len(value), key, store.ErrQuota)
		}
		return fmt.Errorf("storing under %q: %w", key, err)
	}
	return nil
}

// Remove deletes key.
func (s localStorage) Remove(key string) error {
	_, err := try(func() js.Value { return s.v.Call("removeItem", key) })
	if err != nil {
		return fmt.Errorf("removing %q: %w", key, err)
	}
	return nil
}

// Keys returns every key.
func (s localStorage) Keys() ([]string, error) {
	n, err := try(func() js.Value { return s.v.Get("length") })
	if err != nil {
		return nil, fmt.Errorf("listing the keys: %w", err)
	}
	keys := make([]string, 0, n.Int())
	for i := 0; i < n.Int(); i++ {
		k, err := try(func() js.Value { return s.v.Call("key", i) })
		if err != nil {
			return nil, fmt.Errorf("listing the keys: %w", err)
		}
		if !k.IsNull() {
			keys = append(keys, k.String())
		}
	}
	return keys, nil
}

// Scan returns every item in one go: the page joins Object.entries(localStorage) with NUL
// characters (a handful of calls whatever the number of items, where Keys and Get make two a
// key), and the joined text is split here. When a key or a value holds a NUL itself, or the
// count does not add up, it reads key by key instead.
func (s localStorage) Scan() ([]store.Stored, error) {
	n, err := try(func() js.Value { return s.v.Get("length") })
	if err != nil {
		return nil, fmt.Errorf("listing the items: %w", err)
	}
	if n.Int() == 0 {
		return nil, nil
	}
	joined, err := try(func() js.Value {
		return js.Global().Get("Object").Call("entries", s.v).Call("flat").Call("join", "\x00")
	})
	if err == nil {
		parts := strings.Split(joined.String(), "\x00")
		if len(parts) == 2*n.Int() {
			out := make([]store.Stored, n.Int())
			for i := range out {
				out[i] = store.Stored{Key: parts[2*i], Value: parts[2*i+1]}
			}
			return out, nil
		}
	}
	keys, err := s.Keys()
	if err != nil {
		return nil, err
	}
	out := make([]store.Stored, 0, len(keys))
	for _, k := range keys {
		v, ok, err := s.Get(k)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, store.Stored{Key: k, Value: v})
		}
	}
	return out, nil
}

// jsError is a JavaScript exception with its name ("QuotaExceededError").
type jsError struct {
	name, message string
}

func (e *jsError) Error() string { return e.name + ": " + e.message }

// try runs f and turns a JavaScript exception it throws into an error.
func try(f func() js.Value) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = &jsError{name: je.Get("name").String(), message: je.Get("message").String()}
				return
			}
			err = fmt.Errorf("%v", r)
		}
	}()
	return f(), nil
}

// isQuota reports whether err is a full storage: QuotaExceededError in every browser
// today, NS_ERROR_DOM_QUOTA_REACHED in old Firefox.
func isQuota(err error) bool {
	je, ok := err.(*jsError)
	return ok && (je.name == "QuotaExceededError" || je.name == "NS_ERROR_DOM_QUOTA_REACHED")
}
