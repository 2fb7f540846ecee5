package tenancy

import (
	"context"
	"fmt"
	"testing"

	"github.com/lib/pq"

	"mos/internal/dbtest"
	"mos/internal/platform/auth"
	"mos/internal/platform/db"
)

// TestDbtestTenantIsIndistinguishableFromCreateTenant keeps the SQL tenant fixture that
// every package's tests use (dbtest cannot call this service) from drifting away from
// CreateTenant: the tenants row, every row any table holds for the tenant (the seeded
// catalogues, and whatever a later change makes the service or a trigger create) and the
// principal a token of the tenant authenticates as are the same, ids and instants aside.
func TestDbtestTenantIsIndistinguishableFromCreateTenant(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	cases := []struct {
		name    string
		service NewTenant
		fixture []dbtest.TenantOption
	}{
		{"defaults", NewTenant{Name: "Acme"}, []dbtest.TenantOption{dbtest.WithName("Acme")}},
		{"timezone and currency", NewTenant{Name: "Tokyo", Timezone: "Asia/Tokyo", CurrencyCode: "JPY"},
			[]dbtest.TenantOption{dbtest.WithName("Tokyo"), dbtest.WithTimezone("Asia/Tokyo"), dbtest.WithCurrency("JPY")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			viaService, err := s.CreateTenant(ctx, c.service)
			if err != nil {
				t.Fatal(err)
			}
			viaFixture := dbtest.Tenant(t, s.pool, c.fixture...)

			tables := tenantTables(t, s.pool)
			if len(tables) < 10 {
				t.Fatalf("found only %d tenant tables %v; the catalogue query is wrong", len(tables), tables)
			}
			for _, tbl := range tables {
				want, got := tenantRows(t, s.pool, tbl, viaService), tenantRows(t, s.pool, tbl, viaFixture)
				if got != want {
					t.Errorf("%s: the fixture's tenant holds\n%s\nCreateTenant's holds\n%s", tbl.name, got, want)
				}
			}
			// The seeded catalogues are among those rows; make sure they were not both empty.
			for _, catalogue := range []string{"unit_types", "units_of_measure", "material_shapes"} {
				var n int
				if err := s.pool.GetContext(ctx, &n, fmt.Sprintf(`SELECT count(*) FROM %s WHERE tenant_id = $1`, catalogue), viaFixture); err != nil || n == 0 {
					t.Errorf("the fixture's tenant has %d %s (%v), want the seeded catalogue", n, catalogue, err)
				}
			}

			// What Authenticate reads: the tenant is ready (a token authenticates rather than
			// answering 503) with the same name, timezone and currency.
			want, got := principalOf(t, s, viaService), principalOf(t, s, viaFixture)
			if got.TenantName != want.TenantName || got.TenantTimezone != want.TenantTimezone || got.TenantCurrency != want.TenantCurrency {
				t.Fatalf("fixture tenant authenticates as %+v, CreateTenant's as %+v", got, want)
			}
		})
	}
}

// tenantTable is a table holding tenant data and the columns whose values differ between
// two equal tenants: ids (record ids, and references to them) and instants.
type tenantTable struct {
	name, key string
	volatile  pq.StringArray
}

// tenantTables lists the tenants table itself (keyed by id) and every table with a
// tenant_id column, from the catalogue, so a table added later is compared without
// anyone remembering to.
func tenantTables(t *testing.T, pool *db.Pool) []tenantTable {
	t.Helper()
	const q = `
SELECT c.table_name AS name,
       CASE WHEN c.table_name = 'tenants' THEN 'id' ELSE 'tenant_id' END AS key,
       array_agg(c.column_name::text ORDER BY c.column_name) FILTER (
           WHERE c.column_name = 'id' OR c.column_name LIKE '%\_id' OR c.data_type = 'timestamp with time zone'
       ) AS volatile
FROM information_schema.columns c
JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
  AND c.table_name IN (SELECT table_name FROM information_schema.columns
                       WHERE table_schema = current_schema() AND (column_name = 'tenant_id' OR table_name = 'tenants'))
GROUP BY c.table_name
ORDER BY c.table_name`
	rows, err := pool.QueryxContext(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var out []tenantTable
	for rows.Next() {
		var tbl tenantTable
		if err := rows.Scan(&tbl.name, &tbl.key, &tbl.volatile); err != nil {
			t.Fatal(err)
		}
		out = append(out, tbl)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// tenantRows returns the tenant's rows of tbl without their volatile columns, in a stable
// order, as one JSON array.
func tenantRows(t *testing.T, pool *db.Pool, tbl tenantTable, tenantID string) string {
	t.Helper()
	q := fmt.Sprintf(`
SELECT coalesce(jsonb_agg(r ORDER BY r::text), '[]')::text
FROM (SELECT to_jsonb(x) - $2::text[] AS r FROM %s x WHERE %s = $1) rows`,
		pq.QuoteIdentifier(tbl.name), pq.QuoteIdentifier(tbl.key))
	var out string
	if err := pool.GetContext(context.Background(), &out, q, tenantID, tbl.volatile); err != nil {
		t.Fatalf("%s: %v", tbl.name, err)
	}
	return out
}

// principalOf authenticates a new integration token of the tenant.
func principalOf(t *testing.T, s *Service, tenantID string) auth.Principal {
	t.Helper()
	tok, err := s.IssueToken(context.Background(), NewToken{TenantID: tenantID})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Authenticate(context.Background(), tok.Secret)
	if err != nil {
		t.Fatalf("token of tenant %s: %v", tenantID, err)
	}
	return p
}
