package browser

import (
	"fmt"

	"github.com/hack-pad/safejs"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// CapturePointer keeps the events of pointer pointerID on el (an element, often an event's
// currentTarget) while it is down (setPointerCapture). A pointer the browser does not know,
// such as that of a synthetic event, gives an error (NotFoundError) and is simply not
// captured.
func CapturePointer(el app.Value, pointerID int) error {
	if err := pointerCall(el, "setPointerCapture", pointerID); err != nil {
		return fmt.Errorf("capturing pointer %d: %w", pointerID, err)
	}
	return nil
}

// ReleasePointer gives the events of pointer pointerID back to the elements under it
// (releasePointerCapture).
func ReleasePointer(el app.Value, pointerID int) error {
	if err := pointerCall(el, "releasePointerCapture", pointerID); err != nil {
		return fmt.Errorf("releasing pointer %d: %w", pointerID, err)
	}
	return nil
}

func pointerCall(el app.Value, m string, pointerID int) error {
	v, err := element(el)
	if err != nil {
		return err
	}
	_, err = call(v, m, pointerID)
	return err
}

// element returns the JavaScript value a go-app value wraps. go-app does not hand it out, but
// it sets a go-app value as a property of an object as the JavaScript value itself: so el is
// set on a new object, made and read back here through safejs.
func element(el app.Value) (safejs.Value, error) {
	if el == nil {
		return safejs.Undefined(), ErrUnsupported
	}
	object, err := global("Object")
	if err != nil {
		return object, err
	}
	holder, err := object.New()
	if err != nil {
		return holder, exception(err)
	}
	app.ValueOf(safejs.Unsafe(holder)).Set("v", el)
	v, err := holder.Get("v")
	if err != nil {
		return v, exception(err)
	}
	if v.Type() != safejs.TypeObject {
		return v, fmt.Errorf("not an element: %s", v.Type())
	}
	return v, nil
}
