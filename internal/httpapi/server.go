// Package httpapi wires every area's handler into the one server the spec describes.
package httpapi

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"time"

	"github.com/labstack/echo/v4"

	"mos/gen"
	"mos/internal/contract"
	"mos/internal/platform/conditional"
	"mos/internal/platform/db"
	"mos/internal/platform/idempotency"
	"mos/internal/platform/metrics"
	"mos/internal/platform/outbox"
	"mos/internal/platform/ratelimit"
	"mos/internal/platform/web"
	"mos/internal/production/alerts"
	"mos/internal/production/jobs"
	"mos/internal/production/nesting"
	"mos/internal/production/timers"
	"mos/internal/production/workorders"
	"mos/internal/purchasing/materialvendors"
	"mos/internal/purchasing/purchaseorders"
	"mos/internal/purchasing/receipts"
	"mos/internal/purchasing/vendors"
	"mos/internal/quality/capas"
	"mos/internal/quality/changeorders"
	"mos/internal/quality/ncrs"
	"mos/internal/quality/tools"
	"mos/internal/sales/customers"
	"mos/internal/sales/invoices"
	"mos/internal/sales/quotes"
	"mos/internal/sales/refundreasons"
	"mos/internal/sales/salesorders"
	"mos/internal/sales/shipments"
	"mos/internal/sales/shippingmethods"
	"mos/internal/sales/taxrates"
	"mos/internal/sales/tiers"
	"mos/internal/scheduling/downtime"
	"mos/internal/scheduling/resources"
	"mos/internal/scheduling/shifts"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/shared/attachments"
	"mos/internal/shared/companies"
	"mos/internal/shared/customfields"
	"mos/internal/shared/docpdf"
	"mos/internal/shared/notes"
	"mos/internal/shared/paymentterms"
	"mos/internal/shared/settings"
	"mos/internal/shared/tags"
	"mos/internal/shared/users"
	"mos/internal/shared/webhooks"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
	"mos/internal/stock/operations"
	"mos/internal/stock/routing"
	"mos/internal/stock/scrap"
	"mos/internal/stock/shapes"
	"mos/internal/stock/units"
	"mos/internal/tenancy"
	"mos/openapi"
)

// Server implements the whole strict interface by embedding one handler per area.
type Server struct {
	*tenancy.TokensHandler
	*contract.ContractHandler
	*tags.TagsHandler
	*companies.CompaniesHandler
	*tiers.CustomerTiersHandler
	*taxrates.TaxRatesHandler
	*refundreasons.RefundReasonsHandler
	*shippingmethods.ShippingMethodsHandler
	*paymentterms.PaymentTermsHandler
	*customers.CustomersHandler
	*quotes.QuotesHandler
	*salesorders.SalesOrdersHandler
	*jobs.JobsHandler
	*alerts.AlertsHandler
	*timers.TimersHandler
	*workorders.WorkOrdersHandler
	*ncrs.NcrsHandler
	*capas.CapasHandler
	*changeorders.ChangeOrdersHandler
	*nesting.NestingHandler
	*settings.SettingsHandler
	*settings.PDFSettingsHandler
	*users.UsersHandler
	*customfields.CustomFieldsHandler
	*resources.DepartmentsHandler
	*resources.WorkCentersHandler
	*resources.EquipmentHandler
	*trackingfields.TrackingFieldsHandler
	*shifts.DepartmentShiftsHandler
	*downtime.EquipmentDowntimeHandler
	*units.UnitsOfMeasureHandler
	*vendors.VendorsHandler
	*materialvendors.MaterialVendorsHandler
	*purchaseorders.PurchaseOrdersHandler
	*receipts.ReceiptsHandler
	*shipments.ShipmentsHandler
	*invoices.InvoicesHandler
	*shapes.MaterialShapesHandler
	*items.ItemsHandler
	*operations.OperationsHandler
	*routing.RoutingHandler
	*locations.LocationsHandler
	*lots.InventoryLotsHandler
	*inventory.InventoryHandler
	*inventory.InventoryEventsHandler
	*attachments.AttachmentsHandler
	*webhooks.WebhooksHandler
	*notes.NotesHandler
	*scrap.ScrapHandler
	*tools.ToolsHandler
}

var _ gen.StrictServerInterface = (*Server)(nil)

