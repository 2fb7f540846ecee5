package tests

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"mos/internal/platform/ids"
)

// The requests of the malformed-request walk (malformed_test.go), built from the spec alone:
// a valid-ish request per operation (real record ids in the path and in members that name
// records, every required member and parameter filled from its schema), then copies of it
// each broken in one place, the way the schema says that place must not be.

// malformed is one request of the walk and what is wrong with it.
type malformed struct {
	what        string // what was broken, for the test's name and its failure message
	method      string
	path        string // escaped
	query       string // raw
	header      map[string]string
	contentType string // "" sends no Content-Type
	body        []byte
}

// walkLongText is longer than any string member may be and than the largest error answer,
// so that an answer quoting it whole would break the size bound.
const walkLongText = 70_000

// walkHugeArray is how many elements a huge array has: twenty times the largest maxItems.
// (TestAnArrayOverItsMaxItemsIsRefusedBeforeItsElements sends one of 100,000.)
const walkHugeArray = 10_001

// walkDeepNesting nests arrays this deep: within what the JSON decoder takes (10,000), so the
// value reaches the validator and whatever stores it.
const walkDeepNesting = 2_000

// placeholder marks where a raw JSON text (malformed on purpose: invalid UTF-8, huge) goes in
// a body encoded with encoding/json.
const placeholder = "\x01walk-value\x01"

// walkBuilder builds the walk's requests for one operation.
type walkBuilder struct {
	o        specOperation
	fixtures walkFixtures
	plan     *walkPlanner
	path     string     // the valid-ish path, escaped
	query    url.Values // the valid-ish query: required parameters only
	// The body: media type, schema and valid-ish value (decoded JSON for JSON bodies).
	mediaType string
	schema    *openapi3.Schema
	body      any
}

func newWalkBuilder(o specOperation, f walkFixtures, plan *walkPlanner) (*walkBuilder, error) {
	b := &walkBuilder{o: o, fixtures: f, plan: plan, query: url.Values{}}
	path := o.path
	for _, p := range b.params(openapi3.ParameterInPath) {
		id, ok := f.pathID(o.path, p.Name)
		if !ok {
			return nil, fmt.Errorf("no fixture for path parameter %s (key %q): teach walkFixtures one", p.Name, pathKey(o.path, p.Name))
		}
		path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(id))
	}
	b.path = path
	for _, p := range b.params(openapi3.ParameterInQuery) {
		if p.Required {
			b.query.Set(p.Name, scalarText(b.sample(schemaOf(p.Schema), p.Name, 0)))
		}
	}
	if rb := o.op.RequestBody; rb != nil && rb.Value != nil {
		mts := make([]string, 0, len(rb.Value.Content))
		for mt := range rb.Value.Content {
			mts = append(mts, mt)
		}
		sort.Strings(mts)
		b.mediaType = mts[0]
		mt := rb.Value.Content[b.mediaType]
		b.schema = schemaOf(mt.Schema)
		switch {
		case b.mediaType == "application/json-patch+json":
			b.body = []any{}
		case mt.Example != nil:
			b.body = b.withFixtures("", roundTrip(mt.Example))
		default:
			b.body = b.sample(b.schema, "", 0)
		}
	}
	return b, nil
}

// pathID is the fixture of a path parameter: the one keyed for the path's document first
// (documentKey), else the one keyed by the segment before it (pathKey).
func (f walkFixtures) pathID(path, param string) (string, bool) {
	if id, ok := f.pathIDs[documentKey(path, param)]; ok {
		return id, true
	}
	id, ok := f.pathIDs[pathKey(path, param)]
	return id, ok
}

// documentKey is pathKey under the path's first segment after /api, for the sub-records many
// documents name alike ("sales-orders:part-line-items/{lineItemId}" beside the quotes'
// "part-line-items/{lineItemId}").
func documentKey(path, param string) string {
	segs := strings.Split(path, "/")
	if len(segs) < 3 {
		return pathKey(path, param)
	}
	return segs[2] + ":" + pathKey(path, param)
}

// pathKey names a path parameter by the path segment before it: "items/{itemId}",
// "vendors/{itemVendorId}", "accounting-codes/{id}".
func pathKey(path, param string) string {
	segs := strings.Split(path, "/")
	for i, s := range segs {
		if s == "{"+param+"}" && i > 0 {
			return segs[i-1] + "/" + s
		}
	}
	return param
}

func (b *walkBuilder) params(in string) []*openapi3.Parameter {
	var out []*openapi3.Parameter
	for _, ref := range b.o.params {
		if ref.Value != nil && ref.Value.In == in {
			out = append(out, ref.Value)
		}
	}
	return out
}

