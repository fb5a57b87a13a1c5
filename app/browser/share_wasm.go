package browser

import (
	"errors"
	"syscall/js"
)

// promise waits for a JavaScript promise and calls done once, in a new goroutine, with its
// value or its rejection.
func promise(p js.Value, done func(js.Value, error)) {
	var then, catch js.Func
	release := func() {
		then.Release()
		catch.Release()
	}
	then = js.FuncOf(func(this js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		release()
		go done(v, nil)
		return nil
	})
	catch = js.FuncOf(func(this js.Value, args []js.Value) any {
		err := error(&jsError{name: "Error", message: "rejected"})
		if len(args) > 0 && args[0].Type() == js.TypeObject {
			err = &jsError{name: args[0].Get("name").String(), message: args[0].Get("message").String()}
		}
		release()
		go done(js.Undefined(), err)
		return nil
	})
	p.Call("then", then, catch)
}

// CopyText puts text on the clipboard and calls done with the result. It uses the
// asynchronous Clipboard API and falls back to a hidden text area and execCommand("copy")
// where that API is missing or refused (pages served over plain HTTP but localhost).
func CopyText(text string, done func(error)) {
	clip := js.Global().Get("navigator").Get("clipboard")
	if clip.Truthy() && clip.Get("writeText").Truthy() {
		p, err := try(func() js.Value { return clip.Call("writeText", text) })
		if err == nil {
			promise(p, func(_ js.Value, err error) {
				if err != nil {
					err = copyFallback(text)
				}
				done(err)
			})
			return
		}
	}
	go done(copyFallback(text))
}

func copyFallback(text string) error {
	doc := js.Global().Get("document")
	ta, err := try(func() js.Value { return doc.Call("createElement", "textarea") })
	if err != nil {
		return err
	}
	ta.Set("value", text)
	ta.Call("setAttribute", "readonly", "")
	ta.Get("style").Set("position", "fixed")
	ta.Get("style").Set("opacity", "0")
	doc.Get("body").Call("appendChild", ta)
	ta.Call("select")
	ok, err := try(func() js.Value { return doc.Call("execCommand", "copy") })
	ta.Call("remove")
	if err != nil {
		return err
	}
	if !ok.Truthy() {
		return errors.New("the browser refused to copy")
	}
	return nil
}

// CanShare reports whether the browser has a system share sheet (Web Share API) that
// takes a link.
func CanShare() bool {
	nav := js.Global().Get("navigator")
	if !nav.Get("share").Truthy() {
		return false
	}
	if nav.Get("canShare").Truthy() {
		ok, err := try(func() js.Value {
			return nav.Call("canShare", map[string]any{"url": js.Global().Get("location").Get("href")})
		})
		return err == nil && ok.Truthy()
	}
	return true
}

// Share opens the system share sheet with a title, a text and a link, and calls done when
// it closes: nil once shared, ErrCanceled when the player closed it.
func Share(title, text, url string, done func(error)) {
	nav := js.Global().Get("navigator")
	if !nav.Get("share").Truthy() {
		go done(ErrUnsupported)
		return
	}
	p, err := try(func() js.Value {
		return nav.Call("share", map[string]any{"title": title, "text": text, "url": url})
	})
	if err != nil {
		go done(err)
		return
	}
	promise(p, func(_ js.Value, err error) {
		if je, ok := err.(*jsError); ok && je.name == "AbortError" {
			err = ErrCanceled
		}
		done(err)
	})
}
