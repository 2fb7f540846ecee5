package conditional

import (
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// thingsSpec has a conditional GET and PUT of a thing, and an unmarked DELETE.
const thingsSpec = `
openapi: 3.0.3
info: {title: things, version: v1}
paths:
  /api/things/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: string}}
    get:
      operationId: getThing
      parameters:
        - $ref: '#/components/parameters/IfNoneMatch'
      responses:
        '200':
          description: the thing
          headers:
            ETag: {$ref: '#/components/headers/RecordETag'}
        '304': {$ref: '#/components/responses/RecordNotModified'}
    put:
      operationId: updateThing
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      responses:
        '200':
          description: the thing
          headers:
            ETag: {$ref: '#/components/headers/RecordETag'}
        '412': {$ref: '#/components/responses/PreconditionFailed'}
    delete:
      operationId: deleteThing
      responses:
        '204': {description: gone}
components:
  parameters:
    IfMatch: {name: If-Match, in: header, schema: {type: string}}
    IfNoneMatch: {name: If-None-Match, in: header, schema: {type: string}}
  headers:
    RecordETag: {schema: {type: string}}
  responses:
    RecordNotModified: {description: current}
    PreconditionFailed: {description: changed}
`

func loadThings(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData([]byte(thingsSpec))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// New accepts declarations that match the spec, and refuses to start on any disagreement:
// an operation that does not exist, is declared twice, lacks the spec's conditional
// components, or has them without a declaration; a key that is not a path parameter.
func TestNewChecksTheDeclarationsAgainstTheSpec(t *testing.T) {
	thing := Record{Table: "things", Key: map[string]string{"id": "id"}, Operations: []string{"getThing", "updateThing"}}
	g, err := New(nil, loadThings(t), thing)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.Operations(), ","); got != "getThing,updateThing" {
		t.Fatalf("operations %s", got)
	}
	for _, c := range []struct {
		name    string
		records []Record
		want    string
	}{
		{"undeclared", nil, "getThing declares conditional requests in the spec but no record declares it"},
		{"unknown", []Record{thing, {Table: "things", Key: map[string]string{"id": "id"}, Operations: []string{"getNothing"}}}, "no operation getNothing"},
		{"twice", []Record{thing, {Table: "others", Key: map[string]string{"id": "id"}, Operations: []string{"getThing"}}}, "getThing is declared twice"},
		{"lacking", []Record{{Table: "things", Key: map[string]string{"id": "id"}, Operations: []string{"getThing", "updateThing", "deleteThing"}}},
			"deleteThing is declared conditional but its spec lacks the If-Match parameter"},
		{"key", []Record{{Table: "things", Key: map[string]string{"id": "thingId"}, Operations: []string{"getThing", "updateThing"}}},
			"has no path parameter thingId"},
		{"table", []Record{{Table: "things; DROP", Key: map[string]string{"id": "id"}, Operations: []string{"getThing", "updateThing"}}},
			"not a plain table name"},
		{"part GET", []Record{{Table: "things", Key: map[string]string{"id": "id"}, Operations: []string{"updateThing"}, Parts: []string{"getThing"}}},
			"is one of the record's Operations, not a part"},
	} {
		_, err := New(nil, loadThings(t), c.records...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

// The ETag is the row's version, with a digest of what the record shows of other rows
// beside it when the record declares that; the row is named by tenant and key, the lock
// takes the record's row only.
func TestRecordSQL(t *testing.T) {
	rec, err := compile(Record{Table: "addresses", Key: map[string]string{"id": "addressId", "customer_id": "customerId"},
		Operations: []string{"getAddress"}, Shows: func() string { return "t.name" }})
	if err != nil {
		t.Fatal(err)
	}
	want := "SELECT t.version::text || coalesce('-' || left(md5((t.name)::text), 16), '') FROM addresses t WHERE t.tenant_id = $1 AND t.customer_id = $2 AND t.id = $3"
	if rec.readSQL != want || rec.lockSQL != want+" FOR UPDATE OF t" {
		t.Fatalf("read %s\nlock %s", rec.readSQL, rec.lockSQL)
	}
	if strings.Join(rec.params, ",") != "customerId,addressId" || rec.singleton {
		t.Fatalf("params %v, singleton %v", rec.params, rec.singleton)
	}
	settings, err := compile(Record{Table: "settings", Operations: []string{"getSettings"}})
	if err != nil {
		t.Fatal(err)
	}
	if !settings.singleton || settings.readSQL != "SELECT t.version::text FROM settings t WHERE t.tenant_id = $1" {
		t.Fatalf("settings: %+v", settings)
	}
}

// A POST updating the record at the record's own path is declared like a PUT (its answer
// carries the new ETag); a POST anywhere else (a create, an action below the record) is
// refused.
func TestNewAcceptsAPostUpdateOnlyAtTheRecordsPath(t *testing.T) {
	post := `
    post:
      operationId: postThing
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      responses:
        '200':
          description: the thing
          headers:
            ETag: {$ref: '#/components/headers/RecordETag'}
        '412': {$ref: '#/components/responses/PreconditionFailed'}
`
	load := func(path string) *openapi3.T {
		spec := strings.Replace(thingsSpec, "components:\n", "  "+path+":\n    parameters:\n      - {name: id, in: path, required: true, schema: {type: string}}\n"+post+"components:\n", 1)
		doc, err := openapi3.NewLoader().LoadFromData([]byte(spec))
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	things := func(ops ...string) Record {
		return Record{Table: "things", Key: map[string]string{"id": "id"}, Operations: append([]string{"getThing", "updateThing"}, ops...)}
	}
	_, err := New(nil, load("/api/things/{id}/again"), things())
	if err == nil || !strings.Contains(err.Error(), "postThing declares conditional requests") {
		t.Fatalf("undeclared conditional POST: %v", err)
	}
	if _, err = New(nil, load("/api/things/{id}/again"), things("postThing")); err == nil || !strings.Contains(err.Error(), "not an update at the record's own path") {
		t.Fatalf("POST below the record: %v", err)
	}
	spec, err := openapi3.NewLoader().LoadFromData([]byte(strings.Replace(thingsSpec, "    delete:\n", strings.TrimPrefix(post, "\n")+"    delete:\n", 1)))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(nil, spec, things("postThing"))
	if err != nil {
		t.Fatal(err)
	}
	if o := g.ops["POST /api/things/:id"]; o == nil || !o.answersRecord {
		t.Fatalf("the POST update is %+v, want an operation answering its record", o)
	}
}
