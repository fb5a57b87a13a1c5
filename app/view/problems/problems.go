// Package problems is the series-mate problems screen of progressive chess (/problems): the
// collection of package app/problems by rules and length, and one problem at a time
// (?id=<problem> or a shared link #p=...), where the player plays the series on the board and
// the checker judges it ply by ply (Problem.Check), with "show solution", the series-mate
// solver of the engine's Web Worker for any problem ("ask the solver", its node budget and
// progress shown), the problem's share link, and its position on the analysis board.
package problems

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/plyground/plyground/app/browser"
	core "github.com/plyground/plyground/app/problems"
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/store"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/app/view/shell"
	"github.com/plyground/plyground/app/view/solver"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants"
	"github.com/plyground/plyground/variants/turn"
)

// Screen is the problems screen: the collection, or one problem.
type Screen struct {
	app.Compo
	shell.PageState

	settings shell.Settings
	loadErr  string

	prob    *core.Problem    // the problem shown (nil: the collection)
	s       *session.Session // the player's series on the board
	verdict core.Verdict
	checked bool // verdict judges the series played
	showSol bool
	anim    board.Ply
	copied  string

	engine *browser.Engine
	solver solver.Solver // the series-mate solver, asked for the problem's position
	seq    int

	// ui is the screen's own context (OnMount): the solver's answers are dispatched through
	// it, since go-app drops what goes through the context of an element gone since (the
	// button that asked).
	ui *app.Context
}

// OnMount reads the settings.
func (p *Screen) OnMount(ctx app.Context) {
	p.settings = p.Mount()
	p.ui = &ctx
}

// OnDismount stops the solver.
func (p *Screen) OnDismount() {
	if p.engine != nil {
		p.engine.Close()
		p.engine = nil
	}
}

// OnNav opens the problem the address names, or the collection.
func (p *Screen) OnNav(ctx app.Context) {
	if !app.IsClient {
		return
	}
	// A page reached by a link inside the app is drawn again after OnNav, not after
	// OnMount: it says here that the running program draws it.
	p.SetLive()
	p.open(shell.PageURL(ctx))
	title := "Problems"
	if p.prob != nil {
		title = p.title()
	}
	ctx.Page().SetTitle("%s · %s", title, shell.AppName)
}

// open reads the problem of address u.
func (p *Screen) open(u *url.URL) {
	p.loadErr, p.prob, p.s = "", nil, nil
	p.reset()
	var prob core.Problem
	switch frag := store.RawFragment(u); {
	case strings.HasPrefix(frag, "p="):
		text, err := url.QueryUnescape(strings.TrimPrefix(frag, "p="))
		if err == nil {
			prob, err = core.DecodeLink(text)
		}
		if err != nil {
			p.loadErr = "This problem link cannot be read: " + strings.TrimPrefix(err.Error(), core.ErrLink.Error()+": ") + "."
			return
		}
	case u.Query().Get("id") != "":
		id := u.Query().Get("id")
		found, ok := core.Find(id)
		if !ok {
			p.loadErr = fmt.Sprintf("There is no problem %q in the collection.", id)
			return
		}
		prob = found
	default:
		return
	}
	s, err := session.Load(turn.Record{Variant: prob.Rules, Start: prob.FEN}, [2]session.Seat{}, session.TimeControl{}, session.Env{})
	if err != nil {
		p.loadErr = "This problem cannot be set up: " + err.Error() + "."
		return
	}
	p.prob, p.s = &prob, s
}

// reset clears the player's series and what was said about it.
func (p *Screen) reset() {
	p.verdict, p.checked, p.showSol, p.anim, p.copied = core.Verdict{}, false, false, board.Ply{}, ""
}

// title names the problem shown.
func (p *Screen) title() string {
	info, _ := variants.Find(p.prob.Rules)
	n := p.series()
	who := "White"
	if p.mover() == engine.Black {
		who = "Black"
	}
	return fmt.Sprintf("%s: %s mates in a series of %d", info.Name, who, n)
}

// mover is the side that mates.
func (p *Screen) mover() engine.Color {
	if strings.Contains(p.prob.FEN, " b ") {
		return engine.Black
	}
	return engine.White
}

// series is the length of the problem's series: the FEN's last field (P9).
func (p *Screen) series() int {
	f := strings.Fields(p.prob.FEN)
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(f[len(f)-1])
	return n
}

// played returns the plies the player has made.
func (p *Screen) played() []turn.Action { return p.s.Game().Actions() }

