package tests

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/httpapi"
	"mos/internal/platform/blob"
	"mos/internal/platform/db"
	"mos/internal/shared/attachments"
)

// versionedWrite is a write of a record, as the walk sends it with If-Match.
type versionedWrite struct {
	Method, Path, Body string // Path defaults to the record's GET path
	// Answers: a PUT or PATCH whose answer is the record, which carries its new ETag.
	Answers bool
}

// versioned is a record as the walk meets it.
type versioned struct {
	// Table and ID name its row, which the walk also updates in SQL; ID "" is the tenant's
	// one record of the table (its settings).
	Table, ID string
	// IDColumn is the column ID names when it is not id (a nest is keyed by its work-order
	// operation).
	IDColumn string
	Get      string
	// Writes change the record, in order (a delete last).
	Writes []versionedWrite
}

// versionedRow is one record kind of the walk: a new one adds a row.
type versionedRow struct {
	name    string
	arrange func(t *testing.T, te *tenantEnv) versioned
}

// tagShapedVersioned is the row of a Tag-shaped list without writes of its own.
func tagShapedVersioned(name, path string) versionedRow {
	return versionedRow{name: name, arrange: func(t *testing.T, te *tenantEnv) versioned {
		id := createListRecord(t, te, path, "Versioned")
		return versioned{Table: "tags", ID: id, Get: path + "/" + id}
	}}
}

func putRecord(path, body string) versionedWrite {
	return versionedWrite{http.MethodPut, path, body, true}
}
func patchOf(path, body string) versionedWrite {
	return versionedWrite{http.MethodPatch, path, body, true}
}
func deleteRecord(path string) versionedWrite {
	return versionedWrite{http.MethodDelete, path, "", false}
}

// partWrite is a write of a record's part: it takes the record's ETag and answers the part.
func partWrite(method, path, body string) versionedWrite {
	return versionedWrite{method, path, body, false}
}

