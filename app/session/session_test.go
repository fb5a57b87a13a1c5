package session

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/dice"
	"github.com/plyground/plyground/variants/turn"
)

func sq(t *testing.T, name string) engine.Square {
	t.Helper()
	s, err := engine.ParseSquare(name)
	if err != nil {
		t.Fatalf("square %q: %v", name, err)
	}
	return s
}

// fakeTime is an injected clock that tests move by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time       { return f.t }
func (f *fakeTime) wait(d time.Duration) { f.t = f.t.Add(d) }
func newFakeTime() *fakeTime             { return &fakeTime{t: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)} }
func scripted(rolls ...turn.Dice) Env {
	return Env{Dice: dice.NewScript(rolls, rand.New(rand.NewPCG(1, 2)))}
}
func roll(a, b uint8) turn.Dice             { return turn.Dice{A: a, B: b} }
func start(t *testing.T, c Config) *Session { return startEnv(t, c, Env{}) }
func startEnv(t *testing.T, c Config, env Env) *Session {
	t.Helper()
	s, err := New(c, env)
	if err != nil {
		t.Fatalf("New(%+v): %v", c, err)
	}
	return s
}

// click presses the squares of a UCI ply ("e2e4", "e7e8n") and wants it played.
func click(t *testing.T, s *Session, uci string) {
	t.Helper()
	from, to := sq(t, uci[:2]), sq(t, uci[2:4])
	if e := s.Click(from); e != Selected {
		t.Fatalf("%s: click %v: %v, want selected (notice %q)", uci, from, e, s.Notice().Text)
	}
	e := s.Click(to)
	if e == Promoting && len(uci) == 5 {
		e = s.Promote(map[byte]engine.PieceType{'q': engine.Queen, 'r': engine.Rook, 'b': engine.Bishop, 'n': engine.Knight}[uci[4]])
	}
	if e != Played {
		t.Fatalf("%s: click %v: %v, want played (notice %q)", uci, to, e, s.Notice().Text)
	}
}

func clicks(t *testing.T, s *Session, plies ...string) {
	t.Helper()
	for _, p := range plies {
		click(t, s, p)
	}
}

func TestClickSelectsDeselectsAndShowsTargets(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	if e := s.Click(sq(t, "e4")); e != Nothing {
		t.Errorf("click on an empty square with nothing picked up: %v", e)
	}
	if e := s.Click(sq(t, "e7")); e != Nothing {
		t.Errorf("click on the opponent's pawn: %v", e)
	}
	if e := s.Click(sq(t, "e2")); e != Selected {
		t.Fatalf("click e2: %v", e)
	}
	if got, want := s.Targets(), engine.SquareBB(sq(t, "e3"))|engine.SquareBB(sq(t, "e4")); got != want {
		t.Errorf("targets of e2: %v, want %v", got.Squares(), want.Squares())
	}
	if e := s.Click(sq(t, "g1")); e != Selected || s.Selected() != sq(t, "g1") {
		t.Errorf("click another own piece: %v, selected %v", e, s.Selected())
	}
	if e := s.Click(sq(t, "g1")); e != Deselected || s.Selected() != engine.NoSquare {
		t.Errorf("second click on the same piece: %v, selected %v", e, s.Selected())
	}
	if got := s.Movable().Count(); got != 10 {
		t.Errorf("movable pieces at the start: %d, want 10 (8 pawns, 2 knights)", got)
	}
}

func TestO1_RefusedPlyKeepsGameAndSaysWhy(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	s.Click(sq(t, "g1"))
	if e := s.Click(sq(t, "g3")); e != Refused {
		t.Fatalf("knight g1-g3: %v, want refused", e)
	}
	n := s.Notice()
	if n.Rule != "O1" || !strings.Contains(n.Text, "knight does not move from g1 to g3") {
		t.Errorf("notice %+v", n)
	}
	if s.Len() != 0 || s.Selected() != engine.NoSquare {
		t.Errorf("after a refusal: %d actions, selected %v", s.Len(), s.Selected())
	}
	click(t, s, "g1f3")
	if s.Notice() != (Notice{}) {
		t.Errorf("notice kept after a legal ply: %+v", s.Notice())
	}
}

