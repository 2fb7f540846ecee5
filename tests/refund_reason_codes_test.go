package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mos/gen/client"
)

const (
	refundReasonsPath     = "/api/refund-reason-codes"
	refundReasonsListPath = "/api/refund-reason-codes/list"
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

func TestRefundReasonNameRequiredTrimmedOneTo200(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	for _, name := range []any{"", "   ", strings.Repeat("n", 201), nil, 7} {
		for _, r := range writeRefundReasonBoth(t, te, id, editedBody(t, client.RefundReasonCodeWrite{}, map[string]any{"name": name})) {
			mustProblemNaming(t, r.res, r.body, "name")
		}
	}
	long := strings.Repeat("é", 200)
	if got := getRefundReason(t, te, createRefundReason(t, te, client.RefundReasonCodeWrite{Name: long})); got.Name != long {
		t.Fatalf("name of 200 characters stored as %q", got.Name)
	}
}

func TestRefundReasonCodeAndDescriptionLimits(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	for _, code := range []any{strings.Repeat("c", 51), 7} {
		for _, r := range writeRefundReasonBoth(t, te, id, editedBody(t, client.RefundReasonCodeWrite{Name: "Other"}, map[string]any{"code": code})) {
			mustProblemNaming(t, r.res, r.body, "code")
		}
	}
	for _, r := range writeRefundReasonBoth(t, te, id, editedBody(t, client.RefundReasonCodeWrite{Name: "Other"}, map[string]any{"description": strings.Repeat("d", 201)})) {
		mustProblemNaming(t, r.res, r.body, "description")
	}
	code, long := strings.Repeat("c", 50), strings.Repeat("d", 200)
	got := updateRefundReason(t, te, id, client.RefundReasonCodeWrite{Name: "Damaged", Code: &code, Description: &long})
	if got.Code == nil || *got.Code != code || got.Description == nil || *got.Description != long {
		t.Fatalf("a code of 50 and a description of 200 characters not stored: %s", mustJSON(t, got))
	}
}

func TestRefundReasonNameUniqueAmongNonArchivedCaseInsensitively(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	first := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	second := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Unused"})
	res, b := rawRequest(t, http.MethodPost, refundReasonsPath, te.Token, "application/json", `{"name":"  dAMAGED "}`)
	mustProblemNaming(t, res, b, "name")
	res, b = rawRequest(t, http.MethodPut, refundReasonPath(second), te.Token, "application/json", `{"name":"DAMAGED"}`)
	mustProblemNaming(t, res, b, "name")
	// Updating a reason under its own name (in another case) is no clash.
	if got := updateRefundReason(t, te, first, client.RefundReasonCodeWrite{Name: "damaged"}); got.Name != "damaged" {
		t.Fatalf("renamed to %q", got.Name)
	}
	// Another tenant's names are its own.
	createRefundReason(t, other, client.RefundReasonCodeWrite{Name: "Damaged"})
	// Archiving frees the name; restoring the archived one then clashes.
	updateRefundReason(t, te, first, client.RefundReasonCodeWrite{Name: "damaged", IsArchived: ptr(true)})
	third := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	res, b = rawRequest(t, http.MethodPut, refundReasonPath(first), te.Token, "application/json", `{"name":"damaged","isArchived":false}`)
	mustProblemNaming(t, res, b, "name")
	// Two archived reasons may share a name.
	if got := updateRefundReason(t, te, third, client.RefundReasonCodeWrite{Name: "Damaged", IsArchived: ptr(true)}); !got.IsArchived {
		t.Fatalf("not archived: %s", mustJSON(t, got))
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

func TestRefundReasonNameUniqueUnderConcurrentCreates(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := atOnce(t, n, func(i int) (int, error) {
		res, err := te.API.CreateRefundReasonCodeWithResponse(context.Background(), nil, client.RefundReasonCodeWrite{Name: fmt.Sprintf("Damaged%s", strings.Repeat(" ", i%2))})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != 1 || counts[http.StatusBadRequest] != n-1 {
		t.Fatalf("statuses %v, want one 200 and %d 400", counts, n-1)
	}
	if got := listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{}); len(got) != 1 {
		t.Fatalf("stored %s", mustJSON(t, got))
	}
}

func TestRefundReasonUpdateReplacesEveryMember(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("DMG"), Description: ptr("x"), IsArchived: ptr(true)})
	got := updateRefundReason(t, te, id, client.RefundReasonCodeWrite{Name: "Damaged again"})
	if got.Name != "Damaged again" || got.Code != nil || got.Description != nil || got.IsArchived {
		t.Fatalf("full update kept members: %s", mustJSON(t, got))
	}
	if again := getRefundReason(t, te, id); mustJSON(t, again) != mustJSON(t, got) {
		t.Fatalf("update answered %s, get reads %s", mustJSON(t, got), mustJSON(t, again))
	}
	res, b := rawRequest(t, http.MethodPut, refundReasonPath(unknownRefundReasonID), te.Token, "application/json", `{"name":"X"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodGet, refundReasonPath(unknownRefundReasonID), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestRefundReasonListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	damaged := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged", Code: ptr("A")})
	unused := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "unused", Code: ptr("C")})
	late := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Late", Code: ptr("B")})
	old := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Abandoned", IsArchived: ptr(true)})

	if got := refundReasonNames(listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{})); !slices.Equal(got, []string{"Abandoned", "Damaged", "Late", "unused"}) {
		t.Fatalf("default list %v, want every reason by name (case-insensitive)", got)
	}
	if got := refundReasonNames(listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{IsArchived: ptr(false)})); !slices.Equal(got, []string{"Damaged", "Late", "unused"}) {
		t.Fatalf("isArchived false %v", got)
	}
	if got := refundReasonNames(listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{IsArchived: ptr(true)})); !slices.Equal(got, []string{"Abandoned"}) {
		t.Fatalf("isArchived true %v", got)
	}
	if got := refundReasonNames(listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{Name: ptr("AMAG")})); !slices.Equal(got, []string{"Damaged"}) {
		t.Fatalf("name filter %v", got)
	}
	if got := refundReasonNames(listRefundReasons(t, te, nil, client.RefundReasonCodeFilter{Ids: &[]string{late, old, unused}, IsArchived: ptr(false)})); !slices.Equal(got, []string{"Late", "unused"}) {
		t.Fatalf("ids filter %v", got)
	}
	desc := client.SortDirectionDescending
	got := listRefundReasons(t, te, &client.ListRefundReasonCodesParams{SortField: ptr("code"), SortDir: &desc}, client.RefundReasonCodeFilter{IsArchived: ptr(false)})
	if names := refundReasonNames(got); !slices.Equal(names, []string{"unused", "Late", "Damaged"}) || got[2].Id != damaged {
		t.Fatalf("by code descending %v", names)
	}
	got = listRefundReasons(t, te, &client.ListRefundReasonCodesParams{Skip: ptr(client.Skip(1)), Take: ptr(client.Take(2))}, client.RefundReasonCodeFilter{})
	if names := refundReasonNames(got); !slices.Equal(names, []string{"Damaged", "Late"}) {
		t.Fatalf("skip 1 take 2 %v", names)
	}
	res, b := rawRequest(t, http.MethodPost, refundReasonsListPath+"?Sort.Field=description", te.Token, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusBadRequest)
}

func TestRefundReasonPermissionsAreViewSalesOrderAndEditSalesOrder(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createRefundReason(t, te, client.RefundReasonCodeWrite{Name: "Damaged"})
	viewer, editor := te.userToken(t, "View Sales Order"), te.userToken(t, "Edit Sales Order")
	none := te.userToken(t)
	reads := []struct{ method, path, body string }{
		{http.MethodGet, refundReasonPath(id), ""},
		{http.MethodPost, refundReasonsListPath, "{}"},
	}
	writes := []struct{ method, path, body string }{
		{http.MethodPost, refundReasonsPath, `{"name":"Unused"}`},
		{http.MethodPut, refundReasonPath(id), `{"name":"Damaged"}`},
	}
	for _, c := range reads {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
		res, b = rawRequest(t, c.method, c.path, none, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
	}
	for _, c := range writes {
		res, b := rawRequest(t, c.method, c.path, viewer, "application/json", c.body)
		mustProblem(t, res, b, http.StatusForbidden)
		res, b = rawRequest(t, c.method, c.path, editor, "application/json", c.body)
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	}
}
