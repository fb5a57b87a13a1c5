package necgame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/plyground/plyground/variants/nec"
	"github.com/plyground/plyground/variants/nec/bot"
)

// MaxLevel is the strongest bot level.
const MaxLevel = bot.MaxLevel

// MaxNameLen bounds a person's name, in bytes.
const MaxNameLen = 40

// Seat is one player of the game: a person, or a bot of some level.
type Seat struct {
	// Bot is set when a bot plays the seat.
	Bot bool `json:"bot,omitempty"`
	// Level is the bot's level, 1 to MaxLevel.
	Level int `json:"level,omitempty"`
	// Name is the person's name; "" shows the seat's colour.
	Name string `json:"name,omitempty"`
}

// Config describes a new game.
type Config struct {
	// Seats holds one seat per player, 2 to 8 (nec.MinPlayers to nec.MaxPlayers).
	Seats []Seat
	// Fairy starts with the fairy back row (R U B C TT Q N R).
	Fairy bool
	// Limits are the end conditions besides "last player standing".
	Limits nec.Limits
	// Seed makes the bots' choices reproducible.
	Seed uint64
}

// checkSeats validates the seats for n players.
func checkSeats(seats []Seat, n int) error {
	if len(seats) != n {
		return fmt.Errorf("%d seats for %d players", len(seats), n)
	}
	for i, s := range seats {
		if s.Bot && (s.Level < 1 || s.Level > MaxLevel) {
			return fmt.Errorf("seat %d: bot level %d (want 1 to %d)", i+1, s.Level, MaxLevel)
		}
		if !s.Bot && s.Level != 0 {
			return fmt.Errorf("seat %d: a person has no level", i+1)
		}
		if len(s.Name) > MaxNameLen || strings.ContainsAny(s.Name, "\x00\n\r") {
			return fmt.Errorf("seat %d: bad name", i+1)
		}
	}
	return nil
}

// Phase is what the game waits for.
type Phase uint8

// The phases of a game.
const (
	// Cover: the device must pass to the person of Seat(); the board and every order are
	// hidden until that person says they have it (Reveal).
	Cover Phase = iota
	// Entering: the person of Seat() enters an order (Draft) and submits it.
	Entering
	// Result: an update has just resolved; everyone may look at it before the next one
	// (Continue). Games with one person skip it, games without people stop here after each
	// update.
	Result
	// Over: the game has ended, by the rules (nec.State.End) or because it is Full.
	Over
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case Cover:
		return "cover"
	case Entering:
		return "entering"
	case Result:
		return "result"
	case Over:
		return "over"
	}
	return "phase?"
}

// Errors of the game's actions.
var (
	ErrPhase   = errors.New("not possible now")
	ErrNoDraft = errors.New("no order is being entered")
)

// Game is a game in progress. Its zero value is not usable: build one with New or Open.
type Game struct {
	seats   []Seat
	seed    uint64
	h       *history // the updates resolved, revealed
	pending map[int]nec.Order
	ready   map[int]bool
	decided map[int]bool // the bots that chose their order for the current update
	phase   Phase
	seat    int
	draft   *Draft
}

// New starts a game.
func New(c Config) (*Game, error) {
	n := len(c.Seats)
	if n < nec.MinPlayers || n > nec.MaxPlayers {
		return nil, fmt.Errorf("new game: %d seats (want %d to %d)", n, nec.MinPlayers, nec.MaxPlayers)
	}
	if err := checkSeats(c.Seats, n); err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	start, err := nec.Setup(nec.Options{Players: n, Fairy: c.Fairy, Limits: c.Limits})
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	return fromStart(start, c.Seats, c.Seed), nil
}

// fromStart makes a game at its start.
func fromStart(start nec.State, seats []Seat, seed uint64) *Game {
	g := &Game{seats: append([]Seat(nil), seats...), seed: seed, h: newHistory(start)}
	g.begin()
	return g
}

// begin starts the entry of an update (or ends the game).
func (g *Game) begin() {
	g.pending = make(map[int]nec.Order)
	g.ready = make(map[int]bool)
	g.decided = make(map[int]bool)
	g.draft = nil
	if g.State().End().Over || g.Full() {
		g.phase = Over
		return
	}
	next, ok := g.nextPerson(-1)
	switch {
	case !ok:
		g.phase, g.seat = Result, -1 // bots only: wait for Continue
	case g.people() == 1:
		g.enter(next)
	default:
		g.phase, g.seat = Cover, next
	}
}

