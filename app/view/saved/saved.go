package saved

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/necboard"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/share"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// savedPageSize is how many games the saved-games screen draws at first, and how many more
// each "Show more" adds: a list of thousands of games opens at once, and only the records of
// the games drawn are replayed.
const savedPageSize = 24

// Page lists the saved games of every kind in one list, the most recently played first,
// each in the same row: a small picture of its position, its players, variant, date and
// result (marked while it goes on), to resume, rename, share (the share dialog of every
// game), export as PGN (8x8 games) or delete (with undo). It filters by variant, exports
// every game to a file and imports such a file, a PGN file or a pasted link or PGN text,
// with its progress. Entries that cannot be opened are listed as such, never hidden.
type Page struct {
	app.Compo

	shell.PageState

	items   []store.Listed // every entry, as the store's index lists them
	problem string         // storage problem ("" when fine)
	filter  string         // the variant shown ("" for every game)
	shown   int            // how many rows of the list are drawn
	opened  map[string]openedGame

	status    string // what the last action did
	statusBad bool
	problems  []string // details of the last import
	undo      *store.Undo
	undoWhat  string

	renaming   string // key of the game being renamed
	renameText string
	sharing    *store.Entry
	pasteText  string

	importing  bool
	importDone int
	importAll  int
	importFrom string
}

// openedGame is a saved game read for its row: its envelope, and its record replayed (an 8x8
// game or a Never-Ending Chess game), or why either does not read.
type openedGame struct {
	raw   string // the stored text it was read from
	item  store.Item
	board *turn.Game
	nec   *necgame.Game
	err   error
}

// OnMount reads the saved games.
func (p *Page) OnMount(ctx app.Context) {
	p.Mount()
	ctx.Page().SetTitle("Saved games · %s", shell.AppName)
	p.reload()
}

// OnNav reads the filter of the address (?variant=).
func (p *Page) OnNav(ctx app.Context) {
	if p.filter = shell.PageURL(ctx).Query().Get("variant"); p.filter == everyVariant {
		p.filter = ""
	}
	p.shown = savedPageSize
}

// reload reads the list again: the store's index, which reads no envelope and replays no
// record; a row's entry is read and its record replayed when the row is drawn, and kept
// while its stored text does not change.
func (p *Page) reload() {
	st, err := p.App.Store()
	p.problem = ""
	if err != nil {
		p.problem = shell.StorageMissing
	}
	items, err := st.Index()
	if err != nil {
		p.problem = "The saved games cannot be read: " + err.Error()
	}
	p.items = items
	if p.shown < savedPageSize {
		p.shown = savedPageSize
	}
	keep := make(map[string]openedGame, len(p.opened))
	for _, it := range items {
		if og, ok := p.opened[it.Key]; ok && og.raw == it.Raw {
			keep[it.Key] = og
		}
	}
	p.opened = keep
}

// open reads a listed entry and replays its record, once.
func (p *Page) open(l store.Listed) openedGame {
	if og, ok := p.opened[l.Key]; ok && og.raw == l.Raw {
		return og
	}
	og := openedGame{raw: l.Raw, item: l.Read()}
	if og.err = og.item.Err; og.err == nil {
		switch og.item.Entry.Kind {
		case store.KindNEC:
			og.nec, og.err = necgame.OpenEntry(og.item.Entry)
		default:
			og.board, og.err = store.Open(og.item.Entry.Record)
		}
		if og.err != nil {
			og.err = fmt.Errorf("%w: the game record does not replay: %v", store.ErrDamaged, og.err)
		}
	}
	if p.opened == nil {
		p.opened = map[string]openedGame{}
	}
	p.opened[l.Key] = og
	return og
}

// visible returns the entries the filter shows.
func (p *Page) visible() []store.Listed {
	if p.filter == "" {
		return p.items
	}
	var out []store.Listed
	for _, l := range p.items {
		if l.Readable && l.Variant == p.filter {
			out = append(out, l)
		}
	}
	return out
}

func (p *Page) say(text string, bad bool) {
	p.status, p.statusBad, p.problems, p.undo = text, bad, nil, nil
}

// fileDate is today's date for file names.
func fileDate() string { return time.Now().Format("2006-01-02") }

