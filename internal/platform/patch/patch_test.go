package patch

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/gen"
	"mos/internal/platform/apperr"
)

// widgetSpec is a spec with one full-update schema, WidgetWrite: what a patched widget
// must satisfy. The read shape adds id and createdUtc, which a patch may not touch.
func widgetSpec() *openapi3.T {
	str := func(minLen uint64, maxLen uint64) *openapi3.SchemaRef {
		s := openapi3.NewStringSchema().WithMinLength(int64(minLen)).WithMaxLength(int64(maxLen))
		return s.NewRef()
	}
	note := openapi3.NewStringSchema().WithMaxLength(20)
	note.Nullable = true
	write := openapi3.NewObjectSchema().
		WithProperty("name", str(1, 10).Value).
		WithProperty("alias", str(1, 10).Value).
		WithProperty("count", openapi3.NewIntegerSchema().WithMin(0)).
		WithProperty("tags", openapi3.NewArraySchema().WithItems(openapi3.NewStringSchema())).
		WithPropertyRef("note", note.NewRef()).
		WithProperty("a/b", openapi3.NewStringSchema()).
		WithProperty("dims", openapi3.NewObjectSchema().WithProperty("w", openapi3.NewIntegerSchema()))
	write.Required = []string{"name", "count"}
	return &openapi3.T{
		OpenAPI:    "3.0.3",
		Components: &openapi3.Components{Schemas: openapi3.Schemas{"WidgetWrite": write.NewRef()}},
	}
}

// widget is the read shape of a stored widget.
type widget struct {
	ID         string   `json:"id"`
	CreatedUtc string   `json:"createdUtc"`
	Name       string   `json:"name"`
	Alias      *string  `json:"alias,omitempty"`
	Count      int      `json:"count"`
	Tags       []string `json:"tags"`
	Note       *string  `json:"note"`
}

func stored() widget {
	return widget{ID: "6745f0a2c81e4b0012ab34cd", CreatedUtc: "2026-01-01T00:00:00Z", Name: "Gear", Count: 3, Tags: []string{"a", "b"}}
}

func strp(s string) *string { return &s }

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("patched document %s: %v", b, err)
	}
	return m
}

func TestApplyEachOperation(t *testing.T) {
	t.Parallel()
	target := NewTarget(widgetSpec(), "WidgetWrite")
	cases := []struct {
		name string
		ops  []Operation
		want map[string]any
	}{
		{"replace", []Operation{{Op: "replace", Path: "/name", Value: "Cog"}},
			map[string]any{"name": "Cog", "count": 3.0, "tags": []any{"a", "b"}, "note": nil}},
		{"add a member", []Operation{{Op: "add", Path: "/alias", Value: "G1"}},
			map[string]any{"name": "Gear", "alias": "G1", "count": 3.0, "tags": []any{"a", "b"}, "note": nil}},
		{"add to an array", []Operation{{Op: "add", Path: "/tags/-", Value: "c"}},
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"a", "b", "c"}, "note": nil}},
		{"remove", []Operation{{Op: "remove", Path: "/tags/0"}},
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"b"}, "note": nil}},
		{"move", []Operation{{Op: "move", From: strp("/name"), Path: "/alias"}, {Op: "add", Path: "/name", Value: "New"}},
			map[string]any{"name": "New", "alias": "Gear", "count": 3.0, "tags": []any{"a", "b"}, "note": nil}},
		{"copy", []Operation{{Op: "copy", From: strp("/name"), Path: "/note"}},
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"a", "b"}, "note": "Gear"}},
		{"test then replace", []Operation{{Op: "test", Path: "/count", Value: 3}, {Op: "replace", Path: "/count", Value: 4}},
			map[string]any{"name": "Gear", "count": 4.0, "tags": []any{"a", "b"}, "note": nil}},
		{"replace with null", []Operation{{Op: "add", Path: "/note", Value: "x"}, {Op: "replace", Path: "/note", Value: nil}},
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"a", "b"}, "note": nil}},
		{"escaped pointer", []Operation{{Op: "add", Path: "/a~1b", Value: "slash"}},
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"a", "b"}, "note": nil, "a/b": "slash"}},
		{"no operations", nil,
			map[string]any{"name": "Gear", "count": 3.0, "tags": []any{"a", "b"}, "note": nil}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := target.Apply(stored(), c.ops)
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			// Read-only properties of the read shape (id, createdUtc) are never in the result.
			if got := decode(t, out); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

// mustFields fails t unless err is a 400 whose fields are exactly want.
func mustFields(t *testing.T, err error, want ...string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		t.Fatalf("error %v, want a 400", err)
	}
	if len(want) == 0 {
		return
	}
	got := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		got = append(got, k)
	}
	for _, w := range want {
		if len(e.Fields[w]) == 0 {
			t.Fatalf("fields %v, want %v (detail %q)", got, want, e.Detail)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("fields %v, want exactly %v", got, want)
	}
}