func TestP4_ItalianCheckBeforeLastPlyRefusedWithReason(t *testing.T) {
	s := start(t, Config{Variant: "progressive-italian"})
	clicks(t, s, "e2e4", "e7e5", "g8f6", "f1c4")
	s.Click(sq(t, "c4"))
	if s.Targets().Has(sq(t, "f7")) {
		t.Errorf("Bxf7+ on ply 2 of 3 shown as a legal target")
	}
	if e := s.Click(sq(t, "f7")); e != Refused {
		t.Fatalf("Bxf7+ on ply 2 of 3: %v, want refused", e)
	}
	want := Notice{Text: "Italian rule P4: check only on the last ply of a series", Rule: "P4"}
	if got := s.Notice(); got != want {
		t.Errorf("notice %+v, want %+v", got, want)
	}
	if p := s.Panel(); p.Notice != want || p.Progress != "series 3: ply 2 of 3" {
		t.Errorf("panel notice %+v, progress %q", p.Notice, p.Progress)
	}
}

func TestP8_ProgressiveMateToBanner(t *testing.T) {
	s := start(t, Config{Variant: "progressive-italian"})
	click(t, s, "e2e4")
	if p := s.Panel(); p.Status != "Black to move" || p.Progress != "series 2: ply 1 of 2" {
		t.Errorf("after 1.e4: %q, %q", p.Status, p.Progress)
	}
	clicks(t, s, "e7e5", "g8f6", "f1c4", "d1h5")
	if p := s.Panel(); p.Progress != "series 3: ply 3 of 3" || p.Series != 3 {
		t.Errorf("before Qxf7: %q", p.Progress)
	}
	click(t, s, "h5f7")
	if got, want := s.Movetext(), "1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	p := s.Panel()
	if !p.Over || p.Banner != "White wins: checkmate" || p.Rule != "P2" {
		t.Errorf("banner %q rule %q over %v", p.Banner, p.Rule, p.Over)
	}
	if s.HumanToMove() || s.Click(sq(t, "e8")) != Nothing {
		t.Errorf("moves allowed after the mate")
	}
	rows := s.Rows()
	if len(rows) != 3 || rows[2].Number != 3 || rows[2].Cells[0].Text(turn.Series) != "Bc4 Qh5 Qxf7#" {
		t.Errorf("rows %+v", rows)
	}
}

func TestM6_MarseillaisMoveList(t *testing.T) {
	s := start(t, Config{Variant: "marseillais"})
	clicks(t, s, "e2e4", "e7e5")
	if p := s.Panel(); p.Progress != "ply 2 of 2" || p.Status != "Black to move" {
		t.Errorf("mid-turn panel: %q %q", p.Status, p.Progress)
	}
	clicks(t, s, "b8c6", "d1h5", "g1f3", "g7g6", "g6h5")
	if got, want := s.Movetext(), "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	want := [][2]string{{"e4", "e5,Nc6"}, {"Qh5,Nf3", "g6,gxh5"}}
	rows := s.Rows()
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, r := range rows {
		got := [2]string{r.Cells[0].Text(turn.Paired), r.Cells[1].Text(turn.Paired)}
		if r.Number != i+1 || got != want[i] {
			t.Errorf("row %d: %d %q, want %q", i, r.Number, got, want[i])
		}
	}
	if !rows[1].Cells[1].Current || rows[1].Cells[0].Current {
		t.Errorf("the last turn is not the current cell")
	}
	// Every ply of the last turn is highlighted.
	if got := s.LastPlies(); len(got) != 2 || got[0] != [2]engine.Square{sq(t, "g6"), sq(t, "h5")} ||
		got[1] != [2]engine.Square{sq(t, "g7"), sq(t, "g6")} {
		t.Errorf("last plies %v", got)
	}
}

func TestM2_CheckEndsTheTurnAndIsShown(t *testing.T) {
	s := start(t, Config{Variant: "marseillais"})
	clicks(t, s, "e2e4", "f7f6", "a7a6", "d1h5")
	p := s.Panel()
	if p.Status != "Black to move" || p.Progress != "ply 1 of 2" || !p.Check {
		t.Errorf("after Qh5+: %q %q check %v", p.Status, p.Progress, p.Check)
	}
	if s.Checked() != engine.SquareBB(sq(t, "e8")) {
		t.Errorf("checked squares %v", s.Checked().Squares())
	}
}

