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
