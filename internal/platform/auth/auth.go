// Package auth carries the authenticated caller through a request's context.
package auth

import (
	"context"
	"time"
)

// Kind of token.
const (
	KindIntegration = "integration" // tenant-bound, not permission-gated
	KindUser        = "user"        // acts for a user, gated by permissions
)

// PermissionNone marks an operation any valid token may call.
const PermissionNone = "none"

// Principal is who is calling, on whose data.
type Principal struct {
	TokenID        string
	Kind           string
	TenantID       string
	TenantName     string
	TenantTimezone string
	TenantCurrency string
	UserID         string // empty for integration tokens
	UserName       string
	Permissions    []string
	CreatedUtc     time.Time
	ExpiresUtc     *time.Time // nil: never expires
}

// Can reports whether the principal may perform an operation needing perm.
func (p Principal) Can(perm string) bool {
	if p.Kind == KindIntegration || perm == PermissionNone || perm == "" {
		return true
	}
	for _, have := range p.Permissions {
		if have == perm {
			return true
		}
	}
	return false
}

type ctxKey struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From returns the principal of ctx. Handlers run only after authentication, so a
// missing principal is a wiring bug and panics.
func From(ctx context.Context) Principal {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	if !ok {
		panic("auth: no principal in context")
	}
	return p
}

// Lookup returns the principal of ctx, if the request was authenticated (it is not on
// public operations).
func Lookup(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// TenantID is a shorthand for From(ctx).TenantID.
func TenantID(ctx context.Context) string { return From(ctx).TenantID }
