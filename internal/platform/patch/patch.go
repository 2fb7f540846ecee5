// Package patch applies RFC 6902 JSON Patch documents to a record's read shape and
// revalidates the result as a full update, so PATCH never bypasses the rules of PUT.
package patch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/apperr"
	"mos/internal/platform/schemacheck"
)

// MaxCopyBytes bounds what a patch's copy operations may add to a record together. Each copy
// can double the record, so without it a patch of a few dozen copies (a request of a few
// kilobytes) would build gigabytes.
const MaxCopyBytes = 1 << 20

// Operation is one JSON Patch operation as sent.
type Operation struct {
	Op    string
	Path  string
	From  *string
	Value any
}

// Target is the full-update schema a patched record must satisfy.
type Target struct {
	name       string
	schema     *openapi3.Schema
	properties map[string]bool
}

// NewTarget reads the named component schema of the spec. It panics when the schema is
// missing: that is a wiring bug found at start-up.
func NewTarget(doc *openapi3.T, schemaName string) *Target {
	ref, ok := doc.Components.Schemas[schemaName]
	if !ok || ref.Value == nil {
		panic(fmt.Sprintf("patch: schema %q not in the spec", schemaName))
	}
	props := map[string]bool{}
	for name := range ref.Value.Properties {
		props[name] = true
	}
	return &Target{name: schemaName, schema: ref.Value, properties: props}
}

// Paths reports whether ops touch any top-level property in names (through path or from).
func Paths(ops []Operation, names ...string) bool {
	for _, op := range ops {
		for _, p := range pointers(op) {
			for _, n := range names {
				if topLevel(p) == n {
					return true
				}
			}
		}
	}
	return false
}

// Apply patches current (the record's read shape) and returns the result restricted to
// the target's properties, validated against the target schema.
func (t *Target) Apply(current any, ops []Operation) ([]byte, error) {
	fields := apperr.Fields{}
	for i, op := range ops {
		switch op.Op {
		case "add", "remove", "replace", "move", "copy", "test":
		default:
			fields.Add(fmt.Sprintf("[%d].op", i), "unsupported operation %q", op.Op)
			continue
		}
		if op.Op == "move" || op.Op == "copy" {
			if op.From == nil {
				fields.Add(fmt.Sprintf("[%d].from", i), "is required for %s", op.Op)
			} else if !t.known(*op.From) {
				fields.Add(fmt.Sprintf("[%d].from", i), "unknown path %q", *op.From)
			}
		}
		if !t.known(op.Path) {
			fields.Add(fmt.Sprintf("[%d].path", i), "unknown path %q", op.Path)
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}

	doc, err := t.project(current)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(wireOps(ops))
	if err != nil {
		return nil, fmt.Errorf("encode patch: %w", err)
	}
	p, err := jsonpatch.DecodePatch(raw)
	if err != nil {
		return nil, apperr.Invalid("malformed patch: %v", err)
	}
	opts := jsonpatch.NewApplyOptions()
	opts.AccumulatedCopySizeLimit = MaxCopyBytes
	out, err := p.ApplyWithOptions(doc, opts)
	if err != nil {
		var tooMuch *jsonpatch.AccumulatedCopySizeError
		switch {
		case errors.As(err, &tooMuch):
			return nil, apperr.Invalid("the patch's copy operations add more than %d bytes to the record", MaxCopyBytes)
		case errors.Is(err, jsonpatch.ErrTestFailed):
			return nil, apperr.Invalid("patch test operation failed: %v", err)
		}
		return nil, apperr.Invalid("patch cannot be applied: %v", err)
	}
	if err := t.validate(out); err != nil {
		return nil, err
	}
	return out, nil
}

// ApplyInto is Apply, then decodes the patched document into into (the full update's
// generated type; numbers as json.Number, so free-form values keep their digits). The
// document passed the full update's schema, but a type may parse more strictly than the
// schema says: what it still refuses is the request's fault, a 400, never a 500.
func (t *Target) ApplyInto(current any, ops []Operation, into any) error {
	doc, err := t.Apply(current, ops)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	if err := d.Decode(into); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return apperr.Field(te.Field, "cannot hold a JSON %s", te.Value)
		}
		return apperr.Field("body", "the patched record cannot be read: %v", err)
	}
	return nil
}

