package play

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/engine"
)

// material draws, beside side c's name, the pieces c has more of than its opponent (drawn in
// the opponent's colour: what c has captured, net) and c's lead in points
// (session.Material), for the position shown.
func (p *Screen) material(c engine.Color) app.UI {
	m := p.s.Material()
	up, lead := m.Up[c&1], m.Lead[c&1]
	if len(up) == 0 && lead == 0 {
		return nil
	}
	icons := make([]app.UI, 0, len(up)+1)
	names := make([]string, 0, len(up))
	for i, t := range up {
		icon := app.Span().Class("cap").Body(app.Span().Class("piece").DataSet("piece", engine.NewPiece(c.Other(), t).String()))
		if i > 0 && up[i-1] == t {
			icon = icon.Class("same")
		}
		icons = append(icons, icon)
		names = append(names, t.String())
	}
	label := "Up " + strings.Join(names, ", ")
	if lead > 0 {
		icons = append(icons, app.Span().Class("lead").Text(fmt.Sprintf("+%d", lead)))
		label += fmt.Sprintf(": %d points ahead", lead)
	}
	return app.Span().Class("material").DataSet("lead", lead).Role("img").Aria("label", label).Title(label).Body(icons...)
}
