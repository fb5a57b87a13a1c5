package browser

import (
	"errors"
	"fmt"
	"syscall/js"
)

// Download offers data to the player as a file named name, of the given MIME type, through
// a temporary object URL and a link with a download attribute.
func Download(name, mime string, data []byte) error {
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob, err := try(func() js.Value {
		return js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	})
	if err != nil {
		return fmt.Errorf("preparing %s: %w", name, err)
	}
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	_, err = try(func() js.Value { return a.Call("click") })
	a.Call("remove")
	// Let the download start before the URL goes.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
	if err != nil {
		return fmt.Errorf("downloading %s: %w", name, err)
	}
	return nil
}

// ReadFile reads the first file chosen in the file input with the given element id and
// calls done with its name and bytes; ErrCanceled when none is chosen.
func ReadFile(inputID string, done func(name string, data []byte, err error)) {
	input := js.Global().Get("document").Call("getElementById", inputID)
	if !input.Truthy() {
		go done("", nil, fmt.Errorf("no file input %q", inputID))
		return
	}
	files := input.Get("files")
	if !files.Truthy() || files.Get("length").Int() == 0 {
		go done("", nil, ErrCanceled)
		return
	}
	f := files.Index(0)
	name := f.Get("name").String()
	if size := f.Get("size").Int(); size > 64<<20 {
		go done(name, nil, fmt.Errorf("%s is %d MB, too large to be a file of games", name, size>>20))
		return
	}
	p, err := try(func() js.Value { return f.Call("arrayBuffer") })
	if err != nil {
		go done(name, nil, err)
		return
	}
	promise(p, func(buf js.Value, err error) {
		if err != nil {
			done(name, nil, fmt.Errorf("reading %s: %w", name, err))
			return
		}
		if buf.Type() != js.TypeObject {
			done(name, nil, errors.New("reading "+name+": no data"))
			return
		}
		arr := js.Global().Get("Uint8Array").New(buf)
		data := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(data, arr)
		// Let the same file be chosen again.
		input.Set("value", "")
		done(name, data, nil)
	})
}
