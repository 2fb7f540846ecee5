package tenancy

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/currency"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
)

// Service manages tenants and tokens and authenticates requests.
type Service struct {
	pool        *db.Pool
	store       store
	permissions map[string]bool
	now         func() time.Time
	cache       *tokenCache // nil: every Authenticate reads the token's row
}

// NewService returns a service accepting the given permission catalogue on user tokens.
func NewService(pool *db.Pool, permissionCatalogue []string) *Service {
	perms := make(map[string]bool, len(permissionCatalogue))
	for _, p := range permissionCatalogue {
		perms[p] = true
	}
	return &Service{pool: pool, permissions: perms, now: time.Now}
}

// CreateTenant creates a ready tenant and returns its id.
func (s *Service) CreateTenant(ctx context.Context, t NewTenant) (string, error) {
	return s.createTenant(ctx, t, StatusReady)
}

// CreateProvisioningTenant creates a tenant whose configuration is not ready yet.
func (s *Service) CreateProvisioningTenant(ctx context.Context, t NewTenant) (string, error) {
	return s.createTenant(ctx, t, StatusProvisioning)
}

func (s *Service) createTenant(ctx context.Context, t NewTenant, status string) (string, error) {
	t.Name = strings.TrimSpace(t.Name)
	if t.Timezone == "" {
		t.Timezone = "UTC"
	}
	if t.CurrencyCode == "" {
		t.CurrencyCode = "USD"
	}
	fields := apperr.Fields{}
	if n := utf8.RuneCountInString(t.Name); n < 1 || n > 200 {
		fields.Add("name", "must be 1 to 200 characters")
	}
	// "Local" loads, but names whatever zone the server runs in, not a shop's zone.
	if _, err := time.LoadLocation(t.Timezone); err != nil || t.Timezone == "Local" {
		fields.Add("timezone", "%q is not an IANA time zone", t.Timezone)
	}
	if !currency.Valid(t.CurrencyCode) {
		fields.Add("currency", "%q is not an ISO 4217 code", t.CurrencyCode)
	}
	if err := fields.Err(); err != nil {
		return "", err
	}
	id := ids.New()
	if err := s.store.insertTenant(ctx, s.pool, id, t, status); err != nil {
		return "", fmt.Errorf("create tenant: %w", err)
	}
	return id, nil
}

// SetTenantReady marks a provisioning tenant ready.
func (s *Service) SetTenantReady(ctx context.Context, id string) error {
	ok, err := s.store.setTenantStatus(ctx, s.pool, id, StatusReady)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.NotFound("tenant %s not found", id)
	}
	return nil
}

// DeleteTenant soft-deletes a tenant; its tokens then answer 404 "account not found".
func (s *Service) DeleteTenant(ctx context.Context, id string) error {
	ok, err := s.store.deleteTenant(ctx, s.pool, id)
	if err != nil {
		return err
	}
	s.flushTokens()
	if !ok {
		return apperr.NotFound("tenant %s not found", id)
	}
	return nil
}

// maxUserName bounds a user's name, as the users list and reads show it.
const maxUserName = 200

// CreateUser adds a user to the tenant and returns its id: the person user-bound tokens act
// for and createdBy, mentions and timers refer to. The name is trimmed, 1 to 200 characters,
// and unique in the tenant ignoring case (a taken name is a conflict naming the user that has
// it, so an operator script can tell "exists" from "failed").
func (s *Service) CreateUser(ctx context.Context, tenantID, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > maxUserName {
		return "", apperr.Field("name", "must be 1 to %d characters after trimming", maxUserName)
	}
	id := ids.New()
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		ok, err := s.store.tenantExists(ctx, q, tenantID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("tenant %s not found", tenantID)
		}
		existing, found, err := s.store.userNamed(ctx, q, tenantID, name)
		if err != nil {
			return err
		}
		if found {
			return apperr.Conflict("user %s of tenant %s is already named %q", existing, tenantID, name)
		}
		return s.store.insertUser(ctx, q, tenantID, id, name)
	})
	if constraint, dup := db.UniqueViolation(err); dup && constraint == "users_name_key" {
		return "", apperr.Conflict("tenant %s already has a user named %q", tenantID, name)
	}
	if err != nil {
		return "", err
	}
	return id, nil
}