func schemaOf(ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref == nil {
		return nil
	}
	return ref.Value
}

// roundTrip turns a YAML example into plain JSON values.
func roundTrip(v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(raw, &out) != nil {
		return v
	}
	return out
}

// withFixtures replaces the ids of an example by the walk's records where the member's name
// says what it names (itemId, vendorIds, owner, ...).
func (b *walkBuilder) withFixtures(name string, v any) any {
	switch x := v.(type) {
	case map[string]any:
		if name == "owner" {
			return map[string]any{"type": "item", "id": b.fixtures.members["itemId"]}
		}
		for k, e := range x {
			x[k] = b.withFixtures(k, e)
		}
		return x
	case []any:
		if id, ok := b.fixtures.members[strings.TrimSuffix(name, "s")]; ok && strings.HasSuffix(name, "Ids") {
			return []any{id}
		}
		for i, e := range x {
			x[i] = b.withFixtures("", e)
		}
		return x
	case string:
		if id, ok := b.fixtures.members[name]; ok {
			return id
		}
	}
	return v
}

// sample is a valid-ish value of s for a member called name: a record of the walk when the
// name says which, else the schema's example, first enum value, or a value its bounds take.
func (b *walkBuilder) sample(s *openapi3.Schema, name string, depth int) any {
	if s == nil || depth > 8 {
		return "walk"
	}
	if id, ok := b.fixtures.members[name]; ok {
		return id
	}
	if id, ok := b.fixtures.members[strings.TrimSuffix(name, "s")]; ok && strings.HasSuffix(name, "Ids") {
		return []any{id}
	}
	if len(s.AllOf) > 0 {
		merged := map[string]any{}
		var other any
		for _, part := range s.AllOf {
			switch v := b.sample(schemaOf(part), name, depth+1).(type) {
			case map[string]any:
				for k, e := range v {
					merged[k] = e
				}
			default:
				other = v
			}
		}
		if len(s.Properties) > 0 {
			for k, e := range b.sampleObject(s, depth).(map[string]any) {
				merged[k] = e
			}
		}
		if len(merged) == 0 && other != nil {
			return other
		}
		return merged
	}
	if len(s.AnyOf) > 0 {
		return b.sample(schemaOf(s.AnyOf[0]), name, depth+1)
	}
	if len(s.OneOf) > 0 {
		return b.sample(schemaOf(s.OneOf[0]), name, depth+1)
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	if s.Example != nil && !s.Type.Is(openapi3.TypeObject) && !s.Type.Is(openapi3.TypeArray) {
		return roundTrip(s.Example)
	}
	switch {
	case s.Type.Is(openapi3.TypeString):
		return sampleString(s)
	case s.Type.Is(openapi3.TypeInteger):
		return json.Number(strconv.FormatInt(int64(sampleNumber(s)), 10))
	case s.Type.Is(openapi3.TypeNumber):
		return json.Number(strconv.FormatFloat(sampleNumber(s), 'f', -1, 64))
	case s.Type.Is(openapi3.TypeBoolean):
		return false
	case s.Type.Is(openapi3.TypeArray):
		return []any{b.sample(schemaOf(s.Items), "", depth+1)}
	}
	return b.sampleObject(s, depth)
}

// sampleObject fills the required members of an object.
func (b *walkBuilder) sampleObject(s *openapi3.Schema, depth int) any {
	out := map[string]any{}
	for _, name := range s.Required {
		if p := s.Properties[name]; p != nil {
			out[name] = b.sample(p.Value, name, depth+1)
		}
	}
	return out
}

func sampleString(s *openapi3.Schema) string {
	switch s.Format {
	case "date":
		return "2026-03-04"
	case "date-time":
		return "2026-03-04T05:06:07Z"
	case "uri":
		return "https://example.com/walk"
	case "email":
		return "walk@example.com"
	}
	if s.Pattern != "" {
		if re, err := regexp.Compile(s.Pattern); err == nil {
			for _, c := range []string{"0700", "USD", "US", "walk", "A1", "1"} {
				if re.MatchString(c) {
					return c
				}
			}
		}
	}
	n := max(s.MinLength, 4)
	if s.MaxLength != nil && *s.MaxLength < n {
		n = *s.MaxLength
	}
	switch n { // the lengths of the two kinds of id
	case 24:
		return ids.New()
	case 36:
		return ids.NewSub()
	}
	return strings.Repeat("w", int(n))
}

func sampleNumber(s *openapi3.Schema) float64 {
	v := 1.0
	if s.Min != nil {
		v = *s.Min
		if s.ExclusiveMin.IsSet() {
			v++
		}
	}
	if s.Max != nil && v > *s.Max {
		v = *s.Max
	}
	return v
}

func scalarText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		if len(x) > 0 {
			return scalarText(x[0])
		}
		return ""
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}

