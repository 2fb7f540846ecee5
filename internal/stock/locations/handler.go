package locations

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
)

// LocationsHandler serves the stock locations.
type LocationsHandler struct {
	svc *Service
}

// NewHandler returns the locations handler.
func NewHandler(svc *Service) *LocationsHandler { return &LocationsHandler{svc: svc} }

// Versioned declares the locations for conditional requests (ETag, If-Match).
func (h *LocationsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "locations", Key: map[string]string{"id": "id"},
		Operations: []string{"getLocation", "deleteLocation"}}}
}

func (h *LocationsHandler) CreateLocation(ctx context.Context, req gen.CreateLocationRequestObject) (gen.CreateLocationResponseObject, error) {
	id, err := h.svc.Create(ctx, auth.TenantID(ctx), NewLocation{Name: req.Body.Name})
	if err != nil {
		return nil, err
	}
	return gen.CreateLocation200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *LocationsHandler) ListLocations(ctx context.Context, req gen.ListLocationsRequestObject) (gen.ListLocationsResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
		if b.IncludeDeleted != nil {
			f.IncludeDeleted = *b.IncludeDeleted
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListLocations200JSONResponse, len(list))
	for i, l := range list {
		out[i] = toAPI(l)
	}
	return out, nil
}

func (h *LocationsHandler) GetLocation(ctx context.Context, req gen.GetLocationRequestObject) (gen.GetLocationResponseObject, error) {
	l, err := h.svc.Get(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	return gen.GetLocation200JSONResponse{Body: toAPI(l)}, nil
}

func (h *LocationsHandler) DeleteLocation(ctx context.Context, req gen.DeleteLocationRequestObject) (gen.DeleteLocationResponseObject, error) {
	deleted, err := h.svc.Delete(ctx, auth.TenantID(ctx), req.Id)
	if err != nil {
		return nil, err
	}
	if !deleted {
		return gen.DeleteLocation204Response{}, nil
	}
	return gen.DeleteLocation200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func toAPI(l Location) gen.Location {
	return gen.Location{Id: l.ID, Name: l.Name, Deleted: l.Deleted}
}
