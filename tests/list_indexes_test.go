package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/dbtest"
	"mos/internal/httpapi"
	"mos/internal/platform/db"
	"mos/internal/tenancy"
)

// indexedList is how TestEveryListFilterAndDefaultSortUsesAnIndex calls one list operation
// of the spec, and what it checks.
type indexedList struct {
	// tables are the list's main table and those it reads for each row it answers: no plan
	// of a statement the call runs may read them with a sequential scan.
	tables []string
	// path fills the path parameters.
	path map[string]string
	// unitsTenant calls the list as the tenant that holds the 100,000 units of measure (the
	// other lists' tenant has a catalogue of a usual size: every item request reads it whole).
	unitsTenant bool
	// unfiltered is the body of the default-sort call when the list refuses an empty filter;
	// it must match every row.
	unfiltered map[string]any
	// filters holds, for every member of the list's filter schema, a value that matches few
	// of the rows written (a handful, or a rare value of an enumeration or flag).
	filters map[string]any
	// together holds the filter members the list takes only together (one alone is 400):
	// every filter call sends them all, with these values.
	together map[string]any
}

// tagList is the row of a list of the tags table: list is its index in tagLists. A tag's
// types are read from the records that carry it (item_tags, of active items).
func tagList(list int) indexedList {
	return indexedList{tables: []string{"tags", "item_tags", "items"}, filters: map[string]any{
		"ids":  []string{id24(tagOf(list, 400))},
		"name": word("tag", tagOf(list, 471)),
	}}
}

// parent is the number of the item and of the customer whose sub-record lists are called:
// their sub-records are rows 5·4241+1 to 5·4242 of their tables.
const parent = 4242

// id36 is the 36-character id of row n of a table of sub-records.
func id36(n int) string { return fmt.Sprintf("00000000-0000-7000-8000-%012x", n) }

// subRow is the number of the n-th (1 to 5) sub-record of the parent item or customer.
func subRow(n int) int { return 5*(parent-1) + n }

// dateTime is t as the API writes instants.
func dateTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// itemFilters are the values of the item list's filter members, and more members of a later
// version of the list as name, value pairs.
func itemFilters(more ...any) map[string]any {
	f := map[string]any{
		"customField":       map[string]any{"key": "serial", "value": "S4242"},
		"descriptionFilter": word("description", 4243),
		"isArchived":        true,
		"itemIds":           []string{id24(777)},
		"latestRevision":    false,
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"modifiedBeforeUtc": dateTime(at(30).Add(24 * time.Hour)),
		"number":            word("number", 4243),
		"revision":          "R1001",
	}
	for i := 0; i+1 < len(more); i += 2 {
		f[more[i].(string)] = more[i+1]
	}
	return f
}

// materialFilters are the values of the routing input material list's filter members: the
// parent item's first material (row 5·4241+1: its shape, stock item and operation).
func materialFilters() map[string]any {
	return map[string]any{
		"ids":                 []string{fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(1))},
		"materialShapeIds":    []string{id24(subRow(1))},
		"itemIds":             []string{id24(subRow(1))},
		"routingOperationIds": []string{fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(1))},
	}
}

// quotedLinePath fills the path parameters of the quoted line's routing lists (see
// quotedLine), and operationId when given.
func quotedLinePath(operationID string) map[string]string {
	p := map[string]string{"quoteId": quotedLine.QuoteID, "lineItemId": quotedLine.LineID, "routingId": quotedLine.RoutingID}
	if operationID != "" {
		p["operationId"] = operationID
	}
	return p
}

// routedOrderLinePath is the path of routedOrderLine's routing (list_indexes_rows_test.go), and operationId
// when given.
func routedOrderLinePath(operationID string) map[string]string {
	p := map[string]string{"salesOrderId": routedOrderLine.OrderID, "lineItemId": routedOrderLine.LineID, "routingId": routedOrderLine.RoutingID}
	if operationID != "" {
		p["operationId"] = operationID
	}
	return p
}

// withPhase adds the phase parameter to p.
func withPhase(p map[string]string, phase string) map[string]string {
	p["phase"] = phase
	return p
}

