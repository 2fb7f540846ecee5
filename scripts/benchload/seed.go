package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/lib/pq"
)

// What seeding writes. Ids are made from a counter, so the load generator knows every
// seeded id without reading them back, and consecutive rows sit side by side in the
// primary keys (a million rows insert in order, not at random places of the index).
//
// Customer n (from 1) has id customerID(n), name "Customer 000000n", code "C000000n", one
// address and one contact; every filterEvery-th customer's name also holds filterWord,
// which the filtered list looks for. Item n has id itemID(n), two vendor details with
// three purchase price breaks each and three sales price breaks.
const (
	filterWord  = "Zircon"
	filterEvery = 1000
	// seedBatch is how many customers one INSERT writes.
	seedBatch = 250_000
	// createdNamePrefix starts the names of the customers the create scenario makes, which
	// are deleted after it so that every scenario sees the seeded table.
	createdNamePrefix = "zz bench "
)

func customerID(n int) string { return fmt.Sprintf("%024x", n) }

func itemID(n int) string { return fmt.Sprintf("dd%022x", n) }

// fixture is the seeded tenant and how many records it has.
type fixture struct {
	tenantID, token string
	customers       int // ids customerID(1) to customerID(customers)
	items           int // ids itemID(1) to itemID(items)
}

// setupTenant migrates the database and creates a tenant and an integration token through
// the mos binary's own subcommands, as an operator would.
func setupTenant(ctx context.Context, mos, databaseURL string) (tenantID, token string, err error) {
	run := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, mos, args...)
		cmd.Env = append(cmd.Environ(), "DATABASE_URL="+databaseURL)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return "", fmt.Errorf("mos %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return strings.TrimSpace(stdout.String()), nil
	}
	if _, err := run("migrate", "up"); err != nil {
		return "", "", err
	}
	if tenantID, err = run("tenant", "create", "--name", "Load benchmark"); err != nil {
		return "", "", err
	}
	if token, err = run("token", "create", "--tenant", tenantID); err != nil {
		return "", "", err
	}
	return tenantID, token, nil
}

// insertCustomersSQL writes customers $2 to $3 of tenant $1 in the shape the API stores
// them: the tenant's currency, no custom fields, every tenth with an external reference
// (every member present, as the API stores one), every third with notes.
const insertCustomersSQL = `
INSERT INTO customers (tenant_id, id, name, customer_code, currency_code, credit_limit, url, is_taxable,
       external_references, notes, created_utc, modified_utc)
SELECT $1, lpad(to_hex(n), 24, '0'),
       'Customer ' || lpad(n::text, 9, '0') || CASE WHEN n % $4::bigint = 7 THEN ' ' || $5::text ELSE '' END,
       'C' || lpad(n::text, 9, '0'),
       'USD', (n % 50) * 1000, 'https://customer' || n || '.example.com', n % 2 = 0,
       CASE WHEN n % 10 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'customer',
           'externalId', n::text, 'displayId', NULL, 'status', NULL, 'url', NULL, 'modifiedUtc', NULL,
           'lastSyncedUtc', NULL)) ELSE '{}' END,
       CASE WHEN n % 3 = 0 THEN 'Seeded for the load benchmark' END,
       now() - make_interval(secs => n), now() - make_interval(secs => n)
FROM generate_series($2::bigint, $3::bigint) AS n`

// insertAddressesSQL gives customers $2 to $3 one address, their primary billing and
// shipping address.
const insertAddressesSQL = `
INSERT INTO customer_addresses (tenant_id, customer_id, id, name, address1, city, state_province, postal_code,
       country, primary_billing, primary_shipping)
SELECT $1, lpad(to_hex(n), 24, '0'), '00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'),
       'Head office', n || ' Industrial Way', 'Springfield', 'OH', lpad((n % 100000)::text, 5, '0'), 'US', true, true
FROM generate_series($2::bigint, $3::bigint) AS n`

// insertContactsSQL gives customers $2 to $3 one contact.
const insertContactsSQL = `
INSERT INTO customer_contacts (tenant_id, customer_id, id, first_name, last_name, position, email)
SELECT $1, lpad(to_hex(n), 24, '0'), '00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'),
       'Pat', 'Buyer ' || n, 'Purchasing', 'buyer' || n || '@customer' || n || '.example.com'
FROM generate_series($2::bigint, $3::bigint) AS n`

