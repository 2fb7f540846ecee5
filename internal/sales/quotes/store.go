package quotes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/calendardate"
	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	"mos/internal/platform/extref"
	"mos/internal/sales/customers"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/paymentterms"
)

// quoteStore writes what is particular to a quote's header; header serves the statements every
// document's header shares (docheaders).
type quoteStore struct {
	header *quoteHeader
}

// quoteHeader is the quote's header lifecycle (docheaders).
type quoteHeader = docheaders.Header[Quote, quoteRow]

// newQuoteHeader declares the quote header to the shared lifecycle.
func newQuoteHeader(pool *db.Pool, fields docheaders.CustomFields) *quoteHeader {
	return docheaders.Declare[Quote, quoteRow](pool, fields, docheaders.Declaration{
		Table: "quotes", Noun: "quote", Answer: quoteAnswerWithTag,
		Module: customfields.ModuleQuote, References: extref.Quote,
		LineParent: `t.id, t.status, t.currency_code, t.customer_id`,
	})
}

type quoteRow struct {
	ID                  string              `db:"id"`
	Number              int64               `db:"number"`
	CustomerID          string              `db:"customer_id"`
	Contact             []byte              `db:"contact"`
	BillingAddress      []byte              `db:"billing_address"`
	ShippingAddress     []byte              `db:"shipping_address"`
	SalesPersonID       *string             `db:"sales_person_id"`
	CurrencyCode        string              `db:"currency_code"`
	PaymentTermsID      *string             `db:"payment_terms_id"`
	Status              Status              `db:"status"`
	QuotedUtc           *time.Time          `db:"quoted_utc"`
	ExpirationDate      time.Time           `db:"expiration_date"`
	ExpirationIsDefault bool                `db:"expiration_is_default"`
	DueDate             *time.Time          `db:"due_date"`
	Notes               *string             `db:"notes"`
	ExternalReferences  extref.References   `db:"external_references"`
	CustomFields        customfields.Column `db:"custom_fields"`
	CreatedByUserID     *string             `db:"created_by_user_id"`
	Deleted             bool                `db:"deleted"`
	LineSubTotal        dec                 `db:"line_sub_total"`
	FeeTotal            dec                 `db:"fee_total"`
	SubTotal            dec                 `db:"sub_total"`
	DiscountTotal       dec                 `db:"discount_total"`
	TaxableBase         dec                 `db:"taxable_base"`
	NonTaxableBase      dec                 `db:"non_taxable_base"`
	TaxTotal            dec                 `db:"tax_total"`
	Total               dec                 `db:"total"`
	CreatedUtc          time.Time           `db:"created_utc"`
	ModifiedUtc         time.Time           `db:"modified_utc"`
	// What the quote shows from other areas' rows (quoteAnswerColumns).
	CustomerName     *string `db:"customer_name"`
	PaymentTermsName *string `db:"payment_terms_name"`
	CreatedByName    *string `db:"created_by_name"`
	// ETag is read with the quote by get and the writes answering it (conditional.TagSQL).
	ETag string `db:"etag"`
}

