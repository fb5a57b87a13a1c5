package session

import (
	"errors"
	"testing"
	"time"

	"github.com/plyground/plyground/engine"
)

// vsComputer starts a game of variant where the computer plays Black, plays the person's
// plies and returns the computer's request.
func vsComputer(t *testing.T, variant string, env Env, tc TimeControl, plies ...string) (*Session, Request) {
	t.Helper()
	s := startEnv(t, Config{Variant: variant, Seats: [2]Seat{{}, {Computer: true, Level: 1}}, Clock: tc}, env)
	clicks(t, s, plies...)
	req, ok := s.Request()
	if !ok {
		t.Fatalf("no request after %v", plies)
	}
	return s, req
}

// TestM1_ReplyShowsEveryPlyOfTheComputersTurn: the computer's two Marseillais plies are
// checked whole, then played one at a time; in between, the move list, the highlights and
// the position show the first ply only, the person may not move and no new request is made.
func TestM1_ReplyShowsEveryPlyOfTheComputersTurn(t *testing.T) {
	s, req := vsComputer(t, "marseillais", Env{}, TimeControl{}, "e2e4")
	r, err := s.AnswerStepwise(req.ID, []string{"e7e5", "b8c6"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 1 || r.Len() != 2 || r.Left() != 2 || !s.Thinking() {
		t.Fatalf("before the first step: %d actions, reply %d/%d, thinking %v", s.Len(), r.Left(), r.Len(), s.Thinking())
	}
	more, err := r.Step()
	if err != nil || !more {
		t.Fatalf("first step: more %v, %v", more, err)
	}
	if got := s.Movetext(); got != "1.e4 e5" {
		t.Errorf("move list after the first ply: %q", got)
	}
	if got := s.LastPlies(); len(got) != 2 || got[0] != [2]engine.Square{sq(t, "e7"), sq(t, "e5")} {
		t.Errorf("highlights after the first ply: %v", got)
	}
	if pc := s.State().Position().PieceAt(sq(t, "e5")); pc != engine.NewPiece(engine.Black, engine.Pawn) {
		t.Errorf("e5 holds %v after the first ply", pc)
	}
	if s.HumanToMove() || s.Click(sq(t, "d2")) != Nothing {
		t.Errorf("the person may move in the middle of the computer's turn")
	}
	if !s.Thinking() || r.Left() != 1 {
		t.Errorf("mid-reply: thinking %v, %d left", s.Thinking(), r.Left())
	}
	if _, ok := s.Request(); ok {
		t.Errorf("a new request while the reply is played out")
	}
	more, err = r.Step()
	if err != nil || more {
		t.Fatalf("last step: more %v, %v", more, err)
	}
	if got := s.Movetext(); got != "1.e4 e5,Nc6" {
		t.Errorf("move list after the turn: %q", got)
	}
	if s.Thinking() || !s.HumanToMove() || r.Left() != 0 {
		t.Errorf("after the reply: thinking %v, person to move %v, %d left", s.Thinking(), s.HumanToMove(), r.Left())
	}
	if more, err := r.Step(); more || err != nil || s.Len() != 3 {
		t.Errorf("a step after the end: more %v, %v, %d actions", more, err, s.Len())
	}
	clicks(t, s, "g1f3", "f1c4")
	if _, ok := s.Request(); !ok {
		t.Errorf("no request for the computer's next turn")
	}
}

// TestP1_ReplyPlaysAWholeSeries: a progressive series of two plies is played out step by
// step, its plies highlighted as they come.
func TestP1_ReplyPlaysAWholeSeries(t *testing.T) {
	s, req := vsComputer(t, "progressive-italian", Env{}, TimeControl{}, "e2e4")
	r, err := s.AnswerStepwise(req.ID, []string{"d7d5", "d5e4"})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		movetext string
		lit      [][2]string // the plies highlighted: the series in progress, then the one before
	}{
		{"1.e4 2.d5", [][2]string{{"d7", "d5"}, {"e2", "e4"}}},
		{"1.e4 2.d5 dxe4", [][2]string{{"d5", "e4"}, {"d7", "d5"}}},
	}
	for i, want := range steps {
		more, err := r.Step()
		if err != nil || more != (i < len(steps)-1) {
			t.Fatalf("step %d: more %v, %v", i+1, more, err)
		}
		if got := s.Movetext(); got != want.movetext {
			t.Errorf("step %d: move list %q, want %q", i+1, got, want.movetext)
		}
		got := s.LastPlies()
		if len(got) != len(want.lit) {
			t.Fatalf("step %d: highlights %v, want %v", i+1, got, want.lit)
		}
		for j, w := range want.lit {
			if got[j] != [2]engine.Square{sq(t, w[0]), sq(t, w[1])} {
				t.Errorf("step %d: highlight %d is %v, want %v", i+1, j, got[j], w)
			}
		}
	}
}

// TestO1_BadReplyPlaysNothing: an answer is legal as a whole or not at all; a refused one
// leaves the game as it was and ends the request.
func TestO1_BadReplyPlaysNothing(t *testing.T) {
	tests := []struct {
		name    string
		variant string
		actions []string
	}{
		{"no action", "marseillais", nil},
		{"first ply illegal", "marseillais", []string{"e7e4", "b8c6"}},
		{"second ply illegal", "marseillais", []string{"e7e5", "e5e4"}},
		{"ply after the turn ended", "orthodox", []string{"e7e5", "b8c6"}},
		{"white's ply in black's turn", "marseillais", []string{"e7e5", "d2d4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, req := vsComputer(t, tt.variant, Env{}, TimeControl{}, "e2e4")
			before := s.Encode()
			r, err := s.AnswerStepwise(req.ID, tt.actions)
			if err == nil || r != nil {
				t.Fatalf("answer %v accepted", tt.actions)
			}
			if errors.Is(err, ErrStale) {
				t.Errorf("refused as stale: %v", err)
			}
			if s.Encode() != before || s.Len() != 1 || s.Thinking() {
				t.Errorf("after the refusal: %d actions, thinking %v", s.Len(), s.Thinking())
			}
		})
	}
}

// TestReplyStopsWhenTheGameChanges: a take back, a resignation, a flag fall or a
// cancellation in the middle of a reply make the rest of it stale: nothing more is played.
func TestReplyStopsWhenTheGameChanges(t *testing.T) {
	tests := []struct {
		name      string
		interrupt func(*Session, *fakeTime) bool
		len       int    // actions after the interruption
		movetext  string // move list after the interruption
		over      bool
	}{
		{"take back", func(s *Session, _ *fakeTime) bool { return s.Undo() }, 0, "", false},
		{"resignation", func(s *Session, _ *fakeTime) bool { return s.Resign(engine.White) == nil }, 2, "1.e4 e5", true},
		{"flag fall", func(s *Session, ft *fakeTime) bool { ft.wait(2 * time.Minute); return s.Tick() }, 2, "1.e4 e5", true},
		{"cancel (leaving the page)", func(s *Session, _ *fakeTime) bool { s.Cancel(); return true }, 2, "1.e4 e5", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ft := newFakeTime()
			s, req := vsComputer(t, "marseillais", Env{Now: ft.now}, TimeControl{Initial: time.Minute}, "e2e4")
			r, err := s.AnswerStepwise(req.ID, []string{"e7e5", "b8c6"})
			if err != nil {
				t.Fatal(err)
			}
			if more, err := r.Step(); !more || err != nil {
				t.Fatalf("first step: more %v, %v", more, err)
			}
			if !tt.interrupt(s, ft) {
				t.Fatalf("the interruption did nothing")
			}
			if more, err := r.Step(); more || !errors.Is(err, ErrStale) {
				t.Errorf("step after the interruption: more %v, %v, want ErrStale", more, err)
			}
			if s.Len() != tt.len || s.Movetext() != tt.movetext || s.Over() != tt.over || s.Thinking() {
				t.Errorf("after: %d actions %q over %v thinking %v, want %d %q over %v",
					s.Len(), s.Movetext(), s.Over(), s.Thinking(), tt.len, tt.movetext, tt.over)
			}
		})
	}
}

