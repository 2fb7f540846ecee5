package tests

import (
	"fmt"
	"net/http"
	"testing"

	"mos/gen/client"
)

const (
	ncrsPath  = "/api/ncrs"
	capasPath = "/api/capas"
)

func ncrPath(id string) string  { return ncrsPath + "/" + id }
func capaPath(id string) string { return capasPath + "/" + id }

func postNcr(t *testing.T, token string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, ncrsPath, token, "application/json", jobJSON(t, body))
}

// createNcr creates an NCR with the integration token and answers its id.
func createNcr(t *testing.T, te *tenantEnv, body any) string {
	t.Helper()
	res, b := postNcr(t, te.Token, body)
	return createdID(t, res, b)
}

func getNcr(t *testing.T, te *tenantEnv, id string) client.Ncr {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, ncrPath(id), te.Token, "", "")
	return decodeOK[client.Ncr](t, res, b)
}

func listNcrs(t *testing.T, te *tenantEnv, query string, filter any) client.NcrPage {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, ncrsPath+"/list"+query, te.Token, "application/json", jobJSON(t, filter))
	return decodeOK[client.NcrPage](t, res, b)
}

func postCapa(t *testing.T, token string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, capasPath, token, "application/json", jobJSON(t, body))
}

// capaBody is a create body of the type with a problem statement.
func capaBody(capaType, problem string) map[string]any {
	return map[string]any{"capaType": capaType, "problemStatement": problem}
}

// createCapa creates a CAPA with the integration token and answers its id.
func createCapa(t *testing.T, te *tenantEnv, body any) string {
	t.Helper()
	res, b := postCapa(t, te.Token, body)
	return createdID(t, res, b)
}

func getCapa(t *testing.T, te *tenantEnv, id string) client.Capa {
	t.Helper()
	res, b := rawRequest(t, http.MethodGet, capaPath(id), te.Token, "", "")
	return decodeOK[client.Capa](t, res, b)
}

func moveCapa(t *testing.T, token, id, status string) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPost, capaPath(id)+"/status", token, "application/json", fmt.Sprintf(`{"status":%q}`, status))
}

func mustMoveCapa(t *testing.T, te *tenantEnv, id, status string) client.Capa {
	t.Helper()
	res, b := moveCapa(t, te.Token, id, status)
	return decodeOK[client.Capa](t, res, b)
}

func putCapa(t *testing.T, token, id string, body any) (rawResponse, []byte) {
	t.Helper()
	return rawRequest(t, http.MethodPut, capaPath(id), token, "application/json", jobJSON(t, body))
}

func listCapas(t *testing.T, te *tenantEnv, query string, filter any) client.CapaPage {
	t.Helper()
	res, b := rawRequest(t, http.MethodPost, capasPath+"/list"+query, te.Token, "application/json", jobJSON(t, filter))
	return decodeOK[client.CapaPage](t, res, b)
}

// mustCapaIDs fails t unless the page holds exactly want, in any order.
func mustCapaIDs(t *testing.T, what string, page client.CapaPage, want ...string) {
	t.Helper()
	got := map[string]bool{}
	for _, c := range page.Data {
		got[c.Id] = true
	}
	if len(page.Data) != len(want) || page.TotalCount != len(want) {
		t.Fatalf("%s: %d CAPAs (total %d), want %v: %s", what, len(page.Data), page.TotalCount, want, mustJSON(t, page))
	}
	for _, id := range want {
		if !got[id] {
			t.Fatalf("%s: %s missing from %s", what, id, mustJSON(t, page))
		}
	}
}

// mustNcrIDs fails t unless the page holds exactly want, in any order.
func mustNcrIDs(t *testing.T, what string, page client.NcrPage, want ...string) {
	t.Helper()
	got := map[string]bool{}
	for _, n := range page.Data {
		got[n.Id] = true
	}
	if len(page.Data) != len(want) || page.TotalCount != len(want) {
		t.Fatalf("%s: %d NCRs (total %d), want %v: %s", what, len(page.Data), page.TotalCount, want, mustJSON(t, page))
	}
	for _, id := range want {
		if !got[id] {
			t.Fatalf("%s: %s missing from %s", what, id, mustJSON(t, page))
		}
	}
}

