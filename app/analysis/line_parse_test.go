package analysis

import "testing"

// M1, M6: a Marseillais line read ply by ply, the turn's second ply from the state after the
// first; a text that is not legal there ends the line.
func TestM6_ParseLine(t *testing.T) {
	g := game(t, "marseillais", "", "1.e4 e5,Nc6")
	tests := []struct {
		name  string
		texts []string
		want  int
	}{
		{"a whole turn", []string{"b1c3", "g1f3"}, 2},
		{"stops at an illegal ply", []string{"b1c3", "e7e5", "g1f3"}, 1},
		{"an unreadable first text", []string{"zz"}, 0},
		{"empty", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			acts, states := ParseLine(g.Variant(), g.State(), tt.texts)
			if len(acts) != tt.want || len(states) != tt.want {
				t.Fatalf("%d actions, %d states; want %d", len(acts), len(states), tt.want)
			}
			for i, a := range acts {
				if a.String() != tt.texts[i] {
					t.Errorf("action %d = %s, want %s", i, a, tt.texts[i])
				}
			}
			if tt.want == 2 && states[1].Mover() == states[0].Mover() {
				t.Error("the turn did not pass to Black after White's two plies")
			}
		})
	}
}
