package salesorders

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
	"mos/internal/sales/shippingmethods"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docheaders"
	"mos/internal/shared/paymentterms"
)

// orderStore writes what is particular to an order's header; header serves the statements
// every document's header shares (docheaders).
type orderStore struct {
	header *orderHeader
}

// orderHeader is the order's header lifecycle (docheaders).
type orderHeader = docheaders.Header[SalesOrder, orderRow]

// newOrderHeader declares the sales order header to the shared lifecycle.
func newOrderHeader(pool *db.Pool, fields docheaders.CustomFields) *orderHeader {
	return docheaders.Declare[SalesOrder, orderRow](pool, fields, docheaders.Declaration{
		Table: "sales_orders", Noun: "sales order", Answer: orderAnswerWithTag,
		Module: customfields.ModuleSalesOrder, References: extref.SalesOrder,
		LineParent: `t.id, t.status, t.currency_code, t.customer_id`,
	})
}

type orderRow struct {
	ID                       string              `db:"id"`
	Number                   int64               `db:"number"`
	CustomerID               string              `db:"customer_id"`
	CustomerPoNumber         *string             `db:"customer_po_number"`
	Contact                  []byte              `db:"contact"`
	BillingAddress           []byte              `db:"billing_address"`
	ShippingAddress          []byte              `db:"shipping_address"`
	ShippingMethodID         *string             `db:"shipping_method_id"`
	SalesPersonID            *string             `db:"sales_person_id"`
	CurrencyCode             string              `db:"currency_code"`
	PaymentTermsID           *string             `db:"payment_terms_id"`
	Status                   Status              `db:"status"`
	OrderedDate              time.Time           `db:"ordered_date"`
	DueDate                  *time.Time          `db:"due_date"`
	ProductionDueDate        *time.Time          `db:"production_due_date"`
	DeliveryDueDate          *time.Time          `db:"delivery_due_date"`
	Dropship                 bool                `db:"dropship"`
	DropshipCustomerPoNumber *string             `db:"dropship_customer_po_number"`
	QuoteID                  *string             `db:"quote_id"`
	ShippingCharge           dec                 `db:"shipping_charge"`
	ShippingChargeIsTaxable  bool                `db:"shipping_charge_is_taxable"`
	Notes                    *string             `db:"notes"`
	ExternalReferences       extref.References   `db:"external_references"`
	CustomFields             customfields.Column `db:"custom_fields"`
	CreatedByUserID          *string             `db:"created_by_user_id"`
	Deleted                  bool                `db:"deleted"`
	LineSubTotal             dec                 `db:"line_sub_total"`
	FeeTotal                 dec                 `db:"fee_total"`
	SubTotal                 dec                 `db:"sub_total"`
	DiscountTotal            dec                 `db:"discount_total"`
	TaxableBase              dec                 `db:"taxable_base"`
	NonTaxableBase           dec                 `db:"non_taxable_base"`
	TaxTotal                 dec                 `db:"tax_total"`
	RefundTotal              dec                 `db:"refund_total"`
	Total                    dec                 `db:"total"`
	CreatedUtc               time.Time           `db:"created_utc"`
	ModifiedUtc              time.Time           `db:"modified_utc"`
	// What the order shows from other areas' rows (orderAnswerColumns).
	CustomerName       *string `db:"customer_name"`
	PaymentTermsName   *string `db:"payment_terms_name"`
	ShippingMethodName *string `db:"shipping_method_name"`
	CreatedByName      *string `db:"created_by_name"`
	// ETag is read with the order by get and the writes answering it (conditional.TagSQL).
	ETag string `db:"etag"`
}