// setCreated moves a quality record's creation instant (table ncrs or capas).
func setCreated(t *testing.T, te *tenantEnv, table, id, at string) {
	t.Helper()
	soExec(t, `UPDATE `+table+` SET created_utc = $3 WHERE tenant_id = $1 AND id = $2`, te.ID, id, at)
}

// arrangeQuality: in each tenant NCRs, each impacting a job and an item, and CAPAs raised
// from them (the statement-count walk's records of both).
func arrangeQuality(t *testing.T, small, large *tenantEnv) []readCase {
	build := func(te *tenantEnv, size worldSize) (ncrIDs, capaIDs []string) {
		item := createItem(t, te, newItem("NCR-COUNTED"))
		job := createJobMaking(t, te, item, "1")
		ncrIDs = arrangeEach(size, func(i, _ int) string {
			return createNcr(t, te, map[string]any{"type": "Counted", "detail": fmt.Sprintf("NCR %d", i), "jobId": job, "itemId": item,
				"quantityImpacted": i})
		})
		capaIDs = arrangeEach(size, func(i, _ int) string {
			body := capaBody("correctiveAction", fmt.Sprintf("CAPA %d", i))
			body["ncrId"] = ncrIDs[i]
			return createCapa(t, te, body)
		})
		return ncrIDs, capaIDs
	}
	sn, sc := build(small, smallWorld)
	ln, lc := build(large, largeWorld)
	return []readCase{
		listRead("listNcrs", ncrsPath+"/list", ncrsPath+"/list", `{}`),
		getRead("getNcr", ncrPath(sn[0]), ncrPath(ln[0])),
		listRead("listCapas", capasPath+"/list", capasPath+"/list", `{}`),
		getRead("getCapa", capaPath(sc[0]), capaPath(lc[0])),
	}
}

// ncrsIsolation: tenant A's NCR is none of tenant B's, nor is A's job or item B's to name.
func ncrsIsolation() isolationRow {
	return isolationRow{name: "ncrs", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		item := createItem(t, a, newItem("NCR-ISO"))
		job := createJobMaking(t, a, item, "1")
		id := createNcr(t, a, map[string]any{"type": "Isolated", "detail": "A's", "jobId": job, "itemId": item})
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: ncrPath(id),
			Lists: []isoList{
				{Path: ncrsPath + "/list", Body: `{}`},
				{Path: ncrsPath + "/list", Body: fmt.Sprintf(`{"jobIds":[%q]}`, job)},
			},
			Refused: []isoCall{
				{Method: http.MethodPut, Path: ncrPath(id) + "/custom-fields", Body: `{}`},
				{Method: http.MethodPost, Path: ncrsPath, Body: fmt.Sprintf(`{"type":"x","detail":"x","jobId":%q}`, job), Field: "jobId"},
				{Method: http.MethodPost, Path: ncrsPath, Body: fmt.Sprintf(`{"type":"x","detail":"x","itemId":%q}`, item), Field: "itemId"},
				{Method: http.MethodPost, Path: capasPath, Body: fmt.Sprintf(`{"capaType":"correctiveAction","problemStatement":"x","ncrId":%q}`, id),
					Field: "ncrId"},
			},
		}
	}}
}

// capasIsolation: tenant A's CAPA is none of tenant B's.
func capasIsolation() isolationRow {
	return isolationRow{name: "capas", arrange: func(t *testing.T, a, b *tenantEnv) isolated {
		ncr := createNcr(t, a, map[string]any{"type": "Isolated", "detail": "A's"})
		body := capaBody("correctiveAction", "A's")
		body["ncrId"] = ncr
		id := createCapa(t, a, body)
		return isolated{
			ID: fmt.Sprintf(`"id":%q`, id), Get: capaPath(id),
			Put: &isoCall{Method: http.MethodPut, Body: `{"capaType":"safetyIssue","problemStatement":"B's","dueDate":"2027-01-01T00:00:00Z"}`},
			Lists: []isoList{
				{Path: capasPath + "/list", Body: `{}`},
				{Path: capasPath + "/list", Body: fmt.Sprintf(`{"ncrId":%q}`, ncr)},
			},
			Refused: []isoCall{
				{Method: http.MethodPost, Path: capaPath(id) + "/status", Body: `{"status":"Hold"}`},
				{Method: http.MethodPut, Path: capaPath(id) + "/custom-fields", Body: `{}`},
			},
		}
	}}
}
