package nesting

// NestingHandler serves the Nesting operations of the spec.
type NestingHandler struct {
	svc *Service
}

// NewHandler returns the nesting handler.
func NewHandler(svc *Service) *NestingHandler { return &NestingHandler{svc: svc} }
