package play

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
)

// The move box: a text field under the move list where a player types a ply (SAN, UCI or a
// variant's action word, session.Enter) with completion from the legal entries, and the
// screen reader's live region that says each ply and the turn's state in words
// (session.Announcement) when the screen-reader mode is on.

// moveBox is what the move box holds between renders.
type moveBox struct {
	text string // what is typed
	err  string // why the last entry was refused
}

// maxCompletions is how many legal entries the completion list offers at most.
const maxCompletions = 12

// moveBox draws the move box: the field, its completion list and the refusal.
func (p *Screen) moveBox() app.UI {
	var options []app.UI
	for _, e := range p.s.Complete(p.box.text, maxCompletions) {
		options = append(options, app.Option().Value(e))
	}
	hint := "Type a move: e4, Nf3, O-O, e7e8q"
	if p.s.Info().ID == "dice" {
		hint += ", roll"
	}
	if p.s.HasTokens() {
		hint += ", Nf3 spend"
	}
	return app.Form().Class("move-box").OnSubmit(p.onMoveSubmit).Body(
		app.Label().For("move-input").Class("sr-only").Text("Your move"),
		app.Input().ID("move-input").Type("text").Name("move").
			AutoComplete(false).Attr("autocapitalize", "off").Attr("spellcheck", "false").
			Attr("list", "move-options").
			Placeholder(hint).Aria("describedby", "move-box-error").
			Value(p.box.text).OnInput(p.onMoveInput).OnKeyDown(p.onMoveKey),
		app.DataList().ID("move-options").Body(options...),
		app.P().ID("move-box-error").Class("move-box-error").Role("alert").Text(p.box.err),
	)
}

// announcer is the screen reader's live region: the last ply and the turn's state in words,
// present when the screen-reader mode is on.
func (p *Screen) announcer() app.UI {
	if !p.settings.ScreenReader {
		return app.Text("")
	}
	return app.P().ID("sr-announce").Class("sr-only").Aria("live", "polite").Aria("atomic", "true").
		Text(p.s.Announcement())
}

// onMoveInput keeps what is typed, for the completion list.
func (p *Screen) onMoveInput(ctx app.Context, e app.Event) {
	p.box.text = ctx.JSSrc().Get("value").String()
	p.box.err = ""
}

// onMoveKey plays what was typed on Enter. The key is taken on the field itself, not left to
// the form: while the completion list is open, a browser may spend the Enter on closing it.
func (p *Screen) onMoveKey(ctx app.Context, e app.Event) {
	if e.Get("key").String() != "Enter" || e.Get("isComposing").Bool() {
		ctx.PreventUpdate()
		return
	}
	e.PreventDefault() // no implicit submission of the form as well
	p.box.text = ctx.JSSrc().Get("value").String()
	p.enterMove(ctx)
}

// onMoveSubmit plays what was typed when the form is submitted otherwise (a phone keyboard's
// "Go").
func (p *Screen) onMoveSubmit(ctx app.Context, e app.Event) {
	e.PreventDefault()
	p.enterMove(ctx)
}

// enterMove plays what was typed, or says why not.
func (p *Screen) enterMove(ctx app.Context) {
	if p.s == nil {
		return
	}
	eff, err := p.s.Enter(p.box.text)
	p.box.err = ""
	switch {
	case err == nil && eff == session.Played:
		p.clearBox()
		p.handle(ctx, eff, true)
	case err == nil:
		// A spend turned on, or a promotion piece to choose: the panel and the picker show it.
		p.clearBox()
	default:
		p.box.err = capitalized(err.Error())
	}
}

// clearBox empties the field (its value in the page too: what was typed is the element's
// own, not a value the render set).
func (p *Screen) clearBox() {
	p.box.text = ""
	if in := app.Window().GetElementByID("move-input"); in.Truthy() {
		in.Set("value", "")
	}
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
