package tests

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"mos/gen/client"
)

func getCompany(t *testing.T, te *tenantEnv, id string) client.CompanyInfo {
	t.Helper()
	res, err := te.API.GetCompanyWithResponse(context.Background(), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listCompanies(t *testing.T, te *tenantEnv, params *client.ListCompaniesParams, f client.CompanyFilter) []client.CompanyInfo {
	t.Helper()
	res, err := te.API.ListCompaniesWithResponse(context.Background(), params, f)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

// patchCompany sends a JSON Patch document as written and returns the status and body.
func patchCompany(t *testing.T, te *tenantEnv, id, doc string) (int, []byte) {
	t.Helper()
	res, body := rawRequest(t, http.MethodPatch, "/api/companies/"+id, te.Token, "application/json-patch+json", doc)
	return res.StatusCode, body
}

// primaryIDs lists the ids of the tenant's primary companies.
func primaryCompanyIDs(t *testing.T, te *tenantEnv) []string {
	t.Helper()
	var out []string
	for _, c := range listCompanies(t, te, nil, client.CompanyFilter{IsPrimary: ptr(true)}) {
		out = append(out, c.Id)
	}
	return out
}

func companyIDs(cs []client.CompanyInfo) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Id
	}
	return out
}

func TestCompanyCreateTrimsAndStoresBlankAsNoValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCompany(t, te, client.CompanyInfoWrite{
		Name:        "  Acme Machining  ",
		IsPrimary:   ptr(true),
		PhoneNumber: ptr(" +1 555 0100 "),
		FaxNumber:   ptr("   "),
		Email:       ptr(" office@acme.example "),
		ShipToAddress: &client.Address{
			Name: ptr("Acme Dock"), Address1: ptr("1 Mill Rd"), City: ptr(" Dayton "), StateProvince: ptr("OH"),
			PostalCode: ptr("45402"), Country: ptr("US"), Address2: ptr(""), Email: ptr("dock@acme.example"),
		},
	})
	if len(id) != 24 {
		t.Fatalf("id %q is not 24 characters", id)
	}
	c := getCompany(t, te, id)
	want := client.CompanyInfo{
		Id: id, IsPrimary: true, Name: "Acme Machining", PhoneNumber: ptr("+1 555 0100"), Email: ptr("office@acme.example"),
		ShipToAddress: client.Address{
			Name: ptr("Acme Dock"), Address1: ptr("1 Mill Rd"), City: ptr("Dayton"), StateProvince: ptr("OH"),
			PostalCode: ptr("45402"), Country: ptr("US"), Email: ptr("dock@acme.example"),
		},
	}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("stored company\n got %s\nwant %s", mustJSON(t, c), mustJSON(t, want))
	}

	// The read shape carries every member, null when no value is held.
	res, body := rawRequest(t, http.MethodGet, "/api/companies/"+id, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	remit, ok := raw["remitToAddress"].(map[string]any)
	if !ok || len(remit) != 10 || remit["city"] != nil {
		t.Fatalf("remitToAddress should hold the ten members as null: %s", body)
	}
	if v, present := raw["faxNumber"]; !present || v != nil {
		t.Fatalf("faxNumber should be present and null: %s", body)
	}
}

func TestCompanyWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCompany(t, te, client.CompanyInfoWrite{Name: "Valid"})
	long := strings.Repeat("x", 201)
	cases := []struct {
		name, body, field string
	}{
		{"missing name", `{}`, "name"},
		{"empty name", `{"name":""}`, "name"},
		{"blank name after trimming", `{"name":"   "}`, "name"},
		{"name over 200", `{"name":"` + long + `"}`, "name"},
		{"name not a string", `{"name":5}`, "name"},
		{"isPrimary not a boolean", `{"name":"A","isPrimary":"yes"}`, "isPrimary"},
		{"phone over 200", `{"name":"A","phoneNumber":"` + long + `"}`, "phoneNumber"},
		{"address member over 200", `{"name":"A","shipToAddress":{"city":"` + long + `"}}`, "shipToAddress.city"},
		{"email without @", `{"name":"A","email":"office.acme.example"}`, "email"},
		{"email with two @", `{"name":"A","email":"a@b@acme.example"}`, "email"},
		{"email with a space", `{"name":"A","email":"office @acme.example"}`, "email"},
		{"email list", `{"name":"A","email":"a@acme.example, b@acme.example"}`, "email"},
		{"email without local part", `{"name":"A","email":"@acme.example"}`, "email"},
		{"email without domain", `{"name":"A","email":"office@"}`, "email"},
		{"ship-to email", `{"name":"A","shipToAddress":{"email":"dock"}}`, "shipToAddress.email"},
		{"remit-to email", `{"name":"A","remitToAddress":{"email":"a b@acme.example"}}`, "remitToAddress.email"},
		{"address not an object", `{"name":"A","shipToAddress":"1 Mill Rd"}`, "shipToAddress"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, req := range []struct{ method, path string }{
				{http.MethodPost, "/api/companies"},
				{http.MethodPut, "/api/companies/" + id},
			} {
				res, body := rawRequest(t, req.method, req.path, te.Token, "application/json", c.body)
				mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
				if !strings.Contains(string(body), `"`+c.field+`"`) {
					t.Fatalf("%s: problem does not name %s: %s", req.method, c.field, body)
				}
			}
		})
	}
	if got := getCompany(t, te, id); got.Name != "Valid" {
		t.Fatalf("a refused update changed the company: %+v", got)
	}
	if n := len(listCompanies(t, te, nil, client.CompanyFilter{})); n != 1 {
		t.Fatalf("refused creates stored companies: %d in the list, want 1", n)
	}
	// The bounds themselves are accepted: 200 characters, a blank email.
	createCompany(t, te, client.CompanyInfoWrite{Name: strings.Repeat("é", 200), Email: ptr("  ")})
}