// valid is the operation's valid-ish request, which the mutations copy.
func (b *walkBuilder) valid(what string) malformed {
	m := malformed{what: what, method: b.o.method, path: b.path, query: b.query.Encode()}
	switch {
	case b.mediaType == "":
	case strings.HasPrefix(b.mediaType, "multipart/"):
		m.contentType, m.body = b.form(nil)
	default:
		m.contentType = b.mediaType
		m.body = mustEncode(b.body)
	}
	return m
}

// mustEncode writes v as JSON without HTML escapes, then puts each placeholder's raw text in.
func mustEncode(v any, raw ...[]byte) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	quoted, _ := json.Marshal(placeholder)
	for _, r := range raw {
		out = bytes.Replace(out, quoted, r, 1)
	}
	return out
}

// deepCopy copies decoded JSON.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}

// target is a place in a body the walk breaks: a member (at any depth, the first element of
// an array standing for all) and its schema.
type target struct {
	path   []string
	schema *openapi3.Schema
}

func (t target) String() string { return strings.Join(t.path, ".") }

// targets lists the members of s down to a few levels, objects' members in name order.
func targets(s *openapi3.Schema, prefix []string, depth int) []target {
	s = flatten(s)
	if s == nil || depth > 3 {
		return nil
	}
	var out []target
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := flatten(schemaOf(s.Properties[n]))
		if p == nil || p.ReadOnly {
			continue
		}
		path := append(slices.Clone(prefix), n)
		out = append(out, target{path: path, schema: p})
		switch {
		case len(p.Properties) > 0:
			out = append(out, targets(p, path, depth+1)...)
		case p.Type.Is(openapi3.TypeArray) && p.Items != nil:
			if items := flatten(schemaOf(p.Items)); items != nil && len(items.Properties) > 0 {
				out = append(out, targets(items, append(slices.Clone(path), "0"), depth+1)...)
			}
		}
	}
	return out
}

// flatten follows a lone allOf (the spec's way of describing a $ref) to the schema it wraps,
// keeping nullable.
func flatten(s *openapi3.Schema) *openapi3.Schema {
	for s != nil && len(s.AllOf) == 1 && len(s.Properties) == 0 && s.Type == nil {
		nullable := s.Nullable
		s = schemaOf(s.AllOf[0])
		if nullable && s != nil && !s.Nullable {
			c := *s
			c.Nullable = true
			s = &c
		}
	}
	return s
}

// walkPlanner decides which breakages the walk sends. A breakage is deep when a value so
// broken may pass the request validator and reach an operation's own code (a NUL in a
// string, a decimal beyond the API's digits, a free-form value nested deep): each operation
// gets every deep breakage of each kind of member it has. The others (a wrong type, an
// unknown enum value, a string over its maxLength) are refused by the one request validator
// from the schema alone: they take turns, one per place, across the whole walk, so that each
// is tried on several operations without being sent to every member of every one. With
// all (MOS_WALK_ALL=1) every breakage goes to every place.
type walkPlanner struct {
	all   bool
	turns map[string]int
}

func newWalkPlanner(all bool) *walkPlanner { return &walkPlanner{all: all, turns: map[string]int{}} }

// rotate takes the next n items of list in the rotation named key (all of them with all).
func rotate[T any](p *walkPlanner, key string, list []T, n int) []T {
	if p.all || len(list) <= n {
		return list
	}
	out := make([]T, 0, n)
	for range n {
		out = append(out, list[p.turns[key]%len(list)])
		p.turns[key]++
	}
	return out
}

// assign decides the breakages of an operation's members: each member its turn of the
// refusals its schema's kind takes, and the deep breakages of each kind of member spread
// over the members of that kind (every deep breakage once, the members in turn).
func (p *walkPlanner) assign(tgs []target, required func([]string) bool) [][]breakage {
	out := make([][]breakage, len(tgs))
	byKind := map[string][]int{}
	var kinds []string
	for i, tg := range tgs {
		var deep, refused []breakage
		for _, br := range breakages(tg.schema) {
			if br.deep {
				deep = append(deep, br)
			} else {
				refused = append(refused, br)
			}
		}
		if required(tg.path) {
			refused = append(refused, breakage{what: "missing"})
		}
		out[i] = rotate(p, kindOf(tg.schema), refused, 1)
		if p.all {
			out[i] = append(out[i], deep...)
			continue
		}
		k := coarseKind(tg.schema)
		if _, seen := byKind[k]; !seen {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], i)
	}
	for _, k := range kinds {
		members := byKind[k]
		longest := 0
		for _, i := range members {
			longest = max(longest, len(deepOf(tgs[i].schema)))
		}
		for a := range max(len(members), longest) {
			i := members[a%len(members)]
			deep := deepOf(tgs[i].schema)
			if len(deep) == 0 {
				continue
			}
			br := deep[a%len(deep)]
			if !slices.ContainsFunc(out[i], func(b breakage) bool { return b.what == br.what }) {
				out[i] = append(out[i], br)
			}
		}
	}
	return out
}

