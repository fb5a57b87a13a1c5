package session

import (
	"errors"
	"testing"

	"github.com/plyground/plyground/variants/turn"
)

// TestDrawOfferAnsweredFromTheComputersEvaluation: the computer accepts a draw only when its
// last judgement has it DrawMargin behind or mated; before it has judged, and when level or
// better, it plays on; between two people there is no one to offer it to.
func TestDrawOfferAnsweredFromTheComputersEvaluation(t *testing.T) {
	tests := []struct {
		name   string
		eval   *Eval
		accept bool
	}{
		{name: "not judged yet: declines"},
		{name: "ahead: declines", eval: &Eval{Score: 300}},
		{name: "level: declines", eval: &Eval{Score: 0}},
		{name: "just short of the margin: declines", eval: &Eval{Score: -DrawMargin + 1}},
		{name: "behind by the margin: accepts", eval: &Eval{Score: -DrawMargin}, accept: true},
		{name: "mated: accepts", eval: &Eval{Score: -30000, Mate: true}, accept: true},
		{name: "mating: declines", eval: &Eval{Score: 30000, Mate: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, Config{Variant: "orthodox", Seats: [2]Seat{{}, {Computer: true, Level: 1}}})
			click(t, s, "e2e4")
			if tt.eval != nil {
				s.NoteEval(tt.eval.Score, tt.eval.Mate)
			}
			got, err := s.OfferDraw()
			if err != nil || got != tt.accept {
				t.Fatalf("OfferDraw() = %v, %v; want %v", got, err, tt.accept)
			}
			if o := s.Outcome(); (o.Reason == turn.Agreement) != tt.accept {
				t.Errorf("outcome %v after the answer %v", o, got)
			}
			if r, _ := s.End(); tt.accept && r.Reason != "The computer accepted the draw." {
				t.Errorf("reason %q", r.Reason)
			}
		})
	}
	s := start(t, Config{Variant: "orthodox"})
	if _, err := s.OfferDraw(); !errors.Is(err, ErrNoComputer) {
		t.Errorf("a draw offer between two people: %v", err)
	}
}

// TestDrawOfferForgetsATakenBackJudgement: after a take back the computer's judgement of the
// position taken back no longer answers a draw offer.
func TestDrawOfferForgetsATakenBackJudgement(t *testing.T) {
	s := start(t, Config{Variant: "orthodox", Seats: [2]Seat{{}, {Computer: true, Level: 1}}})
	click(t, s, "e2e4")
	s.NoteEval(-900, false)
	s.Undo()
	click(t, s, "d2d4")
	if ok, err := s.OfferDraw(); ok || err != nil {
		t.Errorf("OfferDraw after a take back = %v, %v; want a refusal", ok, err)
	}
}

// TestO2_RepetitionsShownAsTheyHappen counts the times the live position has come up, up to
// the third, which draws (then 0: the game is over); progressive chess has no repetition
// (P7).
func TestO2_RepetitionsShownAsTheyHappen(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	want := []int{1, 1, 1, 2, 2, 2, 2, 0}
	for i, p := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"} {
		click(t, s, p)
		if got := s.Repetitions(); got != want[i] {
			t.Errorf("after ply %d (%s): %d repetitions, want %d", i+1, p, got, want[i])
		}
	}
	if o := s.Outcome(); o.Reason != turn.Repetition {
		t.Errorf("outcome %v", o)
	}
	p := start(t, Config{Variant: "progressive-scottish"})
	if got := p.Repetitions(); got != 0 {
		t.Errorf("progressive chess: %d repetitions", got)
	}
}
