package purchaseorders

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
	"mos/internal/platform/dec"
	"mos/internal/platform/extref"
	"mos/internal/purchasing/vendors"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/paymentterms"
)

// orderStore writes what is particular to a purchase order's header; header serves the
// statements every document's header shares (docheaders).
type orderStore struct {
	header *orderHeader
}

// orderHeader is the purchase order's header lifecycle (docheaders).
type orderHeader = docheaders.Header[PurchaseOrder, orderRow]

// newOrderHeader declares the purchase order header to the shared lifecycle.
func newOrderHeader(pool *db.Pool, fields docheaders.CustomFields) *orderHeader {
	return docheaders.Declare[PurchaseOrder, orderRow](pool, fields, docheaders.Declaration{
		Table: "purchase_orders", Noun: "purchase order", Answer: orderAnswerWithTag,
		Module: customfields.ModulePurchaseOrder, References: extref.PurchaseOrder,
		LineParent: `t.id, t.status, t.currency_code, t.vendor_id`,
	})
}

type orderRow struct {
	ID                 string              `db:"id"`
	Number             int64               `db:"number"`
	VendorID           string              `db:"vendor_id"`
	Status             Status              `db:"status"`
	Title              *string             `db:"title"`
	OrderDate          time.Time           `db:"order_date"`
	DueDate            *time.Time          `db:"due_date"`
	CurrencyCode       string              `db:"currency_code"`
	PaymentTermsID     *string             `db:"payment_terms_id"`
	ShipTo             []byte              `db:"ship_to"`
	Notes              *string             `db:"notes"`
	ExternalReferences extref.References   `db:"external_references"`
	CustomFields       customfields.Column `db:"custom_fields"`
	CreatedByUserID    *string             `db:"created_by_user_id"`
	Deleted            bool                `db:"deleted"`
	LineSubTotal       dec.Decimal         `db:"line_sub_total"`
	FeeTotal           dec.Decimal         `db:"fee_total"`
	SubTotal           dec.Decimal         `db:"sub_total"`
	DiscountTotal      dec.Decimal         `db:"discount_total"`
	TaxTotal           dec.Decimal         `db:"tax_total"`
	VendorCreditTotal  dec.Decimal         `db:"vendor_credit_total"`
	Total              dec.Decimal         `db:"total"`
	CreatedUtc         time.Time           `db:"created_utc"`
	ModifiedUtc        time.Time           `db:"modified_utc"`
	// What the order shows from other areas' rows (orderAnswerColumns).
	VendorName       *string `db:"vendor_name"`
	PaymentTermsName *string `db:"payment_terms_name"`
	CreatedByName    *string `db:"created_by_name"`
	// ETag is read with the order by get and the writes answering it (conditional.TagSQL).
	ETag string `db:"etag"`
}

// Record is the order the row holds.
func (r orderRow) Record() (PurchaseOrder, error) {
	out := PurchaseOrder{
		ID: r.ID, Number: r.Number, VendorID: r.VendorID, Status: r.Status, Title: r.Title,
		OrderDate: calendardate.Stored(r.OrderDate), DueDate: calendardate.StoredPtr(r.DueDate), CurrencyCode: r.CurrencyCode,
		PaymentTermsID: r.PaymentTermsID, Notes: r.Notes, ExternalReferences: r.ExternalReferences,
		CustomFields: r.CustomFields, Deleted: r.Deleted, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
		Version: r.ETag,
		Totals: Totals{
			LineSubTotal: r.LineSubTotal, FeeTotal: r.FeeTotal, SubTotal: r.SubTotal, Discount: r.DiscountTotal,
			Tax: r.TaxTotal, VendorCredit: r.VendorCreditTotal, Total: r.Total,
		},
		PaymentTerms: referenceOf(r.PaymentTermsID, r.PaymentTermsName),
		CreatedBy:    referenceOf(r.CreatedByUserID, r.CreatedByName),
	}
	if r.VendorName != nil {
		out.VendorName = *r.VendorName
	}
	if len(r.ShipTo) > 0 && string(r.ShipTo) != "null" {
		var a Address
		if err := json.Unmarshal(r.ShipTo, &a); err != nil {
			return PurchaseOrder{}, fmt.Errorf("read purchase order ship-to: %w", err)
		}
		out.ShipTo = &a
	}
	if out.CustomFields == nil {
		out.CustomFields = map[string]any{}
	}
	return out, nil
}

func referenceOf(id, name *string) *Reference {
	if id == nil || name == nil {
		return nil
	}
	return &Reference{ID: *id, Name: *name}
}

// shipToColumn is the ship-to address as a nullable jsonb value.
func shipToColumn(a *Address) (any, error) {
	if a == nil {
		return nil, nil
	}
	b, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("encode purchase order ship-to: %w", err)
	}
	return string(b), nil
}

const orderColumns = `id, number, vendor_id, status, title, order_date, due_date, currency_code, payment_terms_id,
       ship_to, notes, external_references, custom_fields, created_by_user_id, deleted, line_sub_total,
       fee_total, sub_total, discount_total, tax_total, vendor_credit_total, total, created_utc, modified_utc`