func TestCompanyOnePrimaryPerTenant(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	other := newTenant(t)
	otherPrimary := createCompany(t, other, client.CompanyInfoWrite{Name: "Other", IsPrimary: ptr(true)})

	a := createCompany(t, te, client.CompanyInfoWrite{Name: "A", IsPrimary: ptr(true)})
	b := createCompany(t, te, client.CompanyInfoWrite{Name: "B", IsPrimary: ptr(true)})
	if got := primaryCompanyIDs(t, te); !reflect.DeepEqual(got, []string{b}) {
		t.Fatalf("after creating B primary: primaries %v, want [%s]", got, b)
	}
	res, err := te.API.UpdateCompanyWithResponse(context.Background(), a, nil, client.CompanyInfoWrite{Name: "A", IsPrimary: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if !res.JSON200.IsPrimary {
		t.Fatalf("update answered %+v, want primary", res.JSON200)
	}
	if got := primaryCompanyIDs(t, te); !reflect.DeepEqual(got, []string{a}) {
		t.Fatalf("after updating A primary: primaries %v, want [%s]", got, a)
	}
	status, body := patchCompany(t, te, b, `[{"op":"replace","path":"/isPrimary","value":true}]`)
	mustStatus(t, status, http.StatusOK, body)
	if got := primaryCompanyIDs(t, te); !reflect.DeepEqual(got, []string{b}) {
		t.Fatalf("after patching B primary: primaries %v, want [%s]", got, b)
	}
	// Restating primary on the primary itself keeps it; clearing it leaves none.
	status, body = patchCompany(t, te, b, `[{"op":"replace","path":"/name","value":"B2"}]`)
	mustStatus(t, status, http.StatusOK, body)
	if got := primaryCompanyIDs(t, te); !reflect.DeepEqual(got, []string{b}) {
		t.Fatalf("after renaming B: primaries %v, want [%s]", got, b)
	}
	status, body = patchCompany(t, te, b, `[{"op":"replace","path":"/isPrimary","value":false}]`)
	mustStatus(t, status, http.StatusOK, body)
	if got := primaryCompanyIDs(t, te); len(got) != 0 {
		t.Fatalf("after clearing B: primaries %v, want none", got)
	}
	// Other tenants' primaries are untouched throughout.
	if got := primaryCompanyIDs(t, other); !reflect.DeepEqual(got, []string{otherPrimary}) {
		t.Fatalf("other tenant's primaries %v, want [%s]", got, otherPrimary)
	}
}

func TestCompanyConcurrentMakePrimaryLeavesOnePrimary(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	const n = 6
	ids := make([]string, n)
	for i := range ids {
		ids[i] = createCompany(t, te, client.CompanyInfoWrite{Name: "Company " + string(rune('A'+i))})
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	statuses := make(chan int, 3*n)
	for i, id := range ids {
		wg.Add(3)
		go func() { // full update
			defer wg.Done()
			res, err := te.API.UpdateCompanyWithResponse(ctx, id, nil, client.CompanyInfoWrite{Name: "Company " + string(rune('A'+i)), IsPrimary: ptr(true)})
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- res.StatusCode()
		}()
		go func() { // patch
			defer wg.Done()
			res, err := te.API.PatchCompanyWithApplicationJSONPatchPlusJSONBodyWithResponse(ctx, id, nil, client.JsonPatch{
				{Op: client.PatchOperationOpReplace, Path: "/isPrimary", Value: true},
			})
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- res.StatusCode()
		}()
		go func() { // create
			defer wg.Done()
			res, err := te.API.CreateCompanyWithResponse(ctx, nil, client.CompanyInfoWrite{Name: "New primary", IsPrimary: ptr(true)})
			if err != nil {
				t.Error(err)
				return
			}
			statuses <- res.StatusCode()
		}()
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Errorf("a concurrent make-primary request answered %d, want 200", s)
		}
	}
	if got := primaryCompanyIDs(t, te); len(got) != 1 {
		t.Fatalf("%d primary companies after concurrent requests (%v), want exactly 1", len(got), got)
	}
}

func TestCompanyUpdateClearsOmittedFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCompany(t, te, client.CompanyInfoWrite{
		Name: "Full", IsPrimary: ptr(true), PhoneNumber: ptr("1"), FaxNumber: ptr("2"), Email: ptr("a@b.example"),
		ShipToAddress:  &client.Address{City: ptr("Dayton")},
		RemitToAddress: &client.Address{Address1: ptr("PO Box 1")},
	})
	res, err := te.API.UpdateCompanyWithResponse(context.Background(), id, nil, client.CompanyInfoWrite{Name: " Bare "})
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	want := client.CompanyInfo{Id: id, Name: "Bare"}
	if !reflect.DeepEqual(*res.JSON200, want) {
		t.Fatalf("update answered %s, want %s", mustJSON(t, *res.JSON200), mustJSON(t, want))
	}
	if got := getCompany(t, te, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %s, want %s", mustJSON(t, got), mustJSON(t, want))
	}
}

func TestCompanyListFilterIsPrimary(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	primary := createCompany(t, te, client.CompanyInfoWrite{Name: "P", IsPrimary: ptr(true)})
	other := createCompany(t, te, client.CompanyInfoWrite{Name: "Q"})
	cases := []struct {
		name, body string
		want       []string
	}{
		{"true", `{"isPrimary":true}`, []string{primary}},
		{"false", `{"isPrimary":false}`, []string{other}},
		{"null applies no clause", `{"isPrimary":null}`, []string{primary, other}},
		{"omitted applies no clause", `{}`, []string{primary, other}},
		{"no body", ``, []string{primary, other}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			contentType := "application/json"
			if c.body == "" {
				contentType = ""
			}
			res, body := rawRequest(t, http.MethodPost, "/api/companies/list", te.Token, contentType, c.body)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			var got []client.CompanyInfo
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			if ids := companyIDs(got); !reflect.DeepEqual(ids, c.want) {
				t.Fatalf("ids %v, want %v", ids, c.want)
			}
		})
	}
}

func TestCompanyListSortAndPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	// Two companies named alike (ties break on id, ids grow with creation) and names that
	// differ only in case (the sort ignores case).
	bravo1 := createCompany(t, te, client.CompanyInfoWrite{Name: "bravo", Email: ptr("z@x.example"), ShipToAddress: &client.Address{City: ptr("Austin")}})
	bravo2 := createCompany(t, te, client.CompanyInfoWrite{Name: "Bravo", Email: ptr("a@x.example"), ShipToAddress: &client.Address{City: ptr("Chicago")}})
	alpha := createCompany(t, te, client.CompanyInfoWrite{Name: "Alpha", IsPrimary: ptr(true), ShipToAddress: &client.Address{City: ptr("boston")}})
	charlie := createCompany(t, te, client.CompanyInfoWrite{Name: "charlie", Email: ptr("m@x.example")})

	field := func(s string) *client.SortField { return &s }
	dir := func(d client.SortDirection) *client.SortDir { return &d }
	cases := []struct {
		name   string
		params *client.ListCompaniesParams
		want   []string
	}{
		{"default name then id", nil, []string{alpha, bravo1, bravo2, charlie}},
		{"Sort.Dir alone reverses the default", &client.ListCompaniesParams{SortDir: dir(client.SortDirectionDescending)}, []string{charlie, bravo2, bravo1, alpha}},
		{"Name matches name", &client.ListCompaniesParams{SortField: field("Name")}, []string{alpha, bravo1, bravo2, charlie}},
		{"dotted ShipToAddress.City", &client.ListCompaniesParams{SortField: field("ShipToAddress.City")}, []string{bravo1, alpha, bravo2, charlie}},
		{"dotted descending", &client.ListCompaniesParams{SortField: field("shipToAddress.city"), SortDir: dir(client.SortDirectionDescending)}, []string{charlie, bravo2, alpha, bravo1}},
		{"email, no value last", &client.ListCompaniesParams{SortField: field("email")}, []string{bravo2, charlie, bravo1, alpha}},
		{"isPrimary", &client.ListCompaniesParams{SortField: field("isPrimary"), SortDir: dir(client.SortDirectionDescending)}, []string{alpha, charlie, bravo2, bravo1}},
		{"id", &client.ListCompaniesParams{SortField: field("id")}, []string{bravo1, bravo2, alpha, charlie}},
		{"Take", &client.ListCompaniesParams{Take: ptr(int32(2))}, []string{alpha, bravo1}},
		{"Skip and Take", &client.ListCompaniesParams{Skip: ptr(int32(1)), Take: ptr(int32(2))}, []string{bravo1, bravo2}},
		{"Skip alone pages by 50", &client.ListCompaniesParams{Skip: ptr(int32(3))}, []string{charlie}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := companyIDs(listCompanies(t, te, c.params, client.CompanyFilter{})); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("order %v, want %v", got, c.want)
			}
		})
	}

	for _, bad := range []string{"nope", "NAME", "SHIPTOADDRESS.CITY", "shipToAddress.id", "shipToAddress.nope", "shipToAddress", "name."} {
		t.Run("unsortable "+bad, func(t *testing.T) {
			res, err := te.API.ListCompaniesWithResponse(context.Background(), &client.ListCompaniesParams{SortField: field(bad)}, client.CompanyFilter{})
			if err != nil {
				t.Fatal(err)
			}
			mustStatus(t, res.StatusCode(), http.StatusBadRequest, res.Body)
			if !strings.Contains(string(res.Body), `"Sort.Field"`) || !strings.Contains(string(res.Body), bad) {
				t.Fatalf("problem does not name Sort.Field %q: %s", bad, res.Body)
			}
		})
	}
}

