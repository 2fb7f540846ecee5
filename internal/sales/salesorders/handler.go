package salesorders

import (
	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/conditional"
)

// SalesOrdersHandler serves /api/sales-orders: the header here, its lines and routings in the
// other *_handler.go files of the package.
type SalesOrdersHandler struct {
	svc *Service
	// spec is the served API description (JSON Patch targets are built from its schemas).
	spec *openapi3.T
}

// NewHandler returns the sales orders handler; spec is the served API description.
func NewHandler(svc *Service, spec *openapi3.T) *SalesOrdersHandler {
	return &SalesOrdersHandler{svc: svc, spec: spec}
}

// Versioned declares sales orders and their lines for conditional requests (ETag, If-Match).
func (h *SalesOrdersHandler) Versioned() []conditional.Record {
	return nil
}
