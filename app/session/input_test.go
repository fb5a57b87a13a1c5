package session

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestMoveBoxPlaysSANAndUCI: the move box plays what a player types in SAN or UCI, forgiving
// case, check signs, "0-0" and a missing "=", and asks for the promotion piece when none was
// typed.
func TestMoveBoxPlaysSANAndUCI(t *testing.T) {
	promo := "4k3/P7/8/8/8/8/8/4K2R w K - 0 40"
	tests := []struct {
		name, variant, fen string
		before             []string // UCI plies clicked first
		text               string
		want               Effect
		played             string // the UCI of the last ply after it, when played
	}{
		{"pawn SAN", "orthodox", "", nil, "e4", Played, "e2e4"},
		{"knight SAN", "orthodox", "", nil, "Nf3", Played, "g1f3"},
		{"knight in lower case", "orthodox", "", nil, "nc3", Played, "b1c3"},
		{"UCI", "orthodox", "", nil, "g1f3", Played, "g1f3"},
		{"long algebraic with a dash", "orthodox", "", nil, "Ng1-f3", Played, "g1f3"},
		{"pawn in long algebraic", "orthodox", "", nil, "e2-e4", Played, "e2e4"},
		{"long SAN", "orthodox", "", nil, "Ng1f3", Played, "g1f3"},
		{"capture with x", "orthodox", "", []string{"e2e4", "d7d5"}, "exd5", Played, "e4d5"},
		{"capture without x", "orthodox", "", []string{"e2e4", "d7d5"}, "ed5", Played, "e4d5"},
		{"check sign ignored", "orthodox", "", []string{"e2e4", "f7f6"}, "Qh5+", Played, "d1h5"},
		{"castling O-O", "orthodox", promo, nil, "O-O", Played, "e1g1"},
		{"castling 0-0", "orthodox", promo, nil, "0-0", Played, "e1g1"},
		{"promotion with =", "orthodox", promo, nil, "a8=Q", Played, "a7a8q"},
		{"promotion without =", "orthodox", promo, nil, "a8N", Played, "a7a8n"},
		{"promotion in UCI", "orthodox", promo, nil, "a7a8r", Played, "a7a8r"},
		{"promotion piece asked for", "orthodox", promo, nil, "a8", Promoting, ""},
		{"M1: the second ply of a Marseillais turn", "marseillais", "", []string{"e2e4", "e7e5"}, "d5", Played, "d7d5"},
		{"P1: the third ply of a progressive series", "progressive-italian", "", []string{"e2e4", "e7e5", "d7d5"}, "Nf3", Played, "g1f3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, Config{Variant: tt.variant, Start: tt.fen})
			clicks(t, s, tt.before...)
			got, err := s.Enter(tt.text)
			if got != tt.want {
				t.Fatalf("Enter(%q) = %v (%v), want %v", tt.text, got, err, tt.want)
			}
			if tt.want == Played && err != nil {
				t.Fatalf("Enter(%q): %v", tt.text, err)
			}
			if tt.played != "" {
				a, ok := s.LastAction()
				if !ok || a.Move.UCI() != tt.played {
					t.Errorf("Enter(%q) played %v, want %s", tt.text, a, tt.played)
				}
			}
		})
	}
}

