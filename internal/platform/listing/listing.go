// Package listing implements the list convention shared by every .../list endpoint:
// Sort.Field / Sort.Dir resolution against a whitelist, Skip/Take defaults and limits,
// and the paged envelope. User text never reaches SQL: fields resolve to fixed expressions.
package listing

import (
	"fmt"
	"slices"
	"strings"

	"mos/internal/platform/apperr"
)

// MaxTake is the largest Take a client may ask for.
const MaxTake = 5000

// PagedDefaultTake is Take when the client sends Skip or Take without Take.
const PagedDefaultTake = 50

// Request is the list query as sent.
type Request struct {
	SortField *string
	SortDir   *string // "ascending" or "descending"
	Skip      *int32
	Take      *int32
}

// Spec describes one list endpoint.
type Spec struct {
	// Fields maps sortable property paths (as in the read shape, e.g. "name",
	// "paymentTerms.name") to SQL expressions.
	Fields map[string]string
	// Default is the property path sorted by when Sort.Field is absent.
	Default string
	// DefaultOrder, when set, is the SQL expression sorted by when Sort.Field is absent, in
	// place of Default's: for a documented order no single property gives (the primary
	// record first, then by a name another area owns). A row constructor "(a, b)" (here or
	// in Fields) sorts by each member in turn; Sort.Dir reverses it as a whole.
	DefaultOrder string
	// DefaultDescending sorts the default field newest/highest first.
	DefaultDescending bool
	// IDColumn breaks ties; it follows the sort direction.
	IDColumn string
	// DefaultTake applies when the client sends neither Skip nor Take; 0 means MaxTake.
	DefaultTake int
	// Unsortable answers 400 to any Sort.Field (lists with a fixed order).
	Unsortable bool
}

// Page is a resolved list request.
type Page struct {
	OrderBy string // SQL, without the ORDER BY keyword
	Limit   int
	Offset  int
}

// Resolve validates r against s.
func Resolve(r Request, s Spec) (Page, error) {
	p := Page{Offset: 0}
	if r.Skip != nil {
		if *r.Skip < 0 {
			return Page{}, apperr.Field("Skip", "must be 0 or more")
		}
		p.Offset = int(*r.Skip)
	}
	switch {
	case r.Take != nil:
		if *r.Take < 0 || *r.Take > MaxTake {
			return Page{}, apperr.Field("Take", "must be between 0 and %d", MaxTake)
		}
		p.Limit = int(*r.Take)
	case r.Skip != nil:
		p.Limit = PagedDefaultTake
	case s.DefaultTake > 0:
		p.Limit = s.DefaultTake
	default:
		p.Limit = MaxTake
	}

	field := s.Default
	desc := s.DefaultDescending
	if r.SortField != nil {
		if s.Unsortable {
			return Page{}, apperr.Field("Sort.Field", "this list has a fixed order and cannot be sorted by %q", *r.SortField)
		}
		f, err := matchField(*r.SortField, s.Fields)
		if err != nil {
			return Page{}, err
		}
		field = f
		desc = false
	}
	if r.SortDir != nil {
		switch *r.SortDir {
		case "ascending":
			desc = false
		case "descending":
			desc = true
		default:
			return Page{}, apperr.Field("Sort.Dir", "%s", apperr.NotOneOf(*r.SortDir, []string{"ascending", "descending"}))
		}
	}
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	expr, ok := s.Fields[field]
	if r.SortField == nil && s.DefaultOrder != "" {
		expr, ok = s.DefaultOrder, true
	}
	if !ok {
		panic(fmt.Sprintf("listing: default sort field %q is not in the field table", field))
	}
	order := orderTerms(expr, dir)
	if s.IDColumn != "" && expr != s.IDColumn {
		order += ", " + orderTerms(s.IDColumn, dir)
	}
	p.OrderBy = order
	return p, nil
}

// orderTerms is the ORDER BY of expr in dir. A row constructor "(a, b)" becomes "a DIR, b
// DIR": the same order as the row value's (members in turn, a NULL member after the others
// ascending and before them descending, as for a row), but one an index on the members can
// serve, where no index serves a row value.
func orderTerms(expr, dir string) string {
	members := rowMembers(expr)
	if members == nil {
		return expr + dir
	}
	for i, m := range members {
		members[i] = strings.TrimSpace(m) + dir
	}
	return strings.Join(members, ", ")
}

// rowMembers splits a row constructor "(a, b, …)" into its members; nil when expr is none: no
// outer parentheses, a parenthesised expression without a comma of its own, or a scalar
// subquery "(SELECT …)". The expressions are the areas' fixed SQL, never client text.
func rowMembers(expr string) []string {
	if len(expr) < 2 || expr[0] != '(' || expr[len(expr)-1] != ')' {
		return nil
	}
	inner := expr[1 : len(expr)-1]
	if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(inner)), "SELECT") {
		return nil
	}
	var members []string
	depth, start, quoted := 0, 0, false
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; {
		case quoted:
			quoted = c != '\''
		case c == '\'':
			quoted = true
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 { // "(a) + (b)": the outer parentheses are not one pair
				return nil
			}
		case c == ',' && depth == 0:
			members = append(members, inner[start:i])
			start = i + 1
		}
	}
	if members == nil {
		return nil
	}
	return append(members, inner[start:])
}

// matchField applies the list convention: a field matches a property by its first letter
// and the first letter after each dot, case-insensitively (the rest must match exactly);
// a dotted field naming an id is not sortable.
func matchField(sent string, fields map[string]string) (string, error) {
	segments := strings.Split(sent, ".")
	for i, seg := range segments {
		if seg == "" {
			return "", refuseSortField(fmt.Sprintf("unknown sort field %q", sent), fields)
		}
		segments[i] = lowerFirst(seg)
	}
	if len(segments) > 1 && segments[len(segments)-1] == "id" {
		return "", refuseSortField(fmt.Sprintf("sort field %q names an id and is not sortable", sent), fields)
	}
	key := strings.Join(segments, ".")
	if _, ok := fields[key]; !ok {
		return "", refuseSortField(fmt.Sprintf("unknown sort field %q", sent), fields)
	}
	return key, nil
}

// refuseSortField is the one way a list refuses a Sort.Field: the reason, then the fields
// the list does sort by, so that a client can correct the request from the answer alone.
func refuseSortField(reason string, fields map[string]string) error {
	return apperr.Field("Sort.Field", "%s; sortable fields: %s", reason, strings.Join(sortableFields(fields), ", "))
}

// sortableFields are the property paths of a field table, alphabetically.
func sortableFields(fields map[string]string) []string {
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func lowerFirst(s string) string {
	return strings.ToLower(s[:1]) + s[1:]
}

// Envelope is the paged envelope's numbers.
type Envelope struct {
	Page            int
	PageSize        int
	TotalCount      int
	TotalPages      int
	HasPreviousPage bool
	HasNextPage     bool
}

// NewEnvelope computes the envelope for a page answered with `returned` rows out of total.
func NewEnvelope(p Page, total, returned int) Envelope {
	e := Envelope{PageSize: p.Limit, TotalCount: total, HasPreviousPage: p.Offset > 0}
	if p.Limit > 0 {
		e.Page = p.Offset/p.Limit + 1
		e.TotalPages = (total + p.Limit - 1) / p.Limit
	}
	e.HasNextPage = p.Offset+returned < total
	return e
}

// Values is an optional list member of a filter body: nil when absent.
func Values[T any](p *[]T) []T {
	if p == nil {
		return nil
	}
	return *p
}