func TestS3_SpendDoubleMoveAndSkip(t *testing.T) {
	s := start(t, Config{Variant: "sdm"})
	p := s.Panel()
	if !p.HasTokens || !p.CanSpend || p.Tokens != [2]int{1, 1} {
		t.Fatalf("start panel: %+v", p)
	}
	if p.SpendNote != "Black moves twice, then White skips a turn" {
		t.Errorf("spend note %q", p.SpendNote)
	}
	s.SetSpend(true)
	if !s.Panel().Spend {
		t.Errorf("toggle not on")
	}
	click(t, s, "e2e4")
	p = s.Panel()
	if p.Status != "Black to move" || p.Progress != "ply 1 of 2" || p.Tokens != [2]int{0, 1} {
		t.Errorf("after the spend: %q %q %v", p.Status, p.Progress, p.Tokens)
	}
	if p.Schedule != "Next: White skips a turn" {
		t.Errorf("schedule %q", p.Schedule)
	}
	if p.CanSpend || p.NoSpend != "SDM rule S2: a token cannot be spent during a Double Move" {
		t.Errorf("spend during the double move: can %v, reason %q", p.CanSpend, p.NoSpend)
	}
	s.SetSpend(true)
	if s.Spending() {
		t.Errorf("toggle turned on where no token may be spent")
	}
	clicks(t, s, "e7e5", "d7d5")
	p = s.Panel()
	if p.Status != "Black to move" || p.Progress != "" {
		t.Errorf("after the double move (White skipped): %q %q", p.Status, p.Progress)
	}
	click(t, s, "g8f6")
	if got, want := s.Movetext(), "1. {spend} e4 e5,d5 2.-- Nf6"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	rows := s.Rows()
	if len(rows) != 2 || rows[0].Cells[0].Text(turn.Paired) != "{spend} e4" || !rows[0].Cells[0].Items[0].Spend ||
		!rows[1].Cells[0].Skipped || rows[1].Cells[1].Text(turn.Paired) != "Nf6" {
		t.Errorf("rows %+v", rows)
	}
	if s.Mover() != engine.White {
		t.Errorf("mover after the skip and Nf6: %v", s.Mover())
	}
}

func TestS3_TempoSwapNote(t *testing.T) {
	s := start(t, Config{Variant: "sdm", Options: "swap=true"})
	if got := s.Panel().SpendNote; got != "Black moves twice" {
		t.Errorf("swap spend note %q", got)
	}
	s0 := start(t, Config{Variant: "sdm", Options: "tokens=0"})
	if p := s0.Panel(); p.HasTokens || p.CanSpend {
		t.Errorf("no tokens: %+v", p)
	}
}

func TestS7_SkippedTurnCostsNoTime(t *testing.T) {
	ft := newFakeTime()
	s := startEnv(t, Config{Variant: "sdm", Clock: TimeControl{Initial: time.Minute}}, Env{Now: ft.now})
	if s.ClockLeft(engine.White) != time.Minute {
		t.Errorf("before the first action: %v", s.ClockLeft(engine.White))
	}
	ft.wait(5 * time.Second) // before the first action, no clock runs
	s.SetSpend(true)
	click(t, s, "e2e4")
	if c, ok := s.ClockRunning(); !ok || c != engine.Black {
		t.Errorf("running after the spend: %v %v", c, ok)
	}
	ft.wait(10 * time.Second)
	clicks(t, s, "e7e5")
	ft.wait(10 * time.Second)
	clicks(t, s, "d7d5") // White's turn is skipped: Black moves on
	ft.wait(10 * time.Second)
	click(t, s, "g8f6")
	if got := s.ClockLeft(engine.Black); got != 30*time.Second {
		t.Errorf("Black left %v, want 30s", got)
	}
	if got := s.ClockLeft(engine.White); got != time.Minute {
		t.Errorf("White left %v, want the full minute (its turn was skipped)", got)
	}
	ft.wait(61 * time.Second)
	if !s.Tick() {
		t.Fatalf("no flag after White's minute ran out")
	}
	if p := s.Panel(); p.Banner != "Black wins: White ran out of time" || p.Rule != "S7" {
		t.Errorf("banner %q rule %q", p.Banner, p.Rule)
	}
}

