package engine_test

import (
	"testing"

	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/engine/enginetest"
)

// TestO2_InsufficientMaterialTable checks Position.InsufficientMaterial on the positions of
// testdata/insufficient-material.txt, which variants/orthodox's outcome test reads too.
func TestO2_InsufficientMaterialTable(t *testing.T) {
	for _, tc := range enginetest.InsufficientMaterial(t, "testdata/insufficient-material.txt") {
		p, err := engine.ParseFEN(tc.FEN)
		if err != nil {
			t.Fatalf("%s: %v", tc.FEN, err)
		}
		if got := p.InsufficientMaterial(); got != tc.Draw {
			t.Errorf("%s: InsufficientMaterial = %v, want %v", tc.FEN, got, tc.Draw)
		}
	}
}
