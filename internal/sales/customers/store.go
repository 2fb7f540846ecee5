package customers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/sales/tiers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/paymentterms"
)

type customerStore struct{}

type customerRow struct {
	ID                 string              `db:"id"`
	Name               string              `db:"name"`
	CustomerCode       *string             `db:"customer_code"`
	CurrencyCode       string              `db:"currency_code"`
	CreditLimit        *dec.Decimal        `db:"credit_limit"`
	PaymentTermsID     *string             `db:"payment_terms_id"`
	SalesPersonID      *string             `db:"sales_person_id"`
	URL                *string             `db:"url"`
	IsTaxable          *bool               `db:"is_taxable"`
	TaxRateIDs         pq.StringArray      `db:"tax_rate_ids"`
	ExternalReferences extref.References   `db:"external_references"`
	CustomFields       customfields.Column `db:"custom_fields"`
	Notes              *string             `db:"notes"`
	HasCustomerPortal  *bool               `db:"has_customer_portal"`
	CustomerTierID     *string             `db:"customer_tier_id"`
	Deleted            bool                `db:"deleted"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
	// What the customer shows from other areas' rows (customerAnswerColumns).
	PaymentTermsName *string `db:"payment_terms_name"`
	CustomerTierName *string `db:"customer_tier_name"`
	// ETag is the customer's ETag, read with it by get, update and setTier (conditional.TagSQL).
	ETag string `db:"etag"`
}

func (r customerRow) toCustomer() Customer {
	currency := r.CurrencyCode
	taxRates := []string(r.TaxRateIDs)
	if taxRates == nil {
		taxRates = []string{}
	}
	return Customer{
		ID: r.ID,
		CustomerWrite: CustomerWrite{
			Name: r.Name, CustomerCode: r.CustomerCode, CurrencyCode: &currency, CreditLimit: r.CreditLimit,
			PaymentTermsID: r.PaymentTermsID, SalesPersonID: r.SalesPersonID, URL: r.URL, IsTaxable: r.IsTaxable,
			TaxRateIDs: taxRates, ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields,
			Notes: r.Notes, HasCustomerPortal: r.HasCustomerPortal,
		},
		PaymentTerms:     reference(r.PaymentTermsID, r.PaymentTermsName),
		CustomerTierID:   r.CustomerTierID,
		CustomerTierName: r.CustomerTierName,
		Deleted:          r.Deleted,
		CreatedUtc:       r.CreatedUtc,
		ModifiedUtc:      r.ModifiedUtc,
		Version:          r.ETag,
	}
}

// reference is the record id names, with its name, or nil when there is none.
func reference(id, name *string) *Reference {
	if id == nil || name == nil {
		return nil
	}
	return &Reference{ID: *id, Name: *name}
}

const customerColumns = `id, name, customer_code, currency_code, credit_limit, payment_terms_id, sales_person_id,
       url, is_taxable, tax_rate_ids, external_references, custom_fields, notes, has_customer_portal,
       customer_tier_id, deleted, created_utc, modified_utc`

// customerAnswerColumns are a customer's columns and the names it shows from other areas'
// rows (its payment terms' and tier's), over the customers row called table (the table or
// its alias), so that a read answers the customer in one statement.
func customerAnswerColumns(table string) string {
	return customerColumns + `,
       ` + paymentterms.NameSQL(table+".tenant_id", table+".payment_terms_id") + ` AS payment_terms_name,
       ` + tiers.NameSQL(table+".tenant_id", table+".customer_tier_id") + ` AS customer_tier_name`
}

// customerAnswerWithTag is what a read or write answering a customer selects over its row
// aliased t: the answer and its ETag, read together so that the ETag is exactly as old as
// the answer.
var customerAnswerWithTag = customerAnswerColumns("t") + `, ` + conditional.TagSQL(customerShowsSQL()) + ` AS etag`

// customerWriteArgs are the bind parameters $3 to $15 of insertCustomerSQL and
// updateCustomerSQL, in column order.
func customerWriteArgs(w CustomerWrite) []any {
	return []any{w.Name, w.CustomerCode, w.CurrencyCode, w.CreditLimit, w.PaymentTermsID, w.SalesPersonID,
		w.URL, w.IsTaxable, pq.StringArray(w.TaxRateIDs), w.ExternalReferences, customfields.Column(w.CustomFields),
		w.Notes, w.HasCustomerPortal}
}

const insertCustomerSQL = `
INSERT INTO customers (tenant_id, id, name, customer_code, currency_code, credit_limit, payment_terms_id,
       sales_person_id, url, is_taxable, tax_rate_ids, external_references, custom_fields, notes, has_customer_portal)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`

func (customerStore) insert(ctx context.Context, q db.Q, tenantID, id string, w CustomerWrite) error {
	_, err := q.ExecContext(ctx, insertCustomerSQL, append([]any{tenantID, id}, customerWriteArgs(w)...)...)
	return customerWriteErr(err, w)
}

var updateCustomerSQL = `
UPDATE customers t SET name = $3, customer_code = $4, currency_code = $5, credit_limit = $6, payment_terms_id = $7,
       sales_person_id = $8, url = $9, is_taxable = $10, tax_rate_ids = $11, external_references = $12,
       custom_fields = $13, notes = $14, has_customer_portal = $15, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + customerAnswerWithTag

// update replaces the writable members of an active customer and returns it as stored.
func (s customerStore) update(ctx context.Context, q db.Q, tenantID, id string, w CustomerWrite) (Customer, error) {
	c, err := s.getOne(ctx, q, id, updateCustomerSQL, append([]any{tenantID, id}, customerWriteArgs(w)...)...)
	if err != nil {
		return Customer{}, customerWriteErr(err, w)
	}
	return c, nil
}

var setCustomerTierSQL = `
UPDATE customers t SET customer_tier_id = $3, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted
RETURNING ` + customerAnswerWithTag

// setTier assigns an active customer to a tier (nil: none) and returns it as stored.
func (s customerStore) setTier(ctx context.Context, q db.Q, tenantID, id string, tierID *string) (Customer, error) {
	c, err := s.getOne(ctx, q, id, setCustomerTierSQL, tenantID, id, tierID)
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "customers_customer_tier_fkey" {
		return Customer{}, apperr.NotFound("customer tier %s not found", *tierID)
	}
	return c, err
}

// customerWriteErr turns the constraints a write can break into the client's errors: a taken
// name or code is a 400 naming the field; a reference to a record the tenant does not have is
// a 404 naming the field and the id.
func customerWriteErr(err error, w CustomerWrite) error {
	if constraint, ok := db.UniqueViolation(err); ok {
		switch constraint {
		case "customers_name_key":
			return apperr.Field("name", "an active customer named %q already exists", w.Name)
		case "customers_customer_code_key":
			return apperr.Field("customerCode", "an active customer with code %q already exists", orEmpty(w.CustomerCode))
		}
	}
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		switch constraint {
		case "customers_payment_terms_fkey":
			return apperr.NotFound("paymentTermsId: payment terms %s not found", orEmpty(w.PaymentTermsID))
		case "customers_sales_person_fkey":
			return apperr.NotFound("salesPersonId: user %s not found", orEmpty(w.SalesPersonID))
		}
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) {
		return fmt.Errorf("save customer: %w", err)
	}
	return err
}

