package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"mos/internal/shared/attachments"
	"mos/internal/tenancy"
)

// tokenPattern matches every API token the server issues (mos_<token id>_<secret>): the
// log of the whole run must hold none, whichever test used it.
var tokenPattern = regexp.MustCompile(`mos_[0-9a-f]{24}_[A-Za-z0-9_-]{20,}`)

// webhookSecretPattern matches every webhook signing secret (whsec_ and the base64 of 32
// bytes): the log must hold none either.
var webhookSecretPattern = regexp.MustCompile(`whsec_[A-Za-z0-9+/]{42}[A-Za-z0-9+/=]{2}`)

// loggedSecrets lists which of secrets (by name) log holds, and whether it holds anything
// shaped like an API token.
func loggedSecrets(log string, secrets map[string]string) []string {
	var found []string
	for name, secret := range secrets {
		if secret != "" && strings.Contains(log, secret) {
			found = append(found, name)
		}
	}
	if m := tokenPattern.FindString(log); m != "" {
		found = append(found, "an API token ("+m[:min(len(m), 12)]+"…)")
	}
	if m := webhookSecretPattern.FindString(log); m != "" {
		found = append(found, "a webhook secret ("+m[:12]+"…)")
	}
	return found
}

// checkRunLog is the check of the whole run's log, after every test: no token of any test
// and not the signing key. The log is kept at debug level, so debug lines count too.
func checkRunLog() error {
	log := serverLog.String()
	if found := loggedSecrets(log, map[string]string{"the signing key": string(testSigningKey)}); len(found) > 0 {
		return fmt.Errorf("the server log of this run holds secrets: %s", strings.Join(found, ", "))
	}
	return nil
}

// TestSecretsAreNeverLogged runs requests carrying every kind of secret (integration and
// user tokens, tokens that fail authentication, signed download URLs good, tampered and
// expired) and greps the server's log for them: the requests are there (by request id),
// the secrets are not.
func TestSecretsAreNeverLogged(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	ctx := context.Background()
	viewer := te.userToken(t, "View Item")
	revoked, err := srv.Tenancy.IssueToken(ctx, tenancy.NewToken{TenantID: te.ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Tenancy.RevokeToken(ctx, revoked.ID); err != nil {
		t.Fatal(err)
	}
	unknown := "mos_" + strings.Repeat("a", 24) + "_" + strings.Repeat("Zq9", 15)
	secrets := map[string]string{
		"the integration token": te.Token,
		"the user token":        viewer,
		"a revoked token":       revoked.Secret,
		"an unknown token":      unknown,
		"a malformed token":     "not-a-token-but-still-secret-7f3a9c",
		"a basic credential":    "dXNlcjpwYXNzd29yZC1zZWNyZXQ=",
		"the signing key":       string(testSigningKey),
	}

	var sent []string
	send := func(method, path, contentType, body string, header http.Header, status int) (rawResponse, []byte) {
		t.Helper()
		id := fmt.Sprintf("secrets-%d-%d", time.Now().UnixNano(), len(sent))
		sent = append(sent, id)
		h := header.Clone()
		if h == nil {
			h = http.Header{}
		}
		h.Set("X-Request-Id", id)
		if contentType != "" {
			h.Set("Content-Type", contentType)
		}
		var r io.Reader
		if body != "" {
			r = strings.NewReader(body)
		}
		res, b := sendRequest(t, method, srv.URL+path, h, r)
		mustStatus(t, res.StatusCode, status, b)
		return res, b
	}

	tag := createTag(t, te, "Secret keeper")
	send(http.MethodGet, "/api/auth/validate", "", "", bearer(te.Token), http.StatusOK)
	send(http.MethodPost, "/api/tags", "application/json", `{"name":"Logged?","style":"primary"}`, bearer(te.Token), http.StatusOK)
	send(http.MethodPost, "/api/tags", "application/json", `{"name":""}`, bearer(te.Token), http.StatusBadRequest)
	send(http.MethodGet, "/api/tags/"+tag, "", "", bearer(viewer), http.StatusOK)
	send(http.MethodPost, "/api/tags", "application/json", `{"name":"Refused","style":"primary"}`, bearer(viewer), http.StatusForbidden)
	for _, token := range []string{revoked.Secret, unknown, secrets["a malformed token"]} {
		send(http.MethodGet, "/api/auth/validate", "", "", bearer(token), http.StatusUnauthorized)
	}
	send(http.MethodGet, "/api/auth/validate", "", "", http.Header{"Authorization": {"Basic " + secrets["a basic credential"]}}, http.StatusUnauthorized)
	// A token in the query string is not how tokens are sent, but must not reach the log either.
	send(http.MethodGet, "/api/auth/validate?access_token="+url.QueryEscape(te.Token), "", "", nil, http.StatusUnauthorized)

	// A large attachment downloads through a signed URL; the URL, a tampered copy and an
	// expired one are fetched without a token.
	itemID := createItem(t, te, newItem("SECRET-1"))
	file := attachToItem(t, te, itemID, "drawing.pdf", uniqueBytes(t, t.Name(), testRedirectAboveBytes+1))
	dl, err := noRedirects(t, te.Token).DownloadAttachmentWithResponse(ctx, file, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, dl.StatusCode(), http.StatusFound, dl.Body)
	location := dl.HTTPResponse.Header.Get("Location")
	u, err := url.Parse(location)
	if err != nil {
		t.Fatal(err)
	}
	signature := u.Query().Get("signature")
	secrets["a signed URL's signature"] = signature
	send(http.MethodGet, location, "", "", nil, http.StatusOK)
	tampered := u.Query()
	tampered.Set("signature", strings.Repeat("0", len(signature)))
	send(http.MethodGet, u.Path+"?"+tampered.Encode(), "", "", nil, http.StatusForbidden)
	expired, err := url.Parse(attachments.SignedContentURL(testSigningKey, te.ID, file, "drawing.pdf", time.Now().Add(-time.Minute)))
	if err != nil {
		t.Fatal(err)
	}
	secrets["an expired URL's signature"] = expired.Query().Get("signature")
	send(http.MethodGet, expired.String(), "", "", nil, http.StatusForbidden)

	// A webhook's secret is answered when it is created and rotated.
	_, created := send(http.MethodPost, "/api/webhooks", "application/json", `{"url":"https://93.184.215.14/hooks"}`, bearer(te.Token), http.StatusOK)
	var hook struct{ ID, Secret string }
	if err := json.Unmarshal(created, &hook); err != nil || !strings.HasPrefix(hook.Secret, "whsec_") {
		t.Fatalf("create webhook answered %s (%v)", created, err)
	}
	secrets["a webhook secret"] = hook.Secret
	_, rotated := send(http.MethodPost, "/api/webhooks/"+hook.ID+"/rotate-secret", "", "", bearer(te.Token), http.StatusOK)
	if err := json.Unmarshal(rotated, &hook); err != nil || secrets["a webhook secret"] == hook.Secret {
		t.Fatalf("rotate answered %s (%v)", rotated, err)
	}
	secrets["a rotated webhook secret"] = hook.Secret

	log := serverLog.String()
	for _, id := range sent {
		if !strings.Contains(log, `"request_id":"`+id+`"`) {
			t.Fatalf("request %s is not in the server log: the log is not captured", id)
		}
	}
	if found := loggedSecrets(log, secrets); len(found) > 0 {
		t.Fatalf("the server log holds %s", strings.Join(found, ", "))
	}
}