func TestCompanyPatchOperations(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	base := client.CompanyInfoWrite{
		Name: "Acme", PhoneNumber: ptr("555-0100"), Email: ptr("office@acme.example"),
		ShipToAddress: &client.Address{City: ptr("Dayton")},
	}
	cases := []struct {
		name  string
		patch string
		check func(c client.CompanyInfo) bool
	}{
		{"replace", `[{"op":"replace","path":"/name","value":"  Acme Works "}]`,
			func(c client.CompanyInfo) bool { return c.Name == "Acme Works" }},
		{"replace a member holding no value", `[{"op":"replace","path":"/shipToAddress/country","value":"US"}]`,
			func(c client.CompanyInfo) bool {
				return optText(c.ShipToAddress.Country) == "US" && optText(c.ShipToAddress.City) == "Dayton"
			}},
		{"add a nested member", `[{"op":"add","path":"/remitToAddress/address1","value":"PO Box 7"}]`,
			func(c client.CompanyInfo) bool { return optText(c.RemitToAddress.Address1) == "PO Box 7" }},
		{"add a whole address", `[{"op":"add","path":"/remitToAddress","value":{"city":"Akron"}}]`,
			func(c client.CompanyInfo) bool {
				return optText(c.RemitToAddress.City) == "Akron" && c.RemitToAddress.Address1 == nil
			}},
		{"remove", `[{"op":"remove","path":"/phoneNumber"}]`,
			func(c client.CompanyInfo) bool { return c.PhoneNumber == nil }},
		{"remove an address clears it", `[{"op":"remove","path":"/shipToAddress"}]`,
			func(c client.CompanyInfo) bool { return reflect.DeepEqual(c.ShipToAddress, client.Address{}) }},
		{"replace with null", `[{"op":"replace","path":"/email","value":null}]`,
			func(c client.CompanyInfo) bool { return c.Email == nil }},
		{"move", `[{"op":"move","from":"/phoneNumber","path":"/faxNumber"}]`,
			func(c client.CompanyInfo) bool { return c.PhoneNumber == nil && optText(c.FaxNumber) == "555-0100" }},
		{"copy", `[{"op":"copy","from":"/email","path":"/shipToAddress/email"}]`,
			func(c client.CompanyInfo) bool {
				return optText(c.ShipToAddress.Email) == "office@acme.example" && optText(c.Email) == "office@acme.example"
			}},
		{"test then replace", `[{"op":"test","path":"/name","value":"Acme"},{"op":"replace","path":"/name","value":"Tested"}]`,
			func(c client.CompanyInfo) bool { return c.Name == "Tested" }},
		{"test on null", `[{"op":"test","path":"/faxNumber","value":null},{"op":"add","path":"/faxNumber","value":"555-0101"}]`,
			func(c client.CompanyInfo) bool { return optText(c.FaxNumber) == "555-0101" }},
		{"blank stored as no value", `[{"op":"replace","path":"/phoneNumber","value":"  "}]`,
			func(c client.CompanyInfo) bool { return c.PhoneNumber == nil }},
		{"empty patch", `[]`,
			func(c client.CompanyInfo) bool { return c.Name == "Acme" && optText(c.PhoneNumber) == "555-0100" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := createCompany(t, te, base)
			status, body := patchCompany(t, te, id, c.patch)
			mustStatus(t, status, http.StatusOK, body)
			var answered client.CompanyInfo
			if err := json.Unmarshal(body, &answered); err != nil {
				t.Fatal(err)
			}
			if !c.check(answered) {
				t.Fatalf("patch answered %s", body)
			}
			if stored := getCompany(t, te, id); !reflect.DeepEqual(stored, answered) {
				t.Fatalf("stored %s, answered %s", mustJSON(t, stored), body)
			}
		})
	}
}