func (p *Page) onExport(ctx app.Context, e app.Event) {
	st, _ := p.App.Store()
	data, err := st.Export()
	if err == nil {
		err = browser.Download(shell.AppName+"-games-"+fileDate()+".json", "application/json", data)
	}
	if err != nil {
		p.say("Export failed: "+err.Error()+".", true)
		return
	}
	p.say(fmt.Sprintf("Exported %s to a file. Import it in any browser to get them back.", countGames(p.good())), false)
}

func (p *Page) onExportPGN(ctx app.Context, e app.Event) {
	st, _ := p.App.Store()
	items, err := st.List()
	if err != nil {
		p.say("Export failed: "+err.Error()+".", true)
		return
	}
	text, n := store.PGNAll(items)
	if err := browser.Download(shell.AppName+"-games-"+fileDate()+".pgn", "application/x-chess-pgn", []byte(text)); err != nil {
		p.say("Export failed: "+err.Error()+".", true)
		return
	}
	msg := fmt.Sprintf("Exported %s as PGN.", countGames(n))
	if p.count(store.KindNEC) > 0 {
		msg += " Never-Ending Chess games have no PGN: “Export all” keeps them."
	}
	p.say(msg, false)
}

// good counts the entries that read.
func (p *Page) good() int {
	n := 0
	for _, l := range p.items {
		if l.Readable {
			n++
		}
	}
	return n
}

// count counts the games of a kind.
func (p *Page) count(k store.Kind) int {
	n := 0
	for _, l := range p.items {
		if l.Readable && l.Kind == k {
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

func (p *Page) onImportFile(ctx app.Context, e app.Event) {
	browser.ReadFile("import-file", func(name string, data []byte, err error) {
		ctx.Dispatch(func(ctx app.Context) {
			switch {
			case errors.Is(err, browser.ErrCanceled):
			case err != nil:
				p.say("The file cannot be read: "+err.Error()+".", true)
			default:
				p.startImport(ctx, name, data)
			}
		})
	})
}

// importSlice is how long the import works before it lets the page draw its progress.
const importSlice = 30 * time.Millisecond

// startImport imports an export file or PGN text a few games at a time, drawing its
// progress, so that the page stays live through thousands of games.
func (p *Page) startImport(ctx app.Context, from string, data []byte) {
	if p.importing {
		return
	}
	if from == "" {
		from = "the text"
	}
	st, _ := p.App.Store()
	im, err := st.NewImport(data)
	if err != nil {
		text, bad := store.ImportReport{}.Message(from, err)
		p.say(text, bad)
		return
	}
	p.say("", false)
	p.importing, p.importDone, p.importAll, p.importFrom = true, 0, im.Total(), from
	ctx.Async(func() {
		for {
			start := time.Now()
			done := false
			for !done && time.Since(start) < importSlice {
				done = im.Step(8)
			}
			n := im.Done()
			ctx.Dispatch(func(ctx app.Context) { p.importDone = n })
			if done {
				break
			}
			time.Sleep(4 * time.Millisecond) // the page draws and answers meanwhile
		}
		rep, err := im.Report()
		// What the import wrote joins the list without reading 10,000 games again (which
		// kept the page from drawing for most of a second at the end of a large import).
		listed := im.Listed()
		time.Sleep(4 * time.Millisecond) // the page draws between the sort and the list's drawing
		ctx.Dispatch(func(ctx app.Context) {
			p.importing = false
			p.items = store.Merge(p.items, listed)
			text, bad := rep.Message(from, err)
			p.say(text, bad)
			p.problems = problemTexts(rep.Problems)
		})
	})
}

// maxProblemsShown bounds the import problems listed one by one.
const maxProblemsShown = 20

func problemTexts(errs []error) []string {
	var out []string
	for i, e := range errs {
		if i == maxProblemsShown {
			out = append(out, fmt.Sprintf("… and %d more.", len(errs)-maxProblemsShown))
			break
		}
		out = append(out, e.Error())
	}
	return out
}

// linkLike matches text that is a game link rather than PGN (compiled on first use, not
// at start-up).
var linkLike = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S*#)?(\S*&)?[gn]=\S*$`) })

func (p *Page) onPaste(ctx app.Context, e app.Event) {
	text := strings.TrimSpace(p.pasteText)
	if linkLike().MatchString(text) {
		sh, err := store.ParseLink(text)
		if err == nil && sh.Kind == store.KindNEC {
			_, err = necgame.OpenLink(sh)
		}
		if err != nil {
			p.say("This link does not open a game: "+strings.TrimPrefix(err.Error(), store.ErrLink.Error()+": ")+".", true)
			return
		}
		_, frag, _ := strings.Cut(text, "#")
		if frag == "" {
			frag = text
		}
		ctx.Navigate(share.SiteBase() + route.Shared(sh.Kind, frag))
		return
	}
	p.pasteText = ""
	p.startImport(ctx, "", []byte(text))
}

// everyVariant is the filter's value for every game (an option's empty value is not
// written, and the browser then takes its text).
const everyVariant = "all"

func (p *Page) onFilter(ctx app.Context, e app.Event) {
	p.filter = ctx.JSSrc().Get("value").String()
	if p.filter == everyVariant {
		p.filter = ""
	}
	p.shown = savedPageSize
}

func (p *Page) onMore(ctx app.Context, e app.Event) {
	p.shown += savedPageSize
}

func (p *Page) onDelete(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		st, _ := p.App.Store()
		what := p.itemTitle(it)
		u, err := st.Delete(it.Key)
		p.reload()
		if err != nil {
			p.say("Not deleted: "+err.Error()+".", true)
			return
		}
		p.say("Deleted "+quoted(what)+".", false)
		p.undo, p.undoWhat = &u, what
	}
}

func (p *Page) onUndo(ctx app.Context, e app.Event) {
	if p.undo == nil {
		return
	}
	st, _ := p.App.Store()
	err := st.Restore(*p.undo)
	what := p.undoWhat
	p.reload()
	if err != nil {
		p.say("Cannot undo: "+err.Error()+".", true)
		return
	}
	p.say("Restored "+quoted(what)+".", false)
}

// renameID is the element ID of a game's rename field.
func renameID(e store.Entry) string {
	if e.Kind == store.KindNEC {
		return "rename-nec-" + e.ID
	}
	return "rename-" + e.ID
}

func (p *Page) onRename(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		p.renaming, p.renameText = it.Key, it.Entry.Title
		if p.renameText == "" {
			p.renameText = p.itemTitle(it)
		}
		id := renameID(it.Entry)
		ctx.Defer(func(ctx app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("focus")
				el.Call("select")
			}
		})
	}
}