// Config is what the HTTP API needs from its process.
type Config struct {
	Pool   *db.Pool
	Logger *slog.Logger
	// Attachments: where files are kept (blob.NewLocal under the data directory) and their
	// limits; zero limits take the attachments defaults, and a nil SigningKey a random key
	// for this process (signed URLs then work only on the process that signed them).
	Attachments attachments.Config
	// RateLimit is each token's request budget in this process (ratelimit.Default in
	// mos serve); the zero Rule limits nothing.
	RateLimit ratelimit.Rule
	// TokenCacheTTL is how long a token's principal is reused without reading its row again:
	// tenancy.DefaultTokenCacheTTL when zero; negative reads it on every request.
	TokenCacheTTL time.Duration
	// Background bounds the work the server does beside its requests: following the
	// database's notifications of token, tenant and user changes, which empty the token
	// cache at once. Nil does no such work: a token revoked by another process is then
	// accepted here until TokenCacheTTL passes.
	Background context.Context
	// Metrics is where the server records its requests, its pool and the outbox backlog; nil
	// gives it a registry of its own. A registry serves one server.
	Metrics *metrics.Registry
	// MetricsElsewhere keeps /metrics off the API's address: the caller serves
	// Metrics.AddressHandler on an address of its own (mos serve: MOS_METRICS_ADDR).
	MetricsElsewhere bool
	// Webhooks is how webhooks are delivered; its Targets are also what subscriptions are
	// checked against (the zero value: public https only).
	Webhooks webhooks.WorkerConfig
	// DeliverWebhooks runs the delivery worker in Background, beside the API.
	DeliverWebhooks bool
}

// uploadFormOverhead is what an upload's body may carry beyond its file: the boundaries
// and part headers, and the form's other fields (at most 1 MB, see attachments).
const uploadFormOverhead = 2 << 20

