package home

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
)

func TestHomeRender(t *testing.T) {
	e := app.NewTestEngine()
	h := &Page{PageState: shell.NewApp().PageState()}
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// shell > header > brand link > h1 > text
	if err := app.Match(app.Text(shell.AppName), h, 0, 0, 0, 1, 0); err != nil {
		t.Errorf("app name: %v", err)
	}
	// shell > main (after the header and the update banner) > variant list > first card >
	// card body > title > text
	if err := app.Match(app.Text("Orthodox chess"), h, 0, 2, 1, 0, 1, 0, 0); err != nil {
		t.Errorf("first variant: %v", err)
	}
	// shell > main > variant list > first card > diagram link > board
	if err := app.Match(app.Div().Class("board diagram").Role("img").Aria("label", "Diagram: En passant").
		DataSet("orientation", "white"), h, 0, 2, 1, 0, 0, 0, 0); err != nil {
		t.Errorf("diagram: %v", err)
	}
}