func (p *Page) onRenameSave(ctx app.Context, e app.Event) {
	e.PreventDefault()
	st, _ := p.App.Store()
	err := st.Rename(p.renaming, p.renameText)
	p.renaming = ""
	p.reload()
	if err != nil {
		p.say("Not renamed: "+err.Error()+".", true)
		return
	}
	p.say("Renamed.", false)
}

func (p *Page) onShare(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		entry := it.Entry
		p.sharing = &entry
	}
}

func (p *Page) onPGN(it store.Item, g *turn.Game) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		name := fileName(p.itemTitle(it)) + ".pgn"
		if err := browser.Download(name, "application/x-chess-pgn", []byte(store.PGN(it.Entry, g))); err != nil {
			p.say("Export failed: "+err.Error()+".", true)
			return
		}
		p.say("Saved "+name+".", false)
	}
}

func (p *Page) onDownloadRaw(it store.Item) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		_, id, _ := store.KindOfKey(it.Key)
		name := fileName(id) + "-as-stored.txt"
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

// playerName names a player for the list: the name, or the seat's colour; the computer with
// its level.
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

// playersText names the players of a saved game: "Ann vs Bob" for an 8x8 game, the seats
// of a Never-Ending Chess game ("Ann (White), Black (bot 2), Red") as its record has them
// (g, when it was opened) or its entry.
func playersText(e store.Entry, g *necgame.Game) string {
	if e.Kind != store.KindNEC {
		return playerName(e.Player(0), "White") + " vs " + playerName(e.Player(1), "Black")
	}
	var names []string
	if g != nil {
		for i := range g.Seats() {
			names = append(names, g.SeatName(i))
		}
	} else {
		for i, pl := range e.Players {
			names = append(names, playerName(pl, fmt.Sprintf("Player %d", i+1)))
		}
	}
	if len(names) == 0 {
		return "Never-Ending Chess"
	}
	return strings.Join(names, ", ")
}