// Every record with a GET answers a strong ETag that stays while nothing changes and moves
// with every write (by the API or by any code updating its row); If-None-Match naming it is
// 304 without a body; each of its writes with a stale If-Match is 412 and changes nothing,
// and with the current one succeeds (a PUT or PATCH answering the new ETag). Every
// conditional GET of the spec must be walked here: a new record adds a row.
func TestEveryRecordAnswersETagsAndHonoursPreconditions(t *testing.T) {
	t.Parallel()
	rows := []versionedRow{
		tagShapedVersioned("accounting codes", "/api/accounting-codes"),
		tagShapedVersioned("chart of accounts", "/api/chart-of-accounts"),
		tagShapedVersioned("material codes", "/api/material-codes"),
		tagShapedVersioned("item categories", "/api/item-categories"),
		tagShapedVersioned("grade codes", "/api/grade-codes"),
		tagShapedVersioned("shape codes", "/api/shape-codes"),
		tagShapedVersioned("gauge codes", "/api/gauge-codes"),
		tagShapedVersioned("item classes", "/api/item-classes"),
		{name: "tags", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createTag(t, te, "Hot")
			return versioned{Table: "tags", ID: id, Get: "/api/tags/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Hotter","style":"danger"}`),
				patchOf("", `[{"op":"replace","path":"/style","value":"dark"}]`),
			}}
		}},
		{name: "item tags", arrange: func(t *testing.T, te *tenantEnv) versioned {
			item, tag := createItem(t, te, newItem("VER-TAGGED")), createTag(t, te, "Carried")
			addItemTag(t, te, item, tag)
			return versioned{Table: "tags", ID: tag, Get: "/api/item-tags/" + tag}
		}},
		{name: "companies", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createCompany(t, te, client.CompanyInfoWrite{Name: "Works"})
			return versioned{Table: "companies", ID: id, Get: "/api/companies/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Works Ltd"}`),
				patchOf("", `[{"op":"replace","path":"/name","value":"Works plc"}]`),
			}}
		}},
		{name: "custom fields", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createCustomField(t, te, textField("Colour", client.CustomFieldModuleQuote))
			return versioned{Table: "custom_fields", ID: id, Get: "/api/custom-fields/" + id, Writes: []versionedWrite{
				putRecord("", mustJSON(t, textField("Shade", client.CustomFieldModuleQuote))),
				deleteRecord(""),
			}}
		}},
		{name: "customer tiers", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createCustomerTier(t, te, "Gold", nil)
			return versioned{Table: "customer_tiers", ID: id, Get: "/api/customer-tiers/" + id}
		}},
		{name: "payment terms", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createPaymentTerm(t, te, "Net 30", 30)
			return versioned{Table: "payment_terms", ID: id, Get: "/api/payment-terms/" + id}
		}},
		{name: "customers", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id, tier := createCustomer(t, te, client.CustomerWrite{Name: "Buyer"}), createCustomerTier(t, te, "Gold", nil)
			return versioned{Table: "customers", ID: id, Get: "/api/customers/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Buyer Two"}`),
				patchOf("", `[{"op":"replace","path":"/name","value":"Buyer Three"}]`),
				putRecord("/api/customers/"+id+"/customer-tier", fmt.Sprintf(`{"customerTierId":%q}`, tier)),
				deleteRecord(""),
			}}
		}},
		{name: "quotes", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := newQuote(t, te, "Quoted")
			customer := getQuote(t, te, id).CustomerId
			return versioned{Table: "quotes", ID: id, Get: quotePath(id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"customerId":%q,"notes":"two"}`, customer)),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
				putRecord(quotePath(id)+"/custom-fields", `{}`),
				putRecord(quotePath(id)+"/customFields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "sales orders", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := soFor(t, te, "Ordered")
			customer := soGet(t, te, id).CustomerId
			return versioned{Table: "sales_orders", ID: id, Get: soOrderPath(id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"customerId":%q,"notes":"two"}`, customer)),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
				putRecord(soOrderPath(id)+"/custom-fields", `{}`),
				putRecord(soOrderPath(id)+"/customFields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "purchase orders", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := poFor(t, te)
			vendor := poGet(t, te, id).VendorId
			return versioned{Table: "purchase_orders", ID: id, Get: poOrderPath(id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"vendorId":%q,"notes":"two"}`, vendor)),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
				putRecord(poOrderPath(id)+"/custom-fields", `{}`),
				putRecord(poOrderPath(id)+"/customFields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "shipments", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := shCreate(t, te, shNew(t, te, 3).body("1", nil))
			return versioned{Table: "shipments", ID: id, Get: shShipmentPath(id), Writes: []versionedWrite{
				putRecord("", `{"notes":"two"}`),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
				putRecord(shShipmentPath(id)+"/custom-fields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "shipment lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			shipment := shCreate(t, te, shNew(t, te, 3).body("1", nil))
			id := shGet(t, te, shipment).LineItems[0].Id
			return versioned{Table: "shipment_lines", ID: id, Get: shLinePath(shipment, id), Writes: []versionedWrite{
				putRecord("", `{"quantity":2}`),
				deleteRecord(""),
			}}
		}},
		{name: "receipts", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id, _ := rcSalesOrderReceipt(t, te)
			return versioned{Table: "receipts", ID: id, Get: rcReceiptPath(id), Writes: []versionedWrite{
				putRecord("", `{"notes":"two"}`),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
			}}
		}},
		// Notes are never changed: their GET alone is conditional.
		{name: "notes", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := ntCreate(t, te, "salesOrderId", solOrder(t, te, "USD"), "Versioned")
			return versioned{Table: "notes", ID: id, Get: ntNotePath(id)}
		}},
		{name: "invoices", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := ivWalkInvoice(t, te).invoice
			return versioned{Table: "invoices", ID: id, Get: ivInvoicePath(id), Writes: []versionedWrite{
				putRecord("", `{"notesToCustomer":"two"}`),
				patchOf("", `[{"op":"replace","path":"/notesToCustomer","value":"three"}]`),
				putRecord(ivInvoicePath(id)+"/custom-fields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "invoice part lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := ivWalkInvoice(t, te)
			return versioned{Table: "invoice_part_lines", ID: w.part, Get: ivPartLinesPath(w.invoice) + "/" + w.part, Writes: []versionedWrite{
				putRecord("", `{"quantity":1}`),
				patchOf("", `[{"op":"replace","path":"/customerPartNumber","value":"CP"}]`),
			}}
		}},
		{name: "invoice fee lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := ivWalkInvoice(t, te)
			return versioned{Table: "invoice_fee_lines", ID: w.fee, Get: ivFeeLinesPath(w.invoice) + "/" + w.fee, Writes: []versionedWrite{
				putRecord("", `{"name":"Walk fee","amount":4}`),
				patchOf("", `[{"op":"replace","path":"/amount","value":5}]`),
			}}
		}},
		{name: "invoice refund lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := ivWalkInvoice(t, te)
			reason := irReason(t, te)
			id := irRefund(t, te, w.invoice, reason, "1")
			return versioned{Table: "invoice_refund_lines", ID: id, Get: irRefundPath(w.invoice, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"refundReasonCodeId":%q,"amount":2}`, reason)),
				patchOf("", `[{"op":"replace","path":"/amount","value":3}]`),
				deleteRecord(""),
			}}
		}},
		{name: "invoice manual lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := ivWalkInvoice(t, te)
			id := imlWalkLine(t, te, w.invoice)
			return versioned{Table: "invoice_manual_lines", ID: id, Get: imlLinePath(w.invoice, id), Writes: []versionedWrite{
				putRecord("", `{"type":"priced","price":2}`),
				patchOf("", `[{"op":"replace","path":"/price","value":3}]`),
				deleteRecord(""),
			}}
		}},
		{name: "invoice deposit lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := irWalkDeposits(t, te)
			return versioned{Table: "invoice_deposit_lines", ID: w.depositLine, Get: irDepositLinesPath(w.deposit) + "/" + w.depositLine}
		}},
		{name: "invoice deposit adjustment lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := irWalkDeposits(t, te)
			return versioned{Table: "invoice_deposit_adjustment_lines", ID: w.adjustment, Get: irAdjustmentsPath(w.regular) + "/" + w.adjustment}
		}},
		{name: "invoice tax lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			w := ivWalkInvoice(t, te)
			return versioned{Table: "invoice_tax_lines", ID: w.tax, Get: ivTaxLinesPath(w.invoice) + "/" + w.tax}
		}},
		{name: "invoice discount lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			f := ivOrder(t, te, "2")
			ivMoveOrder(t, te, f.order, "draft")
			soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(f.order), `{"isPercentage":true,"value":5}`)
			ivMoveOrder(t, te, f.order, "approved")
			id := ivBill(t, te, f.order)
			d := soOK[client.InvoiceDiscountLineItem](t, te, http.MethodGet, ivDiscountPath(id), "")
			return versioned{Table: "invoice_discount_lines", ID: d.Id, Get: ivDiscountPath(id)}
		}},
		{name: "receipt lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			receipt, id := rcSalesOrderReceipt(t, te)
			return versioned{Table: "receipt_lines", ID: id, Get: rcLinePath(receipt, id), Writes: []versionedWrite{
				putRecord("", `{"quantity":2}`),
				patchOf("", `[{"op":"replace","path":"/notes","value":"three"}]`),
				deleteRecord(""),
			}}
		}},
		{name: "customer addresses", arrange: func(t *testing.T, te *tenantEnv) versioned {
			customer := newSubRecordCustomer(t, te, "Addressed")
			id := createAddress(t, te, customer, dockAddress())
			moved := dockAddress()
			moved.City = "Elsewhere"
			return versioned{Table: "customer_addresses", ID: id, Get: addressPath(customer, id), Writes: []versionedWrite{
				putRecord("", mustJSON(t, moved)),
				deleteRecord(""),
			}}
		}},
		{name: "customer contacts", arrange: func(t *testing.T, te *tenantEnv) versioned {
			customer := newSubRecordCustomer(t, te, "Contacted")
			id := createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Dana"})
			return versioned{Table: "customer_contacts", ID: id, Get: contactPath(customer, id), Writes: []versionedWrite{
				putRecord("", `{"firstName":"Eve"}`),
				deleteRecord(""),
			}}
		}},
		{name: "vendors", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createVendor(t, te, "Acme")
			return versioned{Table: "vendors", ID: id, Get: "/api/vendors/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Acme Steel"}`),
				patchOf("", `[{"op":"replace","path":"/leadTimeInDays","value":4}]`),
			}}
		}},
		{name: "vendor addresses", arrange: func(t *testing.T, te *tenantEnv) versioned {
			vendor := createVendor(t, te, "Addressed Vendor")
			id := pvCreateAddress(t, te, vendor, pvAddress())
			moved := pvAddress()
			moved.City = "Elsewhere"
			return versioned{Table: "vendor_addresses", ID: id, Get: pvAddressPath(vendor, id), Writes: []versionedWrite{
				putRecord("", mustJSON(t, moved)),
				deleteRecord(""),
			}}
		}},
		{name: "vendor contacts", arrange: func(t *testing.T, te *tenantEnv) versioned {
			vendor := createVendor(t, te, "Contacted Vendor")
			id := pvCreateContact(t, te, vendor, client.VendorContactWrite{FirstName: "Dana"})
			return versioned{Table: "vendor_contacts", ID: id, Get: pvContactPath(vendor, id), Writes: []versionedWrite{
				putRecord("", `{"firstName":"Eve"}`),
				deleteRecord(""),
			}}
		}},
		{name: "material shapes", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createMaterialShape(t, te.API, plate("Plate Versioned"))
			return versioned{Table: "material_shapes", ID: id, Get: "/api/materials/" + id, Writes: []versionedWrite{
				putRecord("", mustJSON(t, plate("Plate Renamed"))),
			}}
		}},
		{name: "items and their parts", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id, vendor := buyItem(t, te, "VER-ITEM"), createVendor(t, te, "Supplier")
			customer, tag := newSubRecordCustomer(t, te, "Item Buyer"), createTag(t, te, "Item tag")
			vd := addVendorDetail(t, te, id, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
			mv := addMaterialVendor(t, te, id, fmt.Sprintf(`{"vendorId":%q,"notes":"mill"}`, vendor))
			cd := addCustomerDetail(t, te, id, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"C-1"}`, customer))
			item := "/api/items/" + id
			return versioned{Table: "items", ID: id, Get: item, Writes: []versionedWrite{
				putRecord("", `{"description":"Put"}`),
				patchOf("", `[{"op":"replace","path":"/description","value":"Patched"}]`),
				putRecord(item+"/custom-fields", `{}`),
				putRecord(item+"/customFields", `{}`),
				putRecord(item+"/tags", fmt.Sprintf(`{"tagIds":[%q]}`, tag)),
				deleteRecord(item + "/tags/" + tag),
				// Its parts take the item's ETag, and their writes move it.
				partWrite(http.MethodPut, item+"/vendors/"+vd, fmt.Sprintf(`{"vendorId":%q,"price":4}`, vendor)),
				partWrite(http.MethodPut, item+"/material-vendors/"+mv, fmt.Sprintf(`{"vendorId":%q,"notes":"mill two"}`, vendor)),
				partWrite(http.MethodPut, item+"/customers/"+cd, fmt.Sprintf(`{"customerId":%q,"customerItemNumber":"C-2"}`, customer)),
				partWrite(http.MethodPut, item+"/purchase-price-breaks", fmt.Sprintf(`{"priceBreaks":[{"vendorId":%q,"quantity":1,"price":1}]}`, vendor)),
				partWrite(http.MethodPut, item+"/sales-price-breaks", `{"priceBreaks":[{"quantity":1,"price":3}]}`),
				partWrite(http.MethodDelete, item+"/vendors/"+vd, ""),
				partWrite(http.MethodDelete, item+"/material-vendors/"+mv, ""),
				partWrite(http.MethodDelete, item+"/customers/"+cd, ""),
			}}
		}},
		{name: "locations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createLocation(t, te, "Rack")
			return versioned{Table: "locations", ID: id, Get: "/api/locations/" + id, Writes: []versionedWrite{deleteRecord("")}}
		}},
		{name: "inventory lots", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createLot(t, te, client.InventoryLotCreate{ItemId: lotTrackedItem(t, te, "VER-LOT"), Name: ptr("L1")})
			return versioned{Table: "inventory_lots", ID: id, Get: "/api/inventory-lots/" + id}
		}},
		{name: "inventory events", arrange: func(t *testing.T, te *tenantEnv) versioned {
			ev := receiveStock(t, te, client.InventoryReceive{ItemId: createItem(t, te, newItem("VER-EVENT")), Quantity: num("2")})
			return versioned{Table: "inventory_events", ID: ev.Id, Get: eventPath(ev.Id), Writes: []versionedWrite{
				patchOf("", `[{"op":"replace","path":"/note","value":"counted"}]`),
			}}
		}},
		{name: "inventory event details", arrange: func(t *testing.T, te *tenantEnv) versioned {
			ev := receiveStock(t, te, client.InventoryReceive{ItemId: createItem(t, te, newItem("VER-DETAILS")), Quantity: num("2")})
			return versioned{Table: "inventory_events", ID: ev.Id, Get: eventPath(ev.Id) + "/details", Writes: []versionedWrite{
				putRecord("", `{"externalReferences":{"erp":{"type":"receipt","externalId":"R-1"}}}`),
				patchOf("", `[{"op":"add","path":"/externalReferences/erp2","value":{"type":"receipt","externalId":"R-2"}}]`),
			}}
		}},
		{name: "attachments", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := attachToItem(t, te, createItem(t, te, newItem("VER-FILE")), "spec.txt", uniqueBytes(t, "versioned", 16))
			return versioned{Table: "attachments", ID: id, Get: "/api/attachments/" + id, Writes: []versionedWrite{deleteRecord("")}}
		}},
		{name: "departments", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createDepartment(t, te, client.DepartmentCreate{Name: "Machining"})
			return versioned{Table: "departments", ID: id, Get: "/api/departments/" + id, Writes: []versionedWrite{
				putRecord("", `{"description":"Mills and lathes"}`),
			}}
		}},
		{name: "work centers", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := namedWorkCenter(t, te, "Mill", "")
			return versioned{Table: "work_centers", ID: id, Get: "/api/work-centers/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Mill two"}`),
				deleteRecord(""),
			}}
		}},
		{name: "equipment", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createEquipment(t, te, client.EquipmentWrite{Name: "VF-2", Description: "VMC"})
			return versioned{Table: "equipment", ID: id, Get: "/api/equipment/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"VF-3","description":"VMC"}`),
			}}
		}},
		{name: "tax rates", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
			return versioned{Table: "tax_rates", ID: id, Get: taxRatePath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"State","rate":6.5}`),
			}}
		}},
		{name: "shipping methods", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createShippingMethod(t, te, client.ShippingMethodWrite{Name: "UPS Ground", Carrier: ptr("UPS")})
			return versioned{Table: "shipping_methods", ID: id, Get: shippingMethodPath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"UPS Ground","carrier":"UPS","description":"1 to 5 days"}`),
			}}
		}},
		{name: "users", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createUser(t, te, "Versioned Operator")
			return versioned{Table: "users", ID: id, Get: userPath(id)}
		}},
		{name: "refund reason codes", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG")})
			return versioned{Table: "refund_reason_codes", ID: id, Get: refundReasonPath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"Damaged in transit","code":"DMG"}`),
			}}
		}},
		{name: "quote fee lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			quote := quoteForLines(t, te, "")
			id := createFeeLine(t, te, quote, client.QuoteFeeLineItemWrite{Name: "Freight", Amount: num("10")})
			return versioned{Table: "quote_fee_lines", ID: id, Get: feeLinePath(quote, id), Writes: []versionedWrite{
				putRecord("", `{"name":"Freight","amount":12}`),
				deleteRecord(""),
			}}
		}},
		{name: "quote tax lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			quote := quoteForLines(t, te, "")
			state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
			county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
			id := createTaxLine(t, te, quote, state)
			return versioned{Table: "quote_tax_lines", ID: id, Get: taxLinePath(quote, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"taxRateId":%q}`, county)),
				deleteRecord(""),
			}}
		}},
		{name: "quote discount lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			quote := quoteForLines(t, te, "")
			d := setDiscountLine(t, te, quote, client.QuoteDiscountLineItemWrite{IsPercentage: true, Value: num("5")})
			return versioned{Table: "quote_discount_lines", ID: d.Id, Get: discountLinePath(quote), Writes: []versionedWrite{
				putRecord("", `{"isPercentage":true,"value":6}`),
				putRecord("/api/quote/"+quote+"/discount-line-item", `{"isPercentage":false,"value":6}`),
				deleteRecord(""),
			}}
		}},
		{name: "operations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			dep := newShopDepartment(t, te, "Operated")
			mill := addShopEquipment(t, te, dep, "Operated mill")
			id := createOperation(t, te, client.OperationWrite{Name: "Mill", WorkCenterId: &dep.WorkCenterID, EquipmentId: &mill})
			return versioned{Table: "operations", ID: id, Get: operationReadPath(id), Writes: []versionedWrite{
				putRecord(operationPath(id), mustJSON(t, client.OperationWrite{Name: "Mill two", WorkCenterId: &dep.WorkCenterID})),
			}}
		}},
		{name: "item routing operations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-ROUTING"))
			id := createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Mill")})
			return versioned{Table: "routing_operations", ID: id, Get: itemRoutingOperationPath(itemID, id), Writes: []versionedWrite{
				putRecord("", `{"name":"Mill two","setupTimeMinutes":5}`),
				deleteRecord(""),
			}}
		}},
		{name: "quote part lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-QUOTED"))
			quoteID := quoteFor(t, te, "")
			id := addLine(t, te, quoteID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))
			return versioned{Table: "quote_part_lines", ID: id, Get: partLinePath(quoteID, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"itemId":%q,"quantity":3}`, itemID)),
				putRecord(partLinePath(quoteID, id)+"/custom-fields", `{}`),
				putRecord(partLinePath(quoteID, id)+"/customFields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "sales order fee lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := solOrder(t, te, "USD")
			id := solCreate(t, te, soFeeLinesPath(order), `{"name":"Tooling","amount":10}`)
			return versioned{Table: "sales_order_fee_lines", ID: id, Get: soFeeLinesPath(order) + "/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Tooling","amount":12}`),
				patchOf("", `[{"op":"replace","path":"/amount","value":13}]`),
				deleteRecord(""),
			}}
		}},
		{name: "sales order tax lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := solOrder(t, te, "USD")
			state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
			county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
			id := solCreate(t, te, soTaxLinesPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
			return versioned{Table: "sales_order_tax_lines", ID: id, Get: soTaxLinesPath(order) + "/" + id, Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"taxRateId":%q}`, county)),
				deleteRecord(""),
			}}
		}},
		{name: "sales order discount lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := solOrder(t, te, "USD")
			d := soOK[client.SalesOrderDiscountLineItem](t, te, http.MethodPut, soDiscountPath(order), `{"isPercentage":true,"value":5}`)
			return versioned{Table: "sales_order_discount_lines", ID: d.Id, Get: soDiscountPath(order), Writes: []versionedWrite{
				putRecord("", `{"isPercentage":true,"value":6}`),
				deleteRecord(""),
			}}
		}},
		{name: "purchase order fee lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := pdOrder(t, te, "USD")
			id := solCreate(t, te, pdFeePath(order), `{"name":"Freight","amount":10}`)
			return versioned{Table: "purchase_order_fee_lines", ID: id, Get: pdFeePath(order) + "/" + id, Writes: []versionedWrite{
				putRecord("", `{"name":"Freight","amount":12}`),
				patchOf("", `[{"op":"replace","path":"/amount","value":13}]`),
				deleteRecord(""),
			}}
		}},
		{name: "purchase order tax lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := pdOrder(t, te, "USD")
			state := createTaxRate(t, te, client.TaxRateWrite{Name: "State", Rate: num("6")})
			county := createTaxRate(t, te, client.TaxRateWrite{Name: "County", Rate: num("1")})
			id := solCreate(t, te, pdTaxPath(order), fmt.Sprintf(`{"taxRateId":%q}`, state))
			return versioned{Table: "purchase_order_tax_lines", ID: id, Get: pdTaxPath(order) + "/" + id, Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"taxRateId":%q}`, county)),
				deleteRecord(""),
			}}
		}},
		{name: "purchase order discount lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := pdOrder(t, te, "USD")
			d := soOK[client.PurchaseOrderDiscountLineItem](t, te, http.MethodPut, pdDiscountPath(order), `{"isPercentage":true,"value":5}`)
			return versioned{Table: "purchase_order_discount_lines", ID: d.Id, Get: pdDiscountPath(order), Writes: []versionedWrite{
				putRecord("", `{"isPercentage":true,"value":6}`),
				deleteRecord(""),
			}}
		}},
		{name: "purchase order vendor-credit lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			order := pdOrderIn(t, te, "USD", client.PurchaseOrderStatusOrdered)
			id := solCreate(t, te, pdCreditPath(order), `{"amount":10}`)
			return versioned{Table: "purchase_order_vendor_credit_lines", ID: id, Get: pdCreditPath(order) + "/" + id, Writes: []versionedWrite{
				putRecord("", `{"amount":12}`),
				patchOf("", `[{"op":"replace","path":"/amount","value":13}]`),
				deleteRecord(""),
			}}
		}},
		{name: "sales order part lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-ORDERED"))
			orderID := soOrderFor(t, te, "")
			id := soAddLine(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":1,"unitPrice":2}`, itemID))
			return versioned{Table: "sales_order_part_lines", ID: id, Get: soPartLinePath(orderID, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"itemId":%q,"quantity":3}`, itemID)),
				patchOf("", `[{"op":"replace","path":"/quantity","value":4}]`),
				putRecord(soPartLinePath(orderID, id)+"/custom-fields", `{}`),
				putRecord(soPartLinePath(orderID, id)+"/customFields", `{}`),
				deleteRecord(""),
			}}
		}},
		{name: "jobs", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createJobMaking(t, te, createItem(t, te, newItem("VER-JOB")), "1")
			return versioned{Table: "jobs", ID: id, Get: jobPath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"Versioned"}`),
				patchOf("", `[{"op":"replace","path":"/notes","value":"patched"}]`),
				putRecord(jobPath(id)+"/custom-fields", `{}`),
				putRecord(jobPath(id)+"/customFields", `{}`),
			}}
		}},
		{name: "job items to make", arrange: func(t *testing.T, te *tenantEnv) versioned {
			jobID := createJobMaking(t, te, createItem(t, te, newItem("VER-JOB-ITEM")), "1")
			id := getJob(t, te, jobID).ItemsToMake[0].Id
			return versioned{Table: "job_items_to_make", ID: id, Get: jobItemToMakePath(jobID, id)}
		}},
		{name: "work orders", arrange: func(t *testing.T, te *tenantEnv) versioned {
			s := newAlertShop(t, te, "released", "", "")
			id := createWorkOrder(t, te, woBody(woOp(s.Job, s.Mill)))
			return versioned{Table: "work_orders", ID: id, Get: workOrderPath(id), Writes: []versionedWrite{deleteRecord("")}}
		}},
		{name: "ncrs", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createNcr(t, te, map[string]any{"type": "Versioned", "detail": "x"})
			return versioned{Table: "ncrs", ID: id, Get: ncrPath(id), Writes: []versionedWrite{putRecord(ncrPath(id)+"/custom-fields", `{}`)}}
		}},
		{name: "capas", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createCapa(t, te, capaBody("correctiveAction", "Versioned"))
			return versioned{Table: "capas", ID: id, Get: capaPath(id), Writes: []versionedWrite{
				putRecord("", `{"capaType":"safetyIssue","problemStatement":"Versioned","dueDate":"2027-01-01T00:00:00Z"}`),
				putRecord(capaPath(id)+"/custom-fields", `{}`),
			}}
		}},
		{name: "change orders", arrange: func(t *testing.T, te *tenantEnv) versioned {
			_, item := changeOrderShopIn(t, te)
			id := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
			return versioned{Table: "change_orders", ID: id, Get: changeOrderPath(id), Writes: []versionedWrite{
				putRecord("", `{"originalRevisionItem":{"id":"`+item+`"},"detail":"conditional"}`),
				deleteRecord(""),
			}}
		}},
		{name: "change order tasks", arrange: func(t *testing.T, te *tenantEnv) versioned {
			_, item := changeOrderShopIn(t, te)
			co := createChangeOrder(t, te, map[string]any{"originalRevisionItem": map[string]any{"id": item}})
			id := createChangeOrderTask(t, te, map[string]any{"relatedRecord": map[string]any{"id": co}, "name": "Conditional"})
			return versioned{Table: "change_order_tasks", ID: id, Get: changeOrderTaskPath(id), Writes: []versionedWrite{
				putRecord("", `{"name":"Conditional again"}`),
				deleteRecord(""),
			}}
		}},
		{name: "nests", arrange: func(t *testing.T, te *tenantEnv) versioned {
			s := newNestShop(t, te)
			return versioned{Table: "nests", ID: s.Cut, IDColumn: "work_order_operation_id", Get: s.path(), Writes: []versionedWrite{
				putRecord("", jobJSON(t, s.standardNest())),
			}}
		}},
		{name: "timers", arrange: func(t *testing.T, te *tenantEnv) versioned {
			j := newTimerJob(t, te)
			user, _ := timerUser(t, te, "Versioned")
			id := createTimer(t, te.Token, j.block(user, j.Cut, "labor", fromNow(-2*time.Hour), fromNow(-time.Hour)))
			return versioned{Table: "timers", ID: id, Get: timerPath(id), Writes: []versionedWrite{
				putRecord("", jobJSON(t, map[string]any{"startedOnUtc": fromNow(-3 * time.Hour), "stoppedOnUtc": fromNow(-time.Hour)})),
				patchOf("", `[{"op":"replace","path":"/notes","value":"patched"}]`),
			}}
		}},
		{name: "purchase order part lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-BOUGHT"))
			orderID := poFor(t, te)
			id := plAddPart(t, te, orderID, map[string]any{"itemId": itemID, "quantity": 1, "unitPrice": 2})
			path := plPartPath(orderID) + "/" + id
			return versioned{Table: "purchase_order_part_lines", ID: id, Get: path, Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"itemId":%q,"quantity":3}`, itemID)),
				patchOf("", `[{"op":"replace","path":"/quantity","value":4}]`),
				deleteRecord(""),
			}}
		}},
		{name: "purchase order outside-processing lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			orderID := poFor(t, te)
			id := plAddOP(t, te, orderID, map[string]any{"description": "Plate", "quantity": 1, "unitOfMeasureName": "Each", "unitPrice": 2})
			path := plOPPath(orderID) + "/" + id
			return versioned{Table: "purchase_order_outside_processing_lines", ID: id, Get: path, Writes: []versionedWrite{
				putRecord("", `{"description":"Plate","quantity":3,"unitOfMeasureName":"Each","unitPrice":2}`),
				patchOf("", `[{"op":"replace","path":"/quantity","value":4}]`),
				deleteRecord(""),
			}}
		}},
		{name: "sales order blanket lines", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-BLANKET"))
			orderID := soOrderFor(t, te, "")
			id := sbAdd(t, te, orderID, fmt.Sprintf(`{"itemId":%q,"quantity":10,"unitPrice":2}`, itemID))
			return versioned{Table: "sales_order_blanket_lines", ID: id, Get: sbLinePath(orderID, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"itemId":%q,"quantity":30}`, itemID)),
				patchOf("", `[{"op":"replace","path":"/quantity","value":40}]`),
				deleteRecord(""),
			}}
		}},
		{name: "item routing input items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID, part := createItem(t, te, newItem("VER-MADE")), createItem(t, te, newItem("VER-PART"))
			id := createRoutingInputItem(t, te, itemID, inputOf(part, "1"))
			return versioned{Table: "routing_input_items", ID: id, Get: itemRoutingInputItemPath(itemID, id), Writes: []versionedWrite{
				putRecord("", mustJSON(t, inputOf(part, "2.5"))),
				deleteRecord(""),
			}}
		}},
		{name: "item routing input materials", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-MATERIAL"))
			_, linear := catalogueShapes(t, te)
			id := createInputMaterial(t, te, itemID, barMaterial(linear.Id))
			nesting := createNesting(t, te, itemID, id, client.RoutingMaterialNestingWrite{Name: "Bar", StockLength: num("240"), BlanksPerStock: 8})
			return versioned{Table: "routing_input_materials", ID: id, Get: itemRoutingMaterialPath(itemID, id), Writes: []versionedWrite{
				partWrite(http.MethodDelete, itemRoutingNestingPath(itemID, id, nesting), ""),
				putRecord("", fmt.Sprintf(`{"materialShapeId":%q,"blankLength":12.5}`, linear.Id)),
				deleteRecord(""),
			}}
		}},
		{name: "item routing operation items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID, opID, toolID := routingWithOperation(t, te)
			id := createOperationItem(t, te, itemID, opID, client.RoutingOperationItemWrite{ItemId: toolID, Quantity: num("1")})
			return versioned{Table: "routing_operation_items", ID: id, Get: operationItemPath(itemID, opID, id), Writes: []versionedWrite{
				putRecord("", fmt.Sprintf(`{"itemId":%q,"quantity":2.5,"per":"setup"}`, toolID)),
				deleteRecord(""),
			}}
		}},
		{name: "item routing operation tracking", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID, opID, fieldID := trackedRouting(t, te)
			id := createTracking(t, te, itemID, opID, client.TrackingPhaseSetup, client.RoutingTrackingWrite{TrackingFieldId: fieldID})
			return versioned{Table: "routing_operation_ipts", ID: id, Get: trackingPath(itemID, opID, "setup", id), Writes: []versionedWrite{
				deleteRecord(""),
			}}
		}},
		{name: "item routings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			itemID := createItem(t, te, newItem("VER-ROUTED"))
			createRoutingOperation(t, te, itemID, client.RoutingOperationWrite{Name: ptr("Mill")})
			return versioned{Table: "items", ID: itemID, Get: itemRoutingPath(itemID)}
		}},
		{name: "quote line routing operations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := newQuotePartLine(t, te, createItem(t, te, newItem("VER-QUOTED")), "1")
			id := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "routing_operations", ID: id, Get: l.operationPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", `{"name":"Mill two","setupTimeMinutes":5}`, true},
				deleteRecord(""),
			}}
		}},
		{name: "quote line routing input items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-QUOTED-PART"))
			l := newQuotePartLine(t, te, createItem(t, te, newItem("VER-QUOTED-MADE")), "1")
			id := lineCreate(t, te, l.inputItemsPath(), mustJSON(t, inputOf(part, "1")))
			return versioned{Table: "routing_input_items", ID: id, Get: l.inputItemPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", mustJSON(t, inputOf(part, "2.5")), true},
				deleteRecord(""),
			}}
		}},
		{name: "quote line routing operation items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-QUOTED-TOOL"))
			l := newQuotePartLine(t, te, createItem(t, te, newItem("VER-QUOTED-OP")), "1")
			opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			id := addLineOperationItem(t, te, l, opID, part)
			return versioned{Table: "routing_operation_items", ID: id, Get: l.operationItemsPath(opID) + "/" + id}
		}},
		{name: "quote line routing operation tracking", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := newQuotePartLine(t, te, createItem(t, te, newItem("VER-QUOTED-TRACKED")), "1")
			opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
			id := lineCreate(t, te, l.trackingsPath(opID, "setup"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
			return versioned{Table: "routing_operation_ipts", ID: id, Get: l.trackingsPath(opID, "setup") + "/" + id, Writes: []versionedWrite{
				deleteRecord(""),
			}}
		}},
		{name: "quote line routings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := newQuotePartLine(t, te, createItem(t, te, newItem("VER-QUOTED-ROUTED")), "1")
			lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "quote_part_lines", ID: l.LineID, Get: l.routingPath()}
		}},
		{name: "job routing operations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			r := jobRoutings(t, te, createJobMaking(t, te, createItem(t, te, newItem("VER-JOBBED")), "1"))[0]
			id := jobCreated(t, te, r.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "routing_operations", ID: id, Get: r.operationPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", `{"name":"Mill two","setupTimeMinutes":5}`, true},
				deleteRecord(""),
			}}
		}},
		{name: "job routing input items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-JOBBED-PART"))
			r := jobRoutings(t, te, createJobMaking(t, te, createItem(t, te, newItem("VER-JOBBED-MADE")), "1"))[0]
			id := jobCreated(t, te, r.inputItemsPath(), mustJSON(t, inputOf(part, "1")))
			return versioned{Table: "routing_input_items", ID: id, Get: r.inputItemPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", mustJSON(t, inputOf(part, "2.5")), true},
				deleteRecord(""),
			}}
		}},
		{name: "job routing operation items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-JOBBED-TOOL"))
			r := jobRoutings(t, te, createJobMaking(t, te, createItem(t, te, newItem("VER-JOBBED-OP")), "1"))[0]
			opID := jobCreated(t, te, r.operationsPath(), `{"name":"Mill"}`)
			id := soAddOperationItem(t, te, opID, part)
			return versioned{Table: "routing_operation_items", ID: id, Get: r.operationItemsPath(opID) + "/" + id}
		}},
		{name: "job routings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			r := jobRoutings(t, te, createJobMaking(t, te, createItem(t, te, newItem("VER-JOBBED-ROUTED")), "1"))[0]
			jobCreated(t, te, r.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "job_items_to_make", ID: r.ItemToMakeID, Get: r.routingPath()}
		}},
		{name: "sales order line routing operations", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := soNewPartLine(t, te, createItem(t, te, newItem("VER-ORDERED")), "1")
			id := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "routing_operations", ID: id, Get: l.operationPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", `{"name":"Mill two","setupTimeMinutes":5}`, true},
				deleteRecord(""),
			}}
		}},
		{name: "sales order line routing input items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-ORDERED-PART"))
			l := soNewPartLine(t, te, createItem(t, te, newItem("VER-ORDERED-MADE")), "1")
			id := lineCreate(t, te, l.inputItemsPath(), mustJSON(t, inputOf(part, "1")))
			return versioned{Table: "routing_input_items", ID: id, Get: l.inputItemPath(id), Writes: []versionedWrite{
				{http.MethodPost, "", mustJSON(t, inputOf(part, "2.5")), true},
				deleteRecord(""),
			}}
		}},
		{name: "sales order line routing operation items", arrange: func(t *testing.T, te *tenantEnv) versioned {
			part := createItem(t, te, newItem("VER-ORDERED-TOOL"))
			l := soNewPartLine(t, te, createItem(t, te, newItem("VER-ORDERED-OP")), "1")
			opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			id := soAddOperationItem(t, te, opID, part)
			return versioned{Table: "routing_operation_items", ID: id, Get: l.operationItemsPath(opID) + "/" + id}
		}},
		{name: "sales order line routing operation tracking", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := soNewPartLine(t, te, createItem(t, te, newItem("VER-ORDERED-TRACKED")), "1")
			opID := lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			field := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
			id := lineCreate(t, te, l.trackingsPath(opID, "setup"), fmt.Sprintf(`{"trackingFieldId":%q}`, field))
			return versioned{Table: "routing_operation_ipts", ID: id, Get: l.trackingsPath(opID, "setup") + "/" + id, Writes: []versionedWrite{
				deleteRecord(""),
			}}
		}},
		{name: "sales order line routings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			l := soNewPartLine(t, te, createItem(t, te, newItem("VER-ORDERED-ROUTED")), "1")
			lineCreate(t, te, l.operationsPath(), `{"name":"Mill"}`)
			return versioned{Table: "sales_order_part_lines", ID: l.LineID, Get: l.routingPath()}
		}},
		{name: "in-process tracking fields", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := createTrackingField(t, te, client.InProcessTrackingFieldWrite{Name: "Bore", DataType: client.TrackingFieldDataTypeNumber})
			return versioned{Table: "in_process_tracking_fields", ID: id, Get: "/api/in-process-tracking-field-types/" + id}
		}},
		{name: "department shifts", arrange: func(t *testing.T, te *tenantEnv) versioned {
			dep := newShopDepartment(t, te, "Shifted")
			id := createShift(t, te, dayShift(dep.ID))
			return versioned{Table: "department_shifts", ID: id, Get: shiftPath(id), Writes: []versionedWrite{
				putRecord("", mustJSON(t, client.DepartmentShiftWrite{Name: "Night", StartTime: "2200", EndTime: "0600"})),
				deleteRecord(""),
			}}
		}},
		{name: "equipment downtimes", arrange: func(t *testing.T, te *tenantEnv) versioned {
			dep := newShopDepartment(t, te, "Down")
			id := createDowntime(t, te, downtimeWrite(0, 1, down(dep.ID, addShopEquipment(t, te, dep, "Lathe"))))
			return versioned{Table: "equipment_downtimes", ID: id, Get: downtimePath(id), Writes: []versionedWrite{
				putRecord("", mustJSON(t, downtimeWrite(0, 2))),
				deleteRecord(""),
			}}
		}},
		{name: "webhooks", arrange: func(t *testing.T, te *tenantEnv) versioned {
			id := subscribeWebhook(t, te, newWebhookReceiver(t).URL).Id
			return versioned{Table: "webhook_subscriptions", ID: id, Get: webhookPath(id), Writes: []versionedWrite{
				patchOf("", `[{"op":"replace","path":"/description","value":"Renamed"}]`),
				deleteRecord(""),
			}}
		}},
		{name: "webhook deliveries", arrange: func(t *testing.T, te *tenantEnv) versioned {
			// A delivery that has succeeded: the worker writes it no more, so its ETag stays
			// while the walk reads it.
			webhook := subscribeWebhook(t, te, newWebhookReceiver(t).URL).Id
			createItem(t, te, newItem("VER-HOOK"))
			id := awaitDeliveries(t, te, webhook, 1)[0].Id
			return versioned{Table: "webhook_deliveries", ID: id, Get: webhookDeliveryPath(webhook, id)}
		}},
		{name: "pricing settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			putPricing(t, te, `{"useMarginBasedPricing":true,"useDefaultMargin":true,"defaultMargin":40,"useShopRatePricing":true,"defaultMaterialMarkup":15}`)
			return versioned{Table: "settings", Get: pricingPath, Writes: []versionedWrite{
				putRecord("", `{"useMarginBasedPricing":false,"useDefaultMargin":true,"defaultMargin":7.5,"useShopRatePricing":false,"defaultMaterialMarkup":null}`),
			}}
		}},
		{name: "change order settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			enableChangeOrders(t, te, `{"enabled":false,"updatesEnabled":true,"notificationsEnabled":false,"taskTemplate":[]}`)
			return versioned{Table: "change_order_settings", Get: changeOrderSettings, Writes: []versionedWrite{
				putRecord("", `{"enabled":true,"updatesEnabled":false,"notificationsEnabled":true,"taskTemplate":[]}`),
			}}
		}},
		{name: "PDF settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			putPdfSettings(t, te, `{"footerText":"Thank you for your business"}`)
			return versioned{Table: "pdf_settings", Get: pdfSettingsPath, Writes: []versionedWrite{
				putRecord("", `{"dateFormat":"dd.MM.yyyy","pageSize":"a4"}`),
			}}
		}},
		{name: "quote settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			putQuoteSettings(t, te, 45)
			return versioned{Table: "settings", Get: quoteSettingsPath, Writes: []versionedWrite{
				putRecord("", `{"validityDays":60}`),
			}}
		}},
		{name: "sales order settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			soPutSettings(t, te, true)
			return versioned{Table: "settings", Get: soSettingsPath, Writes: []versionedWrite{
				putRecord("", `{"autoAddCustomerTaxRates":false}`),
			}}
		}},
		{name: "costing settings", arrange: func(t *testing.T, te *tenantEnv) versioned {
			putCosting(t, te, client.CostingSettingsOverheadCalculationMethodMachineBurdened)
			return versioned{Table: "settings", Get: costingPath, Writes: []versionedWrite{
				putRecord("", `{"overheadCalculationMethod":"laborBurdened"}`),
			}}
		}},
	}
	rows = append(rows, toolsVersioned()...)
	var mu sync.Mutex
	walked := map[string]bool{} // operation ids of the GETs walked
	t.Cleanup(func() {
		var missing []string
		for _, id := range conditionalGETs(t) {
			if !walked[id] {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			t.Errorf("no row walks %s: add a row for each new record", strings.Join(missing, ", "))
		}
	})
	for _, row := range rows {
		t.Run(strings.ReplaceAll(row.name, " ", "_"), func(t *testing.T) {
			t.Parallel()
			te := newTenant(t)
			rec := row.arrange(t, te)
			mu.Lock()
			walked[operationOf(t, http.MethodGet, rec.Get)] = true
			mu.Unlock()
			walkVersioned(t, te, rec)
		})
	}
}

