// Command pwa is the Plyground web app. Built for the browser (GOOS=js GOARCH=wasm) it is
// web/app.wasm, the program that draws the pages; built natively it is the host program,
// which serves the app (-addr) or writes it out as a static website (-dist).
//
//	pwa -addr 127.0.0.1:8000   serve on that address (port 0 picks a free port)
//	pwa -dist dist             write the static site into dist/ and exit
//
// The host program reads web/ from the current directory: run it from the repository root
// after building web/app.wasm. It serves the files of web/ and the pages, nothing else of
// that directory, with a Content-Security-Policy and other protective headers.
package main

import (
	"fmt"
	"os"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/view/analysis"
	"github.com/plyground/plyground/app/view/home"
	"github.com/plyground/plyground/app/view/necplay"
	"github.com/plyground/plyground/app/view/necremote"
	"github.com/plyground/plyground/app/view/play"
	"github.com/plyground/plyground/app/view/problems"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/saved"
	"github.com/plyground/plyground/app/view/shell"
)

func main() {
	a := shell.NewApp()
	routes(a)

	// Before go-app reads the window's address: a damaged one (a cut-off link) would stop it.
	a.WatchAddress()
	// In the browser this runs the app and never returns; on the host it returns at once.
	app.RunWhenOnBrowser()

	if err := serve(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pwa:", err)
		os.Exit(1)
	}
}

// routes registers the pages, for the browser program and for the host's prerendering alike,
// through the one route table (package route): every page's component gets the app a.
func routes(a *shell.App) {
	route.Register(route.Screens{
		Home:       func() app.Composer { return &home.Page{PageState: a.PageState()} },
		NewGame:    func() app.Composer { return &play.NewGame{PageState: a.PageState()} },
		Play:       func() app.Composer { return &play.Screen{PageState: a.PageState()} },
		RulesIndex: func() app.Composer { return &home.RulesIndex{PageState: a.PageState()} },
		Rules:      func(id string) app.Composer { return &home.Rules{PageState: a.PageState(), ID: id} },
		Settings:   func() app.Composer { return &home.Settings{PageState: a.PageState()} },
		About:      func() app.Composer { return &home.About{PageState: a.PageState()} },
		Saved:      func() app.Composer { return &saved.Page{PageState: a.PageState()} },
		NEC:        func() app.Composer { return &necplay.Screen{PageState: a.PageState()} },
		NECNew:     func() app.Composer { return &necplay.NewGame{PageState: a.PageState()} },
		NECRemote:  func() app.Composer { return &necremote.Screen{PageState: a.PageState()} },
		Analysis:   func() app.Composer { return &analysis.Screen{PageState: a.PageState()} },
		Problems:   func() app.Composer { return &problems.Screen{PageState: a.PageState()} },
	})
}
