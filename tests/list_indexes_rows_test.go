package tests

import (
	"context"
	"crypto/md5"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The data of TestEveryListFilterAndDefaultSortUsesAnIndex: listRows rows in every list's
// main table for one tenant, and otherRows for each of three other tenants, written with one
// INSERT … SELECT per table. Row i of a table has the id id24(i) (or a UUID-shaped one
// ending in i, where the table takes 36-character ids), and the values a filter of the test
// picks are computed from i in Go the way the SQL computes them, so that a filter value
// names few rows.

// listRows is how many rows the list's tenant has in every main table.
const listRows = 100_000

// otherRows is how many rows each other tenant has in the same tables.
const otherRows = 300

// rowsEpoch is the instant row i's timestamps count from (in minutes, see at).
var rowsEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// id24 is the 24-character id of row n.
func id24(n int) string { return fmt.Sprintf("%024x", n) }

// word is the 8 hexadecimal characters row n's names carry (prefix tells tables apart), so
// that a substring filter can name one row.
func word(prefix string, n int) string {
	sum := md5.Sum([]byte(prefix + strconv.Itoa(n)))
	return hex.EncodeToString(sum[:])[:8]
}

// at is the instant minutes after rowsEpoch.
func at(minutes int) time.Time { return rowsEpoch.Add(time.Duration(minutes) * time.Minute) }

// The SQL twins of the helpers above, over an integer SQL expression.
func sqlID24(expr string) string { return "lpad(to_hex(" + expr + "), 24, '0')" }
func sqlID36(expr string) string {
	return "('00000000-0000-7000-8000-' || lpad(to_hex(" + expr + "), 12, '0'))"
}
func sqlWord(prefix, expr string) string {
	return "substr(md5('" + prefix + "' || (" + expr + ")::text), 1, 8)"
}

// manualKindSQL is the kind of hand-written invoice line row i: priced, amount, quantity,
// item, quantity, then again.
const manualKindSQL = "(ARRAY['priced', 'amount', 'quantity', 'item', 'quantity'])[(i - 1) % 5 + 1]"

// alertsEpoch is the instant the alerts rows are raised from (in minutes, see alertAt).
var alertsEpoch = time.Date(2027, 1, 2, 0, 0, 0, 0, time.UTC)

// alertAt is the instant minutes after alertsEpoch; sqlAlertAt its SQL twin.
func alertAt(minutes int) time.Time { return alertsEpoch.Add(time.Duration(minutes) * time.Minute) }
func sqlAlertAt(minutesExpr string) string {
	return "(timestamptz '2027-01-02 00:00:00+00' + (" + minutesExpr + ") * interval '1 minute')"
}

func sqlAt(minutesExpr string) string {
	return "(timestamptz '2024-01-01 00:00:00+00' + (" + minutesExpr + ") * interval '1 minute')"
}

// rowsFrom is the FROM clause a table's rows are selected from: i counts 1 to ten.n for each
// tenant ten.id, listRows for the tenant listed (a parameter, "$1") and otherRows for each of
// the others.
func rowsFrom(listed string, others ...string) string {
	tenants := []string{fmt.Sprintf("(%s::text, %d)", listed, listRows)}
	for _, o := range others {
		tenants = append(tenants, fmt.Sprintf("(%s::text, %d)", o, otherRows))
	}
	return `FROM (VALUES ` + strings.Join(tenants, ", ") + `) AS ten (id, n)
CROSS JOIN LATERAL generate_series(1, ten.n) AS i`
}

// quotedLine is the quote part line of the lists' tenant whose routing the quote line routing
// lists read: the first line of the parent quote (row subRow(1) of quote_part_lines, on quote
// parent, with the routing id the part lines' fill gives it). Its routing has lineRecordCount
// records of each kind (record k has id lineRecord(k)); the items consumed and the tracking
// are at its first operation.
var quotedLine = quoteLine{QuoteID: id24(parent), LineID: id36(subRow(1)), RoutingID: fmt.Sprintf("10000000-0000-7000-8000-%012x", subRow(1))}

const lineRecordCount = 5

// routedOrderLine is the sales order part line of the lists' tenant whose routing the sales order line
// routing lists read: the first line of the parent order (row subRow(1) of
// sales_order_part_lines, with the routing id that fill gives it). Its routing has
// lineRecordCount records of each kind, record k numbered routedOrderRecord(k).
var routedOrderLine = struct{ OrderID, LineID, RoutingID string }{id24(parent), id36(subRow(1)), fmt.Sprintf("20000000-0000-7000-8000-%012x", subRow(1))}

// routedOrderRecord is the number of the k-th record of routedOrderLine's routing in a routing table.
func routedOrderRecord(k int) int { return 20*listRows + k }

// routedJobItem is the item to make of the lists' tenant whose routing the job operation lists
// read: the first item to make of the parent job (row subRow(1) of job_items_to_make). Its
// routing has lineRecordCount records of each kind, record k numbered jobRecord(k), every input
// at its first operation; its operation k has a job_operations row, the second one started.
var routedJobItem = struct{ JobID, ItemToMakeID string }{id24(parent), id36(subRow(1))}

// nestableJob is the one job of the lists' tenant with a nestable operation: released, started
// 2025-12-31, its one item to make (of item 1) running routing operation "Nestable step" (of
// library operation 1), which consumes a sheet of shape 8 (a planar one). Its records are
// numbered nestableRecord in every table.
var nestableJob = struct{ JobID, ItemToMakeID, OperationID string }{
	id24(nestableRecord), id36(nestableRecord), id36(nestableRecord + 1)}

// nestableRecord is the number of nestableJob's records; nestableRecordSQL its SQL twin.
const (
	nestableRecord    = 40*listRows + 1
	nestableRecordSQL = "40 * 100000 + 1"
)

// jobRecord is the number of the k-th record of routedJobItem's routing in a routing table.
func jobRecord(k int) int { return 30*listRows + k }

// lineRecord is the number of the k-th record of the quoted line's routing in a routing table.
func lineRecord(k int) int { return 10*listRows + k }

// The SQL twins: the number of record k, and of the line's first operation.
const (
	lineRecordSQL         = "10 * 100000 + k"
	lineFirstOperationSQL = "10 * 100000 + 1"
	// The same for the sales order line's routing.
	soLineRecordSQL         = "20 * 100000 + k"
	soLineFirstOperationSQL = "20 * 100000 + 1"
	// The same for the job item to make's routing.
	jobRecordSQL         = "30 * 100000 + k"
	jobFirstOperationSQL = "30 * 100000 + 1"
)

// lineRecords is the FROM clause of the quoted line's routing records: k counts 1 to
// lineRecordCount.
var lineRecords = fmt.Sprintf("FROM generate_series(1, %d) AS k", lineRecordCount)

// everyTenant is the FROM clause of every table but the units': $1 is the lists' tenant, $2,
// $3 and $4 the others.
var everyTenant = rowsFrom("$1", "$2", "$3", "$4")

// unitTenants is the FROM clause of the units of measure: $4, the units list's tenant, has
// listRows of them, and the others (the other lists' tenant among them) otherRows. The units
// list has a tenant of its own because every item request reads the tenant's whole unit
// catalogue, which is a few dozen units in life, not 100,000.
var unitTenants = rowsFrom("$4", "$1", "$2", "$3")

// tagLists are the lists of the tags table in the order they are assigned: tag i is in
// tagLists[i % 9].
var tagLists = []string{"accountingCode", "chartOfAccount", "tag", "materialCode", "itemCategory",
	"gradeCode", "shapeCode", "gaugeCode", "itemClass"}

// tagOf is the number of a tag of list (an index of tagLists) near n.
func tagOf(list, n int) int { return 9*n + list }

// tableRows fills every list's main table (and the few tables a filter reads beside it), in
// an order that keeps every foreign key satisfied. Per row: about one in ten soft-deleted
// where the table has a deleted flag, names unique among the live rows, and the selective
// values the filters pick on a fixed fraction of the rows.
var tableRows = []struct{ table, sql string }{
	{"tags", `INSERT INTO tags (tenant_id, id, list, name, style, description, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, (ARRAY['` + strings.Join(tagLists, "','") + `'])[1 + i % 9],
       'Tag ' || ` + sqlWord("tag", "i") + ` || ' ' || i,
       (ARRAY['primary','secondary','success','danger','warning','info','light','dark','connected'])[1 + i % 9],
       CASE WHEN i % 3 = 0 THEN 'About tag ' || i END, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Items: number key k is shared by rows 20m-1 and 20m (revisions A and B); the other odd
	// rows have a revision R1 to R1999; one in 25 is archived.
	{"items", `INSERT INTO items (tenant_id, id, number, revision, description, item_origin, is_archived,
       custom_fields, created_utc, modified_utc, bar_code_number)
SELECT ten.id, ` + sqlID24("i") + `, 'P-' || k || '-' || ` + sqlWord("number", "k") + `,
       CASE WHEN i % 20 = 0 THEN 'B' WHEN i % 20 = 19 THEN 'A' WHEN i % 2 = 1 THEN 'R' || (i % 2000) END,
       CASE WHEN i % 10 <> 0 THEN 'Part described ' || ` + sqlWord("description", "i") + ` END,
       CASE WHEN i % 2 = 0 THEN 'make' ELSE 'buy' END, i % 25 = 0,
       jsonb_build_object('serial', 'S' || i, 'color', (ARRAY['red','green','blue'])[1 + i % 3]),
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day', i::text
` + everyTenant + `
CROSS JOIN LATERAL (SELECT CASE WHEN i % 20 = 0 THEN i - 1 ELSE i END AS k) numbered`},
	// Half the tags of the item tag list are carried by an item.
	{"item_tags", `INSERT INTO item_tags (tenant_id, item_id, tag_id, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("9 * (i % (ten.n / 18)) + 2") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"unit_types", `INSERT INTO unit_types (tenant_id, id, name)
SELECT ten.id, ` + sqlID24("i") + `, 'Type ' || ` + sqlWord("type", "i") + ` || ' ' || i ` + strings.Replace(unitTenants, "generate_series(1, ten.n)", "generate_series(1, ten.n / 5)", 1)},
	// Five units per type, the first the base.
	{"units_of_measure", `INSERT INTO units_of_measure (tenant_id, id, unit_type_id, name, factor_numerator, factor_denominator, is_base)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, 'Unit ' || ` + sqlWord("unit", "i") + ` || ' ' || i,
       1 + (i - 1) % 5, 1, (i - 1) % 5 = 0 ` + unitTenants},
	{"customer_tiers", `INSERT INTO customer_tiers (tenant_id, id, name, description, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Tier ' || ` + sqlWord("tier", "i") + ` || ' ' || i, 'About tier ' || i, ` + sqlAt("i") + ` ` + everyTenant},
	// One tax rate in ten archived.
	{"tax_rates", `INSERT INTO tax_rates (tenant_id, id, name, rate, description, is_archived, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Tax ' || ` + sqlWord("tax", "i") + ` || ' ' || i, (i % 2000) / 20.0, 'About tax ' || i,
       i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// One refund reason code in ten archived; a code on every other one.
	{"refund_reason_codes", `INSERT INTO refund_reason_codes (tenant_id, id, name, code, description, is_archived, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Reason ' || ` + sqlWord("reason", "i") + ` || ' ' || i, CASE WHEN i % 2 = 0 THEN 'R' || i END,
       'About reason ' || i, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// A carrier on one in two shipping methods, one in ten archived.
	{"shipping_methods", `INSERT INTO shipping_methods (tenant_id, id, name, carrier, description, is_archived, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Ship ' || ` + sqlWord("ship", "i") + ` || ' ' || i, CASE WHEN i % 2 = 0 THEN 'Carrier ' || i % 7 END,
       'About shipping ' || i, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	{"users", `INSERT INTO users (tenant_id, id, name, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'User ' || ` + sqlWord("user", "i") + ` || ' ' || i, ` + sqlAt("i") + ` ` + everyTenant},
	{"payment_terms", `INSERT INTO payment_terms (tenant_id, id, name, net_days, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Net ' || ` + sqlWord("terms", "i") + ` || ' ' || i, i % 90, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// A customer code on four in five, an external reference on one in four.
	{"customers", `INSERT INTO customers (tenant_id, id, name, customer_code, currency_code, external_references,
       customer_tier_id, payment_terms_id, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Customer ' || ` + sqlWord("customer", "i") + ` || ' ' || i,
       CASE WHEN i % 5 <> 0 THEN 'C-' || lpad(i::text, 6, '0') END, 'USD',
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'customer', 'externalId', 'E' || i))
            ELSE '{}'::jsonb END,
       ` + sqlID24("1 + i % 50") + `, ` + sqlID24("1 + i % 50") + `, i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Quotes, one table row for every quote list and the quote lines' parents: twenty per
	// customer, one in a thousand won, one in four sent (an hour after creation) and carrying
	// an external reference, one in ten deleted.
	{"quotes", `INSERT INTO quotes (tenant_id, id, number, customer_id, currency_code, status, quoted_utc,
       expiration_date, external_references, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, ` + sqlID24("1 + i % 5000") + `, 'USD',
       CASE WHEN i % 1000 = 1 THEN 'won' WHEN i % 4 = 0 THEN 'sent' ELSE 'draft' END,
       CASE WHEN i % 4 = 0 THEN ` + sqlAt("i") + ` + interval '1 hour' END,
       date '2026-01-01' + (i % 365),
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'quote', 'externalId', 'Q' || i))
            ELSE '{}'::jsonb END,
       i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Sales orders: twenty per customer, one in a thousand complete, one in four approved and
	// carrying an external reference and a customer PO number (one in a hundred of those over
	// 100 characters), one in ten deleted.
	{"sales_orders", `INSERT INTO sales_orders (tenant_id, id, number, customer_id, currency_code, status, ordered_date,
       customer_po_number, external_references, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, ` + sqlID24("1 + i % 5000") + `, 'USD',
       CASE WHEN i % 1000 = 1 THEN 'complete' WHEN i % 4 = 0 THEN 'approved' ELSE 'draft' END,
       date '2024-01-01' + (i % 3650),
       CASE WHEN i % 400 = 0 THEN repeat('9', 101) || i WHEN i % 4 = 0 THEN 'PO-' || i END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'salesOrder', 'externalId', 'S' || i))
            ELSE '{}'::jsonb END,
       i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Five contacts and five addresses per customer, for the first fifth of the customers.
	{"customer_contacts", `INSERT INTO customer_contacts (tenant_id, customer_id, id, first_name, last_name, email, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'First ' || i, 'Last ' || ` + sqlWord("contact", "i") + `,
       'contact' || i || '@example.com', ` + sqlAt("i") + ` ` + everyTenant},
	{"customer_addresses", `INSERT INTO customer_addresses (tenant_id, customer_id, id, name, address1, city, postal_code,
       primary_billing, primary_shipping, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'Site ' || ` + sqlWord("address", "i") + `,
       i || ' Main Street', 'Springfield', lpad((i % 100000)::text, 5, '0'), (i - 1) % 5 = 0, (i - 1) % 5 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Five fee lines and five tax lines (on five different tax rates) per quote, for the
	// first fifth of the quotes (written above).
	{"quote_fee_lines", `INSERT INTO quote_fee_lines (tenant_id, quote_id, id, name, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'Fee ' || i, i % 500, ` + sqlAt("i") + ` ` + everyTenant},
	{"quote_tax_lines", `INSERT INTO quote_tax_lines (tenant_id, quote_id, id, tax_rate_id, name, rate, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("1 + (i - 1) % 5") + `, 'Tax ' || i, 5,
       ` + sqlAt("i") + ` ` + everyTenant},
	// A vendor code on four in five, an external reference on one in four.
	{"vendors", `INSERT INTO vendors (tenant_id, id, name, code, currency_code, external_references, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Vendor ' || ` + sqlWord("vendor", "i") + ` || ' ' || i,
       CASE WHEN i % 5 <> 0 THEN 'V-' || lpad(i::text, 6, '0') END, 'USD',
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'vendor', 'externalId', 'V' || i))
            ELSE '{}'::jsonb END,
       i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Five contacts and five addresses per vendor, for the first fifth of the vendors.
	{"vendor_contacts", `INSERT INTO vendor_contacts (tenant_id, vendor_id, id, first_name, last_name, email, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'First ' || i, 'Last ' || ` + sqlWord("vcontact", "i") + `,
       'vcontact' || i || '@example.com', ` + sqlAt("i") + ` ` + everyTenant},
	{"vendor_addresses", `INSERT INTO vendor_addresses (tenant_id, vendor_id, id, name, address1, city, postal_code,
       primary_billing, primary_shipping, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'Site ' || ` + sqlWord("vaddress", "i") + `,
       i || ' Main Street', 'Springfield', lpad((i % 100000)::text, 5, '0'), (i - 1) % 5 = 0, (i - 1) % 5 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Purchase orders of the vendors above (written above): 20 per vendor, one in a
	// thousand closed, one in four with a due date and an external reference, one in ten
	// deleted.
	{"purchase_orders", `INSERT INTO purchase_orders (tenant_id, id, number, vendor_id, currency_code, status, order_date,
       due_date, external_references, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, ` + sqlID24("1 + i % 5000") + `, 'USD',
       CASE WHEN i % 1000 = 1 THEN 'closed' WHEN i % 4 = 0 THEN 'ordered' ELSE 'draft' END,
       date '2024-01-01' + (i % 3650),
       CASE WHEN i % 4 = 0 THEN date '2024-01-01' + (i % 3650) END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'purchaseOrder', 'externalId', 'P' || i))
            ELSE '{}'::jsonb END,
       i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Receipts: odd rows receive purchase order i, even rows sales order i; one in a hundred
	// is held for inspection (left out of the list).
	{"receipts", `INSERT INTO receipts (tenant_id, id, number, purchase_order_id, sales_order_id, received_date, accounting_held_utc,
       created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, CASE WHEN i % 2 = 1 THEN ` + sqlID24("i") + ` END, CASE WHEN i % 2 = 0 THEN ` + sqlID24("i") + ` END,
       date '2024-01-01' + (i % 3650), CASE WHEN i % 100 = 0 THEN ` + sqlAt("i") + ` END, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// Five lines per receipt, for the first fifth of the receipts: a fee, a part line (of item
	// i) and an outside-processing line in turn.
	{"receipt_lines", `INSERT INTO receipt_lines (tenant_id, receipt_id, id, line_item_type, purchase_order_part_line_id,
       purchase_order_outside_processing_line_id, item_id, name, quantity, unit_price, unit_cost, unit_tax, landed_cost, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `,
       CASE i % 3 WHEN 0 THEN 'fee' WHEN 1 THEN 'part' ELSE 'outsideProcessing' END,
       CASE WHEN i % 3 = 1 THEN ` + sqlID36("i") + ` END, CASE WHEN i % 3 = 2 THEN ` + sqlID36("i") + ` END,
       CASE WHEN i % 3 <> 0 THEN ` + sqlID24("i") + ` END, CASE WHEN i % 3 = 0 THEN 'Freight' END,
       1 + i % 7, i % 100, i % 97, i % 89, i % 101, ` + sqlAt("i") + ` ` + everyTenant},
	// Notes on the documents above: by i % 4 on sales order i, purchase order i, quote i and
	// invoice i in turn.
	{"notes", `INSERT INTO notes (tenant_id, id, text, sales_order_id, purchase_order_id, quote_id, invoice_id, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Note ' || i, CASE WHEN i % 4 = 0 THEN ` + sqlID24("i") + ` END,
       CASE WHEN i % 4 = 1 THEN ` + sqlID24("i") + ` END, CASE WHEN i % 4 = 2 THEN ` + sqlID24("i") + ` END,
       CASE WHEN i % 4 = 3 THEN ` + sqlID24("i") + ` END, ` + sqlAt("i") + ` ` + everyTenant},
	// Invoices: one per sales order (of its customer), one in a thousand paid, one in four
	// issued with an issue day and an external reference, another one in four with a due
	// day, one in ten deleted.
	{"invoices", `INSERT INTO invoices (tenant_id, id, number, customer_id, sales_order_id, currency_code, primary_currency_code,
       status, issue_date, issue_day, due_date, external_references, deleted, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, ` + sqlID24("1 + i % 5000") + `, ` + sqlID24("i") + `, 'USD', 'USD',
       CASE WHEN i % 1000 = 1 THEN 'paid' WHEN i % 4 = 0 THEN 'issued' ELSE 'new' END,
       CASE WHEN i % 4 = 0 THEN timestamptz '2024-01-01 00:00:00+00' + (i % 3650) * interval '1 day' END,
       CASE WHEN i % 4 = 0 THEN date '2024-01-01' + (i % 3650) END,
       CASE WHEN i % 4 = 1 THEN date '2024-01-01' + (i % 3650) END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'invoice', 'externalId', 'I' || i))
            ELSE '{}'::jsonb END,
       i % 10 = 0, ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// One primary company per tenant.
	{"companies", `INSERT INTO companies (tenant_id, id, is_primary, name, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, i = 1, 'Company ' || ` + sqlWord("company", "i") + ` || ' ' || i, ` + sqlAt("i") + ` ` + everyTenant},
	// Definitions spread over 20 modules, with capa and the date type one in a thousand.
	{"custom_fields", `INSERT INTO custom_fields (tenant_id, id, module, name, label, type, options, created_utc)
SELECT ten.id, ` + sqlID24("i") + `,
       CASE WHEN i % 1000 = 0 THEN 'capa' ELSE (ARRAY['item','item_Make','item_Buy','customer','vendor','quote',
           'sales_Order','job','invoice','purchase_Order','receive_Order','ship_Order','quote_Part_LineItem',
           'sales_Order_Part_LineItem','purchase_Order_Part_LineItem','outsideProcessing_LineItem',
           'shipping_Part_LineItem','invoice_Part_LineItem','job_Operation','ncr'])[1 + i % 20] END,
       'Field ' || ` + sqlWord("field", "i") + ` || ' ' || i, 'Label ' || i,
       CASE WHEN i % 1000 = 1 THEN 'date' WHEN i % 10 = 5 THEN 'dropdown' ELSE 'text' END,
       CASE WHEN i % 10 = 5 AND i % 1000 <> 1 THEN ARRAY['a', 'b'] ELSE '{}'::text[] END, ` + sqlAt("i") + ` ` + everyTenant},
	{"departments", `INSERT INTO departments (tenant_id, id, name, description, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Department ' || ` + sqlWord("department", "i") + ` || ' ' || i, 'About department ' || i,
       i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	{"work_centers", `INSERT INTO work_centers (tenant_id, id, name, department_id, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Work center ' || ` + sqlWord("workcenter", "i") + ` || ' ' || i, ` + sqlID24("i") + `,
       i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	{"equipment", `INSERT INTO equipment (tenant_id, id, name, description, work_center_id, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Machine ' || ` + sqlWord("equipment", "i") + ` || ' ' || i, 'About machine ' || i,
       CASE WHEN i % 3 <> 0 THEN ` + sqlID24("i") + ` END, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Two shifts per department.
	{"department_shifts", `INSERT INTO department_shifts (tenant_id, id, department_id, name, start_time, end_time, days,
       simultaneous_equipment, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 2 + 1") + `, 'Shift ' || ` + sqlWord("shift", "i") + ` || ' ' || i,
       '0800', '1600', '{t,t,t,t,t,f,f}', '{1,1,1,1,1,0,0}', i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// One downtime an hour, two hours long; each department is down twice.
	{"equipment_downtimes", `INSERT INTO equipment_downtimes (tenant_id, id, start_utc, end_utc, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlAt("60 * i") + `, ` + sqlAt("60 * i + 120") + `, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	{"equipment_downtime_departments", `INSERT INTO equipment_downtime_departments (tenant_id, downtime_id, department_id, position)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 2 + 1") + `, 0 ` + everyTenant},
	// Two operations per work center; one in ten archived.
	{"operations", `INSERT INTO operations (tenant_id, id, name, work_center_id, setup_time_minutes, is_archived, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Operation ' || ` + sqlWord("operation", "i") + ` || ' ' || i, ` + sqlID24("(i - 1) / 2 + 1") + `,
       i % 60, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Five routing operations per item, each from a library operation at a work center.
	{"routing_operations", `INSERT INTO routing_operations (tenant_id, id, owner_type, owner_id, sequence, operation_id, name,
       work_center_id, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, 'item', ` + sqlID24("(i - 1) / 5 + 1") + `, 10 * ((i - 1) % 5 + 1), ` + sqlID24("i") + `,
       'Step ' || i, ` + sqlID24("(i - 1) / 2 + 1") + `, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(lineRecordSQL) + `, 'quotePartLine', '` + quotedLine.LineID + `', 10 * k, ` + sqlID24("k") + `,
       'Line step ' || k, ` + sqlID24("k") + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(soLineRecordSQL) + `, 'salesOrderPartLine', '` + routedOrderLine.LineID + `', 10 * k, ` + sqlID24("k") + `,
       'Line step ' || k, ` + sqlID24("k") + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, 'jobItemToMake', '` + routedJobItem.ItemToMakeID + `', 10 * k, ` + sqlID24("k") + `,
       'Job step ' || k, ` + sqlID24("k") + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, '` + nestableJob.OperationID + `', 'jobItemToMake', '` + nestableJob.ItemToMakeID + `', 10, ` + sqlID24("1") + `,
       'Nestable step', ` + sqlID24("1") + `, ` + sqlAt("1")},
	// Five input items per item, each consumed at the routing operation of the same row, each
	// item a component of two.
	{"routing_input_items", `INSERT INTO routing_input_items (tenant_id, id, owner_type, owner_id, item_id, quantity_per_unit,
       routing_operation_id, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, 'item', ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("(i - 1) / 2 + 1") + `, 1 + i % 7,
       ` + sqlID36("i") + `, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(lineRecordSQL) + `, 'quotePartLine', '` + quotedLine.LineID + `', ` + sqlID24("k") + `, 1,
       ` + sqlID36(lineRecordSQL) + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(soLineRecordSQL) + `, 'salesOrderPartLine', '` + routedOrderLine.LineID + `', ` + sqlID24("k") + `, 1,
       ` + sqlID36(soLineRecordSQL) + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, 'jobItemToMake', '` + routedJobItem.ItemToMakeID + `', ` + sqlID24("k") + `, 1,
       ` + sqlID36(jobFirstOperationSQL) + `, ` + sqlAt("k") + ` ` + lineRecords},
	{"in_process_tracking_fields", `INSERT INTO in_process_tracking_fields (tenant_id, id, name, data_type, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Measure ' || ` + sqlWord("tracking", "i") + ` || ' ' || i,
       CASE WHEN i % 2 = 0 THEN 'text' ELSE 'number' END, ` + sqlAt("i") + ` ` + everyTenant},
	// Two items consumed at each routing operation; one in ten per setup.
	{"routing_operation_items", `INSERT INTO routing_operation_items (tenant_id, id, routing_operation_id, item_id, quantity, per, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID36("(i - 1) / 2 + 1") + `, ` + sqlID24("i") + `, 1 + i % 7,
       CASE WHEN i % 10 = 0 THEN 'setup' ELSE 'unit' END, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(lineRecordSQL) + `, ` + sqlID36(lineFirstOperationSQL) + `, ` + sqlID24("k") + `, 1, 'unit', ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(soLineRecordSQL) + `, ` + sqlID36(soLineFirstOperationSQL) + `, ` + sqlID24("k") + `, 1, 'unit', ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, ` + sqlID36(jobFirstOperationSQL) + `, ` + sqlID24("k") + `, 1, 'unit', ` + sqlAt("k") + ` ` + lineRecords},
	// A tracking field at each phase of each routing operation; every 5 units while running.
	{"routing_operation_ipts", `INSERT INTO routing_operation_ipts (tenant_id, id, routing_operation_id, phase, tracking_field_id,
       frequency, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID36("(i - 1) / 3 + 1") + `, (ARRAY['setup','inProcess','final'])[1 + (i - 1) % 3],
       ` + sqlID24("i") + `, CASE WHEN (i - 1) % 3 = 1 THEN 5 END, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(lineRecordSQL) + `, ` + sqlID36(lineFirstOperationSQL) + `, 'inProcess', ` + sqlID24("k") + `, NULL, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(soLineRecordSQL) + `, ` + sqlID36(soLineFirstOperationSQL) + `, 'inProcess', ` + sqlID24("k") + `, NULL, ` + sqlAt("k") + ` ` + lineRecords},
	{"locations", `INSERT INTO locations (tenant_id, id, name, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Bin ' || ` + sqlWord("location", "i") + ` || ' ' || i, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Tread plate one in a hundred, deactivated one in twenty.
	{"material_shapes", `INSERT INTO material_shapes (tenant_id, id, name, material_name, shape_type, thickness, dimensions,
       dimension_units, linear_density, planar_density, is_activated, deleted, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Shape ' || ` + sqlWord("shape", "i") + ` || ' ' || i, 'Steel', shape,
       CASE WHEN flat THEN 0.25 END, CASE WHEN flat THEN '{}'::jsonb ELSE '{"diameter": 1}'::jsonb END, 'inch',
       CASE WHEN NOT flat THEN 0.2 END, CASE WHEN flat THEN 10.2 END, i % 20 <> 0, i % 10 = 5, ` + sqlAt("i") + `
` + everyTenant + `
CROSS JOIN LATERAL (SELECT CASE WHEN i % 100 = 0 THEN 'treadPlate'
        ELSE (ARRAY['sheet','plate','bar','tube','pipe','beam','angle','channel'])[1 + i % 8] END AS shape) s
CROSS JOIN LATERAL (SELECT shape IN ('sheet', 'plate', 'treadPlate') AS flat) f`},
	// Five input materials per item, material i cut from shape i at routing operation i (of
	// the same item); two in three with a stock item. One nesting per material.
	{"routing_input_materials", `INSERT INTO routing_input_materials (tenant_id, id, owner_type, owner_id, material_shape_id,
       item_id, blank_length, pieces_per_blank, routing_operation_id, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, 'item', ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("i") + `,
       CASE WHEN i % 3 <> 0 THEN ` + sqlID24("i") + ` END, 1 + i % 50, 1, ` + sqlID36("i") + `, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(lineRecordSQL) + `, 'quotePartLine', '` + quotedLine.LineID + `', ` + sqlID24("k") + `, ` + sqlID24("k") + `, 1, 1,
       ` + sqlID36(lineRecordSQL) + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(soLineRecordSQL) + `, 'salesOrderPartLine', '` + routedOrderLine.LineID + `', ` + sqlID24("k") + `, ` + sqlID24("k") + `, 1, 1,
       ` + sqlID36(soLineRecordSQL) + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, 'jobItemToMake', '` + routedJobItem.ItemToMakeID + `', ` + sqlID24("k") + `, ` + sqlID24("k") + `, 1, 1,
       ` + sqlID36(jobFirstOperationSQL) + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, '` + nestableJob.OperationID + `', 'jobItemToMake', '` + nestableJob.ItemToMakeID + `', ` + sqlID24("8") + `, NULL, 1, 1,
       '` + nestableJob.OperationID + `', ` + sqlAt("1")},
	{"routing_material_nestings", `INSERT INTO routing_material_nestings (tenant_id, id, input_material_id, name, stock_length,
       blanks_per_stock, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID36("i") + `, 'Nest ' || i, 240, 8, ` + sqlAt("i") + ` ` + everyTenant},
	// Two lots per item for the first half of the items; one in ten a system lot (unnamed).
	{"inventory_lots", `INSERT INTO inventory_lots (tenant_id, id, item_id, name, system, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 2 + 1") + `,
       CASE WHEN i % 10 <> 0 THEN 'LOT-' || ` + sqlWord("lot", "i") + ` || '-' || i END, i % 10 = 0, ` + sqlAt("i") + ` ` + everyTenant},
	// A balance per lot, at location 1 + 37i mod n (one balance per location); one in ten empty.
	{"inventory_balances", `INSERT INTO inventory_balances (tenant_id, id, item_id, lot_id, location_id, quantity)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 2 + 1") + `, ` + sqlID24("i") + `, ` + sqlID24("1 + (37 * i) % ten.n") + `,
       CASE WHEN i % 10 = 0 THEN 0 ELSE 1 + i % 100 END ` + everyTenant},
	// An event every ten minutes of action date; the rare types, sources, job items and
	// reservations one in a hundred to one in a thousand.
	{"inventory_events", `INSERT INTO inventory_events (tenant_id, id, action_date, type, secondary_type, source_type,
       source_entity_id, source_related_type, source_related_entity_id, item_id, item_to_make_id, quantity,
       reserved_for_id, reserved_for_type, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlAt("10 * i") + `,
       CASE WHEN i % 1000 = 0 THEN 'eventOverride' ELSE (ARRAY['pick','receive','adjustment'])[1 + i % 3] END,
       CASE WHEN i % 1000 = 0 THEN 'stockTake' ELSE (ARRAY['pick','receive','consume'])[1 + i % 3] END,
       CASE WHEN i % 1000 = 1 THEN 'poRcvValueAdj' WHEN i % 2 = 0 THEN 'job' ELSE 'purchaseOrder' END,
       'source-' || (i / 10), CASE WHEN i % 1000 = 2 THEN 'salesOrder' END, CASE WHEN i % 1000 = 2 THEN 'related-' || i END,
       ` + sqlID24("(i - 1) / 2 + 1") + `, CASE WHEN i % 100 = 0 THEN 'make-' || i END, 1 + i % 50,
       CASE WHEN i % 500 = 0 THEN 'job-' || i END, CASE WHEN i % 500 = 0 THEN 'job' END, ` + sqlAt("i") + ` ` + everyTenant},
	{"inventory_transactions", `INSERT INTO inventory_transactions (tenant_id, id, event_id, item_id, quantity_change,
       balance_quantity, balance_value, created_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 2 + 1") + `, 1 + i % 50, i % 100, 0, ` + sqlAt("i") + ` ` + everyTenant},
	// Five of each item sub-record for the first fifth of the items (a cancelled job among an
	// item's cost breakdowns).
	{"item_cost_breakdowns", `INSERT INTO item_cost_breakdowns (tenant_id, id, item_id, type, quantity, calculated_on)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `,
       CASE WHEN i % 5 = 0 THEN 'cancelledJob' ELSE 'estimated' END, 1, ` + sqlAt("i") + ` ` + everyTenant},
	{"item_customer_details", `INSERT INTO item_customer_details (tenant_id, id, item_id, customer_id, customer_item_number, unit_of_measure_id)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("i") + `, 'CI-' || i, ` + sqlID24("1") + ` ` + everyTenant},
	{"item_material_vendor_details", `INSERT INTO item_material_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("i") + `, 'MV-' || i ` + everyTenant},
	// Five material vendors per shape for the first fifth of the shapes, one in a thousand
	// primary.
	{"material_vendors", `INSERT INTO material_vendors (tenant_id, id, material_id, vendor_id, vendor_item_number, price,
       price_unit, currency_code, is_primary, created_utc, modified_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("i") + `, 'MS-' || i, 2, 'pound', 'USD',
       i % 1000 = 1, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"item_vendor_details", `INSERT INTO item_vendor_details (tenant_id, id, item_id, vendor_id, vendor_item_number, price,
       is_primary, unit_of_measure_id, unit_quantity, inventory_unit_quantity)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID24("i") + `, 'V-' || i, 10,
       (i - 1) % 5 = 0, ` + sqlID24("1") + `, 1, 1 ` + everyTenant},
	{"item_vendor_price_breaks", `INSERT INTO item_vendor_price_breaks (tenant_id, vendor_detail_id, quantity, price, currency_code)
SELECT ten.id, ` + sqlID36("i") + `, 10, 9, 'USD' ` + everyTenant},
	// Per item: a list price, two customer prices and two tier prices.
	{"item_sales_price_breaks", `INSERT INTO item_sales_price_breaks (tenant_id, id, item_id, quantity, type, price, currency_code,
       customer_id, customer_tier_id, unit_of_measure_id)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, 1 + (i - 1) % 5, 'price', 10, 'USD',
       CASE WHEN i % 5 IN (2, 3) THEN ` + sqlID24("i") + ` END, CASE WHEN i % 5 IN (0, 4) THEN ` + sqlID24("i") + ` END,
       ` + sqlID24("1") + ` ` + everyTenant},
	// Five files per item for the first fifth of the items; video one in a thousand.
	{"attachments", `INSERT INTO attachments (tenant_id, id, owner_type, owner_id, name, format, size, access_url, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'item', ` + sqlID24("(i - 1) / 5 + 1") + `, 'File ' || ` + sqlWord("file", "i") + ` || '.pdf',
       CASE WHEN i % 1000 = 0 THEN 'video' ELSE (ARRAY['document','image','cad'])[1 + i % 3] END, 1000,
       'https://files.example.com/' || i, ` + sqlAt("i") + ` ` + everyTenant},
	// Webhook subscriptions: half for every event type, half naming the one the catalogue
	// has; one in a hundred inactive.
	{"webhook_subscriptions", `INSERT INTO webhook_subscriptions (tenant_id, id, url, event_types, is_active, description, secret,
       created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'https://hooks.example.com/' || ` + sqlWord("hook", "i") + `,
       CASE WHEN i % 2 = 0 THEN '{}'::text[] ELSE ARRAY['ItemUpdated'] END, i % 100 <> 0, 'Hook ' || i,
       'whsec_' || md5(i::text), ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// Deliveries: nine in ten to the first subscription (whose log is listed), the others to
	// the second; one in a thousand failed and one in a thousand pending, the rest succeeded.
	// One attempt each.
	{"webhook_deliveries", `INSERT INTO webhook_deliveries (tenant_id, id, subscription_id, event_id, event_seq, event_type,
       aggregate_type, aggregate_id, occurred_utc, body, status, attempts, attempts_total, next_attempt_utc,
       last_attempt_utc, completed_utc, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("CASE WHEN i % 10 = 0 THEN 2 ELSE 1 END") + `, ` + sqlID24("i") + `, i, 'ItemUpdated',
       'item', ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlAt("i") + `, '{"id":"' || i || '"}', status, 1, 1,
       CASE WHEN status = 'pending' THEN ` + sqlAt("i + 5") + ` END, ` + sqlAt("i") + `,
       CASE WHEN status <> 'pending' THEN ` + sqlAt("i") + ` END, ` + sqlAt("i") + `
` + everyTenant + `
CROSS JOIN LATERAL (SELECT CASE WHEN i % 1000 = 1 THEN 'failed' WHEN i % 1000 = 3 THEN 'pending' ELSE 'succeeded' END AS status) s`},
	{"webhook_attempts", `INSERT INTO webhook_attempts (tenant_id, delivery_id, number, attempted_utc, status_code, succeeded,
       duration_ms, response, error)
SELECT ten.id, ` + sqlID24("i") + `, 1, ` + sqlAt("i") + `, CASE WHEN i % 1000 IN (1, 3) THEN 500 ELSE 200 END,
       i % 1000 NOT IN (1, 3), 10, 'ok', CASE WHEN i % 1000 IN (1, 3) THEN 'answered HTTP 500' END ` + everyTenant},
	// Five part lines per quote, for the first fifth of the quotes, each of its own item.
	{"quote_part_lines", `INSERT INTO quote_part_lines (tenant_id, quote_id, id, routing_id, line_number, item_id, quantity,
       unit_of_measure_name, unit_price, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ('10000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0')),
       (i - 1) % 5 + 1, ` + sqlID24("i") + `, 1 + i % 7, 'Each', i % 100, ` + sqlAt("i") + ` ` + everyTenant},
	// Five fee, tax and refund lines per sales order, for the first fifth of the orders.
	{"sales_order_fee_lines", `INSERT INTO sales_order_fee_lines (tenant_id, sales_order_id, id, name, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'Fee ' || i, i % 500, ` + sqlAt("i") + ` ` + everyTenant},
	{"sales_order_tax_lines", `INSERT INTO sales_order_tax_lines (tenant_id, sales_order_id, id, tax_rate_id, name, rate, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("1 + (i - 1) % 5") + `, 'Tax ' || i, 5,
       ` + sqlAt("i") + ` ` + everyTenant},
	{"sales_order_refund_lines", `INSERT INTO sales_order_refund_lines (tenant_id, sales_order_id, id, refund_reason_code_id, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("1 + (i - 1) % 5") + `, 1 + i % 50,
       ` + sqlAt("i") + ` ` + everyTenant},
	// Five fee, tax and vendor-credit lines per purchase order, for the first fifth of the
	// orders.
	{"purchase_order_fee_lines", `INSERT INTO purchase_order_fee_lines (tenant_id, purchase_order_id, id, name, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 'Fee ' || i, i % 500, ` + sqlAt("i") + ` ` + everyTenant},
	{"purchase_order_tax_lines", `INSERT INTO purchase_order_tax_lines (tenant_id, purchase_order_id, id, tax_rate_id, name, rate, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("1 + (i - 1) % 5") + `, 'Tax ' || i, 5,
       ` + sqlAt("i") + ` ` + everyTenant},
	{"purchase_order_vendor_credit_lines", `INSERT INTO purchase_order_vendor_credit_lines (tenant_id, purchase_order_id, id, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, 1 + i % 50, ` + sqlAt("i") + ` ` + everyTenant},
	// Five part lines per sales order, for the first fifth of the orders, each of its own item;
	// the fill runs without triggers, so it copies the order's number itself; every second
	// line shipped and every third invoiced, on a day ten lines apart from
	// 2000-01-01 on (the report's day windows).
	{"sales_order_part_lines", `INSERT INTO sales_order_part_lines (tenant_id, sales_order_id, sales_order_number, id, routing_id, line_number, item_id, quantity,
       unit_of_measure_name, unit_price, delivery_date, last_shipped_date, last_invoiced_date, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, (i - 1) / 5 + 1, ` + sqlID36("i") + `, ('20000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0')),
       (i - 1) % 5 + 1, ` + sqlID24("i") + `, 1 + i % 7, 'Each', i % 100, date '2026-01-01' + (i % 365),
       CASE WHEN i % 2 = 0 THEN date '2000-01-01' + i / 10 END, CASE WHEN i % 3 = 0 THEN date '2000-01-01' + i / 10 END,
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Five part lines per purchase order, each of its own item.
	{"purchase_order_part_lines", `INSERT INTO purchase_order_part_lines (tenant_id, purchase_order_id, id, line_number, item_id, quantity,
       unit_of_measure_name, inventory_quantity, unit_price, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 1, ` + sqlID24("i") + `, 1 + i % 7, 'Each',
       1 + i % 7, i % 100, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// Five outside-processing lines per purchase order, each for its own job operation, every
	// other one on an item.
	{"purchase_order_outside_processing_lines", `INSERT INTO purchase_order_outside_processing_lines (tenant_id, purchase_order_id, id,
       line_number, job_operation_id, item_id, description, quantity, unit_of_measure_name, unit_price, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 6, ` + sqlID24("i") + `,
       CASE WHEN i % 2 = 1 THEN ` + sqlID24("i") + ` END, 'Plate ' || i, 1 + i % 7, 'Each', i % 100, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// Five blanket lines per sales order, for the first fifth of the orders, each of its own
	// item.
	{"sales_order_blanket_lines", `INSERT INTO sales_order_blanket_lines (tenant_id, sales_order_id, id, line_number, item_id, quantity,
       unit_of_measure_name, unit_price, start_date, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 1, ` + sqlID24("i") + `, 10 + i % 7, 'Each',
       i % 100, date '2026-01-01' + (i % 365), ` + sqlAt("i") + ` ` + everyTenant},
	// Shipments: one per sales order, of its customer; one in a thousand cancelled, every
	// second shipped (with a shipped day), one in four with an external reference.
	{"shipments", `INSERT INTO shipments (tenant_id, id, number, name, status, sales_order_id, sales_order_number, customer_id,
       ship_by_date, shipped_utc, shipped_day, external_references, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, 'Shipment ' || ` + sqlWord("shipment", "i") + `,
       CASE WHEN i % 1000 = 1 THEN 'cancelled' WHEN i % 2 = 0 THEN 'shipped' ELSE 'open' END,
       ` + sqlID24("i") + `, i, ` + sqlID24("1 + i % 5000") + `, date '2024-01-01' + (i % 3650),
       CASE WHEN i % 2 = 0 THEN ` + sqlAt("i") + ` END, CASE WHEN i % 2 = 0 THEN date '2024-01-01' + (i % 3650) END,
       CASE WHEN i % 4 = 0 THEN jsonb_build_object('erp', jsonb_build_object('type', 'shipment', 'externalId', 'SH' || i))
            ELSE '{}'::jsonb END,
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant},
	// Five lines per shipment, for the first fifth of the shipments, each shipping part line i
	// (of item i).
	{"shipment_lines", `INSERT INTO shipment_lines (tenant_id, shipment_id, id, sales_order_part_line_id, item_id, quantity,
       unit_of_measure_name, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID36("i") + `, ` + sqlID24("i") + `, 1 + i % 7,
       'Each', ` + sqlAt("i") + ` ` + everyTenant},
	// Five part, fee and tax lines per invoice, for the first fifth of the invoices: part line
	// i bills sales order line i (of item i).
	{"invoice_part_lines", `INSERT INTO invoice_part_lines (tenant_id, invoice_id, id, line_number, sales_order_line_id, item_id,
       quantity, unit_of_measure_name, unit_price, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 1, ` + sqlID36("i") + `, ` + sqlID24("i") + `,
       1 + i % 7, 'Each', i % 100, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"invoice_fee_lines", `INSERT INTO invoice_fee_lines (tenant_id, invoice_id, id, line_number, name, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 1, 'Fee ' || i, i % 500, ` + sqlAt("i") + ` ` + everyTenant},
	{"invoice_tax_lines", `INSERT INTO invoice_tax_lines (tenant_id, invoice_id, id, line_number, tax_rate_id, name, rate, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, (i - 1) % 5 + 1, ` + sqlID24("1 + (i - 1) % 5") + `, 'Tax ' || i, 5,
       ` + sqlAt("i") + ` ` + everyTenant},
	// A deposit line and a deposit-adjustment line (row 5k + 1) per invoice of the first fifth
	// (the data's shape, not the rules: an invoice carries one or the other), of the invoice's
	// sales order.
	{"invoice_deposit_lines", `INSERT INTO invoice_deposit_lines (tenant_id, invoice_id, id, sales_order_id, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, 1 + i % 50,
       ` + sqlAt("i") + ` ` + everyTenant + ` WHERE i % 5 = 1`},
	{"invoice_deposit_adjustment_lines", `INSERT INTO invoice_deposit_adjustment_lines (tenant_id, invoice_id, id, sales_order_id, amount, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, 1 + i % 50,
       ` + sqlAt("i") + ` ` + everyTenant + ` WHERE i % 5 = 1`},
	// Five hand-written lines per invoice (priced, amount, quantity, item, quantity), for the
	// first fifth of the invoices.
	{"invoice_manual_lines", `INSERT INTO invoice_manual_lines (tenant_id, invoice_id, id, kind, line_number, quantity, price, amount,
       unit_of_measure, item_id, is_taxable, tax_rate, override_tax_rate, created_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + manualKindSQL + `, (i - 1) % 5 + 1,
       CASE WHEN ` + manualKindSQL + ` IN ('quantity', 'item') THEN 1 + i % 7 END,
       CASE WHEN ` + manualKindSQL + ` <> 'amount' THEN i % 100 END, CASE WHEN ` + manualKindSQL + ` = 'amount' THEN i % 100 END,
       CASE WHEN ` + manualKindSQL + ` = 'quantity' THEN 'notApplicable' END,
       CASE WHEN ` + manualKindSQL + ` = 'item' THEN ` + sqlID24("i") + ` END,
       CASE WHEN ` + manualKindSQL + ` IN ('quantity', 'item') THEN false END,
       CASE WHEN ` + manualKindSQL + ` = 'quantity' THEN 0 END, CASE WHEN ` + manualKindSQL + ` = 'quantity' THEN false END,
       ` + sqlAt("i") + ` ` + everyTenant},
	// Five refund lines per invoice, for the first fifth of the invoices.
	{"invoice_refund_lines", `INSERT INTO invoice_refund_lines (tenant_id, invoice_id, id, refund_reason_code_id, amount, created_utc, line_number)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("1 + (i - 1) % 5") + `, 1 + i % 50,
       ` + sqlAt("i") + `, 1 + (i - 1) % 5 ` + everyTenant},
	// Jobs: one in a thousand complete, one in four released; every second one for a
	// customer (twenty jobs each) and every fourth one for a sales order, due on one of ten
	// years of days.
	{"jobs", `INSERT INTO jobs (tenant_id, id, number, status, customer_id, sales_order_id, due_date, created_utc, modified_utc,
       start_date)
SELECT ten.id, ` + sqlID24("i") + `, i, CASE WHEN i % 1000 = 1 THEN 'complete' WHEN i % 4 = 0 THEN 'released' ELSE 'planned' END,
       CASE WHEN i % 2 = 0 THEN ` + sqlID24("1 + i % 5000") + ` END, CASE WHEN i % 4 = 0 THEN ` + sqlID24("i") + ` END,
       date '2024-01-01' + (i % 3650), ` + sqlAt("i") + `, ` + sqlAt("i") + ` + interval '1 day', NULL ` + everyTenant + `
UNION ALL
SELECT $1, '` + nestableJob.JobID + `', ` + nestableRecordSQL + `, 'released', NULL, NULL, NULL, ` + sqlAt("1") + `, ` + sqlAt("1") + `,
       date '2025-12-31'`},
	// Five items to make per job, for the first fifth of the jobs, each of its own item.
	{"job_items_to_make", `INSERT INTO job_items_to_make (tenant_id, job_id, id, routing_id, position, item_id, quantity,
       due_date, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ('30000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0')),
       (i - 1) % 5 + 1, ` + sqlID24("i") + `, 1 + i % 7, date '2026-01-01' + (i % 365), ` + sqlAt("i") + `,
       ` + sqlAt("i") + ` + interval '1 day' ` + everyTenant + `
UNION ALL
SELECT $1, '` + nestableJob.JobID + `', '` + nestableJob.ItemToMakeID + `', ` + sqlID36(nestableRecordSQL) + `, 1, ` + sqlID24("1") + `, 3,
       NULL, ` + sqlAt("1") + `, ` + sqlAt("1")},
	// Job messages: five per job of the first fifth of the jobs, every second one pinned to
	// an operation of the job's item to make of the same row.
	{"job_messages", `INSERT INTO job_messages (tenant_id, id, job_id, item_to_make_id, operation_id, body, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, CASE WHEN i % 2 = 0 THEN ` + sqlID36("i") + ` END,
       CASE WHEN i % 2 = 0 THEN ` + sqlID36("i") + ` END, 'message ' || i, ` + sqlAt("i") + ` ` + everyTenant},
	// In-process tracking values: five per operation row (phases in turn, a unit at
	// inProcess), and one at phase inProcess for each assignment k of the routed job item's
	// first operation, of field k, on unit k, recorded k minutes after the epoch.
	{"job_operation_tracking_values", `INSERT INTO job_operation_tracking_values (tenant_id, id, job_id, item_to_make_id,
       operation_id, phase, tracking_id, tracking_field_id, value, unit_number, recorded_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 25 + 1") + `, ` + sqlID36("(i - 1) / 5 + 1") + `,
       ` + sqlID36("(i - 1) / 5 + 1") + `, (ARRAY['setup','inProcess','final'])[1 + (i - 1) % 3], ` + sqlID36("i") + `,
       ` + sqlID24("1 + i % 50") + `, to_jsonb(i), CASE WHEN (i - 1) % 3 = 1 THEN 1 + i % 20 END, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, '` + routedJobItem.JobID + `', '` + routedJobItem.ItemToMakeID + `',
       ` + sqlID36(jobFirstOperationSQL) + `, 'inProcess', ` + sqlID36(jobRecordSQL) + `, ` + sqlID24("k") + `, to_jsonb(k), k,
       ` + sqlAt("k") + ` ` + lineRecords},
	// One operation row per item to make (one in three started), and the rows of the routed
	// job item's routing operations (the second started).
	{"job_operations", `INSERT INTO job_operations (tenant_id, id, job_id, item_to_make_id, status, created_utc, modified_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `,
       CASE WHEN i % 3 = 0 THEN 'started' ELSE 'notStarted' END, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant + `
UNION ALL
SELECT $1, ` + sqlID36(jobRecordSQL) + `, '` + routedJobItem.JobID + `', '` + routedJobItem.ItemToMakeID + `',
       CASE WHEN k = 2 THEN 'started' ELSE 'notStarted' END, ` + sqlAt("k") + `, ` + sqlAt("k") + ` ` + lineRecords + `
UNION ALL
SELECT $1, '` + nestableJob.OperationID + `', '` + nestableJob.JobID + `', '` + nestableJob.ItemToMakeID + `', 'notStarted',
       ` + sqlAt("1") + `, ` + sqlAt("1")},
	// Alerts: one per job operation row (on its job and item to make), nine in ten active;
	// every second at one of 5,000 work centers, every third on one of 4,000 equipment, every
	// fifth of one of 3,000 work orders, named after one of 2,000 names; raised from
	// alertsEpoch on, after every alert the past-due rule raises on the jobs above (due in
	// 2026) when the list is read.
	{"alerts", `INSERT INTO alerts (tenant_id, alert_name, job_id, item_to_make_id, job_operation_id, work_center_id,
       equipment_id, work_order_id, raised_at_utc, active, cleared_utc)
SELECT ten.id, 'Alert ' || (i % 2000), ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID36("i") + `,
       CASE WHEN i % 2 = 0 THEN ` + sqlID24("1 + i % 5000") + ` END, CASE WHEN i % 3 = 0 THEN ` + sqlID24("1 + i % 4000") + ` END,
       CASE WHEN i % 5 = 0 THEN ` + sqlID24("1 + i % 3000") + ` END, ` + sqlAlertAt("i") + `, i % 10 <> 9,
       CASE WHEN i % 10 = 9 THEN ` + sqlAlertAt("i") + ` + interval '1 day' END ` + everyTenant},
	// Timers: one per job operation row, half of them job tracking, the types in turn, for
	// fifty users; one in a hundred running (each of a user of its own, as one runs per user
	// and type).
	{"timers", `INSERT INTO timers (tenant_id, id, user_id, type, source, job_id, item_to_make_id, item_id, job_operation_id,
       started_utc, stopped_utc, rate, seconds, cost)
SELECT ten.id, ` + sqlID24("i") + `, CASE WHEN i % 100 = 0 THEN ` + sqlID24("i / 100") + ` ELSE ` + sqlID24("1 + i % 50") + ` END,
       (ARRAY['setup', 'labor', 'machine'])[1 + i % 3], CASE WHEN i % 2 = 0 THEN 'jobTracking' ELSE 'manual' END,
       ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `, ` + sqlID24("i") + `, ` + sqlID36("i") + `, ` + sqlAt("i") + `,
       CASE WHEN i % 100 <> 0 THEN ` + sqlAt("i") + ` + interval '30 minutes' END, 40,
       CASE WHEN i % 100 <> 0 THEN 1800 ELSE 0 END, CASE WHEN i % 100 <> 0 THEN 20 ELSE 0 END ` + everyTenant},
	// Time-clock entries of fifty users, one in a hundred open (each of a user of its own).
	{"time_clock_entries", `INSERT INTO time_clock_entries (tenant_id, id, user_id, clocked_in_utc, clocked_out_utc)
SELECT ten.id, ` + sqlID24("i") + `, CASE WHEN i % 100 = 0 THEN ` + sqlID24("i / 100") + ` ELSE ` + sqlID24("1 + i % 50") + ` END,
       ` + sqlAt("i") + `, CASE WHEN i % 100 <> 0 THEN ` + sqlAt("i") + ` + interval '8 hours' END ` + everyTenant},
	// Work orders: one in a thousand complete, one in a thousand critical, every second one
	// due; one in a hundred deleted. Each has one operation grouping job operation row i (of
	// its job), freed when the work order is deleted.
	{"work_orders", `INSERT INTO work_orders (tenant_id, id, number, name, status, priority, production_due_date_utc,
       deleted_utc, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, 'Work order ' || ` + sqlWord("wo", "i") + `,
       CASE WHEN i % 1000 = 1 THEN 'complete' ELSE (ARRAY['needsReview', 'approved', 'inProgress'])[1 + i % 3] END,
       CASE WHEN i % 1000 = 2 THEN 'critical' ELSE (ARRAY['low', 'moderate', 'high'])[1 + i % 3] END,
       CASE WHEN i % 2 = 0 THEN ` + sqlAt("i") + ` END, CASE WHEN i % 100 = 99 THEN ` + sqlAt("i") + ` END,
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"work_order_operations", `INSERT INTO work_order_operations (tenant_id, id, work_order_id, sequence, name)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("i") + `, 1, 'Operation ' || i ` + everyTenant},
	{"work_order_job_operations", `INSERT INTO work_order_job_operations (tenant_id, work_order_id, work_order_operation_id,
       position, job_id, job_operation_id, active)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID36("i") + `, 1, ` + sqlID24("(i - 1) / 5 + 1") + `, ` + sqlID36("i") + `,
       i % 100 <> 99 ` + everyTenant},
	// Tool templates; tools (five of each template), one in a thousand retired, one in a
	// thousand at a location, every second one with a passing calibration whose next due day
	// climbs one day every ten rows from 2026-11-01 (so few are due early or overdue); five
	// calibrations of each tool, the third of them failed.
	{"tool_templates", `INSERT INTO tool_templates (tenant_id, id, name, calibration_interval_days, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Template ' || ` + sqlWord("tt", "i") + ` || ' ' || i, 1 + i % 365, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"tools", `INSERT INTO tools (tenant_id, id, serial_number, name, tool_template_id, location_id, status, last_calibrated_date,
       last_passed_date, next_due_date, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'S-' || ` + sqlWord("ts", "i") + ` || '-' || i, 'Tool ' || ` + sqlWord("tn", "i") + `,
       ` + sqlID24("(i - 1) / 5 + 1") + `, CASE WHEN i % 1000 = 7 THEN ` + sqlID24("i / 1000 + 1") + ` END,
       CASE WHEN i % 1000 = 1 THEN 'retired' ELSE (ARRAY['active', 'inCalibration', 'outOfService'])[1 + i % 3] END,
       CASE WHEN i % 2 = 0 THEN date '2026-11-01' + i / 10 - 30 END, CASE WHEN i % 2 = 0 THEN date '2026-11-01' + i / 10 - 30 END,
       CASE WHEN i % 2 = 0 THEN date '2026-11-01' + i / 10 END, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"tool_calibrations", `INSERT INTO tool_calibrations (tenant_id, id, tool_id, result, calibrated_date, created_utc, modified_utc)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `,
       CASE WHEN i % 5 = 3 THEN 'fail' ELSE 'pass' END, date '2026-01-01' + i % 300, ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// NCRs: one in a thousand Closed, named after one of 2,000 types, every second with a
	// title; each with one impact, of job row i on even rows and of item row i on odd ones.
	{"ncrs", `INSERT INTO ncrs (tenant_id, id, number, type, title, detail, status, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, 'Type ' || (i % 2000), CASE WHEN i % 2 = 0 THEN 'Title ' || ` + sqlWord("ncrt", "i") + ` END,
       'Detail ' || ` + sqlWord("ncrd", "i") + `, CASE WHEN i % 1000 = 1 THEN 'Closed' ELSE 'New' END, ` + sqlAt("i") + `,
       ` + sqlAt("i") + ` ` + everyTenant},
	{"ncr_impacts", `INSERT INTO ncr_impacts (tenant_id, id, ncr_id, job_id, item_id, quantity_impacted)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("i") + `, CASE WHEN i % 2 = 0 THEN ` + sqlID24("i") + ` END,
       CASE WHEN i % 2 = 1 THEN ` + sqlID24("i") + ` END, i % 7 ` + everyTenant},
	// CAPAs: one in a thousand Closed (closed a day after creation), one in a thousand a
	// safety issue, every third raised from NCR row i.
	{"capas", `INSERT INTO capas (tenant_id, id, number, capa_type, problem_statement, status, ncr_id, due_date, closed_utc,
       created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i,
       CASE WHEN i % 1000 = 2 THEN 'safetyIssue' ELSE (ARRAY['correctiveAction', 'preventiveAction', 'supplierIssue'])[1 + i % 3] END,
       'Problem ' || i, CASE WHEN i % 1000 = 1 THEN 'Closed' ELSE 'New' END, CASE WHEN i % 3 = 0 THEN ` + sqlID24("i") + ` END,
       ` + sqlAt("i") + ` + interval '30 days', CASE WHEN i % 1000 = 1 THEN ` + sqlAt("i") + ` + interval '1 day' END,
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	// Change orders: the surface enabled for every tenant; one change order in a thousand
	// completed, one in a thousand past due (the others due seventy years on), one in a
	// thousand with a disposition, every second with a new revision item; each with its
	// own customer and item, one impacted job and (the tasks) five tasks a change order.
	{"change_order_settings", `INSERT INTO change_order_settings (tenant_id, enabled)
SELECT t, true FROM unnest(ARRAY[$1, $2, $3, $4]::text[]) AS t`},
	{"change_order_dispositions", `INSERT INTO change_order_dispositions (tenant_id, id, name, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, 'Disposition ' || i || ' ' || ` + sqlWord("codisp", "i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"change_orders", `INSERT INTO change_orders (tenant_id, id, number, customer_id, customer_name, original_item_id,
       original_item_number, new_item_id, new_item_number, requested_utc, due_date_utc, completed_utc, status, detail,
       disposition_id, notifications_enabled, created_utc, modified_utc)
SELECT ten.id, ` + sqlID24("i") + `, i, ` + sqlID24("i") + `, 'Customer ' || ` + sqlWord("coc", "i") + `, ` + sqlID24("i") + `,
       'N' || ` + sqlWord("coi", "i") + `, CASE WHEN i % 2 = 0 THEN ` + sqlID24("i + 1") + ` END,
       CASE WHEN i % 2 = 0 THEN 'N' || ` + sqlWord("coi", "i + 1") + ` END, ` + sqlAt("i") + `,
       CASE WHEN i % 1000 = 5 THEN ` + sqlAt("i") + ` ELSE ` + sqlAt("i") + ` + interval '70 years' END,
       CASE WHEN i % 1000 = 1 THEN ` + sqlAt("i") + ` END,
       CASE WHEN i % 1000 = 1 THEN 'completed' ELSE (ARRAY['new', 'inProgress'])[1 + i % 2] END,
       'Detail ' || ` + sqlWord("codetail", "i") + `, CASE WHEN i % 1000 = 7 THEN ` + sqlID24("i") + ` END, false,
       ` + sqlAt("i") + `, ` + sqlAt("i") + ` ` + everyTenant},
	{"change_order_impacted_records", `INSERT INTO change_order_impacted_records (tenant_id, id, change_order_id, position,
       document_type, document_id, disposition)
SELECT ten.id, ` + sqlID36("i") + `, ` + sqlID24("i") + `, 1, 'job', ` + sqlID24("i") + `, 'Revision' ` + everyTenant},
	{"change_order_tasks", `INSERT INTO change_order_tasks (tenant_id, id, change_order_id, sequence, name, created_utc)
SELECT ten.id, ` + sqlID24("i") + `, ` + sqlID24("(i - 1) / 5 + 1") + `, (i - 1) % 5 + 1, 'Task ' || i, ` + sqlAt("i") + ` ` + everyTenant},
}

// fillWorkers is how many tables fillTables writes at once.
const fillWorkers = 2

// fillTables writes tableRows into the database at dbURL for the lists' tenant listed, two
// others, and the units list's tenant units, the way a bulk load is done: a table's indexes
// (but those of its keys) are dropped before its rows are written and created again, with
// the same definitions, after; the table is then analyzed, so that the planner knows its
// size. It writes on connections of its own, without a statement timeout, and with foreign
// key checks off where it may turn them off (a superuser's session, as the throwaway test
// clusters give; the rows keep every key anyway), fillWorkers tables at a time; where the
// checks stay on, one table after the other, in the order of tableRows.
func fillTables(ctx context.Context, dbURL, listed, other1, other2, units string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	filler, err := sql.Open("postgres", dbURL)
	if err != nil {
		return err
	}
	defer func() { _ = filler.Close() }()
	workers := fillWorkers
	conns := make([]*sql.Conn, 0, workers)
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for len(conns) < workers {
		conn, err := filler.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, conn)
		if _, err := conn.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
			return err
		}
		if _, err := conn.ExecContext(ctx, `SET session_replication_role = replica`); err != nil {
			workers = 1
		}
	}
	tables := make(chan int)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for _, conn := range conns[:workers] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range tables {
				if err := fillTable(ctx, conn, tableRows[i].table, tableRows[i].sql, listed, other1, other2, units); err != nil {
					errs <- err
					cancel() // the other worker stops at its next statement
					return
				}
			}
		}()
	}
send:
	for i := range tableRows {
		select {
		case tables <- i:
		case <-ctx.Done():
			break send
		}
	}
	close(tables)
	wg.Wait()
	close(errs)
	return <-errs
}

// indexesSQL lists the indexes of table $1 that back no constraint, with their definitions.
const indexesSQL = `SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index
WHERE indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)`

// fillTable writes table's rows with insert, its indexes dropped meanwhile, and analyzes it.
func fillTable(ctx context.Context, conn *sql.Conn, table, insert string, args ...any) error {
	names, defs, err := indexesOf(ctx, conn, table)
	if err != nil {
		return fmt.Errorf("fill %s: %w", table, err)
	}
	steps := []string{}
	for _, name := range names {
		steps = append(steps, `DROP INDEX `+name)
	}
	steps = append(steps, insert)
	steps = append(steps, defs...)
	steps = append(steps, `ANALYZE `+table)
	for _, step := range steps {
		var stepArgs []any
		if step == insert {
			stepArgs = args
		}
		if _, err := conn.ExecContext(ctx, step, stepArgs...); err != nil {
			return fmt.Errorf("fill %s: %s: %w", table, strings.SplitN(step, "\n", 2)[0], err)
		}
	}
	return nil
}

// indexesOf answers the names and definitions of table's indexes that back no constraint.
func indexesOf(ctx context.Context, conn *sql.Conn, table string) (names, defs []string, err error) {
	rows, err := conn.QueryContext(ctx, indexesSQL, table)
	if err != nil {
		return nil, nil, err
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
