package tenancy

import (
	"context"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/utctime"
)

// TokensHandler serves token introspection.
type TokensHandler struct{}

// NewHandler returns the tenancy handler.
func NewHandler() *TokensHandler { return &TokensHandler{} }

// ValidateToken describes the calling token.
func (h *TokensHandler) ValidateToken(ctx context.Context, _ gen.ValidateTokenRequestObject) (gen.ValidateTokenResponseObject, error) {
	p := auth.From(ctx)
	out := gen.ValidateToken200JSONResponse{
		TokenId:       p.TokenID,
		Kind:          gen.TokenDetailsKind(p.Kind),
		Tenant:        gen.TenantRef{Id: p.TenantID, Name: p.TenantName, Timezone: p.TenantTimezone, CurrencyCode: p.TenantCurrency},
		Permissions:   make([]gen.Permission, 0, len(p.Permissions)),
		CreatedUtc:    utctime.From(p.CreatedUtc),
		ExpirationUtc: utctime.From(NeverExpires),
	}
	if p.ExpiresUtc != nil {
		out.ExpirationUtc = utctime.From(*p.ExpiresUtc)
	}
	if p.Kind == auth.KindUser {
		out.User = &gen.Reference{Id: p.UserID, Name: p.UserName}
	}
	for _, perm := range p.Permissions {
		out.Permissions = append(out.Permissions, gen.Permission(perm))
	}
	return out, nil
}