func TestApplyRejectsBadPatches(t *testing.T) {
	t.Parallel()
	target := NewTarget(widgetSpec(), "WidgetWrite")
	cases := []struct {
		name   string
		ops    []Operation
		fields []string // field errors the 400 names; none for a detail-only 400
	}{
		{"unknown path", []Operation{{Op: "replace", Path: "/colour", Value: "red"}}, []string{"[0].path"}},
		{"read-only path", []Operation{{Op: "replace", Path: "/id", Value: "x"}}, []string{"[0].path"}},
		{"path without a leading slash", []Operation{{Op: "replace", Path: "name", Value: "x"}}, []string{"[0].path"}},
		{"whole document", []Operation{{Op: "replace", Path: "", Value: map[string]any{}}}, []string{"[0].path"}},
		{"unsupported op", []Operation{{Op: "merge", Path: "/name", Value: "x"}}, []string{"[0].op"}},
		{"unknown nested member", []Operation{{Op: "add", Path: "/dims/depth", Value: 1}}, []string{"[0].path"}},
		{"member below a scalar", []Operation{{Op: "add", Path: "/name/first", Value: "x"}}, []string{"[0].path"}},
		{"non-index below an array", []Operation{{Op: "add", Path: "/tags/first", Value: "x"}}, []string{"[0].path"}},
		{"leading-zero index", []Operation{{Op: "replace", Path: "/tags/01", Value: "x"}}, []string{"[0].path"}},
		{"move without from", []Operation{{Op: "move", Path: "/alias"}}, []string{"[0].from"}},
		{"copy without from", []Operation{{Op: "copy", Path: "/alias"}}, []string{"[0].from"}},
		{"move from an unknown path", []Operation{{Op: "move", From: strp("/id"), Path: "/alias"}}, []string{"[0].from"}},
		{"errors of every operation", []Operation{{Op: "replace", Path: "/name", Value: "ok"}, {Op: "copy", Path: "/nope"}}, []string{"[1].from", "[1].path"}},
		{"failed test", []Operation{{Op: "test", Path: "/name", Value: "Sprocket"}}, nil},
		{"remove a missing member", []Operation{{Op: "remove", Path: "/alias"}}, nil},
		{"move from a missing member", []Operation{{Op: "move", From: strp("/alias"), Path: "/note"}}, nil},
		{"replace a missing member", []Operation{{Op: "replace", Path: "/alias", Value: "x"}}, nil},
		{"index out of range", []Operation{{Op: "replace", Path: "/tags/9", Value: "z"}}, nil},
		{"value of the wrong type", []Operation{{Op: "replace", Path: "/count", Value: "three"}}, []string{"count"}},
		{"value out of range", []Operation{{Op: "replace", Path: "/count", Value: -1}}, []string{"count"}},
		{"too long", []Operation{{Op: "replace", Path: "/name", Value: "far too long a name"}}, []string{"name"}},
		{"required member removed", []Operation{{Op: "remove", Path: "/name"}}, []string{"name"}},
		{"null where not nullable", []Operation{{Op: "replace", Path: "/name", Value: nil}}, []string{"name"}},
		{"wrong item type", []Operation{{Op: "add", Path: "/tags/-", Value: 7}}, []string{"tags.2"}},
		{"several violations at once", []Operation{{Op: "replace", Path: "/count", Value: -1}, {Op: "add", Path: "/alias", Value: ""}}, []string{"count", "alias"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := target.Apply(stored(), c.ops)
			if err == nil {
				t.Fatalf("Apply succeeded with %s", out)
			}
			mustFields(t, err, c.fields...)
		})
	}
}

