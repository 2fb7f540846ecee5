// Package httpapi wires every area's handler into the one server the spec describes.
package httpapi

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"mos/gen"
	"mos/internal/contract"
	"mos/internal/platform/db"
	"mos/internal/platform/web"
	"mos/internal/purchasing/vendors"
	"mos/internal/sales/customers"
	"mos/internal/sales/tiers"
	"mos/internal/scheduling/downtime"
	"mos/internal/scheduling/resources"
	"mos/internal/scheduling/shifts"
	"mos/internal/scheduling/trackingfields"
	"mos/internal/shared/attachments"
	"mos/internal/shared/companies"
	"mos/internal/shared/customfields"
	"mos/internal/shared/paymentterms"
	"mos/internal/shared/settings"
	"mos/internal/shared/tags"
	"mos/internal/stock/inventory"
	"mos/internal/stock/items"
	"mos/internal/stock/locations"
	"mos/internal/stock/lots"
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
	*paymentterms.PaymentTermsHandler
	*customers.CustomersHandler
	*customers.AddressesHandler
	*customers.ContactsHandler
	*settings.SettingsHandler
	*customfields.CustomFieldsHandler
	*resources.DepartmentsHandler
	*resources.WorkCentersHandler
	*resources.EquipmentHandler
	*trackingfields.TrackingFieldsHandler
	*shifts.DepartmentShiftsHandler
	*downtime.EquipmentDowntimeHandler
	*units.UnitsOfMeasureHandler
	*vendors.VendorsHandler
	*shapes.MaterialShapesHandler
	*items.ItemsHandler
	*locations.LocationsHandler
	*lots.InventoryLotsHandler
	*inventory.InventoryHandler
	*inventory.InventoryEventsHandler
	*attachments.AttachmentsHandler
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
	// The web layer enforces the attachments' upload limit and deadlines on the streaming
	// operations, so both read the same settings, defaults applied once.
	cfg.Attachments = cfg.Attachments.WithDefaults()
	cfg.Attachments.SigningKey = signingKey(cfg.Attachments.SigningKey)
	e, err := web.New(web.Config{Spec: spec, Auth: tenants, Logger: cfg.Logger,
		StreamBodyLimitBytes: cfg.Attachments.UploadLimitBytes + uploadFormOverhead,
		StreamBodyTimeout:    cfg.Attachments.UploadTimeout, StreamResponseTimeout: cfg.Attachments.DownloadTimeout})
	if err != nil {
		return nil, err
	}
	// Areas whose records carry customFields take this service to validate them.
	customFields := customfields.NewService(cfg.Pool)
	// Customers resolve the names of the tiers and payment terms they refer to through these.
	customerTiers := tiers.NewService(cfg.Pool)
	paymentTerms := paymentterms.NewService(cfg.Pool)
	// Departments, work centers and equipment; shifts and downtime look departments and
	// equipment up through it.
	schedulingResources := resources.NewService(cfg.Pool)
	// Items resolve their units of measure through the units catalogue.
	unitsOfMeasure := units.NewService(cfg.Pool)
	// Tag-shaped lists; items read the tags they carry through it.
	tagCatalogue := tags.NewService(cfg.Pool)
	// Stock locations and lots; inventory checks and names the locations and lots of its
	// stock through them.
	stockLocations := locations.NewService(cfg.Pool)
	itemLots := lots.NewService(cfg.Pool)
	// The item master; inventory reads whether an item holds stock (and locks it) through it.
	itemMaster := items.NewService(cfg.Pool, unitsOfMeasure, customFields, tagCatalogue)
	// The stock ledger: on hand, picks, receipts, overrides, events and transactions.
	stock := inventory.NewService(cfg.Pool, itemMaster, stockLocations, itemLots)
	// Files attached to records; each owner type's area answers whether a record exists and
	// advances its modification stamp.
	owners := attachments.StandardOwners()
	owners.Register(attachments.OwnerItem, itemMaster.ExistsForAttachment, itemMaster.TouchForAttachment)
	files, err := attachments.NewService(cfg.Pool, owners, itemLots, cfg.Attachments)
	if err != nil {
		return nil, err
	}
	contractHandler, err := contract.NewHandler(openapi.V1)
	if err != nil {
		return nil, err
	}
	server := &Server{
		TokensHandler:            tenancy.NewHandler(),
		ContractHandler:          contractHandler,
		TagsHandler:              tags.NewHandler(tagCatalogue, spec),
		CompaniesHandler:         companies.NewHandler(companies.NewService(cfg.Pool), spec),
		CustomFieldsHandler:      customfields.NewHandler(customFields),
		CustomerTiersHandler:     tiers.NewHandler(customerTiers),
		PaymentTermsHandler:      paymentterms.NewHandler(paymentTerms),
		CustomersHandler:         customers.NewHandler(customers.NewService(cfg.Pool, customFields, customerTiers, paymentTerms), spec),
		AddressesHandler:         customers.NewAddressesHandler(customers.NewAddressService(cfg.Pool)),
		ContactsHandler:          customers.NewContactsHandler(customers.NewContactService(cfg.Pool)),
		SettingsHandler:          settings.NewHandler(settings.NewService(cfg.Pool)),
		DepartmentsHandler:       resources.NewDepartmentsHandler(schedulingResources),
		WorkCentersHandler:       resources.NewWorkCentersHandler(schedulingResources),
		EquipmentHandler:         resources.NewEquipmentHandler(schedulingResources),
		TrackingFieldsHandler:    trackingfields.NewHandler(trackingfields.NewService(cfg.Pool)),
		DepartmentShiftsHandler:  shifts.NewHandler(shifts.NewService(cfg.Pool, schedulingResources)),
		EquipmentDowntimeHandler: downtime.NewHandler(downtime.NewService(cfg.Pool, schedulingResources)),
		UnitsOfMeasureHandler:    units.NewHandler(unitsOfMeasure),
		VendorsHandler:           vendors.NewHandler(vendors.NewService(cfg.Pool)),
		MaterialShapesHandler:    shapes.NewHandler(shapes.NewService(cfg.Pool)),
		ItemsHandler:             items.NewHandler(itemMaster, spec),
		LocationsHandler:         locations.NewHandler(stockLocations),
		InventoryLotsHandler:     lots.NewHandler(itemLots),
		InventoryHandler:         inventory.NewHandler(stock),
		InventoryEventsHandler:   inventory.NewEventsHandler(stock, spec),
		AttachmentsHandler:       attachments.NewHandler(files),
	}
	gen.RegisterHandlers(e, gen.NewStrictHandler(server, nil))
	registerHealth(e, cfg.Pool)
	if err := contract.RegisterDocs(e); err != nil {
		return nil, err
	}
	return e, nil
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
