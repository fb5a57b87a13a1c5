package necplay

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/necboard"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/variants/nec"
)

// necSwatch draws a small pawn in player i's colour and pattern (the page must hold necboard.Defs).
func necSwatch(i int) app.UI { return app.Raw(necSwatches[i%nec.MaxPlayers]) }

// necSwatches holds the swatch of each seat as SVG text: the lists of updates show one on
// every line, and text is quicker for the page to compare and draw than elements.
var necSwatches = func() (out [nec.MaxPlayers]string) {
	for i, st := range necboard.Styles {
		s := `<svg class="nec-swatch" viewBox="0 0 100 100" aria-hidden="true">` +
			`<use href="#nec-k-P" width="100" height="100" fill="` + st.Fill + `" stroke="` + st.Line + `" color="` + st.Detail + `"></use>`
		if st.Pattern != "" {
			s += `<use href="#nec-b-P" width="100" height="100" fill="url(#nec-pat-` + st.Pattern + `)"></use>`
		}
		out[i] = s + `</svg>`
	}
	return out
}()

// necSeatChoice is what the new-game screen holds for one seat.
type necSeatChoice struct {
	// who is "person" or "bot1".."bot3".
	who  string
	name string
}

// NewGame is the new-game screen of Never-Ending Chess: 2 to 8 seats, each a person or a bot,
// the start layout and the end condition; below it, the saved games of the variant.
type NewGame struct {
	app.Compo

	shell.PageState

	players int
	seats   [nec.MaxPlayers]necSeatChoice
	fairy   bool
	end     string // "last", "updates", "score"
	updates int
	score   int
	err     string
	saved   []store.Item
	listErr string
}

// OnMount fills the form and lists the saved games.
func (n *NewGame) OnMount(ctx app.Context) {
	n.Mount()
	n.defaults()
	n.list()
}

func (n *NewGame) defaults() {
	if n.players != 0 {
		return
	}
	n.players = 2
	for i := range n.seats {
		n.seats[i] = necSeatChoice{who: "bot2"}
	}
	n.seats[0].who = "person"
	n.end, n.updates, n.score = "updates", 100, 30
}

// list reads the saved games.
func (n *NewGame) list() { n.saved, n.listErr = necItems(n.App) }

// necItems returns the saved Never-Ending Chess games, the most recent first (read from the
// store's index: the other games are not decoded).
func necItems(a *shell.App) ([]store.Item, string) {
	st, _ := a.Store()
	index, err := st.Index()
	if err != nil {
		return nil, err.Error()
	}
	var out []store.Item
	for _, l := range index {
		if l.Kind == store.KindNEC {
			out = append(out, l.Read())
		}
	}
	return out, ""
}

// config returns the game the form describes.
func (n *NewGame) config() (necgame.Config, error) {
	c := necgame.Config{Fairy: n.fairy}
	for i := 0; i < n.players; i++ {
		s := n.seats[i]
		switch {
		case s.who == "person":
			c.Seats = append(c.Seats, necgame.Seat{Name: strings.TrimSpace(s.name)})
		case strings.HasPrefix(s.who, "bot"):
			lvl, _ := strconv.Atoi(strings.TrimPrefix(s.who, "bot"))
			c.Seats = append(c.Seats, necgame.Seat{Bot: true, Level: lvl})
		}
	}
	switch n.end {
	case "updates":
		if n.updates < 1 || n.updates > necgame.MaxUpdates {
			return c, fmt.Errorf("the number of updates must be 1 to %d (the most a game keeps)", necgame.MaxUpdates)
		}
		c.Limits.MaxUpdates = n.updates
	case "score":
		if n.score < 1 {
			return c, fmt.Errorf("the score to reach must be at least 1")
		}
		c.Limits.ScoreLimit = int64(n.score)
	}
	c.Seed = uint64(time.Now().UnixNano())
	return c, nil
}

func (n *NewGame) onStart(ctx app.Context, e app.Event) {
	e.PreventDefault()
	c, err := n.config()
	if err != nil {
		n.err = err.Error()
		return
	}
	g, err := necgame.New(c)
	if err != nil {
		n.err = err.Error()
		return
	}
	st, _ := n.App.Store()
	saved, err := necgame.Save(st, store.Entry{}, g)
	if err != nil {
		n.err = "The game cannot be saved: " + err.Error()
		return
	}
	ctx.Navigate(route.SavedGame(store.KindNEC, saved.ID))
}

