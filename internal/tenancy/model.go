// Package tenancy owns tenants, their users and the API tokens that authenticate calls.
package tenancy

import "time"

// Tenant statuses.
const (
	StatusProvisioning = "provisioning" // configuration not ready: requests answer 503
	StatusReady        = "ready"
)

// NewTenant is what an operator supplies to create a tenant.
type NewTenant struct {
	Name         string
	Timezone     string // IANA; default UTC
	CurrencyCode string // ISO 4217; default USD
}

// NewToken is what an operator supplies to issue a token.
type NewToken struct {
	TenantID string
	// UserName makes a user-bound token acting for that user (created on first use);
	// empty makes an integration token.
	UserName    string
	Permissions []string
	ExpiresIn   time.Duration // 0: never expires
}

// IssuedToken is shown to the operator once; only its hash is stored.
type IssuedToken struct {
	ID     string
	Secret string
}

// NeverExpires is what token introspection reports for a token without expiry:
// the largest instant an RFC 3339 timestamp can carry.
var NeverExpires = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)

// retryAfterProvisioning is how long a client should wait while a tenant is provisioned.
const retryAfterProvisioning = 30
