package tests

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
	"mos/internal/tenancy"
)

// validateToken calls GET /api/auth/validate with token.
func validateToken(t *testing.T, token string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodGet, "/api/auth/validate", token, "", "")
}

// validateUntilRefused calls /api/auth/validate with token until it is refused, for at most
// within (then it answers the last acceptance).
func validateUntilRefused(t *testing.T, token string, within time.Duration) (rawResponse, []byte) {
	t.Helper()
	return untilRefused(t, http.MethodGet, "/api/auth/validate", token, within)
}

// untilRefused sends a request without a body until it is refused, for at most within. A
// server keeps a token's principal for a few seconds (the token cache) and forgets it when
// the database notifies a change to the token, its tenant or its user; within is the bound
// a test holds that to.
func untilRefused(t *testing.T, method, path, token string, within time.Duration) (rawResponse, []byte) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		res, body := rawRequest(t, method, path, token, "", "")
		if res.StatusCode != http.StatusOK || time.Now().After(deadline) {
			return res, body
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestRequestsWithoutAWellFormedBearerTokenAreUnauthorized(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, authorization string }{
		{"missing header", ""},
		{"basic scheme", "Basic dXNlcjpwYXNz"},
		{"bearer without token", "Bearer"},
		{"bearer with blank token", "Bearer    "},
		{"token without scheme", "mos_0123456789abcdef01234567_secret"},
		{"unknown token", "Bearer mos_0123456789abcdef01234567_not-a-real-token"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := http.Header{}
			if c.authorization != "" {
				h.Set("Authorization", c.authorization)
			}
			// Both an ungated operation and a gated one.
			res, body := sendRequest(t, http.MethodGet, srv.URL+"/api/auth/validate", h, nil)
			mustUnauthorized(t, res, body)
			res, body = sendRequest(t, http.MethodPost, srv.URL+"/api/accounting-codes/list", h, nil)
			mustUnauthorized(t, res, body)
		})
	}
}

func TestRevokedTokenIsUnauthorized(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID})
	if err != nil {
		t.Fatal(err)
	}
	res, body := validateToken(t, tok.Secret)
	mustStatus(t, res.StatusCode, http.StatusOK, body)

	// Revoked through another instance of the service, as `mos token revoke` does from its own
	// process: the server hears of it from the database's notification.
	if err := srv.Tenancy.RevokeToken(context.Background(), tok.ID); err != nil {
		t.Fatal(err)
	}
	res, body = validateUntilRefused(t, tok.Secret, tenancy.DefaultTokenCacheTTL)
	mustUnauthorized(t, res, body)
	res, body = rawRequest(t, http.MethodPost, "/api/accounting-codes/list", tok.Secret, "", "")
	mustUnauthorized(t, res, body)
	// Other tokens of the tenant keep working.
	res, body = validateToken(t, te.Token)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
}

