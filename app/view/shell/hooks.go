package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

// Test hooks. The browser tests decide the dice by defining, before the app starts (with
// playwright's addInitScript), a global array of rolls:
//
//	window.__plygroundTestDice = [[1, 2], [5, 3], ...]
//
// The page reads it once, when the program starts, and takes the rolls from it in order,
// then from crypto/rand as usual (RULES.md D6) — but only when the host program that served
// the page was started with -test-hooks (which tests/browser/server.mjs does), which puts
// TestHooksEnv in the page's environment. A published site (pwa -dist, which refuses
// -test-hooks) or `make run` never does, so a shipped page ignores the global: a player's
// dice always come from crypto/rand.

// TestHooksEnv is the name of the page's environment variable (go-app's Handler.Env) that
// turns the test hooks on when it is "1".
const TestHooksEnv = "PLYGROUND_TEST_HOOKS"

// Dice returns the dice of the page's games: the scripted test rolls first (read from the
// page at the first call, when the test hooks are on), then crypto/rand. They are shared by
// every game of the program run, so that a test's rolls go on across new games.
func (a *App) Dice() dice.Source {
	a.ReadTestHooks()
	return a.dice
}

// ReadTestHooks reads the test hooks once per program run: the rolls of
// window.__plygroundTestDice go to the app's dice.
func (a *App) ReadTestHooks() {
	if a.hooksRead || !app.IsClient {
		return
	}
	a.hooksRead = true
	if app.Getenv(TestHooksEnv) != "1" {
		return
	}
	v := app.Window().Get("__plygroundTestDice")
	if !v.Truthy() || v.Type() != app.TypeObject {
		return
	}
	var rolls []turn.Dice
	for i := 0; i < v.Length(); i++ {
		r := v.Index(i)
		if r.Type() != app.TypeObject || r.Length() != 2 {
			continue
		}
		d := turn.Dice{A: uint8(r.Index(0).Int()), B: uint8(r.Index(1).Int())}
		if d.Valid() {
			rolls = append(rolls, d)
		}
	}
	a.dice = dice.NewScript(rolls, dice.CryptoSource{})
}