// people counts the seats played by people that still have pieces.
func (g *Game) people() int {
	n := 0
	for i, s := range g.seats {
		if !s.Bot && g.State().Alive(i) {
			n++
		}
	}
	return n
}

// nextPerson returns the first seat after after played by a person who still has pieces and
// has not submitted.
func (g *Game) nextPerson(after int) (int, bool) {
	for i := after + 1; i < len(g.seats); i++ {
		if !g.seats[i].Bot && g.State().Alive(i) && !g.ready[i] {
			return i, true
		}
	}
	return 0, false
}

// enter starts the entry of seat's order.
func (g *Game) enter(seat int) {
	g.phase, g.seat = Entering, seat
	g.draft = newDraft(g.State(), seat)
}

// Seats returns the seats.
func (g *Game) Seats() []Seat { return append([]Seat(nil), g.seats...) }

// Seed returns the seed of the bots.
func (g *Game) Seed() uint64 { return g.seed }

// Phase returns what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Seat returns the seat the phase concerns (Cover, Entering); -1 otherwise.
func (g *Game) Seat() int {
	if g.phase == Cover || g.phase == Entering {
		return g.seat
	}
	return -1
}

// People counts the seats played by people (with pieces or not).
func (g *Game) People() int {
	n := 0
	for _, s := range g.seats {
		if !s.Bot {
			n++
		}
	}
	return n
}

// State returns the current visible board.
func (g *Game) State() nec.State { return g.h.last }

// Start returns the board at the start of the game.
func (g *Game) Start() nec.State { return g.h.start }

// Updates returns the number of updates resolved in this game.
func (g *Game) Updates() int { return g.h.len() }

// Full reports whether the game has MaxUpdates updates, the most a record holds: it takes no
// more (its phase is Over).
func (g *Game) Full() bool { return g.h.len() >= MaxUpdates }

// Update returns update k (1 to Updates()): the board before it, the board after it, the
// orders submitted (all revealed) and the report. The boards of past updates are replayed
// from the nearest board the game keeps: asking for updates in increasing order is cheapest.
func (g *Game) Update(k int) (before, after nec.State, orders []nec.Order, rep nec.Report, err error) {
	if k < 1 || k > g.h.len() {
		return nec.State{}, nec.State{}, nil, nec.Report{}, fmt.Errorf("no update %d (the game has %d)", k, g.h.len())
	}
	if before, err = g.h.board(k - 1); err == nil {
		after, err = g.h.board(k)
	}
	if err != nil {
		return nec.State{}, nec.State{}, nil, nec.Report{}, err
	}
	return before, after, g.h.orders[k-1], g.h.reports[k-1], nil
}

// Board returns the board after k updates (0 to Updates()), replayed from the nearest board
// the game keeps.
func (g *Game) Board(k int) (nec.State, error) { return g.h.board(k) }

// Ready reports whether seat has submitted its order for the current update. Bots are ready.
func (g *Game) Ready(seat int) bool {
	if seat < 0 || seat >= len(g.seats) {
		return false
	}
	return g.seats[seat].Bot || g.ready[seat]
}

// Reveal tells the game that the person of Seat() has the device: the entry begins.
func (g *Game) Reveal() error {
	if g.phase != Cover {
		return fmt.Errorf("reveal: %w (%v)", ErrPhase, g.phase)
	}
	g.enter(g.seat)
	return nil
}

// Draft returns the order being entered, or nil outside the Entering phase.
func (g *Game) Draft() *Draft {
	if g.phase != Entering {
		return nil
	}
	return g.draft
}

// Submit submits the draft as the entering seat's order (an empty draft passes). When every
// person has submitted, the bots decide and the update resolves; it returns true then.
func (g *Game) Submit() (resolved bool, err error) {
	if g.phase != Entering || g.draft == nil {
		return false, fmt.Errorf("submit: %w", ErrNoDraft)
	}
	o := g.draft.Order()
	if len(o.Steps) > 0 {
		if err := g.State().Validate(o); err != nil {
			return false, fmt.Errorf("submit: %w", err)
		}
		g.pending[g.seat] = o
	}
	g.ready[g.seat] = true
	g.draft = nil
	if next, ok := g.nextPerson(g.seat); ok {
		g.phase, g.seat = Cover, next
		return false, nil
	}
	if err := g.resolve(); err != nil {
		return false, err
	}
	return true, nil
}

