package tests

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"mos/gen/client"
)

// TestOversizedDecimalsAreRefusedOnEveryWritePath: a decimal that reaches a store has been
// range-checked on every write path. A number with more than 20 digits before the point (or
// 20 after it) is a 400 naming the member, through PATCH exactly as through PUT or POST,
// never a 500.
func TestOversizedDecimalsAreRefusedOnEveryWritePath(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("HUGE"))
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Huge"})
	const huge = "123456789012345678901234"
	for _, c := range []struct{ method, path, body, field string }{
		{http.MethodPut, "/api/items/" + item, `{"width":` + huge + `}`, "width"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/width","value":` + huge + `}]`, "width"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/height","value":` + huge + `}]`, "height"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/length","value":` + huge + `}]`, "length"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/weight","value":` + huge + `}]`, "weight"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/minimumStockOnHand","value":` + huge + `}]`, "minimumStockOnHand"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/minimumProductionQuantity","value":` + huge + `}]`, "minimumProductionQuantity"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/shipping","value":{"unitWeight":` + huge + `}}]`, "shipping.unitWeight"},
		{http.MethodPatch, "/api/items/" + item, `[{"op":"add","path":"/width","value":0.000000000000000000001}]`, "width"},
		{http.MethodPut, "/api/customers/" + customer, `{"name":"Huge","creditLimit":` + huge + `}`, "creditLimit"},
		{http.MethodPatch, "/api/customers/" + customer, `[{"op":"add","path":"/creditLimit","value":` + huge + `}]`, "creditLimit"},
		{http.MethodPatch, "/api/customers/" + customer, `[{"op":"add","path":"/creditLimit","value":-` + huge + `}]`, "creditLimit"},
	} {
		t.Run(c.method+" "+c.path+" "+c.field, func(t *testing.T) {
			res, body := itemRequest(t, te, c.method, c.path, c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
}

// maxProblemBytes is the most any error answer takes, whatever the request held.
const maxProblemBytes = 64 << 10

// badFilterValues is a list filter of n values none of which is an inventory secondary type.
func badFilterValues(n int) string {
	var b strings.Builder
	b.WriteString(`{"secondaryTypes":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"nope-%d"`, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// TestAnArrayOverItsMaxItemsIsRefusedBeforeItsElements: an array longer than its maxItems is
// refused by its length alone, naming only the array, however many of its elements are also
// wrong (a filter of 100,000 bad values once answered a problem of 100 MB listing each).
func TestAnArrayOverItsMaxItemsIsRefusedBeforeItsElements(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, "/api/inventory-events/list", te.Token, "application/json", badFilterValues(100_000))
	p := mustProblem(t, res, body, http.StatusBadRequest)
	if len(p.Errors) != 1 || len(p.Errors["secondaryTypes"]) != 1 || p.Errors["secondaryTypes"][0] != "maximum number of items is 500" {
		t.Fatalf("errors %v, want only secondaryTypes: maximum number of items is 500", truncate([]byte(fmt.Sprint(p.Errors))))
	}
	if len(body) >= maxProblemBytes {
		t.Fatalf("a problem of %d bytes", len(body))
	}
}

// TestErrorAnswersNameAtMostFiftyFields: a request wrong in more than fifty fields hears of
// the first fifty (array indexes in numeric order), each message intact, and of how many more
// there are, in errorsOmitted (and at the end of the detail, which lists fewer fields when
// their messages are long); the answer stays under 64 KB.
func TestErrorAnswersNameAtMostFiftyFields(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	res, body := rawRequest(t, http.MethodPost, "/api/inventory-events/list", te.Token, "application/json", badFilterValues(500))
	p := mustProblem(t, res, body, http.StatusBadRequest)
	if len(p.Errors) != 50 || p.ErrorsOmitted != 450 {
		t.Fatalf("%d fields named and %d omitted, want 50 and 450", len(p.Errors), p.ErrorsOmitted)
	}
	for i := range 50 {
		msgs := p.Errors[fmt.Sprintf("secondaryTypes.%d", i)]
		if len(msgs) != 1 || !strings.HasPrefix(msgs[0], fmt.Sprintf(`"nope-%d" is not one of the allowed values: `, i)) {
			t.Fatalf("secondaryTypes.%d: %q", i, msgs)
		}
	}
	if !regexp.MustCompile(`^the request has invalid fields: secondaryTypes\.0: .*; and \d+ more fields$`).MatchString(p.Detail) {
		t.Fatalf("detail %q does not say how many more fields", p.Detail)
	}
	if len(body) >= maxProblemBytes {
		t.Fatalf("a problem of %d bytes", len(body))
	}
}

// TestTextNoStoreTakesIsRefusedNamingItsField: a NUL character (which no PostgreSQL column
// takes) in a body member (a JSON Patch's operation included), and a NUL or invalid UTF-8 in a
// path parameter (an id), answer 400 naming the field, before any statement could fail on
// them. A query parameter's text is its operation's to judge (an unknown Sort.Field is named
// as such; a download name is sanitised).
func TestTextNoStoreTakesIsRefusedNamingItsField(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	item := createItem(t, te, newItem("NUL"))
	for _, c := range []struct{ method, path, contentType, body, field string }{
		{http.MethodPost, "/api/accounting-codes", "application/json", `{"name":"a\u0000b","style":"info"}`, "name"},
		{http.MethodPut, "/api/items/" + item, "application/json", `{"customFields":{"note":{"deep":["\u0000"]}}}`, "customFields.note.deep.0"},
		{http.MethodPatch, "/api/items/" + item, "application/json-patch+json", `[{"op":"replace","path":"/number","value":"N\u0000"}]`, "0.value"},
		{http.MethodGet, "/api/items/%00" + strings.Repeat("a", 23), "", "", "itemId"},
		{http.MethodGet, "/api/items/" + strings.Repeat("%FF", 24), "", "", "itemId"},
		{http.MethodPost, "/api/items/list/v2?Sort.Field=%FF", "application/json", `{}`, "Sort.Field"},
		{http.MethodPost, "/api/items/list/v2?Sort.Field=number%00", "application/json", `{}`, "Sort.Field"},
	} {
		t.Run(c.method+" "+c.path+" "+c.field, func(t *testing.T) {
			res, body := rawRequest(t, c.method, c.path, te.Token, c.contentType, c.body)
			mustProblemNaming(t, res, body, c.field)
		})
	}
}

// TestPatchCopiesAddAtMostAMegabyte: each JSON Patch copy can double a record, so forty
// copies of a free-form member into itself (a request of 3 KB) would build terabytes. The
// copies of one patch may add 1 MB together: beyond, the patch is a 400 and nothing changes.
func TestPatchCopiesAddAtMostAMegabyte(t *testing.T) {
	t.Parallel()
	te := newTenant(t)
	customer := createCustomer(t, te, client.CustomerWrite{Name: "Copier"})
	var ops []string
	for i := range 40 {
		ops = append(ops, fmt.Sprintf(`{"op":"copy","from":"/customFields","path":"/customFields/c%d"}`, i))
	}
	res, body := itemRequest(t, te, http.MethodPatch, "/api/customers/"+customer, "["+strings.Join(ops, ",")+"]")
	if p := mustProblem(t, res, body, http.StatusBadRequest); !strings.Contains(p.Detail, "copy operations add more than 1048576 bytes") {
		t.Fatalf("detail %q does not say what the copies broke", p.Detail)
	}
	res, body = rawRequest(t, http.MethodGet, "/api/customers/"+customer, te.Token, "", "")
	mustStatus(t, res.StatusCode, http.StatusOK, body)
	if strings.Contains(string(body), `"c0"`) {
		t.Fatalf("the refused patch changed the customer: %s", truncate(body))
	}
}
