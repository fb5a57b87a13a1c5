package view

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// SavedPath is the path of the saved-games screen.
const SavedPath = "/saved"

// SavedPage lists the saved games, newest first, each with a small picture of its position,
// its variant, players, date and result, to resume, rename, share, export as PGN or delete
// (with undo). It exports every game to a file and imports such a file, a PGN file or a
// pasted link or PGN text. Entries that cannot be opened are listed as such, never hidden.
type SavedPage struct {
	app.Compo

	live    bool
	items   []store.Item
	problem string // storage problem ("" when fine)

	status    string // what the last action did
	statusBad bool
	problems  []string // details of the last import
	undo      *store.Undo
	undoWhat  string

	renaming   string // ID of the game being renamed
	renameText string
	sharing    *store.Item
	pasteText  string
	confirm    bool
	nec        []necgame.Item // saved Never-Ending Chess games (their own format: app/necgame)
	necErr     string
}

// OnMount reads the saved games.
func (p *SavedPage) OnMount(ctx app.Context) {
	p.live = true
	applySettings(loadSettings())
	ctx.Page().SetTitle("Saved games · %s", AppName)
	p.reload()
}

// reload reads the list and the settings again.
func (p *SavedPage) reload() {
	st, err := gameStore()
	p.problem = ""
	if err != nil {
		p.problem = storageMissing
	}
	items, err := st.List()
	if err != nil {
		p.problem = "The saved games cannot be read: " + err.Error()
	}
	p.items = items
	s, _ := st.Settings()
	p.confirm = s.ConfirmMoves
	p.nec, p.necErr = nil, ""
	if nst, err := necStorage(); err == nil {
		if p.nec, err = necgame.List(nst); err != nil {
			p.necErr = err.Error()
		}
	}
}

func (p *SavedPage) say(text string, bad bool) {
	p.status, p.statusBad, p.problems, p.undo = text, bad, nil, nil
}

// fileDate is today's date for file names.
func fileDate() string { return time.Now().Format("2006-01-02") }

func (p *SavedPage) onExport(ctx app.Context, e app.Event) {
	st, _ := gameStore()
	data, err := st.Export()
	if err == nil {
		err = browser.Download(AppName+"-games-"+fileDate()+".json", "application/json", data)
	}
	if err != nil {
		p.say("Export failed: "+err.Error()+".", true)
		return
	}
	p.say(fmt.Sprintf("Exported %s to a file. Import it in any browser to get them back.", countGames(p.good())), false)
}

func (p *SavedPage) onExportPGN(ctx app.Context, e app.Event) {
	text := store.PGNAll(p.items)
	if err := browser.Download(AppName+"-games-"+fileDate()+".pgn", "application/x-chess-pgn", []byte(text)); err != nil {
		p.say("Export failed: "+err.Error()+".", true)
		return
	}
	p.say(fmt.Sprintf("Exported %s as PGN.", countGames(p.good())), false)
}

// good counts the games that open.
func (p *SavedPage) good() int {
	n := 0
	for _, it := range p.items {
		if it.Err == nil {
			n++
		}
	}
	return n
}

func countGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

func (p *SavedPage) onImportFile(ctx app.Context, e app.Event) {
	browser.ReadFile("import-file", func(name string, data []byte, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			switch {
			case errors.Is(err, browser.ErrCanceled):
			case err != nil:
				p.say("The file cannot be read: "+err.Error()+".", true)
			default:
				p.importText(name, string(data))
			}
		})
	})
}

// linkLike matches text that is a game link rather than PGN (compiled on first use, not
// at start-up).
var linkLike = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S*#)?(\S*&)?g=\S*$`) })