// customerTables are the tables seedCustomers loads.
var customerTables = []string{"customers", "customer_addresses", "customer_contacts"}

// secondaryIndexesSQL lists the indexes of tables $1 that no constraint uses (not the
// primary keys, nor what a foreign key refers to), with their definitions.
const secondaryIndexesSQL = `
SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
FROM pg_index i
WHERE i.indrelid = ANY ($1::text[]::regclass[])
  AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
ORDER BY 1`

// seedCustomers adds customers from+1 to to (with their address and contact) in one
// transaction, the way bulk loads are made fast: the secondary indexes are dropped first
// and built again from their own definitions after the rows are in (a sort, where
// inserting a million entries one by one takes several times as long), and a superuser
// session skips the foreign-key triggers, whose checks the rows pass by construction.
// Anything failing rolls all of it back, indexes included.
func seedCustomers(ctx context.Context, db *sql.DB, tenantID string, from, to int, progress func(done int)) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var superuser string
	if err := tx.QueryRowContext(ctx, `SELECT current_setting('is_superuser')`).Scan(&superuser); err != nil {
		return fmt.Errorf("insert customers: %w", err)
	}
	settings := []string{`SET LOCAL maintenance_work_mem = '256MB'`}
	if superuser == "on" {
		settings = append(settings, `SET LOCAL session_replication_role = replica`)
	}
	for _, q := range settings {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("insert customers: %w", err)
		}
	}
	names, defs, err := secondaryIndexes(ctx, tx)
	if err != nil {
		return err
	}
	if len(names) > 0 {
		if _, err := tx.ExecContext(ctx, "DROP INDEX "+strings.Join(names, ", ")); err != nil {
			return fmt.Errorf("insert customers: %w", err)
		}
	}
	for lo := from + 1; lo <= to; lo += seedBatch {
		hi := min(lo+seedBatch-1, to)
		for _, q := range []string{insertCustomersSQL, insertAddressesSQL, insertContactsSQL} {
			args := []any{tenantID, lo, hi}
			if q == insertCustomersSQL {
				args = append(args, filterEvery, filterWord)
			}
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				return fmt.Errorf("insert customers %d to %d: %w", lo, hi, err)
			}
		}
		if progress != nil {
			progress(hi)
		}
	}
	for _, def := range defs {
		if _, err := tx.ExecContext(ctx, def); err != nil {
			return fmt.Errorf("insert customers: rebuild index: %w", err)
		}
	}
	return tx.Commit()
}

// queryer is a pool or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// secondaryIndexes are the names and definitions of customerTables' secondary indexes.
func secondaryIndexes(ctx context.Context, q queryer) (names, defs []string, err error) {
	rows, err := q.QueryContext(ctx, secondaryIndexesSQL, pq.StringArray(customerTables))
	if err != nil {
		return nil, nil, fmt.Errorf("insert customers: list indexes: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return nil, nil, err
		}
		names, defs = append(names, name), append(defs, def)
	}
	return names, defs, rows.Err()
}

