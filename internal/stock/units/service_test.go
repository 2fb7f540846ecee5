package units

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

func newService(t *testing.T) (*Service, string) {
	t.Helper()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	return NewService(pool), tenantID
}

// mustField fails unless err is a 400 naming exactly field.
func mustField(t *testing.T, err error, field string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid || len(e.Fields[field]) == 0 {
		t.Fatalf("error %v, want a 400 naming %s", err, field)
	}
}

func TestResolveMatchesTypeCaseInsensitivelyAndUnitExactly(t *testing.T) {
	t.Parallel()
	s, tenantID := newService(t)
	ctx := context.Background()
	for _, c := range []struct{ typeName, unitName string }{
		{"Length", "Foot"},
		{"length", "Foot"},
		{"  LENGTH ", " Foot  "},
	} {
		u, err := s.Resolve(ctx, s.pool, tenantID, c.typeName, c.unitName)
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", c.typeName, c.unitName, err)
		}
		if u.Name != "Foot" || u.TypeName != "Length" || u.IsBase || u.Factor == nil || !u.Factor.Decimal().Equal(dec.MustParse("0.3048").Decimal) {
			t.Fatalf("Resolve(%q, %q) = %+v", c.typeName, c.unitName, u)
		}
	}
	for _, c := range []struct{ typeName, unitName, field string }{
		{"Lengths", "Foot", "unitTypeName"},
		{"", "Foot", "unitTypeName"},
		{"Length", "foot", "unitOfMeasureName"}, // case-sensitive
		{"Length", "Kilogram", "unitOfMeasureName"},
		{"Length", "", "unitOfMeasureName"},
	} {
		_, err := s.Resolve(ctx, s.pool, tenantID, c.typeName, c.unitName)
		mustField(t, err, c.field)
	}
	// Another tenant's id does not resolve this tenant's catalogue.
	_, err := s.Resolve(ctx, s.pool, "000000000000000000000000", "Length", "Foot")
	mustField(t, err, "unitTypeName")
}

func TestConvertWithinTypeIsExact(t *testing.T) {
	t.Parallel()
	s, tenantID := newService(t)
	ctx := context.Background()
	unit := func(typeName, name string) Unit {
		u, err := s.Resolve(ctx, s.pool, tenantID, typeName, name)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	cases := []struct {
		qty      string
		from, to Unit
		want     string
	}{
		{"12", unit("Length", "Inch"), unit("Length", "Foot"), "1"},
		{"1", unit("Length", "Foot"), unit("Length", "Inch"), "12"},
		{"1", unit("Length", "Inch"), unit("Length", "Millimeter"), "25.4"},
		{"2.5", unit("Length", "Meter"), unit("Length", "Millimeter"), "2500"},
		{"1", unit("Weight", "Pound"), unit("Weight", "Gram"), "453.59237"},
		{"1", unit("Weight", "Pound"), unit("Weight", "Kilogram"), "0.45359237"},
		{"1", unit("Volume", "Gallon"), unit("Volume", "Liter"), "3.785411784"},
		{"1", unit("Area", "Square Foot"), unit("Area", "Square Meter"), "0.09290304"},
		{"90", unit("Time", "Minute"), unit("Time", "Hour"), "1.5"},
		{"60", unit("Time", "Minute"), unit("Time", "Hour"), "1"},
		{"1.25", unit("Time", "Hour"), unit("Time", "Minute"), "75"},
		{"3", unit("Pieces", "Dozen"), unit("Pieces", "Each"), "36"},
		{"7", unit("Pieces", "Box"), unit("Pieces", "Box"), "7"},
		// 1 minute in hours does not terminate: rounded to MaxFractionDigits places.
		{"1", unit("Time", "Minute"), unit("Time", "Hour"), "0.01666666666666666667"},
	}
	for _, c := range cases {
		got, err := Convert(dec.MustParse(c.qty), c.from, c.to)
		if err != nil {
			t.Fatalf("%s %s → %s: %v", c.qty, c.from.Name, c.to.Name, err)
		}
		if !got.Equal(dec.MustParse(c.want).Decimal) {
			t.Errorf("%s %s → %s = %s, want %s", c.qty, c.from.Name, c.to.Name, got, c.want)
		}
	}
	// Across types, and to or from a unit without a fixed conversion: 400.
	for _, c := range []struct{ from, to Unit }{
		{unit("Length", "Foot"), unit("Weight", "Pound")},
		{unit("Pieces", "Box"), unit("Pieces", "Each")},
		{unit("Pieces", "Each"), unit("Pieces", "Box")},
	} {
		_, err := Convert(dec.FromInt(1), c.from, c.to)
		mustField(t, err, "unitOfMeasureName")
	}
}

func TestUnitNotOfTheTypeNamesTheTypesUnits(t *testing.T) {
	t.Parallel()
	s, tenantID := newService(t)
	ctx := context.Background()
	cases := []struct{ typeName, unitName, want string }{
		{"Pieces", "Foot", `unit "Foot" is not a unit of Pieces; units of Pieces: Box, Dozen, Each`},
		{"pieces", "each", `unit "each" is not a unit of Pieces; units of Pieces: Box, Dozen, Each`},
		{"Length", "", `unit "" is not a unit of Length; units of Length: Foot, Inch, Meter, Millimeter`},
	}
	for _, c := range cases {
		_, err := s.Resolve(ctx, s.pool, tenantID, c.typeName, c.unitName)
		e, ok := apperr.As(err)
		if !ok || len(e.Fields["unitOfMeasureName"]) != 1 || e.Fields["unitOfMeasureName"][0] != c.want {
			t.Errorf("Resolve(%q, %q): %v, want unitOfMeasureName: %q", c.typeName, c.unitName, err, c.want)
		}
	}
	// The one message, whoever holds the type's units and in whatever order.
	if got := NotOfType("Foot", "Pieces", []string{"Each", "Dozen", "Box"}); got != cases[0].want {
		t.Fatalf("NotOfType = %q", got)
	}
	catalogue, err := s.ByID(ctx, s.pool, tenantID)
	if err != nil {
		t.Fatal(err)
	}
	var pieces string
	for _, u := range catalogue {
		if u.TypeName == "Pieces" {
			pieces = u.TypeID
		}
	}
	if got := NotOfType("Foot", "Pieces", NamesOfType(catalogue, pieces)); got != cases[0].want {
		t.Fatalf("NotOfType with NamesOfType = %q", got)
	}
}
