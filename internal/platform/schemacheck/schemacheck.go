// Package schemacheck checks decoded JSON against a schema of the spec the one way every
// request body is checked, by the request validator and by the patch package alike:
//
//   - Bounds first: an array longer than its maxItems is refused without its elements
//     being looked at (a request of a hundred thousand bad elements costs its length, not a
//     hundred thousand errors), and a number whose schema is the spec's Decimal must be a
//     decimal the API accepts, judged on its digits (kin-openapi sees only a float64);
//   - no text anywhere in the document holds a NUL character, which no PostgreSQL column
//     takes (the field is named, where the database would only fail the statement);
//   - then the schema itself, every failure collected, each named by its field's path and
//     phrased as field problems are everywhere (an enum refusal lists the allowed values).
package schemacheck

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/apperr"
	"mos/internal/platform/dec"
)

// Validate checks v against s: Bounds, then (unless an array was oversized) the schema
// with opts and every error collected. It returns a 400 naming each field at fault, or nil.
func Validate(s *openapi3.Schema, v any, opts ...openapi3.SchemaValidationOption) error {
	fields, oversized := Bounds(s, v)
	if !oversized {
		Collect(s.VisitJSON(v, append(opts, openapi3.MultiErrors())...), fields)
	}
	return fields.Err()
}

// Bounds checks what must hold before v is validated against s (see the package comment).
// It reports the fields at fault, and whether an array was over its maxItems, in which
// case the caller must not go on to validate the elements.
func Bounds(s *openapi3.Schema, v any) (fields apperr.Fields, oversized bool) {
	b := bounds{fields: apperr.Fields{}}
	b.visit(s, v, nil)
	return b.fields, b.oversized
}

type bounds struct {
	fields    apperr.Fields
	oversized bool
}

// visit checks v, and everything inside it, against s (nil: a value the schema leaves open,
// still checked for NUL characters).
func (b *bounds) visit(s *openapi3.Schema, v any, path []string) {
	if v == nil {
		return
	}
	s = lone(s)
	// allOf parts all apply (their array and decimal bounds; the walk below covers the
	// rest); anyOf and oneOf branches are not entered (which one applies is for the schema
	// validation to find).
	if s != nil {
		for _, part := range s.AllOf {
			if part != nil {
				b.bound(part.Value, v, path)
			}
		}
	}
	if b.bound(s, v, path) {
		return
	}
	switch x := v.(type) {
	case []any:
		var items *openapi3.Schema
		if s != nil && s.Items != nil {
			items = s.Items.Value
		}
		for i, e := range x {
			b.visit(items, e, append(path, strconv.Itoa(i)))
		}
	case map[string]any:
		for k, e := range x {
			if strings.ContainsRune(k, 0) {
				b.fields.Add(Name(path), "%s", errNUL)
				continue
			}
			b.visit(member(s, k), e, append(path, k))
		}
	case string:
		if strings.ContainsRune(x, 0) {
			b.fields.Add(Name(path), "%s", errNUL)
		}
	}
}

// errNUL refuses text PostgreSQL cannot store: no column or JSON document takes U+0000.
const errNUL = "must not contain the NUL character (U+0000)"

// bound applies s's own array and decimal bounds to v, reporting whether v is an array
// over its maxItems (whose elements must then not be looked at).
func (b *bounds) bound(s *openapi3.Schema, v any, path []string) (oversized bool) {
	if s == nil {
		return false
	}
	switch x := v.(type) {
	case []any:
		if s.MaxItems != nil && uint64(len(x)) > *s.MaxItems {
			b.fields.Add(Name(path), "maximum number of items is %d", *s.MaxItems)
			b.oversized = true
			return true
		}
	case json.Number:
		if IsDecimal(s) {
			if err := dec.CheckJSON(string(x)); err != nil {
				b.fields.Add(Name(path), "%v", err)
			}
		}
	}
	return false
}

// lone looks through a lone allOf (the spec's way of describing a $ref) to the schema it
// wraps; the wrapper's own array bounds, if any, are still applied by visit.
func lone(s *openapi3.Schema) *openapi3.Schema {
	for s != nil && len(s.Properties) == 0 && s.Items == nil && len(s.AllOf) == 1 && s.AllOf[0] != nil && s.AllOf[0].Value != nil {
		if s.MaxItems != nil {
			return s
		}
		s = s.AllOf[0].Value
	}
	return s
}

// member is the schema of the object member k: a declared property, or the schema of the
// members it does not declare, or nil. A lone allOf (a described $ref) is looked through.
func member(s *openapi3.Schema, k string) *openapi3.Schema {
	s = lone(s)
	if s == nil {
		return nil
	}
	if p := s.Properties[k]; p != nil {
		return p.Value
	}
	for _, part := range s.AllOf {
		if part != nil && part.Value != nil {
			if p := part.Value.Properties[k]; p != nil {
				return p.Value
			}
		}
	}
	if ap := s.AdditionalProperties.Schema; ap != nil {
		return ap.Value
	}
	return nil
}

// IsDecimal reports whether s is the spec's Decimal schema (the one Go reads as dec.Decimal).
func IsDecimal(s *openapi3.Schema) bool {
	t, _ := s.Extensions["x-go-type"].(string)
	return t == "dec.Decimal"
}

// Name is the field name problems use for a JSON path: its tokens joined with dots, or
// "body" for the whole document.
func Name(path []string) string {
	if len(path) == 0 {
		return "body"
	}
	return strings.Join(path, ".")
}

// Collect adds the schema errors in err (a kin-openapi SchemaError or MultiError of them)
// to fields, each under the path of the value it is about.
func Collect(err error, fields apperr.Fields) {
	if err == nil {
		return
	}
	switch e := err.(type) { //nolint:errorlint // each level of the tree is inspected on purpose
	case openapi3.MultiError:
		for _, inner := range e {
			Collect(inner, fields)
		}
	case *openapi3.SchemaError:
		// An allOf failure wraps the errors of its parts, which carry the full field paths.
		var parts openapi3.MultiError
		if e.SchemaField == "allOf" && e.Origin != nil && errors.As(e.Origin, &parts) {
			Collect(parts, fields)
			return
		}
		// kin-openapi may report one failure more than once (through each schema that
		// reaches it): a field says each thing once.
		name, reason := Name(e.JSONPointer()), Reason(e)
		if !slices.Contains(fields[name], reason) {
			fields.Add(name, "%s", reason)
		}
	default:
		fields.Add("body", "%s", firstLine(err.Error()))
	}
}

// Reason is why a value failed its schema. A value outside an enum is said the way the
// services say it (apperr.NotOneOf: the value, then the allowed values), in place of
// kin-openapi's JSON array, so that a client reads one phrasing wherever the set is checked.
func Reason(se *openapi3.SchemaError) string {
	if se.SchemaField != "enum" || se.Schema == nil || len(se.Schema.Enum) == 0 {
		return se.Reason
	}
	allowed := make([]string, len(se.Schema.Enum))
	for i, v := range se.Schema.Enum {
		if s, ok := v.(string); ok {
			allowed[i] = s
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return se.Reason
		}
		allowed[i] = string(b)
	}
	return apperr.NotOneOf(se.Value, allowed)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