// IssueToken creates a token; the secret is returned once and only its hash is kept.
func (s *Service) IssueToken(ctx context.Context, nt NewToken) (IssuedToken, error) {
	fields := apperr.Fields{}
	for _, p := range nt.Permissions {
		if !s.permissions[p] {
			fields.Add("permissions", "unknown permission %q", p)
		}
	}
	if nt.UserName != "" && strings.TrimSpace(nt.UserName) == "" {
		fields.Add("user", "a user name must not be blank")
	}
	if nt.UserName == "" && len(nt.Permissions) > 0 {
		fields.Add("permissions", "integration tokens are not permission-gated; give --user for a user token")
	}
	if nt.ExpiresIn < 0 {
		fields.Add("expiresIn", "must not be negative")
	}
	if err := fields.Err(); err != nil {
		return IssuedToken{}, err
	}

	id := ids.New()
	secret := "mos_" + id + "_" + randomToken()
	var expires *time.Time
	if nt.ExpiresIn > 0 {
		e := s.now().Add(nt.ExpiresIn).UTC()
		expires = &e
	}
	err := s.pool.WithTx(ctx, func(q db.Q) error {
		ok, err := s.store.tenantExists(ctx, q, nt.TenantID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.NotFound("tenant %s not found", nt.TenantID)
		}
		kind := auth.KindIntegration
		var userID *string
		if nt.UserName != "" {
			kind = auth.KindUser
			uid, err := s.store.upsertUser(ctx, q, nt.TenantID, ids.New(), strings.TrimSpace(nt.UserName))
			if err != nil {
				return fmt.Errorf("create user: %w", err)
			}
			userID = &uid
		}
		perms := nt.Permissions
		if perms == nil {
			perms = []string{}
		}
		return s.store.insertToken(ctx, q, id, nt.TenantID, kind, userID, perms, hashToken(secret), expires)
	})
	if err != nil {
		return IssuedToken{}, err
	}
	return IssuedToken{ID: id, Secret: secret}, nil
}

// RevokeToken stops a token from being accepted.
func (s *Service) RevokeToken(ctx context.Context, id string) error {
	ok, err := s.store.revokeToken(ctx, s.pool, id)
	if err != nil {
		return err
	}
	s.flushTokens()
	if !ok {
		return apperr.NotFound("token %s not found or already revoked", id)
	}
	return nil
}

// Authenticate resolves a bearer token to its principal.
func (s *Service) Authenticate(ctx context.Context, token string) (auth.Principal, error) {
	hash := sha256.Sum256([]byte(token))
	if s.cache == nil {
		return s.authenticate(ctx, hash)
	}
	now := s.now()
	p, generation, ok := s.cache.get(hash, now)
	if ok {
		return p, nil
	}
	p, err := s.authenticate(ctx, hash)
	if err == nil {
		s.cache.put(hash, p, generation, now)
	}
	return p, err
}

func (s *Service) authenticate(ctx context.Context, hash [sha256.Size]byte) (auth.Principal, error) {
	r, err := s.store.tokenByHash(ctx, s.pool, hash[:])
	if errors.Is(err, errNoToken) {
		return auth.Principal{}, apperr.Unauthorized("the token is not valid")
	}
	if err != nil {
		return auth.Principal{}, err
	}
	now := s.now()
	switch {
	case r.RevokedUtc != nil:
		return auth.Principal{}, apperr.Unauthorized("the token has been revoked")
	case r.ExpiresUtc != nil && !now.Before(*r.ExpiresUtc):
		return auth.Principal{}, apperr.Unauthorized("the token has expired")
	case r.TenantDeleted != nil:
		return auth.Principal{}, apperr.NotFound("account not found")
	case r.TenantStatus == StatusProvisioning:
		return auth.Principal{}, apperr.Unavailable(retryAfterProvisioning, "the account's configuration is not available yet")
	}
	p := auth.Principal{
		TokenID:        r.ID,
		Kind:           r.Kind,
		TenantID:       r.TenantID,
		TenantName:     r.TenantName,
		TenantTimezone: r.TenantTimezone,
		TenantCurrency: r.TenantCurrency,
		UserID:         r.UserID.String,
		UserName:       r.UserName.String,
		Permissions:    []string(r.Permissions),
		CreatedUtc:     r.CreatedUtc.UTC(),
	}
	if r.ExpiresUtc != nil {
		e := r.ExpiresUtc.UTC()
		p.ExpiresUtc = &e
	}
	return p, nil
}

// flushTokens forgets the cached principals after a change this process made itself (other
// processes hear of it through the database's notification).
func (s *Service) flushTokens() {
	if s.cache != nil {
		s.cache.flush()
	}
}

func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
