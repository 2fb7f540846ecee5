package invoices

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/platform/listing"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/paymentterms"
)

// invoiceStore writes what is particular to an invoice's header; header serves the statements
// every document's header shares (docheaders).
type invoiceStore struct {
	header *invoiceHeader
}

// invoiceHeader is the invoice's header lifecycle (docheaders).
type invoiceHeader = docheaders.Header[Invoice, invoiceRow]

// newInvoiceHeader declares the invoice header to the shared lifecycle.
func newInvoiceHeader(pool *db.Pool, fields docheaders.CustomFields) *invoiceHeader {
	return docheaders.Declare[Invoice, invoiceRow](pool, fields, docheaders.Declaration{
		Table: "invoices", Noun: "invoice", Answer: invoiceAnswerWithTag,
		Module: customfields.ModuleInvoice, References: extref.Invoice,
		LineParent: `t.id, t.status, t.sales_order_id, t.currency_code, t.primary_currency_code, t.exchange_rate`,
	})
}

type invoiceRow struct {
	ID                  string              `db:"id"`
	Number              int64               `db:"number"`
	Status              Status              `db:"status"`
	CustomerID          string              `db:"customer_id"`
	SalesOrderID        string              `db:"sales_order_id"`
	CurrencyCode        string              `db:"currency_code"`
	PrimaryCurrencyCode string              `db:"primary_currency_code"`
	ExchangeRate        dec                 `db:"exchange_rate"`
	IssueDate           *time.Time          `db:"issue_date"`
	DueDate             *time.Time          `db:"due_date"`
	PaidDate            *time.Time          `db:"paid_date"`
	CustomerPoNumber    *string             `db:"customer_po_number"`
	NotesToCustomer     *string             `db:"notes_to_customer"`
	PaymentTermsID      *string             `db:"payment_terms_id"`
	CompanyInfoID       *string             `db:"company_info_id"`
	BillingAddress      []byte              `db:"billing_address"`
	IsDeposit           bool                `db:"is_deposit"`
	ExternalReferences  extref.References   `db:"external_references"`
	CustomFields        customfields.Column `db:"custom_fields"`
	Deleted             bool                `db:"deleted"`
	LineItemsTotal      dec                 `db:"line_items_total"`
	DiscountTotal       dec                 `db:"discount_total"`
	TaxTotal            dec                 `db:"tax_total"`
	DepositAdjustment   dec                 `db:"deposit_adjustment_total"`
	ProgressAdjustment  dec                 `db:"progress_billing_adjustment_total"`
	RefundTotal         dec                 `db:"refund_total"`
	Total               dec                 `db:"total"`
	SubTotal            dec                 `db:"sub_total"`
	CreatedUtc          time.Time           `db:"created_utc"`
	ModifiedUtc         time.Time           `db:"modified_utc"`
	PaymentTermsName    *string             `db:"payment_terms_name"`
	ETag                string              `db:"etag"`
}

// Record is the invoice the row holds.
func (r invoiceRow) Record() (Invoice, error) {
	out := Invoice{
		ID: r.ID, Number: r.Number, Status: r.Status, CustomerID: r.CustomerID, SalesOrderID: r.SalesOrderID,
		CurrencyCode: r.CurrencyCode, PrimaryCurrencyCode: r.PrimaryCurrencyCode, ExchangeRate: r.ExchangeRate,
		IssueDate: r.IssueDate, DueDate: calendardate.StoredPtr(r.DueDate), PaidDate: calendardate.StoredPtr(r.PaidDate),
		CustomerPoNumber: r.CustomerPoNumber, NotesToCustomer: r.NotesToCustomer, PaymentTermsID: r.PaymentTermsID,
		CompanyInfoID: r.CompanyInfoID, IsDeposit: r.IsDeposit, ExternalReferences: r.ExternalReferences,
		CustomFields: r.CustomFields, Deleted: r.Deleted, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		Version: r.ETag,
		Totals: Totals{LineItemsTotal: r.LineItemsTotal, Discount: r.DiscountTotal, Tax: r.TaxTotal, Total: r.Total, SubTotal: r.SubTotal,
			DepositAdjustment: r.DepositAdjustment, ProgressBillingAdjustment: r.ProgressAdjustment, Refunds: r.RefundTotal},
	}
	if out.IssueDate != nil {
		u := out.IssueDate.UTC()
		out.IssueDate = &u
	}
	if r.PaymentTermsID != nil && r.PaymentTermsName != nil {
		out.PaymentTerms = &Reference{ID: *r.PaymentTermsID, Name: *r.PaymentTermsName}
	}
	if len(r.BillingAddress) > 0 && string(r.BillingAddress) != "null" {
		var a Address
		if err := json.Unmarshal(r.BillingAddress, &a); err != nil {
			return Invoice{}, fmt.Errorf("read invoice billing address: %w", err)
		}
		out.BillingAddress = &a
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	return out, nil
}

// addressColumn is an address as a nullable jsonb value.
func addressColumn(a *Address) (any, error) {
	if a == nil {
		return nil, nil
	}
	b, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode invoice billing address: %w", err)
	}
	return string(b), nil
}

