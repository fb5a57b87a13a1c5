package shell

import (
	"sync"

	"github.com/plyground/plyground/app/browser"
	"github.com/plyground/plyground/app/necgame"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants/dice"
)

// App is what the pages of one run of the program share: the saved-game store and the
// settings in it, the address the program started at, the game screen shown (for the update
// banner), the 8x8 game in progress as storage knows it, the dice (scripted by the browser
// tests' hooks), the page's sound, the engine's worker and the count of navigations
// (NavCount). cmd/pwa makes one with NewApp and
// hands it to every page's component; nothing of it is a package variable.
type App struct {
	// Start is the address the program started at and what the app says about it.
	Start StartAddress
	// Kept is the 8x8 game of the game screen as storage knows it.
	Kept KeptGame

	storage   func() (store.Storage, error)
	storeOnce sync.Once
	store     *store.Store
	storeErr  error

	shown        GameScreen
	updateChecks sync.Once

	hooksRead bool
	dice      *dice.Script

	sound browser.Sound

	newEngine func() *browser.Engine

	navs int // navigations handed to the pages (NavCount)
}

// NewApp returns the app over the browser's local storage and the engine's Web Worker.
func NewApp() *App {
	return &App{storage: browser.Local, newEngine: browser.NewEngine, dice: dice.NewScript(nil, dice.CryptoSource{})}
}

// NewTestApp returns an app over storage s, for host tests: nothing of it touches the
// browser.
func NewTestApp(s store.Storage) *App {
	a := NewApp()
	a.storage = func() (store.Storage, error) { return s, nil }
	return a
}

// StartAddress is the address the program started on, repaired (see WatchAddress), and what
// to say about it. Booted records whether a game screen has already been made: only the
// first one, made for that address, may open its game before the navigation
// (play.Screen.OnInit), since the window's address is not yet the new page's when the
// program moves from page to page.
type StartAddress struct {
	// Href is the address the page was opened at, repaired.
	Href string
	// Booted says that the first page has opened its game from Href.
	Booted bool
	notice string // damagedAddress, for the page of the repaired address
	path   string // the path of the repaired address
}

// KeptGame is what storage knows of the 8x8 game on the game screen. There is one game
// screen at a time; a new session (a new game) starts afresh.
type KeptGame struct {
	Sess *session.Session
	// Entry is the saved game: its ID (empty until the first save), title, players and
	// creation time.
	Entry store.Entry
	// Confirmed is the number of actions saved and in the address; with move confirmation
	// on, actions beyond it wait for the player.
	Confirmed int
	// Problem is the storage problem to show ("" when saving works).
	Problem string
	// Confirm is the move-confirmation setting, read at the last change of the game.
	Confirm bool
	// Base is the record of the saved game as this tab last read or wrote it, to notice a
	// save from another tab (store.SaveOver).
	Base string
	// Tabs says what happened when another tab saved the same game ("" when nothing did).
	Tabs string
}

// Store returns the saved games of every kind over the app's storage, and an error when the
// browser refuses local storage (the store then keeps games in memory only).
func (a *App) Store() (*store.Store, error) {
	a.storeOnce.Do(func() {
		s, err := a.storage()
		a.store, a.storeErr = &store.Store{Storage: s, Codecs: map[store.Kind]store.Codec{store.KindNEC: necgame.Codec{}}}, err
	})
	return a.store, a.storeErr
}

// NewEngine starts a bridge to the engine's Web Worker (the computer opponent, the bots).
func (a *App) NewEngine() *browser.Engine { return a.newEngine() }

// Sound returns the page's sounds: one AudioContext for every screen, made at the first
// sound (after a player's gesture, as browsers require).
func (a *App) Sound() *browser.Sound { return &a.sound }