// New builds the Echo instance serving the API.
func New(cfg Config) (*echo.Echo, error) {
	spec, err := gen.GetSpec()
	if err != nil {
		return nil, err
	}
	tenants := tenancy.NewService(cfg.Pool, web.PermissionCatalogue(spec))
	followTokenChanges(cfg, tenants)
	// The web layer enforces the attachments' upload limit and deadlines on the streaming
	// operations, so both read the same settings, defaults applied once.
	cfg.Attachments = cfg.Attachments.WithDefaults()
	cfg.Attachments.SigningKey = signingKey(cfg.Attachments.SigningKey)
	if cfg.Metrics == nil {
		if cfg.MetricsElsewhere {
			return nil, errors.New("httpapi: MetricsElsewhere needs the Metrics registry the caller serves")
		}
		cfg.Metrics = metrics.New()
	}
	if err := watchDatabase(cfg.Metrics, cfg.Pool, cfg.Logger); err != nil {
		return nil, err
	}
	e, err := web.New(web.Config{Spec: spec, Auth: tenants, Logger: cfg.Logger,
		StreamBodyLimitBytes: cfg.Attachments.UploadLimitBytes + uploadFormOverhead,
		StreamBodyTimeout:    cfg.Attachments.UploadTimeout, StreamResponseTimeout: cfg.Attachments.DownloadTimeout,
		Idempotency: idempotency.New(cfg.Pool, idempotency.Options{Lease: idempotencyLease(cfg.Attachments.UploadTimeout), Logger: cfg.Logger}),
		RateLimit:   cfg.RateLimit, Requests: cfg.Metrics})
	if err != nil {
		return nil, err
	}
	// Every service is built here, once, and handed to those that read through it; an area
	// never builds another's. Lower areas learn who uses their records through registries
	// the higher areas join below, so no lower area imports a higher one.

	// Shared supporting data.
	customFields := customfields.NewService(cfg.Pool)
	tagCatalogue := tags.NewService(cfg.Pool)
	companyInfo := companies.NewService(cfg.Pool)
	paymentTerms := paymentterms.NewService(cfg.Pool)
	tenantSettings := settings.NewService(cfg.Pool)
	// Documents print as PDFs in the tenant's frame: its primary company, the logo (an image
	// attachment) and the texts and formats of its PDF settings, read at every render.
	logos := attachments.NewImages(cfg.Pool, cfg.Attachments.Blobs)
	pdfSettings := settings.NewPDFService(cfg.Pool, logos)
	printer := docpdf.NewPrinter(companyInfo, pdfSettings, logos)

	// Sales and purchasing master data.
	customerTiers := tiers.NewService(cfg.Pool)
	taxRates := taxrates.NewService(cfg.Pool)
	refundReasons := refundreasons.NewService(cfg.Pool)
	shippingMethods := shippingmethods.NewService(cfg.Pool)
	userRecords := users.NewService(cfg.Pool)
	customerRecords := customers.NewService(cfg.Pool, customFields, taxRates)
	vendorRecords := vendors.NewService(cfg.Pool, customFields)

	// Scheduling resources: departments, work centers and equipment, which shifts and
	// downtime look up.
	schedulingResources := resources.NewService(cfg.Pool)
	trackingFields := trackingfields.NewService(cfg.Pool)
	departmentShifts := shifts.NewService(cfg.Pool, schedulingResources)
	equipmentDowntime := downtime.NewService(cfg.Pool, schedulingResources)

	// Stock: the units catalogue, material shapes, the operation library (which names work
	// centers and equipment), the item master, locations, lots and the inventory ledger.
	unitsOfMeasure := units.NewService(cfg.Pool)
	materialShapes := shapes.NewService(cfg.Pool)
	// Material vendors: vendors' offers of material shapes, which read both.
	materialVendors := materialvendors.NewService(cfg.Pool, materialShapes, vendorRecords)
	operationLibrary := operations.NewService(cfg.Pool, schedulingResources)
	itemMaster := items.NewService(cfg.Pool, items.Deps{
		Units: unitsOfMeasure, CustomFields: customFields, Tags: tagCatalogue, Shapes: materialShapes,
		Vendors: vendorRecords, Customers: customerRecords, Tiers: customerTiers,
	})
	// Routings: each owner type's area answers whether an owner exists (for reads, or locking
	// it for edits), which item it makes, and runs its "record changed" hook after its routing
	// changed.
	// The tag catalogue names items among a tag's carriers.
	tagCatalogue.RegisterCarrier(tags.CarrierItem, items.CarriesTagSQL)
	stockLocations := locations.NewService(cfg.Pool)
	itemLots := lots.NewService(cfg.Pool)
	stock := inventory.NewService(cfg.Pool, itemMaster, stockLocations, itemLots)
	// The scrap register: a pick with secondary type scrap (and, below, a job operation's
	// scrap) is recorded in it in the scrapping request's transaction.
	scrapRegister := scrap.NewService(cfg.Pool)
	stock.UseScrapRegister(scrapRegister)
	// Routings cost with the tenant's settings, work center rates and item prices, and count
	// what the stock can make.
	routings := routing.NewService(cfg.Pool, routing.Deps{
		Library: operationLibrary, Resources: schedulingResources, Items: itemMaster,
		Shapes: materialShapes, TrackingFields: trackingFields, Settings: tenantSettings, Rates: schedulingResources, Costs: itemMaster, Stock: stock,
	})
	routings.Register(routing.OwnerItem, routing.OwnerKind{
		Exists: itemMaster.ExistsForRouting, Lock: itemMaster.LockForRouting,
		MakesItem: itemMaster.MakesItemForRouting, Changed: itemMaster.RoutingChanged,
	})
	// The records that own a routing (quote and sales order part lines, job items to make)
	// serve the routing operations on their paths through one adapter of the routing service.
	ownerRoutingPaths := routing.NewOwnerPaths(routings)
	// Stock on hand keeps an item's unit of measure and stock flags from changing and a
	// location from being deleted.
	itemMaster.RegisterUnitChangeBlocker("inventory on hand", stock.HoldsItemStock)
	// Another item's routing counts an item it uses in that item's unit of measure.
	itemMaster.RegisterUnitChangeBlocker("another item's routing", routings.UsedInAnotherItemRouting)
	itemMaster.RegisterStockFlagBlocker("inventory on hand", stock.HoldsItemStock)
	stockLocations.RegisterDeleteBlocker("stock on hand", stock.HoldsStockAt)
	// Quotes: the first sales document, on customers, with the tenant's quote settings. Its
	// part lines sell items (priced from their sales price breaks or from the line's routing,
	// a copy of the item's) and copy tax rates, as do its fee and tax lines; its report names
	// customers.
	quoteRecords := quotes.NewService(cfg.Pool, quotes.Deps{
		Printer:  printer,
		TaxRates: taxRates, Customers: customerRecords, CustomFields: customFields, Settings: tenantSettings,
		Items: itemMaster, Routings: routings, Pricing: tenantSettings, CustomerNames: customerRecords,
	})
	// Each part line owns a routing, read and edited through the routing service with the
	// line as owner.
	routings.Register(routing.OwnerQuotePartLine, routing.OwnerKind{
		Exists: quoteRecords.ExistsForRouting, Lock: quoteRecords.LockForRouting,
		MakesItem: quoteRecords.MakesItemForRouting, Changed: quoteRecords.RoutingChanged,
	})
	// A quote line counts its item in the item's unit of measure.
	itemMaster.RegisterUnitChangeBlocker("a quote", quoteRecords.UsesItem)
	// Sales orders: what customers ordered, often converted from their quotes. The header takes
	// its defaults from the customer, names a shipping method and reads the tenant's sales
	// order settings. Its part lines sell items as quote lines do (priced from the items' sales
	// price breaks or from the line's routing, a copy of the item's) and copy tax rates.
	salesOrders := salesorders.NewService(cfg.Pool, salesorders.Deps{
		Printer:   printer,
		Customers: customerRecords, CustomFields: customFields, ShippingMethods: shippingMethods, Settings: tenantSettings,
		Items: itemMaster, Routings: routings, TaxRates: taxRates, Pricing: tenantSettings, Quotes: quoteRecords,
		RefundReasons: refundReasons, Reservations: stock,
	})
	// A sales order part line owns a routing, editable while its order is draft or approved.
	routings.Register(routing.OwnerSalesOrderPartLine, routing.OwnerKind{
		Exists: salesOrders.ExistsForRouting, Lock: salesOrders.LockForRouting,
		MakesItem: salesOrders.MakesItemForRouting, Changed: salesOrders.RoutingChanged,
	})
	// A sales order line counts its item in the item's unit of measure.
	itemMaster.RegisterUnitChangeBlocker("a sales order", salesOrders.UsesItem)
	// A purchase order names a vendor and takes its currency by default. Its part lines buy
	// items (priced from the item's vendor detail for the order's vendor), and its lines copy
	// tax rates.
	purchaseOrders := purchaseorders.NewService(cfg.Pool, purchaseorders.Deps{
		Printer: printer,
		Vendors: vendorRecords, VendorAddresses: vendorRecords, CustomFields: customFields, Items: itemMaster, TaxRates: taxRates,
		LineCustomFields: customFields,
	})
	// A purchase order line counts its item in the item's unit of measure.
	itemMaster.RegisterUnitChangeBlocker("a purchase order", purchaseOrders.UsesItem)
	// An item's purchase history is its part lines on ordered and paid purchase orders.
	itemMaster.RegisterPurchaseSource(purchaseOrders.Purchases)
	// Receipts receive purchase order lines and sales order part lines (customer-supplied
	// material), posting their stock through the ledger in the receipt's transaction.
	goodsReceipts := receipts.NewService(cfg.Pool, receipts.Deps{
		PurchaseOrders: purchaseOrders, SalesOrders: salesOrders, Inventory: stock, Items: itemMaster, CustomFields: customFields,
	})
	// Shipments ship sales order part lines, picking their stock through the ledger in the
	// shipment's transaction.
	goodsShipments := shipments.NewService(cfg.Pool, shipments.Deps{
		Printer:     printer,
		SalesOrders: salesOrders, ShippingMethods: shippingMethods, Inventory: stock, Items: itemMaster, CustomFields: customFields,
	})
	// Invoices bill sales orders: they read the order and its lines and advance the part lines'
	// invoiced quantities in the invoice's transaction; the customer gives their defaults.
	invoiceRecords := invoices.NewService(cfg.Pool, invoices.Deps{
		Printer:     printer,
		SalesOrders: salesOrders, Orders: salesOrders, Customers: customerRecords, CustomFields: customFields, TaxRates: taxRates,
		RefundReasons: refundReasons, OrderCredits: salesOrders, Shipments: goodsShipments, Items: itemMaster,
		AccountingCodes: tagCatalogue,
	})
	// A shipment billed by a live invoice stays shipped.
	goodsShipments.RegisterBilledCheck("an invoice", invoiceRecords.BillsShipment)
	// An invoice line bills its item in the order line's unit.
	itemMaster.RegisterUnitChangeBlocker("an invoice", invoiceRecords.UsesItem)
	// A lot reads its quantity from the ledger's balances.
	itemLots.UseQuantity(inventory.LotQuantitySQL)
	// Jobs: production orders. A job makes items, standalone or the part lines of one sales
	// order, each through a routing copied from the line's or the item's; while released it
	// holds the stock its routings still need, and it records the items' cost breakdowns.
	jobRecords := jobs.NewService(cfg.Pool, jobs.Deps{
		SalesOrders: salesOrders, Customers: customerRecords, Items: itemMaster, Routings: routings,
		Reservations: stock, CustomFields: customFields, Stock: stock, Users: userRecords,
		Scrap:          scrapRegister,
		TrackingFields: trackingFields,
	})
	// The scrap report names the job operations of its rows through jobs.
	scrapRegister.UseJobOperationNames(jobRecords)
	// An item to make owns a routing, editable until the item to make or its job is done; an
	// operation of it (and what is attached to it) only until work on it has started.
	routings.Register(routing.OwnerJobItemToMake, routing.OwnerKind{
		Exists: jobRecords.ExistsForRouting, Lock: jobRecords.LockForRouting,
		MakesItem: jobRecords.MakesItemForRouting, Changed: jobRecords.RoutingChanged,
		OperationLocked: jobRecords.OperationLockedForRouting,
	})
	// An item to make counts its item in the item's unit of measure.
	itemMaster.RegisterUnitChangeBlocker("a job", jobRecords.UsesItem)
	// An outside-processing line names a job operation the vendor performs.
	purchaseOrders.RegisterJobOperationCheck(jobRecords.JobOperationExists)
	// Work orders: job operations grouped for the shop floor; a grouped job operation cannot
	// leave its routing.
	workOrderRecords := workorders.NewService(cfg.Pool, workorders.Deps{Jobs: jobRecords, Items: itemMaster})
	jobRecords.RegisterOperationRemovalCheck(workOrderRecords.RefuseRemoval)
	// Alerts on job operations: names from jobs, items, resources and work orders; completing
	// an operation clears its alerts in the completion's transaction; grouping operations into
	// a work order gives their alerts the work order, deleting it omits them.
	jobAlerts := alerts.NewService(cfg.Pool, alerts.Deps{Jobs: jobRecords, Items: itemMaster, Resources: schedulingResources,
		WorkOrders: workOrderRecords})
	jobRecords.RegisterOperationCompleted(jobAlerts.OperationCompleted)
	workOrderRecords.RegisterGrouped(jobAlerts.WorkOrderGrouped)
	workOrderRecords.RegisterReleased(jobAlerts.WorkOrderReleased)
	// Timers: time users spend on job operations, costed into the jobs at the work centers'
	// rates; completing an operation closes its open timers in the same transaction.
	timeRecords := timers.NewService(cfg.Pool, timers.Deps{Jobs: jobRecords, Rates: schedulingResources, Users: userRecords,
		Items: itemMaster, WorkCenters: schedulingResources, WorkOrders: workOrderRecords})
	jobRecords.RegisterOperationCompleted(timeRecords.CloseOperationTimers)
	// Nesting: the work-package manifest (cut lists from the jobs' operations, their items to
	// make's input materials and the items' numbers), the nests of work-order operations,
	// created with their work orders (sheet runs scrap on job operations and pick the sheets
	// in their own transaction), and the nestable-jobs list (the open jobs' operations, the
	// library's names and the work orders holding the job operations).
	nestingRecords := nesting.NewService(cfg.Pool, nesting.Deps{Jobs: jobRecords, Routings: routings, Items: itemMaster,
		WorkOrders: workOrderRecords, Stock: stock, Operations: operationLibrary})
	workOrderRecords.RegisterGrouped(nestingRecords.CreateNests)
	// Quality: NCRs name a job and/or an item (All counts the job's quantity made); CAPAs are
	// raised from NCRs.
	ncrRecords := ncrs.NewService(cfg.Pool, ncrs.Deps{Jobs: jobRecords, Items: itemMaster, CustomFields: customFields})
	capaRecords := capas.NewService(cfg.Pool, capas.Deps{NCRs: ncrRecords, CustomFields: customFields})
	// Change orders: customers and items named; a create fills its impacted records from the
	// open documents carrying its original revision item, which quotes, sales orders and
	// jobs answer through the carrier registry (change orders import none of them).
	changeOrders := changeorders.NewService(cfg.Pool, changeorders.Deps{Customers: customerRecords, Items: itemMaster})
	changeOrders.RegisterCarrier(changeorders.DocumentQuote, changeorders.CarrierOf(quoteRecords.OpenPartLinesCarrying,
		func(l quotes.PartLineRef) changeorders.Carried {
			return changeorders.Carried{DocumentID: l.QuoteID, LineID: &l.LineID}
		}))
	changeOrders.RegisterCarrier(changeorders.DocumentSalesOrder, changeorders.CarrierOf(salesOrders.OpenPartLinesCarrying,
		func(l salesorders.PartLineRef) changeorders.Carried {
			return changeorders.Carried{DocumentID: l.SalesOrderID, LineID: &l.LineID}
		}))
	changeOrders.RegisterCarrier(changeorders.DocumentJob, changeorders.CarrierOf(jobRecords.JobsMaking,
		func(j jobs.JobMaking) changeorders.Carried {
			return changeorders.Carried{DocumentID: j.JobID, Complete: j.Complete}
		}))

	// Files attached to records; each owner type's area answers whether a record exists and
	// advances its modification stamp.
	owners := attachments.StandardOwners()
	owners.Register(attachments.OwnerItem, itemMaster.ExistsForAttachment, itemMaster.TouchForAttachment)
	owners.Register(attachments.OwnerSalesOrder, salesOrders.ExistsForAttachment, salesOrders.TouchForAttachment)
	owners.Register(attachments.OwnerSalesOrderPartLineItem, salesOrders.PartLineExistsForAttachment, salesOrders.TouchPartLineForAttachment)
	owners.Register(attachments.OwnerPurchaseOrder, purchaseOrders.ExistsForAttachment, purchaseOrders.TouchForAttachment)
	owners.Register(attachments.OwnerInvoice, invoiceRecords.ExistsForAttachment, invoiceRecords.TouchForAttachment)
	owners.Register(attachments.OwnerPurchaseOrderPartLineItem, purchaseOrders.PartLineExistsForAttachment, purchaseOrders.TouchPartLineForAttachment)
	// A receipt is owned by the kind of order it receives; its lines take certifications of
	// lots of the items they received.
	owners.Register(attachments.OwnerPurchaseOrderReceiving, goodsReceipts.ExistsForAttachment(receipts.FromPurchaseOrder), goodsReceipts.TouchForAttachment)
	owners.Register(attachments.OwnerSalesOrderReceiving, goodsReceipts.ExistsForAttachment(receipts.FromSalesOrder), goodsReceipts.TouchForAttachment)
	owners.RegisterCertified(attachments.OwnerPurchaseOrderReceivingLineItem, goodsReceipts.LineExistsForAttachment(receipts.FromPurchaseOrder),
		goodsReceipts.TouchLineForAttachment, goodsReceipts.CertifiedItem)
	owners.RegisterCertified(attachments.OwnerSalesOrderReceivingLineItem, goodsReceipts.LineExistsForAttachment(receipts.FromSalesOrder),
		goodsReceipts.TouchLineForAttachment, goodsReceipts.CertifiedItem)
	owners.Register(attachments.OwnerShipment, goodsShipments.ExistsForAttachment, goodsShipments.TouchForAttachment)
	owners.Register(attachments.OwnerJob, jobRecords.ExistsForAttachment, jobRecords.TouchForAttachment)
	owners.Register(attachments.OwnerOperation, jobRecords.OperationExistsForAttachment, jobRecords.TouchOperationForAttachment)
	owners.Register(attachments.OwnerWorkOrderOperation, workOrderRecords.OperationExistsForAttachment, workOrderRecords.TouchOperationForAttachment)
	// Notes on documents: each document kind's area answers whether a live document exists,
	// share-locking it. Invoices register notes.Invoice here when they land.
	noteOwners := notes.NewOwners()
	noteOwners.Register(notes.SalesOrder, salesOrders.NoteOwnerExists)
	noteOwners.Register(notes.PurchaseOrder, purchaseOrders.NoteOwnerExists)
	noteOwners.Register(notes.Quote, quoteRecords.NoteOwnerExists)
	noteOwners.Register(notes.Invoice, invoiceRecords.NoteOwnerExists)
	noteOwners.RegisterNotesList(notes.Invoice, invoiceRecords.NotesListOwnerKnown)
	files, err := attachments.NewService(cfg.Pool, owners, itemLots.IsLotOf, cfg.Attachments)
	if err != nil {
		return nil, err
	}
	shopTools := tools.NewService(cfg.Pool, tools.Deps{Locations: stockLocations, Attachments: files})
	// Webhooks: the event catalogue is the spec's; each area that records events in the
	// outbox declares them here, and the two must agree.
	catalogue, err := webhooks.NewCatalogue(spec)
	if err != nil {
		return nil, err
	}
	catalogue.Emits(items.EventItemUpdated)
	if err := catalogue.Check(); err != nil {
		return nil, err
	}
	subscriptions := webhooks.NewService(cfg.Pool, catalogue, cfg.Webhooks.Targets)
	if cfg.DeliverWebhooks {
		if cfg.Background == nil {
			return nil, errors.New("httpapi: DeliverWebhooks needs a Background context to run in")
		}
		worker, err := NewWebhookWorker(cfg.Pool, cfg.Metrics, cfg.Webhooks, cfg.Logger)
		if err != nil {
			return nil, err
		}
		go worker.Run(cfg.Background)
	}
	contractHandler, err := contract.NewHandler(openapi.V1)
	if err != nil {
		return nil, err
	}
	server := &Server{
		TokensHandler:            tenancy.NewHandler(),
		ContractHandler:          contractHandler,
		TagsHandler:              tags.NewHandler(tagCatalogue, spec),
		CompaniesHandler:         companies.NewHandler(companyInfo, spec),
		CustomFieldsHandler:      customfields.NewHandler(customFields),
		CustomerTiersHandler:     tiers.NewHandler(customerTiers),
		TaxRatesHandler:          taxrates.NewHandler(taxRates),
		RefundReasonsHandler:     refundreasons.NewHandler(refundReasons),
		ShippingMethodsHandler:   shippingmethods.NewHandler(shippingMethods),
		UsersHandler:             users.NewHandler(userRecords),
		PaymentTermsHandler:      paymentterms.NewHandler(paymentTerms),
		CustomersHandler:         customers.NewHandler(customerRecords, spec),
		QuotesHandler:            quotes.NewHandler(quoteRecords, spec, ownerRoutingPaths),
		SalesOrdersHandler:       salesorders.NewHandler(salesOrders, spec, ownerRoutingPaths),
		JobsHandler:              jobs.NewHandler(jobRecords, spec, ownerRoutingPaths),
		AlertsHandler:            alerts.NewHandler(jobAlerts),
		TimersHandler:            timers.NewHandler(timeRecords, spec),
		WorkOrdersHandler:        workorders.NewHandler(workOrderRecords),
		NcrsHandler:              ncrs.NewHandler(ncrRecords),
		CapasHandler:             capas.NewHandler(capaRecords),
		ChangeOrdersHandler:      changeorders.NewHandler(changeOrders),
		NestingHandler:           nesting.NewHandler(nestingRecords),
		SettingsHandler:          settings.NewHandler(tenantSettings),
		PDFSettingsHandler:       settings.NewPDFHandler(pdfSettings),
		DepartmentsHandler:       resources.NewDepartmentsHandler(schedulingResources),
		WorkCentersHandler:       resources.NewWorkCentersHandler(schedulingResources),
		EquipmentHandler:         resources.NewEquipmentHandler(schedulingResources),
		TrackingFieldsHandler:    trackingfields.NewHandler(trackingFields),
		DepartmentShiftsHandler:  shifts.NewHandler(departmentShifts),
		EquipmentDowntimeHandler: downtime.NewHandler(equipmentDowntime),
		UnitsOfMeasureHandler:    units.NewHandler(unitsOfMeasure),
		VendorsHandler:           vendors.NewHandler(vendorRecords, spec),
		MaterialVendorsHandler:   materialvendors.NewHandler(materialVendors),
		PurchaseOrdersHandler:    purchaseorders.NewHandler(purchaseOrders, spec),
		ReceiptsHandler:          receipts.NewHandler(goodsReceipts, spec),
		ShipmentsHandler:         shipments.NewHandler(goodsShipments, spec),
		InvoicesHandler:          invoices.NewHandler(invoiceRecords, spec),
		MaterialShapesHandler:    shapes.NewHandler(materialShapes),
		ItemsHandler:             items.NewHandler(itemMaster, spec),
		OperationsHandler:        operations.NewHandler(operationLibrary),
		RoutingHandler:           routing.NewHandler(routings),
		LocationsHandler:         locations.NewHandler(stockLocations),
		InventoryLotsHandler:     lots.NewHandler(itemLots),
		InventoryHandler:         inventory.NewHandler(stock),
		InventoryEventsHandler:   inventory.NewEventsHandler(stock, spec),
		AttachmentsHandler:       attachments.NewHandler(files),
		WebhooksHandler:          webhooks.NewHandler(subscriptions, spec),
		NotesHandler:             notes.NewHandler(notes.NewService(cfg.Pool, noteOwners)),
		ScrapHandler:             scrap.NewHandler(scrapRegister),
		ToolsHandler:             tools.NewHandler(shopTools),
	}
	// Conditional requests (ETag, If-None-Match, If-Match) for every record a handler declares
	// (its Versioned method): last in the middleware chain, just before the handlers.
	guard, err := conditional.New(cfg.Pool, spec, versionedRecords(server)...)
	if err != nil {
		return nil, err
	}
	e.Use(guard.Middleware)
	gen.RegisterHandlers(e, gen.NewStrictHandler(server, nil))
	registerHealth(e, cfg.Pool)
	if !cfg.MetricsElsewhere {
		registerMetrics(e, cfg.Metrics)
	}
	if err := contract.RegisterDocs(e); err != nil {
		return nil, err
	}
	return e, nil
}