// TestClockResume checks what a saved game keeps of its clocks (ClockTimes) and how a game
// opened again goes on from them (ResumeClocks): the side to move's clock runs from the
// opening, the other's stands, and a game without actions or clocks is left alone.
func TestClockResume(t *testing.T) {
	ft := newFakeTime()
	tc := TimeControl{Initial: time.Minute, Increment: 2 * time.Second}
	s := startEnv(t, Config{Variant: "orthodox", Clock: tc}, Env{Now: ft.now})
	if _, ok := s.ClockTimes(); ok {
		t.Error("clock times before the first action")
	}
	click(t, s, "e2e4")
	ft.wait(7 * time.Second)
	clicks(t, s, "e7e5")
	ft.wait(3 * time.Second)
	left, ok := s.ClockTimes()
	want := [2]time.Duration{time.Minute + 2*time.Second - 3*time.Second, time.Minute + 2*time.Second - 7*time.Second}
	if !ok || left != want {
		t.Fatalf("clock times %v %v, want %v", left, ok, want)
	}

	// Opened again an hour later: White (to move) goes on from 59 s, Black keeps 55 s.
	ft.wait(time.Hour)
	again, err := Load(s.Game().Record(), s.Seats(), tc, Env{Now: ft.now})
	if err != nil {
		t.Fatal(err)
	}
	again.ResumeClocks(left)
	if c, ok := again.ClockRunning(); !ok || c != engine.White {
		t.Errorf("running after the resume: %v %v", c, ok)
	}
	ft.wait(4 * time.Second)
	if got := again.ClockLeft(engine.White); got != want[0]-4*time.Second {
		t.Errorf("White %v, want %v", got, want[0]-4*time.Second)
	}
	if got := again.ClockLeft(engine.Black); got != want[1] {
		t.Errorf("Black %v, want %v", got, want[1])
	}
	ft.wait(time.Minute)
	if !again.Tick() {
		t.Error("no flag when the resumed time ran out")
	}

	// No action yet, or no clocks: nothing to resume.
	fresh := startEnv(t, Config{Variant: "orthodox", Clock: tc}, Env{Now: ft.now})
	fresh.ResumeClocks([2]time.Duration{time.Second, time.Second})
	if _, running := fresh.ClockRunning(); running || fresh.ClockLeft(engine.White) != time.Minute {
		t.Error("a game without actions resumed its clocks")
	}
	untimed, err := Load(s.Game().Record(), s.Seats(), TimeControl{}, Env{Now: ft.now})
	if err != nil {
		t.Fatal(err)
	}
	untimed.ResumeClocks(left)
	if _, running := untimed.ClockRunning(); running {
		t.Error("a game without clocks resumed them")
	}
}