// Record is the order the row holds.
func (r orderRow) Record() (SalesOrder, error) {
	out := SalesOrder{
		ID: r.ID, Number: r.Number, CustomerID: r.CustomerID, CustomerPoNumber: r.CustomerPoNumber,
		ShippingMethodID: r.ShippingMethodID, SalesPersonID: r.SalesPersonID, CurrencyCode: r.CurrencyCode,
		PaymentTermsID: r.PaymentTermsID, Status: r.Status, OrderedDate: calendardate.Stored(r.OrderedDate),
		DueDate: calendardate.StoredPtr(r.DueDate), ProductionDueDate: calendardate.StoredPtr(r.ProductionDueDate), DeliveryDueDate: calendardate.StoredPtr(r.DeliveryDueDate),
		Dropship: r.Dropship, DropshipCustomerPoNumber: r.DropshipCustomerPoNumber, QuoteID: r.QuoteID,
		ShippingCharge: ShippingCharge{Amount: r.ShippingCharge, IsTaxable: r.ShippingChargeIsTaxable},
		Notes:          r.Notes, ExternalReferences: r.ExternalReferences, CustomFields: r.CustomFields, Deleted: r.Deleted,
		CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc, Version: r.ETag,
		Totals: Totals{
			LineSubTotal: r.LineSubTotal, FeeTotal: r.FeeTotal, SubTotal: r.SubTotal, Discount: r.DiscountTotal,
			TaxableBase: r.TaxableBase, NonTaxableBase: r.NonTaxableBase, Tax: r.TaxTotal, Refund: r.RefundTotal, Total: r.Total,
		},
	}
	if r.CustomerName != nil {
		out.CustomerName = *r.CustomerName
	}
	out.PaymentTerms = referenceOf(r.PaymentTermsID, r.PaymentTermsName)
	out.ShippingMethod = referenceOf(r.ShippingMethodID, r.ShippingMethodName)
	out.CreatedBy = referenceOf(r.CreatedByUserID, r.CreatedByName)
	if err := readJSON(r.Contact, &out.Contact); err != nil {
		return SalesOrder{}, err
	}
	if err := readJSON(r.BillingAddress, &out.BillingAddress); err != nil {
		return SalesOrder{}, err
	}
	if err := readJSON(r.ShippingAddress, &out.ShippingAddress); err != nil {
		return SalesOrder{}, err
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

// readJSON decodes a nullable jsonb column into *dst (nil for NULL).
func readJSON[T any](raw json.RawMessage, dst **T) error {
	if len(raw) == 0 || string(raw) == "null" {
		*dst = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		return fmt.Errorf("read sales order column: %w", err)
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
		return nil, fmt.Errorf("encode sales order column: %w", err)
	}
	return string(b), nil
}

const orderColumns = `id, number, customer_id, customer_po_number, contact, billing_address, shipping_address,
       shipping_method_id, sales_person_id, currency_code, payment_terms_id, status, ordered_date, due_date,
       production_due_date, delivery_due_date, dropship, dropship_customer_po_number, quote_id, shipping_charge,
       shipping_charge_is_taxable, notes, external_references, custom_fields, created_by_user_id, deleted,
       line_sub_total, fee_total, sub_total, discount_total, taxable_base, non_taxable_base, tax_total,
       refund_total, total, created_utc, modified_utc`

// orderAnswerColumns are an order's columns and the names it shows from other areas' rows
// (its customer's, payment terms', shipping method's and creator's), over the sales_orders row
// called table, so that a read answers the order in one statement.
func orderAnswerColumns(table string) string {
	parts := strings.Split(orderColumns, ",")
	for i, c := range parts {
		parts[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ") + `,
       ` + customers.NameSQL(table+".tenant_id", table+".customer_id") + ` AS customer_name,
       ` + paymentterms.NameSQL(table+".tenant_id", table+".payment_terms_id") + ` AS payment_terms_name,
       ` + shippingmethods.NameSQL(table+".tenant_id", table+".shipping_method_id") + ` AS shipping_method_name,
       (SELECT u.name FROM users u WHERE u.tenant_id = ` + table + `.tenant_id AND u.id = ` + table + `.created_by_user_id) AS created_by_name`
}

// orderShowsSQL is what an order's answer shows from other areas' rows (the names of its
// customer, payment terms and shipping method), over the order aliased t: its ETag folds it in.
func orderShowsSQL() string {
	return `concat(` + customers.VersionSQL("t.tenant_id", "t.customer_id") + `, ',', ` +
		paymentterms.VersionSQL("t.tenant_id", "t.payment_terms_id") + `, ',', ` +
		shippingmethods.VersionSQL("t.tenant_id", "t.shipping_method_id") + `)`
}

// orderAnswerWithTag is what a read or write answering an order selects over its row aliased
// t: the answer and its ETag, read together.
var orderAnswerWithTag = orderAnswerColumns("t") + `, ` + conditional.TagSQL(orderShowsSQL()) + ` AS etag`

// orderInsert is a new order's row.
type orderInsert struct {
	ID                       string
	Number                   int64
	CustomerID               string
	CustomerPoNumber         *string
	Contact                  *Contact
	BillingAddress           *Address
	ShippingAddress          *Address
	ShippingMethodID         *string
	SalesPersonID            *string
	CurrencyCode             string
	PaymentTermsID           *string
	OrderedDate              time.Time
	DueDate                  *time.Time
	ProductionDueDate        *time.Time
	DeliveryDueDate          *time.Time
	Dropship                 bool
	DropshipCustomerPoNumber *string
	ShippingCharge           ShippingCharge
	Notes                    *string
	ExternalReferences       extref.References
	CustomFields             map[string]any
	CreatedByUserID          *string
	// QuoteID is the quote the order is converted from; nil for an order entered as such.
	QuoteID *string
}

const insertOrderSQL = `
INSERT INTO sales_orders (tenant_id, id, number, customer_id, customer_po_number, contact, billing_address,
       shipping_address, shipping_method_id, sales_person_id, currency_code, payment_terms_id, ordered_date,
       due_date, production_due_date, delivery_due_date, dropship, dropship_customer_po_number,
       shipping_charge, shipping_charge_is_taxable, notes, external_references, custom_fields, created_by_user_id,
       quote_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`

func (orderStore) insert(ctx context.Context, q db.Q, tenantID string, r orderInsert) error {
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
	_, err = q.ExecContext(ctx, insertOrderSQL, tenantID, r.ID, r.Number, r.CustomerID, r.CustomerPoNumber, contact, billing,
		shipping, r.ShippingMethodID, r.SalesPersonID, r.CurrencyCode, r.PaymentTermsID, r.OrderedDate.Format(time.DateOnly),
		calendardate.Column(r.DueDate), calendardate.Column(r.ProductionDueDate), calendardate.Column(r.DeliveryDueDate), r.Dropship,
		r.DropshipCustomerPoNumber, r.ShippingCharge.Amount, r.ShippingCharge.IsTaxable, r.Notes, r.ExternalReferences,
		customfields.Column(r.CustomFields), r.CreatedByUserID, r.QuoteID)
	return orderWriteErr(err, r.SalesPersonID, r.PaymentTermsID)
}

// orderWriteErr turns the references a write can break into 404s naming the member.
func orderWriteErr(err error, salesPersonID, paymentTermsID *string) error {
	if constraint, ok := db.ForeignKeyViolation(err); ok {
		fields := apperr.Fields{}
		switch constraint {
		case "sales_orders_sales_person_fkey":
			fields.Add("salesPersonId", "user %s not found", deref(salesPersonID))
		case "sales_orders_payment_terms_fkey":
			fields.Add("paymentTermsId", "payment terms %s not found", deref(paymentTermsID))
		}
		if e := fields.NotFoundErr(); e != nil {
			return e
		}
	}
	if err != nil && !apperr.IsKind(err, apperr.KindNotFound) && !apperr.IsKind(err, apperr.KindInvalid) {
		return fmt.Errorf("save sales order: %w", err)
	}
	return err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// orderUpdate is the row a full update stores.
type orderUpdate struct {
	CustomerID               string
	CustomerPoNumber         *string
	Contact                  *Contact
	BillingAddress           *Address
	ShippingAddress          *Address
	ShippingMethodID         *string
	SalesPersonID            *string
	CurrencyCode             string
	PaymentTermsID           *string
	OrderedDate              time.Time
	DueDate                  *time.Time
	ProductionDueDate        *time.Time
	DeliveryDueDate          *time.Time
	Dropship                 bool
	DropshipCustomerPoNumber *string
	ShippingCharge           ShippingCharge
	Notes                    *string
	ExternalReferences       extref.References
	CustomFields             map[string]any
}

var updateOrderSQL = `
UPDATE sales_orders t SET customer_id = $3, customer_po_number = $4, contact = $5, billing_address = $6,
       shipping_address = $7, shipping_method_id = $8, sales_person_id = $9, currency_code = $10,
       payment_terms_id = $11, ordered_date = $12, due_date = $13, production_due_date = $14,
       delivery_due_date = $15, dropship = $16, dropship_customer_po_number = $17, shipping_charge = $18,
       shipping_charge_is_taxable = $19, notes = $20, external_references = $21, custom_fields = $22,
       modified_utc = now()
WHERE t.tenant_id = $1 AND t.id = $2 AND NOT t.deleted
RETURNING ` + orderAnswerWithTag

func (s orderStore) update(ctx context.Context, q db.Q, tenantID, id string, u orderUpdate) (SalesOrder, error) {
	contact, err := jsonColumn(u.Contact)
	if err != nil {
		return SalesOrder{}, err
	}
	billing, err := jsonColumn(u.BillingAddress)
	if err != nil {
		return SalesOrder{}, err
	}
	shipping, err := jsonColumn(u.ShippingAddress)
	if err != nil {
		return SalesOrder{}, err
	}
	saved, err := s.header.One(ctx, q, id, updateOrderSQL, tenantID, id, u.CustomerID, u.CustomerPoNumber, contact, billing,
		shipping, u.ShippingMethodID, u.SalesPersonID, u.CurrencyCode, u.PaymentTermsID, u.OrderedDate.Format(time.DateOnly),
		calendardate.Column(u.DueDate), calendardate.Column(u.ProductionDueDate), calendardate.Column(u.DeliveryDueDate), u.Dropship,
		u.DropshipCustomerPoNumber, u.ShippingCharge.Amount, u.ShippingCharge.IsTaxable, u.Notes, u.ExternalReferences,
		customfields.Column(u.CustomFields))
	if err != nil {
		return SalesOrder{}, orderWriteErr(err, u.SalesPersonID, u.PaymentTermsID)
	}
	return saved, nil
}
