package extref_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/dbtest"
	"mos/internal/platform/extref"
)

func s(v string) *string { return &v }

func at(v string) *time.Time {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		panic(err)
	}
	return &t
}

// full is a reference with every member set to a non-blank value.
func full() extref.Reference {
	return extref.Reference{
		Type: s("customer"), ExternalID: s("C-1001"), DisplayID: s("1001"), Status: s("synced"),
		URL: s("https://erp.example/c/1001"), ModifiedUtc: at("2024-05-01T10:00:00Z"), LastSyncedUtc: at("2024-05-02T11:30:00.5Z"),
	}
}

func with(edit func(*extref.Reference)) extref.Reference {
	r := full()
	edit(&r)
	return r
}

// keepBlanks is the mode of a PATCH of a customer, one of the record kinds whose patches
// store blank members as empty strings.
var keepBlanks = extref.PatchMode(extref.Customer)

func TestNormalize(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		mode   extref.Mode
		in     extref.References
		want   extref.References // compared when wantFields is empty
		fields []string          // field names that must carry an error, and no others
	}{
		// Write: create and full update.
		{"write keeps a full reference", extref.Write,
			extref.References{"erp": full()}, extref.References{"erp": full()}, nil},
		{"write keeps non-blank values exactly, untrimmed", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID, r.Status = s(" C-1 "), s("a b") })},
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID, r.Status = s(" C-1 "), s("a b") })}, nil},
		{"write stores blank members as no value", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) {
				r.Type, r.DisplayID, r.Status, r.URL = s(""), s("  "), s("\t"), s("\n \u00a0")
			})},
			extref.References{"erp": with(func(r *extref.Reference) { r.Type, r.DisplayID, r.Status, r.URL = nil, nil, nil, nil })}, nil},
		{"write keeps absent members absent", extref.Write,
			extref.References{"erp": {ExternalID: s("X")}}, extref.References{"erp": {ExternalID: s("X")}}, nil},
		{"write requires externalId when absent", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID = nil })}, nil,
			[]string{"externalReferences.erp.externalId"}},
		{"write requires externalId when empty", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID = s("") })}, nil,
			[]string{"externalReferences.erp.externalId"}},
		{"write requires externalId when whitespace", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID = s(" \t ") })}, nil,
			[]string{"externalReferences.erp.externalId"}},
		{"write requires externalId of an empty reference", extref.Write,
			extref.References{"erp": {}}, nil, []string{"externalReferences.erp.externalId"}},
		{"write reports every reference missing externalId", extref.Write,
			extref.References{"a": {}, "b": {Status: s("x")}, "ok": full()}, nil,
			[]string{"externalReferences.a.externalId", "externalReferences.b.externalId"}},
		{"write converts instants to UTC", extref.Write,
			extref.References{"erp": with(func(r *extref.Reference) { r.ModifiedUtc = at("2024-05-01T12:00:00+02:00") })},
			extref.References{"erp": full()}, nil},
		{"write answers an empty map for none", extref.Write, nil, extref.References{}, nil},
		{"write answers an empty map for an empty one", extref.Write, extref.References{}, extref.References{}, nil},

		// Keys, in both modes.
		{"empty key", extref.Write, extref.References{"": full()}, nil, []string{"externalReferences"}},
		{"blank key", keepBlanks, extref.References{"   ": full()}, nil, []string{"externalReferences"}},
		{"key of 200 characters", extref.Write,
			extref.References{strings.Repeat("é", 200): full()}, extref.References{strings.Repeat("é", 200): full()}, nil},
		{"key of 201 characters", keepBlanks, extref.References{strings.Repeat("k", 201): full()}, nil, []string{"externalReferences"}},
		{"key and member errors together", extref.Write,
			extref.References{"": full(), "erp": {}}, nil, []string{"externalReferences", "externalReferences.erp.externalId"}},

		// PATCH of customers, items, quotes, sales orders and purchase orders.
		{"patch keeps a full reference", keepBlanks,
			extref.References{"erp": full()}, extref.References{"erp": full()}, nil},
		{"patch stores blank members as empty strings", keepBlanks,
			extref.References{"erp": with(func(r *extref.Reference) { r.Type, r.DisplayID, r.Status, r.URL = s(""), s("  "), s("\t"), s("\n") })},
			extref.References{"erp": with(func(r *extref.Reference) { r.Type, r.DisplayID, r.Status, r.URL = s(""), s(""), s(""), s("") })}, nil},
		{"patch stores a blank externalId as an empty string", keepBlanks,
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID = s("   ") })},
			extref.References{"erp": with(func(r *extref.Reference) { r.ExternalID = s("") })}, nil},
		{"patch does not require externalId", keepBlanks,
			extref.References{"erp": {Status: s("pending")}}, extref.References{"erp": {Status: s("pending")}}, nil},
		{"patch keeps absent members absent", keepBlanks,
			extref.References{"erp": {}}, extref.References{"erp": {}}, nil},
		{"patch converts instants to UTC", keepBlanks,
			extref.References{"erp": with(func(r *extref.Reference) { r.LastSyncedUtc = at("2024-05-02T06:30:00.5-05:00") })},
			extref.References{"erp": full()}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, fields := extref.Normalize(c.in, c.mode)
			if len(c.fields) > 0 {
				names := make([]string, 0, len(fields))
				for k := range fields {
					names = append(names, k)
				}
				sort.Strings(names)
				if !reflect.DeepEqual(names, c.fields) {
					t.Fatalf("field errors %v, want errors on %v", fields, c.fields)
				}
				if got != nil {
					t.Fatalf("refused input answered a map %v", got)
				}
				if err := fields.Err(); err == nil {
					t.Fatal("field errors do not make an error")
				}
				return
			}
			if fields != nil {
				t.Fatalf("unexpected field errors %v", fields)
			}
			if got == nil {
				t.Fatal("accepted input answered a nil map")
			}
			if !equalRefs(got, c.want) {
				t.Fatalf("got %s\nwant %s", mustJSON(t, got), mustJSON(t, c.want))
			}
		})
	}
}