// Continue goes on after the Result phase: to the cover of the first person, or, in a game
// of bots only, it resolves the next update.
func (g *Game) Continue() (resolved bool, err error) {
	if g.phase != Result {
		return false, fmt.Errorf("continue: %w (%v)", ErrPhase, g.phase)
	}
	if _, ok := g.nextPerson(-1); !ok {
		if err := g.resolve(); err != nil {
			return false, err
		}
		return true, nil
	}
	next, _ := g.nextPerson(-1)
	g.phase, g.seat = Cover, next
	return false, nil
}

// resolve lets the bots that have not chosen yet decide here, resolves the update and starts
// the next.
func (g *Game) resolve() error {
	s := g.State()
	var orders []nec.Order
	for i, seat := range g.seats {
		if !s.Alive(i) {
			continue
		}
		if seat.Bot && !g.decided[i] {
			if o, ok := g.botOrder(i); ok {
				orders = append(orders, o)
			}
			continue
		}
		if o, ok := g.pending[i]; ok {
			orders = append(orders, o)
		}
	}
	if err := g.h.play(orders); err != nil {
		return fmt.Errorf("resolving update %d: %w", s.Update()+1, err)
	}
	g.begin()
	if g.phase != Over && g.people() >= 2 {
		g.phase, g.seat = Result, -1
	}
	return nil
}

