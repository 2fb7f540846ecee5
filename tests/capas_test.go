package tests

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mos/gen/client"
)

// A CAPA starts New, numbered per tenant, with no NCR, no corrective action and no closedUtc;
// its due date is one calendar month after its creation unless sent.
func TestCapaCreateStartsNewWithDueDateOneMonthAfterCreation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	c := getCapa(t, te, createCapa(t, te, map[string]any{"capaType": "correctiveAction", "problemStatement": " Bores oversize ",
		"rootCauseAnalysis": "Worn tool"}))
	if c.Status != client.CapaStatusNew || c.Number != 1 || c.CapaType != client.CapaTypeCorrectiveAction ||
		c.ProblemStatement != "Bores oversize" || c.RootCauseAnalysis == nil || *c.RootCauseAnalysis != "Worn tool" ||
		c.NcrId != nil || c.CorrectiveAction != nil || c.ClosedUtc != nil || len(c.CustomFields) != 0 {
		t.Fatalf("created CAPA: %s", mustJSON(t, c))
	}
	if want := c.CreatedUtc.AddDate(0, 1, 0); !c.DueDate.Equal(want) {
		t.Fatalf("dueDate %s, want one month after createdUtc %s (%s)", c.DueDate, c.CreatedUtc, want)
	}
	due := "2027-01-15T09:30:00Z"
	sent := getCapa(t, te, createCapa(t, te, map[string]any{"capaType": "safetyIssue", "problemStatement": "Guard missing", "dueDate": due}))
	if sent.Number != 2 || sent.DueDate.Format(time.RFC3339) != due || sent.RootCauseAnalysis != nil {
		t.Fatalf("CAPA with a due date: %s", mustJSON(t, sent))
	}
}

// capaType is one of the four types; problemStatement is required; the texts are 1 to 2000
// characters.
func TestCapaCreateValidatesTypeAndTexts(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	for _, c := range []struct {
		field string
		body  map[string]any
	}{
		{"capaType", map[string]any{"capaType": "qualityIssue", "problemStatement": "x"}},
		{"capaType", map[string]any{"problemStatement": "x"}},
		{"problemStatement", map[string]any{"capaType": "preventiveAction"}},
		{"problemStatement", map[string]any{"capaType": "preventiveAction", "problemStatement": "   "}},
		{"problemStatement", map[string]any{"capaType": "preventiveAction", "problemStatement": strings.Repeat("p", 2001)}},
		{"rootCauseAnalysis", map[string]any{"capaType": "preventiveAction", "problemStatement": "x", "rootCauseAnalysis": strings.Repeat("r", 2001)}},
	} {
		res, b := postCapa(t, te.Token, c.body)
		mustProblemNaming(t, res, b, c.field)
	}
	for _, typ := range []string{"correctiveAction", "preventiveAction", "supplierIssue", "safetyIssue"} {
		if got := getCapa(t, te, createCapa(t, te, capaBody(typ, strings.Repeat("p", 2000)))).CapaType; string(got) != typ {
			t.Fatalf("capaType %s stored as %s", typ, got)
		}
	}
}