func deepOf(s *openapi3.Schema) []breakage {
	var out []breakage
	for _, br := range breakages(s) {
		if br.deep {
			out = append(out, br)
		}
	}
	return out
}

// kindOf is what breakages depends on in s.
func kindOf(s *openapi3.Schema) string {
	return fmt.Sprintf("%v|%s|%d|%v|%d|%v|%v|%v|%v|%v|%d", s.Type, s.Format, len(s.Enum), s.MaxLength, s.MinLength,
		s.Min, s.Max, s.Nullable, isDecimalSchema(s), s.MaxItems, len(s.Properties))
}

// coarseKind groups members whose deep breakages are alike.
func coarseKind(s *openapi3.Schema) string {
	return fmt.Sprintf("%v|%s|%v|%v", s.Type, s.Format, isDecimalSchema(s), freeForm(s))
}

// isDecimalSchema reports whether s is the spec's Decimal.
func isDecimalSchema(s *openapi3.Schema) bool {
	t, _ := s.Extensions["x-go-type"].(string)
	return t == "dec.Decimal"
}

// freeForm reports whether s takes members it does not name (a map, custom fields).
func freeForm(s *openapi3.Schema) bool {
	if s == nil {
		return true
	}
	ap := s.AdditionalProperties
	return ap.Schema != nil || (ap.Has != nil && *ap.Has) || (s.Type == nil && len(s.Properties) == 0 && len(s.Enum) == 0)
}

// breakage is one way to break a value: what, and the raw JSON text sent in its place (none:
// the member is left out). Deep ones may pass the request validator (see walkPlanner).
type breakage struct {
	what string
	raw  []byte
	deep bool
}

func raw(what, text string) breakage  { return breakage{what: what, raw: []byte(text)} }
func deep(what, text string) breakage { return breakage{what: what, raw: []byte(text), deep: true} }