// BotSeed returns the seed of the bot of seat for update (1 for the first) of a game whose
// bots' seed is seed: each order of each bot has its own, so that the engine worker, which
// keeps nothing between orders, gives the order this package would.
func BotSeed(seed uint64, seat, update int) uint64 {
	x := seed ^ uint64(seat+1)*0x9E3779B97F4A7C15 ^ uint64(update)*0xBF58476D1CE4E5B9
	// splitmix64's finaliser: nearby seats and updates get unrelated seeds.
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// BotTurn is a bot's turn to choose its order for the current update: what the engine worker
// needs to choose it (package app/worker, request type "nec").
type BotTurn struct {
	// Seat is the bot's seat (its player on Board).
	Seat int
	// Level is its level, 1 to MaxLevel.
	Level int
	// Seed is its seed for this order (BotSeed).
	Seed uint64
	// Board is the visible board of the update.
	Board nec.State
}

// NextBot returns the first bot that has not chosen its order for the current update; ok is
// false when none is left (or the game is over).
func (g *Game) NextBot() (t BotTurn, ok bool) {
	if g.phase == Over {
		return BotTurn{}, false
	}
	s := g.State()
	for i, seat := range g.seats {
		if seat.Bot && s.Alive(i) && !g.decided[i] {
			return BotTurn{Seat: i, Level: seat.Level, Seed: BotSeed(g.seed, i, s.Update()+1), Board: s}, true
		}
	}
	return BotTurn{}, false
}

// BotsLeft returns how many bots have not chosen their order for the current update.
func (g *Game) BotsLeft() int {
	if g.phase == Over {
		return 0
	}
	n := 0
	s := g.State()
	for i, seat := range g.seats {
		if seat.Bot && s.Alive(i) && !g.decided[i] {
			n++
		}
	}
	return n
}

// Decide sets the order of the bot of seat for the current update from its text, in the
// notation of RULES.md 11.1 as the engine worker writes it on the update's board ("": the bot
// passes). The order stays hidden until the update resolves. A text that is no valid order of
// that bot is refused and nothing changes.
func (g *Game) Decide(seat int, text string) error {
	s := g.State()
	switch {
	case g.phase == Over:
		return fmt.Errorf("bot order: %w (%v)", ErrPhase, g.phase)
	case seat < 0 || seat >= len(g.seats) || !g.seats[seat].Bot || !s.Alive(seat):
		return fmt.Errorf("bot order: seat %d is no bot with pieces", seat+1)
	case g.decided[seat]:
		return fmt.Errorf("bot order: seat %d has chosen already", seat+1)
	}
	if text != "" {
		o, err := s.ParseOrder(seat, text)
		if err != nil {
			return fmt.Errorf("bot order %q: %w", text, err)
		}
		g.pending[seat] = o
	}
	g.decided[seat] = true
	return nil
}

// botOrder lets the bot of seat choose its order for the current update here, within its
// level's budget.
func (g *Game) botOrder(seat int) (nec.Order, bool) {
	s := g.State()
	o := bot.Level(g.seats[seat].Level)
	o.Seed = BotSeed(g.seed, seat, s.Update()+1)
	return bot.New(o).Order(s, seat)
}

// Think lets the first bot that has not chosen its order for the current update choose it
// here (the order stays hidden until the update resolves) and returns how many bots are still
// to choose. The page does not call it: its bots think in the engine worker (NextBot, Decide).
// Resolving lets the remaining bots choose here anyway.
func (g *Game) Think() (left int) {
	t, ok := g.NextBot()
	if !ok {
		return 0
	}
	if o, ok := g.botOrder(t.Seat); ok {
		g.pending[t.Seat] = o
	}
	g.decided[t.Seat] = true
	return g.BotsLeft()
}

// View is everything the page may show now: the board, the history, the entering seat's own
// draft, and of the other seats only whether they are ready. It never holds another seat's
// pending order (RULES.md N10).
type View struct {
	Phase Phase
	// Seat is the seat the phase concerns (-1 for none).
	Seat int
	// Board is the current visible board; during Cover it is the zero State (hidden).
	Board nec.State
	// Ready says, for each seat, whether it has submitted (bots always have).
	Ready []bool
	// Draft is the entering seat's order (Entering only).
	Draft *Draft
	// Updates is the number of updates resolved.
	Updates int
}

// View returns what the page may show now.
func (g *Game) View() View {
	v := View{Phase: g.phase, Seat: g.Seat(), Updates: g.Updates()}
	if g.phase != Cover {
		v.Board = g.State()
	}
	v.Ready = make([]bool, len(g.seats))
	for i := range v.Ready {
		v.Ready[i] = g.Ready(i)
	}
	if g.phase == Entering {
		v.Draft = g.draft
	}
	return v
}

// SeatName returns how the page names seat i: the person's name, or the colour, with "(bot)".
func (g *Game) SeatName(i int) string {
	if i < 0 || i >= len(g.seats) {
		return ""
	}
	colour := Colour(g.Start(), i)
	s := g.seats[i]
	switch {
	case s.Bot:
		return fmt.Sprintf("%s (bot %d)", colour, s.Level)
	case s.Name != "":
		return fmt.Sprintf("%s (%s)", s.Name, colour)
	}
	return colour
}

// Colour returns the capitalised colour name of player i ("Blue").
func Colour(s nec.State, i int) string {
	if i < 0 || i >= s.NumPlayers() {
		return ""
	}
	n := s.Player(i).Name
	if n == "" {
		return n
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// ErrOrders is wrapped by the errors of Play for orders it refuses.
var ErrOrders = errors.New("orders refused")

// Play resolves the current update with the orders of the people collected elsewhere (package
// app/necgame/remote, whose orders come as links): at most one order a seat, each of a seat
// played by a person and valid on the board; a person's seat with no order makes none. The
// bots that have not chosen (NextBot, Decide) choose here. Orders that are refused change
// nothing (the error wraps ErrOrders). Whatever the phase before, the game is then in the
// phase that follows an update (Result, or Over), with nobody's order pending.
func (g *Game) Play(orders []nec.Order) error {
	if g.phase == Over {
		return fmt.Errorf("play: %w (%v)", ErrPhase, g.phase)
	}
	s := g.State()
	seen := make(map[int]bool, len(orders))
	for _, o := range orders {
		switch {
		case o.Player < 0 || o.Player >= len(g.seats):
			return fmt.Errorf("play: %w: no seat %d", ErrOrders, o.Player+1)
		case g.seats[o.Player].Bot:
			return fmt.Errorf("play: %w: seat %d is a bot's", ErrOrders, o.Player+1)
		case seen[o.Player]:
			return fmt.Errorf("play: %w: two orders for seat %d", ErrOrders, o.Player+1)
		}
		seen[o.Player] = true
		if err := s.Validate(o); err != nil {
			return fmt.Errorf("play: %w: seat %d: %w", ErrOrders, o.Player+1, err)
		}
	}
	for i, seat := range g.seats {
		if !seat.Bot {
			delete(g.pending, i)
		}
	}
	for _, o := range orders {
		g.pending[o.Player] = o
	}
	g.draft = nil
	if err := g.resolve(); err != nil {
		return err
	}
	if g.phase != Over {
		g.phase, g.seat = Result, -1
	}
	return nil
}