// NewWebhookWorker builds the webhook delivery worker (mos serve runs it beside the API,
// mos worker alone), reporting its attempts and pending deliveries to m.
func NewWebhookWorker(pool *db.Pool, m *metrics.Registry, cfg webhooks.WorkerConfig, log *slog.Logger) (*webhooks.Worker, error) {
	pending := func(ctx context.Context) (int64, error) { return webhooks.Pending(ctx, pool) }
	observer, err := m.WatchWebhooks(pending, log)
	if err != nil {
		return nil, fmt.Errorf("metrics: %w", err)
	}
	cfg.Observer, cfg.Logger = observer, log
	return webhooks.NewWorker(pool, cfg), nil
}

// followTokenChanges turns on the token cache and, with a Background context, has it follow
// the database's changes, waiting (briefly) until it listens so that a change made right
// after New returns is heard.
func followTokenChanges(cfg Config, tenants *tenancy.Service) {
	ttl := cfg.TokenCacheTTL
	if ttl == 0 {
		ttl = tenancy.DefaultTokenCacheTTL
	}
	tenants.CacheTokens(ttl)
	if cfg.Background == nil {
		return
	}
	ready := make(chan struct{})
	go tenants.FollowTokenChanges(cfg.Background, cfg.Logger, ready)
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		cfg.Logger.Warn("the token cache is not following token changes yet")
	}
}