// known reports whether pointer names a place the target schema has: every token must be
// a declared property, an array index (or "-"), or fall inside a free-form map.
func (t *Target) known(pointer string) bool {
	if !strings.HasPrefix(pointer, "/") {
		return false
	}
	s := t.schema
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		s = unwrap(s)
		switch {
		case s == nil:
			return false
		case s.Properties[tok] != nil:
			s = s.Properties[tok].Value
		case s.AdditionalProperties.Schema != nil:
			s = s.AdditionalProperties.Schema.Value
		case s.AdditionalProperties.Has != nil && *s.AdditionalProperties.Has:
			return true // a free-form map: its members have no schema to walk
		case s.Type.Is(openapi3.TypeArray) && s.Items != nil && (tok == "-" || isIndex(tok)):
			s = s.Items.Value
		default:
			return false
		}
	}
	return true
}

// unwrap follows a lone allOf, the spec's way of adding a description to a $ref.
func unwrap(s *openapi3.Schema) *openapi3.Schema {
	for s != nil && len(s.AllOf) == 1 && len(s.Properties) == 0 {
		s = s.AllOf[0].Value
	}
	return s
}

func isIndex(tok string) bool {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return false
	}
	for _, r := range tok {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// project keeps only the properties a full update takes.
func (t *Target) project(current any) ([]byte, error) {
	b, err := json.Marshal(current)
	if err != nil {
		return nil, fmt.Errorf("encode current record: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("current record is not an object: %w", err)
	}
	for k := range m {
		if !t.properties[k] {
			delete(m, k)
		}
	}
	return json.Marshal(m)
}

// validate checks the patched document as the request validator checks a full update's
// body (schemacheck: bounds first, then the schema), so that every value reaching a store
// through PATCH, decimals included, passed the same checks as through PUT.
func (t *Target) validate(doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return apperr.Invalid("patched record is not valid JSON: %v", err)
	}
	return schemacheck.Validate(t.schema, v)
}

func pointers(op Operation) []string {
	ps := []string{op.Path}
	if op.From != nil {
		ps = append(ps, *op.From)
	}
	return ps
}

// topLevel returns the first reference token of a JSON pointer, unescaped.
func topLevel(pointer string) string {
	p := strings.TrimPrefix(pointer, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		p = p[:i]
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(p)
}

type wireOp struct {
	Op    string  `json:"op"`
	Path  string  `json:"path"`
	From  *string `json:"from,omitempty"`
	Value *any    `json:"value,omitempty"`
}

// wireOps re-encodes the operations; a value is always sent for add, replace and test
// (an absent value counts as null).
func wireOps(ops []Operation) []wireOp {
	out := make([]wireOp, len(ops))
	for i, op := range ops {
		w := wireOp{Op: op.Op, Path: op.Path, From: op.From}
		if op.Op == "add" || op.Op == "replace" || op.Op == "test" {
			v := op.Value
			w.Value = &v
		}
		out[i] = w
	}
	return out
}

// Change is the change function of a PATCH handler: it applies ops to the read shape of the
// current record (toAPI), decodes the result into the full-update body B, which t checks, and
// parses that into the write W (fromAPI), so the patch is saved under the full update's rules.
func Change[R, A, B, W any](t *Target, ops []Operation, toAPI func(R) A, fromAPI func(B) (W, error)) func(current R) (W, error) {
	return func(current R) (W, error) {
		var b B
		if err := t.ApplyInto(toAPI(current), ops, &b); err != nil {
			var none W
			return none, err
		}
		return fromAPI(b)
	}
}
