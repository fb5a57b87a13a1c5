package share

import (
	"errors"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/qr"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
)

// KindName names a kind of game for the player.
func KindName(k store.Kind) string {
	if k == store.KindNEC {
		return "Never-Ending Chess"
	}
	return "chess on an 8x8 board"
}

// ShareLink returns the link that opens the game e on the game screen of its kind of the
// site at base ("https://host" or "https://host/sub-path"): the whole game travels in the
// fragment, which no server sees.
func Link(base string, e store.Entry) string {
	return strings.TrimRight(base, "/") + route.Shared(e.Kind, store.Fragment(e))
}

// SiteBase returns the scheme, host and path prefix of the running site ("" on the host).
func SiteBase() string {
	if !app.IsClient {
		return ""
	}
	u := shell.WindowURL()
	prefix := strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/")
	return (&url.URL{Scheme: u.Scheme, Host: u.Host}).String() + prefix
}

// QRSVG draws text as a QR code (level M or better) in SVG, titled for screen readers; ""
// when the text is too long for a QR code.
func QRSVG(text, title string) string {
	c, err := qr.Encode([]byte(text), qr.M)
	if err != nil {
		return ""
	}
	return c.SVG(title)
}

// Dialog shows the link to a game of any kind, with a button to copy it, the system
// share sheet where the browser has one, the link as a QR code drawn in the page (no
// network) and, for the games where moves can wait for a confirmation (two people at an 8x8
// board), that setting. It is a modal dialog; OnClose closes it.
type Dialog struct {
	app.Compo

	// App is what the pages of the program share.
	App *shell.App

	// Entry is the game: its kind, record, saved-game ID (so that the game stays one saved
	// game as it goes back and forth; "" for none) and players' names.
	Entry store.Entry
	// OnClose is called when the player closes the dialog.
	OnClose func(ctx app.Context)

	status  string
	failed  bool
	link    string
	qrLink  string
	qrImage string
	confirm bool
}

// OnMount reads the move-confirmation setting and puts the focus on the copy button.
func (d *Dialog) OnMount(ctx app.Context) {
	d.confirm = d.App.ConfirmMoves()
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID("share-copy"); el.Truthy() {
			el.Call("focus")
		}
	})
}

func (d *Dialog) close(ctx app.Context) {
	if d.OnClose != nil {
		d.OnClose(ctx)
	}
}

func (d *Dialog) onCopy(ctx app.Context, e app.Event) {
	link := d.link
	browser.CopyText(link, func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				d.status, d.failed = "The browser did not let the page copy: select the link and copy it by hand.", true
				return
			}
			d.status, d.failed = "Link copied. "+d.hint(), false
		})
	})
}

// hint says what to do with the link.
func (d *Dialog) hint() string {
	if d.Entry.Kind == store.KindNEC {
		return "Whoever opens it continues the game on their device."
	}
	return "Send it to your opponent: they make their move and send the new link back."
}

func (d *Dialog) onShare(ctx app.Context, e app.Event) {
	title, text := shell.AppName+" game", "Your move! Open the game:"
	if d.Entry.Kind == store.KindNEC {
		title, text = "Never-Ending Chess", "A game of Never-Ending Chess:"
	}
	browser.Share(title, text, d.link, func(err error) {
		ctx.Dispatch(func(ctx app.Context) {
			switch {
			case err == nil:
				d.status, d.failed = "Shared.", false
			case errors.Is(err, browser.ErrCanceled):
				d.status, d.failed = "", false
			default:
				d.status, d.failed = "Sharing failed: "+err.Error()+". Copy the link instead.", true
			}
		})
	})
}

func (d *Dialog) onConfirm(ctx app.Context, e app.Event) {
	s := d.App.LoadSettings()
	s.ConfirmMoves = ctx.JSSrc().Get("checked").Bool()
	if err := d.App.SaveSettings(s); err != nil {
		d.status, d.failed = "The setting is not saved: "+err.Error()+".", true
		return
	}
	d.confirm = s.ConfirmMoves
}

func (d *Dialog) onKey(ctx app.Context, e app.Event) {
	if e.Get("key").String() == "Escape" {
		d.close(ctx)
	}
}

// Render draws the dialog.
func (d *Dialog) Render() app.UI {
	d.link = Link(SiteBase(), d.Entry)
	if d.qrLink != d.link {
		d.qrLink, d.qrImage = d.link, QRSVG(d.link, "QR code of the link to this game")
	}
	var share app.UI
	if browser.CanShare() {
		share = app.Button().Class("btn").Type("button").ID("share-system").Text("Share…").OnClick(d.onShare)
	}
	var qrPart app.UI
	if d.qrImage != "" {
		qrPart = app.Figure().Class("share-qr").Body(
			app.Raw(d.qrImage),
			app.FigCaption().Text("Scan it with a phone to open the game there."),
		)
	} else {
		qrPart = app.P().Class("muted").Text("This game is too long for a QR code: copy the link instead.")
	}
	statusClass := "share-status"
	if d.failed {
		statusClass += " error"
	}
	about := "The link holds the whole game: whoever opens it sees this position and can play on. No server keeps it."
	var confirm app.UI
	if d.Entry.Kind == store.KindNEC {
		about = "The link holds the whole game: every resolved update, never an order being entered. " +
			"Whoever opens it continues it on their device. No server keeps it."
	} else {
		// Move confirmation is for 8x8 games between two people by link.
		confirm = app.Label().Class("toggle").Body(
			app.Input().Type("checkbox").ID("share-confirm-moves").Checked(d.confirm).OnChange(d.onConfirm),
			app.Span().Class("toggle-text").Body(
				app.Text("Confirm each move before it is final"),
				app.Small().Text("Check your move before the link is updated, then send it. Also on the Settings page."),
			),
		)
	}
	return app.Div().Class("modal-backdrop").Body(
		app.Div().Class("modal share-dialog").DataSet("kind", string(d.Entry.Kind)).Role("dialog").Aria("modal", true).
			Aria("labelledby", "share-title").OnKeyDown(d.onKey).Body(
			app.H2().ID("share-title").Text("Share this game"),
			app.P().Class("muted").Text(about),
			app.Div().Class("share-link-row").Body(
				app.Input().Type("text").ID("share-link").ReadOnly(true).Value(d.link).
					Aria("label", "Link to this game").
					OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
			),
			app.Div().Class("share-buttons").Body(
				app.Button().Class("btn primary").Type("button").ID("share-copy").Text("Copy link").OnClick(d.onCopy),
				share,
				app.Button().Class("btn").Type("button").ID("share-close").Text("Close").
					OnClick(func(ctx app.Context, e app.Event) { d.close(ctx) }),
			),
			app.P().Class(statusClass).Role("status").Aria("live", "polite").Text(d.status),
			qrPart,
			confirm,
		),
	)
}