// judge checks the series played so far.
func (p *Screen) judge() {
	acts := p.played()
	if len(acts) == 0 {
		p.checked = false
		return
	}
	v, err := p.prob.Check(acts)
	if err != nil {
		v = core.Verdict{Ply: len(acts), Reason: err.Error(), Solution: -1}
	}
	p.verdict, p.checked = v, true
}

// finished reports whether the series is judged: solved, or failed.
func (p *Screen) finished() bool { return p.checked && (p.verdict.Solved || p.verdict.Ply > 0) }

// onBoardAsk plays the player's ply.
func (p *Screen) onBoardAsk(ctx app.Context, a board.Ask) {
	if p.s == nil || a.Want != board.WantMove || p.finished() {
		return
	}
	p.after(p.s.Drop(a.Ply.From, a.Ply.To))
}

// after follows up a ply tried.
func (p *Screen) after(eff session.Effect) {
	p.anim = board.Ply{}
	if eff != session.Played {
		return
	}
	if a, ok := p.s.LastAction(); ok {
		p.anim = board.PlyOf(a)
	}
	p.judge()
}

func (p *Screen) onPromote(t engine.PieceType) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		e.Call("stopPropagation")
		p.after(p.s.Promote(t))
	}
}

func (p *Screen) onCancelPromotion(ctx app.Context, e app.Event) { p.s.CancelPromotion() }

// onRetry starts the series again.
func (p *Screen) onRetry(ctx app.Context, e app.Event) {
	s, err := session.Load(turn.Record{Variant: p.prob.Rules, Start: p.prob.FEN}, [2]session.Seat{}, session.TimeControl{}, session.Env{})
	if err == nil {
		p.s = s
	}
	p.reset()
}

// onTakeBack takes back the last ply of an unfinished or failed series.
func (p *Screen) onTakeBack(ctx app.Context, e app.Event) {
	acts := p.played()
	if len(acts) == 0 {
		return
	}
	r := turn.Record{Variant: p.prob.Rules, Start: p.prob.FEN, Actions: acts[:len(acts)-1]}
	s, err := session.Load(r, [2]session.Seat{}, session.TimeControl{}, session.Env{})
	if err != nil {
		return
	}
	p.s, p.anim = s, board.Ply{}
	p.showSol = false
	p.judge()
}

func (p *Screen) onShowSolution(ctx app.Context, e app.Event) { p.showSol = !p.showSol }

// link is the problem's share link.
func (p *Screen) link() string {
	path := route.ProblemShared("p=" + core.Link(*p.prob))
	if p.prob.ID != "" {
		path = route.Problem(p.prob.ID)
	}
	if loc, err := browser.Location(); err == nil {
		if u, err := url.Parse(loc); err == nil {
			return u.Scheme + "://" + u.Host + path
		}
	}
	return path
}

// onCopy copies the problem's link.
func (p *Screen) onCopy(ctx app.Context, e app.Event) {
	link := p.link()
	browser.CopyText(link, func(err error) {
		ctx.Dispatch(func(app.Context) {
			if err != nil {
				p.copied = "Copy this link: " + link
				return
			}
			p.copied = "Link copied."
		})
	})
}

// record returns the problem's start as the worker reads it, and its state.
func (p *Screen) record() (string, turn.State, error) {
	info, ok := variants.Find(p.prob.Rules)
	if !ok {
		return "", turn.State{}, errors.New("unknown rules")
	}
	v, err := info.New("")
	if err != nil {
		return "", turn.State{}, err
	}
	g, err := turn.Replay(v, turn.Record{Variant: p.prob.Rules, Start: p.prob.FEN})
	if err != nil {
		return "", turn.State{}, err
	}
	return g.Encode(), g.State(), nil
}

// onSolve asks the engine's series-mate solver for the problem's position, within the
// solver's default budget.
func (p *Screen) onSolve(ctx app.Context, e app.Event) {
	if p.solver.Busy() {
		return
	}
	text, at, err := p.record()
	if err != nil {
		p.solver.Fail(err)
		return
	}
	if p.engine == nil {
		p.engine = p.App.NewEngine()
	}
	if p.ui != nil {
		ctx = *p.ui
	}
	p.seq++
	p.solver.Ask(ctx, p.engine, p.seq, text, at, core.DefaultBudget, nil)
}

func (p *Screen) onStopSolve(ctx app.Context, e app.Event) { p.solver.Stop(p.engine) }
