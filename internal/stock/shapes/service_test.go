package shapes

import (
	"context"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
)

func newService(t *testing.T) (*Service, string) {
	t.Helper()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	return NewService(pool), tenantID
}

// seeded returns the tenant's seeded shape named name.
func seeded(t *testing.T, s *Service, tenantID, name string) Shape {
	t.Helper()
	shapes, err := s.List(context.Background(), tenantID, Filter{Name: &name}, listing.Request{})
	if err != nil || len(shapes) != 1 {
		t.Fatalf("seeded shape %q: %v %v", name, shapes, err)
	}
	return shapes[0]
}

func toWrite(s Shape) Write {
	return Write{Name: s.Name, MaterialName: s.MaterialName, Type: s.Type, Thickness: s.Thickness, Dimensions: s.Dimensions,
		DimensionUnits: s.DimensionUnits, LinearDensity: s.LinearDensity, PlanarDensity: s.PlanarDensity, IsActivated: s.IsActivated}
}

func TestActivatedReturnsOnlyLiveActivatedShapes(t *testing.T) {
	t.Parallel()
	s, tenantID := newService(t)
	ctx := context.Background()
	plate := seeded(t, s, tenantID, "A36 Steel Plate 1/4 in")
	bar := seeded(t, s, tenantID, "A36 Steel Round Bar 1 in")

	var got Shape
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		var err error
		got, err = s.Activated(ctx, q, tenantID, plate.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != plate.ID || !got.IsPlanar() || got.IsLinear() || got.DensityUnits() != "lb/in²" || !got.Thickness.Equal(dec.MustParse("0.25").Decimal) || !got.PlanarDensity.Equal(dec.MustParse("0.0709").Decimal) {
		t.Fatalf("Activated = %+v", got)
	}
	if got, err := s.Activated(ctx, s.pool, tenantID, bar.ID); err != nil || !got.IsLinear() || got.IsPlanar() || got.DensityUnits() != "lb/in" {
		t.Fatalf("Activated(bar) = %+v, %v", got, err)
	}

	// Deactivated: a 400 naming materialShapeId; activated again, usable again.
	w := toWrite(bar)
	w.IsActivated = false
	if _, err := s.Update(ctx, tenantID, bar.ID, w); err != nil {
		t.Fatal(err)
	}
	_, err = s.Activated(ctx, s.pool, tenantID, bar.ID)
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.KindInvalid || len(e.Fields["materialShapeId"]) == 0 {
		t.Fatalf("deactivated shape: %v, want a 400 naming materialShapeId", err)
	}
	w.IsActivated = true
	if _, err := s.Update(ctx, tenantID, bar.ID, w); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Activated(ctx, s.pool, tenantID, bar.ID); err != nil {
		t.Fatalf("reactivated shape: %v", err)
	}

	// Missing, another tenant's, or deleted: 404.
	otherTenant := dbtest.Tenant(t, s.pool)
	if _, err := s.pool.ExecContext(ctx, `UPDATE material_shapes SET deleted = true WHERE tenant_id = $1 AND id = $2`, tenantID, plate.ID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tenant, id string }{
		{tenantID, "000000000000000000000000"},
		{otherTenant, bar.ID},
		{tenantID, plate.ID},
	} {
		if _, err := s.Activated(ctx, s.pool, c.tenant, c.id); !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("Activated(%s, %s): %v, want NotFound", c.tenant, c.id, err)
		}
	}
}

func TestFormFollowsShapeType(t *testing.T) {
	t.Parallel()
	for typ, planar := range map[Type]bool{
		Sheet: true, Plate: true, TreadPlate: true,
		Bar: false, Tube: false, Pipe: false, Beam: false, Angle: false, Channel: false,
	} {
		s := Shape{Type: typ, DimensionUnits: Millimeter}
		if s.IsPlanar() != planar || s.IsLinear() == planar {
			t.Errorf("%s: planar %t, linear %t", typ, s.IsPlanar(), s.IsLinear())
		}
		want := map[bool]string{true: "kg/m²", false: "kg/m"}[planar]
		if got := s.DensityUnits(); got != want {
			t.Errorf("%s in millimeters: density units %s, want %s", typ, got, want)
		}
	}
	// An unknown type has no form (normalize refuses it as shapeType).
	if s := (Shape{Type: "rod"}); s.IsPlanar() || s.IsLinear() {
		t.Errorf("unknown type has a form")
	}
}