func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

const deleteCustomerSQL = `
UPDATE customers SET deleted = true, modified_utc = now()
WHERE tenant_id = $1 AND id = $2 AND NOT deleted`

// softDelete marks an active customer deleted and reports whether there was one.
func (customerStore) softDelete(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteCustomerSQL, tenantID, id)
	if err != nil {
		return false, fmt.Errorf("delete customer: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete customer: %w", err)
	}
	return n > 0, nil
}

// getCustomerSQL reads a customer with what it shows and its ETag, in one statement.
var getCustomerSQL = `SELECT ` + customerAnswerWithTag + ` FROM customers t WHERE t.tenant_id = $1 AND t.id = $2`

// get reads a customer, deleted or not, with its ETag (Customer.Version).
func (s customerStore) get(ctx context.Context, q db.Q, tenantID, id string) (Customer, error) {
	return s.getOne(ctx, q, id, getCustomerSQL, tenantID, id)
}

var getActiveCustomerForUpdateSQL = `SELECT ` + customerAnswerColumns("customers") + `
FROM customers WHERE tenant_id = $1 AND id = $2 AND NOT deleted FOR UPDATE OF customers`

// getActiveForUpdate reads an active customer and locks its row until the transaction ends;
// a deleted customer is NotFound.
func (s customerStore) getActiveForUpdate(ctx context.Context, q db.Q, tenantID, id string) (Customer, error) {
	return s.getOne(ctx, q, id, getActiveCustomerForUpdateSQL, tenantID, id)
}

// getOne runs a query answering customer id's row; no row is NotFound. Every query it runs
// has a fixed text, so it runs prepared (parsed and planned once per connection): a
// customer's read by id is the API's most frequent statement.
func (customerStore) getOne(ctx context.Context, q db.Q, id, query string, args ...any) (Customer, error) {
	var r customerRow
	err := db.GetPrepared(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return Customer{}, customerNotFound(id)
	}
	if err != nil {
		return Customer{}, err
	}
	return r.toCustomer(), nil
}