func TestNormalizeLeavesItsInputAlone(t *testing.T) {
	t.Parallel()
	in := extref.References{"erp": with(func(r *extref.Reference) {
		r.Status = s("  ")
		r.ModifiedUtc = at("2024-05-01T12:00:00+02:00")
	})}
	before := mustJSON(t, in)
	beforeZone := in["erp"].ModifiedUtc.Location()
	for _, mode := range []extref.Mode{extref.Write, keepBlanks} {
		if _, fields := extref.Normalize(in, mode); fields != nil {
			t.Fatal(fields)
		}
	}
	if after := mustJSON(t, in); after != before || *in["erp"].Status != "  " || in["erp"].ModifiedUtc.Location() != beforeZone {
		t.Fatalf("input changed from %s to %s", before, after)
	}
}

// TestNormalizeIsIdempotent: stored references normalized again (a PATCH or PUT that does
// not touch them) stay as they are.
func TestNormalizeIsIdempotent(t *testing.T) {
	t.Parallel()
	in := extref.References{
		"a": {ExternalID: s(" "), Status: s("")},
		"b": {Type: s("\t")},
		"c": full(),
	}
	once, fields := extref.Normalize(in, keepBlanks)
	if fields != nil {
		t.Fatal(fields)
	}
	twice, fields := extref.Normalize(once, keepBlanks)
	if fields != nil || !equalRefs(once, twice) {
		t.Fatalf("patch twice: %s, then %s (%v)", mustJSON(t, once), mustJSON(t, twice), fields)
	}
	w := extref.References{"c": full(), "d": {ExternalID: s("D"), URL: s(" ")}}
	once, _ = extref.Normalize(w, extref.Write)
	twice, fields = extref.Normalize(once, extref.Write)
	if fields != nil || !equalRefs(once, twice) {
		t.Fatalf("write twice: %s, then %s (%v)", mustJSON(t, once), mustJSON(t, twice), fields)
	}
}

// Only a PATCH of customers, items, quotes, sales orders and purchase orders stores a blank
// member as an empty string and takes a reference without externalId; a PATCH of any other
// record (inventory events and invoices today, any kind added later) follows the create and
// full update rule.
func TestPatchModeKeepsBlanksOnlyForCustomersItemsQuotesSalesOrdersAndPurchaseOrders(t *testing.T) {
	t.Parallel()
	blank := extref.References{"erp": {Type: s("journal"), ExternalID: s("  "), Status: s("")}}
	for _, kind := range []extref.Kind{extref.Customer, extref.Item, extref.Quote, extref.SalesOrder, extref.PurchaseOrder} {
		got, fields := extref.Normalize(blank, extref.PatchMode(kind))
		want := extref.References{"erp": {Type: s("journal"), ExternalID: s(""), Status: s("")}}
		if fields != nil || !equalRefs(got, want) {
			t.Errorf("PATCH of a %s: %s (%v), want blanks kept as empty strings", kind, mustJSON(t, got), fields)
		}
	}
	for _, kind := range []extref.Kind{extref.InventoryEvent, extref.Invoice, extref.Kind("shipment")} {
		if mode := extref.PatchMode(kind); mode != extref.Write {
			t.Errorf("PATCH of a %s uses mode %d, want Write", kind, mode)
		}
		_, fields := extref.Normalize(blank, extref.PatchMode(kind))
		if len(fields["externalReferences.erp.externalId"]) == 0 {
			t.Errorf("PATCH of a %s took a blank externalId (%v)", kind, fields)
		}
		got, fields := extref.Normalize(extref.References{"erp": {ExternalID: s("JE-1"), Status: s(" ")}}, extref.PatchMode(kind))
		if fields != nil || !equalRefs(got, extref.References{"erp": {ExternalID: s("JE-1")}}) {
			t.Errorf("PATCH of a %s: %s (%v), want a blank member stored as no value", kind, mustJSON(t, got), fields)
		}
	}
}

func TestNormalizeUnknownModePanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Fatal("Normalize with the zero Mode did not panic")
		}
	}()
	extref.Normalize(extref.References{}, 0)
}

func TestJSON(t *testing.T) {
	t.Parallel()
	const allNull = `{"type":null,"externalId":null,"displayId":null,"status":null,"url":null,"modifiedUtc":null,"lastSyncedUtc":null}`
	cases := []struct {
		name string
		refs extref.References
		json string
	}{
		{"nil map reads as an empty object", nil, `{}`},
		{"empty map", extref.References{}, `{}`},
		{"no externalId reads as null, with every member present", extref.References{"erp": {}}, `{"erp":` + allNull + `}`},
		{"empty strings stay empty strings",
			extref.References{"erp": {ExternalID: s(""), Status: s("")}},
			`{"erp":{"type":null,"externalId":"","displayId":null,"status":"","url":null,"modifiedUtc":null,"lastSyncedUtc":null}}`},
		{"full reference",
			extref.References{"erp": full()},
			`{"erp":{"type":"customer","externalId":"C-1001","displayId":"1001","status":"synced","url":"https://erp.example/c/1001","modifiedUtc":"2024-05-01T10:00:00Z","lastSyncedUtc":"2024-05-02T11:30:00.5Z"}}`},
		{"instants are written in UTC",
			extref.References{"k": {ExternalID: s("1"), ModifiedUtc: at("2024-05-01T12:00:00+02:00")}},
			`{"k":{"type":null,"externalId":"1","displayId":null,"status":null,"url":null,"modifiedUtc":"2024-05-01T10:00:00Z","lastSyncedUtc":null}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := mustJSON(t, c.refs); got != c.json {
				t.Fatalf("marshal: %s\nwant      %s", got, c.json)
			}
			// Round trip through JSON and through the jsonb column methods.
			var back extref.References
			if err := json.Unmarshal([]byte(c.json), &back); err != nil {
				t.Fatal(err)
			}
			if mustJSON(t, back) != c.json {
				t.Fatalf("unmarshal then marshal: %s", mustJSON(t, back))
			}
			v, err := c.refs.Value()
			if err != nil {
				t.Fatal(err)
			}
			str, ok := v.(string)
			if !ok {
				t.Fatalf("Value is %T, want string (lib/pq sends []byte as bytea)", v)
			}
			var scanned extref.References
			if err := scanned.Scan([]byte(str)); err != nil {
				t.Fatal(err)
			}
			if mustJSON(t, scanned) != c.json || scanned == nil {
				t.Fatalf("Value then Scan: %s", mustJSON(t, scanned))
			}
		})
	}
}

func TestUnmarshalReadsAbsentAndNullAsNoValue(t *testing.T) {
	t.Parallel()
	var refs extref.References
	body := `{"erp":{"externalId":"C-1","status":null,"url":"","unknown":1,"modifiedUtc":"2024-05-01T12:00:00+02:00","lastSyncedUtc":"2024-05-02T11:30:00.5"}}`
	if err := json.Unmarshal([]byte(body), &refs); err != nil {
		t.Fatal(err)
	}
	r := refs["erp"]
	if r.Type != nil || r.DisplayID != nil || r.Status != nil {
		t.Fatalf("absent or null members hold values: %+v", r)
	}
	if r.ExternalID == nil || *r.ExternalID != "C-1" || r.URL == nil || *r.URL != "" {
		t.Fatalf("members with values: %+v", r)
	}
	// Timestamps: an offset is converted to UTC, a value without one is read as UTC.
	if !eqUTC(r.ModifiedUtc, at("2024-05-01T10:00:00Z")) || !eqUTC(r.LastSyncedUtc, at("2024-05-02T11:30:00.5Z")) {
		t.Fatalf("instants %v, %v", r.ModifiedUtc, r.LastSyncedUtc)
	}
	for _, bad := range []string{`{"erp":{"modifiedUtc":"yesterday"}}`, `{"erp":{"externalId":5}}`, `{"erp":[]}`} {
		if err := json.Unmarshal([]byte(bad), &refs); err == nil {
			t.Errorf("%s unmarshalled", bad)
		}
	}
}

func TestScan(t *testing.T) {
	t.Parallel()
	for _, src := range []any{nil, []byte("null"), "null", []byte("{}")} {
		refs := extref.References{"stale": full()}
		if err := refs.Scan(src); err != nil || refs == nil || len(refs) != 0 {
			t.Errorf("Scan(%v): %v, %v; want an empty map", src, refs, err)
		}
	}
	var refs extref.References
	if err := refs.Scan(42); err == nil {
		t.Error("Scan of an int did not fail")
	}
	if err := refs.Scan([]byte(`{"erp":`)); err == nil {
		t.Error("Scan of malformed JSON did not fail")
	}
}

// TestJSONBColumnRoundTrip stores References in a real jsonb value and reads them back:
// empty strings and nulls stay distinct.
func TestJSONBColumnRoundTrip(t *testing.T) {
	t.Parallel()
	pool, _ := dbtest.New(t)
	in := extref.References{
		"erp":  full(),
		"crm":  {ExternalID: s(""), Status: s("")},
		"none": {},
	}
	var out extref.References
	if err := pool.QueryRowContext(context.Background(), `SELECT $1::jsonb`, in).Scan(&out); err != nil {
		t.Fatal(err)
	}
	if !equalRefs(in, out) {
		t.Fatalf("stored %s, read %s", mustJSON(t, in), mustJSON(t, out))
	}
	var null extref.References
	if err := pool.QueryRowContext(context.Background(), `SELECT NULL::jsonb`).Scan(&null); err != nil || null == nil {
		t.Fatalf("NULL column: %v, %v", null, err)
	}
}

// TestReadShapeMatchesSpec: what References marshals to is valid against the spec's
// ExternalReferences schema, and the schema refuses what the type never writes.
func TestReadShapeMatchesSpec(t *testing.T) {
	t.Parallel()
	// The file, not gen.GetSpec(): the generator prunes schemas no operation references yet,
	// from the embedded spec too.
	doc, err := openapi3.NewLoader().LoadFromFile("../../../openapi/v1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ref, ok := doc.Components.Schemas["ExternalReferences"]
	if !ok {
		t.Fatal("openapi/v1.yaml has no ExternalReferences schema")
	}
	validate := func(raw string) error {
		var v any
		if err := json.Unmarshal([]byte(raw), &v); err != nil {
			t.Fatal(err)
		}
		return ref.Value.VisitJSON(v, openapi3.MultiErrors())
	}
	for _, refs := range []extref.References{nil, {"none": {}}, {"erp": full(), "crm": {ExternalID: s(""), Status: s("")}}} {
		if err := validate(mustJSON(t, refs)); err != nil {
			t.Errorf("%s does not match the spec: %v", mustJSON(t, refs), err)
		}
	}
	for _, bad := range []string{`{"erp":{"externalId":5}}`, `{"erp":{"modifiedUtc":"yesterday"}}`, `{"erp":"C-1"}`} {
		if err := validate(bad); err == nil {
			t.Errorf("the spec accepts %s", bad)
		}
	}
}

func equalRefs(a, b extref.References) bool {
	if len(a) != len(b) {
		return false
	}
	for k, ra := range a {
		rb, ok := b[k]
		if !ok || !eqStr(ra.Type, rb.Type) || !eqStr(ra.ExternalID, rb.ExternalID) || !eqStr(ra.DisplayID, rb.DisplayID) ||
			!eqStr(ra.Status, rb.Status) || !eqStr(ra.URL, rb.URL) || !eqUTC(ra.ModifiedUtc, rb.ModifiedUtc) || !eqUTC(ra.LastSyncedUtc, rb.LastSyncedUtc) {
			return false
		}
	}
	return true
}

func eqStr(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// eqUTC compares instants and also requires both to be in UTC, so a conversion that was
// skipped shows up.
func eqUTC(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b) && a.Location() == time.UTC && b.Location() == time.UTC
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
