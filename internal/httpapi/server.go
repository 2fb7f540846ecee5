// Package httpapi wires every area's handler into the one server the spec describes.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"mos/gen"
	"mos/internal/companies"
	"mos/internal/customertiers"
	"mos/internal/customfields"
	"mos/internal/platform/db"
	"mos/internal/platform/web"
	"mos/internal/settings"
	"mos/internal/tags"
	"mos/internal/tenancy"
)

// Server implements the whole strict interface by embedding one handler per area.
type Server struct {
	*tenancy.TokensHandler
	*tags.TagsHandler
	*companies.CompaniesHandler
	*customertiers.CustomerTiersHandler
	*settings.SettingsHandler
	*customfields.CustomFieldsHandler
}

var _ gen.StrictServerInterface = (*Server)(nil)

// Config is what the HTTP API needs from its process.
type Config struct {
	Pool   *db.Pool
	Logger *slog.Logger
}

// New builds the Echo instance serving the API.
func New(cfg Config) (*echo.Echo, error) {
	spec, err := gen.GetSpec()
	if err != nil {
		return nil, err
	}
	tenants := tenancy.NewService(cfg.Pool, web.PermissionCatalogue(spec))
	e, err := web.New(web.Config{Spec: spec, Auth: tenants, Logger: cfg.Logger})
	if err != nil {
		return nil, err
	}
	// Areas whose records carry customFields take this service to validate them.
	customFields := customfields.NewService(cfg.Pool)
	server := &Server{
		TokensHandler:        tenancy.NewHandler(),
		TagsHandler:          tags.NewHandler(tags.NewService(cfg.Pool)),
		CompaniesHandler:     companies.NewHandler(companies.NewService(cfg.Pool), spec),
		CustomFieldsHandler:  customfields.NewHandler(customFields),
		CustomerTiersHandler: customertiers.NewHandler(customertiers.NewService(cfg.Pool)),
		SettingsHandler:      settings.NewHandler(settings.NewService(cfg.Pool)),
	}
	gen.RegisterHandlers(e, gen.NewStrictHandler(server, nil))
	registerHealth(e, cfg.Pool)
	return e, nil
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