func TestApplyLeavesTheCurrentRecordUntouched(t *testing.T) {
	t.Parallel()
	target := NewTarget(widgetSpec(), "WidgetWrite")
	cur := stored()
	if _, err := target.Apply(cur, []Operation{{Op: "add", Path: "/tags/-", Value: "c"}, {Op: "replace", Path: "/name", Value: "Cog"}}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cur, stored()) {
		t.Fatalf("Apply changed its input: %+v", cur)
	}
}

func TestPathsReportsTopLevelMembersThroughPathOrFrom(t *testing.T) {
	t.Parallel()
	ops := []Operation{{Op: "copy", From: strp("/name"), Path: "/alias/0"}, {Op: "add", Path: "/a~1b", Value: 1}}
	for _, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"name"}, true},
		{[]string{"alias"}, true},
		{[]string{"a/b"}, true},
		{[]string{"count", "tags"}, false},
		{[]string{"count", "name"}, true},
		{nil, false},
	} {
		if got := Paths(ops, c.names...); got != c.want {
			t.Errorf("Paths(%v) = %v, want %v", c.names, got, c.want)
		}
	}
}

func TestNewTargetReadsTheServedSpec(t *testing.T) {
	t.Parallel()
	doc, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	target := NewTarget(doc, "CompanyInfoWrite")
	current := map[string]any{"id": "6745f0a2c81e4b0012ab34cd", "isPrimary": false, "name": "Acme", "phoneNumber": nil}
	out, err := target.Apply(current, []Operation{{Op: "replace", Path: "/name", Value: "Acme GmbH"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := decode(t, out); got["name"] != "Acme GmbH" || got["id"] != nil {
		t.Fatalf("patched company %v", got)
	}
	_, err = target.Apply(current, []Operation{{Op: "replace", Path: "/name", Value: ""}})
	mustFields(t, err, "name")

	defer func() {
		if recover() == nil {
			t.Fatal("NewTarget accepted a schema the spec does not have")
		}
	}()
	NewTarget(doc, "NoSuchSchema")
}

// Each copy operation can double a record: a patch of forty copies, a request of a few
// kilobytes, would build a document of terabytes. Copies may add MaxCopyBytes together; a
// patch that copies more is a 400.
func TestApplyRefusesCopiesThatWouldBlowUpTheRecord(t *testing.T) {
	t.Parallel()
	target := NewTarget(widgetSpec(), "WidgetWrite")
	cur := stored()
	cur.Tags = []string{strings.Repeat("t", 100<<10)}
	from := "/tags/0"
	var ops []Operation
	for range 20 {
		ops = append(ops, Operation{Op: "copy", From: &from, Path: "/tags/-"})
	}
	_, err := target.Apply(cur, ops)
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid || !strings.Contains(e.Detail, "copy operations add more than") {
		t.Fatalf("copies of 2 MB: %v, want a 400 about the copies", err)
	}
	if _, err := target.Apply(cur, ops[:2]); err != nil {
		t.Fatalf("two copies: %v", err)
	}
}

// TestFromAPITellsAnEmptyPatchFromNoBody: an empty JSON Patch is a patch (non-nil, no
// operations), an absent body none.
func TestFromAPITellsAnEmptyPatchFromNoBody(t *testing.T) {
	if ops := FromAPI(nil); ops != nil {
		t.Errorf("no body: %v", ops)
	}
	empty := gen.JsonPatch{}
	if ops := FromAPI(&empty); ops == nil || len(ops) != 0 {
		t.Errorf("empty patch: %#v", ops)
	}
	one := gen.JsonPatch{{Op: "replace", Path: "/name", Value: "x"}}
	if ops := FromAPI(&one); len(ops) != 1 || ops[0].Op != "replace" || ops[0].Path != "/name" || ops[0].Value != "x" {
		t.Errorf("one operation: %#v", ops)
	}
}