func TestD3_ForcedPassThenD4_KingCapture(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice"}, scripted(roll(1, 2), roll(1, 2), roll(5, 3), roll(3, 4), roll(5, 6)))
	p := s.Panel()
	if !p.Dice || !p.RollDue || p.Roll != (turn.Dice{}) {
		t.Fatalf("start: %+v", p)
	}
	s.Click(sq(t, "e2"))
	if e := s.Click(sq(t, "e4")); e != Refused || s.Notice().Text != "Dice rule D1: roll the dice first" {
		t.Errorf("ply before the roll: %v %q", e, s.Notice().Text)
	}
	mustRoll := func() {
		t.Helper()
		if err := s.Roll(); err != nil {
			t.Fatalf("roll: %v", err)
		}
	}
	mustRoll()
	p = s.Panel()
	if p.Roll != roll(1, 2) || len(p.Allowed) != 2 || p.Allowed[0] != engine.Pawn || p.Allowed[1] != engine.Knight {
		t.Errorf("after 1-2: %+v", p)
	}
	if err := s.Roll(); !errors.Is(err, ErrNoRoll) {
		t.Errorf("second roll in a turn: %v", err)
	}
	click(t, s, "e2e4")
	mustRoll()
	click(t, s, "f7f6")
	mustRoll()
	click(t, s, "d1h5")
	if !s.Panel().Check {
		t.Errorf("Black not shown in check")
	}
	mustRoll() // 3-4: no bishop or rook move answers the check
	p = s.Panel()
	if p.PassNote != "No legal move for Black with 3-4, not even out of check: the turn passes (D3)." {
		t.Errorf("pass note %q", p.PassNote)
	}
	if s.Mover() != engine.White || !p.RollDue {
		t.Errorf("after the pass: mover %v, roll due %v", s.Mover(), p.RollDue)
	}
	if s.Checked() != engine.SquareBB(sq(t, "e8")) {
		t.Errorf("the king left in check is not marked: %v", s.Checked().Squares())
	}
	mustRoll() // 5-6: the queen takes the king
	s.Click(sq(t, "h5"))
	if s.Targets() != engine.SquareBB(sq(t, "e8")) {
		t.Errorf("targets of the queen: %v, want only the king", s.Targets().Squares())
	}
	if e := s.Click(sq(t, "e8")); e != Played {
		t.Fatalf("king capture: %v %q", e, s.Notice().Text)
	}
	p = s.Panel()
	if p.Banner != "White wins: king captured" || p.Rule != "D4" {
		t.Errorf("banner %q %q", p.Banner, p.Rule)
	}
	if got, want := s.Movetext(), "1. {roll 1-2} e4 {roll 1-2} f6 2. {roll 5-3} Qh5+ {roll 3-4} -- 3. {roll 5-6} Qh5xe8"; got != want {
		t.Errorf("movetext %q, want %q", got, want)
	}
	rows := s.Rows()
	if got := rows[1].Cells[1].Text(turn.Paired); got != "{roll 3-4} --" {
		t.Errorf("pass cell %q", got)
	}
}

func TestD6_UndoNeverRerolls(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice"}, scripted(roll(1, 2), roll(6, 6), roll(6, 6)))
	if err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	click(t, s, "e2e4")
	if !s.Undo() || s.Len() != 1 || s.State().Roll() != roll(1, 2) {
		t.Fatalf("undo the ply: len %d roll %v", s.Len(), s.State().Roll())
	}
	click(t, s, "d2d4") // another ply with the same roll
	s.Undo()
	s.Undo()
	if s.Len() != 0 || !s.RollDue() {
		t.Fatalf("undo the roll: len %d", s.Len())
	}
	if err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	if got := s.State().Roll(); got != roll(1, 2) {
		t.Errorf("roll after undo: %v, want the same 1-2", got)
	}
}

func TestD6_UndoTakesForcedPassWithItsRoll(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice"}, scripted(roll(3, 4)))
	if err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	if s.Len() != 2 || s.Mover() != engine.Black {
		t.Fatalf("3-4 at the start: %d actions, %v to move", s.Len(), s.Mover())
	}
	if !s.Undo() || s.Len() != 0 {
		t.Fatalf("undo: %d actions left, want 0 (the pass and its roll)", s.Len())
	}
	if !s.Redo() || s.Len() != 2 {
		t.Errorf("redo: %d actions, want 2", s.Len())
	}
}

func TestUndoRedo(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	clicks(t, s, "e2e4", "e7e5", "g1f3")
	first, second := s.Undo(), s.Undo()
	if !first || !second || s.Len() != 1 || !s.CanRedo() {
		t.Fatalf("after two undos: %d actions", s.Len())
	}
	click(t, s, "e7e5") // the same as the redo entry: the rest stays redoable
	if !s.CanRedo() {
		t.Errorf("redo lost after replaying the undone ply")
	}
	if !s.Redo() || s.Movetext() != "1.e4 e5 2.Nf3" {
		t.Errorf("redo: %q", s.Movetext())
	}
	s.Undo()
	click(t, s, "b1c3")
	if s.CanRedo() {
		t.Errorf("redo kept after a different ply")
	}
	if err := s.Resign(engine.Black); err != nil {
		t.Fatal(err)
	}
	if p := s.Panel(); p.Banner != "White wins: Black resigns" {
		t.Errorf("banner %q", p.Banner)
	}
	if !s.Undo() || s.Over() || s.Len() != 3 {
		t.Errorf("undo a resignation: over %v len %d", s.Over(), s.Len())
	}
}