// Record is the quote the row holds.
func (r quoteRow) Record() (Quote, error) {
	out := Quote{
		ID: r.ID, Number: r.Number, CustomerID: r.CustomerID, SalesPersonID: r.SalesPersonID,
		CurrencyCode: r.CurrencyCode, PaymentTermsID: r.PaymentTermsID, Status: r.Status, QuotedUtc: r.QuotedUtc,
		ExpirationDate: calendardate.Stored(r.ExpirationDate), ExpirationIsDefault: r.ExpirationIsDefault, Notes: r.Notes,
		ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields, Deleted: r.Deleted,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc, Version: r.ETag,
		Totals: Totals{
			LineSubTotal: r.LineSubTotal, FeeTotal: r.FeeTotal, SubTotal: r.SubTotal, Discount: r.DiscountTotal,
			TaxableBase: r.TaxableBase, NonTaxableBase: r.NonTaxableBase, Tax: r.TaxTotal, Total: r.Total,
		},
	}
	if r.CustomerName != nil {
		out.CustomerName = *r.CustomerName
	}
	if r.DueDate != nil {
		d := calendardate.Stored(*r.DueDate)
		out.DueDate = &d
	}
	if r.PaymentTermsID != nil && r.PaymentTermsName != nil {
		out.PaymentTerms = &Reference{ID: *r.PaymentTermsID, Name: *r.PaymentTermsName}
	}
	if r.CreatedByUserID != nil && r.CreatedByName != nil {
		out.CreatedBy = &Reference{ID: *r.CreatedByUserID, Name: *r.CreatedByName}
	}
	if err := readJSON(r.Contact, &out.Contact); err != nil {
		return Quote{}, err
	}
	if err := readJSON(r.BillingAddress, &out.BillingAddress); err != nil {
		return Quote{}, err
	}
	if err := readJSON(r.ShippingAddress, &out.ShippingAddress); err != nil {
		return Quote{}, err
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	return out, nil
}

// readJSON decodes a nullable jsonb column into *dst (nil for NULL).
func readJSON[T any](raw json.RawMessage, dst **T) error {
	if len(raw) == 0 || string(raw) == "null" {
		*dst = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		return fmt.Errorf("read quote column: %w", err)
	}
	*dst = &v
	return nil
}

// jsonColumn is v as a nullable jsonb value.
func jsonColumn[T any](v *T) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode quote column: %w", err)
	}
	return string(b), nil
}

const quoteColumns = `id, number, customer_id, contact, billing_address, shipping_address, sales_person_id,
       currency_code, payment_terms_id, status, quoted_utc, expiration_date, expiration_is_default, due_date,
       notes, external_references, custom_fields, created_by_user_id, deleted, line_sub_total, fee_total,
       sub_total, discount_total, taxable_base, non_taxable_base, tax_total, total, created_utc, modified_utc`

// createdByNameSQL is the name of the user who created the quote aliased table.
func createdByNameSQL(table string) string {
	return `(SELECT u.name FROM users u WHERE u.tenant_id = ` + table + `.tenant_id AND u.id = ` + table + `.created_by_user_id)`
}

