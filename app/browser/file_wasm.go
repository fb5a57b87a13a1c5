package browser

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"
)

// Download offers data to the player as a file named name, of the given MIME type, through
// a temporary object URL and a link with a download attribute.
func Download(name, mime string, data []byte) error {
	if err := download(name, mime, data); err != nil {
		return fmt.Errorf("downloading %s: %w", name, err)
	}
	return nil
}

func download(name, mime string, data []byte) error {
	arr, err := bytesToJS(data)
	if err != nil {
		return err
	}
	blobType, err := global("Blob")
	if err != nil {
		return err
	}
	blob, err := blobType.New([]any{arr}, map[string]any{"type": mime})
	if err != nil {
		return exception(err)
	}
	urls, err := global("URL")
	if err != nil {
		return err
	}
	url, err := call(urls, "createObjectURL", blob)
	if err != nil {
		return err
	}
	// Let the download start before the URL goes.
	var revoke safejs.Func
	revoke, err = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		_, _ = call(urls, "revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	if err != nil {
		_, _ = call(urls, "revokeObjectURL", url)
		return err
	}
	if _, err := call(safejs.Global(), "setTimeout", revoke, 60000); err != nil {
		revoke.Release()
		_, _ = call(urls, "revokeObjectURL", url)
		return err
	}
	a, err := appendHidden("a", func(a, style safejs.Value) error {
		return errs(a.Set("href", url), a.Set("download", name), style.Set("display", "none"))
	})
	if err != nil {
		return err
	}
	_, err = call(a, "click")
	_, _ = call(a, "remove")
	return err
}

// appendHidden creates an element of the given tag, lets set give it its attributes and
// style (so that it never shows), and appends it to the document's body.
func appendHidden(tag string, set func(el, style safejs.Value) error) (safejs.Value, error) {
	doc, err := global("document")
	if err != nil {
		return doc, err
	}
	body, err := property(doc, "body")
	if err != nil {
		return body, err
	}
	el, err := call(doc, "createElement", tag)
	if err != nil {
		return el, err
	}
	style, err := property(el, "style")
	if err != nil {
		return el, err
	}
	if err := set(el, style); err != nil {
		return el, exception(err)
	}
	if _, err := call(body, "appendChild", el); err != nil {
		return el, err
	}
	return el, nil
}

// bytesToJS returns data in a new Uint8Array.
func bytesToJS(data []byte) (safejs.Value, error) {
	u8, err := global("Uint8Array")
	if err != nil {
		return u8, err
	}
	arr, err := u8.New(len(data))
	if err != nil {
		return arr, exception(err)
	}
	if _, err := safejs.CopyBytesToJS(arr, data); err != nil {
		return arr, exception(err)
	}
	return arr, nil
}

// ReadFile reads the first file chosen in the file input with the given element id and
// calls done, in a new goroutine, with its name and bytes; ErrCanceled when none is chosen.
func ReadFile(inputID string, done func(name string, data []byte, err error)) {
	name, err := readFile(inputID, done)
	if err != nil {
		go done(name, nil, err)
	}
}

// readFile starts reading the chosen file and returns its name; when it returns an error,
// done is not called.
func readFile(inputID string, done func(name string, data []byte, err error)) (string, error) {
	doc, err := global("document")
	if err != nil {
		return "", err
	}
	input, err := call(doc, "getElementById", inputID)
	if err != nil {
		return "", err
	}
	if !truthy(input) {
		return "", fmt.Errorf("no file input %q", inputID)
	}
	files, err := input.Get("files")
	if err != nil {
		return "", exception(err)
	}
	if !truthy(files) {
		return "", ErrCanceled
	}
	if n, err := files.Length(); err != nil || n == 0 {
		return "", ErrCanceled
	}
	f, err := files.Index(0)
	if err != nil {
		return "", exception(err)
	}
	name := stringOf(f, "name")
	sizeValue, err := f.Get("size")
	if err != nil {
		return name, exception(err)
	}
	size, err := sizeValue.Int()
	if err != nil {
		return name, exception(err)
	}
	if size > 64<<20 {
		return name, fmt.Errorf("%s is %d MB, too large to be a file of games", name, size>>20)
	}
	p, err := call(f, "arrayBuffer")
	if err != nil {
		return name, fmt.Errorf("reading %s: %w", name, err)
	}
	return name, promise(p, func(buf safejs.Value, err error) {
		var data []byte
		if err == nil {
			data, err = bytesToGo(buf)
		}
		if err != nil {
			done(name, nil, fmt.Errorf("reading %s: %w", name, err))
			return
		}
		// Let the same file be chosen again.
		_ = input.Set("value", "")
		done(name, data, nil)
	})
}

// bytesToGo returns the bytes of an ArrayBuffer.
func bytesToGo(buf safejs.Value) ([]byte, error) {
	if buf.Type() != safejs.TypeObject {
		return nil, errors.New("no data")
	}
	u8, err := global("Uint8Array")
	if err != nil {
		return nil, err
	}
	arr, err := u8.New(buf)
	if err != nil {
		return nil, exception(err)
	}
	n, err := arr.Length()
	if err != nil {
		return nil, exception(err)
	}
	data := make([]byte, n)
	if _, err := safejs.CopyBytesToGo(data, arr); err != nil {
		return nil, exception(err)
	}
	return data, nil
}
