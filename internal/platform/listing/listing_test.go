package listing

import (
	"testing"

	"mos/internal/platform/apperr"
)

func ptr[T any](v T) *T { return &v }

var spec = Spec{
	Fields: map[string]string{
		"name":              "t.name",
		"id":                "t.id",
		"createdUtc":        "t.created_utc",
		"paymentTerms.name": "pt.name",
	},
	Default:  "name",
	IDColumn: "t.id",
}

func TestSortFieldMatchesFirstLetterOfEachSegmentCaseInsensitively(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sent    string
		order   string
		invalid bool
	}{
		{"name", "t.name ASC, t.id ASC", false},
		{"Name", "t.name ASC, t.id ASC", false},
		{"NAME", "", true},
		{"createdUtc", "t.created_utc ASC, t.id ASC", false},
		{"CreatedUtc", "t.created_utc ASC, t.id ASC", false},
		{"createdutc", "", true},
		{"paymentTerms.name", "pt.name ASC, t.id ASC", false},
		{"PaymentTerms.Name", "pt.name ASC, t.id ASC", false},
		{"paymentterms.name", "", true},
		{"paymentTerms.id", "", true},
		{"PaymentTerms.Id", "", true},
		{"id", "t.id ASC", false},
		{"Id", "t.id ASC", false},
		{"unknown", "", true},
		{"name.", "", true},
		{"name; DROP TABLE x", "", true},
	}
	for _, c := range cases {
		p, err := Resolve(Request{SortField: ptr(c.sent)}, spec)
		if c.invalid {
			e, ok := apperr.As(err)
			if !ok || e.Kind != apperr.KindInvalid || len(e.Fields["Sort.Field"]) == 0 {
				t.Errorf("%q: want a 400 naming Sort.Field, got %v", c.sent, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: unexpected error %v", c.sent, err)
			continue
		}
		if p.OrderBy != c.order {
			t.Errorf("%q: order %q, want %q", c.sent, p.OrderBy, c.order)
		}
	}
}

func TestUnknownSortFieldMessageNamesTheField(t *testing.T) {
	t.Parallel()
	_, err := Resolve(Request{SortField: ptr("colour")}, spec)
	if err == nil || !contains(err.Error(), "colour") {
		t.Fatalf("error %v does not name the field", err)
	}
}

func TestRefusedSortFieldListsTheSortableFields(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"colour":          `unknown sort field "colour"; sortable fields: createdUtc, id, name, paymentTerms.name`,
		"name.":           `unknown sort field "name."; sortable fields: createdUtc, id, name, paymentTerms.name`,
		"paymentTerms.id": `sort field "paymentTerms.id" names an id and is not sortable; sortable fields: createdUtc, id, name, paymentTerms.name`,
	}
	for sent, want := range cases {
		_, err := Resolve(Request{SortField: ptr(sent)}, spec)
		e, ok := apperr.As(err)
		if !ok || len(e.Fields["Sort.Field"]) != 1 || e.Fields["Sort.Field"][0] != want {
			t.Errorf("%q: got %v, want the Sort.Field message %q", sent, err, want)
		}
	}
}

func TestDefaultOrderSortsWhenSortFieldIsAbsent(t *testing.T) {
	t.Parallel()
	s := spec
	s.DefaultOrder = "(NOT t.primary, pt.name)"
	cases := []struct {
		name  string
		r     Request
		order string
	}{
		{"absent", Request{}, "NOT t.primary ASC, pt.name ASC, t.id ASC"},
		{"Sort.Dir alone reverses it whole", Request{SortDir: ptr("descending")}, "NOT t.primary DESC, pt.name DESC, t.id DESC"},
		{"Sort.Field replaces it", Request{SortField: ptr("name")}, "t.name ASC, t.id ASC"},
	}
	for _, c := range cases {
		p, err := Resolve(c.r, s)
		if err != nil || p.OrderBy != c.order {
			t.Errorf("%s: order %q (%v), want %q", c.name, p.OrderBy, err, c.order)
		}
	}
	// The default order is no property: it cannot be asked for by name.
	if _, err := Resolve(Request{SortField: ptr("primary")}, s); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Fatalf("Sort.Field naming no property: %v", err)
	}
}

func TestSortDirAloneAppliesToDefaultSort(t *testing.T) {
	t.Parallel()
	p, err := Resolve(Request{SortDir: ptr("descending")}, spec)
	if err != nil {
		t.Fatal(err)
	}
	if p.OrderBy != "t.name DESC, t.id DESC" {
		t.Fatalf("order %q", p.OrderBy)
	}
	newest := spec
	newest.Default, newest.DefaultDescending = "createdUtc", true
	p, _ = Resolve(Request{}, newest)
	if p.OrderBy != "t.created_utc DESC, t.id DESC" {
		t.Fatalf("newest-first default order %q", p.OrderBy)
	}
	p, _ = Resolve(Request{SortDir: ptr("ascending")}, newest)
	if p.OrderBy != "t.created_utc ASC, t.id ASC" {
		t.Fatalf("Sort.Dir ascending on a newest-first default: %q", p.OrderBy)
	}
}

func TestTakeDefaultsAndLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		r           Request
		defaultTake int
		limit       int
		offset      int
		field       string
	}{
		{"no paging answers the endpoint default", Request{}, 0, MaxTake, 0, ""},
		{"endpoint default applies without paging", Request{}, 100, 100, 0, ""},
		{"skip alone takes 50", Request{Skip: ptr[int32](10)}, 100, 50, 10, ""},
		{"take alone", Request{Take: ptr[int32](7)}, 0, 7, 0, ""},
		{"take 0 is allowed", Request{Take: ptr[int32](0)}, 0, 0, 0, ""},
		{"take 5000 is allowed", Request{Take: ptr[int32](5000)}, 0, 5000, 0, ""},
		{"take 5001 is refused", Request{Take: ptr[int32](5001)}, 0, 0, 0, "Take"},
		{"negative take is refused", Request{Take: ptr[int32](-1)}, 0, 0, 0, "Take"},
		{"negative skip is refused", Request{Skip: ptr[int32](-1)}, 0, 0, 0, "Skip"},
	}
	for _, c := range cases {
		s := spec
		s.DefaultTake = c.defaultTake
		p, err := Resolve(c.r, s)
		if c.field != "" {
			e, ok := apperr.As(err)
			if !ok || len(e.Fields[c.field]) == 0 {
				t.Errorf("%s: want error on %s, got %v", c.name, c.field, err)
			}
			continue
		}
		if err != nil || p.Limit != c.limit || p.Offset != c.offset {
			t.Errorf("%s: got %+v %v, want limit %d offset %d", c.name, p, err, c.limit, c.offset)
		}
	}
}

func TestUnsortableListRefusesAnySortField(t *testing.T) {
	t.Parallel()
	s := spec
	s.Unsortable = true
	if _, err := Resolve(Request{SortField: ptr("name")}, s); !apperr.IsKind(err, apperr.KindInvalid) {
		t.Fatalf("want 400, got %v", err)
	}
}

func TestEnvelope(t *testing.T) {
	t.Parallel()
	e := NewEnvelope(Page{Limit: 10, Offset: 20}, 35, 10)
	want := Envelope{Page: 3, PageSize: 10, TotalCount: 35, TotalPages: 4, HasPreviousPage: true, HasNextPage: true}
	if e != want {
		t.Fatalf("got %+v want %+v", e, want)
	}
	e = NewEnvelope(Page{Limit: 10, Offset: 30}, 35, 5)
	if e.HasNextPage || e.Page != 4 {
		t.Fatalf("last page: %+v", e)
	}
	e = NewEnvelope(Page{Limit: 0, Offset: 0}, 35, 0)
	if e.Page != 0 || e.TotalPages != 0 || !e.HasNextPage {
		t.Fatalf("take 0: %+v", e)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestRowConstructorsSortByEachMemberInTurn(t *testing.T) {
	t.Parallel()
	cases := []struct{ expr, asc string }{
		{"(a, b)", "a ASC, b ASC"},
		{"(lower(x.last), lower(x.first))", "lower(x.last) ASC, lower(x.first) ASC"},
		{"(lower(coalesce(x, '')), y)", "lower(coalesce(x, '')) ASC, y ASC"},
		{"('a,b', c)", "'a,b' ASC, c ASC"},
		{"(coalesce(x, 'it''s, (odd'), y)", "coalesce(x, 'it''s, (odd') ASC, y ASC"},
		{"(NOT t.primary, (SELECT lower(v.name) FROM v WHERE v.id = t.v), t.v)", "NOT t.primary ASC, (SELECT lower(v.name) FROM v WHERE v.id = t.v) ASC, t.v ASC"},
		// Not row constructors: left whole.
		{"(SELECT lower(v.name) FROM v WHERE v.a = t.a AND v.b = coalesce(t.b, ''))", "(SELECT lower(v.name) FROM v WHERE v.a = t.a AND v.b = coalesce(t.b, '')) ASC"},
		{"(a - coalesce(b, 0))", "(a - coalesce(b, 0)) ASC"},
		{"(a) + (b, c)", "(a) + (b, c) ASC"},
		{"lower(a)", "lower(a) ASC"},
	}
	for _, c := range cases {
		if got := orderTerms(c.expr, " ASC"); got != c.asc {
			t.Errorf("orderTerms(%q) = %q, want %q", c.expr, got, c.asc)
		}
	}
	s := spec
	s.Fields = map[string]string{"lastName": "(lower(t.last), lower(t.first))"}
	s.Default = "lastName"
	s.IDColumn = "(t.a, t.b)"
	p, err := Resolve(Request{SortDir: ptr("descending")}, s)
	if err != nil || p.OrderBy != "lower(t.last) DESC, lower(t.first) DESC, t.a DESC, t.b DESC" {
		t.Fatalf("order %q (%v)", p.OrderBy, err)
	}
}
