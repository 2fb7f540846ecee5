package tenancy

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
)

var catalogue = []string{"View Item", "Edit Item", "View Quote"}

func newService(t *testing.T) *Service {
	t.Helper()
	pool, _ := dbtest.New(t)
	return NewService(pool, catalogue)
}

// mustFields fails t unless err is a 400 naming every field in want.
func mustFields(t *testing.T, err error, want ...string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		t.Fatalf("error %v, want a 400", err)
	}
	for _, f := range want {
		if len(e.Fields[f]) == 0 {
			t.Fatalf("error %v does not name %q", err, f)
		}
	}
	if len(e.Fields) != len(want) {
		t.Fatalf("error %v names %d fields, want %v", err, len(e.Fields), want)
	}
}

// mustKind fails t unless err is an apperr of kind, and returns its detail and retry delay.
func mustKind(t *testing.T, err error, kind apperr.Kind) (detail string, retryAfterSeconds int) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind {
		t.Fatalf("error %v, want kind %d", err, kind)
	}
	return e.Detail, e.RetryAfterSeconds
}

func TestCreateTenantValidatesNameTimezoneAndCurrency(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	cases := []struct {
		name   string
		tenant NewTenant
		fields []string
	}{
		{"empty name", NewTenant{Name: ""}, []string{"name"}},
		{"blank name", NewTenant{Name: "   "}, []string{"name"}},
		{"name over 200 characters", NewTenant{Name: strings.Repeat("x", 201)}, []string{"name"}},
		{"unknown timezone", NewTenant{Name: "A", Timezone: "Mars/Base"}, []string{"timezone"}},
		{"abbreviation is not a zone", NewTenant{Name: "A", Timezone: "CEST"}, []string{"timezone"}},
		{"the server's local zone is not a zone", NewTenant{Name: "A", Timezone: "Local"}, []string{"timezone"}},
		{"lowercase currency", NewTenant{Name: "A", CurrencyCode: "eur"}, []string{"currency"}},
		{"currency name", NewTenant{Name: "A", CurrencyCode: "euro"}, []string{"currency"}},
		{"short currency", NewTenant{Name: "A", CurrencyCode: "EU"}, []string{"currency"}},
		{"everything at once", NewTenant{Name: "", Timezone: "Nowhere", CurrencyCode: "1"}, []string{"name", "timezone", "currency"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, err := s.CreateTenant(ctx, c.tenant)
			if err == nil {
				t.Fatalf("created tenant %s", id)
			}
			mustFields(t, err, c.fields...)
		})
	}
}

func TestCreateTenantDefaultsAndTrims(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	cases := []struct {
		in                   NewTenant
		name, tz, currencyCd string
	}{
		{NewTenant{Name: "  Acme  "}, "Acme", "UTC", "USD"},
		{NewTenant{Name: "Berlin", Timezone: "Europe/Berlin", CurrencyCode: "EUR"}, "Berlin", "Europe/Berlin", "EUR"},
		// 200 characters, not bytes.
		{NewTenant{Name: strings.Repeat("é", 200)}, strings.Repeat("é", 200), "UTC", "USD"},
	}
	for _, c := range cases {
		id, err := s.CreateTenant(ctx, c.in)
		if err != nil {
			t.Fatalf("%+v: %v", c.in, err)
		}
		if len(id) != 24 {
			t.Fatalf("tenant id %q", id)
		}
		tok, err := s.IssueToken(ctx, NewToken{TenantID: id})
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Authenticate(ctx, tok.Secret)
		if err != nil {
			t.Fatal(err)
		}
		if p.TenantID != id || p.TenantName != c.name || p.TenantTimezone != c.tz || p.TenantCurrency != c.currencyCd {
			t.Fatalf("%+v became %+v", c.in, p)
		}
	}
}

