package nesting

import (
	"testing"

	"mos/internal/platform/dec"
)

func decPtr(s string) *dec.Decimal {
	d := dec.MustParse(s)
	return &d
}

// TestPlacementInsideItsPlateTurnsThePartsBoundingBox: a 4 × 6 part on a 48 × 96 plate, at
// its corner or its edges, upright and turned.
func TestPlacementInsideItsPlateTurnsThePartsBoundingBox(t *testing.T) {
	plate := Plate{Width: dec.MustParse("48"), Length: dec.MustParse("96")}
	part := Part{Width: dec.MustParse("4"), Length: dec.MustParse("6")}
	cases := []struct {
		name, x, y, rotation string
		inside               bool
	}{
		{"at the origin", "0", "0", "0", true},
		{"flush with the right edge", "44", "0", "0", true},
		{"flush with the top edge", "0", "90", "0", true},
		{"past the right edge", "44.001", "0", "0", false},
		{"below the plate", "0", "-0.5", "0", false},
		{"left of the plate", "-1", "0", "0", false},
		{"turned 90° at the right edge: 6 wide", "44", "0", "90", false},
		{"turned 90° flush with the right edge", "42", "0", "90", true},
		{"turned 180° is as upright", "44", "90", "180", true},
		{"turned 45° needs 7.07 by 7.07", "41", "0", "45", false},
		{"turned 45° with room", "40", "0", "45", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			at := Placement{Quantity: 1, X: decPtr(c.x), Y: decPtr(c.y), Rotation: dec.MustParse(c.rotation)}
			if got := inside(plate, part, at); got != c.inside {
				t.Fatalf("inside = %v, want %v", got, c.inside)
			}
		})
	}
}

// TestUtilisationRoundsToTwoDecimalsAndIsNilForNoArea.
func TestUtilisationRoundsToTwoDecimalsAndIsNilForNoArea(t *testing.T) {
	if u := utilisation(dec.MustParse("44"), dec.MustParse("4608")); u == nil || u.String() != "0.95" {
		t.Fatalf("44 of 4608 = %v, want 0.95", u)
	}
	if u := utilisation(dec.MustParse("1"), dec.MustParse("3")); u.String() != "33.33" {
		t.Fatalf("1 of 3 = %v, want 33.33", u)
	}
	if u := utilisation(dec.Zero, dec.Zero); u != nil {
		t.Fatalf("no plate area = %v, want nil", u)
	}
}
