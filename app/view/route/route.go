// Package route is the one table of the app's pages: the path of every page, the typed
// builders of the addresses that link to them, and Register, which gives go-app a component
// for each. No other package writes a page's path; cmd/pwa registers the pages through
// Register.
package route

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/variants"
)

// The paths of the pages. The game screens open a game from the query (?id=<saved game>,
// or the new game's settings) or from the fragment (#g=... or #n=..., a shared game).
const (
	HomePath       = "/"
	NewGamePath    = "/new"
	PlayPath       = "/play"
	RulesIndexPath = "/rules"
	rulesPrefix    = "/rules/"
	SettingsPath   = "/settings"
	AboutPath      = "/about"
	SavedPath      = "/saved"
	NECPath        = "/nec"
	NECNewPath     = "/nec/new"
	NECRemotePath  = "/nec/remote"
	AnalysisPath   = "/analysis"
	ProblemsPath   = "/problems"
)

// Home returns the address of the home page.
func Home() string { return HomePath }

// NewGame returns the address of the new-game screen of the 8x8 variants, with its
// defaults.
func NewGame() string { return NewGamePath }

// NewGameWith returns the address of the new-game screen of the 8x8 variants, its form
// filled with q.
func NewGameWith(q session.GameQuery) string { return NewGamePath + "?" + q.Values().Encode() }

// Play returns the address of the game screen that starts the game q.
func Play(q session.GameQuery) string { return PlayPath + "?" + q.Values().Encode() }

// Rules returns the address of the rules page of the variant with that ID.
func Rules(variant string) string { return rulesPrefix + variant }

// Rule returns the address of rule number rule ("M3") on the rules page of the variant with
// that ID.
func Rule(variant, rule string) string { return rulesPrefix + variant + "#rule-" + rule }

// RulesVariant returns the variant ID of a rules page's path ("" for another path).
func RulesVariant(path string) string {
	if len(path) > len(rulesPrefix) && path[:len(rulesPrefix)] == rulesPrefix {
		return path[len(rulesPrefix):]
	}
	return ""
}

// RulesIndex returns the address of the list of rules pages.
func RulesIndex() string { return RulesIndexPath }

// Settings returns the address of the settings page.
func Settings() string { return SettingsPath }

// About returns the address of the about page.
func About() string { return AboutPath }

// Saved returns the address of the saved-games screen.
func Saved() string { return SavedPath }

// NEC returns the address of the Never-Ending Chess game screen.
func NEC() string { return NECPath }

// NECNew returns the address of the Never-Ending Chess new-game screen.
func NECNew() string { return NECNewPath }

// NECRemote returns the address of the screen of Never-Ending Chess across devices (a new
// remote game when nothing follows it).
func NECRemote() string { return NECRemotePath }

// NECRemoteGame returns the address of the saved remote game id (referee's or player's side).
func NECRemoteGame(id string) string { return NECRemotePath + "?id=" + url.QueryEscape(id) }

// NECRemoteLink returns the address of a remote-game link (invitation, order, update) whose
// fragment is frag.
func NECRemoteLink(frag string) string { return NECRemotePath + "#" + frag }

// Game returns the path of the game screen of a kind of game.
func Game(k store.Kind) string {
	if k == store.KindNEC {
		return NECPath
	}
	return PlayPath
}

// SavedGame returns the address that resumes the saved game with that ID on the game
// screen of its kind.
func SavedGame(k store.Kind, id string) string {
	return Game(k) + "?" + url.Values{"id": {id}}.Encode()
}

// Shared returns the address of the game screen of kind k that opens the game in the
// fragment frag (without its "#").
func Shared(k store.Kind, frag string) string { return Game(k) + "#" + frag }

// Analysis returns the address of the analysis board with the standard start of orthodox
// chess.
func Analysis() string { return AnalysisPath }

// AnalysisOf returns the address of the analysis board of a position (the variant, its
// options and a FEN as a new game's query carries them: a rules diagram's position).
func AnalysisOf(q session.GameQuery) string {
	v := url.Values{}
	for _, k := range []string{"variant", "options", "fen"} {
		if x := q.Values().Get(k); x != "" {
			v.Set(k, x)
		}
	}
	return AnalysisPath + "?" + v.Encode()
}

// AnalysisSaved returns the address of the analysis board of the saved 8x8 game id (whose
// review is kept with it).
func AnalysisSaved(id string) string { return AnalysisPath + "?" + url.Values{"id": {id}}.Encode() }

// AnalysisShared returns the address of the analysis board of the game a share link's
// fragment frag (without its "#") carries.
func AnalysisShared(frag string) string { return AnalysisPath + "#" + frag }

// Problems returns the address of the series-mate problems.
func Problems() string { return ProblemsPath }

// Problem returns the address of the problem of the collection named id.
func Problem(id string) string { return ProblemsPath + "?" + url.Values{"id": {id}}.Encode() }

// ProblemShared returns the address of the problem a link's fragment frag (without its
// "#", "p=...") carries.
func ProblemShared(frag string) string { return ProblemsPath + "#" + frag }

// Screens are the components of the pages, one constructor for each (go-app makes a new
// component with it every time the page is opened).
type Screens struct {
	Home, NewGame, Play, RulesIndex, Settings, About, Saved, NEC, NECNew, NECRemote func() app.Composer
	Analysis, Problems                                                              func() app.Composer
	// Rules makes the rules page of a variant.
	Rules func(variant string) app.Composer
}

// Register gives go-app the component of every page: one route per page, and one rules
// page per variant that has rules (so that the static site has a page for each).
func Register(s Screens) {
	app.Route(HomePath, s.Home)
	app.Route(NewGamePath, s.NewGame)
	app.Route(PlayPath, s.Play)
	app.Route(RulesIndexPath, s.RulesIndex)
	for _, info := range variants.List() {
		if info.Rules != "" {
			id := info.ID
			app.Route(Rules(id), func() app.Composer { return s.Rules(id) })
		}
	}
	app.Route(SettingsPath, s.Settings)
	app.Route(AboutPath, s.About)
	app.Route(SavedPath, s.Saved)
	app.Route(NECPath, s.NEC)
	app.Route(NECNewPath, s.NECNew)
	app.Route(NECRemotePath, s.NECRemote)
	app.Route(AnalysisPath, s.Analysis)
	app.Route(ProblemsPath, s.Problems)
}