func TestViewHistory(t *testing.T) {
	s := start(t, Config{Variant: "marseillais"})
	clicks(t, s, "e2e4", "e7e5", "b8c6")
	s.Back()
	if !s.Viewing() || s.Shown() != 2 || s.ShownState().Ply() != 1 {
		t.Errorf("back: viewing %v shown %d", s.Viewing(), s.Shown())
	}
	if got := s.Panel(); !got.Viewing || got.Progress != "ply 2 of 2" {
		t.Errorf("panel while viewing: %+v", got)
	}
	s.First()
	if s.Shown() != 0 || s.ShownState().Position().PieceAt(sq(t, "e2")) != engine.NewPiece(engine.White, engine.Pawn) {
		t.Errorf("first: shown %d", s.Shown())
	}
	s.Forward()
	if s.Shown() != 1 {
		t.Errorf("forward: shown %d", s.Shown())
	}
	if e := s.Click(sq(t, "e4")); e != WentLive || s.Viewing() {
		t.Errorf("click while viewing: %v", e)
	}
	s.ViewAt(1)
	s.Last()
	if s.Viewing() || s.Shown() != 3 {
		t.Errorf("last: shown %d", s.Shown())
	}
	s.ViewAt(99)
	if s.Viewing() {
		t.Errorf("view beyond the end is not live")
	}
}