func TestIssueTokenValidatesKindPermissionsAndTenant(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := s.CreateTenant(ctx, NewTenant{Name: "Gone"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTenant(ctx, gone); err != nil {
		t.Fatal(err)
	}
	invalid := []struct {
		name   string
		token  NewToken
		fields []string
	}{
		{"unknown permission", NewToken{TenantID: tenant, UserName: "alice", Permissions: []string{"View Item", "Fly Plane"}}, []string{"permissions"}},
		{"permission names are exact", NewToken{TenantID: tenant, UserName: "alice", Permissions: []string{"view item"}}, []string{"permissions"}},
		{"permissions on an integration token", NewToken{TenantID: tenant, Permissions: []string{"View Item"}}, []string{"permissions"}},
		{"blank user name", NewToken{TenantID: tenant, UserName: "   ", Permissions: []string{}}, []string{"user"}},
		{"negative lifetime", NewToken{TenantID: tenant, ExpiresIn: -time.Second}, []string{"expiresIn"}},
	}
	for _, c := range invalid {
		t.Run(c.name, func(t *testing.T) {
			tok, err := s.IssueToken(ctx, c.token)
			if err == nil {
				t.Fatalf("issued %+v", tok)
			}
			mustFields(t, err, c.fields...)
		})
	}
	for name, id := range map[string]string{"unknown tenant": "000000000000000000000000", "deleted tenant": gone} {
		t.Run(name, func(t *testing.T) {
			_, err := s.IssueToken(ctx, NewToken{TenantID: id})
			mustKind(t, err, apperr.KindNotFound)
		})
	}
	// Nothing was stored by the refused requests.
	var n int
	if err := s.pool.Get(&n, `SELECT count(*) FROM api_tokens`); err != nil || n != 0 {
		t.Fatalf("%d tokens stored (%v), want 0", n, err)
	}
}

func TestCreateUserTrimsBoundsAndKeepsNamesUniqueIgnoringCase(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.CreateTenant(ctx, NewTenant{Name: "Other"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.CreateUser(ctx, tenant, "  Ada Lovelace ")
	if err != nil {
		t.Fatal(err)
	}
	var name string
	if err := s.pool.Get(&name, `SELECT name FROM users WHERE tenant_id = $1 AND id = $2`, tenant, id); err != nil || name != "Ada Lovelace" {
		t.Fatalf("stored name %q (%v), want the trimmed name", name, err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("é", 201)} {
		_, err := s.CreateUser(ctx, tenant, bad)
		mustFields(t, err, "name")
	}
	if _, err := s.CreateUser(ctx, tenant, strings.Repeat("é", 200)); err != nil {
		t.Fatalf("a 200-character name: %v", err)
	}
	_, err = s.CreateUser(ctx, tenant, "ADA LOVELACE")
	mustKind(t, err, apperr.KindConflict)
	// Names are unique per tenant only.
	if _, err := s.CreateUser(ctx, other, "Ada Lovelace"); err != nil {
		t.Fatalf("the same name in another tenant: %v", err)
	}
	_, err = s.CreateUser(ctx, "000000000000000000000000", "Grace")
	mustKind(t, err, apperr.KindNotFound)
	// A token for the created user's name acts for that user, not a new one.
	if _, err := s.IssueToken(ctx, NewToken{TenantID: tenant, UserName: "ada lovelace", Permissions: []string{"View Item"}}); err != nil {
		t.Fatal(err)
	}
	var bound string
	if err := s.pool.Get(&bound, `SELECT user_id FROM api_tokens WHERE tenant_id = $1`, tenant); err != nil || bound != id {
		t.Fatalf("token acts for %q (%v), want the created user %s", bound, err, id)
	}
}

func TestAuthenticateResolvesTheTokensPrincipal(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme", Timezone: "Asia/Tokyo", CurrencyCode: "JPY"})
	if err != nil {
		t.Fatal(err)
	}
	integration, err := s.IssueToken(ctx, NewToken{TenantID: tenant})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Authenticate(ctx, integration.Secret)
	if err != nil {
		t.Fatal(err)
	}
	if p.TokenID != integration.ID || p.Kind != auth.KindIntegration || p.UserID != "" || len(p.Permissions) != 0 || p.ExpiresUtc != nil ||
		p.TenantID != tenant || p.TenantName != "Acme" || p.TenantTimezone != "Asia/Tokyo" || p.TenantCurrency != "JPY" {
		t.Fatalf("integration principal %+v", p)
	}
	if !p.Can("Edit Item") || !p.Can("Anything") {
		t.Fatal("an integration token must not be permission-gated")
	}

	user, err := s.IssueToken(ctx, NewToken{TenantID: tenant, UserName: " alice ", Permissions: []string{"View Quote", "View Item"}, ExpiresIn: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	p, err = s.Authenticate(ctx, user.Secret)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != auth.KindUser || p.UserName != "alice" || len(p.UserID) != 24 || !slices.Equal(p.Permissions, []string{"View Quote", "View Item"}) {
		t.Fatalf("user principal %+v", p)
	}
	if !p.Can("View Item") || p.Can("Edit Item") || !p.Can(auth.PermissionNone) {
		t.Fatalf("user principal permissions wrong: %v", p.Permissions)
	}
	if p.ExpiresUtc == nil || p.ExpiresUtc.Location() != time.UTC || p.CreatedUtc.Location() != time.UTC {
		t.Fatalf("user principal times %v %v, want UTC instants", p.ExpiresUtc, p.CreatedUtc)
	}
	if d := p.ExpiresUtc.Sub(p.CreatedUtc); d < time.Hour-5*time.Second || d > time.Hour+5*time.Second {
		t.Fatalf("expires %v after creation, want 1h", d)
	}
	// The same user name (any case) is the same user.
	again, err := s.IssueToken(ctx, NewToken{TenantID: tenant, UserName: "ALICE", Permissions: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := s.Authenticate(ctx, again.Secret)
	if err != nil {
		t.Fatal(err)
	}
	if p2.UserID != p.UserID || p2.UserName != "alice" || p2.Permissions == nil || len(p2.Permissions) != 0 {
		t.Fatalf("second token of alice %+v", p2)
	}

	_, err = s.Authenticate(ctx, user.Secret+"x")
	mustKind(t, err, apperr.KindUnauthorized)
	_, err = s.Authenticate(ctx, "")
	mustKind(t, err, apperr.KindUnauthorized)
}

func TestAuthenticateRefusesExpiredRevokedAndUnavailableTokens(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	tenant, err := s.CreateTenant(ctx, NewTenant{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}

	t.Run("expired", func(t *testing.T) {
		issued := time.Now()
		tok, err := s.IssueToken(ctx, NewToken{TenantID: tenant, ExpiresIn: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		// A service whose clock reads later, sharing the database.
		at := func(d time.Duration) *Service {
			later := *s
			later.now = func() time.Time { return issued.Add(d) }
			return &later
		}
		if _, err := at(59*time.Minute).Authenticate(ctx, tok.Secret); err != nil {
			t.Fatalf("a minute before expiry: %v", err)
		}
		_, err = at(time.Hour+time.Second).Authenticate(ctx, tok.Secret)
		mustKind(t, err, apperr.KindUnauthorized)
	})

	t.Run("revoked", func(t *testing.T) {
		tok, err := s.IssueToken(ctx, NewToken{TenantID: tenant})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeToken(ctx, tok.ID); err != nil {
			t.Fatal(err)
		}
		_, err = s.Authenticate(ctx, tok.Secret)
		mustKind(t, err, apperr.KindUnauthorized)
		mustKind(t, s.RevokeToken(ctx, tok.ID), apperr.KindNotFound)
		mustKind(t, s.RevokeToken(ctx, "000000000000000000000000"), apperr.KindNotFound)
	})

	t.Run("provisioning, then ready", func(t *testing.T) {
		id, err := s.CreateProvisioningTenant(ctx, NewTenant{Name: "Soon"})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := s.IssueToken(ctx, NewToken{TenantID: id})
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Authenticate(ctx, tok.Secret)
		if _, retryAfter := mustKind(t, err, apperr.KindUnavailable); retryAfter <= 0 {
			t.Fatalf("503 without a retry delay: %v", err)
		}
		if err := s.SetTenantReady(ctx, id); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, tok.Secret); err != nil {
			t.Fatalf("ready tenant: %v", err)
		}
	})

	t.Run("deleted tenant", func(t *testing.T) {
		id, err := s.CreateTenant(ctx, NewTenant{Name: "Leaving"})
		if err != nil {
			t.Fatal(err)
		}
		tok, err := s.IssueToken(ctx, NewToken{TenantID: id})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteTenant(ctx, id); err != nil {
			t.Fatal(err)
		}
		_, err = s.Authenticate(ctx, tok.Secret)
		if detail, _ := mustKind(t, err, apperr.KindNotFound); detail != "account not found" {
			t.Fatalf("detail %q, want \"account not found\"", detail)
		}
		mustKind(t, s.DeleteTenant(ctx, id), apperr.KindNotFound)
		mustKind(t, s.SetTenantReady(ctx, id), apperr.KindNotFound)
	})
}
