package shell

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// On gives an event handler made by a factory (p.onView(i)), in a loop or by a function that
// draws one row of many the scope that names what it was made from, for an element's OnClick,
// OnChange, OnInput...:
//
//	app.Button().OnClick(shell.On(p.onView(i), "view", i))
//
// go-app keeps an element's handler across renders while its scope does not change: without
// one, the element would go on calling the handler of the render that first drew it, with
// that render's values. Handlers that are methods (p.onFlip) or closures over the component
// alone need none. app/view's TestHandlersScoped fails on a handler that needs one and goes
// without.
func On(h app.EventHandler, scope ...any) (app.EventHandler, app.EventOption) {
	return h, app.EventScope(scope...)
}