func TestCompanyPatchRejectsAndSavesNothing(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	primary := createCompany(t, te, client.CompanyInfoWrite{Name: "Primary", IsPrimary: ptr(true)})
	id := createCompany(t, te, client.CompanyInfoWrite{Name: "Acme", PhoneNumber: ptr("555-0100")})
	before := getCompany(t, te, id)
	cases := []struct {
		name, patch, mention string
	}{
		{"unknown path id", `[{"op":"replace","path":"/id","value":"x"}]`, "/id"},
		{"unknown path", `[{"op":"add","path":"/nope","value":1}]`, "/nope"},
		{"unknown from", `[{"op":"copy","from":"/nope","path":"/name"}]`, "/nope"},
		{"path without slash", `[{"op":"replace","path":"name","value":"x"}]`, "name"},
		{"unsupported operation", `[{"op":"merge","path":"/name","value":"x"}]`, "op"},
		{"move without from", `[{"op":"move","path":"/faxNumber"}]`, "from"},
		{"name not a string", `[{"op":"replace","path":"/name","value":5}]`, "name"},
		{"name empty", `[{"op":"replace","path":"/name","value":""}]`, "name"},
		{"name blank after trimming", `[{"op":"replace","path":"/name","value":"   "}]`, "name"},
		{"name removed", `[{"op":"remove","path":"/name"}]`, "name"},
		{"isPrimary not a boolean", `[{"op":"replace","path":"/isPrimary","value":"yes"}]`, "isPrimary"},
		{"address member not a string", `[{"op":"add","path":"/shipToAddress/city","value":7}]`, "shipToAddress.city"},
		{"address replaced by a string", `[{"op":"replace","path":"/shipToAddress","value":"Dayton"}]`, "shipToAddress"},
		{"bad email", `[{"op":"replace","path":"/email","value":"not an email"}]`, "email"},
		{"failed test after a change", `[{"op":"replace","path":"/name","value":"Changed"},{"op":"test","path":"/phoneNumber","value":"555-9999"}]`, "test"},
		{"make primary then fail", `[{"op":"replace","path":"/isPrimary","value":true},{"op":"replace","path":"/name","value":""}]`, "name"},
		{"unknown nested member", `[{"op":"add","path":"/shipToAddress/nope","value":"x"}]`, "/shipToAddress/nope"},
		{"remove an unknown nested member", `[{"op":"remove","path":"/shipToAddress/nope"}]`, "/shipToAddress/nope"},
		{"not an array", `{"op":"replace","path":"/name","value":"x"}`, "body"},
		{"malformed JSON", `[{"op":`, "body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := patchCompany(t, te, id, c.patch)
			mustStatus(t, status, http.StatusBadRequest, body)
			if !strings.Contains(string(body), c.mention) {
				t.Fatalf("problem does not mention %q: %s", c.mention, body)
			}
		})
	}
	if after := getCompany(t, te, id); !reflect.DeepEqual(after, before) {
		t.Fatalf("a refused patch changed the company:\n got %s\nwant %s", mustJSON(t, after), mustJSON(t, before))
	}
	if got := primaryCompanyIDs(t, te); !reflect.DeepEqual(got, []string{primary}) {
		t.Fatalf("a refused patch changed the primary: %v, want [%s]", got, primary)
	}
}

func TestCompanyPatchAcceptsJSONMediaTypes(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	id := createCompany(t, te, client.CompanyInfoWrite{Name: "Acme"})
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "text/json", "application/vnd.acme+json"} {
		t.Run(ct, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPatch, "/api/companies/"+id, te.Token, ct, `[{"op":"replace","path":"/faxNumber","value":"`+ct+`"}]`)
			mustStatus(t, res.StatusCode, http.StatusOK, body)
			if got := getCompany(t, te, id); optText(got.FaxNumber) != ct {
				t.Fatalf("faxNumber %v, want %q", got.FaxNumber, ct)
			}
		})
	}
}

func TestCompanyMissingAndMalformedIDs(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	missing := "0123456789abcdef01234567"
	for _, c := range []struct {
		method, body, contentType string
	}{
		{http.MethodGet, "", ""},
		{http.MethodPut, `{"name":"A"}`, "application/json"},
		{http.MethodPatch, `[{"op":"replace","path":"/name","value":"A"}]`, "application/json-patch+json"},
	} {
		res, body := rawRequest(t, c.method, "/api/companies/"+missing, te.Token, c.contentType, c.body)
		mustStatus(t, res.StatusCode, http.StatusNotFound, body)
		for _, bad := range []string{missing[:23], missing + "8"} {
			res, body := rawRequest(t, c.method, "/api/companies/"+bad, te.Token, c.contentType, c.body)
			mustStatus(t, res.StatusCode, http.StatusBadRequest, body)
			if !strings.Contains(string(body), "companyId") {
				t.Fatalf("%s %s: problem does not name companyId: %s", c.method, bad, body)
			}
		}
	}
}
