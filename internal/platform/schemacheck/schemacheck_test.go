package schemacheck

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/apperr"
)

const spec = `
openapi: 3.0.3
info: {title: t, version: '1'}
paths: {}
components:
  schemas:
    Decimal:
      type: number
      x-go-type: dec.Decimal
    Colour: {type: string, enum: [red, green, blue]}
    Thing:
      type: object
      properties:
        name: {type: string, maxLength: 5}
        price: {$ref: '#/components/schemas/Decimal'}
        wrapped: {allOf: [{$ref: '#/components/schemas/Decimal'}], nullable: true, description: wrapped}
        colours: {type: array, maxItems: 3, items: {$ref: '#/components/schemas/Colour'}}
        lines:
          type: array
          maxItems: 2
          items:
            type: object
            properties:
              quantity: {$ref: '#/components/schemas/Decimal'}
              tags: {type: array, maxItems: 1, items: {type: string}}
        byKey: {type: object, additionalProperties: {$ref: '#/components/schemas/Decimal'}}
        plain: {type: number}
        described: {allOf: [{$ref: '#/components/schemas/Quantities'}], description: a described list}
        free: {type: object, additionalProperties: true}
    Quantities:
      type: array
      maxItems: 2
      items: {$ref: '#/components/schemas/Decimal'}
`

func thing(t *testing.T) *openapi3.Schema {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	return doc.Components.Schemas["Thing"].Value
}

func decode(t *testing.T, s string) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func fieldsOf(t *testing.T, err error) map[string][]string {
	t.Helper()
	if err == nil {
		return nil
	}
	ae, ok := apperr.As(err)
	if !ok || ae.Kind != apperr.KindInvalid {
		t.Fatalf("error %v is not a 400 with fields", err)
	}
	return ae.Fields
}

// Every decimal the schema reaches (through $ref, allOf, array items, map values) is held to
// the API's digits; a number that is not the spec's Decimal is left to the schema.
func TestBoundsHoldEveryDecimalToTheAPIsDigits(t *testing.T) {
	t.Parallel()
	s := thing(t)
	huge := "123456789012345678901234"
	v := decode(t, `{"price":`+huge+`,"wrapped":0.000000000000000000001,"lines":[{"quantity":1},{"quantity":-`+huge+`}],
		"byKey":{"a":1,"b":`+huge+`},"plain":`+huge+`}`)
	fields, oversized := Bounds(s, v)
	if oversized {
		t.Fatal("no array is oversized")
	}
	for _, f := range []string{"price", "wrapped", "lines.1.quantity", "byKey.b"} {
		if len(fields[f]) != 1 {
			t.Errorf("fields %v do not name %s once", fields, f)
		}
	}
	if len(fields) != 4 {
		t.Errorf("fields %v, want exactly the four decimals out of bounds", fields)
	}
}

// An array over its maxItems is refused by its length alone: its elements, however wrong,
// are not looked at, and Validate does not go on to the schema.
func TestAnOversizedArrayIsRefusedBeforeItsElements(t *testing.T) {
	t.Parallel()
	s := thing(t)
	many := `"mauve"` + strings.Repeat(`,"mauve"`, 99_999)
	err := Validate(s, decode(t, `{"name":"far too long","colours":[`+many+`]}`))
	fields := fieldsOf(t, err)
	if len(fields) != 1 || len(fields["colours"]) != 1 || fields["colours"][0] != "maximum number of items is 3" {
		t.Fatalf("fields %v, want only colours: maximum number of items is 3", fields)
	}
	// Nested: the inner array's own bound, named by its path.
	fields = fieldsOf(t, Validate(s, decode(t, `{"lines":[{"tags":["a","b"]}]}`)))
	if len(fields["lines.0.tags"]) != 1 {
		t.Fatalf("fields %v do not name lines.0.tags", fields)
	}
}

// Without an oversized array, a decimal out of bounds and the schema's own errors are
// reported together, the enum refusal in the one phrasing of closed sets.
func TestValidateReportsBoundsAndSchemaErrorsTogether(t *testing.T) {
	t.Parallel()
	s := thing(t)
	fields := fieldsOf(t, Validate(s, decode(t, `{"name":"far too long","price":1e25,"colours":["mauve"]}`)))
	for _, f := range []string{"name", "price", "colours.0"} {
		if len(fields[f]) == 0 {
			t.Errorf("fields %v do not name %s", fields, f)
		}
	}
	if got := fields["colours.0"]; len(got) != 1 || got[0] != `"mauve" is not one of the allowed values: red, green, blue` {
		t.Errorf("colours.0: %v", got)
	}
	if err := Validate(s, decode(t, `{"name":"ok","price":99999999999999999999.5,"colours":["red"]}`)); err != nil {
		t.Fatalf("a valid document: %v", err)
	}
}

// A list described through allOf keeps its bounds and its elements' (the lone allOf is looked
// through), and no text anywhere, free-form members and member names included, may hold a
// NUL character, which no PostgreSQL column takes.
func TestBoundsLookThroughDescriptionsAndRefuseNUL(t *testing.T) {
	t.Parallel()
	s := thing(t)
	fields, oversized := Bounds(s, decode(t, `{"described":[1,1e25]}`))
	if oversized || len(fields["described.1"]) != 1 {
		t.Fatalf("fields %v (oversized %v), want described.1", fields, oversized)
	}
	if _, oversized := Bounds(s, decode(t, `{"described":[1,2,3]}`)); !oversized {
		t.Fatal("a described list over its maxItems passed")
	}
	fields, _ = Bounds(s, decode(t, `{"name":"a\u0000b","free":{"deep":[{"x":"\u0000"}],"k\u0000":1},"lines":[{"tags":["\u0000"]}]}`))
	for _, f := range []string{"name", "free.deep.0.x", "free", "lines.0.tags.0"} {
		if got := fields[f]; len(got) != 1 || got[0] != errNUL {
			t.Errorf("%s: %v, want %q (fields %v)", f, got, errNUL, fields)
		}
	}
}
