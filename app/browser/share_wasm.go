package browser

import (
	"errors"
	"fmt"

	"github.com/hack-pad/safejs"
)

// CopyText puts text on the clipboard and calls done with the result. It uses the
// asynchronous Clipboard API and falls back to a hidden text area and execCommand("copy")
// where that API is missing or refused (pages served over plain HTTP but localhost).
func CopyText(text string, done func(error)) {
	if clip, err := clipboard(); err == nil {
		p, err := call(clip, "writeText", text)
		if err == nil {
			err = promise(p, func(_ safejs.Value, err error) {
				if err != nil {
					err = copyFallback(text)
				}
				done(err)
			})
		}
		if err == nil {
			return
		}
	}
	go done(copyFallback(text))
}

// clipboard returns navigator.clipboard when it can write text.
func clipboard() (safejs.Value, error) {
	nav, err := global("navigator")
	if err != nil {
		return nav, err
	}
	clip, err := property(nav, "clipboard")
	if err != nil {
		return clip, err
	}
	if _, err := property(clip, "writeText"); err != nil {
		return clip, err
	}
	return clip, nil
}

// copyFallback copies text through a hidden text area and execCommand("copy").
func copyFallback(text string) error {
	if err := copySelected(text); err != nil {
		return fmt.Errorf("copying: %w", err)
	}
	return nil
}

func copySelected(text string) error {
	doc, err := global("document")
	if err != nil {
		return err
	}
	ta, err := appendHidden("textarea", func(ta, style safejs.Value) error {
		return errs(
			ta.Set("value", text),
			ta.Set("readOnly", true),
			style.Set("position", "fixed"),
			style.Set("opacity", "0"),
		)
	})
	if err != nil {
		return err
	}
	defer func() { _, _ = call(ta, "remove") }()
	if _, err := call(ta, "select"); err != nil {
		return err
	}
	ok, err := call(doc, "execCommand", "copy")
	if err != nil {
		return err
	}
	if !truthy(ok) {
		return errors.New("the browser refused to copy")
	}
	return nil
}

// CanShare reports whether the browser has a system share sheet (Web Share API) that
// takes a link.
func CanShare() bool {
	nav, err := global("navigator")
	if err != nil {
		return false
	}
	if _, err := property(nav, "share"); err != nil {
		return false
	}
	if _, err := property(nav, "canShare"); err != nil {
		return true // an older Web Share API: share takes a link
	}
	href, err := Location()
	if err != nil {
		return false
	}
	ok, err := call(nav, "canShare", map[string]any{"url": href})
	return err == nil && truthy(ok)
}

// Share opens the system share sheet with a title, a text and a link, and calls done when
// it closes: nil once shared, ErrCanceled when the player closed it.
func Share(title, text, url string, done func(error)) {
	nav, err := global("navigator")
	if err == nil {
		_, err = property(nav, "share")
	}
	if err != nil {
		go done(ErrUnsupported)
		return
	}
	p, err := call(nav, "share", map[string]any{"title": title, "text": text, "url": url})
	if err == nil {
		err = promise(p, func(_ safejs.Value, err error) {
			if isAbort(err) {
				err = ErrCanceled
			}
			done(err)
		})
	}
	if err != nil {
		go done(err)
	}
}
