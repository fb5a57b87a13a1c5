package saved

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/engine"
)

// TestPageListsEveryKind: the saved-games screen lists an 8x8 game and a Never-Ending Chess
// game, each with its picture and its actions, the filter by variant, and a damaged entry
// as such.
func TestPageListsEveryKind(t *testing.T) {
	mem := &store.Memory{}
	a := shell.NewTestApp(mem)
	st, _ := a.Store()
	s, err := session.New(session.Config{Variant: "orthodox"}, session.Env{})
	if err != nil {
		t.Fatal(err)
	}
	s.Click(engine.E2)
	s.Click(engine.E4)
	if _, err := st.Save(store.Entry{Kind: store.Kind8x8, Record: s.Game().Encode(), Title: "Club night", Players: []store.Player{{Name: "Ann"}, {Name: "Bob"}}, Result: "*"}); err != nil {
		t.Fatal(err)
	}
	g, err := necgame.New(necgame.Config{Seats: []necgame.Seat{{Name: "Ann"}, {Bot: true, Level: 1}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Save(necgame.WithGame(store.Entry{}, g)); err != nil {
		t.Fatal(err)
	}
	if err := mem.Set(store.GamePrefix+"broken", "{not json"); err != nil {
		t.Fatal(err)
	}
	p := &Page{PageState: a.PageState()}
	p.SetLive() // as OnMount does in the browser
	p.reload()
	e := app.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	var b strings.Builder
	app.PrintHTML(&b, p)
	got := b.String()
	for _, want := range []string{"Club night", "Ann", `data-action="rename"`, `data-action="share"`, `data-action="pgn"`, "broken", "saved-board"} {
		if !strings.Contains(got, want) {
			t.Errorf("the list does not say %q", want)
		}
	}
	if n := p.count(store.Kind8x8); n != 1 {
		t.Errorf("%d 8x8 games counted, want 1", n)
	}
}