// importText imports an export file (JSON), PGN text, or opens a game link.
func (p *SavedPage) importText(name, text string) {
	st, _ := gameStore()
	trimmed := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	from := "the text"
	if name != "" {
		from = name
	}
	var rep store.ImportReport
	var err error
	switch {
	case trimmed == "":
		p.say("There is nothing to import in "+from+".", true)
		return
	case strings.HasPrefix(trimmed, "{"):
		rep, err = st.Import([]byte(trimmed))
	default:
		rep, err = st.ImportPGN(trimmed)
	}
	p.reload()
	if err != nil && len(rep.Added) == 0 {
		msg := err.Error()
		if errors.Is(err, store.ErrQuota) {
			msg = storageFull
		}
		p.say("Nothing imported from "+from+": "+msg, true)
		p.problems = problemTexts(rep.Problems)
		return
	}
	p.say("Import from "+from+": "+rep.String(), len(rep.Problems) > 0 || err != nil)
	p.problems = problemTexts(rep.Problems)
	if err != nil {
		p.problems = append(p.problems, err.Error())
	}
}

func problemTexts(errs []error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func (p *SavedPage) onPaste(ctx app.Context, e app.Event) {
	text := strings.TrimSpace(p.pasteText)
	if linkLike().MatchString(text) {
		if _, err := store.ParseLink(text); err != nil {
			p.say("This link does not open a game: "+strings.TrimPrefix(err.Error(), store.ErrLink.Error()+": ")+".", true)
			return
		}
		_, frag, _ := strings.Cut(text, "#")
		if frag == "" {
			frag = text
		}
		ctx.Navigate(siteBase() + PlayPath + "#" + frag)
		return
	}
	p.importText("", text)
	if !p.statusBad {
		p.pasteText = ""
	}
}

func (p *SavedPage) onConfirmSetting(ctx app.Context, e app.Event) {
	st, _ := gameStore()
	on := ctx.JSSrc().Get("checked").Bool()
	if err := st.SaveSettings(store.Settings{ConfirmMoves: on}); err != nil {
		p.say("The setting is not saved: "+err.Error()+".", true)
		return
	}
	p.confirm = on
}

func (p *SavedPage) onDelete(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		st, _ := gameStore()
		u, err := st.DeleteKey(it.Key)
		p.reload()
		if err != nil {
			p.say("Not deleted: "+err.Error()+".", true)
			return
		}
		p.say("Deleted "+quoted(itemTitle(it))+".", false)
		p.undo, p.undoWhat = &u, itemTitle(it)
	}
}

func (p *SavedPage) onUndo(ctx app.Context, e app.Event) {
	if p.undo == nil {
		return
	}
	st, _ := gameStore()
	err := st.Restore(*p.undo)
	what := p.undoWhat
	p.reload()
	if err != nil {
		p.say("Cannot undo: "+err.Error()+".", true)
		return
	}
	p.say("Restored "+quoted(what)+".", false)
}

func (p *SavedPage) onRename(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.renaming, p.renameText = it.Entry.ID, it.Entry.Title
		if p.renameText == "" {
			p.renameText = itemTitle(it)
		}
		ctx.Defer(func(ctx app.Context) {
			if el := app.Window().GetElementByID("rename-" + it.Entry.ID); el.Truthy() {
				el.Call("focus")
				el.Call("select")
			}
		})
	}
}

func (p *SavedPage) onRenameSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	st, _ := gameStore()
	id := p.renaming
	err := st.Rename(id, p.renameText)
	p.renaming = ""
	p.reload()
	if err != nil {
		p.say("Not renamed: "+err.Error()+".", true)
		return
	}
	p.say("Renamed.", false)
}

func (p *SavedPage) onPGN(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		name := fileName(itemTitle(it)) + ".pgn"
		if err := browser.Download(name, "application/x-chess-pgn", []byte(store.PGN(it.Entry, it.Game))); err != nil {
			p.say("Export failed: "+err.Error()+".", true)
			return
		}
		p.say("Saved "+name+".", false)
	}
}

