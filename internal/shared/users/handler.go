package users

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
)

// UsersHandler serves users (/api/users).
type UsersHandler struct {
	svc *Service
}

// NewHandler returns the users handler.
func NewHandler(svc *Service) *UsersHandler { return &UsersHandler{svc: svc} }

// Versioned declares users for conditional requests (ETag, If-None-Match).
func (h *UsersHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "users", Key: map[string]string{"id": "userId"}, Operations: []string{"getUser"}}}
}

func (h *UsersHandler) GetUser(ctx context.Context, req gen.GetUserRequestObject) (gen.GetUserResponseObject, error) {
	u, err := h.svc.Get(ctx, auth.TenantID(ctx), req.UserId)
	if err != nil {
		return nil, err
	}
	return gen.GetUser200JSONResponse{Body: toAPI(u)}, nil
}

func (h *UsersHandler) ListUsers(ctx context.Context, req gen.ListUsersRequestObject) (gen.ListUsersResponseObject, error) {
	var f Filter
	if b := req.Body; b != nil {
		f.Name = b.Name
		if b.Ids != nil {
			f.IDs = *b.Ids
		}
	}
	p := req.Params
	list, err := h.svc.List(ctx, auth.TenantID(ctx), f, listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListUsers200JSONResponse, len(list))
	for i, u := range list {
		out[i] = toAPI(u)
	}
	return out, nil
}

func toAPI(u User) gen.User {
	return gen.User{Id: u.ID, Name: u.Name, CreatedUtc: utctime.From(u.CreatedUtc)}
}
