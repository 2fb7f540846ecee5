package customers

import (
	"context"
	"sync"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// subRecordFixture is a database with one tenant and a way to add customers to it directly
// (these tests are about addresses and contacts, not the customer service).
type subRecordFixture struct {
	pool     *db.Pool
	tenantID string
}

func newSubRecordFixture(t *testing.T) subRecordFixture {
	t.Helper()
	pool, _, tenantID := dbtest.NewWithTenant(t)
	return subRecordFixture{pool: pool, tenantID: tenantID}
}

// service is the customers service, whose addresses and contacts these tests use.
func (f subRecordFixture) service() *Service { return newCustomerService(f.pool) }

func (f subRecordFixture) addCustomer(t *testing.T, deleted bool) string {
	t.Helper()
	id := ids.New()
	_, err := f.pool.ExecContext(context.Background(),
		`INSERT INTO customers (tenant_id, id, name, currency_code, deleted, modified_utc)
		 VALUES ($1, $2, $3, 'USD', $4, now() - interval '1 hour')`, f.tenantID, id, "Customer "+id, deleted)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (f subRecordFixture) customerModified(t *testing.T, customerID string) time.Time {
	t.Helper()
	var m time.Time
	if err := f.pool.GetContext(context.Background(), &m,
		`SELECT modified_utc FROM customers WHERE tenant_id = $1 AND id = $2`, f.tenantID, customerID); err != nil {
		t.Fatal(err)
	}
	return m
}

func dockAddress() AddressWrite {
	return AddressWrite{Address1: "400 Canal St", City: "Dayton", PostalCode: "45402"}
}

func TestAddressWritesAdvanceCustomerModifiedOnlyWhenSomethingChanged(t *testing.T) {
	t.Parallel()
	f := newSubRecordFixture(t)
	ctx := context.Background()
	svc := f.service()
	customerID := f.addCustomer(t, false)

	before := f.customerModified(t, customerID)
	id, err := svc.CreateAddress(ctx, f.tenantID, customerID, dockAddress())
	if err != nil {
		t.Fatal(err)
	}
	afterCreate := f.customerModified(t, customerID)
	if !afterCreate.After(before) {
		t.Fatalf("create did not advance modified_utc: %v then %v", before, afterCreate)
	}

	// An invalid write and a delete of a missing address change nothing, so the customer's
	// modified time stays put.
	if _, err := svc.UpdateAddress(ctx, f.tenantID, customerID, id, AddressWrite{Address1: " "}); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Fatalf("invalid update: want 400, got %v", err)
	}
	if deleted, err := svc.DeleteAddress(ctx, f.tenantID, customerID, ids.NewSub()); err != nil || deleted {
		t.Fatalf("delete of a missing address: %v, %v", deleted, err)
	}
	if _, err := svc.UpdateAddress(ctx, f.tenantID, customerID, ids.NewSub(), dockAddress()); !apperr.IsKind(err, apperr.KindNotFound) {
		t.Fatalf("update of a missing address: want 404, got %v", err)
	}
	if got := f.customerModified(t, customerID); !got.Equal(afterCreate) {
		t.Fatalf("a write that saved nothing moved modified_utc from %v to %v", afterCreate, got)
	}

	if deleted, err := svc.DeleteAddress(ctx, f.tenantID, customerID, id); err != nil || !deleted {
		t.Fatalf("delete: %v, %v", deleted, err)
	}
	if got := f.customerModified(t, customerID); !got.After(afterCreate) {
		t.Fatalf("delete did not advance modified_utc")
	}
}

func TestSubRecordsOfDeletedCustomerAreReadableButNotWritable(t *testing.T) {
	t.Parallel()
	f := newSubRecordFixture(t)
	ctx := context.Background()
	svc := f.service()
	customerID := f.addCustomer(t, false)
	addressID, err := svc.CreateAddress(ctx, f.tenantID, customerID, dockAddress())
	if err != nil {
		t.Fatal(err)
	}
	contactID, err := svc.CreateContact(ctx, f.tenantID, customerID, ContactWrite{FirstName: "Dana"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.ExecContext(ctx, `UPDATE customers SET deleted = true WHERE id = $1`, customerID); err != nil {
		t.Fatal(err)
	}

	if _, err := svc.Address(ctx, f.tenantID, customerID, addressID); err != nil {
		t.Fatalf("get address of a deleted customer: %v", err)
	}
	if list, err := svc.Contacts(ctx, f.tenantID, customerID, listing.Request{}); err != nil || len(list) != 1 {
		t.Fatalf("list contacts of a deleted customer: %v, %v", list, err)
	}
	notFound := func(what string, err error) {
		t.Helper()
		if !apperr.IsKind(err, apperr.KindNotFound) {
			t.Errorf("%s on a deleted customer: want 404, got %v", what, err)
		}
	}
	_, err = svc.CreateAddress(ctx, f.tenantID, customerID, dockAddress())
	notFound("create address", err)
	_, err = svc.UpdateAddress(ctx, f.tenantID, customerID, addressID, dockAddress())
	notFound("update address", err)
	_, err = svc.DeleteAddress(ctx, f.tenantID, customerID, addressID)
	notFound("delete address", err)
	_, err = svc.UpdateContact(ctx, f.tenantID, customerID, contactID, ContactWrite{FirstName: "D"})
	notFound("update contact", err)
	_, err = svc.DeleteContact(ctx, f.tenantID, customerID, contactID)
	notFound("delete contact", err)
}

// TestConcurrentPrimaryMarksLeaveOneOfEach: many writes each marking a different address
// primary at the same time must leave exactly one billing and one shipping address.
func TestConcurrentPrimaryMarksLeaveOneOfEach(t *testing.T) {
	t.Parallel()
	f := newSubRecordFixture(t)
	ctx := context.Background()
	svc := f.service()
	customerID := f.addCustomer(t, false)
	const n = 12
	existing := make([]string, n)
	for i := range existing {
		id, err := svc.CreateAddress(ctx, f.tenantID, customerID, dockAddress())
		if err != nil {
			t.Fatal(err)
		}
		existing[i] = id
	}
	marked := dockAddress()
	marked.PrimaryBilling, marked.PrimaryShipping = true, true
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(2)
		go func() {
			defer wg.Done()
			if _, err := svc.UpdateAddress(ctx, f.tenantID, customerID, existing[i], marked); err != nil {
				t.Error(err)
			}
		}()
		go func() {
			defer wg.Done()
			if _, err := svc.CreateAddress(ctx, f.tenantID, customerID, marked); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	var billing, shipping int
	if err := f.pool.QueryRowxContext(ctx,
		`SELECT count(*) FILTER (WHERE primary_billing), count(*) FILTER (WHERE primary_shipping)
		 FROM customer_addresses WHERE tenant_id = $1 AND customer_id = $2`, f.tenantID, customerID).Scan(&billing, &shipping); err != nil {
		t.Fatal(err)
	}
	if billing != 1 || shipping != 1 {
		t.Fatalf("%d billing and %d shipping addresses, want 1 of each", billing, shipping)
	}
}
