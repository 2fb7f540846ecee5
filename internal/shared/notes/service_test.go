package notes

import (
	"context"
	"strings"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// TestOwnerKindsAnswerByRegistration: a kind declared but not registered answers 404 naming
// its member; registering it (one line at wiring) makes its documents take notes, checked
// in the note's transaction.
func TestOwnerKindsAnswerByRegistration(t *testing.T) {
	t.Parallel()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	ctx := context.Background()
	owners := NewOwners()
	svc := NewService(pool, owners)
	// A real quote: a note's document is held by a foreign key; the registered check decides.
	quote, customer := ids.New(), ids.New()
	if _, err := pool.ExecContext(ctx, `INSERT INTO customers (tenant_id, id, name, currency_code) VALUES ($1, $2, 'Noted', 'USD')`,
		tenantID, customer); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ExecContext(ctx, `INSERT INTO quotes (tenant_id, id, number, customer_id, currency_code, expiration_date)
		VALUES ($1, $2, 1, $3, 'USD', '2026-12-24')`, tenantID, quote, customer); err != nil {
		t.Fatal(err)
	}

	_, err := svc.Create(ctx, tenantID, "", Create{Text: "Early", Documents: Documents{QuoteID: &quote}})
	if !apperr.IsKind(err, apperr.KindNotFound) || !strings.Contains(err.Error(), "quoteId") {
		t.Fatalf("unregistered kind: %v", err)
	}

	var checked []string
	owners.Register(Quote, func(_ context.Context, q db.Q, tenant, id string) (bool, error) {
		if _, inTx := q.(*db.Pool); inTx {
			t.Error("the existence check runs outside the note's transaction")
		}
		checked = append(checked, tenant+"/"+id)
		return id == quote, nil
	})
	id, err := svc.Create(ctx, tenantID, "", Create{Text: " Registered ", Documents: Documents{QuoteID: &quote}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := svc.Get(ctx, tenantID, id)
	if err != nil || n.QuoteID == nil || *n.QuoteID != quote || n.Text != "Registered" || n.CreatedBy != nil || n.SalesOrderID != nil {
		t.Errorf("note %+v, %v", n, err)
	}
	other := ids.New()
	if _, err := svc.Create(ctx, tenantID, "", Create{Text: "Missing", Documents: Documents{QuoteID: &other}}); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("a document the kind does not have: %v", err)
	}
	if len(checked) != 2 || checked[0] != tenantID+"/"+quote {
		t.Errorf("checks %v", checked)
	}
	page, err := svc.List(ctx, tenantID, Filter{QuoteIDs: []string{quote}}, listing.Request{})
	if err != nil || page.TotalCount != 1 || page.Rows[0].ID != id {
		t.Errorf("list %+v, %v", page, err)
	}
	if _, err := svc.Get(ctx, ids.New(), id); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Errorf("another tenant's note: %v", err)
	}
}

// TestKindsNameTheirMembers: every kind names its member and column.
func TestKindsNameTheirMembers(t *testing.T) {
	want := map[Kind][2]string{SalesOrder: {"salesOrderId", "sales_order_id"}, PurchaseOrder: {"purchaseOrderId", "purchase_order_id"},
		Quote: {"quoteId", "quote_id"}, Invoice: {"invoiceId", "invoice_id"}}
	for _, k := range Kinds {
		if got := [2]string{k.Field(), k.column()}; got != want[k] || k.noun() == "" {
			t.Errorf("%s: %v", k, got)
		}
	}
}
