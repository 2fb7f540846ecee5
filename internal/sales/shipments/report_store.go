package shipments

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"mos/internal/platform/calendardate"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/stock/items"
)

type reportRow struct {
	ID               string      `db:"id"`
	ShipmentID       string      `db:"shipment_id"`
	ShipmentNumber   int64       `db:"number"`
	ShipmentName     string      `db:"name"`
	Status           Status      `db:"status"`
	ShippedDay       *time.Time  `db:"shipped_day"`
	SalesOrderID     string      `db:"sales_order_id"`
	SalesOrderNumber int64       `db:"sales_order_number"`
	CustomerID       string      `db:"customer_id"`
	CustomerName     string      `db:"customer_name"`
	ItemID           string      `db:"item_id"`
	ItemNumber       string      `db:"item_number"`
	Quantity         dec.Decimal `db:"quantity"`
	UnitName         string      `db:"unit_of_measure_name"`
	TrackingNumber   *string     `db:"tracking_number"`
	TotalCount       int         `db:"total_count"`
}

func (r reportRow) Total() int { return r.TotalCount }

// reportFrom joins each shipment line (l) to its shipment (s); the customer's name and the
// item's number are their areas' expressions.
var reportFrom = `
SELECT l.id, l.shipment_id, s.number, s.name, s.status, s.shipped_day, s.sales_order_id, s.sales_order_number,
       s.customer_id, ` + customers.NameSQL("s.tenant_id", "s.customer_id") + ` AS customer_name,
       l.item_id, ` + items.NumberSQL("l.tenant_id", "l.item_id") + ` AS item_number,
       l.quantity, l.unit_of_measure_name, s.tracking_number, count(*) OVER () AS total_count
FROM shipment_lines l
JOIN shipments s ON s.tenant_id = l.tenant_id AND s.id = l.shipment_id`

var reportListSpec = listing.Spec{Fields: map[string]string{
	"shippedDate":    "s.shipped_day",
	"shipmentNumber": "s.number",
	"quantity":       "l.quantity",
	"id":             "l.id",
}, Default: "shippedDate", IDColumn: "l.id"}

// report reads a page of the shipping report's rows matching f and how many match.
func (store) report(ctx context.Context, q db.Q, tenantID string, f ReportFilter, p listing.Page) ([]ReportRow, int, error) {
	lq := listing.NewQuery("l.tenant_id", tenantID)
	if f.ShippedFrom != nil {
		lq.Where("s.shipped_day >= %s::date", f.ShippedFrom.Format(time.DateOnly))
	}
	if f.ShippedTo != nil {
		lq.Where("s.shipped_day <= %s::date", f.ShippedTo.Format(time.DateOnly))
	}
	listing.AnyOf(lq, "s.customer_id", f.CustomerIDs)
	listing.AnyNumber(lq, "s.sales_order_number", f.SalesOrderNumbers)
	listing.AnyOf(lq, "l.item_id", f.ItemIDs)
	rows, total, err := listing.WindowPage(p, func(p listing.Page) ([]reportRow, error) {
		query, args := lq.SQL(reportFrom, p)
		var rows []reportRow
		if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
			return nil, fmt.Errorf("shipping report: %w", err)
		}
		return rows, nil
	})
	if err != nil {
		return nil, 0, err
	}
	out := make([]ReportRow, len(rows))
	for i, r := range rows {
		out[i] = ReportRow{
			ID: r.ID, ShipmentID: r.ShipmentID, ShipmentNumber: r.ShipmentNumber, ShipmentName: r.ShipmentName, Status: r.Status,
			ShippedDay: calendardate.StoredPtr(r.ShippedDay), SalesOrderID: r.SalesOrderID, SalesOrderNumber: r.SalesOrderNumber,
			CustomerID: r.CustomerID, CustomerName: r.CustomerName, ItemID: r.ItemID, ItemNumber: r.ItemNumber,
			Quantity: r.Quantity, UnitOfMeasureName: r.UnitName, TrackingNumber: r.TrackingNumber,
		}
	}
	return out, total, nil
}
