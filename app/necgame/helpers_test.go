package necgame

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/plyground/plyground/variants/nec"
)

// build makes a two-player state from pieces written "colour Letter (x,y)"; white's pawns go
// north, black's south.
func build(t testing.TB, pieces ...string) nec.State {
	t.Helper()
	players := []nec.Player{{Name: "white", Dir: nec.North}, {Name: "black", Dir: nec.South}}
	var ps []nec.Piece
	for _, p := range pieces {
		f := strings.Fields(p)
		if len(f) != 3 {
			t.Fatalf("bad piece %q", p)
		}
		owner := map[string]int{"white": 0, "black": 1}[f[0]]
		kind := nec.NoKind
		for k := nec.Pawn; k <= nec.TimeThief; k++ {
			if k.Letter() == f[1] {
				kind = k
			}
		}
		ps = append(ps, nec.Piece{Owner: owner, Kind: kind, Sq: sq(t, f[2])})
	}
	s, err := nec.NewState(players, ps, nec.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sq(t testing.TB, text string) nec.Square {
	t.Helper()
	var x, y int64
	if _, err := fmt.Sscanf(text, "(%d,%d)", &x, &y); err != nil {
		t.Fatalf("bad square %q: %v", text, err)
	}
	return nec.Sq(x, y)
}

// people returns n seats of people.
func people(n int) []Seat { return make([]Seat, n) }

// movesIn collects every nec.Move reachable from v, following pointers, slices, maps,
// interfaces and struct fields (unexported ones included), so that a test can prove a value
// holds no trace of some order.
func movesIn(v any) []nec.Move {
	var out []nec.Move
	seen := map[uintptr]bool{}
	moveType := reflect.TypeOf(nec.Move{})
	var walk func(r reflect.Value)
	walk = func(r reflect.Value) {
		switch r.Kind() {
		case reflect.Pointer:
			if r.IsNil() || seen[r.Pointer()] {
				return
			}
			seen[r.Pointer()] = true
			walk(r.Elem())
		case reflect.Interface:
			if !r.IsNil() {
				walk(r.Elem())
			}
		case reflect.Struct:
			if r.Type() == moveType {
				from, to := r.Field(0), r.Field(1)
				out = append(out, nec.Move{
					From:    nec.Sq(from.Field(0).Int(), from.Field(1).Int()),
					To:      nec.Sq(to.Field(0).Int(), to.Field(1).Int()),
					Capture: r.Field(2).Bool(),
				})
				return
			}
			for i := 0; i < r.NumField(); i++ {
				walk(r.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < r.Len(); i++ {
				walk(r.Index(i))
			}
		case reflect.Map:
			it := r.MapRange()
			for it.Next() {
				walk(it.Key())
				walk(it.Value())
			}
		}
	}
	walk(reflect.ValueOf(v))
	return out
}