// customerSortFields are the Customer properties a list can be sorted by. The names of the payment
// terms and tier come from their own areas' tables, which those packages alone know.
var customerSortFields = map[string]string{
	"id":                "c.id",
	"name":              "lower(c.name)",
	"customerCode":      "lower(c.customer_code)",
	"currencyCode":      "c.currency_code",
	"creditLimit":       "c.credit_limit",
	"createdUtc":        "c.created_utc",
	"modifiedUtc":       "c.modified_utc",
	"customerTierName":  tiers.NameSortSQL("c.tenant_id", "c.customer_tier_id"),
	"paymentTerms.name": paymentterms.NameSortSQL("c.tenant_id", "c.payment_terms_id"),
}

var customerListSpec = listing.Spec{Fields: customerSortFields, Default: "name", IDColumn: "c.id"}

// customerShowsSQL is what a customer's answer shows from other areas' rows (the names of its
// payment terms and tier), over the customer aliased t: its ETag folds it in.
func customerShowsSQL() string {
	return `concat(` + paymentterms.VersionSQL("t.tenant_id", "t.payment_terms_id") + `, ',', ` +
		tiers.VersionSQL("t.tenant_id", "t.customer_tier_id") + `)`
}

// VersionSQL is the SQL expression of the version of the customer in the given tenant and id
// columns (NULL when there is none): a record of another area that shows the customer or
// orders records by its name folds it into its ETag, so that the ETag changes when the
// customer changes.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT v.version FROM customers v WHERE v.tenant_id = %s AND v.id = %s)`, tenantColumn, idColumn)
}

// NameSQL is the SQL expression of the name of the customer in the given tenant and id
// columns (NULL when there is none), deleted or not: a record of another area that shows the
// customer's name reads it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT cu.name FROM customers cu WHERE cu.tenant_id = %s AND cu.id = %s)`, tenantColumn, idColumn)
}

// NameSortSQL is the SQL expression another area's list sorts by to order its records by
// the name of the customer they refer to (as this list sorts names), given its tenant and
// customer id columns; NULL when there is none. Sorting a page has to happen in SQL, so
// this is the one place other areas reach the table, and only through this package.
func NameSortSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT lower(cu.name) FROM customers cu WHERE cu.tenant_id = %s AND cu.id = %s)`, tenantColumn, idColumn)
}

// customerContactEmailSQL matches customers with a contact of the given (lowercased) email.
const customerContactEmailSQL = `EXISTS (SELECT 1 FROM customer_contacts cc
        WHERE cc.tenant_id = c.tenant_id AND cc.customer_id = c.id AND lower(cc.email) = %s)`

// list reads a page of the customers matching f, one at a time.
func (customerStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[Customer], error) {
	lq := listing.NewQuery("c.tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("c.deleted = %s", false)
	}
	if f.Name != nil {
		lq.Where("c.name ILIKE %s", listing.ContainsPattern(*f.Name))
	}
	if f.CustomerCode != nil {
		lq.Where("lower(c.customer_code) = %s", strings.ToLower(*f.CustomerCode))
	}
	if f.Email != nil {
		lq.Where(customerContactEmailSQL, strings.ToLower(*f.Email))
	}
	listing.IfSet(lq, "c.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "c.external_references", f.ExternalReference); err != nil {
		return nil, err
	}
	query, args := lq.SQL(`SELECT `+customerAnswerColumns("c")+` FROM customers c`, p)
	cur, err := db.Query(ctx, q, scanCustomer, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list customers: %w", err)
	}
	return cur, nil
}

func scanCustomer(rows *sqlx.Rows) (Customer, error) {
	var r customerRow
	if err := rows.StructScan(&r); err != nil {
		return Customer{}, fmt.Errorf("read customer: %w", err)
	}
	return r.toCustomer(), nil
}

var customersByIDsSQL = `SELECT ` + customerAnswerColumns("customers") + ` FROM customers WHERE tenant_id = $1 AND id = ANY($2)`

// byIDs reads the tenant's customers among ids, deleted or not.
func (customerStore) byIDs(ctx context.Context, q db.Q, tenantID string, ids []string) ([]Customer, error) {
	var rows []customerRow
	if err := sqlx.SelectContext(ctx, q, &rows, customersByIDsSQL, tenantID, pq.StringArray(ids)); err != nil {
		return nil, fmt.Errorf("customers by ids: %w", err)
	}
	out := make([]Customer, len(rows))
	for i, r := range rows {
		out[i] = r.toCustomer()
	}
	return out, nil
}

func customerNotFound(customerID string) error {
	return apperr.NotFound("customer %s not found", customerID)
}
