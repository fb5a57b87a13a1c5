package nec

import "testing"

// N1/NEC-D30: start layouts for 2 to 8 players: sixteen pieces each, nothing attacked, pawns
// facing the centre with their forward square free, colours in order.
func TestNEC_D30_Setup(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, fairy := range []bool{false, true} {
			s, err := Setup(Options{Players: n, Fairy: fairy, Limits: Limits{ScoreLimit: 50}})
			if err != nil {
				t.Fatal(err)
			}
			if s.NumPieces() != 16*n || len(s.Threats()) != 0 || s.Limits().ScoreLimit != 50 {
				t.Errorf("%d players: %d pieces, threats %v", n, s.NumPieces(), s.Threats())
			}
			kinds := map[Kind]int{}
			for _, p := range s.Pieces() {
				if len(s.At(p.Sq)) != 1 {
					t.Errorf("%d players: %v shared", n, p.Sq)
				}
				kinds[p.Kind]++
				if p.Kind != Pawn {
					continue
				}
				dx, dy := s.Player(p.Owner).Dir.Vec()
				fwd := p.Sq.add(dx, dy)
				if len(s.At(fwd)) != 0 {
					t.Errorf("%d players: pawn on %v blocked", n, p.Sq)
				}
				if abs(fwd.X)+abs(fwd.Y) >= abs(p.Sq.X)+abs(p.Sq.Y) {
					t.Errorf("%d players: pawn on %v does not face the centre", n, p.Sq)
				}
			}
			if kinds[Pawn] != 8*n || fairy && kinds[TimeThief] != n || !fairy && kinds[Guard] != n {
				t.Errorf("%d players: kinds %v", n, kinds)
			}
			for i := 0; i < n; i++ {
				if s.Player(i).Name != Colours[i] || !s.Alive(i) {
					t.Errorf("player %d: %+v", i, s.Player(i))
				}
			}
			if s.End().Over {
				t.Errorf("%d players: over at the start", n)
			}
		}
	}
	if _, err := Setup(Options{Players: 1}); err == nil {
		t.Error("1 player accepted")
	}
	if _, err := Setup(Options{Players: 9}); err == nil {
		t.Error("9 players accepted")
	}
}