// TestMoveBoxSaysWhy: an entry that cannot be played is refused with words that say why: the
// candidates of an ambiguous move, a text that is not a move, a move no piece can make, and
// the variant's rule (the same notice a click gets).
func TestMoveBoxSaysWhy(t *testing.T) {
	twoKnights := "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 30"
	tests := []struct {
		name, variant, fen string
		env                Env
		before             []string
		text               string
		is                 error
		says               []string
	}{
		{"ambiguous knight move names both", "orthodox", twoKnights, Env{}, nil, "Nd2", ErrAmbiguous, []string{"Nbd2", "Nfd2"}},
		{"not a move at all", "orthodox", "", Env{}, nil, "hello", ErrUnknownEntry, []string{"hello"}},
		{"empty", "orthodox", "", Env{}, nil, "  ", ErrUnknownEntry, []string{"type a move"}},
		{"no piece can go there", "orthodox", "", Env{}, nil, "Ke5", nil, []string{"Ke5 is not a legal move here"}},
		{"D1: the roll does not allow a knight", "dice", "", scripted(roll(1, 3)), []string{}, "Nf3", nil, []string{"D1"}},
		{"no token to spend in orthodox chess", "orthodox", "", Env{}, nil, "spend", nil, []string{"no Sacrifice Token"}},
		{"no roll outside dice chess", "orthodox", "", Env{}, nil, "roll", nil, []string{"no roll now"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := startEnv(t, Config{Variant: tt.variant, Start: tt.fen}, tt.env)
			if tt.variant == "dice" {
				if err := s.Roll(); err != nil {
					t.Fatal(err)
				}
			}
			clicks(t, s, tt.before...)
			got, err := s.Enter(tt.text)
			if got == Played || err == nil {
				t.Fatalf("Enter(%q) = %v, %v: want a refusal", tt.text, got, err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("Enter(%q): %v, want %v", tt.text, err, tt.is)
			}
			for _, w := range tt.says {
				if !strings.Contains(err.Error()+" "+s.Notice().Rule, w) {
					t.Errorf("Enter(%q): %q (rule %q) does not say %q", tt.text, err, s.Notice().Rule, w)
				}
			}
			if n := len(s.Game().Actions()); tt.variant != "dice" && n != len(tt.before) {
				t.Errorf("a refused entry changed the game: %d actions", n)
			}
		})
	}
}

// TestMoveBoxActionWords: "roll" rolls the dice (D1) and "spend" turns the Sacrifice Token
// on (S2), alone or with the ply ("Nf3 spend", "e2e4+spend").
func TestMoveBoxActionWords(t *testing.T) {
	s := startEnv(t, Config{Variant: "dice"}, scripted(roll(1, 2)))
	if e, err := s.Enter("roll"); e != Played || err != nil {
		t.Fatalf("roll: %v %v", e, err)
	}
	if r := s.Game().State().Roll(); r != roll(1, 2) {
		t.Fatalf("rolled %v, want 1-2", r)
	}
	if e, err := s.Enter("Nf3"); e != Played || err != nil {
		t.Fatalf("Nf3 after 1-2: %v %v", e, err)
	}

	for _, text := range []string{"Nf3 spend", "spend Nf3", "g1f3+spend"} {
		s := start(t, Config{Variant: "sdm"})
		if e, err := s.Enter(text); e != Played || err != nil {
			t.Fatalf("%s: %v %v", text, e, err)
		}
		if a, _ := s.LastAction(); !a.Spend {
			t.Errorf("%s: the token was not spent (%v)", text, a)
		}
	}
	s = start(t, Config{Variant: "sdm"})
	if e, err := s.Enter("spend"); e != Selected || err != nil || !s.Spending() {
		t.Fatalf("spend: %v %v (spending %v)", e, err, s.Spending())
	}
	if e, err := s.Enter("e4"); e != Played || err != nil {
		t.Fatalf("e4 with the toggle on: %v %v", e, err)
	}
	if a, _ := s.LastAction(); !a.Spend {
		t.Errorf("e4 after spend: no token spent")
	}
}

// TestMoveBoxCompletion: the completion lists the legal entries that begin with what was
// typed, and the entries hold every legal ply once.
func TestMoveBoxCompletion(t *testing.T) {
	s := start(t, Config{Variant: "orthodox"})
	if n := len(s.Entries()); n != 20 {
		t.Errorf("%d entries at the start, want 20: %v", n, s.Entries())
	}
	if got, want := s.Complete("N", 0), []string{"Na3", "Nc3", "Nf3", "Nh3"}; !slices.Equal(got, want) {
		t.Errorf("Complete(N) = %v, want %v", got, want)
	}
	if got := s.Complete("e", 1); len(got) != 1 || !strings.HasPrefix(got[0], "e") {
		t.Errorf("Complete(e, 1) = %v", got)
	}
	if got := s.Complete("", 0); got != nil {
		t.Errorf("Complete of nothing = %v", got)
	}
	sdm := start(t, Config{Variant: "sdm"})
	if es := sdm.Entries(); !slices.Contains(es, "spend") || !slices.Contains(es, "Nf3 spend") {
		t.Errorf("SDM entries lack the spends: %v", es)
	}
	d := startEnv(t, Config{Variant: "dice"}, scripted(roll(1, 2)))
	if es := d.Entries(); !slices.Equal(es, []string{"roll"}) {
		t.Errorf("dice entries before the roll = %v, want [roll]", es)
	}
	over := start(t, Config{Variant: "orthodox", Start: "7k/6Q1/6K1/8/8/8/8/8 b - - 0 60"})
	if es := over.Entries(); es != nil {
		t.Errorf("entries after the game = %v", es)
	}
}

// TestSpokenSAN: plies in words for the screen-reader mode.
func TestSpokenSAN(t *testing.T) {
	for _, tt := range []struct{ san, want string }{
		{"e4", "pawn e4"},
		{"Nf3", "knight f3"},
		{"Nxf3+", "knight takes f3, check"},
		{"exd5", "pawn e takes d5"},
		{"Nbd2", "knight b d2"},
		{"O-O", "castles kingside"},
		{"O-O-O#", "castles queenside, checkmate"},
		{"e8=Q#", "pawn e8, promotes to queen, checkmate"},
		{"--", "passes"},
		{"3-5", "rolls 3 and 5"},
		{"??", "??"},
	} {
		if got := SpokenSAN(tt.san); got != tt.want {
			t.Errorf("SpokenSAN(%q) = %q, want %q", tt.san, got, tt.want)
		}
	}
}

// TestAnnouncement: after each ply the screen reader hears the ply and the turn's state, in
// multi-ply turns with the ply's place in the turn (M1).
func TestAnnouncement(t *testing.T) {
	s := start(t, Config{Variant: "marseillais"})
	if got, want := s.Announcement(), "White to move."; got != want {
		t.Errorf("at the start: %q, want %q", got, want)
	}
	clicks(t, s, "e2e4")
	if got, want := s.Announcement(), "White: pawn e4. Black to move, ply 1 of 2."; got != want {
		t.Errorf("after e4: %q, want %q", got, want)
	}
	clicks(t, s, "e7e5")
	if got, want := s.Announcement(), "Black: pawn e5. Black to move, ply 2 of 2."; got != want {
		t.Errorf("after e5: %q, want %q", got, want)
	}
	o := start(t, Config{Variant: "orthodox", Start: "7k/8/6K1/8/8/8/8/1Q6 w - - 0 60"})
	clicks(t, o, "b1b8")
	if got := o.Announcement(); !strings.HasPrefix(got, "White: queen b8, checkmate. White wins") {
		t.Errorf("after mate: %q", got)
	}
}
