package play

import (
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

// ClockChoices are the time controls the new-game screen offers ("" = no clocks).
var ClockChoices = []struct{ Value, Name string }{
	{"", "No clock"},
	{"1+0", "1 minute"},
	{"3+2", "3 minutes + 2 seconds"},
	{"5+0", "5 minutes"},
	{"10+0", "10 minutes"},
	{"15+10", "15 minutes + 10 seconds"},
	{"30+0", "30 minutes"},
}

// hiddenOptions are options the new-game screen does not show: the progressive series
// length only matters for a start from a FEN, where the fullmove number gives it.
var hiddenOptions = map[string]bool{"series": true}

// NewGame is the new-game screen: the variant, its options (RULES.md), who plays, the clock
// and an optional start position.
type NewGame struct {
	app.Compo

	shell.PageState

	variant string
	opts    map[string]string
	mode    string
	color   string // "white", "black" or "random"
	clock   string
	level   int
	fen     string
	names   [2]string // the players' names, by colour (names.go)
	err     string
}

// OnMount marks the page live.
func (n *NewGame) OnMount(ctx app.Context) {
	n.Mount()
	n.App.ReadTestHooks()
}

// OnNav fills the form from the address (/new?variant=sdm&options=...).
func (n *NewGame) OnNav(ctx app.Context) {
	ctx.Page().SetTitle("New game · %s", shell.AppName)
	n.fill(shell.PageURL(ctx).Query())
}

func (n *NewGame) fill(q url.Values) {
	n.variant = "orthodox"
	if info, ok := variants.Find(q.Get("variant")); ok && info.Playable() {
		n.variant = info.ID
	}
	n.opts = nil
	if info, ok := variants.Find(n.variant); ok {
		if vals, err := turn.ParseOptions(q.Get("options"), info.Options); err == nil {
			n.opts = vals
		}
	}
	n.mode = session.ModeTwo
	if q.Get("mode") == session.ModeComputer && computerAvailable() {
		n.mode = session.ModeComputer
	}
	n.color = "white"
	if c := q.Get("color"); c == "black" || c == "random" {
		n.color = c
	}
	n.clock = ""
	if tc, err := session.ParseTimeControl(q.Get("clock")); err == nil {
		n.clock = tc.String()
	}
	n.level = 1
	if l, err := strconv.Atoi(q.Get("level")); err == nil && l >= 1 && l <= len(Levels) {
		n.level = l
	}
	n.fen = q.Get("fen")
	n.fillNames(q)
	n.err = ""
}

// computerAvailable reports whether a computer opponent can be offered: the engine's Web
// Worker (app/browser) plays every variant of the picker.
func computerAvailable() bool { return true }

// Levels are the computer's strengths the new-game screen offers.
var Levels = []struct {
	Level int
	Name  string
}{
	{1, "1 · Beginner"},
	{2, "2 · Casual"},
	{3, "3 · Club"},
	{4, "4 · Strong"},
	{5, "5 · Strongest"},
}

// info returns the chosen variant's catalogue entry.
func (n *NewGame) info() variants.Info {
	info, ok := variants.Find(n.variant)
	if !ok {
		info, _ = variants.Find("orthodox")
	}
	return info
}

// query returns the game the form describes.
func (n *NewGame) query() session.GameQuery {
	info := n.info()
	g := session.GameQuery{Variant: info.ID, Mode: n.mode, FEN: n.fen, Level: n.level}
	if n.opts != nil {
		g.Options = turn.FormatOptions(n.opts, info.Options)
	}
	switch n.color {
	case "black":
		g.Color = engine.Black
	case "random":
		g.Color = engine.Color(dice.CryptoSource{}.IntN(2))
	}
	g.Clock, _ = session.ParseTimeControl(n.clock)
	g.Names = n.namesFor(g.Mode, g.Color)
	if g.Mode == session.ModeComputer && n.color == "random" {
		g.Names[g.Color] = session.CleanName(n.names[0]) // typed under White: it goes with the side drawn
		g.Names[g.Color.Other()] = ""
	}
	return g
}

func (n *NewGame) onStart(ctx app.Context, e app.Event) {
	e.PreventDefault()
	g := n.query()
	if _, err := session.New(g.Config(), session.Env{}); err != nil {
		n.err = session.StartProblem(err)
		return
	}
	ctx.Navigate(route.Play(g))
}

// Render draws the screen.
func (n *NewGame) Render() app.UI {
	if n.variant == "" {
		n.fill(url.Values{})
	}
	info := n.info()
	var vcards []app.UI
	for _, v := range variants.List() {
		if !v.Playable() {
			continue
		}
		id := v.ID
		c := app.Label().Class("variant-choice").DataSet("variant", id).Body(
			app.Input().Type("radio").Name("variant").Value(id).Checked(id == info.ID).
				OnChange(shell.On(func(ctx app.Context, e app.Event) {
					n.variant = id
					n.opts = nil
					if vals, err := turn.ParseOptions("", variantSpecs(id)); err == nil {
						n.opts = vals
					}
					n.err = ""
				}, "variant", id)),
			app.Span().Class("choice-text").Body(
				app.Strong().Text(v.Name),
				app.Small().Text(v.Pitch),
			),
		)
		vcards = append(vcards, c)
	}

	form := []app.UI{
		app.FieldSet().Class("card").Body(
			app.Legend().Text("Variant"),
			app.Div().Class("variant-choices").Body(vcards...),
			app.A().Class("rules-link").Href(route.Rules(info.ID)).Text("Rules of "+info.Name),
		),
	}
	if opts := n.optionFields(info); len(opts) > 0 {
		form = append(form, app.FieldSet().Class("card").Body(append([]app.UI{app.Legend().Text("Options")}, opts...)...))
	}
	form = append(form, n.playersField(), n.clockField(), n.startField())
	if n.err != "" {
		form = append(form, app.P().Class("notice").Role("alert").Text(n.err))
	}
	form = append(form, app.Button().Class("btn primary big").Type("submit").DataSet("action", "start").Text("Start the game"))
	return n.Frame("new", app.Main().Class("page newgame").Body(
		app.H2().Text("New game"),
		app.Form().Class("newgame-form").OnSubmit(n.onStart).Body(form...),
	))
}

func variantSpecs(id string) []turn.OptionSpec {
	info, _ := variants.Find(id)
	return info.Options
}

// optionFields draws an input for each option of the variant (RULES.md numbers shown).
func (n *NewGame) optionFields(info variants.Info) []app.UI {
	var out []app.UI
	for _, sp := range info.Options {
		if hiddenOptions[sp.Key] {
			continue
		}
		key := sp.Key
		val := sp.Default
		if v, ok := n.opts[key]; ok {
			val = v
		}
		set := func(v string) {
			if n.opts == nil {
				n.opts = map[string]string{}
			}
			n.opts[key] = v
		}
		help := capitalizeFirst(sp.Doc)
		if sp.Rule != "" {
			help += " (" + sp.Rule + ")"
		}
		switch sp.Kind {
		case turn.Bool:
			out = append(out, app.Label().Class("toggle").Body(
				app.Input().Type("checkbox").Name(key).DataSet("option", key).Checked(val == "true").
					OnChange(shell.On(func(ctx app.Context, e app.Event) {
						set(strconv.FormatBool(e.Get("target").Get("checked").Bool()))
					}, "option", key)),
				app.Span().Class("toggle-text").Body(app.Span().Text(sp.Name), app.Small().Text(help)),
			))
		case turn.Int, turn.Choice:
			var values []string
			if sp.Kind == turn.Int {
				for i := sp.Min; i <= sp.Max; i++ {
					values = append(values, strconv.Itoa(i))
				}
			} else {
				values = sp.Values
			}
			opts := make([]app.UI, len(values))
			for i, v := range values {
				opts[i] = app.Option().Value(v).Selected(v == val).Text(v)
			}
			out = append(out, app.Label().Class("field").Body(
				app.Span().Class("field-name").Text(sp.Name),
				app.Select().Name(key).DataSet("option", key).
					OnChange(shell.On(func(ctx app.Context, e app.Event) { set(e.Get("target").Get("value").String()) }, "option", key)).
					Body(opts...),
				app.Small().Text(help),
			))
		}
	}
	return out
}

func (n *NewGame) radio(name, value, text, current string, set func(string)) app.UI {
	return app.Label().Class("choice").Body(
		app.Input().Type("radio").Name(name).Value(value).Checked(value == current).
			OnChange(shell.On(func(ctx app.Context, e app.Event) { set(value) }, "radio", name, value)),
		app.Span().Text(text),
	)
}

// playersField draws who plays: two people, or one against the computer with a colour.
func (n *NewGame) playersField() app.UI {
	body := []app.UI{app.Legend().Text("Players")}
	modes := []app.UI{n.radio("mode", session.ModeTwo, "Two people on this device", n.mode, func(v string) { n.mode = v })}
	if computerAvailable() {
		modes = append(modes, n.radio("mode", session.ModeComputer, "Against the computer", n.mode, func(v string) { n.mode = v }))
	}
	body = append(body, app.Div().Class("choices").Body(modes...))
	colorName := "Side at the bottom of the board"
	if n.mode == session.ModeComputer {
		colorName = "Your side"
	}
	colors := []app.UI{
		n.radio("color", "white", "White", n.color, func(v string) { n.color = v }),
		n.radio("color", "black", "Black", n.color, func(v string) { n.color = v }),
	}
	if n.mode == session.ModeComputer {
		colors = append(colors, n.radio("color", "random", "Random", n.color, func(v string) { n.color = v }))
	}
	body = append(body, app.Div().Class("field").Body(
		app.Span().Class("field-name").Text(colorName),
		app.Div().Class("choices").Body(colors...),
	))
	if n.mode == session.ModeComputer {
		opts := make([]app.UI, len(Levels))
		for i, l := range Levels {
			opts[i] = app.Option().Value(strconv.Itoa(l.Level)).Selected(l.Level == n.level).Text(l.Name)
		}
		body = append(body, app.Label().Class("field").Body(
			app.Span().Class("field-name").Text("Computer's level"),
			app.Select().Name("level").DataSet("option", "level").
				OnChange(func(ctx app.Context, e app.Event) {
					if l, err := strconv.Atoi(e.Get("target").Get("value").String()); err == nil {
						n.level = l
					}
				}).
				Body(opts...),
		))
	}
	body = append(body, n.namesField())
	return app.FieldSet().Class("card").Body(body...)
}

// clockField draws the time control (S7).
func (n *NewGame) clockField() app.UI {
	opts := make([]app.UI, len(ClockChoices))
	for i, c := range ClockChoices {
		opts[i] = app.Option().Value(c.Value).Selected(c.Value == n.clock).Text(c.Name)
	}
	return app.FieldSet().Class("card").Body(
		app.Legend().Text("Clock"),
		app.Label().Class("field").Body(
			app.Span().Class("field-name").Text("Time per side"),
			app.Select().Name("clock").DataSet("option", "clock").
				OnChange(func(ctx app.Context, e app.Event) { n.clock = e.Get("target").Get("value").String() }).
				Body(opts...),
			app.Small().Text("A side's clock runs only while it has plies to make; a skipped turn costs no time (S7)."),
		),
	)
}

// startField draws the optional start position.
func (n *NewGame) startField() app.UI {
	return app.FieldSet().Class("card").Body(
		app.Legend().Text("Start position"),
		app.Label().Class("field").Body(
			app.Span().Class("field-name").Text("FEN (leave empty for the usual start)"),
			app.Input().Type("text").Name("fen").DataSet("option", "fen").Value(n.fen).
				Placeholder(turn.StartFEN).
				Attr("spellcheck", "false").Attr("autocomplete", "off").
				OnInput(func(ctx app.Context, e app.Event) {
					n.fen = e.Get("target").Get("value").String()
					n.err = ""
				}),
		),
	)
}

// capitalizeFirst upper-cases the first letter of s.
func capitalizeFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