func TestO1_PromotionPicker(t *testing.T) {
	s := start(t, Config{Variant: "orthodox", Start: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"})
	s.Click(sq(t, "e7"))
	if e := s.Click(sq(t, "e8")); e != Promoting {
		t.Fatalf("e7-e8: %v", e)
	}
	want := []engine.PieceType{engine.Queen, engine.Knight, engine.Rook, engine.Bishop}
	if got := s.Promotions(); len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Errorf("promotions %v", got)
	}
	if from, to, ok := s.Promoting(); !ok || from != sq(t, "e7") || to != sq(t, "e8") {
		t.Errorf("promoting %v %v %v", from, to, ok)
	}
	if e := s.Promote(engine.Knight); e != Played {
		t.Fatalf("promote: %v", e)
	}
	if got := s.State().Position().PieceAt(sq(t, "e8")); got != engine.NewPiece(engine.White, engine.Knight) {
		t.Errorf("e8 holds %v", got)
	}
	// A click while the picker is open cancels it.
	s2 := start(t, Config{Variant: "orthodox", Start: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"})
	s2.Click(sq(t, "e7"))
	s2.Drop(sq(t, "e7"), sq(t, "e8"))
	if e := s2.Click(sq(t, "a1")); e != Deselected || s2.Promotions() != nil || s2.Len() != 0 {
		t.Errorf("cancel: %v", e)
	}
}

func TestD5_RolledPromotionOffersOnlyRolledPieces(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice", Options: "promotion=rolled", Start: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"},
		scripted(roll(2, 4)))
	if err := s.Roll(); err != nil {
		t.Fatal(err)
	}
	if e := s.Drop(sq(t, "e7"), sq(t, "e8")); e != Promoting {
		t.Fatalf("drop: %v (%q)", e, s.Notice().Text)
	}
	got := s.Promotions()
	if len(got) != 2 || got[0] != engine.Knight || got[1] != engine.Rook {
		t.Errorf("promotions with 2-4: %v, want knight and rook", got)
	}
}

func TestDropMovesAndDropBackKeepsSelection(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	if e := s.Drop(sq(t, "e2"), sq(t, "e2")); e != Selected || s.Selected() != sq(t, "e2") {
		t.Errorf("drop back: %v", e)
	}
	if e := s.Drop(sq(t, "e2"), sq(t, "e4")); e != Played {
		t.Errorf("drop e2-e4: %v", e)
	}
	if e := s.Drop(sq(t, "e2"), sq(t, "e4")); e != Nothing {
		t.Errorf("drop from an empty square: %v", e)
	}
}

func TestComputerRequestLifecycle(t *testing.T) {
	s := start(t, Config{Variant: "orthodox", Seats: [2]Seat{{}, {Computer: true, Level: 3}}})
	if _, ok := s.Request(); ok {
		t.Fatalf("request while the person is to move")
	}
	click(t, s, "e2e4")
	if s.HumanToMove() || s.Click(sq(t, "e7")) != Nothing {
		t.Errorf("a person may move the computer's pieces")
	}
	req, ok := s.Request()
	if !ok || req.ID != 1 || req.Level != 3 || req.Record != s.Encode() {
		t.Fatalf("request %+v %v", req, ok)
	}
	if _, again := s.Request(); again {
		t.Errorf("a second request while one is pending")
	}
	if p := s.Panel(); p.Status != "Black to move (computer)" || !s.Thinking() {
		t.Errorf("panel while thinking: %q", p.Status)
	}
	if err := s.Answer(req.ID, []string{"e2e4"}); err == nil || s.Len() != 1 {
		t.Errorf("illegal answer accepted: %v", err)
	}
	req, _ = s.Request()
	if err := s.Answer(req.ID, []string{"e7e5"}); err != nil || s.Len() != 2 {
		t.Fatalf("answer: %v", err)
	}
	if err := s.Answer(req.ID, []string{"e7e5"}); !errors.Is(err, ErrStale) {
		t.Errorf("a second answer to the same request: %v", err)
	}
	// Undo takes back the computer's turn and the person's ply, and cancels a request.
	click(t, s, "g1f3")
	req, _ = s.Request()
	if !s.Undo() || s.Len() != 2 || s.Thinking() {
		t.Fatalf("undo while thinking: len %d thinking %v", s.Len(), s.Thinking())
	}
	if err := s.Answer(req.ID, []string{"b8c6"}); !errors.Is(err, ErrStale) {
		t.Errorf("answer after undo: %v", err)
	}
	if !s.Undo() || s.Len() != 0 {
		t.Errorf("undo against the computer: len %d, want 0", s.Len())
	}
}

func TestComputerRollsBeforeItsRequest(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice", Seats: [2]Seat{{Computer: true}, {}}}, scripted(roll(1, 1)))
	req, ok := s.Request()
	if !ok || s.Len() != 1 || s.State().Roll() != roll(1, 1) {
		t.Fatalf("request %+v %v, %d actions", req, ok, s.Len())
	}
	acts := RandomTurn(s.Variant(), s.State(), rand.New(rand.NewPCG(3, 4)))
	if len(acts) != 1 {
		t.Fatalf("random dice turn %v", acts)
	}
	if err := s.Answer(req.ID, acts); err != nil {
		t.Fatal(err)
	}
	if s.Mover() != engine.Black || !s.RollDue() {
		t.Errorf("after the computer's turn: %v to move", s.Mover())
	}
}

func TestP1_RandomTurnFillsASeries(t *testing.T) {
	s := start(t, Config{Variant: "progressive-scottish"})
	clicks(t, s, "e2e4", "e7e5", "d7d5")
	for seed := uint64(0); seed < 20; seed++ {
		acts := RandomTurn(s.Variant(), s.State(), rand.New(rand.NewPCG(seed, 9)))
		if len(acts) == 0 || len(acts) > 3 {
			t.Errorf("seed %d: %v", seed, acts)
		}
	}
}

func TestTimeControlText(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		text string
		bad  bool
	}{
		{"", TimeControl{}, "", false},
		{"5+3", TimeControl{5 * time.Minute, 3 * time.Second}, "5+3", false},
		{"0.5+0", TimeControl{30 * time.Second, 0}, "0.5+0", false},
		{"10", TimeControl{10 * time.Minute, 0}, "10+0", false},
		{"x+1", TimeControl{}, "", true},
		{"5+-1", TimeControl{}, "", true},
		{"0+5", TimeControl{}, "", true},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if (err != nil) != tt.bad || got != tt.want {
			t.Errorf("ParseTimeControl(%q) = %v, %v", tt.in, got, err)
		}
		if !tt.bad && got.String() != tt.text {
			t.Errorf("%q written %q, want %q", tt.in, got.String(), tt.text)
		}
	}
}

