package items

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/listing"
	"mos/internal/sales/customers"
	"mos/internal/stock/units"
)

type customerDetailRow struct {
	ID                 string  `db:"id"`
	ItemID             string  `db:"item_id"`
	CustomerID         string  `db:"customer_id"`
	CustomerItemNumber *string `db:"customer_item_number"`
	CustomerItemName   *string `db:"customer_item_name"`
	UnitID             string  `db:"unit_of_measure_id"`
	CustomerName       string  `db:"customer_name"`
	UnitName           string  `db:"unit_name"`
}

// customerDetailColumns are a customer detail's columns over the detail aliased cd, with
// its customer's and unit's names.
var customerDetailColumns = `cd.id, cd.item_id, cd.customer_id, cd.customer_item_number, cd.customer_item_name, cd.unit_of_measure_id,
       COALESCE(` + customers.NameSQL("cd.tenant_id", "cd.customer_id") + `, '') AS customer_name,
       COALESCE(` + units.NameSQL("cd.tenant_id", "cd.unit_of_measure_id") + `, '') AS unit_name`

const lockCustomerDetailSQL = `SELECT id FROM item_customer_details WHERE tenant_id = $1 AND item_id = $2 AND id = $3 FOR UPDATE`

// lockCustomerDetail locks the item's detail id; a detail of another item is not found.
func (itemStore) lockCustomerDetail(ctx context.Context, q db.Q, tenantID, itemID, id string) error {
	var got string
	err := sqlx.GetContext(ctx, q, &got, lockCustomerDetailSQL, tenantID, itemID, id)
	if errors.Is(err, sql.ErrNoRows) {
		return customerDetailNotFound(id)
	}
	if err != nil {
		return fmt.Errorf("lock item customer detail: %w", err)
	}
	return nil
}

const insertCustomerDetailSQL = `
INSERT INTO item_customer_details (tenant_id, id, item_id, customer_id, customer_item_number, customer_item_name, unit_of_measure_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

const updateCustomerDetailSQL = `
UPDATE item_customer_details SET customer_id = $4, customer_item_number = $5, customer_item_name = $6, unit_of_measure_id = $7
WHERE tenant_id = $1 AND id = $2 AND item_id = $3`

// saveCustomerDetail inserts (create) or replaces d; a second detail of one customer on the
// item is a 400 naming customerId.
func (itemStore) saveCustomerDetail(ctx context.Context, q db.Q, tenantID string, d CustomerDetail, create bool) error {
	query := updateCustomerDetailSQL
	if create {
		query = insertCustomerDetailSQL
	}
	_, err := q.ExecContext(ctx, query, tenantID, d.ID, d.ItemID, d.CustomerID, d.CustomerItemNumber, d.CustomerItemName, d.UnitID)
	if constraint, ok := db.UniqueViolation(err); ok && constraint == "item_customer_details_customer_key" {
		return apperr.Field("customerId", "the item already has a customer detail for customer %s", d.CustomerID)
	}
	if err != nil {
		return fmt.Errorf("save item customer detail: %w", err)
	}
	return nil
}

const deleteCustomerDetailSQL = `DELETE FROM item_customer_details WHERE tenant_id = $1 AND item_id = $2 AND id = $3`

// deleteCustomerDetail deletes the item's detail id and reports whether there was one.
func (itemStore) deleteCustomerDetail(ctx context.Context, q db.Q, tenantID, itemID, id string) (bool, error) {
	res, err := q.ExecContext(ctx, deleteCustomerDetailSQL, tenantID, itemID, id)
	if err != nil {
		return false, fmt.Errorf("delete item customer detail: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("delete item customer detail: %w", err)
	}
	return n > 0, nil
}

var customerDetailsSQL = `SELECT ` + customerDetailColumns + `
FROM item_customer_details cd WHERE cd.tenant_id = $1 AND cd.item_id = ANY($2)`

// customerDetails reads the customer details of items with their customers' and units'
// names (unordered: see pricingRefs.sortDetails).
func (itemStore) customerDetails(ctx context.Context, q db.Q, tenantID string, itemIDs []string) ([]CustomerDetail, error) {
	var rows []customerDetailRow
	if err := sqlx.SelectContext(ctx, q, &rows, customerDetailsSQL, tenantID, pq.StringArray(itemIDs)); err != nil {
		return nil, fmt.Errorf("item customer details: %w", err)
	}
	return customerDetailsOf(rows), nil
}

// customerDetailSortFields are the ItemCustomerDetail properties the list sorts by (its
// price breaks are an array, which orders nothing).
var customerDetailSortFields = map[string]string{
	"id":                 "cd.id",
	"customerId":         "cd.customer_id",
	"customerItemNumber": "lower(cd.customer_item_number)",
	"customerItemName":   "lower(cd.customer_item_name)",
	"unitOfMeasureName":  units.NameSortSQL("cd.tenant_id", "cd.unit_of_measure_id"),
}

// customerDetailListSpec sorts by default as Item.customerDetails reads: by customer name
// (case-insensitive), then id.
var customerDetailListSpec = listing.Spec{
	Fields:       customerDetailSortFields,
	DefaultOrder: customers.NameSortSQL("cd.tenant_id", "cd.customer_id"),
	IDColumn:     "cd.id",
}

// customerDetailPage reads the page p of the item's customer details.
func (itemStore) customerDetailPage(ctx context.Context, q db.Q, tenantID, itemID string, p listing.Page) ([]CustomerDetail, error) {
	lq := listing.NewQuery("cd.tenant_id", tenantID)
	lq.Where("cd.item_id = %s", itemID)
	query, args := lq.SQL(`SELECT `+customerDetailColumns+`
FROM item_customer_details cd`, p)
	var rows []customerDetailRow
	if err := sqlx.SelectContext(ctx, q, &rows, query, args...); err != nil {
		return nil, fmt.Errorf("item customer details: %w", err)
	}
	return customerDetailsOf(rows), nil
}

func customerDetailsOf(rows []customerDetailRow) []CustomerDetail {
	out := make([]CustomerDetail, len(rows))
	for i, r := range rows {
		out[i] = CustomerDetail{
			ID: r.ID, ItemID: r.ItemID, CustomerID: r.CustomerID, CustomerItemNumber: r.CustomerItemNumber,
			CustomerItemName: r.CustomerItemName, UnitID: r.UnitID, CustomerName: r.CustomerName, UnitName: r.UnitName,
		}
	}
	return out
}
