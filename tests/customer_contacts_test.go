package tests

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"mos/gen/client"
)

func getContact(t *testing.T, te *tenantEnv, customerID, id string) client.CustomerContact {
	t.Helper()
	res, err := te.API.GetCustomerContactWithResponse(context.Background(), customerID, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateContact(t *testing.T, te *tenantEnv, customerID, id string, w client.CustomerContactWrite) client.CustomerContact {
	t.Helper()
	res, err := te.API.UpdateCustomerContactWithResponse(context.Background(), customerID, id, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listContacts(t *testing.T, te *tenantEnv, customerID string, params *client.ListCustomerContactsParams) []client.CustomerContact {
	t.Helper()
	res, err := te.API.ListCustomerContactsWithResponse(context.Background(), customerID, params)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func contactIDs(cs []client.CustomerContact) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Id
	}
	return out
}

// TestCustomerContactEmailIsOneWellFormedMailbox runs a representative subset of the mailbox
// rule through HTTP (internal/sales/customers/email_test.go holds the full table), on create and
// on full update.
func TestCustomerContactEmailIsOneWellFormedMailbox(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Email Co")
	contactID := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Dana", Email: ptr("dana@x.example")})
	valid := map[string]string{
		"a@b.co":                          "a@b.co",
		"first.last+tag@sub.example.com":  "first.last+tag@sub.example.com",
		"o'brien@example.ie":              "o'brien@example.ie",
		"  Dana.Reyes@Dayton.Example \t ": "Dana.Reyes@Dayton.Example",
	}
	for in, want := range valid {
		id := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "V", Email: ptr(in)})
		if got := getContact(t, te, customerID, id).Email; got == nil || *got != want {
			t.Errorf("email %q stored as %v, want %q", in, got, want)
		}
	}
	invalid := []string{
		"Dana <d@x.com>", "<d@x.com>", `"d"@x.com`, "d@x", "d@@x.com", "d@x..com", "d @x.com",
		"d@[127.0.0.1]", "d(comment)@x.com", "dö@x.com", "d@exämple.com", ".d@x.com", "d.@x.com",
		"d..e@x.com", "d@-x.com", "d@x-.com", "a@x.com, b@x.com", strings.Repeat("l", 65) + "@x.com",
	}
	before := listContacts(t, te, customerID, nil)
	for _, in := range invalid {
		body := mustJSON(t, map[string]string{"firstName": "I", "email": in})
		res, b := rawRequest(t, http.MethodPost, contactsPath(customerID), te.Token, "application/json", body)
		mustProblemNaming(t, res, b, "email")
		res, b = rawRequest(t, http.MethodPut, contactPath(customerID, contactID), te.Token, "application/json", body)
		mustProblemNaming(t, res, b, "email")
	}
	if after := listContacts(t, te, customerID, nil); !reflect.DeepEqual(after, before) {
		t.Fatalf("rejected emails changed the contacts:\n%s\n%s", mustJSON(t, before), mustJSON(t, after))
	}
}

func TestCustomerContactBlankEmailCountsAsOmitted(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Blank Email Co")
	for _, blank := range []string{"", "   ", "\t\n"} {
		id := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Dana", Email: ptr(blank)})
		if got := getContact(t, te, customerID, id).Email; got != nil {
			t.Errorf("blank email %q stored as %q, want null", blank, *got)
		}
		// And on full update a blank email clears the one held.
		updateContact(t, te, customerID, id, client.CustomerContactWrite{FirstName: "Dana", Email: ptr("d@x.example")})
		if got := updateContact(t, te, customerID, id, client.CustomerContactWrite{FirstName: "Dana", Email: ptr(blank)}); got.Email != nil {
			t.Errorf("update with blank email %q answered %q, want null", blank, *got.Email)
		}
	}
	res, b := rawRequest(t, http.MethodPost, contactsPath(customerID), te.Token, "application/json", `{"firstName":"Dana","email":null}`)
	mustStatus(t, res.StatusCode, http.StatusOK, b)
}

func TestCustomerContactCreateTrimsAndStoresBlankAsNoValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Trim Co")
	id := createContact(t, te, customerID, client.CustomerContactWrite{
		FirstName: "  Dana ", LastName: ptr(" Reyes "), Position: ptr("   "), Phone: ptr(" +1 937 555 0142 "),
		CellPhone: ptr(""), Email: ptr(" dana.reyes@dayton-precision.example "),
	})
	if len(id) != 36 {
		t.Fatalf("contact id %q is not 36 characters", id)
	}
	want := client.CustomerContact{
		Id: id, FirstName: "Dana", LastName: ptr("Reyes"), Phone: ptr("+1 937 555 0142"),
		Email: ptr("dana.reyes@dayton-precision.example"),
	}
	if got := getContact(t, te, customerID, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored contact\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
	res, body := rawRequest(t, http.MethodGet, contactPath(customerID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	if v, present := raw["position"]; !present || v != nil || len(raw) != 7 {
		t.Fatalf("the read shape should hold all 7 members, position null: %s", body)
	}
}

func TestCustomerContactWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact Validation Co")
	id := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Dana", LastName: ptr("Reyes")})
	before := getContact(t, te, customerID, id)
	modifiedBefore := customerModifiedUtc(t, te, customerID)
	long := strings.Repeat("x", 201)
	cases := []struct {
		name, body, field string
	}{
		{"missing firstName", `{"lastName":"Reyes"}`, "firstName"},
		{"empty firstName", `{"firstName":""}`, "firstName"},
		{"blank firstName", `{"firstName":"  \t "}`, "firstName"},
		{"null firstName", `{"firstName":null}`, "firstName"},
		{"firstName over 200", `{"firstName":"` + long + `"}`, "firstName"},
		{"lastName over 200", `{"firstName":"D","lastName":"` + long + `"}`, "lastName"},
		{"position over 200", `{"firstName":"D","position":"` + long + `"}`, "position"},
		{"phone over 200", `{"firstName":"D","phone":"` + long + `"}`, "phone"},
		{"cellPhone over 200", `{"firstName":"D","cellPhone":"` + long + `"}`, "cellPhone"},
		{"email over 320", `{"firstName":"D","email":"` + strings.Repeat("x", 321) + `"}`, "email"},
		{"email not a string", `{"firstName":"D","email":["d@x.com"]}`, "email"},
		{"firstName not a string", `{"firstName":7}`, "firstName"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, contactsPath(customerID), te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
			res, body = rawRequest(t, http.MethodPut, contactPath(customerID, id), te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	for _, body := range []string{``, `[]`, `{`, `{"firstName":"a"}x`} {
		res, b := rawRequest(t, http.MethodPost, contactsPath(customerID), te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}
	if list := listContacts(t, te, customerID, nil); len(list) != 1 || !reflect.DeepEqual(list[0], before) {
		t.Fatalf("failed writes changed the contacts: %s", mustJSON(t, list))
	}
	if got := customerModifiedUtc(t, te, customerID); !got.Equal(modifiedBefore) {
		t.Fatalf("failed writes moved the customer's modifiedUtc from %v to %v", modifiedBefore, got)
	}
}

func TestCustomerContactUpdateClearsOmittedFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact Update Co")
	id := createContact(t, te, customerID, client.CustomerContactWrite{
		FirstName: "Dana", LastName: ptr("Reyes"), Position: ptr("Buyer"), Phone: ptr("1"), CellPhone: ptr("2"), Email: ptr("d@x.example"),
	})
	want := client.CustomerContact{Id: id, FirstName: "Dee"}
	if got := updateContact(t, te, customerID, id, client.CustomerContactWrite{FirstName: " Dee "}); !reflect.DeepEqual(got, want) {
		t.Fatalf("update answered %s, want %s", mustJSON(t, got), mustJSON(t, want))
	}
	if got := getContact(t, te, customerID, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored %s, want %s", mustJSON(t, got), mustJSON(t, want))
	}
}

func TestCustomerContactDeleteAnswers200Then204(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact Delete Co")
	keep := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Keep"})
	gone := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Gone"})
	res, err := te.API.DeleteCustomerContactWithResponse(context.Background(), customerID, gone, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete body %s, want {success: true}", res.Body)
	}
	res, err = te.API.DeleteCustomerContactWithResponse(context.Background(), customerID, gone, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	r, b := rawRequest(t, http.MethodGet, contactPath(customerID, gone), te.Token, "", "")
	mustProblem(t, r, b, http.StatusNotFound)
	if ids := contactIDs(listContacts(t, te, customerID, nil)); !reflect.DeepEqual(ids, []string{keep}) {
		t.Fatalf("after delete the list holds %v, want [%s]", ids, keep)
	}
}

func TestCustomerContactOfAnotherCustomerIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	owner := newSubRecordCustomer(t, te, "Contact Owner Co")
	other := newSubRecordCustomer(t, te, "Contact Other Co")
	id := createContact(t, te, owner, client.CustomerContactWrite{FirstName: "Dana"})
	stored := getContact(t, te, owner, id)

	res, b := rawRequest(t, http.MethodGet, contactPath(other, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, contactPath(other, id), te.Token, "application/json", `{"firstName":"Eve"}`)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, contactPath(other, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if got := listContacts(t, te, other, nil); len(got) != 0 {
		t.Fatalf("the other customer lists %s", mustJSON(t, got))
	}
	if got := getContact(t, te, owner, id); !reflect.DeepEqual(got, stored) {
		t.Fatalf("the owner's contact changed: %s", mustJSON(t, got))
	}
}

func TestCustomerContactOfMissingOrDeletedCustomer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	body := `{"firstName":"Dana"}`
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, contactsPath(unknownCustomerID)},
		{http.MethodPost, contactsPath(unknownCustomerID) + "/list"},
		{http.MethodGet, contactPath(unknownCustomerID, unknownSubRecordID)},
		{http.MethodPut, contactPath(unknownCustomerID, unknownSubRecordID)},
		{http.MethodDelete, contactPath(unknownCustomerID, unknownSubRecordID)},
	} {
		res, b := rawRequest(t, c.method, c.path, te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusNotFound)
	}

	customerID := newSubRecordCustomer(t, te, "Contact Deleted Co")
	id := createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Dana"})
	deleteSubRecordCustomer(t, te, customerID)
	getContact(t, te, customerID, id)
	if ids := contactIDs(listContacts(t, te, customerID, nil)); !reflect.DeepEqual(ids, []string{id}) {
		t.Fatalf("a deleted customer's contacts: %v", ids)
	}
	res, b := rawRequest(t, http.MethodPost, contactsPath(customerID), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, contactPath(customerID, id), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, contactPath(customerID, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	getContact(t, te, customerID, id)
}

func TestCustomerContactIDsAre36Characters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact Ids Co")
	for _, bad := range []string{"ffffffffffffffffffffffff", unknownSubRecordID + "0"} {
		res, b := rawRequest(t, http.MethodGet, contactPath(customerID, bad), te.Token, "", "")
		mustProblemNaming(t, res, b, "contactId")
	}
	res, b := rawRequest(t, http.MethodGet, contactPath(customerID, strings.Repeat("z", 36)), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestCustomerContactListSortedByLastNameThenFirstName(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact List Co")
	other := newSubRecordCustomer(t, te, "Contact List Other Co")
	createContact(t, te, other, client.CustomerContactWrite{FirstName: "Elsewhere"})
	mk := func(first string, last *string, email string) string {
		return createContact(t, te, customerID, client.CustomerContactWrite{FirstName: first, LastName: last, Email: ptr(email)})
	}
	noLast := mk("Zed", nil, "a@x.example")
	bReyes := mk("bea", ptr("reyes"), "d@x.example")
	aReyes := mk("Al", ptr("Reyes"), "c@x.example")
	adams := mk("Zoe", ptr("Adams"), "B@x.example")

	ids := func(params *client.ListCustomerContactsParams) []string {
		return contactIDs(listContacts(t, te, customerID, params))
	}
	if got, want := ids(nil), []string{adams, aReyes, bReyes, noLast}; !reflect.DeepEqual(got, want) {
		t.Fatalf("default order %v, want %v (last name, first name, no last name last)", got, want)
	}
	if got, want := ids(&client.ListCustomerContactsParams{SortDir: ptr(client.SortDirectionDescending)}), []string{noLast, bReyes, aReyes, adams}; !reflect.DeepEqual(got, want) {
		t.Fatalf("default order descending %v, want %v", got, want)
	}
	if got, want := ids(&client.ListCustomerContactsParams{SortField: ptr("FirstName")}), []string{aReyes, bReyes, noLast, adams}; !reflect.DeepEqual(got, want) {
		t.Fatalf("by firstName %v, want %v", got, want)
	}
	if got, want := ids(&client.ListCustomerContactsParams{SortField: ptr("email")}), []string{noLast, adams, aReyes, bReyes}; !reflect.DeepEqual(got, want) {
		t.Fatalf("by email %v, want %v", got, want)
	}
	if got, want := ids(&client.ListCustomerContactsParams{Skip: ptr[int32](2), Take: ptr[int32](5)}), []string{bReyes, noLast}; !reflect.DeepEqual(got, want) {
		t.Fatalf("skip 2: %v, want %v", got, want)
	}
	for _, bad := range []string{"phone", "name", "customer.id"} {
		res, b := rawRequest(t, http.MethodPost, contactsPath(customerID)+"/list?Sort.Field="+bad, te.Token, "", "")
		mustProblemNaming(t, res, b, "Sort.Field")
	}
}

func TestCustomerContactWritesAdvanceCustomerModifiedUtc(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Contact Modified Co")
	step := func(what string, write func()) {
		t.Helper()
		before := customerModifiedUtc(t, te, customerID)
		write()
		if after := customerModifiedUtc(t, te, customerID); !after.After(before) {
			t.Fatalf("%s did not advance the customer's modifiedUtc (%v, then %v)", what, before, after)
		}
	}
	var id string
	step("create", func() { id = createContact(t, te, customerID, client.CustomerContactWrite{FirstName: "Dana"}) })
	step("update", func() { updateContact(t, te, customerID, id, client.CustomerContactWrite{FirstName: "Dee"}) })
	step("delete", func() {
		res, b := rawRequest(t, http.MethodDelete, contactPath(customerID, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	before := customerModifiedUtc(t, te, customerID)
	res, b := rawRequest(t, http.MethodDelete, contactPath(customerID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if after := customerModifiedUtc(t, te, customerID); !after.Equal(before) {
		t.Fatalf("a 204 delete moved modifiedUtc from %v to %v", before, after)
	}
}