func walkVersioned(t *testing.T, te *tenantEnv, rec versioned) {
	t.Helper()
	first, body := etagOf(t, te, rec.Get)
	if again, body2 := etagOf(t, te, rec.Get); again != first || !jsonEqual(body, body2) {
		t.Fatalf("read twice without a write: ETag %s then %s", first, again)
	}
	// A copy named in If-None-Match (strongly, weakly, among others, or as any) is current.
	for _, h := range [][]string{{first}, {"W/" + first}, {`"0-0000000000000000", ` + first}, {`"1"`, first}, {"*"}} {
		res, b := conditionally(t, te, http.MethodGet, rec.Get, "", ifNoneMatch(h...))
		mustStatus(t, res.StatusCode, http.StatusNotModified, b)
		if len(b) != 0 || res.Header.Get("ETag") != first {
			t.Fatalf("If-None-Match %v: 304 with ETag %q and body %q, want %s and none", h, res.Header.Get("ETag"), b, first)
		}
	}
	if res, b := conditionally(t, te, http.MethodGet, rec.Get, "", ifNoneMatch(`"0"`)); res.StatusCode != http.StatusOK || !jsonEqual(b, body) {
		t.Fatalf("If-None-Match naming another version: %d %s", res.StatusCode, b)
	}
	// Any code updating the row advances its version.
	column := rec.IDColumn
	if column == "" {
		column = "id"
	}
	advanceVersionKeyed(t, te, rec.Table, column, rec.ID)
	current, _ := etagOf(t, te, rec.Get)
	if current == first {
		t.Fatalf("an UPDATE of the row left the ETag at %s", first)
	}
	if res, b := conditionally(t, te, http.MethodGet, rec.Get, "", ifNoneMatch(first)); res.StatusCode != http.StatusOK {
		t.Fatalf("If-None-Match naming the old version: %d %s", res.StatusCode, b)
	}
	stale := first
	for _, w := range rec.Writes {
		path := w.Path
		if path == "" {
			path = rec.Get
		}
		what := w.Method + " " + path
		before, beforeBody := etagOf(t, te, rec.Get)
		res, b := conditionally(t, te, w.Method, path, w.Body, ifMatch(stale))
		mustProblem(t, res, b, http.StatusPreconditionFailed)
		if after, afterBody := etagOf(t, te, rec.Get); after != before || !jsonEqual(afterBody, beforeBody) {
			t.Fatalf("%s with a stale If-Match changed the record:\nbefore %s %s\nafter  %s %s", what, before, beforeBody, after, afterBody)
		}
		res, b = conditionally(t, te, w.Method, path, w.Body, ifMatch(before))
		if res.StatusCode >= 300 {
			t.Fatalf("%s with the current If-Match: %d %s", what, res.StatusCode, b)
		}
		got, gotBody := conditionally(t, te, http.MethodGet, rec.Get, "", nil)
		if got.StatusCode != http.StatusOK {
			if w.Method != http.MethodDelete {
				t.Fatalf("after %s the record answers %d", what, got.StatusCode)
			}
			continue
		}
		now := got.Header.Get("ETag")
		if now == before {
			t.Errorf("%s left the ETag at %s: %s", what, before, gotBody)
		}
		if w.Answers && res.Header.Get("ETag") != now {
			t.Errorf("%s answered ETag %q, but the record is now at %s", what, res.Header.Get("ETag"), now)
		}
		if !w.Answers && res.Header.Get("ETag") != "" {
			t.Errorf("%s answered ETag %q for an answer that is not the record", what, res.Header.Get("ETag"))
		}
		stale = before
	}
}