// idempotencyLease is how long a request holding an Idempotency-Key may run before a
// retry takes it for abandoned: an hour, or longer than the slowest upload may take.
func idempotencyLease(uploadTimeout time.Duration) time.Duration {
	return max(idempotency.DefaultLease, uploadTimeout+uploadAnswerMargin)
}

// uploadAnswerMargin is how long an upload may take to answer once its body has arrived.
const uploadAnswerMargin = 10 * time.Minute

// versionedRecords collects the records the handlers declare for conditional requests: a
// handler of records with an ETag has a Versioned method, and embedding it in Server is all
// the wiring it needs.
func versionedRecords(server *Server) []conditional.Record {
	var out []conditional.Record
	v := reflect.ValueOf(server).Elem()
	for i := range v.NumField() {
		if h, ok := v.Field(i).Interface().(interface{ Versioned() []conditional.Record }); ok {
			out = append(out, h.Versioned()...)
		}
	}
	return out
}

// signingKey is key, or a random key when none is configured.
func signingKey(key []byte) []byte {
	if len(key) > 0 {
		return key
	}
	key = make([]byte, 32)
	_, _ = rand.Read(key) // crypto/rand.Read never fails (Go 1.24+)
	return key
}

// registerHealth adds the unauthenticated probes: /healthz (process up) and /readyz
// (database reachable and migrated to the version this binary carries).
func registerHealth(e *echo.Echo, pool *db.Pool) {
	e.GET("/healthz", func(c echo.Context) error {
		return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
	})
	e.GET("/readyz", func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
		defer cancel()
		want, err := db.LatestMigration()
		if err != nil {
			return err
		}
		have, dirty, err := pool.SchemaVersion(ctx)
		if err != nil || dirty || have != want {
			return c.JSON(http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "schemaVersion": have, "wantVersion": want, "dirty": dirty})
		}
		return c.JSON(http.StatusOK, map[string]any{"status": "ready", "schemaVersion": have})
	})
}

// watchDatabase adds the pool's numbers and the outbox backlog to m, both read when scraped.
func watchDatabase(m *metrics.Registry, pool *db.Pool, log *slog.Logger) error {
	if err := m.WatchPool(pool.Stats); err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	backlog := func(ctx context.Context) (int64, time.Duration, error) { return outbox.Backlog(ctx, pool) }
	if err := m.WatchOutbox(backlog, log); err != nil {
		return fmt.Errorf("metrics: %w", err)
	}
	return nil
}

// registerMetrics serves GET /metrics on the API's address, like the health probes outside
// the spec: no token, and no operation of the spec's for the permission checks to walk.
func registerMetrics(e *echo.Echo, m *metrics.Registry) {
	e.GET("/metrics", echo.WrapHandler(m.Handler()))
}
