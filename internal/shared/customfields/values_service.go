package customfields

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/dec"
	"mos/internal/platform/patch"
)

// Validate checks a record's customFields values against the definitions of module and
// returns them normalised. Other areas call it inside their own transaction, passing it as q.
//
// Each key must name a definition of the module (exactly, case-sensitively) and its value
// must suit the definition's type (see checkValue). Null, a blank string and an empty array
// clear a value, which a required definition refuses. With Full every required definition
// must also have a value; with Keys only the keys present are checked, and a cleared key
// that names no definition is accepted (so stale values can be removed).
//
// With Full the result holds only values (cleared keys are dropped); with Keys a cleared key
// maps to nil, telling the caller to delete it from the stored map. Problems are one 400
// whose field errors are keyed "customFields.<name>".
func (s *Service) Validate(ctx context.Context, q db.Q, tenantID string, module Module, values map[string]any, mode Mode) (map[string]any, error) {
	return s.ValidateModules(ctx, q, tenantID, []Module{module}, values, mode)
}

// ValidateModules is Validate for a record whose definitions span several modules (an item
// takes those of item plus item_Make or item_Buy by its origin): each key may name a
// definition of any of them, and with Full the required definitions of all of them must have
// a value. A name defined in more than one module is checked against the first one's.
func (s *Service) ValidateModules(ctx context.Context, q db.Q, tenantID string, modules []Module, values map[string]any, mode Mode) (map[string]any, error) {
	if len(modules) == 0 || (mode != Full && mode != Keys) {
		return nil, fmt.Errorf("customfields: Validate called with modules %q and mode %d", modules, mode)
	}
	defs := map[string]Definition{}
	names := make([]string, len(modules))
	for i, module := range modules {
		if !module.Valid() {
			return nil, fmt.Errorf("customfields: Validate called with module %q", module)
		}
		names[i] = string(module)
		moduleDefs, err := s.store.byModule(ctx, q, tenantID, module)
		if err != nil {
			return nil, err
		}
		for name, d := range moduleDefs {
			if _, taken := defs[name]; !taken {
				defs[name] = d
			}
		}
	}
	return check(Module(strings.Join(names, " or ")), defs, values, mode)
}

// Property is the member of a record's read and write shapes that holds its values.
const Property = "customFields"

// ValidatePatch validates a record's customFields after a JSON Patch and returns the map to
// store. patched is the map after applying ops (nil when the record has none).
//
// A patch with no operation under /customFields validates nothing and returns patched as is,
// so stored values that no longer suit their definitions survive unrelated patches.
// Operations on /customFields as a whole validate the result with Full; operations on
// /customFields/<name> (through path or from; test operations excepted) validate each name
// they carry with Keys.
func (s *Service) ValidatePatch(ctx context.Context, q db.Q, tenantID string, module Module, ops []patch.Operation, patched map[string]any) (map[string]any, error) {
	return s.ValidatePatchModules(ctx, q, tenantID, []Module{module}, ops, patched)
}

// ValidatePatchModules is ValidatePatch for a record whose definitions span several modules
// (see ValidateModules).
func (s *Service) ValidatePatchModules(ctx context.Context, q db.Q, tenantID string, modules []Module, ops []patch.Operation, patched map[string]any) (map[string]any, error) {
	names, whole := touched(ops)
	switch {
	case whole:
		return s.ValidateModules(ctx, q, tenantID, modules, patched, Full)
	case len(names) == 0:
		return patched, nil
	}
	carried := make(map[string]any, len(names))
	for _, n := range names {
		carried[n] = patched[n]
	}
	changed, err := s.ValidateModules(ctx, q, tenantID, modules, carried, Keys)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(patched))
	for k, v := range patched {
		out[k] = v
	}
	for k, v := range changed {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out, nil
}

// touched returns the custom field names ops address and whether any addresses the whole map.
func touched(ops []patch.Operation) (names []string, whole bool) {
	seen := map[string]bool{}
	for _, op := range ops {
		if op.Op == "test" {
			continue
		}
		pointers := []string{op.Path}
		if op.From != nil {
			pointers = append(pointers, *op.From)
		}
		for _, p := range pointers {
			rest, ok := strings.CutPrefix(p, "/"+Property)
			switch {
			case !ok:
			case rest == "":
				whole = true
			case strings.HasPrefix(rest, "/"):
				name, _, _ := strings.Cut(rest[1:], "/")
				name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
				if !seen[name] {
					seen[name] = true
					names = append(names, name)
				}
			}
		}
	}
	return names, whole
}

