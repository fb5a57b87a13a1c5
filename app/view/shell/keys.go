package shell

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// StepKeys listens to the keys that step through a game on a screen with a board (←, →, ↑,
// ↓, Home, End, and f to flip), pressed outside a text field and without Alt, Ctrl or Cmd:
// each goes to on through ctx.Dispatch, its default action prevented. It returns the
// function that stops listening (the screen's OnDismount calls it).
func StepKeys(ctx app.Context, on func(ctx app.Context, key string)) (stop func()) {
	keys := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		e := args[0]
		switch e.Get("target").Get("tagName").String() {
		case "INPUT", "SELECT", "TEXTAREA":
			return nil
		}
		if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
			return nil
		}
		key := e.Get("key").String()
		switch key {
		case "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "f":
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx app.Context) { on(ctx, key) })
		}
		return nil
	})
	app.Window().Call("addEventListener", "keydown", keys)
	return func() {
		app.Window().Call("removeEventListener", "keydown", keys)
		keys.Release()
	}
}
