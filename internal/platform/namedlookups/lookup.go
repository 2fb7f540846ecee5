// Package namedlookups is the one mechanism behind a tenant's named lookups: small records
// that documents name by id (tax rates, shipping methods, refund reason codes). Every named
// lookup has an id, a name (trimmed, 1 to 200 characters, unique case-insensitively among the
// tenant's non-archived records, decided by a unique partial index), an optional description
// (at most 200), an archived flag, its stamps and a version; it is created, read, replaced in
// full and listed by name with a name filter, and documents check that the ids they name are
// usable (the tenant's, not archived).
//
// A resource declares a Lookup over its own write and record types: its table, its extra
// columns with their rules, the unique indexes that name a field, its extra sort fields. The
// SQL is built once from that declaration; Service holds the bodies of create, get, update,
// list and the usable check.
package namedlookups

import (
	"fmt"
	"maps"
	"strings"
	"sync"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/platform/listing"
)

// Limits of the members every named lookup has.
const (
	MaxName        = 200
	MaxDescription = 200
)

// Members points at the members every named lookup has inside a resource's write type.
type Members struct {
	Name        *string
	Description **string
	IsArchived  *bool
}

// Column is one extra column of a resource: its SQL name and the member of a write it holds
// (a pointer into w: what a write stores, where a read puts it).
type Column[W any] struct {
	Name  string
	Field func(w *W) any
}

// Unique is a unique index beyond the name's: a violation answers 400 naming Field, saying
// "a <noun> <Says(w)> already exists".
type Unique[W any] struct {
	Constraint string
	Field      string
	Says       func(w *W) string
}

// Lookup declares one named-lookup resource over its write type W and record type R.
type Lookup[W, R any] struct {
	// Table is the SQL table; its name index is "<Table>_name_key".
	Table string
	// Noun and Plural name a record in messages ("tax rate", "tax rates").
	Noun, Plural string
	// Members points at the shared members of a write.
	Members func(w *W) Members
	// Extra are the resource's own columns, in the order the table declares them.
	Extra []Column[W]
	// Check applies the rules of the extra members, naming each offending field in fields,
	// and answers the write with them normalized (trimmed, blank as none).
	Check func(w W, fields apperr.Fields) W
	// Unique are the unique indexes beyond the name's.
	Unique []Unique[W]
	// Sort are the extra sort fields (API property → SQL expression).
	Sort map[string]string
	// Record builds the stored record.
	Record func(id string, w W, createdUtc, modifiedUtc time.Time) R

	once sync.Once
	sql  statements
}

// Filter narrows a list; empty members apply no clause.
type Filter struct {
	IDs        []string
	Name       *string // case-insensitive substring
	IsArchived *bool
}

type statements struct {
	columns, insert, update, get, byIDs, byIDForShare, listFrom string
	listSpec                                                    listing.Spec
}

// build writes the SQL of l once.
func (l *Lookup[W, R]) build() {
	extra := make([]string, len(l.Extra))
	sets := make([]string, len(l.Extra))
	params := make([]string, len(l.Extra))
	for i, c := range l.Extra {
		extra[i] = c.Name + ", "
		params[i] = fmt.Sprintf("$%d, ", i+4)
		sets[i] = fmt.Sprintf("%s = $%d, ", c.Name, i+4)
	}
	n := len(l.Extra)
	cols := "id, name, " + strings.Join(extra, "") + "description, is_archived, created_utc, modified_utc"
	l.sql = statements{
		columns: cols,
		insert: fmt.Sprintf("INSERT INTO %s (tenant_id, id, name, %sdescription, is_archived) VALUES ($1, $2, $3, %s$%d, $%d)",
			l.Table, strings.Join(extra, ""), strings.Join(params, ""), n+4, n+5),
		update: fmt.Sprintf("UPDATE %s SET name = $3, %sdescription = $%d, is_archived = $%d, modified_utc = now() WHERE tenant_id = $1 AND id = $2 RETURNING id",
			l.Table, strings.Join(sets, ""), n+4, n+5),
		get:          fmt.Sprintf("SELECT %s FROM %s WHERE tenant_id = $1 AND id = $2", cols, l.Table),
		byIDs:        fmt.Sprintf("SELECT %s FROM %s WHERE tenant_id = $1 AND id = ANY($2)", cols, l.Table),
		byIDForShare: fmt.Sprintf("SELECT %s FROM %s WHERE tenant_id = $1 AND id = ANY($2) FOR SHARE", cols, l.Table),
		listFrom:     fmt.Sprintf("SELECT %s FROM %s", cols, l.Table),
	}
	fields := map[string]string{
		"id":          "id",
		"name":        "lower(name)",
		"createdUtc":  "created_utc",
		"modifiedUtc": "modified_utc",
	}
	maps.Copy(fields, l.Sort)
	l.sql.listSpec = listing.Spec{Fields: fields, Default: "name", IDColumn: "id"}
}

// Normalize applies the write rules, naming each offending field: name trimmed to 1..200;
// description trimmed, blank as none, at most 200; then the resource's own rules.
func (l *Lookup[W, R]) Normalize(w W) (W, error) {
	fields := apperr.Fields{}
	m := l.Members(&w)
	*m.Name = fields.Text("name", *m.Name, MaxName)
	*m.Description = fields.OptionalText("description", *m.Description, MaxDescription)
	if l.Check != nil {
		w = l.Check(w, fields)
	}
	return w, fields.Err()
}

// writeErr turns the unique indexes a write can break into 400s naming their field.
func (l *Lookup[W, R]) writeErr(err error, w W) error {
	if err == nil {
		return nil
	}
	if constraint, ok := uniqueViolation(err); ok {
		if constraint == l.Table+"_name_key" {
			return apperr.Field("name", "a %s named %q already exists", l.Noun, *l.Members(&w).Name)
		}
		for _, u := range l.Unique {
			if constraint == u.Constraint {
				return apperr.Field(u.Field, "a %s %s already exists", l.Noun, u.Says(&w))
			}
		}
	}
	return fmt.Errorf("save %s: %w", l.Noun, err)
}

func (l *Lookup[W, R]) notFound(id string) error {
	return apperr.NotFound("%s %s not found", l.Noun, id)
}

// ListFilter is the filter of a list body's members; absent ones apply no clause.
func ListFilter(ids *[]string, name *string, isArchived *bool) Filter {
	f := Filter{Name: name, IsArchived: isArchived}
	if ids != nil {
		f.IDs = *ids
	}
	return f
}
