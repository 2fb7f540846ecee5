package customfields

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"mos/internal/dbtest"
	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/patch"
)

// fixture is a database holding the customer definitions the value tests validate against,
// plus definitions in another module and another tenant that must not apply.
type fixture struct {
	pool   *db.Pool
	svc    *Service
	tenant string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	tenantA, tenantB := dbtest.Tenant(t, pool), dbtest.Tenant(t, pool)
	svc := NewService(pool)
	define := func(tenant string, module Module, name string, typ Type, required bool, options ...string) {
		t.Helper()
		if _, err := svc.Create(ctx, tenant, DefinitionWrite{Name: name, Type: typ, Module: module, Required: required, Options: options}); err != nil {
			t.Fatalf("define %s: %v", name, err)
		}
	}
	define(tenantA, ModuleCustomer, "note", TypeText, false)
	define(tenantA, ModuleCustomer, "memo", TypeMultilineText, false)
	define(tenantA, ModuleCustomer, "grade", TypeDropdown, false, "A", "B", "C")
	define(tenantA, ModuleCustomer, "finishes", TypeMultipleChoiceDropdown, false, "matte", "gloss", "satin")
	define(tenantA, ModuleCustomer, "count", TypeIntegerNumber, false)
	define(tenantA, ModuleCustomer, "price", TypeDecimalNumber, false)
	define(tenantA, ModuleCustomer, "ratio", TypeFloatingPointNumber, false)
	define(tenantA, ModuleCustomer, "active", TypeBoolean, false)
	define(tenantA, ModuleCustomer, "due", TypeDate, false)
	define(tenantA, ModuleCustomer, "aliases", TypeList, false)
	define(tenantA, ModuleCustomer, "owners", TypeMultipleChoiceUser, false)
	define(tenantA, ModuleCustomer, "po", TypeText, true)
	define(tenantA, ModuleCustomer, "level", TypeDropdown, true, "low", "high")
	define(tenantA, ModuleCustomer, "a/b", TypeText, false)
	define(tenantA, ModuleItem, "itemOnly", TypeText, false)
	define(tenantA, ModuleItem, "itemRequired", TypeText, true)
	define(tenantB, ModuleCustomer, "secret", TypeText, false)
	return fixture{pool: pool, svc: svc, tenant: tenantA}
}

// withRequired adds values for the customer module's required definitions.
func withRequired(extra map[string]any) map[string]any {
	out := map[string]any{"po": "P-1", "level": "low"}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// wantFields fails t unless err is a 400 whose field errors are exactly the given keys.
func wantFields(t *testing.T, err error, keys ...string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.KindInvalid {
		t.Fatalf("want a 400 naming %v, got %v", keys, err)
	}
	got := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		got = append(got, k)
	}
	sort.Strings(got)
	sort.Strings(keys)
	if !reflect.DeepEqual(got, keys) {
		t.Fatalf("field errors on %v, want %v (%v)", got, keys, err)
	}
}

