package browser

import (
	"fmt"
	"strings"
	"sync"

	"github.com/hack-pad/safejs"
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
		v, err := global("localStorage")
		if err != nil {
			local, localErr = &store.Memory{}, fmt.Errorf("local storage is not available: %w", err)
			return
		}
		local = localStorage{v}
	})
	return local, localErr
}

// localStorage is window.localStorage.
type localStorage struct{ v safejs.Value }

// Get returns the item under key.
func (s localStorage) Get(key string) (string, bool, error) {
	v, err := call(s.v, "getItem", key)
	if err != nil {
		return "", false, fmt.Errorf("reading %q: %w", key, err)
	}
	if v.IsNull() {
		return "", false, nil
	}
	str, err := v.String()
	if err != nil {
		return "", false, fmt.Errorf("reading %q: %w", key, err)
	}
	return str, true, nil
}

// Set stores value under key; a full storage gives an error wrapping store.ErrQuota, and
// the browser keeps the previous value.
func (s localStorage) Set(key, value string) error {
	if _, err := call(s.v, "setItem", key, value); err != nil {
		if isQuota(err) {
			return fmt.Errorf("storing %d characters under %q: %w", len(value), key, store.ErrQuota)
		}
		return fmt.Errorf("storing under %q: %w", key, err)
	}
	return nil
}

// Remove deletes key.
func (s localStorage) Remove(key string) error {
	if _, err := call(s.v, "removeItem", key); err != nil {
		return fmt.Errorf("removing %q: %w", key, err)
	}
	return nil
}

// length returns the number of items.
func (s localStorage) length() (int, error) {
	n, err := s.v.Length()
	if err != nil {
		return 0, exception(err)
	}
	return n, nil
}

// Keys returns every key.
func (s localStorage) Keys() ([]string, error) {
	n, err := s.length()
	if err != nil {
		return nil, fmt.Errorf("listing the keys: %w", err)
	}
	keys := make([]string, 0, n)
	for i := 0; i < n; i++ {
		k, err := call(s.v, "key", i)
		if err != nil {
			return nil, fmt.Errorf("listing the keys: %w", err)
		}
		if k.IsNull() {
			continue
		}
		str, err := k.String()
		if err != nil {
			return nil, fmt.Errorf("listing the keys: %w", err)
		}
		keys = append(keys, str)
	}
	return keys, nil
}

// Scan returns every item in one go: the page joins Object.entries(localStorage) with NUL
// characters (a handful of calls whatever the number of items, where Keys and Get make two a
// key), and the joined text is split here. When a key or a value holds a NUL itself, or the
// count does not add up, it reads key by key instead.
func (s localStorage) Scan() ([]store.Stored, error) {
	n, err := s.length()
	if err != nil {
		return nil, fmt.Errorf("listing the items: %w", err)
	}
	if n == 0 {
		return nil, nil
	}
	if parts, err := s.joined(); err == nil && len(parts) == 2*n {
		out := make([]store.Stored, n)
		for i := range out {
			out[i] = store.Stored{Key: parts[2*i], Value: parts[2*i+1]}
		}
		return out, nil
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

// joined returns every key and value in turn, from Object.entries(localStorage) joined with
// NUL characters.
func (s localStorage) joined() ([]string, error) {
	object, err := global("Object")
	if err != nil {
		return nil, err
	}
	entries, err := call(object, "entries", s.v)
	if err != nil {
		return nil, err
	}
	flat, err := call(entries, "flat")
	if err != nil {
		return nil, err
	}
	text, err := call(flat, "join", "\x00")
	if err != nil {
		return nil, err
	}
	str, err := text.String()
	if err != nil {
		return nil, err
	}
	return strings.Split(str, "\x00"), nil
}
