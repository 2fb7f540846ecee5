package tests

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

const (
	refundReasonsListPath = "/api/refund-reason-codes/list"
	refundReasonsPath     = "/api/refund-reason-codes"
	unknownRefundReasonID = "ffffffffffffffffffffff0b"
)

func refundReasonPath(id string) string { return "/api/refund-reason-codes/" + id }

func createRefundReason(t *testing.T, te *tenantEnv, w client.RefundReasonCodeWrite) string {
	t.Helper()
	res, err := te.API.CreateRefundReasonCodeWithResponse(context.Background(), nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return res.JSON200.Id
}

func getRefundReason(t *testing.T, te *tenantEnv, id string) client.RefundReasonCode {
	t.Helper()
	res, err := te.API.GetRefundReasonCodeWithResponse(context.Background(), id, nil)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateRefundReason(t *testing.T, te *tenantEnv, id string, w client.RefundReasonCodeWrite) client.RefundReasonCode {
	t.Helper()
	res, err := te.API.UpdateRefundReasonCodeWithResponse(context.Background(), id, nil, w)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listRefundReasons(t *testing.T, te *tenantEnv, params *client.ListRefundReasonCodesParams, f client.RefundReasonCodeFilter) []client.RefundReasonCode {
	t.Helper()
	res, err := te.API.ListRefundReasonCodesWithResponse(context.Background(), params, f)
	failOnTransportError(t, err)
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func refundReasonNames(list []client.RefundReasonCode) []string {
	out := make([]string, len(list))
	for i, r := range list {
		out[i] = r.Name
	}
	return out
}

// writeRefundReasonBoth sends body as a create and as a full update of id.
func writeRefundReasonBoth(t *testing.T, te *tenantEnv, id, body string) [2]sentAnswer {
	t.Helper()
	return writeBoth(t, te.Token, refundReasonsPath, http.MethodPut, refundReasonPath(id), body)
}

func TestRefundReasonCreateStoresEveryMemberAndReadsThemBack(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "  Damaged in transit  ", Code: ptr(" DMG "), Description: ptr("  Arrived broken  ")})
	got := getRefundReason(t, te, id)
	if got.Id != id || got.Name != "Damaged in transit" || got.Code == nil || *got.Code != "DMG" ||
		got.Description == nil || *got.Description != "Arrived broken" || got.IsArchived {
		t.Fatalf("members: %s", mustJSON(t, got))
	}
	if got.CreatedUtc.IsZero() || got.ModifiedUtc.Before(got.CreatedUtc) {
		t.Fatalf("times: %s", mustJSON(t, got))
	}
	// Omitted and blank code and description are none; isArchived defaults to false.
	got = getRefundReason(t, te, createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Returned unused", Code: ptr("  "), Description: ptr("  ")}))
	if got.Code != nil || got.Description != nil || got.IsArchived {
		t.Fatalf("defaults: %s", mustJSON(t, got))
	}
	res, b := rawRequest(t, http.MethodGet, refundReasonPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.Contains(string(b), `"code":"DMG"`) {
		t.Fatalf("wire shape %s", b)
	}
	res, b = rawRequest(t, http.MethodGet, refundReasonPath(createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "No code"})), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	if !strings.Contains(string(b), `"code":null`) || !strings.Contains(string(b), `"description":null`) {
		t.Fatalf("a missing code and description are not null: %s", b)
	}
}

// refundReasonLookup is refund reason codes for the rules every named lookup shares.
var refundReasonLookup = lookupResource{path: refundReasonsPath, view: "View Sales Order", edit: "Edit Sales Order"}

func TestRefundReasonSharedLookupRules(t *testing.T) {
	t.Parallel()
	lookupSharedRules(t, refundReasonLookup, unknownRefundReasonID)
}

func TestRefundReasonCodeAtMost50(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	for _, code := range []any{strings.Repeat("c", 51), 7} {
		for _, r := range writeRefundReasonBoth(t, te, id, editedBody(t, client.RefundReasonCodeWrite{Name: "Other"}, map[string]any{"code": code})) {
			mustProblemNaming(t, r.res, r.body, "code")
		}
	}
	code := strings.Repeat("c", 50)
	if got := updateRefundReason(t, te, id, client.RefundReasonCodeWrite{Name: "Damaged", Code: &code}); got.Code == nil || *got.Code != code {
		t.Fatalf("a code of 50 characters not stored: %s", mustJSON(t, got))
	}
}

func TestRefundReasonCodeUniqueAmongNonArchivedWhenPresent(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG")})
	second := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Unused", Code: ptr("UNU")})
	res, b := rawRequest(t, http.MethodPost, refundReasonsPath, te.Token, "application/json", `{"name":"Dented","code":" dmg "}`)
	mustProblemNaming(t, res, b, "code")
	res, b = rawRequest(t, http.MethodPut, refundReasonPath(second), te.Token, "application/json", `{"name":"Unused","code":"DMG"}`)
	mustProblemNaming(t, res, b, "code")
	// Many reasons may have no code.
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "No code 1"})
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "No code 2", Code: ptr(" ")})
	// Another tenant's codes are its own.
	createRefundReason(t, other, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG")})
	// Archiving frees the code; restoring the archived one then clashes.
	updateRefundReason(t, te, first, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG"), IsArchived: ptr(true)})
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Dented", Code: ptr("dmg")})
	res, b = rawRequest(t, http.MethodPut, refundReasonPath(first), te.Token, "application/json", `{"name":"Damaged","code":"DMG","isArchived":false}`)
	mustProblemNaming(t, res, b, "code")
}

func TestRefundReasonUpdateResetsAnOmittedCode(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG")})
	if got := updateRefundReason(t, te, id, client.RefundReasonCodeWrite{Name: "Damaged again"}); got.Code != nil {
		t.Fatalf("full update kept the code: %s", mustJSON(t, got))
	}
}

func TestRefundReasonListSortsByCode(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	damaged := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("A")})
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "unused", Code: ptr("C")})
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Late", Code: ptr("B")})
	createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Abandoned", IsArchived: ptr(true)})
	desc := client.SortDirectionDescending
	got := listRefundReasons(t, te, &client.ListRefundReasonCodesParams{SortField: ptr("code"), SortDir: &desc}, client.RefundReasonCodeFilter{IsArchived: ptr(false)})
	if names := refundReasonNames(got); !slices.Equal(names, []string{"unused", "Late", "Damaged"}) || got[2].Id != damaged {
		t.Fatalf("by code descending %v", names)
	}
}
