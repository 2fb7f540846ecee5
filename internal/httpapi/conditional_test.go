package httpapi

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"mos/gen"
)

// unversioned are the reads and writes of the spec that take no conditional request headers,
// each with the reason. Every other GET answers a record's ETag and honours If-None-Match, and
// every other PUT, PATCH and DELETE honours If-Match: a new one declares its record (a
// version column, a Versioned method on its handler, the spec's components through the spec
// script) or is named here with why it has no version.
var unversioned = map[string]string{
	"validateToken":                                       "describes the caller's token, not a stored record",
	"getOpenApiYaml":                                      "the contract, with an ETag of its own (a digest of the document)",
	"getOpenApiJson":                                      "the contract, with an ETag of its own (a digest of the document)",
	"getItemPurchaseHistory":                              "computed from purchase documents, not a stored record",
	"getItemInputUnitCost":                                "a computation for the quantity asked, not a stored record",
	"getItemCanMake":                                      "computed from the routing tree and the stock on hand, not a stored record",
	"getQuotePartLineCostBreakdown":                       "computed from the line's routing tree when read, not a stored record",
	"getQuotePartLineMakeSummary":                         "computed from the line's routing tree when read, not a stored record",
	"getSalesOrderPartLineCostBreakdown":                  "computed from the line's routing tree when read, not a stored record",
	"getSalesOrderPartLineMakeSummary":                    "computed from the line's routing tree when read, not a stored record",
	"getJobMakeSummary":                                   "adds up the job's items to make when read, not a stored record",
	"getJobTracking":                                      "joins the job's routings and operation state when read, not a stored record",
	"getUserStatus":                                       "joins the user's open time-clock entry and running timers when read, not a stored record",
	"getJobItemToMakeCostBreakdown":                       "joins the item to make's costs, operations and picks when read, not a stored record",
	"getInventoryByItem":                                  "balances summed over the ledger, not a stored record",
	"getAvailableInventoryByItem":                         "balances summed over the ledger, not a stored record",
	"downloadAttachment":                                  "a file's content (or a redirect to it), not the attachment record",
	"getSignedAttachmentContent":                          "a file's content behind a signed URL, without a token",
	"listWebhookEventTypes":                               "the event catalogue of this server's spec, not a stored record",
	"getSalesOrderShippingChargeLineItem":                 "members of the sales order's own row, shown as a line; the order's ETag covers them",
	"getSalesOrderLineItem":                               "a view over every line table of the order, not one stored record",
	"getPurchaseOrderLineItem":                            "a view over every line table of the order, not one stored record",
	"getPurchaseOrderLineItemTaxAllocations":              "computed from every line of the order when read, not a stored record",
	"getPurchaseOrderFeeLineItemTaxAllocations":           "computed from every line of the order when read, not a stored record",
	"replaceVendorMaterialCatalogue":                      "replaces every offer of a vendor's catalogue (a set of records), not one stored record",
	"getPurchaseOrderPartLineTaxAllocations":              "computed from every priced line of the order when read, not a stored record",
	"getPurchaseOrderOutsideProcessingLineTaxAllocations": "computed from every priced line of the order when read, not a stored record",
	"getInvoiceShippingChargeLineItem":                    "members of the invoice's own row, shown as a line; the invoice's ETag covers them",
	"getInvoiceLineItem":                                  "a view over every line table of the invoice, not one stored record",
	"getJobOperation":                                     "a view joining the routing operation, the job operation's production state and the item to make's quantities, not one stored record",
	"getSalesOrderProgressBillingSchedule":                "the order's milestones (a set of records), not one stored record",
	"replaceSalesOrderProgressBillingSchedule":            "replaces the order's milestones (a set of records), not one stored record",
	"listScrapReports":                                    "a page of the scrap register (many records) with totals, not one stored record",
	"getJobRoutingOperationTrackingValue":                 "an in-process tracking value never changes once recorded (it is deleted and recorded again), and it shows its field's name from another area's record",
	"deleteJobRoutingOperationTrackingValue":              "an in-process tracking value never changes once recorded, so there is no lost update for If-Match to prevent",
	"updateToolCalibration":                               "guarded by the version token in its body (a stale one answers 409), not by If-Match",
	"getAlert":                                            "names its job, item and operation from other areas when read, and reading runs the alert rules; not one stored record",
	"getQuotePdf":                                         "a rendering of the quote with an ETag of its own (a digest of everything it prints)",
	"getSalesOrderPdf":                                    "a rendering of the sales order with an ETag of its own (a digest of everything it prints)",
	"getInvoicePdf":                                       "a rendering of the invoice with an ETag of its own (a digest of everything it prints)",
	"getPurchaseOrderPdf":                                 "a rendering of the purchase order with an ETag of its own (a digest of everything it prints)",
	"getShipmentPdf":                                      "a rendering of the packing slip with an ETag of its own (a digest of everything it prints)",
}

// TestEveryRecordOperationIsConditional: every GET answers an ETag and 304 to If-None-Match,
// and every PUT, PATCH and DELETE takes If-Match and answers 412, unless named in unversioned.
// (The server refuses to start when the spec and the handlers' declarations disagree, so an
// operation the spec marks is also one the middleware serves.)
func TestEveryRecordOperationIsConditional(t *testing.T) {
	spec, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var problems []string
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			id := strings.ToLower(op.OperationID[:1]) + op.OperationID[1:]
			seen[id] = true
			var conditional bool
			switch method {
			case http.MethodGet:
				r := op.Responses.Value("304")
				conditional = r != nil && r.Ref == "#/components/responses/RecordNotModified"
			case http.MethodPut, http.MethodPatch, http.MethodDelete:
				for _, p := range op.Parameters {
					conditional = conditional || p.Ref == "#/components/parameters/IfMatch"
				}
			default:
				continue
			}
			_, exempt := unversioned[id]
			switch {
			case !conditional && !exempt:
				problems = append(problems, method+" "+path+" ("+id+") answers no ETag / takes no If-Match: declare its record, or name it in unversioned with the reason")
			case conditional && exempt:
				problems = append(problems, method+" "+path+" ("+id+") is conditional: take it out of unversioned")
			}
		}
	}
	for id := range unversioned {
		if !seen[id] {
			problems = append(problems, "unversioned names "+id+", which the spec does not have")
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}