// itemTitle is the title a saved game shows: its own, else its players.
func (p *Page) itemTitle(it store.Item) string {
	if it.Entry.Title != "" {
		return it.Entry.Title
	}
	if it.Err != nil && it.Entry.ID == "" {
		_, id, _ := store.KindOfKey(it.Key)
		return id
	}
	var g *necgame.Game
	if og, ok := p.opened[it.Key]; ok && og.raw == it.Raw {
		g = og.nec
	}
	return playersText(it.Entry, g)
}

// variantName is the display name of a variant.
func variantName(id string) string {
	if info, ok := variants.Find(id); ok {
		return info.Name
	}
	if id == "" {
		return "Unknown variant"
	}
	return id
}

// resultText says how an 8x8 game stands: "White to move, turn 12", or how it ended.
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

// necResultText says how a Never-Ending Chess game stands.
func necResultText(g *necgame.Game) string {
	end := g.State().End()
	if g.Phase() == necgame.Over || end.Over {
		var who []string
		for _, w := range end.Winners {
			who = append(who, g.SeatName(w))
		}
		if len(who) == 0 {
			return "Game over"
		}
		return "Game over: " + strings.Join(who, " and ") + " won"
	}
	n := g.Updates()
	if n == 1 {
		return "In progress: 1 update played"
	}
	return fmt.Sprintf("In progress: %d updates played", n)
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
func (p *Page) Render() app.UI {
	var dialog app.UI
	if p.sharing != nil {
		dialog = &share.Dialog{App: p.App, Entry: *p.sharing, OnClose: func(ctx app.Context) { p.sharing = nil }}
	}
	return p.Frame("saved", app.Main().Class("page saved-page").Body(
		necboard.Stylesheet(),
		app.Div().Class("saved-head").Body(
			app.H2().Text("Saved games"),
			&shell.InstallButton{},
		),
		app.P().Class("muted").Text("Every game is saved on this device as you play, after every move. "+
			"Export them to a file to keep them safe or to move them to another browser."),
		p.renderProblem(),
		p.renderTools(),
		p.renderStatus(),
		p.renderList(),
		dialog,
	))
}

func (p *Page) renderProblem() app.UI {
	if p.problem == "" {
		return nil
	}
	return app.P().Class("notice").Role("alert").Text(p.problem)
}

func (p *Page) renderTools() app.UI {
	return app.Section().Class("card saved-tools").Aria("label", "Export and import").Body(
		app.Div().Class("tool-row").Body(
			app.Button().Class("btn").Type("button").DataSet("action", "export").Text("Export all").OnClick(p.onExport),
			app.Button().Class("btn").Type("button").DataSet("action", "export-pgn").Text("All as PGN").OnClick(p.onExportPGN),
			app.Label().Class("btn file-btn").For("import-file").Body(
				app.Text("Import a file…"),
			),
			app.Input().Type("file").ID("import-file").Class("sr-only").Disabled(p.importing).
				Accept(".json,.pgn,.txt,application/json,application/x-chess-pgn,text/plain").
				OnChange(p.onImportFile),
		),
		app.Details().Class("paste").Body(
			app.Summary().Text("Paste a game link or PGN"),
			app.Textarea().ID("paste-text").Rows(5).Aria("label", "Game link or PGN").
				Placeholder("https://…/play#g=…  or  [Event \"…\"] 1. e4 e5 …").
				Text(p.pasteText).OnInput(shell.On(p.ValueTo(&p.pasteText), "paste-text")),
			app.Button().Class("btn").Type("button").DataSet("action", "paste").Disabled(p.importing).
				Text("Open or import").OnClick(p.onPaste),
		),
		p.renderProgress(),
	)
}

// renderProgress draws the progress of an import under way.
func (p *Page) renderProgress() app.UI {
	if !p.importing {
		return nil
	}
	return app.Div().Class("import-progress").Role("status").Aria("live", "polite").Body(
		app.Label().For("import-bar").Text(fmt.Sprintf("Importing from %s: %d of %d…", p.importFrom, p.importDone, p.importAll)),
		app.Progress().ID("import-bar").Max(p.importAll).Value(p.importDone),
	)
}

func (p *Page) renderStatus() app.UI {
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

// renderFilter draws the choice of variant, with the number of games of each.
func (p *Page) renderFilter() app.UI {
	counts := map[string]int{}
	for _, l := range p.items {
		if l.Readable {
			counts[l.Variant]++
		}
	}
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return variantName(ids[i]) < variantName(ids[j]) })
	opts := []app.UI{app.Option().Value(everyVariant).Selected(p.filter == "").Text(fmt.Sprintf("Every variant (%s)", countGames(len(p.items))))}
	for _, id := range ids {
		opts = append(opts, app.Option().Value(id).Selected(p.filter == id).Text(fmt.Sprintf("%s (%d)", variantName(id), counts[id])))
	}
	if p.filter != "" && counts[p.filter] == 0 {
		opts = append(opts, app.Option().Value(p.filter).Selected(true).Text(variantName(p.filter)+" (0)"))
	}
	return app.Div().Class("saved-filter").Body(
		app.Label().For("saved-filter").Text("Show"),
		app.Select().ID("saved-filter").DataSet("action", "filter").OnChange(p.onFilter).Body(opts...),
	)
}