// quoteAnswerColumns are a quote's columns and the names it shows from other areas' rows
// (its customer's, its payment terms' and its creator's), over the quotes row called table,
// so that a read answers the quote in one statement.
func quoteAnswerColumns(table string) string {
	parts := strings.Split(quoteColumns, ",")
	for i, c := range parts {
		parts[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ") + `,
       ` + customers.NameSQL(table+".tenant_id", table+".customer_id") + ` AS customer_name,
       ` + paymentterms.NameSQL(table+".tenant_id", table+".payment_terms_id") + ` AS payment_terms_name,
       ` + createdByNameSQL(table) + ` AS created_by_name`
}

// quoteShowsSQL is what a quote's answer shows from other areas' rows (the names of its
// customer and payment terms), over the quote aliased t: its ETag folds it in.
func quoteShowsSQL() string {
	return `concat(` + customers.VersionSQL("t.tenant_id", "t.customer_id") + `, ',', ` +
		paymentterms.VersionSQL("t.tenant_id", "t.payment_terms_id") + `)`
}

// quoteAnswerWithTag is what a read or write answering a quote selects over its row aliased
// t: the answer and its ETag, read together.
var quoteAnswerWithTag = quoteAnswerColumns("t") + `, ` + conditional.TagSQL(quoteShowsSQL()) + ` AS etag`

// quoteInsert is a new quote's row.
type quoteInsert struct {
	ID                  string
	Number              int64
	CustomerID          string
	Contact             *Contact
	BillingAddress      *Address
	ShippingAddress     *Address
	SalesPersonID       *string
	CurrencyCode        string
	PaymentTermsID      *string
	ExpirationDate      time.Time
	ExpirationIsDefault bool
	Notes               *string
	ExternalReferences  extref.References
	CustomFields        map[string]any
	CreatedByUserID     *string
}

const insertQuoteSQL = `
INSERT INTO quotes (tenant_id, id, number, customer_id, contact, billing_address, shipping_address,
       sales_person_id, currency_code, payment_terms_id, expiration_date, expiration_is_default, notes,
       external_references, custom_fields, created_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`

func (quoteStore) insert(ctx context.Context, q db.Q, tenantID string, r quoteInsert) error {
	contact, err := jsonColumn(r.Contact)
	if err != nil {
		return err
	}
	billing, err := jsonColumn(r.BillingAddress)
	if err != nil {
		return err
	}
	shipping, err := jsonColumn(r.ShippingAddress)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, insertQuoteSQL, tenantID, r.ID, r.Number, r.CustomerID, contact, billing, shipping,
		r.SalesPersonID, r.CurrencyCode, r.PaymentTermsID, r.ExpirationDate.Format(time.DateOnly), r.ExpirationIsDefault,
		r.Notes, r.ExternalReferences, customfields.Column(r.CustomFields), r.CreatedByUserID)
	return quoteWriteErr(err, r.SalesPersonID, r.PaymentTermsID)
}

// quoteWriteErr turns the references a write can break into 404s naming the member.
func quoteWriteErr(err error, salesPersonID, paymentTermsID *string) error {
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		fields := apperr.Fields{}
		switch constraint {
		case "quotes_sales_person_fkey":
			fields.Add("salesPersonId", "user %s not found", deref(salesPersonID))
		case "quotes_payment_terms_fkey":
			fields.Add("paymentTermsId", "payment terms %s not found", deref(paymentTermsID))
		}
		if e := fields.NotFoundErr(); e != nil {
			return e
		}
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) && !apperr.IsKind(err, apperr.KindInvalid) {
		return fmt.Errorf("save quote: %w", err)
	}
	return err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// quoteUpdate is the row a full update stores.
type quoteUpdate struct {
	CustomerID          string
	Contact             *Contact
	BillingAddress      *Address
	ShippingAddress     *Address
	SalesPersonID       *string
	CurrencyCode        string
	PaymentTermsID      *string
	ExpirationDate      time.Time
	ExpirationIsDefault bool
	DueDate             *time.Time
	Notes               *string
	ExternalReferences  extref.References
	CustomFields        map[string]any
}

var updateQuoteSQL = `
UPDATE quotes t SET customer_id = $3, contact = $4, billing_address = $5, shipping_address = $6,
       sales_person_id = $7, currency_code = $8, payment_terms_id = $9, expiration_date = $10,
       expiration_is_default = $11, due_date = $12, notes = $13, external_references = $14,
       custom_fields = $15, modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + quoteAnswerWithTag

func (s quoteStore) update(ctx context.Context, q db.Q, tenantID, id string, u quoteUpdate) (Quote, error) {
	contact, err := jsonColumn(u.Contact)
	if err != nil {
		return Quote{}, err
	}
	billing, err := jsonColumn(u.BillingAddress)
	if err != nil {
		return Quote{}, err
	}
	shipping, err := jsonColumn(u.ShippingAddress)
	if err != nil {
		return Quote{}, err
	}
	var due any
	if u.DueDate != nil {
		due = u.DueDate.Format(time.DateOnly)
	}
	saved, err := s.header.One(ctx, q, id, updateQuoteSQL, tenantID, id, u.CustomerID, contact, billing, shipping,
		u.SalesPersonID, u.CurrencyCode, u.PaymentTermsID, u.ExpirationDate.Format(time.DateOnly), u.ExpirationIsDefault,
		due, u.Notes, u.ExternalReferences, customfields.Column(u.CustomFields))
	if err != nil {
		return Quote{}, quoteWriteErr(err, u.SalesPersonID, u.PaymentTermsID)
	}
	return saved, nil
}

var setQuoteStatusSQL = `
UPDATE quotes t SET status = $3, quoted_utc = $4, expiration_date = $5, modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + quoteAnswerWithTag

// setStatus stores a status move with the send stamp and expiration it leaves.
func (s quoteStore) setStatus(ctx context.Context, q db.Q, tenantID, id string, status Status, quotedUtc *time.Time, expiration time.Time) (Quote, error) {
	return s.header.One(ctx, q, id, setQuoteStatusSQL, tenantID, id, status, quotedUtc, expiration.Format(time.DateOnly))
}