// Render draws the screen.
func (n *NewGame) Render() app.UI {
	n.defaults()
	counts := make([]app.UI, 0, nec.MaxPlayers-1)
	for k := nec.MinPlayers; k <= nec.MaxPlayers; k++ {
		counts = append(counts, app.Option().Value(strconv.Itoa(k)).Selected(k == n.players).Text(strconv.Itoa(k)+" players"))
	}
	var rows []app.UI
	for i := 0; i < n.players; i++ {
		rows = append(rows, n.seatRow(i))
	}
	form := []app.UI{
		app.FieldSet().Class("card").Body(
			app.Legend().Text("Seats"),
			app.Label().Class("field").Body(
				app.Span().Class("field-name").Text("Players"),
				app.Select().Name("players").DataSet("option", "players").
					OnChange(func(ctx app.Context, e app.Event) {
						if k, err := strconv.Atoi(e.Get("target").Get("value").String()); err == nil {
							n.players = k
						}
					}).Body(counts...),
			),
			app.Div().Class("nec-seat-rows").Body(rows...),
			app.Small().Class("muted").Text("People play on this device in turn, each behind a cover while entering an order. Bots fill any seat."),
		),
		app.FieldSet().Class("card").Body(
			app.Legend().Text("Start layout"),
			app.Div().Class("choices").Body(
				n.radio("layout", "orthodox", "Orthodox: R N B Q G B N R", !n.fairy, func() { n.fairy = false }),
				n.radio("layout", "fairy", "Fairy: R U B C TT Q N R", n.fairy, func() { n.fairy = true }),
			),
			app.Small().Class("muted").Text("One army per player around the centre, pawns facing it (the guard stands in the king's place and is not royal)."),
		),
		app.FieldSet().Class("card").Body(
			app.Legend().Text("End of the game"),
			app.Div().Class("nec-end-choices").Body(
				n.radio("end", "last", "Last player standing", n.end == "last", func() { n.end = "last" }),
				app.Div().Class("nec-end-row").Body(
					n.radio("end", "updates", "After this many updates:", n.end == "updates", func() { n.end = "updates" }),
					n.number("updates", n.updates, necgame.MaxUpdates, func(v int) { n.updates = v; n.end = "updates" }),
				),
				app.Div().Class("nec-end-row").Body(
					n.radio("end", "score", "When a player's score reaches:", n.end == "score", func() { n.end = "score" }),
					n.number("score", n.score, 100000, func(v int) { n.score = v; n.end = "score" }),
				),
			),
			app.Small().Class("muted").Text("A player is out when it has no pieces; at a limit the highest score among the players left wins (a score is the value of the pieces captured)."),
		),
	}
	if n.err != "" {
		form = append(form, app.P().Class("notice").Role("alert").Text(n.err))
	}
	form = append(form, app.Button().Class("btn primary big").Type("submit").DataSet("action", "start").Text("Start the game"))
	return n.Frame("new", app.Main().Class("page nec-new").Body(
		necboard.Stylesheet(),
		app.Raw(necboard.Defs()),
		app.H2().Text("Never-Ending Chess"),
		app.P().Class("lead").Body(
			app.Text("2 to 8 players on an unbounded board. Everyone gives one order per update, and all orders happen at once. "),
			app.A().Href(route.Rules("nec")).Text("Rules"),
		),
		app.Form().Class("newgame-form").OnSubmit(n.onStart).Body(form...),
		n.savedList(),
	))
}

func (n *NewGame) radio(name, value, text string, checked bool, set func()) app.UI {
	return app.Label().Class("choice").Body(
		app.Input().Type("radio").Name(name).Value(value).DataSet("option", name+"-"+value).Checked(checked).
			OnChange(shell.On(func(ctx app.Context, e app.Event) { set() }, "radio", name, value)),
		app.Span().Text(text),
	)
}