// A CAPA can be raised from an NCR (ncrId); an unknown NCR or another tenant's is a 404
// naming ncrId.
func TestCapaRaisedFromAnNcrNamesIt(t *testing.T) {
	t.Parallel()
	te, other := newTenant(t), newTenant(t)
	ncr := createNcr(t, te, map[string]any{"type": "x", "detail": "x"})
	body := capaBody("correctiveAction", "From an NCR")
	body["ncrId"] = ncr
	if got := getCapa(t, te, createCapa(t, te, body)); got.NcrId == nil || *got.NcrId != ncr {
		t.Fatalf("CAPA raised from %s: %s", ncr, mustJSON(t, got))
	}
	res, b := postCapa(t, other.Token, body)
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "ncrId")
	body["ncrId"] = "000000000000000000000009"
	res, b = postCapa(t, te.Token, body)
	mustNameField(t, mustProblem(t, res, b, http.StatusNotFound), "ncrId")
	res, b = rawRequest(t, http.MethodGet, capaPath("000000000000000000000009"), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

// capaAt creates a CAPA and moves it to status along the table: Closed through Quality Review.
func capaAt(t *testing.T, te *tenantEnv, status client.CapaStatus) string {
	t.Helper()
	id := createCapa(t, te, capaBody("correctiveAction", "Move "+string(status)))
	switch status {
	case client.CapaStatusNew:
	case client.CapaStatusClosed:
		mustMoveCapa(t, te, id, string(client.CapaStatusQualityReview))
		mustMoveCapa(t, te, id, string(client.CapaStatusClosed))
	default:
		mustMoveCapa(t, te, id, string(status))
	}
	return id
}

// Every move of the published table, allowed and refused: an allowed move answers the CAPA
// in its new status (closedUtc set exactly while Closed), the current status is a no-op, any
// other move a 400 naming status that changes nothing.
func TestCapaStatusMovesFollowTheTransitionTable(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	n, h, q, e, c := client.CapaStatusNew, client.CapaStatusHold, client.CapaStatusQualityReview, client.CapaStatusEngineeringReview, client.CapaStatusClosed
	all := []client.CapaStatus{n, h, q, e, c}
	allowed := map[client.CapaStatus][]client.CapaStatus{
		n: {h, q, e},
		h: {n, q, e},
		q: {h, e, c},
		e: {h, q, c},
		c: {q},
	}
	for _, from := range all {
		for _, to := range all {
			id := capaAt(t, te, from)
			before := getCapa(t, te, id)
			res, b := moveCapa(t, te.Token, id, string(to))
			switch {
			case from == to:
				got := decodeOK[client.Capa](t, res, b)
				if got.Status != from || got.ModifiedUtc != before.ModifiedUtc {
					t.Fatalf("%s → %s is a no-op, got %s", from, to, mustJSON(t, got))
				}
			case slices.Contains(allowed[from], to):
				got := decodeOK[client.Capa](t, res, b)
				if got.Status != to || (to == c) != (got.ClosedUtc != nil) {
					t.Fatalf("%s → %s answered %s", from, to, mustJSON(t, got))
				}
			default:
				mustProblemNaming(t, res, b, "status")
				if got := getCapa(t, te, id); got.Status != from {
					t.Fatalf("refused %s → %s left the CAPA %s", from, to, got.Status)
				}
			}
		}
	}
	res, b := moveCapa(t, te.Token, capaAt(t, te, n), "Open")
	mustProblemNaming(t, res, b, "status")
}

// Closing stamps closedUtc with the move's instant; reopening clears it.
func TestCapaClosedUtcIsStampedOnCloseAndClearedOnReopen(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := capaAt(t, te, client.CapaStatusQualityReview)
	before := time.Now().Add(-time.Minute)
	closed := mustMoveCapa(t, te, id, "Closed")
	if closed.ClosedUtc == nil || closed.ClosedUtc.Before(before) || closed.ClosedUtc.After(time.Now().Add(time.Minute)) {
		t.Fatalf("closed CAPA: %s", mustJSON(t, closed))
	}
	if reopened := mustMoveCapa(t, te, id, "Quality Review"); reopened.ClosedUtc != nil {
		t.Fatalf("reopened CAPA keeps closedUtc: %s", mustJSON(t, reopened))
	}
}

// PUT replaces the editable members (status, ncrId and number kept), honours If-Match, and a
// Closed CAPA is read-only.
func TestCapaUpdateReplacesEditableMembersUnderIfMatch(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("owner", client.CustomFieldModuleCapa))
	ncr := createNcr(t, te, map[string]any{"type": "x", "detail": "x"})
	body := capaBody("correctiveAction", "Before")
	body["ncrId"] = ncr
	body["customFields"] = map[string]any{"owner": "Ann"}
	id := createCapa(t, te, body)
	res, b := rawRequest(t, http.MethodGet, capaPath(id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	etag := res.Header.Get("ETag")
	update := map[string]any{"capaType": "supplierIssue", "problemStatement": "After", "rootCauseAnalysis": "Supplier lot",
		"correctiveAction": "Inspect incoming lots", "dueDate": "2027-02-01T00:00:00Z", "customFields": map[string]any{"owner": "Bo"}}
	h := bearer(te.Token)
	h.Set("If-Match", etag)
	h.Set("Content-Type", "application/json")
	res, b = sendRequest(t, http.MethodPut, srv.URL+capaPath(id), h, strings.NewReader(jobJSON(t, update)))
	got := decodeOK[client.Capa](t, res, b)
	if got.CapaType != client.CapaTypeSupplierIssue || got.ProblemStatement != "After" || got.RootCauseAnalysis == nil ||
		got.CorrectiveAction == nil || *got.CorrectiveAction != "Inspect incoming lots" || got.DueDate.Format(time.DateOnly) != "2027-02-01" ||
		got.CustomFields["owner"] != "Bo" || got.NcrId == nil || *got.NcrId != ncr || got.Status != client.CapaStatusNew || got.Number != 1 {
		t.Fatalf("updated CAPA: %s", mustJSON(t, got))
	}
	if res.Header.Get("ETag") == "" || res.Header.Get("ETag") == etag {
		t.Fatalf("update answered ETag %q (was %q)", res.Header.Get("ETag"), etag)
	}
	res, b = sendRequest(t, http.MethodPut, srv.URL+capaPath(id), h, strings.NewReader(jobJSON(t, update)))
	mustProblem(t, res, b, http.StatusPreconditionFailed)
	delete(update, "customFields")
	delete(update, "correctiveAction")
	res, b = putCapa(t, te.Token, id, update)
	if got := decodeOK[client.Capa](t, res, b); got.CorrectiveAction != nil || len(got.CustomFields) != 0 {
		t.Fatalf("a full update without correctiveAction and customFields keeps them: %s", mustJSON(t, got))
	}
	res, b = putCapa(t, te.Token, id, map[string]any{"capaType": "supplierIssue", "problemStatement": "x"})
	mustProblemNaming(t, res, b, "dueDate")
	update["customFields"] = map[string]any{"colour": "red"}
	res, b = putCapa(t, te.Token, id, update)
	mustProblemNaming(t, res, b, "customFields.colour")
	delete(update, "customFields")
	mustMoveCapa(t, te, id, "Quality Review")
	mustMoveCapa(t, te, id, "Closed")
	res, b = putCapa(t, te.Token, id, update)
	mustProblemNaming(t, res, b, "status")
	res, b = putCapa(t, te.Token, "000000000000000000000009", update)
	mustProblem(t, res, b, http.StatusNotFound)
}

// PUT .../custom-fields replaces the values, validated against module capa.
func TestCapaCustomFieldsAreValidatedAgainstModuleCapa(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	createCustomField(t, te, textField("owner", client.CustomFieldModuleCapa))
	createCustomField(t, te, textField("lot", client.CustomFieldModuleNcr))
	body := capaBody("correctiveAction", "x")
	body["customFields"] = map[string]any{"lot": "L1"}
	res, b := postCapa(t, te.Token, body)
	mustProblemNaming(t, res, b, "customFields.lot")
	id := createCapa(t, te, capaBody("correctiveAction", "x"))
	res, b = rawRequest(t, http.MethodPut, capaPath(id)+"/custom-fields", te.Token, "application/json", `{"owner":"Ann"}`)
	if got := decodeOK[client.Capa](t, res, b).CustomFields; got["owner"] != "Ann" {
		t.Fatalf("custom fields %v", got)
	}
	res, b = rawRequest(t, http.MethodPut, capaPath(id)+"/custom-fields", te.Token, "application/json", `{"lot":"L1"}`)
	mustProblemNaming(t, res, b, "customFields.lot")
}

// The list filters by status, type and ncrId, by createdUtc (on or after the instant) and by
// whole shop-timezone days; createdUtc and the day pair apply together, each excluding a
// record the other lets through.
func TestCapaListFiltersCombineCreatedUtcWithShopDays(t *testing.T) {
	t.Parallel()
	te := newTenant(t, "America/Chicago")
	ncr := createNcr(t, te, map[string]any{"type": "x", "detail": "x"})
	a := createCapa(t, te, capaBody("correctiveAction", "a"))
	fromNcr := capaBody("supplierIssue", "b")
	fromNcr["ncrId"] = ncr
	b := createCapa(t, te, fromNcr)
	c := createCapa(t, te, capaBody("supplierIssue", "c"))
	d := createCapa(t, te, capaBody("safetyIssue", "d"))
	// Chicago is UTC-6 in November: the shop days are 9th (a), 10th (b, c) and 11th (d).
	setCreated(t, te, "capas", a, "2026-11-10T05:00:00Z")
	setCreated(t, te, "capas", b, "2026-11-10T08:00:00Z")
	setCreated(t, te, "capas", c, "2026-11-10T20:00:00Z")
	setCreated(t, te, "capas", d, "2026-11-11T12:00:00Z")
	mustMoveCapa(t, te, c, "Hold")

	page := listCapas(t, te, "", map[string]any{})
	if len(page.Data) != 4 || page.Data[0].Id != d || page.Data[3].Id != a {
		t.Fatalf("default order (newest first): %s", mustJSON(t, page))
	}
	mustCapaIDs(t, "status", listCapas(t, te, "", map[string]any{"status": "Hold"}), c)
	mustCapaIDs(t, "type", listCapas(t, te, "", map[string]any{"type": "supplierIssue"}), b, c)
	mustCapaIDs(t, "ncrId", listCapas(t, te, "", map[string]any{"ncrId": ncr}), b)
	mustCapaIDs(t, "createdUtc on or after", listCapas(t, te, "", map[string]any{"createdUtc": "2026-11-10T08:00:00Z"}), b, c, d)
	mustCapaIDs(t, "shop days 9th to 10th", listCapas(t, te, "", map[string]any{"createdFrom": "2026-11-09", "createdTo": "2026-11-10"}), a, b, c)
	// Both apply: createdUtc excludes a (the 9th), the day pair excludes d (the 11th).
	mustCapaIDs(t, "createdUtc with the day pair", listCapas(t, te, "", map[string]any{"createdUtc": "2026-11-10T06:00:00Z",
		"createdFrom": "2026-11-09T18:00:00Z", "createdTo": "2026-11-10T23:00:00-06:00"}), b, c)
	mustCapaIDs(t, "all together", listCapas(t, te, "", map[string]any{"createdUtc": "2026-11-10T06:00:00Z", "createdTo": "2026-11-10",
		"type": "supplierIssue", "status": "New"}), b)
	two := listCapas(t, te, "?Take=2&Sort.Field=dueDate", map[string]any{})
	if len(two.Data) != 2 || two.TotalCount != 4 || !two.HasNextPage {
		t.Fatalf("first page of two: %s", mustJSON(t, two))
	}
	res, body := rawRequest(t, http.MethodPost, capasPath+"/list", te.Token, "application/json", `{"createdUtc":"yesterday"}`)
	mustProblemNaming(t, res, body, "createdUtc")
	res, body = rawRequest(t, http.MethodPost, capasPath+"/list", te.Token, "application/json", `{"createdTo":"2100-01-01"}`)
	mustProblemNaming(t, res, body, "createdTo")
}

// A user token needs Edit CAPA to write and View CAPA to read.
func TestCapaPermissionsEditCapaAndViewCapa(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCapa(t, te, capaBody("correctiveAction", "x"))
	viewer, editor := te.userToken(t, "View CAPA"), te.userToken(t, "Edit CAPA")
	res, b := postCapa(t, viewer, capaBody("correctiveAction", "x"))
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = moveCapa(t, viewer, id, "Hold")
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = putCapa(t, viewer, id, map[string]any{"capaType": "correctiveAction", "problemStatement": "x", "dueDate": "2027-01-01T00:00:00Z"})
	mustProblem(t, res, b, http.StatusForbidden)
	res, b = rawRequest(t, http.MethodGet, capaPath(id), viewer, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = postCapa(t, editor, capaBody("correctiveAction", "x"))
	createdID(t, res, b)
	res, b = moveCapa(t, editor, id, "Hold")
	mustStatus(t, res.StatusCode, http.StatusOK, b)
	res, b = rawRequest(t, http.MethodPost, capasPath+"/list", editor, "application/json", `{}`)
	mustProblem(t, res, b, http.StatusForbidden)
}

// Concurrent creates take the numbers 1 to n; concurrent moves of one CAPA serialise.
func TestCapaNumbersAndMovesHoldUnderConcurrency(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 8
	counts := concurrently(t, n, func() (int, error) {
		res, err := te.API.CreateCapaWithResponse(context.Background(), nil, client.CapaCreate{CapaType: client.CapaTypePreventiveAction, ProblemStatement: "concurrent"})
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if counts[http.StatusOK] != n {
		t.Fatalf("statuses %v", counts)
	}
	var numbers []int64
	for _, r := range listCapas(t, te, "?Take=100", map[string]any{}).Data {
		numbers = append(numbers, r.Number)
	}
	slices.Sort(numbers)
	if fmt.Sprint(numbers) != "[1 2 3 4 5 6 7 8]" {
		t.Fatalf("numbers %v", numbers)
	}
	// From Quality Review, one request closes and the other moves to Engineering Review: the
	// second to run sees the first's status, so Closed → Engineering Review is refused or
	// Engineering Review → Closed is allowed; either way the CAPA ends in a state of the table.
	id := capaAt(t, te, client.CapaStatusQualityReview)
	var closeStatus, reviewStatus int
	together(t,
		statusInto(&closeStatus, func() (statusCoder, error) {
			return te.API.UpdateCapaStatusWithResponse(context.Background(), id, nil, client.CapaStatusUpdate{Status: client.CapaStatusClosed})
		}),
		statusInto(&reviewStatus, func() (statusCoder, error) {
			return te.API.UpdateCapaStatusWithResponse(context.Background(), id, nil, client.CapaStatusUpdate{Status: client.CapaStatusEngineeringReview})
		}),
	)
	got := getCapa(t, te, id)
	switch {
	case closeStatus == http.StatusOK && reviewStatus == http.StatusOK:
		if got.Status != client.CapaStatusClosed || got.ClosedUtc == nil {
			t.Fatalf("both moves answered 200 but the CAPA is %s", mustJSON(t, got))
		}
	case closeStatus == http.StatusOK && reviewStatus == http.StatusBadRequest:
		if got.Status != client.CapaStatusClosed || got.ClosedUtc == nil {
			t.Fatalf("close won but the CAPA is %s", mustJSON(t, got))
		}
	default:
		t.Fatalf("close %d, review %d: %s", closeStatus, reviewStatus, mustJSON(t, got))
	}
}
