package browser

import (
	"fmt"

	"github.com/hack-pad/safejs"
)

// Location returns the window's address as the browser holds it (location.href).
func Location() (string, error) {
	loc, err := safejs.Global().Get("location")
	if err != nil {
		return "", fmt.Errorf("reading the address: %w", exception(err))
	}
	href, err := loc.Get("href")
	if err != nil {
		return "", fmt.Errorf("reading the address: %w", exception(err))
	}
	s, err := href.String()
	if err != nil {
		return "", fmt.Errorf("reading the address: %w", exception(err))
	}
	return s, nil
}

// ReplaceLocation puts href in the address bar in place of the current address
// (history.replaceState), without loading a page or adding a history step.
func ReplaceLocation(href string) error {
	history, err := safejs.Global().Get("history")
	if err != nil {
		return fmt.Errorf("replacing the address: %w", exception(err))
	}
	state, err := history.Get("state")
	if err != nil {
		return fmt.Errorf("replacing the address: %w", exception(err))
	}
	if _, err := history.Call("replaceState", state, "", href); err != nil {
		return fmt.Errorf("replacing the address: %w", exception(err))
	}
	return nil
}

// OnAddressChange calls f whenever the address changes without a page load (a history step,
// or a new fragment typed in the address bar), before any handler registered later: call it
// before go-app starts, so that f runs before go-app reads the new address. f runs inside the
// browser's event: it must not block.
func OnAddressChange(f func()) error {
	fn, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		f()
		return nil
	})
	if err != nil {
		return fmt.Errorf("watching the address: %w", exception(err))
	}
	for _, event := range []string{"popstate", "hashchange"} {
		if _, err := safejs.Global().Call("addEventListener", event, fn); err != nil {
			fn.Release()
			return fmt.Errorf("watching the address: %w", exception(err))
		}
	}
	return nil // fn lives as long as the page
}

// OnStorageChange calls f with the key of every local-storage item another tab of this site
// changes (the browser's storage event; a tab's own writes do not fire it). stop removes the
// listener. f runs inside the browser's event: it must not block.
func OnStorageChange(f func(key string)) (stop func(), err error) {
	fn, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) == 0 {
			return nil
		}
		k, err := args[0].Get("key")
		if err != nil || k.IsNull() || k.IsUndefined() {
			f("") // the whole storage was cleared
			return nil
		}
		if key, err := k.String(); err == nil {
			f(key)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("watching the storage: %w", exception(err))
	}
	if _, err := safejs.Global().Call("addEventListener", "storage", fn); err != nil {
		fn.Release()
		return nil, fmt.Errorf("watching the storage: %w", exception(err))
	}
	return func() {
		_, _ = safejs.Global().Call("removeEventListener", "storage", fn)
		fn.Release()
	}, nil
}