func (p *SavedPage) onDownloadRaw(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		name := fileName(strings.TrimPrefix(it.Key, store.GamePrefix)) + "-as-stored.txt"
		if err := browser.Download(name, "text/plain", []byte(it.Raw)); err != nil {
			p.say("Download failed: "+err.Error()+".", true)
		}
	}
}

// fileName turns a title into a file name.
func fileName(s string) string {
	s = regexp.MustCompile(`[^\pL\pN]+`).ReplaceAllString(s, "-")
	s = strings.Trim(s, "-")
	if s == "" {
		s = "game"
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:60])
	}
	return s
}

func quoted(s string) string { return "“" + s + "”" }

// playerName names a player for the list: the name, or the colour; the computer with its
// level.
func playerName(pl store.Player, side string) string {
	name := pl.Name
	if pl.Level > 0 {
		if name == "" {
			name = "Computer"
		}
		return fmt.Sprintf("%s (level %d)", name, pl.Level)
	}
	if name == "" {
		return side
	}
	return name
}

// itemTitle is the title a saved game shows: its own, else its players.
func itemTitle(it store.Item) string {
	if it.Entry.Title != "" {
		return it.Entry.Title
	}
	if it.Err != nil && it.Entry.ID == "" {
		return strings.TrimPrefix(it.Key, store.GamePrefix)
	}
	return playerName(it.Entry.Players[0], "White") + " vs " + playerName(it.Entry.Players[1], "Black")
}

// variantName is the display name of a game's variant.
func variantName(g *turn.Game) string {
	if info, ok := variants.Find(g.Variant().ID()); ok {
		return info.Name
	}
	return g.Variant().ID()
}

// resultText says how a game stands: "White to move, turn 12", or how it ended.
func resultText(g *turn.Game) string {
	o := g.Outcome()
	if !o.Over() {
		mover := "White"
		if g.State().Mover() == engine.Black {
			mover = "Black"
		}
		return fmt.Sprintf("In progress: %s to move, turn %d", mover, g.State().Number())
	}
	text := o.Result.String()
	if o.Reason != turn.NoReason {
		text += " by " + o.Reason.String()
	}
	return text
}

// formatTime writes a time in the browser's locale and time zone (UTC on the host).
func formatTime(t time.Time) string {
	if app.IsClient {
		d := app.Window().Get("Date").New(float64(t.UnixMilli()))
		return d.Call("toLocaleString", app.Undefined(), map[string]any{"dateStyle": "medium", "timeStyle": "short"}).String()
	}
	return t.UTC().Format("2 Jan 2006, 15:04 UTC")
}

// Render draws the page.
func (p *SavedPage) Render() app.UI {
	var dialog app.UI
	if p.sharing != nil {
		it := p.sharing
		dialog = &ShareDialog{Record: it.Entry.Record, ID: it.Entry.ID,
			Names:   [2]string{it.Entry.Players[0].Name, it.Entry.Players[1].Name},
			OnClose: func(ctx app.Context) { p.sharing = nil }}
	}
	return shell(p.live, "saved", app.Main().Class("page saved-page").Body(
		app.Div().Class("saved-head").Body(
			app.H2().Text("Saved games"),
			&InstallButton{},
		),
		app.P().Class("muted").Text("Every game is saved on this device as you play, after every move. "+
			"Export them to a file to keep them safe or to move them to another browser."),
		p.renderProblem(),
		p.renderTools(),
		p.renderStatus(),
		p.renderList(),
		app.If(p.live, func() app.UI { return necSavedList(p.nec, p.necErr, p.reload) }),
		necStylesheet(),
		dialog,
	))
}

func (p *SavedPage) renderProblem() app.UI {
	if p.problem == "" {
		return nil
	}
	return app.P().Class("notice").Role("alert").Text(p.problem)
}