// operationOf is the id of the spec operation serving method path.
func operationOf(t *testing.T, method, path string) string {
	t.Helper()
	req, err := http.NewRequest(method, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	route, _, err := srv.router.FindRoute(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return strings.ToLower(route.Operation.OperationID[:1]) + route.Operation.OperationID[1:]
}

// conditionalGETs are the GETs the spec declares conditional (304 RecordNotModified).
func conditionalGETs(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, item := range srv.Spec.Paths.Map() {
		if op := item.Get; op != nil {
			if r := op.Responses.Value("304"); r != nil && r.Ref == "#/components/responses/RecordNotModified" {
				out = append(out, strings.ToLower(op.OperationID[:1])+op.OperationID[1:])
			}
		}
	}
	sort.Strings(out)
	return out
}

// Clients racing a read-modify-write with the same ETag: exactly one writes, the others
// answer 412, and the record holds the winner's change.
func TestIfMatchLetsExactlyOneOfRacingWritersWin(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Raced"})
	path := "/api/customers/" + id
	etag, _ := etagOf(t, te, path)
	const writers = 8
	var mu sync.Mutex
	winner := ""
	counts := atOnce(t, writers, func(i int) (int, error) {
		name := fmt.Sprintf("Writer %d", i)
		res, b := conditionally(t, te, http.MethodPut, path, fmt.Sprintf(`{"name":%q}`, name), ifMatch(etag))
		if res.StatusCode == http.StatusOK {
			mu.Lock()
			winner = name
			mu.Unlock()
		} else {
			mustProblem(t, res, b, http.StatusPreconditionFailed)
		}
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusPreconditionFailed] != writers-1 {
		t.Fatalf("statuses %v, want one 200 and %d 412", counts, writers-1)
	}
	res, err := te.API.GetCustomerWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	if res.JSON200.Name != winner {
		t.Fatalf("the customer is named %q, want the winner's %q", res.JSON200.Name, winner)
	}
}

// The same race on a record's part: two writes of an item's parts with the item's ETag;
// one wins.
func TestIfMatchLetsOneOfRacingPartWritesWin(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item, vendor := buyItem(t, te, "RACE-PARTS"), createVendor(t, te, "Racer")
	detail := addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
	etag, _ := etagOf(t, te, "/api/items/"+item)
	var detailStatus, itemStatus int
	together(t,
		func() error {
			res, _ := conditionally(t, te, http.MethodPut, "/api/items/"+item+"/vendors/"+detail, fmt.Sprintf(`{"vendorId":%q,"price":5}`, vendor), ifMatch(etag))
			detailStatus = res.StatusCode
			return nil
		},
		func() error {
			res, _ := conditionally(t, te, http.MethodPut, "/api/items/"+item, `{"description":"Raced"}`, ifMatch(etag))
			itemStatus = res.StatusCode
			return nil
		})
	got := []int{detailStatus, itemStatus}
	sort.Ints(got)
	if got[0] != http.StatusOK || got[1] != http.StatusPreconditionFailed {
		t.Fatalf("statuses: vendor detail %d, item %d; want one 200 and one 412", detailStatus, itemStatus)
	}
}

// If-Match "*" matches any version of a record that exists; a record that does not exist
// (never did, or another tenant's) matches nothing: 412, even where the write without the
// header answers 204 for it. A weak tag never matches.
func TestIfMatchOnAnyOrNoRecord(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Starred"})
	path := "/api/customers/" + id
	etag, _ := etagOf(t, te, path)
	res, b := conditionally(t, te, http.MethodPut, path, `{"name":"Weak"}`, ifMatch("W/"+etag))
	mustProblem(t, res, b, http.StatusPreconditionFailed)
	res, b = conditionally(t, te, http.MethodPut, path, `{"name":"Starred again"}`, ifMatch("*"))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = conditionally(t, te, http.MethodPut, path, `{"name":"Among others"}`, ifMatch(`"0", `+res.Header.Get("ETag")))
	mustStatus(t, res.StatusCode, http.StatusOK, b)

	missing := "/api/customers/ffffffffffffffffffffff00"
	for _, c := range []struct {
		te     *tenantEnv
		path   string
		method string
		body   string
	}{
		{te, missing, http.MethodPut, `{"name":"Nobody"}`},
		{te, missing, http.MethodDelete, ""},
		{other, path, http.MethodDelete, ""},
		{other, path, http.MethodPatch, `[{"op":"replace","path":"/name","value":"Theirs"}]`},
	} {
		for _, tag := range []string{"*", etag} {
			res, b := conditionally(t, c.te, c.method, c.path, c.body, ifMatch(tag))
			mustProblem(t, res, b, http.StatusPreconditionFailed)
		}
	}
	if got, _ := etagOf(t, te, path); got == etag {
		t.Fatal("the customer's own writes did not move its ETag")
	}
	res, b = conditionally(t, te, http.MethodDelete, missing, "", nil)
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
}

// A malformed If-Match or If-None-Match is a 400 naming the header, and writes nothing.
func TestMalformedPreconditionsAreRefused(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCustomer(t, te, client.CustomerWrite{Name: "Malformed"})
	path := "/api/customers/" + id
	etag, _ := etagOf(t, te, path)
	for _, bad := range []string{`7`, `"7`, `W/7`, `"7" "8"`} {
		res, b := conditionally(t, te, http.MethodPut, path, `{"name":"Changed"}`, ifMatch(bad))
		mustProblemNaming(t, res, b, "If-Match")
		res, b = conditionally(t, te, http.MethodGet, path, "", ifNoneMatch(bad))
		mustProblemNaming(t, res, b, "If-None-Match")
	}
	if got, _ := etagOf(t, te, path); got != etag {
		t.Fatalf("a refused write moved the ETag from %s to %s", etag, got)
	}
}

// Writes without If-Match behave as before, and a PUT or PATCH still answers the record's
// new ETag, the one its next GET answers.
func TestUnconditionalWritesAnswerTheNewETag(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createItem(t, te, newItem("UNCOND"))
	path := "/api/items/" + id
	for _, w := range []struct{ method, body string }{
		{http.MethodPut, `{"description":"One"}`},
		{http.MethodPatch, `[{"op":"replace","path":"/description","value":"Two"}]`},
	} {
		res, b := conditionally(t, te, w.method, path, w.body, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		if now, _ := etagOf(t, te, path); res.Header.Get("ETag") != now {
			t.Fatalf("%s answered ETag %q, the record is at %s", w.method, res.Header.Get("ETag"), now)
		}
	}
}

// The tenant's settings are one record from the start: before they were ever saved they
// read as version 0, which If-Match can name; pricing and costing share the version.
func TestSettingsAreVersionedFromTheirDefaults(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	if tag, _ := etagOf(t, te, pricingPath); tag != `"0"` {
		t.Fatalf("unsaved settings answer ETag %s, want \"0\"", tag)
	}
	res, b := conditionally(t, te, http.MethodPut, costingPath, `{"overheadCalculationMethod":"laborBurdened"}`, ifMatch(`"0"`))
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	saved := res.Header.Get("ETag")
	if pricing, _ := etagOf(t, te, pricingPath); pricing != saved || saved == `"0"` {
		t.Fatalf("after the first save: costing answered %s, pricing reads %s", saved, pricing)
	}
	res, b = conditionally(t, te, http.MethodPut, pricingPath, `{"useMarginBasedPricing":false,"useDefaultMargin":false,"defaultMargin":0,"useShopRatePricing":false}`, ifMatch(`"0"`))
	mustProblem(t, res, b, http.StatusPreconditionFailed)
}

// The settings' first save under If-Match "0", raced: one wins even though there is no row
// to lock yet.
func TestSettingsFirstSaveRaceHasOneWinner(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	counts := atOnce(t, 4, func(i int) (int, error) {
		res, _ := conditionally(t, te, http.MethodPut, costingPath, `{"overheadCalculationMethod":"laborBurdened"}`, ifMatch(`"0"`))
		return res.StatusCode, nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusPreconditionFailed] != 3 {
		t.Fatalf("statuses %v, want one 200 and three 412", counts)
	}
}

// Every write of an item's parts that changes what the item's answer shows moves the item's
// ETag, creates included (the walk covers their updates and deletes), and so do attaching a
// file and adding a tag. A customer's addresses and contacts move the customer's.
func TestSubRecordWritesMoveTheParentsETag(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id, vendor := buyItem(t, te, "PARENT"), createVendor(t, te, "Parent Vendor")
	customer, tag := newSubRecordCustomer(t, te, "Parent Buyer"), createTag(t, te, "Parent tag")
	item := "/api/items/" + id
	etagMoves(t, te, item, "adding a vendor detail", func() {
		addVendorDetail(t, te, id, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
	})
	etagMoves(t, te, item, "adding a material vendor detail", func() {
		addMaterialVendor(t, te, id, fmt.Sprintf(`{"vendorId":%q}`, vendor))
	})
	etagMoves(t, te, item, "adding a customer detail", func() {
		addCustomerDetail(t, te, id, fmt.Sprintf(`{"customerId":%q}`, customer))
	})
	etagMoves(t, te, item, "adding a tag", func() { addItemTag(t, te, id, tag) })
	etagMoves(t, te, item, "attaching a file", func() {
		attachToItem(t, te, id, "drawing.txt", uniqueBytes(t, "parent", 16))
	})

	customerPath := "/api/customers/" + customer
	var address string
	etagMoves(t, te, customerPath, "adding an address", func() { address = createAddress(t, te, customer, dockAddress()) })
	etagMoves(t, te, customerPath, "changing an address", func() {
		res, b := conditionally(t, te, http.MethodPut, addressPath(customer, address), mustJSON(t, dockAddress()), nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	etagMoves(t, te, customerPath, "adding a contact", func() {
		createContact(t, te, customer, client.CustomerContactWrite{FirstName: "Ann"})
	})
}

// A record's ETag also moves when data of other records that its answer shows changes: the
// tags an item carries, the vendors and customers that order its details, a lot's quantity,
// the equipment of a work center, department, shift or downtime, a customer's tier.
func TestETagFollowsWhatTheRecordShows(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()

	// An item shows its tags; a tag shows that items carry it.
	id, tag := buyItem(t, te, "SHOWS"), createTag(t, te, "Shown")
	item := "/api/items/" + id
	etagMoves(t, te, "/api/tags/"+tag, "an item coming to carry the tag", func() { addItemTag(t, te, id, tag) })
	etagMoves(t, te, item, "renaming a tag the item carries", func() {
		res, b := conditionally(t, te, http.MethodPut, "/api/tags/"+tag, `{"name":"Renamed","style":"info"}`, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	vendor, customer := createVendor(t, te, "Shown Vendor"), newSubRecordCustomer(t, te, "Shown Buyer")
	addVendorDetail(t, te, id, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
	addCustomerDetail(t, te, id, fmt.Sprintf(`{"customerId":%q}`, customer))
	etagMoves(t, te, item, "renaming the vendor of a vendor detail", func() {
		res, b := conditionally(t, te, http.MethodPut, "/api/vendors/"+vendor, `{"name":"Renamed Vendor"}`, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	etagMoves(t, te, item, "renaming the customer of a customer detail", func() {
		res, b := conditionally(t, te, http.MethodPatch, "/api/customers/"+customer, `[{"op":"replace","path":"/name","value":"Renamed Buyer"}]`, nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})

	// A lot shows its quantity on hand.
	lotItem := lotTrackedItem(t, te, "SHOWS-LOT")
	lot := createLot(t, te, client.InventoryLotCreate{ItemId: lotItem, Name: ptr("L1")})
	etagMoves(t, te, "/api/inventory-lots/"+lot, "receiving into the lot", func() {
		receiveStock(t, te, client.InventoryReceive{ItemId: lotItem, LotId: &lot, Quantity: num("3")})
	})

	// Scheduling records show their equipment and departments by name.
	dep := newShopDepartment(t, te, "Shown dept")
	mill := addShopEquipment(t, te, dep, "Shown mill")
	w := dayShift(dep.ID)
	w.AvailableEquipment = &[]client.ShiftEquipmentWrite{everyDay(mill)}
	shift := createShift(t, te, w)
	downtime := createDowntime(t, te, downtimeWrite(0, 1, down(dep.ID, mill)))
	renameMill := func(name string) func() {
		return func() {
			updateEquipment(t, te, mill, client.EquipmentWrite{Name: name, Description: "x", WorkCenterId: &dep.WorkCenterID})
		}
	}
	etagMoves(t, te, "/api/work-centers/"+dep.WorkCenterID, "renaming its equipment", renameMill("Mill 2"))
	etagMoves(t, te, "/api/departments/"+dep.ID, "renaming the equipment of its work center", renameMill("Mill 3"))
	etagMoves(t, te, shiftPath(shift), "renaming its equipment", renameMill("Mill 4"))
	etagMoves(t, te, downtimePath(downtime), "renaming its equipment", renameMill("Mill 5"))
	other := createDepartment(t, te, client.DepartmentCreate{Name: "Other dept"})
	etagMoves(t, te, "/api/equipment/"+mill, "moving its work center to another department", func() {
		updateWorkCenter(t, te, dep.WorkCenterID, client.WorkCenterWrite{Name: "Shown dept cell", DepartmentId: &other})
	})

	// A customer shows its tier's name (no operation renames tiers yet; any code might).
	tier := createCustomerTier(t, te, "Silver", nil)
	tiered := createCustomer(t, te, client.CustomerWrite{Name: "Tiered"})
	res, err := te.API.SetCustomerTierWithResponse(ctx, tiered, nil, client.CustomerTierAssignment{CustomerTierId: &tier})
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	etagMoves(t, te, "/api/customers/"+tiered, "renaming its tier", func() {
		if _, err := srv.Pool.ExecContext(ctx, `UPDATE customer_tiers SET name = 'Platinum' WHERE tenant_id = $1 AND id = $2`, te.ID, tier); err != nil {
			t.Fatal(err)
		}
	})
}

// A request's database work takes one connection, however its handler reaches the database:
// on a server whose pool holds a single connection, conditional writes (which hold their
// transaction and the record's lock to the end) and reads all complete. A handler taking a
// second connection would wait for the first for ever, and the client's timeout fail this.
func TestConditionalRequestsNeedOneConnection(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var name string
	if err := srv.Pool.GetContext(ctx, &name, `SELECT current_database()`); err != nil {
		t.Fatal(err)
	}
	dbURL, err := url.Parse(os.Getenv("DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	dbURL.Path = "/" + name
	pool, err := db.Open(ctx, dbURL.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = pool.Close() })
	pool.SetMaxOpenConns(1)
	blobs, err := blob.NewLocal(srv.BlobDir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := httpapi.New(httpapi.Config{Pool: pool, Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Attachments: attachments.Config{Blobs: blobs, SigningKey: testSigningKey}})
	if err != nil {
		t.Fatal(err)
	}
	one := httptest.NewServer(e)
	t.Cleanup(one.Close)
	timeout := &http.Client{Timeout: 20 * time.Second, Transport: specChecker{t: t}}

	te := newTenant(t)
	item, vendor := buyItem(t, te, "ONE-CONN"), createVendor(t, te, "One Vendor")
	detail := addVendorDetail(t, te, item, fmt.Sprintf(`{"vendorId":%q,"price":3}`, vendor))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "One"})
	file := attachToItem(t, te, item, "one.txt", uniqueBytes(t, "one connection", 16))
	send := func(method, path, body string, h http.Header) (rawResponse, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, one.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header = mergeHeaders(bearer(te.Token), h)
		if body != "" {
			req.Header.Set("Content-Type", map[bool]string{true: "application/json-patch+json", false: "application/json"}[method == http.MethodPatch])
		}
		res, err := timeout.Do(req)
		if err != nil {
			t.Fatalf("%s %s on a one-connection pool: %v", method, path, err)
		}
		defer func() { _ = res.Body.Close() }()
		b, _ := io.ReadAll(res.Body)
		return rawResponse{StatusCode: res.StatusCode, Header: res.Header}, b
	}
	current := func(path string) string {
		t.Helper()
		res, b := send(http.MethodGet, path, "", nil)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		return res.Header.Get("ETag")
	}
	itemPath := "/api/items/" + item
	for _, w := range []struct{ method, path, etagOf, body string }{
		{http.MethodPut, itemPath, itemPath, `{"description":"One connection"}`},
		{http.MethodPatch, itemPath, itemPath, `[{"op":"replace","path":"/description","value":"Still one"}]`},
		{http.MethodPut, itemPath + "/vendors/" + detail, itemPath, fmt.Sprintf(`{"vendorId":%q,"price":4}`, vendor)},
		{http.MethodPut, itemPath + "/sales-price-breaks", itemPath, `{"priceBreaks":[{"quantity":1,"price":3}]}`},
		{http.MethodPut, costingPath, costingPath, `{"overheadCalculationMethod":"laborBurdened"}`},
		{http.MethodDelete, "/api/attachments/" + file, "/api/attachments/" + file, ""},
		{http.MethodDelete, "/api/customers/" + customer, "/api/customers/" + customer, ""},
	} {
		res, b := send(w.method, w.path, w.body, ifMatch(current(w.etagOf)))
		if res.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %s", w.method, w.path, res.StatusCode, b)
		}
	}
	if res, b := send(http.MethodGet, itemPath, "", ifNoneMatch(current(itemPath))); res.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match on a one-connection pool: %d %s", res.StatusCode, b)
	}
}