func TestValidateCustomFieldValues(t *testing.T) {
	t.Parallel()
	fx := newFixture(t)
	cases := []struct {
		name   string
		mode   Mode
		values map[string]any
		want   map[string]any // the normalised map when valid
		errs   []string       // field keys expected in the 400 when invalid
	}{
		// Full: keys and required definitions.
		{"full with required values only", Full, withRequired(nil), withRequired(nil), nil},
		{"full with a missing required value", Full, map[string]any{"level": "low"}, nil, []string{"customFields.po"}},
		{"full with nil map names every required definition", Full, nil, nil, []string{"customFields.po", "customFields.level"}},
		{"full with a required value null", Full, withRequired(map[string]any{"po": nil}), nil, []string{"customFields.po"}},
		{"full with a required value blank", Full, withRequired(map[string]any{"po": "   "}), nil, []string{"customFields.po"}},
		{"full with a required empty choice", Full, withRequired(map[string]any{"level": []any{}}), nil, []string{"customFields.level"}},
		{"full with a required dropdown off its options", Full, withRequired(map[string]any{"level": "medium"}), nil, []string{"customFields.level"}},
		{"full with an undefined key", Full, withRequired(map[string]any{"bogus": "x"}), nil, []string{"customFields.bogus"}},
		{"full with an undefined key set to null", Full, withRequired(map[string]any{"bogus": nil}), nil, []string{"customFields.bogus"}},
		{"key of another module is undefined", Full, withRequired(map[string]any{"itemOnly": "x"}), nil, []string{"customFields.itemOnly"}},
		{"key of another tenant is undefined", Full, withRequired(map[string]any{"secret": "x"}), nil, []string{"customFields.secret"}},
		{"keys match case-sensitively", Full, withRequired(map[string]any{"Note": "x"}), nil, []string{"customFields.Note"}},
		{"full drops a cleared optional value", Full, withRequired(map[string]any{"note": nil, "memo": " ", "aliases": []any{}}), withRequired(nil), nil},
		{"full names a name holding a slash", Full, withRequired(map[string]any{"a/b": " x "}), withRequired(map[string]any{"a/b": "x"}), nil},

		// Keys: only the keys carried.
		{"keys does not enforce absent required values", Keys, map[string]any{"note": "x"}, map[string]any{"note": "x"}, nil},
		{"keys refuses clearing a required value", Keys, map[string]any{"po": nil}, nil, []string{"customFields.po"}},
		{"keys refuses an undefined key with a value", Keys, map[string]any{"bogus": 1.0}, nil, []string{"customFields.bogus"}},
		{"keys lets an undefined key be cleared", Keys, map[string]any{"bogus": nil}, map[string]any{"bogus": nil}, nil},
		{"keys reports a cleared optional value as nil", Keys, map[string]any{"note": nil, "owners": []any{}}, map[string]any{"note": nil, "owners": nil}, nil},
		{"keys with an empty map", Keys, map[string]any{}, map[string]any{}, nil},

		// text and multilineText.
		{"text is trimmed", Keys, map[string]any{"note": "  hi  "}, map[string]any{"note": "hi"}, nil},
		{"text refuses a number", Keys, map[string]any{"note": 5.0}, nil, []string{"customFields.note"}},
		{"text refuses an array", Keys, map[string]any{"note": []any{"a"}}, nil, []string{"customFields.note"}},
		{"multiline text keeps inner newlines", Keys, map[string]any{"memo": "a\nb\n"}, map[string]any{"memo": "a\nb"}, nil},

		// dropdown.
		{"dropdown takes a trimmed option", Keys, map[string]any{"grade": " B "}, map[string]any{"grade": "B"}, nil},
		{"dropdown options match case-sensitively", Keys, map[string]any{"grade": "b"}, nil, []string{"customFields.grade"}},
		{"dropdown refuses a number", Keys, map[string]any{"grade": 1.0}, nil, []string{"customFields.grade"}},

		// multipleChoiceDropdown.
		{"multiple choice drops repeats", Keys, map[string]any{"finishes": []any{"matte", " gloss ", "matte"}}, map[string]any{"finishes": []string{"matte", "gloss"}}, nil},
		{"multiple choice refuses a value off its options", Keys, map[string]any{"finishes": []any{"matte", "chrome"}}, nil, []string{"customFields.finishes"}},
		{"multiple choice refuses a bare string", Keys, map[string]any{"finishes": "matte"}, nil, []string{"customFields.finishes"}},
		{"multiple choice accepts a Go string slice", Keys, map[string]any{"finishes": []string{"satin"}}, map[string]any{"finishes": []string{"satin"}}, nil},

		// integerNumber.
		{"integer from a whole float64", Keys, map[string]any{"count": 5.0}, map[string]any{"count": int64(5)}, nil},
		{"integer refuses a fraction", Keys, map[string]any{"count": 5.5}, nil, []string{"customFields.count"}},
		{"integer from a json.Number", Keys, map[string]any{"count": json.Number("-42")}, map[string]any{"count": int64(-42)}, nil},
		{"integer from a json.Number with a zero fraction", Keys, map[string]any{"count": json.Number("5.0")}, map[string]any{"count": int64(5)}, nil},
		{"integer from a json.Number with an exponent", Keys, map[string]any{"count": json.Number("1e3")}, map[string]any{"count": int64(1000)}, nil},
		{"integer refuses a json.Number fraction", Keys, map[string]any{"count": json.Number("1.5")}, nil, []string{"customFields.count"}},
		{"integer refuses a numeric string", Keys, map[string]any{"count": "5"}, nil, []string{"customFields.count"}},
		{"integer refuses a json.Number beyond 64 bits", Keys, map[string]any{"count": json.Number("99999999999999999999")}, nil, []string{"customFields.count"}},
		{"integer refuses a float64 beyond 64 bits", Keys, map[string]any{"count": 1e19}, nil, []string{"customFields.count"}},
		{"integer from a Go int", Keys, map[string]any{"count": 7}, map[string]any{"count": int64(7)}, nil},

		// decimalNumber and floatingPointNumber.
		{"decimal keeps a float64", Keys, map[string]any{"price": 12.25}, map[string]any{"price": 12.25}, nil},
		{"decimal keeps a json.Number's digits", Keys, map[string]any{"price": json.Number("0.1000")}, map[string]any{"price": json.Number("0.1000")}, nil},
		{"decimal refuses a numeric string", Keys, map[string]any{"price": "12.5"}, nil, []string{"customFields.price"}},
		{"floating point keeps a negative float64", Keys, map[string]any{"ratio": -3.5e10}, map[string]any{"ratio": -3.5e10}, nil},
		{"floating point refuses a boolean", Keys, map[string]any{"ratio": true}, nil, []string{"customFields.ratio"}},
		{"floating point refuses an overflowing json.Number", Keys, map[string]any{"ratio": json.Number("1e400")}, nil, []string{"customFields.ratio"}},

		// boolean.
		{"boolean takes false", Keys, map[string]any{"active": false}, map[string]any{"active": false}, nil},
		{"boolean refuses a string", Keys, map[string]any{"active": "true"}, nil, []string{"customFields.active"}},
		{"boolean refuses a number", Keys, map[string]any{"active": 0.0}, nil, []string{"customFields.active"}},

		// date.
		{"date takes a calendar date", Keys, map[string]any{"due": "2024-02-29"}, map[string]any{"due": "2024-02-29"}, nil},
		{"date refuses an impossible day", Keys, map[string]any{"due": "2024-02-30"}, nil, []string{"customFields.due"}},
		{"date keeps the date as written of a date-time with offset", Keys, map[string]any{"due": "2024-05-01T23:30:00-05:00"}, map[string]any{"due": "2024-05-01"}, nil},
		{"date takes a UTC date-time", Keys, map[string]any{"due": " 2024-05-01T10:00:00.123Z "}, map[string]any{"due": "2024-05-01"}, nil},
		{"date takes a date-time without offset", Keys, map[string]any{"due": "2024-05-01T10:00:00"}, map[string]any{"due": "2024-05-01"}, nil},
		{"date refuses another format", Keys, map[string]any{"due": "05/01/2024"}, nil, []string{"customFields.due"}},
		{"date refuses a number", Keys, map[string]any{"due": 20240501.0}, nil, []string{"customFields.due"}},

		// list.
		{"list trims and keeps order and repeats", Keys, map[string]any{"aliases": []any{" a ", "b", "a"}}, map[string]any{"aliases": []string{"a", "b", "a"}}, nil},
		{"list refuses a non-string item", Keys, map[string]any{"aliases": []any{"a", 1.0}}, nil, []string{"customFields.aliases"}},
		{"list refuses a blank item", Keys, map[string]any{"aliases": []any{"a", " "}}, nil, []string{"customFields.aliases"}},
		{"list refuses a bare string", Keys, map[string]any{"aliases": "a"}, nil, []string{"customFields.aliases"}},

		// multipleChoiceUser.
		{"user choice drops repeats", Keys, map[string]any{"owners": []any{"u1", "u1", "u2"}}, map[string]any{"owners": []string{"u1", "u2"}}, nil},
		{"user choice refuses a non-string", Keys, map[string]any{"owners": []any{true}}, nil, []string{"customFields.owners"}},

		// Every problem is reported at once.
		{"every bad key is named", Full, map[string]any{"count": "x", "active": "y", "po": "P"}, nil, []string{"customFields.count", "customFields.active", "customFields.level"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := fx.svc.Validate(context.Background(), fx.pool, fx.tenant, ModuleCustomer, c.values, c.mode)
			if c.errs != nil {
				wantFields(t, err, c.errs...)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

func TestValidateRunsInTheCallersTransaction(t *testing.T) {
	t.Parallel()
	fx := newFixture(t)
	ctx := context.Background()
	err := fx.pool.WithTx(ctx, func(q db.Q) error {
		got, err := fx.svc.Validate(ctx, q, fx.tenant, ModuleItem, map[string]any{"itemRequired": "x"}, Full)
		if err != nil || got["itemRequired"] != "x" {
			t.Errorf("Validate in a transaction: %v, %v", got, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fx.svc.Validate(ctx, fx.pool, fx.tenant, Module("nope"), nil, Full); err == nil || apperr.IsKind(err, apperr.KindInvalid) {
		t.Fatalf("an unknown module is a wiring bug (500), got %v", err)
	}
}

func TestValidatePatchChecksOnlyTheKeysItsOperationsCarry(t *testing.T) {
	t.Parallel()
	fx := newFixture(t)
	from := func(s string) *string { return &s }
	// The stored map breaks the current definitions: a stale key, a bad integer and no
	// required values. Only what a patch touches is validated.
	stored := func() map[string]any {
		return map[string]any{"stale": "old", "count": "not a number", "note": "n"}
	}
	cases := []struct {
		name string
		ops  []patch.Operation
		// patched is the map after applying ops (as the patch package produces it).
		patched map[string]any
		want    map[string]any
		errs    []string
	}{
		{"no operation under customFields validates nothing",
			[]patch.Operation{{Op: "replace", Path: "/name", Value: "x"}},
			stored(), stored(), nil},
		{"a test operation validates nothing",
			[]patch.Operation{{Op: "test", Path: "/customFields/count", Value: "not a number"}},
			stored(), stored(), nil},
		{"a replaced key is validated and normalised, others kept",
			[]patch.Operation{{Op: "replace", Path: "/customFields/note", Value: " new "}},
			map[string]any{"stale": "old", "count": "not a number", "note": " new "},
			map[string]any{"stale": "old", "count": "not a number", "note": "new"}, nil},
		{"an added key with a bad value is refused",
			[]patch.Operation{{Op: "add", Path: "/customFields/active", Value: "yes"}},
			map[string]any{"stale": "old", "count": "not a number", "note": "n", "active": "yes"},
			nil, []string{"customFields.active"}},
		{"a path into an array value validates the whole key",
			[]patch.Operation{{Op: "add", Path: "/customFields/finishes/-", Value: "chrome"}},
			map[string]any{"finishes": []any{"matte", "chrome"}},
			nil, []string{"customFields.finishes"}},
		{"removing a stale key is accepted",
			[]patch.Operation{{Op: "remove", Path: "/customFields/stale"}},
			map[string]any{"count": "not a number", "note": "n"},
			map[string]any{"count": "not a number", "note": "n"}, nil},
		{"replacing with null removes the key",
			[]patch.Operation{{Op: "replace", Path: "/customFields/note", Value: nil}},
			map[string]any{"stale": "old", "count": "not a number", "note": nil},
			map[string]any{"stale": "old", "count": "not a number"}, nil},
		{"removing a required key is refused",
			[]patch.Operation{{Op: "remove", Path: "/customFields/po"}},
			map[string]any{"note": "n"},
			nil, []string{"customFields.po"}},
		{"move validates both from and path",
			[]patch.Operation{{Op: "move", From: from("/customFields/po"), Path: "/customFields/note"}},
			map[string]any{"note": "P-1"},
			nil, []string{"customFields.po"}},
		{"an escaped name is unescaped",
			[]patch.Operation{{Op: "add", Path: "/customFields/a~1b", Value: 3.0}},
			map[string]any{"a/b": 3.0},
			nil, []string{"customFields.a/b"}},
		{"replacing the whole map validates it in full",
			[]patch.Operation{{Op: "replace", Path: "/customFields", Value: map[string]any{"note": "x"}}},
			map[string]any{"note": "x"},
			nil, []string{"customFields.po", "customFields.level"}},
		{"a whole valid map is normalised",
			[]patch.Operation{{Op: "replace", Path: "/customFields", Value: nil}},
			withRequired(map[string]any{"note": " x ", "memo": nil}),
			withRequired(map[string]any{"note": "x"}), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := fx.svc.ValidatePatch(context.Background(), fx.pool, fx.tenant, ModuleCustomer, c.ops, c.patched)
			if c.errs != nil {
				wantFields(t, err, c.errs...)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %#v, want %#v", got, c.want)
			}
		})
	}
}