// The items' SQL: twenty vendors; items $2 of tenant $1 in the tenant's "Each" unit (the
// catalogue every new tenant gets) with consecutive bar codes, and the counter the next
// created item's bar code continues from; two vendor details per item (the first primary)
// with three purchase price breaks each; three list-price sales breaks per item.
const (
	insertVendorsSQL = `
INSERT INTO vendors (tenant_id, id, name, currency_code)
SELECT $1, 'ee' || lpad(to_hex(n), 22, '0'), 'Vendor ' || n, 'USD' FROM generate_series(1, 20) AS n`

	insertItemsSQL = `
INSERT INTO items (tenant_id, id, number, description, item_origin, unit_of_measure_id, is_sellable, weight,
       bar_code_number, created_utc, modified_utc)
SELECT $1, 'dd' || lpad(to_hex(n), 22, '0'), 'ITEM-' || lpad(n::text, 7, '0'), 'Seeded item ' || n, 'buy',
       u.id, true, (n % 40) + 0.5, lpad(n::text, 8, '0'), now() - make_interval(secs => n), now() - make_interval(secs => n)
FROM generate_series(1, $2::bigint) AS n,
     (SELECT id FROM units_of_measure WHERE tenant_id = $1 AND name = 'Each') AS u`

	insertBarCodeCounterSQL = `
INSERT INTO item_bar_code_counters (tenant_id, last) VALUES ($1, $2)
ON CONFLICT (tenant_id) DO UPDATE SET last = EXCLUDED.last`

	insertVendorDetailsSQL = `
INSERT INTO item_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, price, is_primary,
       lead_time_in_days, unit_of_measure_id, unit_quantity, inventory_unit_quantity)
SELECT $1, '00000000-0000-4000-a000-' || lpad(to_hex(n * 2 + k), 12, '0'), 'dd' || lpad(to_hex(n), 22, '0'),
       'ee' || lpad(to_hex((n + k * 7) % 20 + 1), 22, '0'), 'V-' || n || '-' || k, 10 + n % 90, k = 0, 5 + k * 5,
       u.id, 1, 1
FROM generate_series(1, $2::bigint) AS n, generate_series(0, 1) AS k,
     (SELECT id FROM units_of_measure WHERE tenant_id = $1 AND name = 'Each') AS u`

	insertPurchaseBreaksSQL = `
INSERT INTO item_vendor_price_breaks (tenant_id, vendor_detail_id, quantity, price, currency_code)
SELECT d.tenant_id, d.id, q.quantity, d.price * q.factor, 'USD'
FROM item_vendor_details d, (VALUES (1, 1.0), (10, 0.9), (100, 0.8)) AS q (quantity, factor)
WHERE d.tenant_id = $1`

	insertSalesBreaksSQL = `
INSERT INTO item_sales_price_breaks (tenant_id, id, item_id, quantity, type, price, currency_code, unit_of_measure_id)
SELECT $1, '00000000-0000-4000-b000-' || lpad(to_hex(n * 3 + q.k), 12, '0'), 'dd' || lpad(to_hex(n), 22, '0'),
       q.quantity, 'price', (20 + n % 90) * q.factor, 'USD', u.id
FROM generate_series(1, $2::bigint) AS n, (VALUES (0, 1, 1.0), (1, 10, 0.9), (2, 100, 0.8)) AS q (k, quantity, factor),
     (SELECT id FROM units_of_measure WHERE tenant_id = $1 AND name = 'Each') AS u`
)

// seedItems adds n items with their vendor details and price breaks (once per run).
func seedItems(ctx context.Context, db *sql.DB, tenantID string, n int) error {
	steps := []struct {
		query string
		args  []any
	}{
		{insertVendorsSQL, []any{tenantID}},
		{insertItemsSQL, []any{tenantID, n}},
		{insertBarCodeCounterSQL, []any{tenantID, n}},
		{insertVendorDetailsSQL, []any{tenantID, n}},
		{insertPurchaseBreaksSQL, []any{tenantID}},
		{insertSalesBreaksSQL, []any{tenantID, n}},
	}
	for _, s := range steps {
		res, err := db.ExecContext(ctx, s.query, s.args...)
		if err != nil {
			return fmt.Errorf("insert items: %w", err)
		}
		// The items need the unit every new tenant gets; without it nothing is inserted.
		if s.query == insertItemsSQL {
			if got, err := res.RowsAffected(); err != nil || got != int64(n) {
				return fmt.Errorf("insert items: inserted %d of %d items (is the tenant's unit \"Each\" missing?)", got, n)
			}
		}
	}
	return nil
}

// seededTables are vacuumed and analyzed after seeding, so that the planner knows their
// sizes and the first reads do not pay for setting hint bits of a million fresh rows.
var seededTables = []string{"customers", "customer_addresses", "customer_contacts", "vendors", "items",
	"item_vendor_details", "item_vendor_price_breaks", "item_sales_price_breaks"}

func vacuumAnalyze(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "VACUUM (ANALYZE) "+strings.Join(seededTables, ", "))
	if err != nil {
		return fmt.Errorf("vacuum analyze: %w", err)
	}
	return nil
}

const deleteCreatedSQL = `DELETE FROM customers WHERE tenant_id = $1 AND name LIKE $2`

// deleteCreated removes the customers the create scenario made.
func deleteCreated(ctx context.Context, db *sql.DB, tenantID string) error {
	if _, err := db.ExecContext(ctx, deleteCreatedSQL, tenantID, createdNamePrefix+"%"); err != nil {
		return fmt.Errorf("delete created customers: %w", err)
	}
	return nil
}

// timed runs fn and returns how long it took.
func timed(fn func() error) (time.Duration, error) {
	start := time.Now()
	err := fn()
	return time.Since(start), err
}