// What an order reads of its vendor over the order aliased t: the name it shows, the name the
// list sorts by, and the version its ETag folds in.
var (
	vendorNameSQL    = vendors.NameSQL("t.tenant_id", "t.vendor_id")
	vendorSortSQL    = vendors.NameSortSQL("t.tenant_id", "t.vendor_id")
	vendorVersionSQL = vendors.VersionSQL("t.tenant_id", "t.vendor_id")
)

// orderAnswerColumns are an order's columns and the names it shows from other areas' rows
// (its vendor's, payment terms' and creator's), over the purchase_orders row aliased t, so
// that a read answers the order in one statement.
func orderAnswerColumns() string {
	parts := strings.Split(orderColumns, ",")
	for i, c := range parts {
		parts[i] = "t." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ") + `,
       ` + vendorNameSQL + ` AS vendor_name,
       ` + paymentterms.NameSQL("t.tenant_id", "t.payment_terms_id") + ` AS payment_terms_name,
       (SELECT u.name FROM users u WHERE u.tenant_id = t.tenant_id AND u.id = t.created_by_user_id) AS created_by_name`
}

// orderShowsSQL is what an order's answer shows from other areas' rows (the names of its
// vendor and payment terms), over the order aliased t: its ETag folds it in.
func orderShowsSQL() string {
	return `concat(` + vendorVersionSQL + `, ',', ` + paymentterms.VersionSQL("t.tenant_id", "t.payment_terms_id") + `)`
}

// orderAnswerWithTag is what a read or write answering an order selects over its row aliased
// t: the answer and its ETag, read together.
var orderAnswerWithTag = orderAnswerColumns() + `, ` + conditional.TagSQL(orderShowsSQL()) + ` AS etag`

// orderInsert is a new order's row.
type orderInsert struct {
	ID                 string
	Number             int64
	VendorID           string
	Title              *string
	OrderDate          time.Time
	DueDate            *time.Time
	CurrencyCode       string
	PaymentTermsID     *string
	ShipTo             *Address
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
	CreatedByUserID    *string
}

const insertOrderSQL = `
INSERT INTO purchase_orders (tenant_id, id, number, vendor_id, title, order_date, due_date, currency_code,
       payment_terms_id, ship_to, notes, external_references, custom_fields, created_by_user_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`

func (orderStore) insert(ctx context.Context, q db.Q, tenantID string, r orderInsert) error {
	shipTo, err := shipToColumn(r.ShipTo)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, insertOrderSQL, tenantID, r.ID, r.Number, r.VendorID, r.Title,
		r.OrderDate.Format(time.DateOnly), calendardate.Column(r.DueDate), r.CurrencyCode, r.PaymentTermsID, shipTo, r.Notes,
		r.ExternalReferences, customfields.Column(r.CustomFields), r.CreatedByUserID)
	return orderWriteErr(err, r.PaymentTermsID)
}

// orderWriteErr turns the references a write can break into 404s naming the member.
func orderWriteErr(err error, paymentTermsID *string) error {
	if constraint, ok := db.ForeignKeyViolation(err); ok && constraint == "purchase_orders_payment_terms_fkey" && paymentTermsID != nil {
		fields := apperr.Fields{}
		fields.Add("paymentTermsId", "payment terms %s not found", *paymentTermsID)
		return fields.NotFoundErr()
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) && !apperr.IsKind(err, apperr.KindInvalid) {
		return fmt.Errorf("save purchase order: %w", err)
	}
	return err
}

// orderUpdate is the row a full update stores.
type orderUpdate struct {
	VendorID           string
	Title              *string
	OrderDate          time.Time
	DueDate            *time.Time
	CurrencyCode       string
	PaymentTermsID     *string
	ShipTo             *Address
	Notes              *string
	ExternalReferences extref.References
	CustomFields       map[string]any
}

var updateOrderSQL = `
UPDATE purchase_orders t SET vendor_id = $3, title = $4, order_date = $5, due_date = $6, currency_code = $7,
       payment_terms_id = $8, ship_to = $9, notes = $10, external_references = $11, custom_fields = $12,
       modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + orderAnswerWithTag

func (s orderStore) update(ctx context.Context, q db.Q, tenantID, id string, u orderUpdate) (PurchaseOrder, error) {
	shipTo, err := shipToColumn(u.ShipTo)
	if err != nil {
		return PurchaseOrder{}, err
	}
	saved, err := s.header.One(ctx, q, id, updateOrderSQL, tenantID, id, u.VendorID, u.Title,
		u.OrderDate.Format(time.DateOnly), calendardate.Column(u.DueDate), u.CurrencyCode, u.PaymentTermsID, shipTo, u.Notes,
		u.ExternalReferences, customfields.Column(u.CustomFields))
	if err != nil {
		return PurchaseOrder{}, orderWriteErr(err, u.PaymentTermsID)
	}
	return saved, nil
}
