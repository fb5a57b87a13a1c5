package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// icons are the paths of the buttons' icons, drawn for this project on a 24 x 24 grid with
// the text colour (stroke), so they follow the theme.
var icons = map[string]string{
	"first":   `<path d="M6 5v14"/><path d="M18 5l-9 7 9 7z" fill="currentColor"/>`,
	"back":    `<path d="M16 5l-9 7 9 7z" fill="currentColor"/>`,
	"forward": `<path d="M8 5l9 7-9 7z" fill="currentColor"/>`,
	"last":    `<path d="M18 5v14"/><path d="M6 5l9 7-9 7z" fill="currentColor"/>`,
	"undo":    `<path d="M9 14L4 9l5-5"/><path d="M4 9h10a6 6 0 0 1 0 12h-3"/>`,
	"redo":    `<path d="M15 14l5-5-5-5"/><path d="M20 9H10a6 6 0 0 0 0 12h3"/>`,
	"flip":    `<path d="M7 20V4"/><path d="M3 8l4-4 4 4"/><path d="M17 4v16"/><path d="M13 16l4 4 4-4"/>`,
}

// Icon draws the named icon.
func Icon(name string) app.UI {
	return app.Raw(`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" ` +
		`stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">` +
		icons[name] + `</svg>`)
}
