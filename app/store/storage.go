package store

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

// Storage is a store of string values under string keys, like the browser's
// window.localStorage. Errors come back to the caller: a full storage is an error wrapping
// ErrQuota, after which the previous value under the key is still there.
type Storage interface {
	// Get returns the value under key and whether there is one.
	Get(key string) (value string, ok bool, err error)
	// Set stores value under key. When there is no room it returns an error wrapping
	// ErrQuota and leaves the previous value in place.
	Set(key, value string) error
	// Remove deletes the value under key; removing a missing key is not an error.
	Remove(key string) error
	// Keys returns every key, in no particular order.
	Keys() ([]string, error)
}

// A Scanner is a Storage that reads every key and value it holds in one go, faster than Keys
// and a Get a key: a browser's local storage answers in one call into the page rather than
// two a key, which counts with thousands of saved games. Store.List and Store.Index use it
// when the Storage has it.
type Scanner interface {
	// Scan returns every key and value, in no particular order.
	Scan() ([]Stored, error)
}

// Stored is a key and the value under it.
type Stored struct {
	Key, Value string

	err error // the value could not be read
}

// ErrQuota is wrapped by the error a Storage returns when it is full.
var ErrQuota = errors.New("the browser's storage for this site is full")

// Memory is a Storage held in memory: for tests, and for browsers without local storage.
// The zero value is empty and unbounded; it is safe for concurrent use.
type Memory struct {
	// Quota, when positive, bounds the total length in bytes of the keys and values, as a
	// browser bounds local storage.
	Quota int

	mu sync.Mutex
	m  map[string]string
}

// Get returns the value under key.
func (s *Memory) Get(key string) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	return v, ok, nil
}

// Set stores value under key, or fails with ErrQuota when the total would pass Quota.
func (s *Memory) Set(key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Quota > 0 {
		used := 0
		for k, v := range s.m {
			if k != key {
				used += len(k) + len(v)
			}
		}
		if used+len(key)+len(value) > s.Quota {
			return fmt.Errorf("storing %d bytes under %q: %w", len(value), key, ErrQuota)
		}
	}
	if s.m == nil {
		s.m = map[string]string{}
	}
	s.m[key] = value
	return nil
}

// Remove deletes key.
func (s *Memory) Remove(key string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, key)
	return nil
}

// Scan returns every key and value, by key.
func (s *Memory) Scan() ([]Stored, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Stored, 0, len(s.m))
	for k, v := range s.m {
		out = append(out, Stored{Key: k, Value: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// Keys returns the keys in sorted order.
func (s *Memory) Keys() ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([]string, 0, len(s.m))
	for k := range s.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, nil
}