func (p *SavedPage) renderTools() app.UI {
	return app.Section().Class("card saved-tools").Aria("label", "Export and import").Body(
		app.Div().Class("tool-row").Body(
			app.Button().Class("btn").Type("button").DataSet("action", "export").Text("Export all").OnClick(p.onExport),
			app.Button().Class("btn").Type("button").DataSet("action", "export-pgn").Text("All as PGN").OnClick(p.onExportPGN),
			app.Label().Class("btn file-btn").For("import-file").Body(
				app.Text("Import a file…"),
			),
			app.Input().Type("file").ID("import-file").Class("sr-only").
				Accept(".json,.pgn,.txt,application/json,application/x-chess-pgn,text/plain").
				OnChange(p.onImportFile),
		),
		app.Details().Class("paste").Body(
			app.Summary().Text("Paste a game link or PGN"),
			app.Textarea().ID("paste-text").Rows(5).Aria("label", "Game link or PGN").
				Placeholder("https://…/play#g=…  or  [Event \"…\"] 1. e4 e5 …").
				Text(p.pasteText).OnInput(p.ValueTo(&p.pasteText)),
			app.Button().Class("btn").Type("button").DataSet("action", "paste").Text("Open or import").OnClick(p.onPaste),
		),
		app.Label().Class("toggle").Body(
			app.Input().Type("checkbox").ID("confirm-moves").Checked(p.confirm).OnChange(p.onConfirmSetting),
			app.Span().Class("toggle-text").Body(
				app.Text("Confirm each move before it is final"),
				app.Small().Text("For games played by link: you check your move before the link is updated."),
			),
		),
	)
}

func (p *SavedPage) renderStatus() app.UI {
	cls := "saved-status"
	if p.statusBad {
		cls += " bad"
	}
	var undo app.UI
	if p.undo != nil {
		undo = app.Button().Class("btn small").Type("button").DataSet("action", "undo").Text("Undo").OnClick(p.onUndo)
	}
	var details app.UI
	if len(p.problems) > 0 {
		lis := make([]app.UI, len(p.problems))
		for i, t := range p.problems {
			lis[i] = app.Li().Text(t)
		}
		details = app.Ul().Class("import-problems").Body(lis...)
	}
	return app.Div().Class(cls).Role("status").Aria("live", "polite").Body(
		app.If(p.status != "", func() app.UI { return app.Span().Class("status-text").Text(p.status) }),
		undo,
		details,
	)
}

func (p *SavedPage) renderList() app.UI {
	if !p.live {
		return app.P().Class("muted").Text("Loading the saved games…")
	}
	if len(p.items) == 0 {
		empty := "No saved games yet. Start one: it is saved here as you play."
		if len(p.nec) > 0 {
			empty = "No 8x8 games saved yet. Start one: it is saved here as you play."
		}
		return app.Div().Class("card saved-empty").Body(
			app.P().Text(empty),
			app.A().Class("btn primary").Href("/new").Text("New game"),
		)
	}
	lis := make([]app.UI, len(p.items))
	for i, it := range p.items {
		if it.Err != nil {
			lis[i] = p.renderBad(it)
		} else {
			lis[i] = p.renderGame(it)
		}
	}
	return app.Ul().Class("saved-list").Aria("label", "Saved games").Body(lis...)
}

