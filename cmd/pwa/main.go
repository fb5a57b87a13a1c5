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
	"github.com/plyground/plyground/app/view"
	"github.com/plyground/plyground/variants"
)

func main() {
	routes()

	// Before go-app reads the window's address: a damaged one (a cut-off link) would stop it.
	view.WatchAddress()
	// In the browser this runs the app and never returns; on the host it returns at once.
	app.RunWhenOnBrowser()

	if err := serve(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pwa:", err)
		os.Exit(1)
	}
}

// routes registers the pages, for the browser program and for the host's prerendering alike.
func routes() {
	app.Route("/", func() app.Composer { return &view.Home{} })
	app.Route("/new", func() app.Composer { return &view.NewGame{} })
	app.Route(view.PlayPath, func() app.Composer { return &view.Play{} })
	app.Route("/rules", func() app.Composer { return &view.RulesIndex{} })
	// One route per variant, so that the static site has a page for each.
	for _, info := range variants.List() {
		if info.Rules != "" {
			id := info.ID
			app.Route("/rules/"+id, func() app.Composer { return &view.Rules{ID: id} })
		}
	}
	app.Route("/settings", func() app.Composer { return &view.SettingsPage{} })
	app.Route("/about", func() app.Composer { return &view.About{} })
	app.Route(view.SavedPath, func() app.Composer { return &view.SavedPage{} })
	app.Route(view.NECPath, func() app.Composer { return &view.NECPlay{} })
	app.Route(view.NECNewPath, func() app.Composer { return &view.NECNew{} })
}