// indexedLists has one row per list operation (POST …/list) of the spec, by path.
var indexedLists = map[string]indexedList{
	"/api/accounting-codes/list":  tagList(0),
	"/api/chart-of-accounts/list": tagList(1),
	"/api/tags/list":              tagList(2),
	"/api/item-tags/list":         tagList(2),
	"/api/material-codes/list":    tagList(3),
	"/api/item-categories/list":   tagList(4),
	"/api/grade-codes/list":       tagList(5),
	"/api/shape-codes/list":       tagList(6),
	"/api/gauge-codes/list":       tagList(7),
	"/api/item-classes/list":      tagList(8),
	"/api/companies/list":         {tables: []string{"companies"}, filters: map[string]any{"isPrimary": true}},
	"/api/custom-fields/list": {tables: []string{"custom_fields"}, filters: map[string]any{
		"ids": []string{id24(777)}, "module": "capa", "name": word("field", 4243), "type": "date",
	}},
	"/api/customer-tiers/list": {tables: []string{"customer_tiers"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("tier", 4243),
	}},
	"/api/customers/list": {tables: []string{"customers"}, filters: map[string]any{
		"customerCode":      "C-004241",
		"email":             "contact4242@example.com",
		"externalReference": map[string]any{"key": "erp", "externalId": "E4244"},
		"includeDeleted":    true,
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"name":              word("customer", 4243),
	}},
	"/api/quotes/list": {tables: []string{"quotes"}, filters: map[string]any{
		"ids":               []string{id24(777)},
		"numbers":           []int{4243},
		"customerIds":       []string{id24(parent)},
		"statuses":          []string{"won"},
		"createdFrom":       at(listRows - 30).Format(time.DateOnly),
		"createdTo":         at(30).Format(time.DateOnly),
		"quotedFrom":        at(listRows - 30).Format(time.DateOnly),
		"quotedTo":          at(30).Format(time.DateOnly),
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"externalReference": map[string]any{"key": "erp", "externalId": "Q4244"},
		"includeDeleted":    true,
	}},
	"/api/sales-orders/list": {tables: []string{"sales_orders"}, filters: map[string]any{
		"ids":               []string{id24(777)},
		"numbers":           []int{4243},
		"customerId":        id24(parent),
		"customerIds":       []string{id24(parent)},
		"customerPoNumber":  "po-4244",
		"statuses":          []string{"complete"},
		"orderedFrom":       "2033-12-01",
		"orderedTo":         "2024-01-05",
		"createdFrom":       at(listRows - 30).Format(time.DateOnly),
		"createdTo":         at(30).Format(time.DateOnly),
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"externalReference": map[string]any{"key": "erp", "externalId": "S4244"},
		"includeDeleted":    true,
	}},
	"/api/purchase-orders/list": {tables: []string{"purchase_orders"}, filters: map[string]any{
		"ids":               []string{id24(777)},
		"numbers":           []int{4243},
		"vendorIds":         []string{id24(parent)},
		"statuses":          []string{"closed"},
		"orderDateFrom":     "2033-12-01",
		"orderDateTo":       "2024-01-05",
		"dueDateFrom":       "2033-12-01",
		"dueDateTo":         "2024-01-05",
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"externalReference": map[string]any{"key": "erp", "externalId": "P4244"},
		"includeDeleted":    true,
	}},
	"/api/invoices/list": {tables: []string{"invoices"}, filters: map[string]any{
		"numbers":           []int{4243},
		"customerIds":       []string{id24(parent)},
		"salesOrderIds":     []string{id24(parent)},
		"status":            "paid",
		"issueDateFrom":     "2033-12-01",
		"issueDateTo":       "2024-01-05",
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"externalReference": map[string]any{"key": "erp", "externalId": "I4244"},
		"includeDeleted":    true,
	}},
	"/api/reporting/invoice/list": {tables: []string{"invoices"}, filters: map[string]any{
		"issueDateFrom": "2033-12-01",
		"issueDateTo":   "2024-01-05",
		"statuses":      []string{"paid"},
		"customerIds":   []string{id24(parent)},
		"dueBefore":     "2024-01-05",
	}},
	// The inventory report walks the items and sums each one's balances through their key
	// index; nothing sets a minimum stock in these rows, so belowMinimum false matches them.
	"/api/reporting/inventory/list": {tables: []string{"inventory_balances", "inventory_transactions", "items"}, filters: map[string]any{
		"itemIds":      []string{id24(parent)},
		"locationIds":  []string{id24(1 + (37*parent)%listRows)},
		"lotIds":       []string{id24(4243)},
		"itemNumber":   word("number", 4243),
		"includeZero":  true,
		"belowMinimum": false,
	}},
	"/api/receiving/receipts/list": {tables: []string{"receipts"}, filters: map[string]any{
		"ids":              []string{id24(777)},
		"numbers":          []int{4243},
		"purchaseOrderIds": []string{id24(777)},
		"salesOrderIds":    []string{id24(parent)},
		"receivedDateFrom": "2033-12-01",
		"receivedDateTo":   "2024-01-05",
	}},
	"/api/receiving/receipts/{receiptId}/line-items/list": {tables: []string{"receipt_lines", "receipts"}, path: map[string]string{"receiptId": id24(parent)},
		filters: map[string]any{
			"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(1))}, "lineItemTypes": []string{"outsideProcessing"},
			"unitPrice": subRow(2) % 100, "unitCost": subRow(3) % 97, "unitTax": subRow(4) % 89, "landedCost": subRow(5) % 101,
		}},
	"/api/notes/list": {tables: []string{"notes"}, filters: map[string]any{
		"salesOrderIds":    []string{id24(4244)},
		"purchaseOrderIds": []string{id24(4241)},
		"quoteIds":         []string{id24(4242)},
		"invoiceIds":       []string{id24(4243)},
		"createdAfterUtc":  dateTime(at(listRows - 50)),
		"createdBeforeUtc": dateTime(at(50)),
	}},
	// Invoice 4243 carries a note (notes on invoices are every fourth row).
	"/api/invoices/{invoiceId}/notes/list": {tables: []string{"notes"}, path: map[string]string{"invoiceId": id24(4243)}, filters: map[string]any{
		"createdAfterUtc":  dateTime(at(4242)),
		"createdBeforeUtc": dateTime(at(4244)),
	}},
	"/api/customers/{customerId}/addresses/list": {tables: []string{"customer_addresses"}, path: map[string]string{"customerId": id24(parent)}},
	"/api/customers/{customerId}/contacts/list":  {tables: []string{"customer_contacts"}, path: map[string]string{"customerId": id24(parent)}},
	"/api/department-shifts/list": {tables: []string{"department_shifts"}, filters: map[string]any{
		"departmentIds": []string{id24(parent)}, "ids": []string{id24(777)}, "name": word("shift", 4243),
	}},
	"/api/departments/list": {tables: []string{"departments"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("department", 4243),
	}},
	"/api/equipment-downtimes/list": {tables: []string{"equipment_downtimes"}, filters: map[string]any{
		"departmentIds":   []string{id24(parent)},
		"endsAfterUtc":    dateTime(at(60 * (listRows - 20))),
		"ids":             []string{id24(777)},
		"startsBeforeUtc": dateTime(at(60 * 20)),
	}},
	"/api/equipment/list": {tables: []string{"equipment"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("equipment", 4243),
	}},
	"/api/in-process-tracking-field-types/list": {tables: []string{"in_process_tracking_fields"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("tracking", 4243),
	}},
	"/api/inventory-events/list": {tables: []string{"inventory_events"}, filters: map[string]any{
		"actionDateFrom":    at(10 * listRows).Format(time.DateOnly),
		"actionDateTo":      rowsEpoch.Format(time.DateOnly),
		"createdAfterUtc":   dateTime(at(listRows - 50)),
		"createdBeforeUtc":  dateTime(at(50)),
		"inventoryEventIds": []string{id24(777)},
		"itemIds":           []string{id24(parent)},
		"itemToMakeIds":     []string{"make-4200"},
		"reservedForIds":    []string{"job-4500"},
		"reservedForTypes":  []string{"job"},
		"secondaryTypes":    []string{"stockTake"},
		"sourceTypes":       []string{"poRcvValueAdj"},
		"types":             []string{"eventOverride"},
	}},
	"/api/inventory-lots/list": {tables: []string{"inventory_lots"}, filters: map[string]any{
		"itemIds": []string{id24(parent)}, "name": word("lot", 4243), "system": true,
	}},
	"/api/inventory-transactions/list": {tables: []string{"inventory_transactions", "inventory_events"}, filters: map[string]any{
		"dateRange":         map[string]any{"start": dateTime(at(10 * (listRows - 20)))},
		"itemIds":           []string{id24(parent)},
		"relatedEntityId":   "related-4002",
		"relatedEntityType": "salesOrder",
		"sourceType":        "poRcvValueAdj",
	}},
	"/api/inventory/list": {tables: []string{"inventory_balances"}, filters: map[string]any{
		"itemIds":     []string{id24(parent)},
		"locationIds": []string{id24(1 + (37*parent)%listRows)},
		"lotIds":      []string{id24(4243)},
	}},
	"/api/items/list":    {tables: []string{"items"}, filters: itemFilters()},
	"/api/items/list/v2": {tables: []string{"items"}, filters: itemFilters("numbers", []string{"p-4243-" + word("number", 4243)})},
	"/api/items/{itemId}/cost-breakdowns/list": {tables: []string{"item_cost_breakdowns"}, path: map[string]string{"itemId": id24(parent)},
		filters: map[string]any{"types": []string{"cancelledJob"}}},
	"/api/items/{itemId}/customers/list":        {tables: []string{"item_customer_details"}, path: map[string]string{"itemId": id24(parent)}},
	"/api/items/{itemId}/material-vendors/list": {tables: []string{"item_material_vendor_details"}, path: map[string]string{"itemId": id24(parent)}},
	"/api/materials/{materialId}/vendors/list":  {tables: []string{"material_vendors"}, path: map[string]string{"materialId": id24(parent)}},
	"/api/v2/material-vendors/list": {tables: []string{"material_vendors"}, filters: map[string]any{
		"materialIds":      []string{id24(parent)},
		"vendorIds":        []string{id24(777)},
		"isPrimary":        true,
		"modifiedAfterUtc": dateTime(at(listRows - 30)),
	}},
	"/api/items/{itemId}/routing/operations/list": {tables: []string{"routing_operations"}, path: map[string]string{"itemId": id24(parent)},
		filters: map[string]any{
			"ids":           []string{fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(2))},
			"operationIds":  []string{id24(subRow(3))},
			"workCenterIds": []string{id24((subRow(4)-1)/2 + 1)},
		}},
	"/api/items/{itemId}/routing/input-items/list": {tables: []string{"routing_input_items"}, path: map[string]string{"itemId": id24(parent)},
		filters: map[string]any{
			"ids":                 []string{fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(2))},
			"itemIds":             []string{id24((subRow(4)-1)/2 + 1)},
			"routingOperationIds": []string{fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(3))},
		}},
	"/api/items/{itemId}/routing/input-materials/list": {tables: []string{"routing_input_materials", "routing_material_nestings"},
		path: map[string]string{"itemId": id24(parent)}, filters: materialFilters()},
	"/api/items/{itemId}/routing/operations/{operationId}/materials/list": {tables: []string{"routing_input_materials", "routing_material_nestings"},
		path:    map[string]string{"itemId": id24(parent), "operationId": fmt.Sprintf("00000000-0000-7000-8000-%012x", subRow(1))},
		filters: materialFilters()},
	"/api/quotes/{quoteId}/part-line-items/{lineItemId}/routing/{routingId}/operations/list": {tables: []string{"routing_operations"},
		path: quotedLinePath(""),
		filters: map[string]any{
			"ids":           []string{id36(lineRecord(2))},
			"operationIds":  []string{id24(3)},
			"workCenterIds": []string{id24(4)},
		}},
	"/api/quotes/{quoteId}/part-line-items/{lineItemId}/routing/{routingId}/input-items/list": {tables: []string{"routing_input_items"},
		path: quotedLinePath(""),
		filters: map[string]any{
			"ids":                 []string{id36(lineRecord(2))},
			"itemIds":             []string{id24(4)},
			"routingOperationIds": []string{id36(lineRecord(3))},
		}},
	"/api/quotes/{quoteId}/part-line-items/{lineItemId}/routing/{routingId}/input-materials/list": {
		tables: []string{"routing_input_materials", "routing_material_nestings"}, path: quotedLinePath(""),
		filters: map[string]any{
			"ids":                 []string{id36(lineRecord(1))},
			"materialShapeIds":    []string{id24(2)},
			"itemIds":             []string{id24(3)},
			"routingOperationIds": []string{id36(lineRecord(4))},
		}},
	"/api/quotes/{quoteId}/part-line-items/{lineItemId}/routing/{routingId}/operations/{operationId}/items/list": {
		tables: []string{"routing_operation_items"}, path: quotedLinePath(id36(lineRecord(1))),
		filters: map[string]any{"ids": []string{id36(lineRecord(2))}, "itemIds": []string{id24(3)}}},
	"/api/quotes/{quoteId}/part-line-items/{lineItemId}/routing/{routingId}/operations/{operationId}/ipts/{phase}/list": {
		tables: []string{"routing_operation_ipts"}, path: withPhase(quotedLinePath(id36(lineRecord(1))), "inProcess"),
		filters: map[string]any{"ids": []string{id36(lineRecord(2))}, "trackingFieldIds": []string{id24(3)}}},
	"/api/jobs/{jobId}/routing/{routingId}/operations/list": {tables: []string{"routing_operations"},
		path: routedJobPath(""),
		filters: map[string]any{
			"ids":           []string{id36(routedJobRecord(2))},
			"operationIds":  []string{id24(3)},
			"workCenterIds": []string{id24(4)},
		}},
	"/api/jobs/{jobId}/routing/{routingId}/input-items/list": {tables: []string{"routing_input_items"},
		path: routedJobPath(""),
		filters: map[string]any{
			"ids":                 []string{id36(routedJobRecord(2))},
			"itemIds":             []string{id24(4)},
			"routingOperationIds": []string{id36(routedJobRecord(1))},
		}},
	"/api/jobs/{jobId}/routing/{routingId}/input-materials/list": {
		tables: []string{"routing_input_materials", "routing_material_nestings"}, path: routedJobPath(""),
		filters: map[string]any{
			"ids":                 []string{id36(routedJobRecord(1))},
			"materialShapeIds":    []string{id24(2)},
			"itemIds":             []string{id24(3)},
			"routingOperationIds": []string{id36(routedJobRecord(1))},
		}},
	"/api/jobs/{jobId}/routing/{routingId}/operations/{operationId}/items/list": {
		tables: []string{"routing_operation_items"}, path: routedJobPath(id36(routedJobRecord(1))),
		filters: map[string]any{"ids": []string{id36(routedJobRecord(2))}, "itemIds": []string{id24(3)}}},
	"/api/jobs/{jobId}/routing/{routingId}/operations/{operationId}/ipts/{phase}/list": {
		tables: []string{"job_operation_tracking_values"}, path: withPhase(routedJobPath(id36(routedJobRecord(1))), "inProcess"),
		filters: map[string]any{
			"ids":               []string{id36(routedJobRecord(2))},
			"trackingIds":       []string{id36(routedJobRecord(3))},
			"trackingFieldIds":  []string{id24(4)},
			"recordedAfterUtc":  dateTime(at(4)),
			"recordedBeforeUtc": dateTime(at(2)),
		}},
	"/api/sales-orders/{salesOrderId}/part-line-items/{lineItemId}/routing/{routingId}/operations/list": {tables: []string{"routing_operations"},
		path: routedOrderLinePath(""),
		filters: map[string]any{
			"ids":           []string{id36(routedOrderRecord(2))},
			"operationIds":  []string{id24(3)},
			"workCenterIds": []string{id24(4)},
		}},
	"/api/sales-orders/{salesOrderId}/part-line-items/{lineItemId}/routing/{routingId}/input-items/list": {tables: []string{"routing_input_items"},
		path: routedOrderLinePath(""),
		filters: map[string]any{
			"ids":                 []string{id36(routedOrderRecord(2))},
			"itemIds":             []string{id24(4)},
			"routingOperationIds": []string{id36(routedOrderRecord(3))},
		}},
	"/api/sales-orders/{salesOrderId}/part-line-items/{lineItemId}/routing/{routingId}/input-materials/list": {
		tables: []string{"routing_input_materials", "routing_material_nestings"}, path: routedOrderLinePath(""),
		filters: map[string]any{
			"ids":                 []string{id36(routedOrderRecord(1))},
			"materialShapeIds":    []string{id24(2)},
			"itemIds":             []string{id24(3)},
			"routingOperationIds": []string{id36(routedOrderRecord(4))},
		}},
	"/api/sales-orders/{salesOrderId}/part-line-items/{lineItemId}/routing/{routingId}/operations/{operationId}/items/list": {
		tables: []string{"routing_operation_items"}, path: routedOrderLinePath(id36(routedOrderRecord(1))),
		filters: map[string]any{"ids": []string{id36(routedOrderRecord(2))}, "itemIds": []string{id24(3)}}},
	"/api/sales-orders/{salesOrderId}/part-line-items/{lineItemId}/routing/{routingId}/operations/{operationId}/ipts/{phase}/list": {
		tables: []string{"routing_operation_ipts"}, path: withPhase(routedOrderLinePath(id36(routedOrderRecord(1))), "inProcess"),
		filters: map[string]any{"ids": []string{id36(routedOrderRecord(2))}, "trackingFieldIds": []string{id24(3)}}},
	"/api/items/{itemId}/vendors/list": {tables: []string{"item_vendor_details"}, path: map[string]string{"itemId": id24(parent)}},
	"/api/items/{itemId}/routing/operations/{operationId}/items/list": {tables: []string{"routing_operation_items"},
		path:    map[string]string{"itemId": id24(parent), "operationId": id36(subRow(1))},
		filters: map[string]any{"ids": []string{id36(2 * subRow(1))}, "itemIds": []string{id24(2 * subRow(1))}}},
	"/api/items/{itemId}/routing/operations/{operationId}/ipts/{phase}/list": {tables: []string{"routing_operation_ipts"},
		path:    map[string]string{"itemId": id24(parent), "operationId": id36(subRow(1)), "phase": "inProcess"},
		filters: map[string]any{"ids": []string{id36(3*subRow(1) - 1)}, "trackingFieldIds": []string{id24(3*subRow(1) - 1)}}},
	"/api/items/{itemId}/purchase-price-breaks/list": {tables: []string{"item_vendor_price_breaks", "item_vendor_details"},
		path: map[string]string{"itemId": id24(parent)}, filters: map[string]any{"vendorIds": []string{id24(subRow(1))}}},
	"/api/items/{itemId}/sales-price-breaks/list": {tables: []string{"item_sales_price_breaks"}, path: map[string]string{"itemId": id24(parent)},
		filters: map[string]any{
			"customerIds":     []string{id24(subRow(2))},
			"customerTierIds": []string{id24(subRow(4))},
			"listPriceOnly":   true,
		}},
	"/api/locations/list": {tables: []string{"locations"}, filters: map[string]any{
		"ids": []string{id24(777)}, "includeDeleted": true, "name": word("location", 4243),
	}},
	"/api/materials/list": {tables: []string{"material_shapes"}, filters: map[string]any{
		"ids": []string{id24(777)}, "isActivated": false, "name": word("shape", 4243), "shapeTypes": []string{"treadPlate"},
	}},
	"/api/operations/list": {tables: []string{"operations", "work_centers"}, filters: map[string]any{
		"ids": []string{id24(777)}, "includeArchived": true, "name": word("operation", 4243), "workCenterIds": []string{id24(parent)},
	}},
	"/api/payment-terms/list": {tables: []string{"payment_terms"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("terms", 4243),
	}},
	"/api/quotes/{quoteId}/part-line-items/list": {tables: []string{"quote_part_lines"}, path: map[string]string{"quoteId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(3))}}},
	"/api/purchase-orders/{purchaseOrderId}/part-line-items/list": {tables: []string{"purchase_order_part_lines"}, path: map[string]string{"purchaseOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(3))}}},
	"/api/purchase-orders/{purchaseOrderId}/outside-processing-line-items/list": {tables: []string{"purchase_order_outside_processing_lines"},
		path:    map[string]string{"purchaseOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(4))}, "jobOperationIds": []string{id24(subRow(3))}}},
	"/api/sales-orders/{salesOrderId}/part-line-items/list": {tables: []string{"sales_order_part_lines"}, path: map[string]string{"salesOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(3))}}},
	"/api/sales-orders/{salesOrderId}/fee-line-items/list": {tables: []string{"sales_order_fee_lines"}, path: map[string]string{"salesOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/sales-orders/{salesOrderId}/tax-line-items/list": {tables: []string{"sales_order_tax_lines"}, path: map[string]string{"salesOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/sales-orders/{salesOrderId}/refund-line-items/list": {tables: []string{"sales_order_refund_lines"}, path: map[string]string{"salesOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	// The lines view reads every line table of the order (one branch each).
	"/api/sales-orders/{salesOrderId}/line-items/list": {tables: []string{"sales_order_part_lines", "sales_order_fee_lines", "sales_order_tax_lines", "sales_order_refund_lines"},
		path: map[string]string{"salesOrderId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}, "kinds": []string{"fee"}}},
	"/api/invoices/{invoiceId}/part-line-items/list": {tables: []string{"invoice_part_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "salesOrderLineItemIds": []string{id36(subRow(3))}}},
	"/api/invoices/{invoiceId}/fee-line-items/list": {tables: []string{"invoice_fee_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/invoices/{invoiceId}/tax-line-items/list": {tables: []string{"invoice_tax_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/invoices/{invoiceId}/refund-line-items/list": {tables: []string{"invoice_refund_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/invoices/{invoiceId}/manual-line-items/list": {tables: []string{"invoice_manual_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}, "types": []string{"quantity"}}},
	"/api/invoices/{invoiceId}/deposit-line-items/list": {tables: []string{"invoice_deposit_lines"}, path: map[string]string{"invoiceId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/invoices/{invoiceId}/deposit-adjustment-line-items/list": {tables: []string{"invoice_deposit_adjustment_lines"},
		path: map[string]string{"invoiceId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	// The lines view reads every line table of the invoice (one branch each).
	"/api/invoices/{invoiceId}/line-items/list": {tables: []string{"invoice_part_lines", "invoice_manual_lines", "invoice_fee_lines", "invoice_tax_lines",
		"invoice_deposit_lines", "invoice_deposit_adjustment_lines", "invoice_refund_lines", "refund_reason_codes"},
		path: map[string]string{"invoiceId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}, "types": []string{"fee"}}},
	"/api/purchase-orders/{purchaseOrderId}/fee-line-items/list": {tables: []string{"purchase_order_fee_lines"},
		path: map[string]string{"purchaseOrderId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/purchase-orders/{purchaseOrderId}/tax-line-items/list": {tables: []string{"purchase_order_tax_lines"},
		path: map[string]string{"purchaseOrderId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/purchase-orders/{purchaseOrderId}/vendor-credit-line-items/list": {tables: []string{"purchase_order_vendor_credit_lines"},
		path: map[string]string{"purchaseOrderId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	// The lines view reads every line table of the order (one branch each).
	"/api/purchase-orders/{purchaseOrderId}/line-items/list": {
		tables: []string{"purchase_order_part_lines", "purchase_order_outside_processing_lines", "purchase_order_fee_lines",
			"purchase_order_tax_lines", "purchase_order_vendor_credit_lines"},
		path: map[string]string{"purchaseOrderId": id24(parent)}, filters: map[string]any{"ids": []string{id36(subRow(1))}, "kinds": []string{"fee"}}},
	"/api/jobs/list": {tables: []string{"jobs"}, filters: map[string]any{
		"ids":              []string{id24(777)},
		"numbers":          []int{777},
		"statuses":         []string{"complete"},
		"customerIds":      []string{id24(parent + 1)},
		"itemIds":          []string{id24(subRow(3))},
		"salesOrderIds":    []string{id24(4 * parent)},
		"dueDateFrom":      "2033-12-25",
		"dueDateTo":        "2024-01-02",
		"createdFrom":      at(listRows - 30).Format(time.DateOnly),
		"createdTo":        rowsEpoch.Format(time.DateOnly),
		"modifiedAfterUtc": dateTime(at(listRows - 30).Add(24 * time.Hour)),
	}},
	"/api/jobs/{jobId}/items-to-make/list": {tables: []string{"job_items_to_make"}, path: map[string]string{"jobId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(3))}}},
	"/api/jobs/{jobId}/operations/list": {tables: []string{"job_operations", "job_items_to_make"},
		path: map[string]string{"jobId": routedJobItem.JobID},
		filters: map[string]any{
			"ids":           []string{id36(jobRecord(2))},
			"statuses":      []string{"started"},
			"workCenterIds": []string{id24(3)},
		}},
	// Each value matches a handful of rows (raisedBeforeUtc also every alert the past-due
	// rule raises, all before the rows').
	"/api/alerts/list": {tables: []string{"alerts"}, filters: map[string]any{
		"jobIds":          []string{id24(4242)},
		"workOrderIds":    []string{id24(1246)},
		"workCenterIds":   []string{id24(4243)},
		"equipmentIds":    []string{id24(243)},
		"alertNames":      []string{"Alert 777"},
		"raisedAfterUtc":  dateTime(alertAt(listRows - 30)),
		"raisedBeforeUtc": dateTime(alertAt(30)),
	}},
	// Each value matches a handful of templates or tools (overdue: the first few hundred rows,
	// due from 2026-11-01 on); the calibrations are the parent tool's five.
	"/api/tool-templates/list": {tables: []string{"tool_templates"}, filters: map[string]any{
		"ids":    []string{id24(777)},
		"search": word("tt", 777),
	}},
	"/api/tools/list": {tables: []string{"tools", "tool_templates"}, filters: map[string]any{
		"ids":             []string{id24(777)},
		"statuses":        []string{"retired"},
		"toolTemplateIds": []string{id24(4242)},
		"locationIds":     []string{id24(8)},
		"dueOnOrBefore":   "2026-11-03",
		"overdue":         true,
		"search":          word("ts", 777),
	}},
	"/api/tools/{toolId}/calibrations/list": {tables: []string{"tool_calibrations", "tools"}, path: map[string]string{"toolId": id24(parent)},
		filters: map[string]any{"results": []string{"fail"}}},
	// Each value matches a handful of NCRs.
	"/api/ncrs/list": {tables: []string{"ncrs", "ncr_impacts"}, filters: map[string]any{
		"types":       []string{"Type 777"},
		"statuses":    []string{"Closed"},
		"jobIds":      []string{id24(4242)},
		"itemIds":     []string{id24(4243)},
		"createdFrom": at(listRows - 30).Format(time.DateOnly),
		"createdTo":   rowsEpoch.Format(time.DateOnly),
		"search":      word("ncrd", 777),
	}},
	// Each value matches a handful of CAPAs.
	"/api/capas/list": {tables: []string{"capas"}, filters: map[string]any{
		"status":      "Closed",
		"type":        "safetyIssue",
		"ncrId":       id24(4242),
		"createdUtc":  dateTime(at(listRows - 30)),
		"createdFrom": at(listRows - 30).Format(time.DateOnly),
		"createdTo":   rowsEpoch.Format(time.DateOnly),
	}},
	// Each value matches a handful of live work orders.
	"/api/work-orders/list": {tables: []string{"work_orders"}, filters: map[string]any{
		"ids":                    []string{id24(777)},
		"statuses":               []string{"complete"},
		"priorities":             []string{"critical"},
		"jobIds":                 []string{id24(4242)},
		"jobOperationIds":        []string{id36(777)},
		"search":                 word("wo", 777),
		"productionDueAfterUtc":  dateTime(at(listRows - 30)),
		"productionDueBeforeUtc": dateTime(at(30)),
		"createdAfterUtc":        dateTime(at(listRows - 30)),
		"createdBeforeUtc":       dateTime(at(30)),
	}},
	// Each value matches a handful of change orders (one in a thousand completed, one in a
	// thousand past due; the other due dates seventy years on).
	"/api/change-orders/list": {tables: []string{"change_orders"}, filters: map[string]any{
		"search":             word("coc", 777),
		"statuses":           []string{"completed"},
		"customerIds":        []string{id24(777)},
		"dispositionIds":     []string{id24(7007)},
		"requestedFromUtc":   dateTime(at(listRows - 30)),
		"requestedToUtc":     dateTime(at(30)),
		"dueFromUtc":         dateTime(at(listRows-30).AddDate(70, 0, 0)),
		"dueToUtc":           dateTime(at(30).AddDate(70, 0, 0)),
		"createdFromUtc":     dateTime(at(listRows - 30)),
		"createdToUtc":       dateTime(at(30)),
		"completedFromUtc":   dateTime(at(listRows - 1000)),
		"completedToUtc":     dateTime(at(1100)),
		"overdue":            true,
		"impactedDocumentId": id24(4242),
		"revisionItemId":     id24(777),
		"modifiedAfterUtc":   dateTime(at(listRows - 30)),
		"modifiedBeforeUtc":  dateTime(at(30)),
	}},
	// Five tasks a change order; the list joins each task's change order by key.
	"/api/change-order-tasks/list": {tables: []string{"change_order_tasks", "change_orders"}, filters: map[string]any{
		"relatedRecordIds": []string{id24(4242)},
	}},
	"/api/change-order-dispositions/list": {tables: []string{"change_order_dispositions"}, filters: map[string]any{
		"ids": []string{id24(777)},
	}},
	// The nestable groups are built in memory from every operation of the open jobs (its
	// filters apply in memory; nestableJob is the one that makes a group): the list's main
	// table is jobs, read by status through its index. Their operations and items to make are read for every open job, a quarter of the
	// jobs written here, where hashing them whole is the plan the planner may rightly take
	// (with few open jobs it joins them by key), so they are not named.
	"/api/nesting/nestable-jobs/list": {tables: []string{"jobs"}, filters: map[string]any{
		"needNesting":             true,
		"existingNests":           false,
		"materialForms":           []string{"planar"},
		"operationIds":            []string{id24(1)},
		"materialShapeIds":        []string{id24(8)},
		"earliestStartOnOrBefore": "2025-12-31",
		"search":                  "NESTABLE step",
	}},
	"/api/jobs/{jobId}/messages/list": {tables: []string{"job_messages"}, path: map[string]string{"jobId": id24(parent)},
		filters:  map[string]any{"itemToMakeId": id36(subRow(1)), "operationId": id36(subRow(1))},
		together: map[string]any{"itemToMakeId": id36(subRow(1)), "operationId": id36(subRow(1))}},
	"/api/jobs/{jobId}/items-to-make/{itemToMakeId}/operations/list": {tables: []string{"job_operations", "job_items_to_make"},
		path: map[string]string{"jobId": routedJobItem.JobID, "itemToMakeId": routedJobItem.ItemToMakeID},
		filters: map[string]any{
			"ids":           []string{id36(jobRecord(2))},
			"statuses":      []string{"started"},
			"workCenterIds": []string{id24(3)},
		}},
	"/api/jobs/{jobId}/items-to-make/{itemToMakeId}/operations/{operationId}/items-required/list": {
		tables: []string{"job_items_to_make", "job_operations"}, path: map[string]string{"jobId": routedJobItem.JobID, "itemToMakeId": routedJobItem.ItemToMakeID, "operationId": id36(jobRecord(1))}},
	"/api/jobs/{jobId}/items-to-make/{itemToMakeId}/operations/{operationId}/materials-required/list": {
		tables: []string{"job_items_to_make", "job_operations"}, path: map[string]string{"jobId": routedJobItem.JobID, "itemToMakeId": routedJobItem.ItemToMakeID, "operationId": id36(jobRecord(1))}},
	"/api/sales-orders/{salesOrderId}/blanket-line-items/list": {tables: []string{"sales_order_blanket_lines"}, path: map[string]string{"salesOrderId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(2))}, "itemIds": []string{id24(subRow(3))}}},
	"/api/quotes/{quoteId}/fee-line-items/list": {tables: []string{"quote_fee_lines", "quotes"}, path: map[string]string{"quoteId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	"/api/quotes/{quoteId}/tax-line-items/list": {tables: []string{"quote_tax_lines", "quotes"}, path: map[string]string{"quoteId": id24(parent)},
		filters: map[string]any{"ids": []string{id36(subRow(1))}}},
	// The quote report reads the stored totals of its quotes, counts their part lines and
	// names their customers.
	"/api/reporting/quote/list": {tables: []string{"quotes", "quote_part_lines", "customers"}, filters: map[string]any{
		"statuses":    []string{"won"},
		"customerIds": []string{id24(parent)},
		"quotedFrom":  at(listRows).Format(time.DateOnly),
		"quotedTo":    rowsEpoch.Format(time.DateOnly),
		"createdFrom": at(listRows).Format(time.DateOnly),
		"createdTo":   rowsEpoch.Format(time.DateOnly),
	}},
	// The sales-order-lines report lists part lines by their copy of the order's number and
	// reads each line's order and item by key.
	"/api/reporting/sales-order-lines/list": {tables: []string{"sales_order_part_lines", "sales_orders"}, filters: map[string]any{
		"salesOrderNumbers": []int{4243},
		"salesOrderStatus":  []string{"complete"},
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"shippedFrom":       "2027-05-10",
		"shippedTo":         "2000-01-03",
		"invoicedFrom":      "2027-05-10",
		"invoicedTo":        "2000-01-03",
	}},
	"/api/shipments/list": {tables: []string{"shipments"}, filters: map[string]any{
		"ids":               []string{id24(777)},
		"names":             []string{"SHIPMENT " + word("shipment", 4243)},
		"salesOrderIds":     []string{id24(777)},
		"customerIds":       []string{id24(777)},
		"statuses":          []string{"cancelled"},
		"shipByDateBefore":  "2024-01-03",
		"shipByDateAfter":   "2033-12-26",
		"shippedDateBefore": "2024-01-03",
		"shippedDateAfter":  "2033-12-26",
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
		"externalReference": map[string]any{"key": "erp", "externalId": "SH4244"},
	}},
	// The lines of all shipments; a sales order narrows them through its shipments.
	"/api/shipment-line-items/list": {tables: []string{"shipment_lines"}, filters: map[string]any{
		"shipmentIds":           []string{id24(77)},
		"salesOrderIds":         []string{id24(77)},
		"salesOrderLineItemIds": []string{id36(777)},
		"itemIds":               []string{id24(777)},
	}},
	// The shipping report lists shipment lines by their shipment's shipped day.
	"/api/reporting/shipping/list": {tables: []string{"shipment_lines", "shipments"}, filters: map[string]any{
		"shippedFrom":       "2033-12-26",
		"shippedTo":         "2024-01-03",
		"customerIds":       []string{id24(777)},
		"salesOrderNumbers": []int{4243},
		"itemIds":           []string{id24(777)},
	}},
	"/api/refund-reason-codes/list": {tables: []string{"refund_reason_codes"}, filters: map[string]any{
		"ids": []string{id24(777)}, "isArchived": true, "name": word("reason", 4243),
	}},
	"/api/tax-rates/list": {tables: []string{"tax_rates"}, filters: map[string]any{
		"ids": []string{id24(777)}, "isArchived": true, "name": word("tax", 4243),
	}},
	"/api/shipping-methods/list": {tables: []string{"shipping_methods"}, filters: map[string]any{
		"ids": []string{id24(777)}, "isArchived": true, "name": word("ship", 4243),
	}},
	"/api/timers/list":              {tables: []string{"timers"}, filters: timerFilters()},
	"/api/job-tracking-timers/list": {tables: []string{"timers"}, filters: jobTrackingTimerFilters()},
	"/api/time-clock-timers/list": {tables: []string{"time_clock_entries"}, filters: map[string]any{
		"userIds": []string{id24(7)}, "open": true,
		"fromUtc": dateTime(at(listRows - 30)), "toUtc": dateTime(at(30)),
	}},

	// The shop-floor reports, over one day of the timer and time-clock rows.
	"/api/reporting/job-activity/list": {tables: []string{"timers"}, unfiltered: activityWindow(), together: activityWindow(),
		filters: activityFilters("startedAfterUtc", dateTime(at(activityDay+24*60-30)), "startedBeforeUtc", dateTime(at(activityDay+30)),
			"types", []string{"setup"})},
	"/api/reporting/job-activity-by-operator/list": {tables: []string{"timers", "time_clock_entries"}, unfiltered: activityWindow(),
		together: activityWindow(), filters: activityFilters()},
	"/api/reporting/time-clock/list": {tables: []string{"time_clock_entries", "timers"}, unfiltered: activityWindow(),
		together: activityWindow(), filters: map[string]any{"from": "2024-01-10", "to": "2024-01-10", "userIds": []string{id24(7)}, "open": true}},

	"/api/users/list": {tables: []string{"users"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("user", 4243),
	}},
	"/api/units-of-measure/list": {tables: []string{"unit_types", "units_of_measure"}, unitsTenant: true, filters: map[string]any{
		"name": word("unit", 4243), "unitTypeName": fmt.Sprintf("Type %s %d", word("type", 848), 848),
	}},
	"/api/vendors/list": {tables: []string{"vendors"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("vendor", 4243),
		"code":              "V-004241",
		"externalReference": map[string]any{"key": "erp", "externalId": "V4244"},
		"includeDeleted":    true,
		"modifiedAfterUtc":  dateTime(at(listRows - 30).Add(24 * time.Hour)),
	}},
	"/api/vendors/{vendorId}/addresses/list": {tables: []string{"vendor_addresses"}, path: map[string]string{"vendorId": id24(parent)}},
	"/api/vendors/{vendorId}/contacts/list":  {tables: []string{"vendor_contacts"}, path: map[string]string{"vendorId": id24(parent)}},
	"/api/work-centers/list": {tables: []string{"work_centers"}, filters: map[string]any{
		"ids": []string{id24(777)}, "name": word("workcenter", 4243),
	}},
	"/api/webhooks/list": {tables: []string{"webhook_subscriptions"}, filters: map[string]any{
		// The catalogue has one type: every subscription receives it, listed or not.
		"eventType": "ItemUpdated", "ids": []string{id24(777)}, "isActive": false,
	}},
	"/api/webhooks/{webhookId}/deliveries/list": {tables: []string{"webhook_deliveries", "webhook_attempts", "webhook_subscriptions"},
		path: map[string]string{"webhookId": id24(1)},
		filters: map[string]any{
			"createdAfterUtc":  dateTime(at(listRows - 50)),
			"createdBeforeUtc": dateTime(at(50)),
			"eventIds":         []string{id24(4243)},
			// Every delivery is of the catalogue's one type.
			"eventTypes": []string{"ItemUpdated"},
			"statuses":   []string{"failed"},
		}},
	"/api/attachments/list": {tables: []string{"attachments"},
		unfiltered: map[string]any{"formats": []string{"undefined", "cad", "document", "image", "video"}},
		filters: map[string]any{
			"attachmentIds": []string{id24(777)},
			"formats":       []string{"video"},
			"owner":         map[string]any{"type": "item", "id": id24(parent)},
			"owners":        []map[string]any{{"type": "item", "id": id24(parent)}},
		}},
}

// TestEveryListFilterAndDefaultSortUsesAnIndex: with 100,000 rows in each list's main table
// for one tenant (and 300 for each of three others), a page of 50 in the default order,
// unfiltered and with each member of the list's filter, never reads the main table with a
// sequential scan. It calls every list operation of the spec through HTTP on a server of its
// own, on a database of its own, whose pool records the SQL it runs, and EXPLAINs every
// statement that names a main table with the arguments it ran with. A list without a row in
// indexedLists, or a filter member without a value there, fails the test.
func TestEveryListFilterAndDefaultSortUsesAnIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	started := time.Now()
	pool, dbURL := dbtest.New(t)
	tenants := tenancy.NewService(pool, srv.Permissions)
	// The lists' tenant, two others and the units list's tenant.
	var tenantIDs, tokens [4]string
	for i := range tenantIDs {
		id, err := tenants.CreateTenant(ctx, tenancy.NewTenant{Name: fmt.Sprintf("Indexed lists %d", i)})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := tenants.IssueToken(ctx, tenancy.NewToken{TenantID: id})
		if err != nil {
			t.Fatal(err)
		}
		tenantIDs[i], tokens[i] = id, tok.Secret
	}
	if err := fillTables(ctx, dbURL, tenantIDs[0], tenantIDs[1], tenantIDs[2], tenantIDs[3]); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d rows per main table in %s", listRows, time.Since(started).Round(time.Millisecond))

	recording, recorder := dbtest.Recording(t, dbURL)
	cfg := srv.config
	cfg.Pool = recording
	e, err := httpapi.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)

	for _, o := range specOperations(t) {
		if o.method != http.MethodPost || !isListPath(o.path) {
			continue
		}
		row, ok := indexedLists[o.path]
		if !ok {
			t.Errorf("%s: no row in indexedLists: add one naming its main table and a selective value for each filter", o)
			continue
		}
		members := filterMembers(o)
		for _, m := range members {
			if _, ok := row.filters[m]; !ok {
				t.Errorf("%s: filter member %q has no selective value in its indexedLists row", o, m)
			}
		}
		for m := range row.filters {
			if !slices.Contains(members, m) {
				t.Errorf("%s: indexedLists names filter member %q, which the spec's filter does not have", o, m)
			}
		}
		path := o.path
		for name, value := range row.path {
			path = strings.ReplaceAll(path, "{"+name+"}", value)
		}
		calls := map[string]map[string]any{"default sort": row.unfiltered}
		for m, v := range row.filters {
			call := map[string]any{m: v}
			for k, w := range row.together {
				call[k] = w
			}
			calls["filter "+m] = call
		}
		for _, name := range slices.Sorted(maps.Keys(calls)) {
			t.Run(strings.TrimPrefix(o.path, "/api/")+"/"+name, func(t *testing.T) {
				recorder.Start()
				token := tokens[0]
				if row.unitsTenant {
					token = tokens[3]
				}
				listPage(t, ts.URL+path, token, o.op.RequestBody != nil, calls[name])
				read := false
				for _, st := range recorder.Stop() {
					read = mustNotScanSequentially(t, pool, o.String()+" "+name, row.tables, st) || read
				}
				if !read {
					t.Errorf("%s %s: no statement named %v: is its indexedLists row's main table right?", o, name, row.tables)
				}
			})
		}
	}
	t.Logf("took %s", time.Since(started).Round(time.Millisecond))
}

// isListPath reports whether path is a list's: it ends in /list, or in /list/v2 (a later
// version of a list).
func isListPath(path string) bool {
	segs := strings.Split(path, "/")
	last := segs[len(segs)-1]
	if len(segs) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = segs[len(segs)-2]
	}
	return last == "list"
}

// filterMembers are the members of the operation's JSON request body, sorted.
func filterMembers(o specOperation) []string {
	rb := o.op.RequestBody
	if rb == nil || rb.Value == nil {
		return nil
	}
	mt := rb.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil {
		return nil
	}
	var names []string
	var collect func(s *openapi3.Schema)
	collect = func(s *openapi3.Schema) {
		for _, part := range s.AllOf {
			collect(part.Value)
		}
		for name := range s.Properties {
			names = append(names, name)
		}
	}
	collect(mt.Schema.Value)
	slices.Sort(names)
	return slices.Compact(names)
}

// listPage asks url for the first page of 50 with body as the filter (none when the list
// takes no body) and fails t unless it answers 200 with at least one row: a filter value that
// matches nothing would say little about the plan of one that matches.
func listPage(t *testing.T, url, token string, takesBody bool, body map[string]any) {
	t.Helper()
	h := bearer(token)
	var payload *strings.Reader
	if takesBody {
		if body == nil {
			body = map[string]any{}
		}
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		h.Set("Content-Type", "application/json")
		payload = strings.NewReader(string(raw))
	}
	var res rawResponse
	var answer []byte
	if payload != nil {
		res, answer = sendRequest(t, http.MethodPost, url+"?Take=50", h, payload)
	} else {
		res, answer = sendRequest(t, http.MethodPost, url+"?Take=50", h, nil)
	}
	mustStatus(t, res.StatusCode, http.StatusOK, answer)
	// A list answers an array, or a page envelope whose data is one.
	var rows []json.RawMessage
	if err := json.Unmarshal(answer, &rows); err != nil {
		var page struct {
			Data []json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(answer, &page); err != nil {
			t.Fatalf("%s answered neither an array nor a page: %s", url, truncate(answer))
		}
		rows = page.Data
	}
	if len(rows) == 0 {
		t.Errorf("%s with %v answered no row: no row written matches the value", url, body)
	}
}

// planNode is the part of an EXPLAIN (FORMAT JSON) node the test reads.
type planNode struct {
	NodeType string     `json:"Node Type"`
	Relation string     `json:"Relation Name"`
	Plans    []planNode `json:"Plans"`
}

// mustNotScanSequentially EXPLAINs st with its arguments and fails t when its plan reads one
// of tables with a sequential scan; it answers whether st names one of tables. Statements
// that name none (the token lookup, the tenant's settings) are not the list's: skipped.
func mustNotScanSequentially(t *testing.T, pool *db.Pool, what string, tables []string, st dbtest.Statement) bool {
	t.Helper()
	if !slices.ContainsFunc(tables, func(table string) bool { return strings.Contains(st.SQL, table) }) {
		return false
	}
	var raw []byte
	if err := pool.QueryRowContext(context.Background(), "EXPLAIN (FORMAT JSON) "+st.SQL, st.Args...).Scan(&raw); err != nil {
		t.Fatalf("%s: EXPLAIN %s: %v", what, st.SQL, err)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &plans); err != nil {
		t.Fatalf("%s: read the plan: %v", what, err)
	}
	var scanned []string
	var walk func(n planNode)
	walk = func(n planNode) {
		if n.NodeType == "Seq Scan" && slices.Contains(tables, n.Relation) {
			scanned = append(scanned, n.Relation)
		}
		for _, c := range n.Plans {
			walk(c)
		}
	}
	for _, p := range plans {
		walk(p.Plan)
	}
	if len(scanned) == 0 {
		return true
	}
	rows, err := pool.QueryContext(context.Background(), "EXPLAIN "+st.SQL, st.Args...)
	if err != nil {
		t.Fatalf("%s: EXPLAIN %s: %v", what, st.SQL, err)
	}
	defer func() { _ = rows.Close() }()
	var text strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		text.WriteString(line + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	t.Errorf("%s: sequential scan of %s\nSQL: %s\nargs: %v\nplan:\n%s", what, strings.Join(scanned, ", "), st.SQL, st.Args, text.String())
	return true
}

// timerFilters are the values of the timer lists' filter members.
func timerFilters() map[string]any {
	return map[string]any{
		"ids": []string{id24(777)}, "userIds": []string{id24(7)}, "jobIds": []string{id24(parent)},
		"jobOperationIds": []string{id36(subRow(2))}, "itemId": id24(subRow(3)), "types": []string{"setup"},
		"running": true, "startedAfterUtc": dateTime(at(listRows - 30)), "startedBeforeUtc": dateTime(at(30)),
	}
}

// jobTrackingTimerFilters are timerFilters naming job-tracking rows (the even ones).
func jobTrackingTimerFilters() map[string]any {
	f := timerFilters()
	f["ids"], f["jobOperationIds"] = []string{id24(778)}, []string{id36(subRow(1))}
	return f
}

// activityDay is the minute (see at) the shop day activityWindow names starts: 2024-01-10.
const activityDay = 9 * 24 * 60

// activityWindow is the one shop day of the timer and time-clock rows the shop-floor reports
// read (they take a window of days only together: from and to, both required).
func activityWindow() map[string]any { return map[string]any{"from": "2024-01-10", "to": "2024-01-10"} }

// activityFilters are the values of the shop-floor reports' filter members, and more members
// as name, value pairs.
func activityFilters(more ...any) map[string]any {
	f := map[string]any{
		"from": "2024-01-10", "to": "2024-01-10", "userIds": []string{id24(7)},
		// The job of timer rows 12996 to 13000, and the work center of routing operations
		// 12999 and 13000 (the timers' job operations of the same rows), on that day.
		"jobIds": []string{id24(2600)}, "workCenterIds": []string{id24(6500)},
	}
	for i := 0; i+1 < len(more); i += 2 {
		f[more[i].(string)] = more[i+1]
	}
	return f
}