func (p *SavedPage) renderGame(it store.Item) app.UI {
	e, g := it.Entry, it.Game
	orientation := engine.White
	if e.Players[0].Level > 0 && e.Players[1].Level == 0 {
		orientation = engine.Black
	}
	title := itemTitle(it)
	var head app.UI
	if p.renaming == e.ID {
		head = app.Form().Class("rename-form").OnSubmit(p.onRenameSave).Body(
			app.Input().Type("text").ID("rename-"+e.ID).Aria("label", "New name").MaxLength(200).
				Value(p.renameText).OnInput(p.ValueTo(&p.renameText)),
			app.Button().Class("btn small primary").Type("submit").Text("Save"),
			app.Button().Class("btn small").Type("button").Text("Cancel").
				OnClick(func(ctx app.Context, ev app.Event) { p.renaming = "" }),
		)
	} else {
		head = app.H3().Class("saved-title").Text(title)
	}
	item := it
	return app.Li().Class("saved-game card").DataSet("id", e.ID).DataSet("variant", g.Variant().ID()).Body(
		app.A().Class("saved-board").Href(PlayPath+"?id="+e.ID).Aria("hidden", true).TabIndex(-1).Body(
			&Board{Position: g.State().Position(), Orientation: orientation, Diagram: true,
				Label: "Position of " + title},
		),
		app.Div().Class("saved-info").Body(
			head,
			app.P().Class("saved-variant").Text(variantName(g)),
			app.If(e.Title != "", func() app.UI {
				return app.P().Class("saved-players").Text(playerName(e.Players[0], "White") + " vs " + playerName(e.Players[1], "Black"))
			}),
			app.P().Class("saved-result").DataSet("result", store.ResultOf(g)).Text(resultText(g)),
			app.P().Class("saved-date muted small").Body(
				app.Text("Last played "),
				app.Time().DateTime(e.Updated.UTC().Format(time.RFC3339)).Text(formatTime(e.Updated)),
			),
			app.Div().Class("saved-actions").Body(
				app.A().Class("btn small primary").Href(PlayPath+"?id="+e.ID).DataSet("action", "resume").Text(resumeText(g)),
				app.Button().Class("btn small").Type("button").DataSet("action", "rename").Text("Rename").OnClick(p.onRename(it), app.EventScope("rename", it.Key)),
				app.Button().Class("btn small").Type("button").DataSet("action", "share").Text("Share").
					OnClick(func(ctx app.Context, ev app.Event) { p.sharing = &item }, app.EventScope("share", it.Key)),
				app.Button().Class("btn small").Type("button").DataSet("action", "pgn").Text("PGN").OnClick(p.onPGN(it), app.EventScope("pgn", it.Key)),
				app.Button().Class("btn small danger").Type("button").DataSet("action", "delete").Text("Delete").OnClick(p.onDelete(it), app.EventScope("delete", it.Key)),
			),
		),
	)
}

func resumeText(g *turn.Game) string {
	if g.Outcome().Over() {
		return "Open"
	}
	return "Resume"
}

func (p *SavedPage) renderBad(it store.Item) app.UI {
	kind := store.Problem(it.Err)
	title := "Damaged entry"
	switch kind {
	case "from a newer version":
		title = "Saved by a newer version"
	case "not a Plyground game":
		title = "Not a Plyground game"
	}
	var known app.UI
	switch {
	case it.Entry.ID != "" && !it.Entry.Updated.IsZero():
		known = app.P().Class("small").Text(itemTitle(it) + ", last played " + formatTime(it.Entry.Updated))
	case it.Entry.ID != "":
		known = app.P().Class("small").Text(itemTitle(it))
	}
	return app.Li().Class("saved-game card bad").DataSet("key", it.Key).DataSet("problem", kind).Body(
		app.Div().Class("saved-board broken").Aria("hidden", true).Body(app.Span().Text("?")),
		app.Div().Class("saved-info").Body(
			app.H3().Class("saved-title").Text(title),
			known,
			app.P().Class("saved-error small").Text(it.Err.Error()),
			app.P().Class("muted small").Text("Kept as it is under “"+it.Key+"”: download it to keep a copy, or delete it."),
			app.Div().Class("saved-actions").Body(
				app.Button().Class("btn small").Type("button").DataSet("action", "download-raw").Text("Download as is").OnClick(p.onDownloadRaw(it), app.EventScope("download-raw", it.Key)),
				app.Button().Class("btn small danger").Type("button").DataSet("action", "delete").Text("Delete").OnClick(p.onDelete(it), app.EventScope("delete", it.Key)),
			),
		),
	)
}
