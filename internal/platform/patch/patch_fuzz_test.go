package patch

import (
	"bytes"
	"encoding/json"
	"testing"

	"mos/gen"
	"mos/internal/platform/apperr"
	"mos/internal/platform/schemacheck"
)

// FuzzApply: whatever JSON Patch a client sends against a customer (a full update with
// decimals, free-form custom fields and external references), Apply either refuses it as a
// 400 (never another error, which would answer 500) or returns a document of the full
// update's members only that passes the full update's checks; and decoding it into the
// generated type (ApplyInto) fails, if at all, only as a 400.
func FuzzApply(f *testing.F) {
	for _, input := range []string{
		`[]`,
		`[{"op":"replace","path":"/name","value":"Beta"}]`,
		`[{"op":"add","path":"/creditLimit","value":123456789012345678901234}]`,
		`[{"op":"add","path":"/creditLimit","value":0.0000000000000000000000001}]`,
		`[{"op":"add","path":"/customFields/colour","value":{"deep":[[[1]]]}}]`,
		`[{"op":"move","from":"/notes","path":"/name"}]`,
		`[{"op":"copy","from":"/customFields","path":"/externalReferences/x"}]`,
		`[{"op":"test","path":"/name","value":"Acme"},{"op":"remove","path":"/name"}]`,
		`[{"op":"add","path":"/externalReferences/erp","value":{"externalId":"\u0000"}}]`,
		`[{"op":"replace","path":"/~1","value":1}]`,
		`[{"op":"add","path":"/customFields/-","value":1}]`,
	} {
		f.Add([]byte(input))
	}
	spec, err := gen.GetSpec()
	if err != nil {
		f.Fatal(err)
	}
	target := NewTarget(spec, "CustomerWrite")
	current := map[string]any{
		"id": "6745f0a2c81e4b0012ab34cd", "name": "Acme", "notes": "n", "creditLimit": json.Number("1500.50"),
		"customFields": map[string]any{"colour": "red"}, "externalReferences": map[string]any{},
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var wire []struct {
			Op    string  `json:"op"`
			Path  string  `json:"path"`
			From  *string `json:"from"`
			Value any     `json:"value"`
		}
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if d.Decode(&wire) != nil {
			return // the request validator refuses what is not a JSON Patch array
		}
		ops := make([]Operation, len(wire))
		for i, w := range wire {
			ops[i] = Operation{Op: w.Op, Path: w.Path, From: w.From, Value: w.Value}
		}
		doc, err := target.Apply(current, ops)
		if err != nil {
			mustBeInvalid(t, "Apply", err)
			return
		}
		var patched map[string]any
		pd := json.NewDecoder(bytes.NewReader(doc))
		pd.UseNumber()
		if err := pd.Decode(&patched); err != nil {
			t.Fatalf("patched document %s is not an object: %v", doc, err)
		}
		for k := range patched {
			if !target.properties[k] {
				t.Fatalf("patched document keeps %q, which the full update does not take", k)
			}
		}
		if err := schemacheck.Validate(target.schema, patched); err != nil {
			t.Fatalf("patched document %s fails the full update's checks: %v", doc, err)
		}
		var w gen.CustomerWrite
		if err := target.ApplyInto(current, ops, &w); err != nil {
			mustBeInvalid(t, "ApplyInto", err)
		}
	})
}

func mustBeInvalid(t *testing.T, what string, err error) {
	t.Helper()
	if ae, ok := apperr.As(err); !ok || ae.Kind != apperr.KindInvalid {
		t.Fatalf("%s failed with %v (%T), want a 400", what, err, err)
	}
}
