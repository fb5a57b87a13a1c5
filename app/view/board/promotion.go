package board

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
)

// Promotion is the choice of the new piece of a promotion, drawn over the promotion square's
// file from the side of the board's Orientation: one button a piece type (data-promotion
// "q", "r", ...), and a backdrop whose press cancels. Every 8x8 screen draws it the same way
// beside its board.
type Promotion struct {
	Orientation engine.Color
	Mover       engine.Color       // whose piece promotes
	To          engine.Square      // the promotion square
	Types       []engine.PieceType // the choices
	// Pick makes the handler of the choice t; Cancel closes the choice.
	Pick   func(t engine.PieceType) app.EventHandler
	Cancel app.EventHandler
}

// Draw draws the choice.
func (p Promotion) Draw() app.UI {
	row, col := ScreenPos(p.Orientation, p.To)
	dir := 1
	if row > 3 {
		dir = -1
	}
	buttons := make([]app.UI, 0, len(p.Types)+1)
	buttons = append(buttons, app.Div().Class("promo-backdrop").OnClick(p.Cancel))
	for i, t := range p.Types {
		pc := engine.NewPiece(p.Mover, t)
		buttons = append(buttons, app.Button().
			Class("promo-choice").
			Type("button").
			DataSet("promotion", string(rune(t.Letter()+'a'-'A'))).
			Aria("label", "Promote to "+t.String()).
			Style("left", "%g%%", float64(col)*12.5).
			Style("top", "%g%%", float64(row+dir*i)*12.5).
			OnClick(shell.On(p.Pick(t), "promote", t.String())).
			Body(app.Div().Class("piece").DataSet("piece", pc.String())))
	}
	return app.Div().Class("promo").Role("dialog").Aria("label", "Choose the new piece").Body(buttons...)
}