func TestExpiredTokenIsUnauthorized(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	tok, err := srv.Tenancy.IssueToken(context.Background(), tenancy.NewToken{TenantID: te.ID, ExpiresIn: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	res, body := validateToken(t, tok.Secret)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	// Expire it by moving its expiry into the past, rather than waiting.
	if _, err := srv.Pool.Exec(`UPDATE api_tokens SET expires_utc = now() - interval '1 second' WHERE id = $1`, tok.ID); err != nil {
		t.Fatal(err)
	}
	res, body = validateUntilRefused(t, tok.Secret, tenancy.DefaultTokenCacheTTL)
	mustUnauthorized(t, res, body)
	res, body = rawRequest(t, http.MethodPost, "/api/accounting-codes/list", tok.Secret, "", "")
	mustUnauthorized(t, res, body)
}

func TestValidateDescribesAnIntegrationToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tenantID, err := srv.Tenancy.CreateTenant(ctx, tenancy.NewTenant{Name: "Berlin Works", Timezone: "Europe/Berlin", CurrencyCode: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	tok, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: tenantID})
	if err != nil {
		t.Fatal(err)
	}
	res, err := newClient(t, tok.Secret).ValidateTokenWithResponse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	d := res.JSON200
	if d.TokenId != tok.ID || d.Kind != client.TokenDetailsKindIntegration {
		t.Fatalf("token %q kind %q, want %q integration", d.TokenId, d.Kind, tok.ID)
	}
	want := client.TenantRef{Id: tenantID, Name: "Berlin Works", Timezone: "Europe/Berlin", CurrencyCode: "EUR"}
	if d.Tenant != want {
		t.Fatalf("tenant %+v, want %+v", d.Tenant, want)
	}
	if d.User != nil || d.Permissions == nil || len(d.Permissions) != 0 {
		t.Fatalf("integration token has user %+v and permissions %v; want no user and []", d.User, d.Permissions)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(res.Body, &raw); err != nil {
		t.Fatal(err)
	}
	if u, ok := raw["user"]; ok && string(u) != "null" {
		t.Fatalf("integration token reports user %s", u)
	}
	if string(raw["expirationUtc"]) != `"9999-12-31T23:59:59Z"` {
		t.Fatalf("expirationUtc %s, want the maximum date for a token without expiry", raw["expirationUtc"])
	}
	if d.CreatedUtc.Before(before.Add(-5*time.Second)) || d.CreatedUtc.After(time.Now().Add(5*time.Second)) {
		t.Fatalf("createdUtc %v is not the moment of issue (~%v)", d.CreatedUtc, before)
	}
}

func TestValidateDescribesAUserTokenWithExpiry(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "America/Chicago")
	ctx := context.Background()
	const lifetime = 2 * time.Hour
	perms := []string{"View Item", "View Accounting"}
	before := time.Now()
	tok, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: te.ID, UserName: "alice", Permissions: perms, ExpiresIn: lifetime})
	if err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	res, err := newClient(t, tok.Secret).ValidateTokenWithResponse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	d := res.JSON200
	if d.Kind != client.TokenDetailsKindUser || d.TokenId != tok.ID {
		t.Fatalf("kind %q token %q", d.Kind, d.TokenId)
	}
	if d.Tenant.Id != te.ID || d.Tenant.Timezone != "America/Chicago" || d.Tenant.CurrencyCode != "USD" {
		t.Fatalf("tenant %+v", d.Tenant)
	}
	if d.User == nil || d.User.Name != "alice" || len(d.User.Id) != 24 {
		t.Fatalf("user %+v, want alice with a 24-character id", d.User)
	}
	got := make([]string, len(d.Permissions))
	for i, p := range d.Permissions {
		got[i] = string(p)
	}
	slices.Sort(got)
	wantPerms := slices.Clone(perms)
	slices.Sort(wantPerms)
	if !slices.Equal(got, wantPerms) {
		t.Fatalf("permissions %v, want %v", got, wantPerms)
	}
	exp := d.ExpirationUtc
	if !exp.After(time.Now()) {
		t.Fatalf("expirationUtc %v is not in the future", exp)
	}
	// Issued with a 2h lifetime: it expires 2h after issue (allowing for timestamp precision).
	if exp.Before(before.Add(lifetime).Add(-time.Second)) || exp.After(after.Add(lifetime).Add(time.Second)) {
		t.Fatalf("expirationUtc %v, want issue time + %v (between %v and %v)", exp, lifetime, before.Add(lifetime), after.Add(lifetime))
	}
	if diff := exp.Sub(d.CreatedUtc) - lifetime; diff < -5*time.Second || diff > 5*time.Second {
		t.Fatalf("expirationUtc %v is not createdUtc %v + %v", exp, d.CreatedUtc, lifetime)
	}

	// Tokens name their user: the same name (in any case) is the same user, another name another.
	for _, c := range []struct {
		name string
		same bool
	}{{"alice", true}, {"Alice", true}, {"bob", false}} {
		other, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: te.ID, UserName: c.name, Permissions: []string{}})
		if err != nil {
			t.Fatal(err)
		}
		res, err := newClient(t, other.Secret).ValidateTokenWithResponse(ctx)
		if err != nil {
			t.Fatal(err)
		}
		mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
		u := res.JSON200.User
		if u == nil || (u.Id == d.User.Id) != c.same || len(res.JSON200.Permissions) != 0 {
			t.Fatalf("token for %q: user %+v permissions %v (alice is %s)", c.name, u, res.JSON200.Permissions, d.User.Id)
		}
	}
}

func TestDeletedTenantsTokenAnswersAccountNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	userToken := te.userToken(t, "View Accounting")
	if err := srv.Tenancy.DeleteTenant(context.Background(), te.ID); err != nil {
		t.Fatal(err)
	}
	for _, token := range []string{te.Token, userToken} {
		for _, req := range []struct{ method, path string }{
			{http.MethodGet, "/api/auth/validate"},
			{http.MethodPost, "/api/accounting-codes/list"},
		} {
			res, body := untilRefused(t, req.method, req.path, token, tenancy.DefaultTokenCacheTTL)
			p := mustProblem(t, res, body, http.StatusNotFound)
			if !strings.Contains(strings.ToLower(p.Detail), "account not found") {
				t.Fatalf("detail %q, want \"account not found\"", p.Detail)
			}
		}
	}
}

func TestProvisioningTenantAnswersServiceUnavailableUntilReady(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	id, err := srv.Tenancy.CreateProvisioningTenant(ctx, tenancy.NewTenant{Name: "Not yet"})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: id})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/auth/validate", "/api/accounting-codes/list"} {
		method := http.MethodGet
		if strings.HasSuffix(path, "/list") {
			method = http.MethodPost
		}
		res, body := rawRequest(t, method, path, tok.Secret, "", "")
		// A deliberate 503 explains itself, unlike an internal failure.
		if p := mustProblem(t, res, body, http.StatusServiceUnavailable); p.Detail == "internal error" {
			t.Fatalf("the 503 says only %q", p.Detail)
		}
		if ra := res.Header.Get("Retry-After"); ra == "" || strings.Trim(ra, "0123456789") != "" || ra == "0" {
			t.Fatalf("Retry-After %q, want a positive number of seconds", ra)
		}
	}
	if err := srv.Tenancy.SetTenantReady(ctx, id); err != nil {
		t.Fatal(err)
	}
	res, body := validateToken(t, tok.Secret)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if res.Header.Get("Retry-After") != "" {
		t.Fatalf("a ready tenant still gets Retry-After")
	}
}

func TestTokensAreStoredOnlyAsHashes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	secrets := []string{te.Token, te.userToken(t, "View Item")}
	var rows []string
	if err := srv.Pool.Select(&rows, `SELECT t::text FROM api_tokens t WHERE tenant_id = $1`, te.ID); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(secrets) {
		t.Fatalf("%d token rows, want %d", len(rows), len(secrets))
	}
	for _, secret := range secrets {
		// As text, or as bytea (which row text shows in hex).
		forms := []string{secret, hex.EncodeToString([]byte(secret))}
		for _, row := range rows {
			for _, f := range forms {
				if strings.Contains(row, f) {
					t.Fatalf("api_tokens row holds the token (%q): %s", f, row)
				}
			}
		}
	}
}