// breakages lists the ways to break a value of s: the wrong type, null, what its bounds and
// format refuse, and texts and numbers no member takes.
func breakages(s *openapi3.Schema) []breakage {
	var out []breakage
	if s.Nullable {
		out = append(out, deep("null", `null`))
	} else {
		out = append(out, raw("null", `null`))
	}
	switch {
	case s.Type.Is(openapi3.TypeString) || (s.Type == nil && len(s.Enum) > 0):
		out = append(out, raw("a number", `12`))
		if len(s.Enum) > 0 {
			out = append(out, raw("an unknown enum value", `"walk-unknown"`))
		}
		if s.MaxLength != nil {
			out = append(out, raw("one character too long", strconv.Quote(strings.Repeat("é", int(*s.MaxLength)+1))))
		}
		if s.MinLength > 0 {
			out = append(out, raw("too short", strconv.Quote(strings.Repeat("w", int(s.MinLength)-1))))
		}
		switch s.Format {
		case "date":
			out = append(out, deep("February 30th", `"2026-02-30"`), deep("the year 10000", `"10000-01-01"`))
		case "date-time":
			out = append(out, deep("hour 25", `"2026-01-01T25:00:00Z"`), deep("year 1", `"0001-01-01T00:00:00Z"`),
				deep("an offset of 99 hours", `"2026-01-01T00:00:00+99:00"`))
		case "uri":
			out = append(out, deep("no URI", `"::not a uri::"`))
		}
		long := raw
		if s.MaxLength == nil && len(s.Enum) == 0 {
			long = deep
		}
		out = append(out,
			deep("invalid UTF-8", "\"\xff\xfe\xfd walk\""),
			deep("a NUL character", `"walk\u0000walk"`),
			deep("a lone surrogate", `"\ud800"`),
			long("70,000 characters", `"`+strings.Repeat("x", walkLongText)+`"`))
	case s.Type.Is(openapi3.TypeInteger):
		out = append(out, raw("a string", `"12"`), raw("a fraction", `1.5`),
			deep("over 32 bits", `2147483648`), deep("over 64 bits", `9223372036854775808`),
			raw("30 digits", `123456789012345678901234567890`), raw("1e400", `1e400`), raw("-1e400", `-1e400`))
		out = append(out, numberBounds(s)...)
	case s.Type.Is(openapi3.TypeNumber):
		out = append(out, raw("a string", `"12"`), deep("30 digits", `123456789012345678901234567890`),
			deep("25 decimal places", `0.0000000000000000000000001`), raw("1e400", `1e400`), raw("-1e400", `-1e400`),
			deep("1e-400", `1e-400`), deep("a 100,000-digit number", strings.Repeat("9", 100_000)))
		out = append(out, numberBounds(s)...)
	case s.Type.Is(openapi3.TypeBoolean):
		out = append(out, raw("a string", `"true"`), raw("a number", `1`))
	case s.Type.Is(openapi3.TypeArray):
		out = append(out, raw("an object", `{}`), raw("a string", `"walk"`))
		if s.MaxItems != nil {
			out = append(out, raw("one item too many", "["+strings.TrimSuffix(strings.Repeat(`"walk",`, int(*s.MaxItems)+1), ",")+"]"))
		}
		// Without maxItems a huge array reaches the schema validation of every item, and
		// nesting reaches whatever stores free-form items.
		out = append(out,
			breakage{what: "10,001 wrong items", raw: hugeArray(`{"walk":[]}`), deep: s.MaxItems == nil},
			breakage{what: "arrays nested 2,000 deep", raw: nestedArrays(), deep: freeForm(schemaOf(s.Items))},
			raw("null items", `[null,null]`))
	default: // an object, or a free-form value
		// Members an object does not declare are dropped, unless it is free-form.
		open := freeForm(s)
		out = append(out, raw("an array", `[]`), raw("a string", `"walk"`),
			breakage{what: "a member nested 2,000 deep", raw: []byte(`{"walk":` + string(nestedArrays()) + `}`), deep: open},
			breakage{what: "an unknown member of 70,000 characters", raw: []byte(`{"` + strings.Repeat("k", walkLongText) + `":1}`), deep: open},
			breakage{what: "a member of invalid UTF-8", raw: []byte("{\"\xff\xfe\":\"\xff\"}"), deep: open})
	}
	return out
}

func numberBounds(s *openapi3.Schema) []breakage {
	var out []breakage
	if s.Min != nil {
		out = append(out, raw("under its minimum", strconv.FormatFloat(*s.Min-1, 'f', -1, 64)))
	}
	if s.Max != nil {
		out = append(out, raw("over its maximum", strconv.FormatFloat(*s.Max+1, 'f', -1, 64)))
	}
	return out
}

// nestedArrays is an empty array nested walkDeepNesting deep.
func nestedArrays() []byte {
	return []byte(strings.Repeat("[", walkDeepNesting) + strings.Repeat("]", walkDeepNesting))
}

// hugeArray is an array of walkHugeArray copies of element.
func hugeArray(element string) []byte {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i := range walkHugeArray {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString(element)
	}
	buf.WriteByte(']')
	return buf.Bytes()
}

// setAt puts v at path in doc (decoded JSON), making the objects and arrays on the way from
// s when doc lacks them.
func (b *walkBuilder) setAt(doc any, s *openapi3.Schema, path []string, v any) any {
	if len(path) == 0 {
		return v
	}
	s = flatten(s)
	head, rest := path[0], path[1:]
	if i, err := strconv.Atoi(head); err == nil {
		arr, _ := doc.([]any)
		var items *openapi3.Schema
		if s != nil {
			items = schemaOf(s.Items)
		}
		for len(arr) <= i {
			arr = append(arr, b.sample(items, "", 0))
		}
		arr[i] = b.setAt(arr[i], items, rest, v)
		return arr
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		obj = map[string]any{}
	}
	var member *openapi3.Schema
	if s != nil {
		if p := s.Properties[head]; p != nil {
			member = p.Value
		}
	}
	cur, present := obj[head]
	if !present && len(rest) > 0 {
		cur = b.sample(member, head, 0)
	}
	obj[head] = b.setAt(cur, member, rest, v)
	return obj
}

// removeAt deletes the member at path from doc.
func removeAt(doc any, path []string) {
	for i, seg := range path {
		last := i == len(path)-1
		switch x := doc.(type) {
		case map[string]any:
			if last {
				delete(x, seg)
				return
			}
			doc = x[seg]
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n >= len(x) {
				return
			}
			doc = x[n]
		default:
			return
		}
	}
}