func TestFormatClock(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{5 * time.Minute, "5:00"},
		{61 * time.Second, "1:01"},
		{9*time.Second + 340*time.Millisecond, "0:09.3"},
		{-time.Second, "0:00.0"},
		{3723 * time.Second, "1:02:03"},
	}
	for _, tt := range tests {
		if got := FormatClock(tt.d); got != tt.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestLoadAndDecodeKeepTheGame(t *testing.T) {
	s := start(t, Config{Variant: "marseillais"})
	clicks(t, s, "e2e4", "e7e5", "b8c6")
	l, err := Load(s.Record(), [2]Seat{}, TimeControl{}, Env{})
	if err != nil || l.Movetext() != s.Movetext() {
		t.Fatalf("load: %v %q", err, l.Movetext())
	}
	d, err := Decode(s.Encode(), [2]Seat{}, TimeControl{}, Env{})
	if err != nil || d.Movetext() != s.Movetext() || d.Info().ID != "marseillais" {
		t.Fatalf("decode: %v", err)
	}
	if _, err := New(Config{Variant: "nec"}, Env{}); !errors.Is(err, ErrUnknownVariant) {
		t.Errorf("nec: %v", err)
	}
	if _, err := Decode("!!", [2]Seat{}, TimeControl{}, Env{}); err == nil {
		t.Errorf("bad record decoded")
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5+3", "", "0.5+0", "1e9+1", "+", "3+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.On() {
			back, err := ParseTimeControl(tc.String())
			if err != nil {
				t.Fatalf("%q written %q does not parse: %v", s, tc.String(), err)
			}
			if d := back.Initial - tc.Initial; d > time.Millisecond || d < -time.Millisecond || back.Increment != tc.Increment {
				t.Fatalf("%q: %v then %v", s, tc, back)
			}
		}
	})
}

func TestRowsFollowTheGame(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	clicks(t, s, "e2e4", "e7e5", "g1f3")
	if got := s.Rows()[0].Cells[0].Text(turn.Paired); got != "e4" {
		t.Fatalf("first ply %q", got)
	}
	s.Undo()
	s.Undo()
	s.Undo()
	clicks(t, s, "d2d4", "d7d5", "g1f3") // same length, same last ply, another game
	if got := s.Rows()[0].Cells[0].Text(turn.Paired); got != "d4" {
		t.Errorf("rows not recomputed: first ply %q", got)
	}
	if got := s.Movetext(); got != "1.d4 d5 2.Nf3" {
		t.Errorf("movetext %q", got)
	}
	s.ViewAt(1)
	if !s.Rows()[0].Cells[0].Current {
		t.Errorf("the cell of the position shown is not current")
	}
}

// TestFlagFallKeepsNoNegativeTime checks what a game ended by a fallen flag keeps of its
// clocks: the timer finds the flag a little after the time ran out, and the side whose flag
// fell has no time left, not a negative time (which the store refuses as damaged).
func TestFlagFallKeepsNoNegativeTime(t *testing.T) {
	for _, variant := range []string{"orthodox", "marseillais", "sdm", "progressive-italian", "progressive-scottish"} {
		t.Run(variant, func(t *testing.T) {
			ft := newFakeTime()
			tc := TimeControl{Initial: time.Minute}
			s := startEnv(t, Config{Variant: variant, Clock: tc}, Env{Now: ft.now})
			click(t, s, "e2e4") // Black's clock runs
			ft.wait(time.Minute + 16*time.Millisecond)
			s.Tick()
			if !s.Over() {
				t.Fatal("no flag fall")
			}
			left, ok := s.ClockTimes()
			if !ok {
				t.Fatal("no clock times after the flag fell")
			}
			for i, l := range left {
				if l < 0 {
					t.Errorf("side %d has %v left", i, l)
				}
			}
			if left[0] != 0 && left[1] != 0 {
				t.Errorf("times left %v: the flagged side should have none", left)
			}
		})
	}
}

// TestHintInTheMoveList: a hint used for a turn marks its cell, its text and the movetext.
func TestHintInTheMoveList(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	clicks(t, s, "e2e4")
	_ = s.Rows() // cached before the hint
	s.UseHint()
	clicks(t, s, "e7e5")
	cell := s.Rows()[0].Cells[1]
	if !cell.Hint || cell.Text(turn.Paired) != "{hint} e5" || s.Rows()[0].Cells[0].Hint {
		t.Errorf("cells %+v", s.Rows()[0].Cells)
	}
	if got := s.Movetext(); got != "1.e4 {hint} e5" {
		t.Errorf("movetext %q", got)
	}
}