func (n *NewGame) number(name string, v, most int, set func(int)) app.UI {
	return app.Input().Type("number").Class("nec-number").Name(name).DataSet("option", name).
		Attr("min", 1).Attr("max", most).Value(strconv.Itoa(v)).
		OnChange(shell.On(func(ctx app.Context, e app.Event) {
			if k, err := strconv.Atoi(e.Get("target").Get("value").String()); err == nil {
				set(k)
			}
		}, "number", name))
}

// seatRow draws the choice of seat i: a person (with an optional name) or a bot of a level.
func (n *NewGame) seatRow(i int) app.UI {
	s := n.seats[i]
	colour := strings.ToUpper(nec.Colours[i][:1]) + nec.Colours[i][1:]
	opts := []app.UI{app.Option().Value("person").Selected(s.who == "person").Text("Person")}
	for l := 1; l <= necgame.MaxLevel; l++ {
		v := "bot" + strconv.Itoa(l)
		opts = append(opts, app.Option().Value(v).Selected(s.who == v).Text(fmt.Sprintf("Bot, level %d", l)))
	}
	row := []app.UI{
		necSwatch(i),
		app.Span().Class("nec-seat-colour").Text(colour),
		app.Select().Name(fmt.Sprintf("seat%d", i)).DataSet("seat", i).Aria("label", colour+" is played by").
			OnChange(shell.On(func(ctx app.Context, e app.Event) { n.seats[i].who = e.Get("target").Get("value").String() }, "seat", i)).
			Body(opts...),
	}
	if s.who == "person" {
		row = append(row, app.Input().Type("text").Class("nec-name").Placeholder("Name (optional)").
			Attr("maxlength", necgame.MaxNameLen).Aria("label", colour+"'s name").Value(s.name).
			OnChange(shell.On(func(ctx app.Context, e app.Event) { n.seats[i].name = e.Get("target").Get("value").String() }, "seat-name", i)))
	}
	return app.Div().Class("nec-seat-row").DataSet("seat-row", i).Body(row...)
}

// savedList draws the saved games of the variant, newest first, with Open and Delete.
func (n *NewGame) savedList() app.UI { return necSavedList(n.App, n.saved, n.listErr, n.list) }

// necSavedList draws saved Never-Ending Chess games with Open and Delete; the new-game screen
// and the saved-games screen both show it. refresh reads the list again after a delete.
func necSavedList(a *shell.App, saved []store.Item, listErr string, refresh func()) app.UI {
	if len(saved) == 0 && listErr == "" {
		return app.Text("")
	}
	var items []app.UI
	for _, it := range saved {
		it := it
		if it.Err != nil {
			items = append(items, app.Li().Class("nec-saved bad").Body(
				app.Span().Text(strings.TrimPrefix(it.Key, store.NECPrefix)+": "+it.Err.Error()),
			))
			continue
		}
		items = append(items, app.Li().Class("nec-saved").DataSet("id", it.Entry.ID).Body(
			app.A().Class("btn small").Href(route.SavedGame(store.KindNEC, it.Entry.ID)).Text("Open"),
			app.Span().Class("nec-saved-text").Text(necSavedSummary(it.Entry)),
			app.Button().Class("btn small").Type("button").Text("Delete").
				OnClick(shell.On(func(ctx app.Context, e app.Event) {
					st, _ := a.Store()
					st.Delete(it.Key)
					refresh()
				}, "delete", it.Key)),
		))
	}
	if listErr != "" {
		items = append(items, app.Li().Class("notice").Text(listErr))
	}
	return app.Section().Class("card nec-saved-list").Body(
		app.H3().Text("Your Never-Ending Chess games"),
		app.Ul().Body(items...),
	)
}

// necSavedSummary describes a saved game in one line: its players, updates and state.
func necSavedSummary(sv store.Entry) string {
	r, err := necgame.Summarize(sv.Record)
	if err != nil {
		return "cannot be read: " + err.Error()
	}
	var who []string
	for i, s := range r.Seats {
		name := necgame.Colour(r.Start, i)
		if s.Bot {
			name += " (bot)"
		} else if s.Name != "" {
			name = s.Name + " (" + name + ")"
		}
		who = append(who, name)
	}
	n := r.Updates
	unit := "updates"
	if n == 1 {
		unit = "update"
	}
	return fmt.Sprintf("%s · %d %s · %s", strings.Join(who, ", "), n, unit, sv.Updated.Local().Format("2 Jan 15:04"))
}