func (p *Page) renderList() app.UI {
	if !p.Live() {
		return app.P().Class("muted").Text("Loading the saved games…")
	}
	if len(p.items) == 0 {
		return app.Div().Class("card saved-empty").Body(
			app.P().Text("No saved games yet. Start one: it is saved here as you play."),
			app.Div().Class("tool-row").Body(
				app.A().Class("btn primary").Href(route.NewGame()).Text("New game"),
				app.A().Class("btn").Href(route.NECNew()).Text("Never-Ending Chess"),
			),
		)
	}
	items := p.visible()
	n := min(len(items), p.shown)
	lis := make([]app.UI, n)
	nec := false
	for i, l := range items[:n] {
		nec = nec || l.Kind == store.KindNEC
		lis[i] = p.renderItem(l)
	}
	var more app.UI
	if left := len(items) - n; left > 0 {
		more = app.Div().Class("saved-more").Body(
			app.Span().Class("muted").Text(fmt.Sprintf("Showing %d of %d.", n, len(items))),
			app.Button().Class("btn").Type("button").DataSet("action", "more").
				Text(fmt.Sprintf("Show %d more", min(left, savedPageSize))).OnClick(p.onMore),
		)
	}
	return app.Section().Class("saved-games").Aria("label", "Saved games").Body(
		p.renderFilter(),
		app.If(nec, func() app.UI { return app.Raw(necboard.Defs()) }),
		app.Ul().Class("saved-list").Aria("label", "Saved games").DataSet("count", len(items)).Body(lis...),
		more,
	)
}

// renderItem draws one entry: a game, or an entry that cannot be opened.
func (p *Page) renderItem(l store.Listed) app.UI {
	og := p.open(l)
	if og.err != nil {
		return p.renderBad(og.item, og.err)
	}
	return p.renderGame(og.item, og)
}