const invoiceColumns = `id, number, status, customer_id, sales_order_id, currency_code, primary_currency_code, exchange_rate,
       issue_date, due_date, paid_date, customer_po_number, notes_to_customer, payment_terms_id, company_info_id,
       billing_address, is_deposit, external_references, custom_fields, deleted, line_items_total, discount_total,
       tax_total, deposit_adjustment_total, progress_billing_adjustment_total, refund_total, total, sub_total,
       created_utc, modified_utc`

// invoiceAnswerColumns are an invoice's columns and the name of its payment terms, over the
// invoices row aliased t, so that a read answers the invoice in one statement.
func invoiceAnswerColumns() string {
	parts := strings.Split(invoiceColumns, ",")
	for i, c := range parts {
		parts[i] = "t." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ") + `,
       ` + paymentterms.NameSQL("t.tenant_id", "t.payment_terms_id") + ` AS payment_terms_name`
}

// invoiceShowsSQL is what an invoice's answer shows from other areas' rows (the name of its
// payment terms), over the invoice aliased t: its ETag folds it in.
func invoiceShowsSQL() string {
	return paymentterms.VersionSQL("t.tenant_id", "t.payment_terms_id")
}

// invoiceAnswerWithTag is what a read or write answering an invoice selects over its row
// aliased t: the answer and its ETag, read together.
var invoiceAnswerWithTag = invoiceAnswerColumns() + `, ` + conditional.TagSQL(invoiceShowsSQL()) + ` AS etag`

// invoiceInsert is a new invoice's row.
type invoiceInsert struct {
	ID, CustomerID, SalesOrderID      string
	Number, SalesOrderNumber          int64
	CurrencyCode, PrimaryCurrencyCode string
	ExchangeRate                      dec
	IssueDate, DueDate                *time.Time
	CustomerPoNumber, NotesToCustomer *string
	PaymentTermsID, CompanyInfoID     *string
	BillingAddress                    *Address
	TakesDiscount, TakesShipping      bool
	ShippingCharge                    dec
	ShippingIsTaxable                 bool
	ExternalReferences                extref.References
	CustomFields                      map[string]any
}

const insertInvoiceSQL = `
INSERT INTO invoices (tenant_id, id, number, customer_id, sales_order_id, sales_order_number, currency_code, primary_currency_code,
       exchange_rate, issue_date, issue_day, due_date, customer_po_number, notes_to_customer, payment_terms_id,
       company_info_id, billing_address, takes_order_discount, takes_order_shipping, shipping_charge,
       shipping_charge_is_taxable, external_references, custom_fields)
VALUES ($1, $2, $3, $4, $5, $23, $6, $7, $8, $9, $10::date, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`

func (invoiceStore) insert(ctx context.Context, q db.Q, tenantID string, r invoiceInsert) error {
	billing, err := addressColumn(r.BillingAddress)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, insertInvoiceSQL, tenantID, r.ID, r.Number, r.CustomerID, r.SalesOrderID, r.CurrencyCode,
		r.PrimaryCurrencyCode, r.ExchangeRate, r.IssueDate, calendardate.Column(r.IssueDate), calendardate.Column(r.DueDate),
		r.CustomerPoNumber, r.NotesToCustomer, r.PaymentTermsID, r.CompanyInfoID, billing, r.TakesDiscount,
		r.TakesShipping, r.ShippingCharge, r.ShippingIsTaxable, r.ExternalReferences, customfields.Column(r.CustomFields), r.SalesOrderNumber)
	return invoiceWriteErr(err, r.PaymentTermsID, r.CompanyInfoID)
}

// invoiceWriteErr turns the references a write can break into 404s naming the member.
func invoiceWriteErr(err error, paymentTermsID, companyInfoID *string) error {
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		fields := apperr.Fields{}
		switch {
		case constraint == "invoices_payment_terms_fkey" && paymentTermsID != nil:
			fields.Add("paymentTermsId", "payment terms %s not found", *paymentTermsID)
			return fields.NotFoundErr()
		case constraint == "invoices_company_fkey" && companyInfoID != nil:
			fields.Add("companyInfoId", "company %s not found", *companyInfoID)
			return fields.NotFoundErr()
		}
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) && !apperr.IsKind(err, apperr.KindInvalid) {
		return fmt.Errorf("save invoice: %w", err)
	}
	return err
}

// invoiceUpdate is the row a full update stores. IssueDay is the day the list filters on
// (the issue date as written, or the kept stamped day).
type invoiceUpdate struct {
	IssueDate                         *time.Time
	IssueDay                          *time.Time
	IssueStamped                      bool
	DueDate                           *time.Time
	CustomerPoNumber, NotesToCustomer *string
	PaymentTermsID, CompanyInfoID     *string
	BillingAddress                    *Address
	ExchangeRate                      dec
	ExternalReferences                extref.References
	CustomFields                      map[string]any
}

var updateInvoiceSQL = `
UPDATE invoices t SET issue_date = $3, issue_day = $4::date, issue_date_stamped = $5, due_date = $6,
       customer_po_number = $7, notes_to_customer = $8, payment_terms_id = $9, company_info_id = $10,
       billing_address = $11, exchange_rate = $12, external_references = $13, custom_fields = $14,
       modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + invoiceAnswerWithTag

func (s invoiceStore) update(ctx context.Context, q db.Q, tenantID, id string, u invoiceUpdate) (Invoice, error) {
	billing, err := addressColumn(u.BillingAddress)
	if err != nil {
		return Invoice{}, err
	}
	saved, err := s.header.One(ctx, q, id, updateInvoiceSQL, tenantID, id, u.IssueDate, calendardate.Column(u.IssueDay),
		u.IssueStamped, calendardate.Column(u.DueDate), u.CustomerPoNumber, u.NotesToCustomer, u.PaymentTermsID,
		u.CompanyInfoID, billing, u.ExchangeRate, u.ExternalReferences, customfields.Column(u.CustomFields))
	if err != nil {
		return Invoice{}, invoiceWriteErr(err, u.PaymentTermsID, u.CompanyInfoID)
	}
	return saved, nil
}

const issueStateSQL = `SELECT issue_date_stamped FROM invoices WHERE tenant_id = $1 AND id = $2`

// issueStamped reports whether the invoice's issue date was stamped by sending.
func (invoiceStore) issueStamped(ctx context.Context, q db.Q, tenantID, id string) (bool, error) {
	var stamped bool
	if err := q.QueryRowxContext(ctx, issueStateSQL, tenantID, id).Scan(&stamped); err != nil {
		return false, fmt.Errorf("read invoice issue date: %w", err)
	}
	return stamped, nil
}

var statusSQL = `
UPDATE invoices t SET status = $3, paid_date = $4::date,
       issue_date = COALESCE(t.issue_date, $5), issue_day = COALESCE(t.issue_day, $6::date),
       issue_date_stamped = t.issue_date_stamped OR (t.issue_date IS NULL AND $5 IS NOT NULL),
       modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + invoiceAnswerWithTag

// storeStatus stores a status move with the paid day (nil: none) and, when the invoice has no
// issue date yet, the stamped issue instant and its shop day (nil: none stamped).
func (s invoiceStore) storeStatus(ctx context.Context, q db.Q, tenantID, id string, next Status, paid *time.Time, stamp *time.Time, stampDay *time.Time) (Invoice, error) {
	return s.header.One(ctx, q, id, statusSQL, tenantID, id, string(next), calendardate.Column(paid), stamp, calendardate.Column(stampDay))
}

const releaseChargesSQL = `
UPDATE invoices SET takes_order_discount = false, takes_order_shipping = false WHERE tenant_id = $1 AND id = $2`

const releaseFeesSQL = `
UPDATE invoice_fee_lines SET sales_order_fee_line_id = NULL WHERE tenant_id = $1 AND invoice_id = $2`

// releaseCharges gives the order's charges an invoice carries back to its order: its fee
// lines no longer hold the order's fee lines, nor the header the amount discount and the
// shipping charge (the next invoice of the order takes them). Two statements.
func (invoiceStore) releaseCharges(ctx context.Context, q db.Q, tenantID, id string) error {
	if _, err := q.ExecContext(ctx, releaseFeesSQL, tenantID, id); err != nil {
		return fmt.Errorf("release invoice fee lines: %w", err)
	}
	if _, err := q.ExecContext(ctx, releaseChargesSQL, tenantID, id); err != nil {
		return fmt.Errorf("release invoice charges: %w", err)
	}
	return nil
}

// invoiceSortFields are the Invoice properties the list can be sorted by.
var invoiceSortFields = map[string]string{
	"id":          "t.id",
	"number":      "t.number",
	"createdUtc":  "t.created_utc",
	"modifiedUtc": "t.modified_utc",
	"issueDate":   "t.issue_date",
	"dueDate":     "t.due_date",
	"total":       "t.total",
	"status":      "t.status",
}

// invoiceListSpec: newest first, then id descending (the invoices_created_idx order).
var invoiceListSpec = listing.Spec{Fields: invoiceSortFields, Default: "createdUtc", DefaultDescending: true, IDColumn: "t.id"}

// list reads a page of the invoices matching f, one at a time.
func (invoiceStore) list(ctx context.Context, q db.Q, tenantID string, f Filter, p listing.Page) (*db.Cursor[Invoice], error) {
	lq := listing.NewQuery("t.tenant_id", tenantID)
	if !f.IncludeDeleted {
		lq.Where("t.deleted = %s", false)
	}
	listing.AnyNumber(lq, "t.number", f.Numbers)
	listing.AnyOf(lq, "t.customer_id", f.CustomerIDs)
	listing.AnyOf(lq, "t.sales_order_id", f.OrderIDs)
	if f.Status != nil {
		lq.Where("t.status = %s", string(*f.Status))
	}
	if f.IssueFrom != nil {
		lq.Where("t.issue_day >= %s::date", f.IssueFrom.Format(time.DateOnly))
	}
	if f.IssueTo != nil {
		lq.Where("t.issue_day <= %s::date", f.IssueTo.Format(time.DateOnly))
	}
	listing.IfSet(lq, "t.modified_utc > %s", f.ModifiedAfterUtc)
	if err := extref.Narrow(lq, "t.external_references", f.ExternalReference); err != nil {
		return nil, err
	}
	query, args := lq.SQL(`SELECT `+invoiceAnswerColumns()+` FROM invoices t`, p)
	cur, err := db.Query(ctx, q, scanInvoice, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list invoices: %w", err)
	}
	return cur, nil
}

func scanInvoice(rows *sqlx.Rows) (Invoice, error) {
	var r invoiceRow
	if err := rows.StructScan(&r); err != nil {
		return Invoice{}, fmt.Errorf("read invoice: %w", err)
	}
	return r.Record()
}

// getRecord reads the one row query finds as R and answers it converted by record; no row is
// notFound.
func getRecord[R, T any](ctx context.Context, q db.Q, record func(R) (T, error), notFound error, what, query string, args ...any) (T, error) {
	var r R
	var zero T
	err := sqlx.GetContext(ctx, q, &r, query, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return zero, notFound
	}
	if err != nil {
		return zero, fmt.Errorf("read %s: %w", what, err)
	}
	return record(r)
}

// selectRecords reads the rows query finds as R and answers them converted by record, in
// their order.
func selectRecords[R, T any](ctx context.Context, q db.Q, record func(R) (T, error), what, query string, args ...any) ([]T, error) {
	var rows []R
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	out := make([]T, len(rows))
	for i, r := range rows {
		l, err := record(r)
		if err != nil {
			return nil, err
		}
		out[i] = l
	}
	return out, nil
}
