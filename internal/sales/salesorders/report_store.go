package salesorders

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/shared/doclines"
	"mos/internal/stock/items"
)

type lineReportStore struct{}

type lineReportRow struct {
	ID                   string     `db:"id"`
	OrderID              string     `db:"sales_order_id"`
	OrderNumber          int64      `db:"number"`
	OrderStatus          Status     `db:"status"`
	CustomerID           string     `db:"customer_id"`
	CustomerName         *string    `db:"customer_name"`
	CustomerPO           *string    `db:"customer_po_number"`
	Currency             string     `db:"currency_code"`
	LineNumber           int        `db:"line_number"`
	ItemID               string     `db:"item_id"`
	ItemNumber           string     `db:"item_number"`
	ItemRevision         *string    `db:"item_revision"`
	ItemDescription      *string    `db:"item_description"`
	Description          *string    `db:"description"`
	Quantity             dec        `db:"quantity"`
	UnitName             string     `db:"unit_of_measure_name"`
	UnitPrice            dec        `db:"unit_price"`
	DiscountIsPercentage *bool      `db:"discount_is_percentage"`
	DiscountValue        *dec       `db:"discount_value"`
	DeliveryDate         *time.Time `db:"delivery_date"`
	Shipped              dec        `db:"shipped_quantity"`
	Invoiced             dec        `db:"invoiced_quantity"`
	LastShipped          *time.Time `db:"last_shipped_date"`
	LastInvoiced         *time.Time `db:"last_invoiced_date"`
	CreatedUtc           time.Time  `db:"created_utc"`
	ModifiedUtc          time.Time  `db:"modified_utc"`
	TotalCount           int        `db:"total_count"`
}

func (r lineReportRow) Total() int { return r.TotalCount }

func (r lineReportRow) toRow() LineReportRow {
	row := LineReportRow{
		ID: r.ID, OrderID: r.OrderID, OrderNumber: r.OrderNumber, OrderStatus: r.OrderStatus,
		CustomerID: r.CustomerID, CustomerPO: r.CustomerPO, Currency: r.Currency, LineNumber: r.LineNumber,
		ItemID: r.ItemID, ItemNumber: r.ItemNumber, ItemRevision: r.ItemRevision, ItemDesc: r.ItemDescription,
		Description: r.Description, Quantity: r.Quantity, UnitName: r.UnitName, UnitPrice: r.UnitPrice,
		DeliveryDate: r.DeliveryDate, Shipped: r.Shipped, Invoiced: r.Invoiced,
		LastShipped: r.LastShipped, LastInvoiced: r.LastInvoiced, CreatedUtc: r.CreatedUtc, ModifiedUtc: r.ModifiedUtc,
	}
	if r.CustomerName != nil {
		row.CustomerName = *r.CustomerName
	}
	if r.DiscountIsPercentage != nil && r.DiscountValue != nil {
		row.Discount = &doclines.Discount{Percentage: *r.DiscountIsPercentage, Value: *r.DiscountValue}
	}
	return row
}

// lineReportFrom joins each part line (l) to its order (o) and item (it); the customer's name
// is the customers area's expression. The order's number is the line's copy of it, so the
// default order reads one index of the line table.
var lineReportFrom = `
SELECT l.id, l.sales_order_id, l.sales_order_number AS number, o.status, o.customer_id,
       ` + customers.NameSQL("o.tenant_id", "o.customer_id") + ` AS customer_name,
       o.customer_po_number, o.currency_code, l.line_number, l.item_id, it.number AS item_number,
       it.revision AS item_revision, it.description AS item_description, l.description, l.quantity,
       l.unit_of_measure_name, l.unit_price, l.discount_is_percentage, l.discount_value, l.delivery_date,
       l.shipped_quantity, l.invoiced_quantity, l.last_shipped_date, l.last_invoiced_date,
       l.created_utc, l.modified_utc, count(*) OVER () AS total_count
FROM sales_order_part_lines l
JOIN sales_orders o ON o.tenant_id = l.tenant_id AND o.id = l.sales_order_id
` + items.JoinSQL("it", "l.tenant_id", "l.item_id")

// lineReportSortFields are the row properties the report can be sorted by.
var lineReportSortFields = map[string]string{
	"salesOrderNumber": "(l.sales_order_number, l.line_number)",
	"lineNumber":       "l.line_number",
	"deliveryDate":     "l.delivery_date",
	"quantity":         "l.quantity",
	"unitPrice":        "l.unit_price",
	"createdUtc":       "l.created_utc",
	"modifiedUtc":      "l.modified_utc",
}

var lineReportListSpec = listing.Spec{Fields: lineReportSortFields, Default: "salesOrderNumber", IDColumn: "l.id"}

// rows answers a page of the tenant's active orders' part lines matching f and how many match.
func (lineReportStore) rows(ctx context.Context, q db.Q, tenantID string, f LineReportFilter, statuses []Status, p listing.Page) ([]LineReportRow, int, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	lq.Where("NOT o.deleted")
	if f.Numbers != nil {
		lq.Where("l.sales_order_number = ANY(%s)", pq.Int64Array(f.Numbers))
	}
	if statuses != nil {
		names := make([]string, len(statuses))
		for i, s := range statuses {
			names[i] = string(s)
		}
		lq.Where("o.status = ANY(%s)", pq.StringArray(names))
	}
	if f.ModifiedAfterUtc != nil {
		// A row changes with its line or its order: the ids of both kinds of change are
		// gathered first (each through its table's modified index) rather than OR-ing over
		// the join, which no index answers (the tenant is a parameter of its own there so the
		// ids are read once, not once per line).
		lq.Where(`l.id = ANY(ARRAY(
    SELECT c.id FROM sales_order_part_lines c WHERE c.tenant_id = %[2]s AND c.modified_utc > %[1]s
    UNION
    SELECT c.id FROM sales_orders m
    JOIN sales_order_part_lines c ON c.tenant_id = m.tenant_id AND c.sales_order_id = m.id
    WHERE m.tenant_id = %[2]s AND m.modified_utc > %[1]s))`, *f.ModifiedAfterUtc, tenantID)
	}
	// The shipped and invoiced days are stored as shop days: compared as dates.
	for _, bound := range []struct {
		clause string
		day    *time.Time
	}{
		{"l.last_shipped_date >= %s", f.ShippedFrom}, {"l.last_shipped_date <= %s", f.ShippedTo},
		{"l.last_invoiced_date >= %s", f.InvoicedFrom}, {"l.last_invoiced_date <= %s", f.InvoicedTo},
	} {
		if bound.day != nil {
			lq.Where(bound.clause+"::date", bound.day.Format(time.DateOnly))
		}
	}
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]lineReportRow, error) {
		query, args := lq.SQL(lineReportFrom, p)
		var rows []lineReportRow
		return rows, sqlx.SelectContext(ctx, q, &rows, query, args...)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("sales order line report: %w", err)
	}
	out := make([]LineReportRow, len(rows))
	for i, r := range rows {
		out[i] = r.toRow()
	}
	return out, total, nil
}
