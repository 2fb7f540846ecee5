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

func getAddress(t *testing.T, te *tenantEnv, customerID, id string) client.CustomerAddress {
	t.Helper()
	res, err := te.API.GetCustomerAddressWithResponse(context.Background(), customerID, id, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func updateAddress(t *testing.T, te *tenantEnv, customerID, id string, w client.CustomerAddressWrite) client.CustomerAddress {
	t.Helper()
	res, err := te.API.UpdateCustomerAddressWithResponse(context.Background(), customerID, id, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func listAddresses(t *testing.T, te *tenantEnv, customerID string, params *client.ListCustomerAddressesParams) []client.CustomerAddress {
	t.Helper()
	res, err := te.API.ListCustomerAddressesWithResponse(context.Background(), customerID, params)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	return *res.JSON200
}

func addressIDs(as []client.CustomerAddress) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Id
	}
	return out
}

// primaryMarks lists, in list order, which addresses carry the billing (B) and shipping (S) marks.
func primaryMarks(t *testing.T, te *tenantEnv, customerID string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, a := range listAddresses(t, te, customerID, nil) {
		mark := ""
		if a.PrimaryBilling {
			mark += "B"
		}
		if a.PrimaryShipping {
			mark += "S"
		}
		out[a.Id] = mark
	}
	return out
}

func TestCustomerAddressCreateTrimsAndStoresBlankAsNoValue(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Dayton Precision")
	id := createAddress(t, te, customerID, client.CustomerAddressWrite{
		Name: ptr("  Receiving dock "), Address1: " 400 Canal St ", Address2: ptr(""), Address3: ptr("   "),
		City: "\tDayton\n", StateProvince: ptr(" OH "), PostalCode: " 45402 ", Country: ptr("US"),
		ShippingLeadTime: ptr[int32](0), PrimaryShipping: ptr(true),
		Email: ptr(" dock@dayton.example "), Phone: ptr(" "), Fax: ptr("+1 937 555 0199"), Notes: ptr(" Open 7-15 "),
	})
	if len(id) != 36 {
		t.Fatalf("address id %q is not 36 characters", id)
	}
	want := client.CustomerAddress{
		Id: id, Name: ptr("Receiving dock"), Address1: "400 Canal St", City: "Dayton", StateProvince: ptr("OH"),
		PostalCode: "45402", Country: ptr("US"), ShippingLeadTime: ptr(0), PrimaryShipping: true,
		Email: ptr("dock@dayton.example"), Fax: ptr("+1 937 555 0199"), Notes: ptr("Open 7-15"),
	}
	if got := getAddress(t, te, customerID, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("stored address\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}

	// The read shape carries every member, null when no value is held.
	res, body := rawRequest(t, http.MethodGet, addressPath(customerID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	for _, member := range []string{"address2", "address3", "phone"} {
		if v, present := raw[member]; !present || v != nil {
			t.Errorf("%s should be present and null: %s", member, body)
		}
	}
	if len(raw) != 16 {
		t.Errorf("read shape has %d members, want 16: %s", len(raw), body)
	}
}

func TestCustomerAddressWriteValidation(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Validation Co")
	stored := client.CustomerAddressWrite{Name: ptr("Main"), Address1: "1 Mill Rd", City: "Dayton", PostalCode: "45402", ShippingLeadTime: ptr[int32](3)}
	id := createAddress(t, te, customerID, stored)
	before := getAddress(t, te, customerID, id)
	modifiedBefore := customerModifiedUtc(t, te, customerID)

	long := strings.Repeat("x", 201)
	base := `"address1":"1 Mill Rd","city":"Dayton","postalCode":"45402"`
	cases := []struct {
		name, body, field string
	}{
		{"missing address1", `{"city":"Dayton","postalCode":"45402"}`, "address1"},
		{"missing city", `{"address1":"1 Mill Rd","postalCode":"45402"}`, "city"},
		{"missing postalCode", `{"address1":"1 Mill Rd","city":"Dayton"}`, "postalCode"},
		{"empty address1", `{"address1":"","city":"Dayton","postalCode":"45402"}`, "address1"},
		{"blank address1", `{"address1":"   ","city":"Dayton","postalCode":"45402"}`, "address1"},
		{"blank city", `{"address1":"1 Mill Rd","city":" \t ","postalCode":"45402"}`, "city"},
		{"blank postalCode", `{"address1":"1 Mill Rd","city":"Dayton","postalCode":"  "}`, "postalCode"},
		{"null address1", `{"address1":null,"city":"Dayton","postalCode":"45402"}`, "address1"},
		{"address1 over 200", `{"address1":"` + long + `","city":"Dayton","postalCode":"45402"}`, "address1"},
		{"name over 200", `{` + base + `,"name":"` + long + `"}`, "name"},
		{"address2 over 200", `{` + base + `,"address2":"` + long + `"}`, "address2"},
		{"address3 over 200", `{` + base + `,"address3":"` + long + `"}`, "address3"},
		{"stateProvince over 200", `{` + base + `,"stateProvince":"` + long + `"}`, "stateProvince"},
		{"country over 200", `{` + base + `,"country":"` + long + `"}`, "country"},
		{"email over 200", `{` + base + `,"email":"` + long + `"}`, "email"},
		{"phone over 200", `{` + base + `,"phone":"` + long + `"}`, "phone"},
		{"fax over 200", `{` + base + `,"fax":"` + long + `"}`, "fax"},
		{"notes over 200", `{` + base + `,"notes":"` + long + `"}`, "notes"},
		{"text not a string", `{` + base + `,"country":5}`, "country"},
		{"shippingLeadTime fractional", `{` + base + `,"shippingLeadTime":1.5}`, "shippingLeadTime"},
		{"shippingLeadTime negative", `{` + base + `,"shippingLeadTime":-1}`, "shippingLeadTime"},
		{"shippingLeadTime a string", `{` + base + `,"shippingLeadTime":"2"}`, "shippingLeadTime"},
		{"shippingLeadTime too large", `{` + base + `,"shippingLeadTime":3000000000}`, "shippingLeadTime"},
		{"shippingLeadTime exponent", `{` + base + `,"shippingLeadTime":1e400}`, "shippingLeadTime"},
		{"primaryBilling not a boolean", `{` + base + `,"primaryBilling":"yes"}`, "primaryBilling"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, body := rawRequest(t, http.MethodPost, addressesPath(customerID), te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
			res, body = rawRequest(t, http.MethodPut, addressPath(customerID, id), te.Token, "application/json", c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
	// Malformed bodies are 400s too, never 500s.
	for _, body := range []string{``, `[]`, `{`, `"x"`, `{"address1":"a","city":"b","postalCode":"c"}}`} {
		res, b := rawRequest(t, http.MethodPost, addressesPath(customerID), te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusBadRequest)
	}

	// A failed write saves nothing: the one address is unchanged and the customer untouched.
	if list := listAddresses(t, te, customerID, nil); len(list) != 1 || !reflect.DeepEqual(list[0], before) {
		t.Fatalf("failed writes changed the addresses: %s", mustJSON(t, list))
	}
	if got := customerModifiedUtc(t, te, customerID); !got.Equal(modifiedBefore) {
		t.Fatalf("failed writes moved the customer's modifiedUtc from %v to %v", modifiedBefore, got)
	}
}

func TestCustomerAddressUpdateClearsOmittedFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Full Update Co")
	id := createAddress(t, te, customerID, client.CustomerAddressWrite{
		Name: ptr("HQ"), Address1: "1 Mill Rd", Address2: ptr("Suite 4"), City: "Dayton", StateProvince: ptr("OH"),
		PostalCode: "45402", Country: ptr("US"), ShippingLeadTime: ptr[int32](5), PrimaryBilling: ptr(true),
		PrimaryShipping: ptr(true), Email: ptr("hq@x.example"), Phone: ptr("1"), Fax: ptr("2"), Notes: ptr("n"),
	})
	got := updateAddress(t, te, customerID, id, client.CustomerAddressWrite{Address1: " 2 Mill Rd ", City: "Kettering", PostalCode: "45429"})
	want := client.CustomerAddress{Id: id, Address1: "2 Mill Rd", City: "Kettering", PostalCode: "45429"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("update answered\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
	if stored := getAddress(t, te, customerID, id); !reflect.DeepEqual(stored, want) {
		t.Fatalf("stored after update\n got %s\nwant %s", mustJSON(t, stored), mustJSON(t, want))
	}
}

func TestCustomerAddressPrimaryMarksMoveBetweenAddresses(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Marks Co")
	other := newSubRecordCustomer(t, te, "Other Co")
	otherAddress := createAddress(t, te, other, client.CustomerAddressWrite{Address1: "9 Elm", City: "X", PostalCode: "1", PrimaryBilling: ptr(true), PrimaryShipping: ptr(true)})

	withMarks := func(billing, shipping bool) client.CustomerAddressWrite {
		w := dockAddress()
		w.PrimaryBilling, w.PrimaryShipping = ptr(billing), ptr(shipping)
		return w
	}
	a := createAddress(t, te, customerID, withMarks(true, false))
	b := createAddress(t, te, customerID, withMarks(true, true))
	if got, want := primaryMarks(t, te, customerID), map[string]string{a: "", b: "BS"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after marking b: %v, want %v", got, want)
	}
	updateAddress(t, te, customerID, a, withMarks(false, true))
	if got, want := primaryMarks(t, te, customerID), map[string]string{a: "S", b: "B"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after marking a shipping: %v, want %v", got, want)
	}
	c := createAddress(t, te, customerID, withMarks(false, false))
	if got, want := primaryMarks(t, te, customerID), map[string]string{a: "S", b: "B", c: ""}; !reflect.DeepEqual(got, want) {
		t.Fatalf("an unmarked address took a mark: %v, want %v", got, want)
	}
	// Re-saving the marked address keeps its mark; clearing it leaves the customer without one.
	updateAddress(t, te, customerID, b, withMarks(true, false))
	updateAddress(t, te, customerID, a, withMarks(false, false))
	if got, want := primaryMarks(t, te, customerID), map[string]string{a: "", b: "B", c: ""}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after clearing a: %v, want %v", got, want)
	}
	// Another customer's marks are its own.
	if got := getAddress(t, te, other, otherAddress); !got.PrimaryBilling || !got.PrimaryShipping {
		t.Fatalf("another customer's address lost its marks: %s", mustJSON(t, got))
	}
}

// TestCustomerAddressConcurrentPrimaryMarksLeaveOneOfEach: creates and updates marking
// different addresses at the same time all succeed and leave exactly one of each mark.
func TestCustomerAddressConcurrentPrimaryMarksLeaveOneOfEach(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Race Co")
	const n = 10
	existing := make([]string, n)
	for i := range existing {
		existing[i] = createAddress(t, te, customerID, dockAddress())
	}
	marked := dockAddress()
	marked.PrimaryBilling, marked.PrimaryShipping = ptr(true), ptr(true)
	next := make(chan string, n)
	for _, id := range existing {
		next <- id
	}
	close(next)
	statuses := concurrently(t, 2*n, func() (int, error) {
		if id, ok := <-next; ok {
			res, err := te.API.UpdateCustomerAddressWithResponse(context.Background(), customerID, id, nil, marked)
			if err != nil {
				return 0, err
			}
			return res.StatusCode(), nil
		}
		res, err := te.API.CreateCustomerAddressWithResponse(context.Background(), customerID, nil, marked)
		if err != nil {
			return 0, err
		}
		return res.StatusCode(), nil
	})
	if statuses[http.StatusOK] != 2*n {
		t.Fatalf("statuses %v, want %d × 200", statuses, 2*n)
	}
	var billing, shipping int
	for _, mark := range primaryMarks(t, te, customerID) {
		billing += strings.Count(mark, "B")
		shipping += strings.Count(mark, "S")
	}
	if billing != 1 || shipping != 1 {
		t.Fatalf("%d billing and %d shipping addresses, want exactly 1 of each", billing, shipping)
	}
}

func TestCustomerAddressDeleteAnswers200Then204(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Delete Co")
	keep := createAddress(t, te, customerID, dockAddress())
	gone := createAddress(t, te, customerID, dockAddress())
	res, err := te.API.DeleteCustomerAddressWithResponse(context.Background(), customerID, gone, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusOK, res.Body)
	if res.JSON200 == nil || !res.JSON200.Success {
		t.Fatalf("delete body %s, want {success: true}", res.Body)
	}
	res, err = te.API.DeleteCustomerAddressWithResponse(context.Background(), customerID, gone, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustStatus(t, res.StatusCode(), http.StatusNoContent, res.Body)
	r, body := rawRequest(t, http.MethodGet, addressPath(customerID, gone), te.Token, "", "")
	mustProblem(t, r, body, http.StatusNotFound)
	if ids := addressIDs(listAddresses(t, te, customerID, nil)); !reflect.DeepEqual(ids, []string{keep}) {
		t.Fatalf("after delete the list holds %v, want [%s]", ids, keep)
	}
}

func TestCustomerAddressOfAnotherCustomerIsNotFound(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	owner := newSubRecordCustomer(t, te, "Owner Co")
	other := newSubRecordCustomer(t, te, "Other Co")
	id := createAddress(t, te, owner, dockAddress())
	stored := getAddress(t, te, owner, id)
	body := mustJSON(t, dockAddress())

	res, b := rawRequest(t, http.MethodGet, addressPath(other, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, addressPath(other, id), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, addressPath(other, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if got := listAddresses(t, te, other, nil); len(got) != 0 {
		t.Fatalf("the other customer lists %s", mustJSON(t, got))
	}
	if got := getAddress(t, te, owner, id); !reflect.DeepEqual(got, stored) {
		t.Fatalf("the owner's address changed: %s", mustJSON(t, got))
	}
}

func TestCustomerAddressOfMissingOrDeletedCustomer(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	body := mustJSON(t, dockAddress())
	for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodPut, http.MethodDelete} {
		path := addressPath(unknownCustomerID, unknownSubRecordID)
		if method == http.MethodPost {
			path = addressesPath(unknownCustomerID)
		}
		res, b := rawRequest(t, method, path, te.Token, "application/json", body)
		mustProblem(t, res, b, http.StatusNotFound)
	}
	res, b := rawRequest(t, http.MethodPost, addressesPath(unknownCustomerID)+"/list", te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)

	// A deleted customer's addresses can be read but not written.
	customerID := newSubRecordCustomer(t, te, "Deleted Co")
	id := createAddress(t, te, customerID, dockAddress())
	deleteSubRecordCustomer(t, te, customerID)
	getAddress(t, te, customerID, id)
	if ids := addressIDs(listAddresses(t, te, customerID, nil)); !reflect.DeepEqual(ids, []string{id}) {
		t.Fatalf("a deleted customer's addresses: %v", ids)
	}
	res, b = rawRequest(t, http.MethodPost, addressesPath(customerID), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodPut, addressPath(customerID, id), te.Token, "application/json", body)
	mustProblem(t, res, b, http.StatusNotFound)
	res, b = rawRequest(t, http.MethodDelete, addressPath(customerID, id), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
	getAddress(t, te, customerID, id)
}

func TestCustomerAddressIDsAre36Characters(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Ids Co")
	for _, bad := range []string{"ffffffffffffffffffffffff", unknownSubRecordID + "0", "x"} {
		res, b := rawRequest(t, http.MethodGet, addressPath(customerID, bad), te.Token, "", "")
		mustProblemNaming(t, res, b, "customerAddressId")
	}
	res, b := rawRequest(t, http.MethodGet, addressPath(unknownSubRecordID, unknownSubRecordID), te.Token, "", "")
	mustProblemNaming(t, res, b, "customerId")
	// Any 36 characters that are no address answer 404, not 500.
	res, b = rawRequest(t, http.MethodGet, addressPath(customerID, strings.Repeat("z", 36)), te.Token, "", "")
	mustProblem(t, res, b, http.StatusNotFound)
}

func TestCustomerAddressListSortAndPaging(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "List Co")
	other := newSubRecordCustomer(t, te, "Elsewhere Co")
	createAddress(t, te, other, dockAddress())
	mk := func(name *string, city string, lead int32) string {
		w := dockAddress()
		w.Name, w.City, w.ShippingLeadTime = name, city, ptr(lead)
		return createAddress(t, te, customerID, w)
	}
	noName := mk(nil, "Akron", 4)
	bravo := mk(ptr("bravo"), "Columbus", 1)
	alpha := mk(ptr("Alpha"), "Dayton", 3)
	charlie := mk(ptr("Charlie"), "akron", 2)

	ids := func(params *client.ListCustomerAddressesParams) []string {
		return addressIDs(listAddresses(t, te, customerID, params))
	}
	sortBy := func(field string, dir client.SortDir) *client.ListCustomerAddressesParams {
		p := &client.ListCustomerAddressesParams{SortField: ptr(field)}
		if dir != "" {
			p.SortDir = &dir
		}
		return p
	}
	// Default: by name (case-insensitive), unnamed last, then id.
	if got, want := ids(nil), []string{alpha, bravo, charlie, noName}; !reflect.DeepEqual(got, want) {
		t.Fatalf("default order %v, want %v", got, want)
	}
	if got, want := ids(&client.ListCustomerAddressesParams{SortDir: ptr(client.SortDirectionDescending)}), []string{noName, charlie, bravo, alpha}; !reflect.DeepEqual(got, want) {
		t.Fatalf("default order descending %v, want %v", got, want)
	}
	// Equal cities (akron, Akron) break ties on id.
	akron := []string{noName, charlie}
	if charlie < noName {
		akron = []string{charlie, noName}
	}
	if got, want := ids(sortBy("city", "")), append(akron, bravo, alpha); !reflect.DeepEqual(got, want) {
		t.Fatalf("by city %v, want %v", got, want)
	}
	if got, want := ids(sortBy("ShippingLeadTime", client.SortDirectionDescending)), []string{noName, alpha, charlie, bravo}; !reflect.DeepEqual(got, want) {
		t.Fatalf("by shippingLeadTime descending %v, want %v", got, want)
	}
	if got, want := ids(&client.ListCustomerAddressesParams{Skip: ptr[int32](1), Take: ptr[int32](2)}), []string{bravo, charlie}; !reflect.DeepEqual(got, want) {
		t.Fatalf("skip 1 take 2: %v, want %v", got, want)
	}
	for _, bad := range []string{"notes", "colour", "customer.id"} {
		res, b := rawRequest(t, http.MethodPost, addressesPath(customerID)+"/list?Sort.Field="+bad, te.Token, "", "")
		mustProblemNaming(t, res, b, "Sort.Field")
	}
	res, b := rawRequest(t, http.MethodPost, addressesPath(customerID)+"/list?Take=-1", te.Token, "", "")
	mustProblemNaming(t, res, b, "Take")
}

func TestCustomerAddressWritesAdvanceCustomerModifiedUtc(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customerID := newSubRecordCustomer(t, te, "Modified Co")
	step := func(what string, write func()) {
		t.Helper()
		before := customerModifiedUtc(t, te, customerID)
		write()
		if after := customerModifiedUtc(t, te, customerID); !after.After(before) {
			t.Fatalf("%s did not advance the customer's modifiedUtc (%v, then %v)", what, before, after)
		}
	}
	var id string
	step("create", func() { id = createAddress(t, te, customerID, dockAddress()) })
	step("update", func() { updateAddress(t, te, customerID, id, dockAddress()) })
	step("delete", func() {
		res, b := rawRequest(t, http.MethodDelete, addressPath(customerID, id), te.Token, "", "")
		mustStatus(t, res.StatusCode, http.StatusOK, b)
	})
	// A delete that finds nothing changes nothing.
	before := customerModifiedUtc(t, te, customerID)
	res, b := rawRequest(t, http.MethodDelete, addressPath(customerID, id), te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusNoContent, b)
	if after := customerModifiedUtc(t, te, customerID); !after.Equal(before) {
		t.Fatalf("a 204 delete moved modifiedUtc from %v to %v", before, after)
	}
}