// TestReplyStaleAfterANewRequest: the reply to a cancelled request stays stale after a new
// request, even when the new request bears on the same position.
func TestReplyStaleAfterANewRequest(t *testing.T) {
	s, req := vsComputer(t, "marseillais", Env{}, TimeControl{}, "e2e4")
	old, err := s.AnswerStepwise(req.ID, []string{"e7e5", "b8c6"})
	if err != nil {
		t.Fatal(err)
	}
	s.Cancel()
	req2, ok := s.Request()
	if !ok || req2.ID == req.ID {
		t.Fatalf("new request %+v %v", req2, ok)
	}
	if _, err := old.Step(); !errors.Is(err, ErrStale) || s.Len() != 1 {
		t.Errorf("the old reply played: %v, %d actions", err, s.Len())
	}
	if _, err := s.AnswerStepwise(req.ID, []string{"e7e5", "b8c6"}); !errors.Is(err, ErrStale) {
		t.Errorf("answer to the old request: %v", err)
	}
	if err := s.Answer(req2.ID, []string{"d7d5", "d5e4"}); err != nil || s.Movetext() != "1.e4 d5,dxe4" {
		t.Errorf("answer to the new request: %v, %q", err, s.Movetext())
	}
}

// TestS7_ReplyKeepsTheComputersClockRunning: while the computer's turn is shown ply by
// ply, the computer's clock runs; the person's starts with the last ply.
func TestS7_ReplyKeepsTheComputersClockRunning(t *testing.T) {
	ft := newFakeTime()
	s, req := vsComputer(t, "marseillais", Env{Now: ft.now}, TimeControl{Initial: time.Minute}, "e2e4")
	ft.wait(time.Second) // the computer thinks
	r, err := s.AnswerStepwise(req.ID, []string{"e7e5", "b8c6"})
	if err != nil {
		t.Fatal(err)
	}
	r.Step()
	ft.wait(300 * time.Millisecond) // the pause between the plies shown
	if c, ok := s.ClockRunning(); !ok || c != engine.Black {
		t.Errorf("mid-reply the clock of %v runs (%v), want Black's", c, ok)
	}
	r.Step()
	if c, ok := s.ClockRunning(); !ok || c != engine.White {
		t.Errorf("after the reply the clock of %v runs (%v), want White's", c, ok)
	}
	if got, want := s.ClockLeft(engine.Black), time.Minute-1300*time.Millisecond; got != want {
		t.Errorf("Black's clock %v, want %v", got, want)
	}
	if got := s.ClockLeft(engine.White); got != time.Minute {
		t.Errorf("White's clock %v, want a full minute", got)
	}
}
