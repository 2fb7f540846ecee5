package tests

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Conditional requests: requests carrying If-Match or If-None-Match, and the ETags records
// answer.

// conditionally sends method path as te with the extra headers in h (If-Match,
// If-None-Match); a body is JSON Patch for PATCH and JSON otherwise. Spec-checked.
func conditionally(t *testing.T, te *tenantEnv, method, path, body string, h http.Header) (rawResponse, []byte) {
	t.Helper()
	header := mergeHeaders(bearer(te.Token), h)
	var r io.Reader
	if body != "" {
		ct := "application/json"
		if method == http.MethodPatch {
			ct = "application/json-patch+json"
		}
		header.Set("Content-Type", ct)
		r = strings.NewReader(body)
	}
	return sendRequest(t, method, srv.URL+path, header, r)
}

func ifMatch(tags ...string) http.Header { return http.Header{"If-Match": tags} }

func ifNoneMatch(tags ...string) http.Header { return http.Header{"If-None-Match": tags} }

// strongETag is an ETag as records answer them: a quoted opaque tag, not weak.
var strongETag = regexp.MustCompile(`^"[0-9]+(-[0-9a-f]{16})?"$`)

// etagOf reads the record at path and answers its ETag and body, failing t unless the
// answer is 200 with a strong ETag that only the client may keep, after revalidating it.
func etagOf(t *testing.T, te *tenantEnv, path string) (string, []byte) {
	t.Helper()
	res, body := conditionally(t, te, http.MethodGet, path, "", nil)
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	tag := res.Header.Get("ETag")
	if !strongETag.MatchString(tag) {
		t.Fatalf("GET %s answered ETag %q, want a strong quoted tag", path, tag)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, no-cache" {
		t.Fatalf("GET %s answered Cache-Control %q, want private, no-cache", path, cc)
	}
	return tag, body
}

// advanceVersion updates the record's row in SQL without changing anything else, as any
// code writing it might: the database advances its version, so its ETag must move. id ""
// is the tenant's one record of the table.
func advanceVersion(t *testing.T, te *tenantEnv, table, id string) {
	t.Helper()
	advanceVersionKeyed(t, te, table, "id", id)
}

// advanceVersionKeyed is advanceVersion for a row keyed by column (beside tenant_id).
func advanceVersionKeyed(t *testing.T, te *tenantEnv, table, column, id string) {
	t.Helper()
	query, args := `UPDATE `+table+` SET version = version WHERE tenant_id = $1`, []any{te.ID}
	if id != "" {
		query += ` AND ` + column + ` = $2`
		args = append(args, id)
	}
	res, err := srv.Pool.ExecContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%s: updated %d rows, want 1", query, n)
	}
}

// etagMoves fails t unless the ETag of the record at path differs from before after change.
func etagMoves(t *testing.T, te *tenantEnv, path, what string, change func()) {
	t.Helper()
	before, _ := etagOf(t, te, path)
	change()
	if after, _ := etagOf(t, te, path); after == before {
		t.Errorf("%s: the ETag of %s stayed %s", what, path, before)
	}
}
