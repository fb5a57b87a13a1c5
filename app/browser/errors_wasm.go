package browser

import (
	"errors"
	"fmt"
	"syscall/js"

	"github.com/hack-pad/safejs"
)

// jsError is a JavaScript exception or a promise's rejection, by its name
// ("QuotaExceededError", "AbortError", "NotFoundError") and its message.
type jsError struct {
	name, message string
}

func (e *jsError) Error() string { return e.name + ": " + e.message }

// exception returns err, an error of a safejs call, as a *jsError when it is a JavaScript
// exception (safejs reports those as a js.Error: the one use of syscall/js in the package,
// to read the exception's name), and err itself otherwise (a Go value that JavaScript could
// not take, an undefined property).
func exception(err error) error {
	var je js.Error
	if err == nil || !errors.As(err, &je) {
		return err
	}
	return rejection(safejs.Safe(je.Value))
}

// rejection returns a thrown or rejected JavaScript value as a *jsError: its name and
// message when it is an object, its text otherwise.
func rejection(v safejs.Value) error {
	if v.Type() != safejs.TypeObject {
		s, _ := v.String()
		return &jsError{name: "Error", message: s}
	}
	e := &jsError{name: stringOf(v, "name"), message: stringOf(v, "message")}
	if e.name == "" {
		e.name = "Error"
	}
	return e
}

// stringOf returns v's property p when it is a string, "" otherwise.
func stringOf(v safejs.Value, p string) string {
	s, err := v.Get(p)
	if err != nil || s.Type() != safejs.TypeString {
		return ""
	}
	str, _ := s.String()
	return str
}

// isQuota reports whether err is a full storage: QuotaExceededError in every browser
// today, NS_ERROR_DOM_QUOTA_REACHED in old Firefox.
func isQuota(err error) bool {
	var je *jsError
	return errors.As(err, &je) && (je.name == "QuotaExceededError" || je.name == "NS_ERROR_DOM_QUOTA_REACHED")
}

// isAbort reports whether err is the player closing a sheet or a picker (AbortError).
func isAbort(err error) bool {
	var je *jsError
	return errors.As(err, &je) && je.name == "AbortError"
}

// global returns the global object's property name: an error when reading it throws, and
// ErrUnsupported when it is null or undefined (a feature this browser lacks).
func global(name string) (safejs.Value, error) {
	return property(safejs.Global(), name)
}

// property returns v's property name, as global does.
func property(v safejs.Value, name string) (safejs.Value, error) {
	p, err := v.Get(name)
	if err != nil {
		return p, fmt.Errorf("%s: %w", name, exception(err))
	}
	if p.IsNull() || p.IsUndefined() {
		return p, fmt.Errorf("%s: %w", name, ErrUnsupported)
	}
	return p, nil
}

// call calls v's method m and returns its result, a JavaScript exception as a *jsError.
func call(v safejs.Value, m string, args ...any) (safejs.Value, error) {
	r, err := v.Call(m, args...)
	if err != nil {
		return r, fmt.Errorf("%s: %w", m, exception(err))
	}
	return r, nil
}

// truthy reports whether v is true in JavaScript; false when it cannot tell.
func truthy(v safejs.Value) bool {
	ok, err := v.Truthy()
	return err == nil && ok
}

// errs returns the first error that is not nil.
func errs(list ...error) error {
	for _, err := range list {
		if err != nil {
			return err
		}
	}
	return nil
}

// promise waits for a JavaScript promise and calls done once, in a new goroutine, with its
// value or its rejection (a *jsError).
func promise(p safejs.Value, done func(safejs.Value, error)) error {
	var then, catch safejs.Func
	release := func() {
		then.Release()
		catch.Release()
	}
	var err error
	then, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		release()
		go done(v, nil)
		return nil
	})
	if err != nil {
		return err
	}
	catch, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		err := error(&jsError{name: "Error", message: "rejected"})
		if len(args) > 0 {
			err = rejection(args[0])
		}
		release()
		go done(safejs.Undefined(), err)
		return nil
	})
	if err != nil {
		then.Release()
		return err
	}
	if _, err := call(p, "then", then, catch); err != nil {
		release()
		return err
	}
	return nil
}
