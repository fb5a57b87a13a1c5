package necboard

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/variants/nec"
)

// Entry is the order panel of one seat, the same on every screen that takes an order (the
// game on one device, package necplay, and the game across devices, package necremote): the
// steps picked on the board in the notation, the fallbacks that can be added ("if this
// capture fails", "if captured"), undo and clear, typing the order, submitting and passing.
// The screen keeps the draft and the two texts (Typed, Err), which the panel's buttons change.
type Entry struct {
	// Draft is the order being composed.
	Draft *necgame.Draft
	// Typed is the text of the "type it" box; Err says why the last change was refused.
	Typed, Err *string
	// Busy: the update resolves; nothing can change.
	Busy bool
}

// ErrText turns an error into a sentence for the screen.
func ErrText(err error) string {
	s := err.Error()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// Tap is a tap or click on the board's square sq of state s while the order is entered:
// it moves the piece picked up there when sq is one of its targets (a step of the order),
// puts it down when sq is its own square, or picks up the seat's piece on sq.
func (e Entry) Tap(s nec.State, sq nec.Square) {
	if e.Busy {
		return
	}
	*e.Err = ""
	d := e.Draft
	own := false
	for _, pc := range s.At(sq) {
		own = own || pc.Owner == d.Player()
	}
	if sel, ok := d.Selected(); ok {
		if t, ok := d.Targets(); ok {
			if _, ok := t.Contains(sq); ok {
				if err := d.Pick(sq); err != nil {
					*e.Err = ErrText(err)
				}
				*e.Typed = ""
				return
			}
		}
		if sel.Sq == sq {
			d.Select(0)
			return
		}
	}
	if own {
		d.SelectAt(sq)
		return
	}
	d.Select(0)
}

// Panel draws the panel under its title; submit names the submit button (the screen's
// words while busy) and onSubmit is the handler of submitting (pass false) and passing (pass
// true).
func (e Entry) Panel(title, submit string, onSubmit func(pass bool) app.EventHandler) []app.UI {
	d := e.Draft
	seat := d.Player()
	out := []app.UI{app.H3().DataSet("entering", seat).Text(title)}
	help := "Pick one of your pieces on the board, then one of its targets."
	switch d.Cond() {
	case necgame.IfFails:
		help = "Fallback if the capture fails: pick a piece and a target."
	case necgame.IfCaptured:
		help = "Fallback if your piece is captured: pick another piece and a target."
	}
	if sel, ok := d.Selected(); ok {
		help = fmt.Sprintf("%s on %v picked up: pick a target (dots), or another piece.", sel.Kind, sel.Sq)
	}
	out = append(out, app.P().Class("nec-help").Text(help))
	steps := d.Steps()
	if len(steps) > 0 {
		var items []app.UI
		for i, st := range steps {
			cond := ""
			if i > 0 {
				cond = "if the capture fails: "
				if st.IfCaptured {
					cond = "if captured: "
				}
			}
			items = append(items, app.Li().DataSet("step", i).Body(
				app.Span().Class("nec-cond").Text(cond),
				app.Code().Text(d.StepText(i)),
			))
		}
		out = append(out, app.Ol().Class("nec-steps").Body(items...))
	}
	text := d.Text()
	if text == "" {
		text = "none yet"
	}
	out = append(out, app.Div().Class("nec-notation").Body(
		app.Span().Class("muted").Text("Order: "),
		app.Output().Class("nec-order-text").DataSet("order", d.Text()).Text(text),
	))
	condBtn := func(c necgame.Cond, label, action string) app.UI {
		b := app.Button().Class("btn small").Type("button").DataSet("action", action).
			Disabled(!d.CanAdd(c)).OnClick(shell.On(e.onCond(c), "cond", label)).Text(label)
		if d.Cond() == c {
			b = b.Class("active").Aria("pressed", true)
		}
		return b
	}
	out = append(out, app.Div().Class("nec-order-actions").Body(
		condBtn(necgame.IfFails, "+ If this capture fails…", "if-fails"),
		condBtn(necgame.IfCaptured, "+ If captured, move another piece…", "if-captured"),
		app.Button().Class("btn small").Type("button").DataSet("action", "undo-step").Disabled(len(steps) == 0).
			OnClick(shell.On(e.change(d.Undo), "undo-step")).Text("Undo step"),
		app.Button().Class("btn small").Type("button").DataSet("action", "clear").Disabled(len(steps) == 0).
			OnClick(shell.On(e.change(d.Clear), "clear")).Text("Clear"),
	))
	out = append(out, app.Form().Class("nec-type").OnSubmit(shell.On(e.onTyped, "typed")).Body(
		app.Input().Type("text").Class("nec-type-input").Placeholder("or type it: Rx(12,15) / R(7,13)").
			Aria("label", "Type an order").Value(*e.Typed).Attr("autocomplete", "off").Attr("spellcheck", "false").
			OnInput(shell.On(func(ctx app.Context, ev app.Event) {
				*e.Typed = ev.Get("target").Get("value").String()
				ctx.PreventUpdate()
			}, "typing")),
		app.Button().Class("btn small").Type("submit").DataSet("action", "use-text").Text("Use"),
	))
	if *e.Err != "" {
		out = append(out, app.P().Class("notice").Role("alert").Text(*e.Err))
	}
	out = append(out, app.Div().Class("nec-submit").Body(
		app.Button().Class("btn primary").Type("button").DataSet("action", "submit").
			Disabled(len(steps) == 0 || e.Busy).OnClick(shell.On(onSubmit(false), "submit")).Text(submit),
		app.Button().Class("btn").Type("button").DataSet("action", "pass").Disabled(e.Busy).OnClick(shell.On(onSubmit(true), "pass")).Text("Pass"),
	))
	return out
}

// onCond adds a fallback of kind c (or, pressed again, goes back to replacing the order).
func (e Entry) onCond(c necgame.Cond) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		d := e.Draft
		if e.Busy {
			return
		}
		if d.Cond() == c {
			c = necgame.Replace
		}
		if err := d.SetCond(c); err != nil {
			*e.Err = ErrText(err)
			return
		}
		d.Select(0)
		*e.Err = ""
	}
}

// change does f to the draft, unless busy.
func (e Entry) change(f func()) app.EventHandler {
	return func(ctx app.Context, ev app.Event) {
		if !e.Busy {
			f()
			*e.Err = ""
		}
	}
}

// onTyped reads the typed order into the draft.
func (e Entry) onTyped(ctx app.Context, ev app.Event) {
	ev.PreventDefault()
	if e.Busy {
		return
	}
	if err := e.Draft.SetText(*e.Typed); err != nil {
		*e.Err = ErrText(err)
		return
	}
	*e.Err, *e.Typed = "", ""
}
