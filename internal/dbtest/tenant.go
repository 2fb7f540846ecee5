package dbtest

import (
	"testing"
	"time"

	"mos/internal/platform/currency"
	platformdb "mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// tenantFixture is the row a test tenant gets. The defaults are the tenancy service's
// (a tenant created without a timezone or currency is UTC and USD), so a test that does
// not care reads the same settings a real new tenant has.
type tenantFixture struct {
	name, timezone, currency string
}

// TenantOption sets one attribute of the tenant Tenant creates.
type TenantOption func(*tenantFixture)

// WithName names the tenant; without it the name is "Tenant <id>".
func WithName(name string) TenantOption { return func(f *tenantFixture) { f.name = name } }

// WithTimezone sets the tenant's IANA time zone (default UTC).
func WithTimezone(tz string) TenantOption { return func(f *tenantFixture) { f.timezone = tz } }

// WithCurrency sets the tenant's primary currency, an ISO 4217 code (default USD).
func WithCurrency(code string) TenantOption { return func(f *tenantFixture) { f.currency = code } }

// insertTenantSQL writes the same row the tenancy service does. Everything else a new
// tenant has (the units-of-measure and material-shape catalogues) is seeded by triggers on
// this insert, whatever writes it; tenancy's tests prove the result matches the service's.
const insertTenantSQL = `
INSERT INTO tenants (id, name, timezone, currency_code, status) VALUES ($1, $2, $3, $4, 'ready')`

// Tenant creates a ready tenant in pool, as the tenancy service would leave it, and returns
// its id. dbtest cannot use the service itself: tenancy's own tests import dbtest.
func Tenant(t testing.TB, pool *platformdb.Pool, opts ...TenantOption) string {
	t.Helper()
	id := ids.New()
	f := tenantFixture{name: "Tenant " + id, timezone: "UTC", currency: "USD"}
	for _, o := range opts {
		o(&f)
	}
	// The service refuses these; a mistyped option would otherwise surface far from here,
	// in whatever reads the tenant's settings.
	if _, err := time.LoadLocation(f.timezone); err != nil || f.timezone == "Local" {
		t.Fatalf("test tenant timezone %q is not an IANA time zone", f.timezone)
	}
	if !currency.Valid(f.currency) {
		t.Fatalf("test tenant currency %q is not an ISO 4217 code", f.currency)
	}
	if _, err := pool.ExecContext(t.Context(), insertTenantSQL, id, f.name, f.timezone, f.currency); err != nil {
		t.Fatalf("create test tenant: %v", err)
	}
	return id
}

// NewWithTenant is New followed by Tenant: a fresh database holding one ready tenant.
// It returns the pool, the database URL and the tenant id.
func NewWithTenant(t testing.TB, opts ...TenantOption) (*platformdb.Pool, string, string) {
	t.Helper()
	pool, dbURL := New(t)
	return pool, dbURL, Tenant(t, pool, opts...)
}