// check is Validate on loaded definitions.
func check(module Module, defs map[string]Definition, values map[string]any, mode Mode) (map[string]any, error) {
	fields := apperr.Fields{}
	out := make(map[string]any, len(values))
	for name, v := range values {
		d, defined := defs[name]
		if !defined {
			if mode == Keys && isEmpty(v) {
				out[name] = nil
				continue
			}
			fields.Add(fieldKey(name), "no custom field named %q is defined for module %s", name, module)
			continue
		}
		nv, err := checkValue(d, v)
		switch {
		case err != nil:
			fields.Add(fieldKey(name), "%s", err)
		case nv == nil && d.Required:
			fields.Add(fieldKey(name), "is required")
		case nv == nil && mode == Keys:
			out[name] = nil
		case nv != nil:
			out[name] = nv
		}
	}
	if mode == Full {
		for name, d := range defs {
			if _, present := values[name]; d.Required && !present {
				fields.Add(fieldKey(name), "is required")
			}
		}
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func fieldKey(name string) string { return Property + "." + name }

// isEmpty reports whether v clears a value: null, a blank string or an empty array.
func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	case []string:
		return len(x) == 0
	}
	return false
}

// checkValue checks v against d's type and returns it normalised, or nil when v clears the
// value. Strings are trimmed; integers become int64; dates become YYYY-MM-DD; the choice
// types drop repeated entries.
func checkValue(d Definition, v any) (any, error) {
	if isEmpty(v) {
		return nil, nil
	}
	switch d.Type {
	case TypeText, TypeMultilineText:
		return text(v)
	case TypeDropdown:
		s, err := text(v)
		if err != nil {
			return nil, err
		}
		if !contains(d.Options, s) {
			return nil, errors.New(apperr.NotOneOf(s, d.Options))
		}
		return s, nil
	case TypeMultipleChoiceDropdown:
		items, err := texts(v, true)
		if err != nil {
			return nil, err
		}
		for _, s := range items {
			if !contains(d.Options, s) {
				return nil, errors.New(apperr.NotOneOf(s, d.Options))
			}
		}
		return items, nil
	case TypeList:
		return texts(v, false)
	case TypeMultipleChoiceUser:
		return texts(v, true)
	case TypeIntegerNumber:
		return integer(v)
	case TypeDecimalNumber, TypeFloatingPointNumber:
		return number(v)
	case TypeBoolean:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return nil, errors.New("must be true or false")
	case TypeDate:
		return date(v)
	}
	return nil, fmt.Errorf("definition has unknown type %q", d.Type)
}

func text(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", errors.New("must be a string")
	}
	return strings.TrimSpace(s), nil
}

// texts reads a non-empty array of strings, trimmed; blank items are refused. distinct drops
// repeated items (choices are a set; a list keeps its repeats).
func texts(v any, distinct bool) ([]string, error) {
	var raw []any
	switch x := v.(type) {
	case []any:
		raw = x
	case []string:
		for _, s := range x {
			raw = append(raw, s)
		}
	default:
		return nil, errors.New("must be an array of strings")
	}
	out := make([]string, 0, len(raw))
	for i, item := range raw {
		s, ok := item.(string)
		if !ok {
			return nil, fmt.Errorf("item %d must be a string", i)
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return nil, fmt.Errorf("item %d is blank", i)
		}
		if distinct && contains(out, s) {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var errNotInteger = errors.New("must be a whole number")

// integer accepts a JSON number with no fractional part that fits in 64 bits: a float64 as
// encoding/json decodes it, or a json.Number (as the patch package decodes it).
func integer(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) {
			return 0, errNotInteger
		}
		if x < math.MinInt64 || x >= math.MaxInt64 {
			return 0, errors.New("is out of range")
		}
		return int64(x), nil
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return n, nil
		}
		d, err := dec.Parse(string(x))
		if err != nil || !d.IsInteger() {
			return 0, errNotInteger
		}
		if !d.BigInt().IsInt64() {
			return 0, errors.New("is out of range")
		}
		return d.IntPart(), nil
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	case int32:
		return int64(x), nil
	}
	return 0, errNotInteger
}

// number accepts any finite JSON number and keeps it as sent (a json.Number keeps its digits).
func number(v any) (any, error) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errors.New("must be a finite number")
		}
		return x, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, errors.New("must be a finite number")
		}
		return x, nil
	case int, int32, int64:
		return x, nil
	}
	return nil, errors.New("must be a number")
}

// dateLayouts are the accepted forms of a date value: a calendar date, or a date-time with
// or without an offset, of which the date as written is kept.
var dateLayouts = []string{time.DateOnly, time.RFC3339, "2006-01-02T15:04:05"}

func date(v any) (string, error) {
	s, err := text(v)
	if err != nil {
		return "", errors.New("must be a date string (YYYY-MM-DD)")
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	return "", fmt.Errorf("%q is not a date (YYYY-MM-DD or an RFC 3339 date-time)", s)
}
