package shippingmethods

import (
	"context"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// The rules every named lookup shares (name, description, archiving, list, usable check) are
// tested once in namedlookups; these tests cover what is a shipping method's own: the carrier.

func text(s string) *string { return &s }

func TestCarrierIsTrimmedOptionalAtMost200(t *testing.T) {
	t.Parallel()
	w, err := lookup.Normalize(Write{Name: "UPS Ground", Carrier: text("  UPS ")})
	if err != nil || w.Carrier == nil || *w.Carrier != "UPS" {
		t.Fatalf("trimmed %+v (%v)", w, err)
	}
	if w, err := lookup.Normalize(Write{Name: "Pickup", Carrier: text("  ")}); err != nil || w.Carrier != nil {
		t.Fatalf("blank carrier %+v (%v)", w, err)
	}
	if _, err := lookup.Normalize(Write{Name: "Long", Carrier: text(strings.Repeat("c", 200))}); err != nil {
		t.Fatalf("carrier of 200: %v", err)
	}
	_, err = lookup.Normalize(Write{Name: "Long", Carrier: text(strings.Repeat("c", 201))})
	if e, ok := apperr.As(err); !ok || len(e.Fields["carrier"]) == 0 {
		t.Fatalf("carrier of 201: %v, want 400 naming carrier", err)
	}
}

// TestCarrierIsStoredReadAndSorted proves the declaration: the carrier column is written,
// read back and sortable, and the database refuses an overlong one.
func TestCarrierIsStoredReadAndSorted(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantID := dbtest.Tenant(t, pool)
	svc := NewService(pool)
	ups, err := svc.Create(ctx, tenantID, Write{Name: "A ground", Carrier: text("UPS")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Create(ctx, tenantID, Write{Name: "B freight", Carrier: text("FedEx")}); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.Get(ctx, tenantID, ups); err != nil || got.Carrier == nil || *got.Carrier != "UPS" {
		t.Fatalf("read back %+v (%v)", got, err)
	}
	list, err := svc.List(ctx, tenantID, Filter{}, listing.Request{SortField: text("carrier")})
	if err != nil || len(list) != 2 || list[0].Name != "B freight" {
		t.Fatalf("by carrier %+v (%v)", list, err)
	}
	_, err = pool.ExecContext(ctx, `INSERT INTO shipping_methods (tenant_id, id, name, carrier) VALUES ($1, $2, 'Long', $3)`,
		tenantID, ids.New(), strings.Repeat("c", 201))
	if err == nil {
		t.Fatal("a carrier of 201 characters was stored")
	}
}