// renderGame draws the row of a game, the same for every kind.
func (p *Page) renderGame(it store.Item, og openedGame) app.UI {
	e := it.Entry
	title := p.itemTitle(it)
	resume := route.SavedGame(e.Kind, e.ID)
	var picture app.UI
	var result, resultKey string
	switch {
	case og.nec != nil:
		picture = necboard.Picture(og.nec.State(), "Position of "+title)
		result = necResultText(og.nec)
		if url, text := remoteRow(e); url != "" { // issue 18: a game across devices (remote.go)
			resume, result = url, text+" "+result
		}
		resultKey = "*"
		if og.nec.Phase() == necgame.Over {
			resultKey = store.ResultOver
		}
	default:
		g := og.board
		orientation := engine.White
		if e.Player(0).Level > 0 && e.Player(1).Level == 0 {
			orientation = engine.Black
		}
		picture = &board.Board{Position: g.State().Position(), Orientation: orientation, Diagram: true, Label: "Position of " + title}
		result = resultText(g)
		resultKey = store.ResultOf(g)
	}
	inProgress := resultKey == "*"
	var head app.UI
	if p.renaming == it.Key {
		head = app.Form().Class("rename-form").OnSubmit(p.onRenameSave).Body(
			app.Input().Type("text").ID(renameID(e)).Aria("label", "New name").MaxLength(200).
				Value(p.renameText).OnInput(shell.On(p.ValueTo(&p.renameText), "rename-text")),
			app.Button().Class("btn small primary").Type("submit").Text("Save"),
			app.Button().Class("btn small").Type("button").Text("Cancel").
				OnClick(shell.On(func(ctx app.Context, ev app.Event) { p.renaming = "" }, "rename-cancel", it.Key)),
		)
	} else {
		head = app.H3().Class("saved-title").Text(title)
	}
	resumeText := "Open"
	if inProgress {
		resumeText = "Resume"
	}
	actions := []app.UI{
		app.A().Class("btn small primary").Href(resume).DataSet("action", "resume").Text(resumeText),
		app.Button().Class("btn small").Type("button").DataSet("action", "rename").Text("Rename").OnClick(shell.On(p.onRename(it), "rename", it.Key)),
		app.Button().Class("btn small").Type("button").DataSet("action", "share").Text("Share").OnClick(shell.On(p.onShare(it), "share", it.Key)),
	}
	if og.board != nil {
		actions = append(actions, app.Button().Class("btn small").Type("button").DataSet("action", "pgn").Text("PGN").OnClick(shell.On(p.onPGN(it, og.board), "pgn", it.Key)))
		actions = append(actions, app.A().Class("btn small").Href(route.AnalysisSaved(e.ID)).DataSet("action", "analyse").Text("Analyse"))
	}
	actions = append(actions, app.Button().Class("btn small danger").Type("button").DataSet("action", "delete").Text("Delete").OnClick(shell.On(p.onDelete(it), "delete", it.Key)))
	cls := "saved-game card"
	if inProgress {
		cls += " in-progress"
	}
	return app.Li().Class(cls).DataSet("id", e.ID).DataSet("kind", string(e.Kind)).DataSet("variant", e.Variant).DataSet("key", it.Key).Body(
		app.A().Class("saved-board").Href(resume).Aria("hidden", true).TabIndex(-1).Body(picture),
		app.Div().Class("saved-info").Body(
			head,
			app.P().Class("saved-variant").Text(variantName(e.Variant)),
			app.If(e.Title != "", func() app.UI {
				return app.P().Class("saved-players").Text(playersText(e, og.nec))
			}),
			app.P().Class("saved-result").DataSet("result", resultKey).Text(result),
			app.P().Class("saved-date muted small").Body(
				app.Text("Last played "),
				app.Time().DateTime(e.Updated.UTC().Format(time.RFC3339)).Text(formatTime(e.Updated)),
			),
			app.Div().Class("saved-actions").Body(actions...),
		),
	)
}

func (p *Page) renderBad(it store.Item, err error) app.UI {
	kind := store.Problem(err)
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
		known = app.P().Class("small").Text(p.itemTitle(it) + ", last played " + formatTime(it.Entry.Updated))
	case it.Entry.ID != "":
		known = app.P().Class("small").Text(p.itemTitle(it))
	}
	return app.Li().Class("saved-game card bad").DataSet("key", it.Key).DataSet("problem", kind).Body(
		app.Div().Class("saved-board broken").Aria("hidden", true).Body(app.Span().Text("?")),
		app.Div().Class("saved-info").Body(
			app.H3().Class("saved-title").Text(title),
			known,
			app.P().Class("saved-error small").Text(err.Error()),
			app.P().Class("muted small").Text("Kept as it is under “"+it.Key+"”: download it to keep a copy, or delete it."),
			app.Div().Class("saved-actions").Body(
				app.Button().Class("btn small").Type("button").DataSet("action", "download-raw").Text("Download as is").OnClick(shell.On(p.onDownloadRaw(it), "download-raw", it.Key)),
				app.Button().Class("btn small danger").Type("button").DataSet("action", "delete").Text("Delete").OnClick(shell.On(p.onDelete(it), "delete", it.Key)),
			),
		),
	)
}
